/** The search's legality test for moves it did not generate (hash move, killers, countermove)
 * must agree with the move generator on every 16-bit code, or the search would play an
 * illegal move from a colliding hash entry. */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position, encodeSetup } from '../../src/rules/position.js';
import { instantiateEngine } from '../../src/engine/wasm.js';
import type { Variant } from '../../src/rules/types.js';

beforeAll(initRules);

const fixtures = readFileSync(new URL('../../../shared/data/perft.tsv', import.meta.url), 'utf8')
  .split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('\t'))
  .map(([variant, , sfen]) => ({ variant: variant as Variant, sfen }))
  // Tsume problems: no king for the attacker, many checks and drops.
  .concat(readFileSync(new URL('../../../shared/data/tsume-dev.tsv', import.meta.url), 'utf8')
    .split('\n').filter((l) => l.trim() && !l.startsWith('#')).slice(0, 40)
    .map((l) => ({ variant: 'shogi' as Variant, sfen: l.split('\t')[0] })));

function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

interface Wasm {
  memory: WebAssembly.Memory;
  setupBuffer(): number;
  movesBuffer(): number;
  load(): number;
  moves(kind: number): number;
  searchIsLegal(code: number): number;
}

describe('isLegalMove', () => {
  it('agrees with generate(LEGAL) on every code', async () => {
    const rand = random(11);
    const instances = new Map<Variant, Wasm>();
    let positions = 0;
    for (const { variant, sfen } of fixtures) {
      let wasm = instances.get(variant);
      if (!wasm) {
        wasm = (await instantiateEngine(variant)) as unknown as Wasm;
        instances.set(variant, wasm);
      }
      const parsed = Position.fromSfen(sfen, variant);
      if (!parsed.ok) continue;
      const pos = parsed.value;
      for (let ply = 0; ply < 12; ply++) {
        new Uint8Array(wasm.memory.buffer, wasm.setupBuffer(), 128).set(encodeSetup(pos.setup()));
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
