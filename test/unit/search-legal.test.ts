/** The search's legality test for moves it did not generate (hash move, killers, countermove)
 * must agree with the move generator on every 16-bit code, or the search would play an
 * illegal move from a colliding hash entry. */
import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position, encodeSetup, writeSetup } from '../../src/rules/position.js';
import type { EngineExports } from '../../src/engine/wasm.js';
import type { Variant } from '../../src/rules/types.js';
import { random } from '../support/random-records.js';
import { instancePerVariant, sharedRows } from '../support/shared-data.js';

beforeAll(initRules);

const fixtures = sharedRows('perft.tsv').map(([variant, , sfen]) => ({ variant: variant as Variant, sfen }))
  // Tsume problems: no king for the attacker, many checks and drops.
  .concat(sharedRows('tsume-dev.tsv').slice(0, 40).map(([sfen]) => ({ variant: 'shogi' as Variant, sfen })));

type Wasm = EngineExports & { movesBuffer(): number; moves(kind: number): number; searchIsLegal(code: number): number };

describe('isLegalMove', () => {
  it('agrees with generate(LEGAL) on every code', async () => {
    const rand = random(11);
    const instanceFor = instancePerVariant<Wasm>();
    let positions = 0;
    for (const { variant, sfen } of fixtures) {
      const wasm = await instanceFor(variant);
      const parsed = Position.fromSfen(sfen, variant);
      if (!parsed.ok) continue;
      const pos = parsed.value;
      for (let ply = 0; ply < 12; ply++) {
        writeSetup(wasm, encodeSetup(pos.setup()));
        if (wasm.load() !== 0) break;
        const count = wasm.moves(2);
        const legal = new Set(new Uint32Array(wasm.memory.buffer, wasm.movesBuffer(), count));
        const wrong: number[] = [];
        for (let code = 0; code < 0x10000; code++) {
          if ((wasm.searchIsLegal(code) === 1) !== legal.has(code)) wrong.push(code);
        }
        expect(wrong, `${variant} ${pos.sfen()}`).toEqual([]);
        positions++;
        const moves = pos.legalMoves();
        if (moves.length === 0) break;
        pos.play(moves[Math.floor(rand() * moves.length)]);
      }
    }
    expect(positions).toBeGreaterThan(300);
  }, 120_000);
});
