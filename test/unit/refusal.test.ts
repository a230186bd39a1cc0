// Why a move tried on the board is refused: each rule by name, from the rules core's own refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position } from '../../src/rules/position.js';
import { whyRefused, type Attempt } from '../../src/rules/refusal.js';
import { parseSquare } from '../../src/notation/square.js';
import { DIMENSIONS, START_SFEN } from '../../src/rules/types.js';

beforeAll(initRules);

function why(sfen: string, tried: { from?: string; drop?: Attempt['drop']; to?: string }): string {
  const pos = Position.fromSfen(sfen);
  if (!pos.ok) throw new Error(pos.error.message);
  const square = (name: string) => {
    const sq = parseSquare(name, DIMENSIONS[pos.value.variant]);
    if (sq === undefined) throw new Error(name);
    return sq;
  };
  const before = pos.value.sfen();
  const text = whyRefused(pos.value, {
    from: tried.from === undefined ? undefined : square(tried.from), drop: tried.drop, to: tried.to === undefined ? undefined : square(tried.to),
  });
  expect(pos.value.sfen()).toBe(before);
  return text;
}

describe('whyRefused', () => {
  it('names the rule a drop breaks', () => {
    expect(why('lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1', { drop: 'pawn', to: '5e' })).toMatch(/nifu/);
    expect(why('l1sgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b N 1', { drop: 'knight', to: '1b' })).toMatch(/knight on 1b could never move/);
    expect(why('3pkp3/9/4G4/9/9/9/9/9/4K4 b P 1', { drop: 'pawn', to: '5b' })).toMatch(/uchifuzume/);
    expect(why('4k4/9/9/9/9/9/9/9/4K4 b G 1', { drop: 'pawn', to: '5e' })).toBe('Sente has no pawn in hand.');
  });

  it('names a king left in check, a pin, and a movement the piece does not have', () => {
    expect(why('4k4/9/9/9/4r4/9/4S4/9/4K4 b - 1', { from: '5g', to: '4f' })).toBe('Moving the silver would leave your king in check.');
    expect(why('4k4/9/9/9/4r4/9/9/9/4K4 b G 1', { from: '5i', to: '5h' })).toBe('The king would be in check on 5h.');
    expect(why('4k4/9/9/9/4r4/9/9/9/4K4 b G 1', { drop: 'gold', to: '1a' })).toMatch(/in check, and this move does not answer it/);
    expect(why(START_SFEN.shogi, { from: '7g', to: '7e' })).toBe('The pawn on 7g cannot move to 7e.');
    expect(why(START_SFEN.shogi, { from: '2h', to: '2c' })).toBe('The rook on 2h cannot move to 2c.');
  });

  it('says why a piece picked up has no move at all', () => {
    expect(why('k8/9/9/4r4/9/9/4B4/9/4K4 b - 1', { from: '5g' })).toBe('The bishop on 5g is pinned: any move of it would leave your king in check.');
    expect(why('4k4/9/9/9/4r4/9/9/9/4K1P2 b - 1', { from: '3i' })).toBe('Your king is in check, and the pawn on 3i cannot answer it.');
    expect(why(START_SFEN.shogi, { from: '2i' })).toBe('The knight on 2i has nowhere to go.');
  });

  it('speaks of the variant\'s pieces', () => {
    expect(why(START_SFEN.dobutsu, { from: '2c', to: '2a' })).toBe('The chick on 2c cannot move to 2a.');
    // A chick reaching the far rank must become a hen: its plain move there is refused as such.
    expect(why('1k1/P2/3/2K b - 1', { from: '3b', to: '3a' })).toBe('The chick must promote on 3a.');
  });
});
