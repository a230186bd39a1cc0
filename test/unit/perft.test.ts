import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position } from '../../src/rules/position.js';
import type { Variant } from '../../src/rules/types.js';
import { sharedRows } from '../support/shared-data.js';

// Deeper counts (2 million leaves and more) run in `npm run bench -- perft`.
const LIMIT = 2_000_000;
const rows = sharedRows('perft.tsv')
  .map(([variant, name, sfen, counts]) => ({ variant: variant as Variant, name, sfen, counts: counts.split(',').map(Number) }));

beforeAll(initRules);

describe('perft matches the reference counts', () => {
  it('covers all three variants', () => {
    expect(new Set(rows.map((r) => r.variant))).toEqual(new Set(['shogi', 'minishogi', 'dobutsu']));
  });
  for (const { variant, name, sfen, counts } of rows) {
    it(`${variant} ${name}`, () => {
      const pos = Position.fromSfen(sfen, variant);
      expect(pos.ok, pos.ok ? '' : pos.error.message).toBe(true);
      if (!pos.ok) return;
      const depths = counts.filter((n) => n < LIMIT).length;
      expect(depths).toBeGreaterThan(0);
      for (let d = 1; d <= depths; d++) expect(pos.value.perft(d), `depth ${d}`).toBe(counts[d - 1]);
      expect(pos.value.sfen()).toBe(sfen);
    });
  }
});
