import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position } from '../../src/rules/position.js';
import { START_SFEN, type Variant } from '../../src/rules/types.js';
import { parseSfen } from '../../src/notation/sfen.js';
import { LONG_RECORD_SFEN, longRecord } from '../support/long-record.js';

beforeAll(initRules);

function pos(sfen: string, variant?: Variant): Position {
  const r = Position.fromSfen(sfen, variant);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
function refusal(sfen: string, variant?: Variant): string {
  const r = Position.fromSfen(sfen, variant);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error.message;
}
function playAll(p: Position, moves: string): Position {
  for (const m of moves.split(' ')) {
    const r = m === 'pass' ? p.pass() : p.play(m);
    if (!r.ok) throw new Error(`${m}: ${r.error.message}`);
  }
  return p;
}
const drops = (p: Position, letter: string) => p.legalUsi().filter((m) => m.startsWith(`${letter}*`));

describe('drops', () => {
  it('refuses a pawn drop that mates (uchifuzume)', () => {
    const p = pos('7lk/7p1/9/7N1/9/9/9/9/4K4 b P2r2b4g4s3n3l16p 1');
    expect(p.legalUsi()).not.toContain('P*1b');
    const r = p.play('P*1b');
    expect(r.ok).toBe(false);
    expect(p.sfen()).toBe('7lk/7p1/9/7N1/9/9/9/9/4K4 b P2r2b4g4s3n3l16p 1');
  });
  it('allows the same mate by a lance drop', () => {
    const p = pos('7lk/7p1/9/7N1/9/9/9/9/4K4 b L2r2b4g4s3n2l17p 1');
    expect(p.legalUsi()).toContain('L*1b');
    playAll(p, 'L*1b');
    expect(p.outcome()).toEqual({ winner: 'sente', reason: 'checkmate' });
  });
  it('allows a pawn drop that checks without mating', () => {
    const p = pos('4k4/9/9/9/9/9/9/9/4K4 b P2r2b4g4s4n4l17p 1');
    playAll(p, 'P*5b');
    expect(p.isCheck()).toBe(true);
    expect(p.legalUsi()).toContain('5a5b');
  });
  it('allows a pawn drop mate when the king could take the pawn but it is defended by nothing else: no, the king takes', () => {
    // The checking pawn can be taken by the king: not mate, so legal.
    const p = pos('8k/9/9/9/9/9/9/9/K8 b P2r2b4g4s4n4l17p 1');
    expect(p.legalUsi()).toContain('P*1b');
  });
  it('refuses nifu, but a tokin on the file does not count', () => {
    const nifu = pos('4k4/9/4P4/9/9/9/9/9/4K4 b P2r2b4g4s4n4l16p 1');
    expect(drops(nifu, 'P').filter((m) => m[2] === '5')).toEqual([]);
    expect(drops(nifu, 'P')).toContain('P*4e');
    const tokin = pos('4k4/9/4+P4/9/9/9/9/9/4K4 b P2r2b4g4s4n4l16p 1');
    expect(drops(tokin, 'P')).toContain('P*5e');
  });
  it('never drops a piece where it could not move', () => {
    const p = pos('4k4/9/9/9/9/9/9/9/4K4 b PLN2r2b4g4s3n3l17p 1');
    expect(drops(p, 'P').some((m) => m.endsWith('a'))).toBe(false);
    expect(drops(p, 'L').some((m) => m.endsWith('a'))).toBe(false);
    expect(drops(p, 'N').some((m) => m.endsWith('a') || m.endsWith('b'))).toBe(false);
    expect(drops(p, 'N')).toContain('N*5c');
    const g = pos('4k4/9/9/9/9/9/9/9/4K4 w 2R2B4G4S3N3L17Ppln 1');
    expect(drops(g, 'P').some((m) => m.endsWith('i'))).toBe(false);
    expect(drops(g, 'N').some((m) => m.endsWith('h') || m.endsWith('i'))).toBe(false);
    expect(drops(g, 'N')).toContain('N*1g');
  });
});

describe('promotion', () => {
  it('is mandatory for pawn and lance on the last rank and knight on the last two', () => {
    const p = pos('4k4/P8/L8/1N7/9/9/9/9/4K4 b - 1');
    const moves = p.legalUsi();
    expect(moves).toContain('9b9a+');
    expect(moves).not.toContain('9b9a');
    expect(moves).toContain('8d7b+');
    expect(moves).not.toContain('8d7b');
  });
  it('is optional entering, leaving and inside the zone, for bishop and rook too', () => {
    const p = pos('4k4/9/6S2/9/9/1B7/9/7R1/4K4 b - 1');
    const moves = p.legalUsi();
    for (const m of ['3c4d', '3c4d+', '3c3b', '3c3b+', '8f4b', '8f4b+', '2h2c', '2h2c+']) expect(moves).toContain(m);
    expect(moves).not.toContain('8f7e+');
    expect(moves).not.toContain('2h2d+');
  });
  it('promotes a gote pawn entering ranks g-i', () => {
    const p = pos('4k4/9/9/9/9/4p4/9/9/K8 w - 1');
    expect(p.legalUsi()).toEqual(expect.arrayContaining(['5f5g', '5f5g+']));
  });
});

describe('king safety', () => {
  it('keeps a pinned silver on its line', () => {
    const p = pos('4k4/9/9/9/4r4/9/9/4S4/4K4 b - 1');
    expect(p.legalUsi().sort()).toEqual(['5h5g', '5i4h', '5i4i', '5i6h', '5i6i']);
  });
  it('never lets the king step into an attacked square, nor along the checking line', () => {
    const p = pos('4k4/9/9/9/4r4/9/9/9/4K4 b - 1');
    expect(p.isCheck()).toBe(true);
    expect(p.legalUsi().sort()).toEqual(['5i4h', '5i4i', '5i6h', '5i6i']);
    const q = pos('3rk4/9/9/9/9/9/9/9/4K4 b - 1');
    expect(q.legalUsi()).not.toContain('5i6i');
    expect(q.legalUsi()).not.toContain('5i6h');
  });
  it('answers a distant check with interposing drops', () => {
    const p = pos('4k4/9/9/9/4r4/9/9/9/4K4 b G 1');
    const moves = p.legalUsi();
    for (const m of ['G*5f', 'G*5g', 'G*5h']) expect(moves).toContain(m);
    expect(moves.filter((m) => m.startsWith('G*'))).toHaveLength(3);
  });
  it('allows only king moves in double check', () => {
    const p = pos('4k4/9/9/9/4r3b/9/9/9/4K4 b G 1');
    expect(p.isCheck()).toBe(true);
    expect(p.legalUsi().every((m) => m.startsWith('5i'))).toBe(true);
  });
  it('finds discovered checks among the checking moves', () => {
    const p = pos('4k4/9/9/9/9/9/4S4/4R4/K8 b - 1');
    const checks = p.legalMoves('checks');
    expect(checks.length).toBeGreaterThan(0);
    for (const move of checks) {
      const q = p.clone();
      expect(q.play(move).ok).toBe(true);
      expect(q.isCheck()).toBe(true);
    }
    // The silver uncovers the rook by every move but 5g5f.
    expect(p.legalUsi().filter((m) => m.startsWith('5g'))).toHaveLength(5);
    expect(checks).toHaveLength(4);
  });
  it('splits legal moves into captures and quiets', () => {
    const p = pos('l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1');
    const all = p.legalMoves().length;
    expect(p.legalMoves('captures').length + p.legalMoves('quiets').length).toBe(all);
    expect(all).toBe(207);
  });
});

describe('outcome', () => {
  it('checkmate', () => {
    const p = pos('4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1');
    expect(p.outcome()).toEqual({ winner: 'sente', reason: 'checkmate' });
    expect(p.legalMoves()).toEqual([]);
  });
  it('no legal move without check loses', () => {
    const p = pos('4k2r1/9/9/9/9/9/9/r8/8K b - 1');
    expect(p.isCheck()).toBe(false);
    expect(p.outcome()).toEqual({ winner: 'gote', reason: 'no-moves' });
  });
  it('the fourth repetition is a draw', () => {
    const p = pos(START_SFEN.shogi);
    playAll(p, '5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i');
    expect(p.outcome()).toBeUndefined();
    playAll(p, '5b5a');
    expect(p.outcome()).toEqual({ reason: 'repetition' });
    expect(p.play('5i5h').ok).toBe(false);
    p.undo();
    expect(p.outcome()).toBeUndefined();
  });
  it('a position repeated across passes is a repetition, as without them', () => {
    // A pass was set up afresh from the board after it (USI's position command), which dropped
    // the moves before it: here the start came back four times and the game went on.
    const p = pos(START_SFEN.shogi);
    playAll(p, '5i5h pass 5h5i pass 5i5h pass 5h5i pass 5i5h pass 5h5i');
    expect(p.outcome()).toBeUndefined();
    const before = p.hash();
    playAll(p, 'pass');
    expect(p.hash()).not.toBe(before); // the side to move is in the key
    expect(p.sfen()).toBe(`${START_SFEN.shogi.slice(0, -2)} 13`);
    expect(p.outcome()).toEqual({ reason: 'repetition' });
    expect(p.play('5i5h').ok).toBe(false);
    expect(p.pass()).toEqual({ ok: false, error: { code: 'game-over', message: 'pass: the game is over (repetition)' } });
    p.undo();
    expect(p.outcome()).toBeUndefined();
    expect(p.hash()).toBe(before);
  });
  it('a pass: refused in check, taken back by undo, left out of the history, replayed', () => {
    const checked = pos('4k4/9/9/9/9/9/9/4r4/4K4 b - 1');
    expect(checked.pass()).toEqual({ ok: false, error: { code: 'illegal-move', message: 'sente is in check and cannot pass' } });
    const p = playAll(pos(START_SFEN.shogi), '7g7f pass');
    expect(p.sfen()).toBe('lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');
    expect(p.history).toEqual(playAll(pos(START_SFEN.shogi), '7g7f').history);
    // Another position takes the instance; this one is played again from its record, pass and all.
    playAll(pos(START_SFEN.shogi), '3g3f');
    expect(playAll(p, '2g2f').sfen()).toBe('lnsgkgsnl/1r5b1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4');
    p.undo();
    p.undo();
    expect(p.sfen()).toBe('lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
  });
  it('perpetual check loses for the checking side', () => {
    const p = pos('9/8k/R8/9/9/9/9/9/K8 b - 1');
    playAll(p, '9c9b 1b1a 9b9a 1a1b 9a9b 1b1a 9b9a 1a1b 9a9b 1b1a 9b9a 1a1b');
    expect(p.outcome()).toBeUndefined();
    // The position after 9c9b (gote to move) now appears for the fourth time.
    playAll(p, '9a9b');
    expect(p.outcome()).toEqual({ winner: 'gote', reason: 'perpetual-check' });
  });
  it('minishogi: a plain fourth repetition loses for sente', () => {
    const p = pos(START_SFEN.minishogi);
    playAll(p, '5e4d 1a2b 4d5e 2b1a 5e4d 1a2b 4d5e 2b1a 5e4d 1a2b 4d5e 2b1a');
    expect(p.outcome()).toEqual({ winner: 'gote', reason: 'repetition' });
  });
  it('declaration by the 27-point rule, and its refusals', () => {
    const short = pos('SGSGKGSGS/1R5B1/PPPPPPPPP/9/9/9/9/9/4k4 b - 1');
    const r = short.declare();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/27 points; 28 are needed/);
    const enough = pos('SGSGKGSGS/1R5B1/PPPPPPPPP/9/9/9/9/9/4k4 b P 1');
    expect(enough.declare()).toEqual({ ok: true, value: { winner: 'sente', reason: 'declaration' } });
    // A game already drawn by repetition stays drawn: a declaration then is refused.
    const drawn = pos('RBGGKGGBR/1S5S1/9/9/9/9/9/9/4k4 b 2P 1');
    playAll(drawn, '5a5b 5i5h 5b5a 5h5i 5a5b 5i5h 5b5a 5h5i 5a5b 5i5h 5b5a 5h5i');
    expect(drawn.outcome()).toEqual({ reason: 'repetition' });
    const late = drawn.declare();
    expect(late.ok || late.error.message).toBe('the game is over (repetition)');
    expect(drawn.outcome()).toEqual({ reason: 'repetition' });
    expect(enough.outcome()).toEqual({ winner: 'sente', reason: 'declaration' });
    const outside = pos(START_SFEN.shogi).declare();
    expect(!outside.ok && outside.error.message).toMatch(/not in the enemy camp/);
    const few = pos('4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4S4N4L18P 1').declare();
    expect(!few.ok && few.error.message).toMatch(/0 pieces besides the king/);
    const mini = pos(START_SFEN.minishogi).declare();
    expect(!mini.ok && mini.error.message).toMatch(/no impasse/);
  });
  it('the 24-point rule for an agreed deadlock', () => {
    expect(pos(START_SFEN.shogi).adjudicateImpasse()).toEqual({ reason: 'impasse' });
    expect(pos('4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1').adjudicateImpasse()).toEqual({ winner: 'gote', reason: 'impasse' });
    expect(pos(START_SFEN.shogi).impassePoints('sente')).toBe(27);
  });
  it('the 24-point rule counts the pieces a handicap left out as gote\'s (上手\'s)', () => {
    // The JSA counts a handicap game as if 上手 still held the pieces he gave up: before, the
    // bishop-handicap start (gote 22 points on the board) was a win for sente.
    expect(pos('lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1').adjudicateImpasse()).toEqual({ reason: 'impasse' });
    expect(pos('lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1').adjudicateImpasse()).toEqual({ reason: 'impasse' });
    // Gote 19 on the board and 5 given up: 24, a draw; one pawn fewer, 23, and gote loses.
    expect(pos('lnsgkgsnl/1r7/pppppp3/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3P 1').adjudicateImpasse()).toEqual({ reason: 'impasse' });
    expect(pos('lnsgkgsnl/1r7/ppppp4/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 4P 1').adjudicateImpasse()).toEqual({ winner: 'sente', reason: 'impasse' });
  });
});

describe('long records', () => {
  it('holds 8,000 plies, keeping room for a search above them, and refuses one more with the reason', () => {
    // Before, a record could fill all 8,192 plies of the history, and a search on top of it
    // wrote past its end (the USI engine then trapped: "engine aborted"); the move that found
    // the history full was refused as illegal.
    const p = playAll(pos(LONG_RECORD_SFEN), longRecord(8000).join(' '));
    const next = longRecord(8001)[8000];
    expect(p.legalUsi()).toContain(next);
    const refused = p.play(next);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toEqual({ code: 'record-full', message: `${next}: a record holds at most 8000 plies` });
  });
});

describe('dobutsu', () => {
  it('the start has four moves', () => {
    expect(pos(START_SFEN.dobutsu).legalUsi().sort()).toEqual(['1d1c', '2c2b', '2d1c', '2d3c']);
  });
  it('a lion may walk into capture, and taking the lion wins', () => {
    const p = pos('3/1Kb/k2/3 b - 1');
    expect(p.legalUsi()).toContain('2b2c');
    playAll(p, '2b2c 1b2c');
    expect(p.outcome()).toEqual({ winner: 'gote', reason: 'lion-captured' });
    expect(p.legalMoves()).toEqual([]);
    // The position that capture left reads back from its SFEN, the game over.
    const after = pos(p.sfen());
    expect(after.outcome()).toEqual({ winner: 'gote', reason: 'lion-captured' });
    expect(after.legalMoves()).toEqual([]);
  });
  it('a lion reaching the far rank unattacked wins (try); an attacked one does not', () => {
    const safe = pos('3/1K1/k2/3 b - 1');
    playAll(safe, '2b2a');
    expect(safe.outcome()).toEqual({ winner: 'sente', reason: 'try' });
    const attacked = pos('3/1Kb/k2/3 b - 1');
    playAll(attacked, '2b2a');
    expect(attacked.outcome()).toBeUndefined();
    // A try's position reads back from its SFEN as over; a lion the opponent can still take does not.
    expect(pos(safe.sfen()).outcome()).toEqual({ winner: 'sente', reason: 'try' });
    expect(pos(safe.sfen()).legalMoves()).toEqual([]);
    expect(pos('1K1/3/k2/3 w - 2').outcome()).toEqual({ winner: 'sente', reason: 'try' });
    expect(pos('1K1/k2/3/3 w - 2').outcome()).toBeUndefined();
  });
  it('a chick promotes on the far rank, returns to hand as a chick, and drops anywhere', () => {
    const p = pos('k2/1P1/3/2K w - 1');
    playAll(p, '3a3b');
    expect(p.legalUsi()).toContain('2b2a+');
    expect(p.legalUsi()).not.toContain('2b2a');
    playAll(p, '2b2a+');
    expect(p.sfen()).toBe('1+P1/k2/3/2K w - 3');
    playAll(p, '3b2a');
    expect(p.sfen()).toBe('1k1/3/3/2K b p 4');
    playAll(p, '1d2d');
    expect(p.legalUsi()).toContain('P*1d');
  });
  it('a third repetition is a draw, as the rules of dobutsu count it', () => {
    const p = pos(START_SFEN.dobutsu);
    playAll(p, '1d1c 3a3b 1c1d 3b3a 1d1c 3a3b 1c1d');
    expect(p.outcome()).toBeUndefined();
    playAll(p, '3b3a');
    expect(p.outcome()).toEqual({ reason: 'repetition' });
  });
});

describe('validation refuses impossible positions', () => {
  it('names the problem', () => {
    expect(refusal('4k4/9/9/9/9/9/9/9/3KK4 b - 1')).toMatch(/sente has two kings/);
    expect(refusal('4k4/9/4P4/9/4P4/9/9/9/4K4 b - 1')).toMatch(/nifu/);
    expect(refusal('P3k4/9/9/9/9/9/9/9/4K4 b - 1')).toMatch(/sente pawn on 9a could never move/);
    expect(refusal('4k4/1N7/9/9/9/9/9/9/4K4 b - 1')).toMatch(/knight on 8b could never move/);
    expect(refusal('4k4/9/9/9/9/9/9/9/4K3r w - 1')).toMatch(/sente is in check but it is gote to move/);
    expect(refusal('4k4/9/9/9/9/9/9/9/4K4 b 18P2p 1')).toMatch(/more pawns than/);
    expect(refusal('9/9/9/9/9/9/9/9/9 b - 1')).toMatch(/^neither side has a king/);
    expect(refusal('3/1K1/3/3 b - 1')).toMatch(/gote has no lion/);
    expect(refusal('rbsgk/4p/5/P4/KGSBL b - 1', 'minishogi')).toMatch(/minishogi has no lance/);
  });
  it('accepts a tsume position without the attacker king, whichever side is to move', () => {
    expect(Position.fromSfen('4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l16p 1').ok).toBe(true);
    // The defender to move, as every other position of a solution is (an SFEN copied from one).
    const reply = Position.fromSfen('4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l16p 2');
    expect(reply.ok && reply.value.outcome()?.reason).toBe('checkmate');
    expect(Position.fromSfen('9/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1').ok).toBe(true);
  });
  it('keeps a position usable after another one was refused', () => {
    const p = pos(START_SFEN.shogi);
    playAll(p, '7g7f');
    refusal('4k4/9/9/9/9/9/9/9/3KK4 b - 1');
    expect(p.sfen()).toBe('lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
    expect(p.legalMoves()).toHaveLength(30);
  });
});

describe('positions side by side, undo and hashing', () => {
  it('lets several positions of one variant coexist', () => {
    const a = pos(START_SFEN.shogi);
    const b = pos(START_SFEN.shogi);
    playAll(a, '7g7f 3c3d 8h2b+');
    expect(b.legalMoves()).toHaveLength(30);
    expect(a.sfen()).toBe('lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4');
    expect(a.clone().sfen()).toBe(a.sfen());
  });
  it('undo restores the position and its hash exactly', () => {
    const p = pos(START_SFEN.shogi);
    const before = [p.sfen(), p.hash()];
    playAll(p, '7g7f 3c3d 8h2b+ 3a2b B*4e 2b3c 4e3d');
    for (let i = 0; i < 7; i++) expect(p.undo()).toBe(true);
    expect(p.undo()).toBe(false);
    expect([p.sfen(), p.hash()]).toEqual(before);
  });
  it('hashes transpositions alike and the side to move apart', () => {
    const a = playAll(pos(START_SFEN.shogi), '7g7f 3c3d 2g2f');
    const b = playAll(pos(START_SFEN.shogi), '2g2f 3c3d 7g7f');
    expect(a.hash()).toBe(b.hash());
    const c = pos('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
    expect(c.hash()).not.toBe(pos(START_SFEN.shogi).hash());
  });
  it('refuses an illegal move with a reason and keeps the position', () => {
    const p = pos(START_SFEN.shogi);
    const r = p.play('7g7e');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/7g7e is not a legal move/);
    const bad = p.play('7z7f');
    expect(bad.ok).toBe(false);
    expect(p.sfen()).toBe(START_SFEN.shogi);
  });
});

describe('fromSetup refuses data no position holds', () => {
  it('names counts out of range, squares beyond the board and a move number below 1', async () => {
    await initRules();
    const setup = () => { const s = parseSfen(START_SFEN.shogi); if (!s.ok) throw new Error(s.error.message); return s.value; };
    const refusal = (change: (s: ReturnType<typeof setup>) => void) => { const s = setup(); change(s); const r = Position.fromSetup(s); return r.ok ? 'accepted' : r.error.message; };
    expect(refusal((s) => { s.hands.sente.pawn = 256; })).toBe("sente's hand: 256 is not a count of pawns");
    expect(refusal((s) => { s.hands.gote.gold = 1.5; })).toBe("gote's hand: 1.5 is not a count of golds");
    expect(refusal((s) => { s.moveNumber = 0; })).toBe('the move number must be a whole number from 1, got 0');
    expect(refusal((s) => { s.board[81] = { color: 'sente', role: 'pawn' }; })).toMatch(/pieces were given beyond them/);
    expect(refusal(() => undefined)).toBe('accepted');
  });
});
