// The rules facade in a real Chromium: the engine is fetched from build/engine.wasm and every
// answer below comes from the wasm, so this checks the browser half of the loader end to end.

import { initRules, Position } from '../../src/rules/position.js';
import { START_SFEN, type NormalMove, type Variant } from '../../src/rules/types.js';
import { deepEqual, equal, ok } from './assert.js';

function position(sfen: string, variant?: Variant): Position {
  const result = Position.fromSfen(sfen, variant);
  if (!result.ok) throw new Error(`refused ${sfen}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

function playAll(pos: Position, line: string): void {
  for (const usi of line.split(' ')) {
    const result = pos.play(usi);
    ok(result.ok, `${usi} refused in ${pos.sfen()}`);
  }
}

describe('Position in the browser', () => {
  before(async () => {
    await initRules();
  });

  it('loads the engine once, however often it is asked', async () => {
    await Promise.all([initRules(), initRules()]);
    equal(position(START_SFEN.shogi).legalMoves().length, 30);
  });

  it('finds the 30 moves of the shogi start position', () => {
    const pos = position(START_SFEN.shogi);
    equal(pos.sfen(), START_SFEN.shogi);
    const usi = pos.legalUsi();
    equal(usi.length, 30);
    equal(new Set(usi).size, 30);
    ok(usi.includes('7g7f') && usi.includes('2h1h') && usi.includes('9i9h'));
    ok(!usi.includes('7g7e') && !usi.includes('8h7g'));
    equal(pos.isCheck(), false);
    equal(pos.outcome(), undefined);
  });

  it('plays, names squares as documented and undoes', () => {
    const pos = position(START_SFEN.shogi);
    const first = pos.play('7g7f');
    ok(first.ok);
    const move = first.value as NormalMove;
    // sq = (file - 1) * 9 + (rank - 1): 7g = 60, 7f = 59.
    deepEqual([move.from, move.to, move.promotion], [60, 59, false]);
    equal(pos.sfen(), 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');

    playAll(pos, '3c3d');
    equal(pos.sfen(), 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');

    const capture = pos.play('8h2b+');
    ok(capture.ok);
    equal((capture.value as NormalMove).promotion, true);
    equal(pos.sfen(), 'lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4');
    ok(pos.legalUsi().includes('3a2b'), 'the silver may take the horse back');

    ok(pos.undo());
    equal(pos.sfen(), 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');
    ok(pos.undo());
    ok(pos.undo());
    equal(pos.sfen(), START_SFEN.shogi);
    equal(pos.undo(), false);
    equal(pos.legalMoves().length, 30);
  });

  it('refuses illegal and malformed moves without changing the position', () => {
    const pos = position(START_SFEN.shogi);
    for (const usi of ['7g7e', '5i5g', 'P*5e', '8h2b+', 'hello', '']) {
      const result = pos.play(usi);
      equal(result.ok, false, `${JSON.stringify(usi)} was accepted`);
      if (!result.ok) equal(typeof result.error.code, 'string');
      equal(pos.sfen(), START_SFEN.shogi);
    }
  });

  it('refuses a malformed SFEN with a reason', () => {
    for (const sfen of ['', 'not a sfen', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1']) {
      const result = Position.fromSfen(sfen);
      equal(result.ok, false, `${JSON.stringify(sfen)} was accepted`);
      if (!result.ok) ok(result.error.message.length > 0);
    }
  });

  it('sees a checkmate by a gold dropped on the king\'s head', () => {
    const pos = position('4k4/9/4P4/9/9/9/9/9/4K4 b G 1');
    equal(pos.outcome(), undefined);
    playAll(pos, 'G*5b');
    equal(pos.isCheck(), true);
    equal(pos.legalMoves().length, 0);
    deepEqual(pos.outcome(), { winner: 'sente', reason: 'checkmate' });
    ok(pos.undo());
    equal(pos.outcome(), undefined);
  });

  it('refuses a mate by pawn drop but allows one by lance drop', () => {
    const pawn = position('7lk/7p1/9/7N1/9/9/9/9/4K4 b P2r2b4g4s3n3l16p 1');
    ok(!pawn.legalUsi().includes('P*1b'));
    equal(pawn.play('P*1b').ok, false);

    const lance = position('7lk/7p1/9/7N1/9/9/9/9/4K4 b L2r2b4g4s3n2l17p 1');
    ok(lance.legalUsi().includes('L*1b'));
    playAll(lance, 'L*1b');
    deepEqual(lance.outcome(), { winner: 'sente', reason: 'checkmate' });
  });

  it('counts perft in the browser', () => {
    equal(position(START_SFEN.shogi).perft(3), 25470);
  });

  it('plays minishogi, down to a four-move mate of sente', () => {
    const pos = position(START_SFEN.minishogi, 'minishogi');
    equal(pos.legalMoves().length, 14);
    equal(pos.perft(2), 181);
    playAll(pos, '5e4d 5a5d 4d3c 2a3b');
    equal(pos.sfen(), '1bs1k/2g1p/2K2/r4/1GSBR b p 5');
    equal(pos.isCheck(), true);
    equal(pos.legalUsi().length, 0);
    deepEqual(pos.outcome(), { winner: 'gote', reason: 'checkmate' });
  });

  it('plays dobutsu shogi', () => {
    const pos = position(START_SFEN.dobutsu, 'dobutsu');
    deepEqual([...pos.legalUsi()].sort(), ['1d1c', '2c2b', '2d1c', '2d3c']);
    equal(pos.legalMoves().length, 4);
    playAll(pos, '2c2b');
    equal(pos.sfen(), 'rkb/1P1/3/BKR w P 2');
  });
});
