import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position } from '../../src/rules/position.js';
import { formatUsiMove } from '../../src/notation/usi.js';

beforeAll(initRules);

// Positions from the perft and tsume fixtures, then random legal play from each.
const data = (file: string, column: number) =>
  readFileSync(new URL(`../../../shared/data/${file}`, import.meta.url), 'utf8')
    .split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('\t')[column]);
const starts = [...data('perft.tsv', 2), ...data('tsume-dev.tsv', 0).slice(0, 60)];

function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

describe('the checks generator', () => {
  it('yields exactly the legal moves that give check', () => {
    const rand = random(7);
    let compared = 0;
    for (const sfen of starts) {
      const r = Position.fromSfen(sfen);
      if (!r.ok) continue;
      const pos = r.value;
      for (let ply = 0; ply < 24; ply++) {
        const legal = pos.legalMoves();
        if (legal.length === 0) break;
        const usi = (m: Parameters<typeof formatUsiMove>[0]) => formatUsiMove(m, pos.variant);
        const expected = legal.filter((m) => { const q = pos.clone(); q.play(m); return q.isCheck(); }).map(usi).sort();
        expect(pos.legalMoves('checks').map(usi).sort(), pos.sfen()).toEqual(expected);
        compared++;
        pos.play(legal[Math.floor(rand() * legal.length)]);
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
