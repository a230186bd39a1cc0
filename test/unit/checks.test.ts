import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position } from '../../src/rules/position.js';
import { formatUsiMove } from '../../src/notation/usi.js';
import { random } from '../support/random-records.js';
import { sharedRows } from '../support/shared-data.js';

beforeAll(initRules);

// Positions from the perft and tsume fixtures, then random legal play from each.
const starts = [...sharedRows('perft.tsv').map((row) => row[2]), ...sharedRows('tsume-dev.tsv').slice(0, 60).map((row) => row[0])];

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
