// The tsume solver's lines against an exhaustive search written apart from it
// (test/support/tsume-exhaustive.ts), which applies the conventions itself on the rules core's
// legal moves: the line must be one of the shortest mate under the conventions (every check
// mates within what is left, every reply counts and is a longest one), and where it ends with
// pieces in the attacker's hand, no other line of the mate may leave fewer: no longest defence
// (駒余り is a flaw of the defence) and, near the end, no check that mates as soon. Problems: the
// short ones of the reference set and positions made for the rules' edge cases (useless
// interpositions, pins, uchifuzume, non-promotion, both kings on the board).
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineCore } from '../../src/engine/core.js';
import { initRules, Position } from '../../src/rules/position.js';
import { TsumeOracle } from '../support/tsume-exhaustive.js';
import { sharedRows } from '../support/shared-data.js';

beforeAll(initRules);

const engine = new EngineCore('shogi');

/** The solver's line of `sfen` checked by the exhaustive search; returns the oracle's verdicts. */
async function compare(sfen: string, maxPlies: number) {
  const r = await engine.solveMate(sfen, { timeMs: 60_000, memoryMiB: 32 });
  const root = Position.fromSfen(r.sfen);
  if (!root.ok) throw new Error(root.error.message);
  const oracle = new TsumeOracle(root.value);
  if (r.status !== 'mate') return { r, length: oracle.length(root.value.clone(), maxPlies) };
  // The solver's first search, with no budget, takes a drop for useless however long the mate
  // after its capture takes (tsume-dev #47): where the tests within two plies more find no mate
  // of the line's length, the line is checked with tests given four more.
  let lineError = oracle.checkLine(r.moves, r.plies!);
  let judge = oracle;
  if (lineError) {
    judge = new TsumeOracle(root.value, Infinity, 4);
    lineError = judge.checkLine(r.moves, r.plies!);
  }
  const end = root.value.clone();
  for (const m of r.moves) end.play(m);
  const left = judge.inHand(end), fewest = judge.fewestLeft(root.value.clone(), r.plies!);
  return { r, lineError, left, fewest, length: r.plies };
}

describe('tsume solver against an exhaustive search with the conventions', () => {
  it('shows a line of the shortest mate, leaving no piece another line of it avoids, on the short problems of the reference set', async () => {
    let compared = 0;
    for (const [i, [sfen, plies]] of sharedRows('tsume-dev.tsv').entries()) {
      // And three mates in 7 whose lines ended with a piece in hand that another line avoids.
      if (Number(plies) > 5 && ![39, 50, 180].includes(i + 1)) continue;
      const { r, lineError, left, fewest } = await compare(sfen, 7);
      const seen = `#${i + 1}: ${r.status} ${r.plies} ${r.moves.join(' ')}, ${left} left, ${fewest} at least`;
      expect(r.status, seen).toBe('mate');
      expect(lineError, seen).toBeUndefined();
      expect(left, seen).toBe(fewest);
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  }, 600_000);

  it('agrees on the rules edge cases: useless interpositions, pins, uchifuzume, non-promotion, both kings', async () => {
    for (const [sfen, plies] of [
      // Only useless drops answer the rook's check; the defender's pinned pieces guard nothing.
      ['8k/6G2/9/7N1/9/9/9/9/4R4 b - 1', 1],
      ['7pk/9/7K1/5+r3/9/9/9/1B7/R8 b b4g4s4n4l17p 1', 1],
      ['6Snl/5+Rg1k/6pgs/9/9/9/9/9/1B6L b rb2g2s3n2l17p 1', 1],
      ['9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1', 3],
      // A pawn-drop mate is illegal; the lance mates.
      ['7lk/7p1/9/7N1/9/9/9/9/4K4 b P2r2b4g4s3n3l16p 1', undefined],
      ['7lk/7p1/9/7N1/9/9/9/9/4K4 b L2r2b4g4s3n2l17p 1', 1],
      // Only the rook's non-promotion mates in 7.
      ['7R1/6k2/9/5+B3/4R2b1/9/9/9/9 b P 1', 7],
      // Both kings: a mate, and a game position with none.
      ['4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1', 1],
      ['lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', undefined],
    ] as const) {
      // No mate within 5 plies where the solver finds none (7 takes a minute in the game position).
      const { r, lineError, left, fewest, length } = await compare(sfen, 5);
      const seen = `${sfen}: ${r.status} ${r.plies ?? ''} ${r.moves.join(' ')}`;
      expect(length, seen).toBe(plies);
      expect(r.status, seen).toBe(plies === undefined ? 'nomate' : 'mate');
      expect(lineError, seen).toBeUndefined();
      if (r.status === 'mate') expect(left, seen).toBe(fewest);
    }
  }, 600_000);
});
