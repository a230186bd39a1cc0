// Our checks and legal moves against shogiops, a separate implementation of the rules, on
// random walks that mostly check, with both kings on the board: the attacker in check must
// answer it with a check (the long tsume problems with both kings live there).
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveOrDrop } from 'shogiops/types';
import { makeSfen, parseSfen } from 'shogiops/sfen';
import { makeUsi, parseUsi } from 'shogiops/util';
import { initRules, Position } from '../../src/rules/position.js';
import { formatUsiMove } from '../../src/notation/usi.js';
import { random } from '../support/random-records.js';
import { legalMoves as opsLegalMoves } from '../../bench/peers/shogiops.js';

beforeAll(initRules);

const STARTS = [
  'B1gs2+N1g/gP3nS1P/1ppRp2N+P/B4p+pk1/6l2/9/n8/4KLP1L/5PSrs b gl8p 1', // ゴゴノソラ
  '+P1K2+P+n+pr/+l+Ln2n3/+PR7/2L+p+p1k2/3+p1+pp1B/3+P1+p3/3p3n1/pB1P4l/P5+P+p1 b 4g4sp 1', // 無銭旅行
  '3pl3p/1+Pn3pk1/2+p6/4+pG3/1K3p2P/+B5l1+B/+p3pS1+ll/p+p2PN3/3S1+sSPN b 2R2P3gn2p 1', // 木星の旅
  '3k5/9/9/9/9/9/9/9/5K3 b 2R2B4G4S4N4L18P 1',
  '3k5/9/9/9/9/9/9/9/5K3 w 2R2B4G4S4N4L18P 1',
];

describe('move generation against shogiops', () => {
  it('agrees on checks and legal moves along check-heavy walks with both kings', () => {
    const rand = random(11);
    let compared = 0, inCheck = 0;
    while (compared < 1500) {
      const sfen = STARTS[Math.floor(rand() * STARTS.length)];
      const ours = Position.fromSfen(sfen);
      if (!ours.ok) throw new Error(ours.error.message);
      const ops = parseSfen('standard', sfen).unwrap();
      for (let ply = 0; ply < 60 && compared < 1500; ply++) {
        const moves: MoveOrDrop[] = [];
        opsLegalMoves(ops, moves);
        const checks = moves.filter((m) => { const after = ops.clone(); after.play(m); return after.isCheck(); }).map(makeUsi).sort();
        const legal = moves.map(makeUsi).sort();
        const usi = (list: ReturnType<typeof ours.value.legalMoves>) => list.map((m) => formatUsiMove(m, 'shogi')).sort();
        const at = makeSfen(ops);
        expect(usi(ours.value.legalMoves('checks')), `checks at ${at}`).toEqual(checks);
        expect(usi(ours.value.legalMoves()), `legal moves at ${at}`).toEqual(legal);
        compared++;
        if (ops.isCheck()) inCheck++;
        if (legal.length === 0) break;
        const pool = checks.length > 0 && rand() < 0.7 ? checks : legal;
        const move = pool[Math.floor(rand() * pool.length)];
        expect(ours.value.play(move).ok).toBe(true);
        ops.play(parseUsi(move)!);
      }
    }
    expect(inCheck).toBeGreaterThan(300);
  });
});
