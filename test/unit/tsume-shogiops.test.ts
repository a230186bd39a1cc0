// The tsume solver against an exhaustive search on shogiops, a separate implementation of the
// rules (rawMate, the tsume bench's witness), on random small problems: a defending king near
// its edge, a few pieces, a few in hand; some with the attacker's king too, sometimes in check,
// as in the game positions that `go mate` gets. The exhaustive search counts every reply,
// useless interpositions included, so its mate is never shorter than the solver's: a mate it
// finds in fewer plies than the solver's proven length, or where the solver says there is none,
// is a bug. Nor may the solver find a mate shorter than the exhaustive search's with no drop
// counted as a defence, which leaves out more than any convention could. With every
// interposition counted (everyInterposition) the solver reads the rules as the exhaustive search
// does, and the two must agree exactly within its reach.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSfen } from 'shogiops/sfen';
import { parseUsi } from 'shogiops/util';
import type { Position as OpsPosition } from 'shogiops/variant/position';
import { EngineCore } from '../../src/engine/core.js';
import { checkTsumeLine } from '../../src/engine/tsume-line.js';
import type { MateResult } from '../../src/engine/mate-types.js';
import { initRules, Position } from '../../src/rules/position.js';
import { random } from '../support/random-records.js';
import { RULES, rawMate } from '../../bench/peers/shogiops.js';

beforeAll(initRules);

/** The variants' boards and pieces, the plies of the exhaustive search (every reply counted) and
 * how many proven mates and nomates are compared. A wider run, outside CI, sets them from the
 * environment: TSUME_FUZZ_SEED, TSUME_FUZZ_COUNT (mates and nomates each) and
 * TSUME_FUZZ_DEPTH (shogi's plies; minishogi's two more), e.g. 150 each to 5 plies: about 4 min. */
const env = (name: string, fallback: number) => Number(process.env[`TSUME_FUZZ_${name}`] ?? fallback);
const WIDE = process.env.TSUME_FUZZ_COUNT !== undefined;
const VARIANTS = {
  shogi: { size: 9, depth: env('DEPTH', 3), mates: env('COUNT', 25), nomates: env('COUNT', 50), attackers: ['R', 'B', 'G', 'S', 'N', 'L', 'P', '+R', '+B', '+P'], defenders: ['r', 'b', 'g', 's', 'n', 'l', 'p'], hand: ['R', 'B', 'G', 'G', 'S', 'S', 'N', 'L', 'P'] },
  minishogi: { size: 5, depth: env('DEPTH', 3) + 2, mates: env('COUNT', 20), nomates: env('COUNT', 20), attackers: ['R', 'B', 'G', 'S', 'P', '+R', '+B', '+S'], defenders: ['r', 'b', 'g', 's', 'p'], hand: ['R', 'B', 'G', 'S', 'P'] },
} as const;
type Variant = keyof typeof VARIANTS;

/** A random problem: the defender's king on one of its first ranks, two to four attacking pieces
 * near it, up to two defending ones, one to three pieces in the attacker's hand, and now and then
 * the attacker's king, in check or not. */
function randomProblem(rand: () => number, variant: Variant): string | undefined {
  const v = VARIANTS[variant], last = v.size - 1;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const board: string[][] = Array.from({ length: v.size }, () => Array<string>(v.size).fill(''));
  const kingRank = Math.floor(rand() * (v.size === 9 ? 3 : 2));
  board[kingRank][Math.floor(rand() * v.size)] = 'k';
  const place = (piece: string, fromRank: number, toRank: number) => {
    const rank = fromRank + Math.floor(rand() * (toRank - fromRank + 1)), file = Math.floor(rand() * v.size);
    if (!board[rank][file]) board[rank][file] = piece;
  };
  const attackers = 2 + Math.floor(rand() * 3), defenders = Math.floor(rand() * 3);
  for (let i = 0; i < attackers; i++) place(pick(v.attackers), Math.max(0, kingRank - 2), Math.min(last, kingRank + 3));
  for (let i = 0; i < defenders; i++) place(pick(v.defenders), 0, Math.min(last, 3));
  if (rand() < 0.3) {
    // The attacker's king, now and then checked by a rook on its file: a game position where
    // the side to move must answer a check with a check.
    const file = Math.floor(rand() * v.size);
    board[last][file] ||= 'K';
    const rank = last - 2 + Math.floor(rand() * 2);
    if (board[last][file] === 'K' && rand() < 0.7 && !board[rank][file]) board[rank][file] = pick(['r', '+r']);
  }
  const held = new Map<string, number>();
  for (let i = 1 + Math.floor(rand() * 3); i > 0; i--) { const p = pick(v.hand); held.set(p, (held.get(p) ?? 0) + 1); }
  const hand = [...held].map(([p, n]) => (n > 1 ? n : '') + p).join('');
  const rows = board.map((row) => row.map((p) => p || '1').join('').replace(/1+/g, (ones) => String(ones.length)));
  const sfen = `${rows.join('/')} b ${hand} 1`;
  // Not a position: dead pieces, two pawns on a file, too many of a kind, the defender in check.
  if (!Position.fromSfen(sfen).ok || inCheck(sfen.replace(' b ', ' w '), variant)) return undefined;
  return sfen;
}

const opsPosition = (sfen: string, variant: Variant) => parseSfen(RULES[variant], sfen);

/** Whether the side to move stands in check. */
function inCheck(sfen: string, variant: Variant): boolean {
  const pos = opsPosition(sfen, variant);
  return pos.isOk && pos.unwrap().isCheck();
}

/** Plays a solution on the shogiops position `ops`: every move legal, every attacker's move a
 * check. */
function replay(ops: OpsPosition, moves: string[], seen: string) {
  moves.forEach((usi, i) => {
    const move = parseUsi(usi)!;
    expect(ops.isLegal(move), `${seen}: move ${i + 1}`).toBe(true);
    ops.play(move);
    if (i % 2 === 0) expect(ops.isCheck(), `${seen}: move ${i + 1} checks`).toBe(true);
  });
}

/** With every interposition counted the solver's proven length is the exhaustive search's: the
 * same mate within its depth, none within it when longer; and its line is checks that end in a
 * mate with no reply at all. */
function expectStrictAgrees(strict: MateResult, exhaustive: number | undefined, depth: number, variant: Variant) {
  const seen = `${strict.sfen}, every interposition counted: ${strict.status} ${strict.plies ?? ''} ${strict.moves.join(' ')}`;
  expect(exhaustive, seen).toBe(strict.status === 'mate' && strict.plies! <= depth ? strict.plies : undefined);
  if (strict.status !== 'mate') return;
  const ops = opsPosition(strict.sfen, variant).unwrap();
  replay(ops, strict.moves, seen);
  expect(strict.moves, seen).toHaveLength(strict.plies!);
  expect(ops.isCheckmate(), `${seen}: ends in mate`).toBe(true);
}

describe('tsume solver against an exhaustive search on shogiops', () => {
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    it(`never misses a short mate, and its lines are checks that end in mate (${variant})`, async () => {
      const { depth, mates, nomates } = VARIANTS[variant];
      const engine = new EngineCore(variant);
      const rand = random(env('SEED', 2026));
      let provenMates = 0, noMates = 0, shortMates = 0, inCheckRoots = 0, strictMates = 0;
      for (let tries = 0; (provenMates < mates || noMates < nomates || inCheckRoots < 5) && tries < (WIDE ? 100 * mates : 2000); tries++) {
        const problem = randomProblem(rand, variant);
        if (!problem) continue;
        const r = await engine.solveMate(problem, { nodes: 300_000, memoryMiB: 16 });
        if (r.status === 'unknown' || (r.status === 'mate' && !r.shortest)) continue;
        const ops = opsPosition(r.sfen, variant).unwrap();
        if (ops.isCheck()) inCheckRoots++;
        const exhaustive = rawMate(r.sfen, depth, variant)?.length;
        const seen = `${r.sfen}: ${r.status} ${r.plies ?? ''} ${r.moves.join(' ')}`;
        const strict = await engine.solveMate(problem, { nodes: 300_000, memoryMiB: 16, everyInterposition: true });
        if (strict.status !== 'unknown' && (strict.status === 'nomate' || strict.shortest)) {
          expectStrictAgrees(strict, exhaustive, depth, variant);
          if (strict.status === 'mate') strictMates++;
          expect(strict.status, `${seen}; every interposition counted`).toBe(r.status);
          if (r.status === 'mate') expect(r.plies!, `${seen}; every interposition counted: ${strict.plies}`).toBeLessThanOrEqual(strict.plies!);
        }
        if (r.status === 'nomate') {
          expect(exhaustive, seen).toBeUndefined();
          noMates++;
          continue;
        }
        if (exhaustive !== undefined) { expect(r.plies!, seen).toBeLessThanOrEqual(exhaustive); shortMates++; }
        // No convention on useless interpositions leaves out more than every drop, so the mate
        // with no drop counted as a defence is never longer than the solver's.
        const dropless = rawMate(r.sfen, depth, variant, true)?.length;
        if (dropless === undefined) expect(r.plies!, `${seen}; with no drop a defence: none`).toBeGreaterThan(depth);
        else expect(r.plies!, `${seen}; with no drop a defence: ${dropless}`).toBeGreaterThanOrEqual(dropless);
        replay(ops, r.moves, seen);
        // The end may leave only useless interpositions, which shogiops counts as replies.
        expect(checkTsumeLine(r.sfen, r.moves, r.plies!, r.uncounted), seen).toBeUndefined();
        provenMates++;
      }
      // The sample must hold both kinds, mates the exhaustive search reaches, and roots in check.
      expect(provenMates).toBeGreaterThanOrEqual(mates);
      expect(noMates).toBeGreaterThanOrEqual(nomates);
      expect(shortMates).toBeGreaterThan(mates / 4);
      expect(inCheckRoots).toBeGreaterThanOrEqual(5);
      expect(strictMates).toBeGreaterThanOrEqual(mates / 2);
    }, WIDE ? 3_600_000 : 300_000);
  }
});
