/** The evaluation keeps the terms of single pieces incrementally while the search plays its
 * moves (search/eval.ts, makeMove): after every kind of move (drops, captures of promoted pieces,
 * promotions, king moves) the kept sum must equal the sum from scratch, or the search would
 * evaluate positions that do not exist. */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position, encodeSetup } from '../../src/rules/position.js';
import { instantiateEngine } from '../../src/engine/wasm.js';
import type { Variant } from '../../src/rules/types.js';

beforeAll(initRules);

const fixtures = readFileSync(new URL('../../../shared/data/perft.tsv', import.meta.url), 'utf8')
  .split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('\t'))
  .map(([variant, name, sfen]) => ({ variant: variant as Variant, name, sfen }));

interface Wasm {
  memory: WebAssembly.Memory;
  setupBuffer(): number;
  load(): number;
  searchIncrementalErrors(depth: number): number;
}

describe('incremental evaluation', () => {
  it('equals the evaluation from scratch two plies deep from every perft position', async () => {
    const instances = new Map<Variant, Wasm>();
    let positions = 0;
    for (const { variant, name, sfen } of fixtures) {
      let wasm = instances.get(variant);
      if (!wasm) {
        wasm = (await instantiateEngine(variant)) as unknown as Wasm;
        instances.set(variant, wasm);
      }
      const parsed = Position.fromSfen(sfen, variant);
      if (!parsed.ok) continue;
      new Uint8Array(wasm.memory.buffer, wasm.setupBuffer(), 128).set(encodeSetup(parsed.value.setup()));
      if (wasm.load() !== 0) continue;
      expect(wasm.searchIncrementalErrors(2), `${variant} ${name}`).toBe(0);
      positions++;
    }
    expect(positions).toBeGreaterThan(40);
  }, 120_000);
});
