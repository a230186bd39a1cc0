/** The evaluation keeps the terms of single pieces incrementally while the search plays its
 * moves (search/eval.ts, makeMove): after every kind of move (drops, captures of promoted pieces,
 * promotions, king moves) the kept sum must equal the sum from scratch, or the search would
 * evaluate positions that do not exist. */
import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position, encodeSetup, writeSetup } from '../../src/rules/position.js';
import type { EngineExports } from '../../src/engine/wasm.js';
import type { Variant } from '../../src/rules/types.js';
import { instancePerVariant, sharedRows } from '../support/shared-data.js';

beforeAll(initRules);

const fixtures = sharedRows('perft.tsv').map(([variant, name, sfen]) => ({ variant: variant as Variant, name, sfen }));

type Wasm = EngineExports & { searchIncrementalErrors(depth: number): number };

describe('incremental evaluation', () => {
  it('equals the evaluation from scratch two plies deep from every perft position', async () => {
    const instanceFor = instancePerVariant<Wasm>();
    let positions = 0;
    for (const { variant, name, sfen } of fixtures) {
      const wasm = await instanceFor(variant);
      const parsed = Position.fromSfen(sfen, variant);
      if (!parsed.ok) continue;
      writeSetup(wasm, encodeSetup(parsed.value.setup()));
      if (wasm.load() !== 0) continue;
      expect(wasm.searchIncrementalErrors(2), `${variant} ${name}`).toBe(0);
      positions++;
    }
    expect(positions).toBeGreaterThan(40);
  }, 120_000);
});
