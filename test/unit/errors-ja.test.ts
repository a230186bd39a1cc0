// The Japanese of src/'s error messages (web/errors-ja.ts): every message the readers, the rules
// and the solver give is read here through them, and must come out in Japanese, naming what it
// named in English. A message reworded in src/ without its Japanese fails here.

import { beforeAll, describe, expect, it } from 'vitest';
import { EngineCore } from '../../src/engine/core.js';
import { readProblem } from '../../src/engine/mate.js';
import { BodReader } from '../../src/notation/bod.js';
import { parseKi2 } from '../../src/notation/ki2.js';
import { parseKif } from '../../src/notation/kif.js';
import { formatRecord, leftOut, parseRecord } from '../../src/notation/records.js';
import { emptyRecord, type GameRecord, type Special } from '../../src/game/record.js';
import { parseSfen } from '../../src/notation/sfen.js';
import { parseUsiMove } from '../../src/notation/usi.js';
import { initRules, Position } from '../../src/rules/position.js';
import { emptyHand, START_SFEN, type Setup } from '../../src/rules/types.js';
import { RULES, japanese, japaneseError, type Reported } from '../../web/errors-ja.js';
import { recordFromPosition, recordFromUrl } from '../../web/analysis/load.js';
import { readParams } from '../../web/analysis/url.js';

/** The words of the formats themselves, which stay as written (SFEN, CSA's PI, JKF's keys). */
const FORMAT_WORDS = new Set(['SFEN', 'USI', 'CSA', 'JKF', 'JSON', 'KIF', 'KI', 'sfen', 'PI', 'P', 'KEY', 'value', 'OTHER', 'preset', 'color', 'x', 'y', 'maxPlies', 'timeMs', 'MiB']);

/** The English left in a Japanese message, apart from the text it quotes (「…」), JSON it quotes,
 * addresses, USI squares (1a～9i) and the formats' own words. */
function englishIn(ja: string): string[] {
  const rest = ja.replace(/「[^」]*」/g, '').replace(/\{[^}]*\}/g, '').replace(/\w+:\/\/\S+/g, '').replace(/[1-9][a-i]/g, '');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter((word) => !FORMAT_WORDS.has(word));
}

const fail = <T>(result: { ok: true; value: T } | { ok: false; error: Reported }): Reported => {
  if (result.ok) throw new Error('expected an error');
  return result.error;
};
const failed = <T>(result: { ok: true; value: T } | { ok: false; error: string }): Reported => {
  if (result.ok) throw new Error('expected an error');
  return { message: result.error };
};

const KIF = (moves: string) => `手合割：平手\n手数----指手---------消費時間--\n${moves}\n`;
const EMPTY_ROW = ' ・'.repeat(9);
const BOD = (rows: string[], tail: string[] = []) => [
  '後手の持駒：なし', '  ９ ８ ７ ６ ５ ４ ３ ２ １', '+---------------------------+',
  ...rows, '+---------------------------+', '先手の持駒：なし', ...tail,
].join('\n');
const BOARD = ['|v香v桂v銀v金v玉v金v銀v桂v香|一', '| ・v飛 ・ ・ ・ ・ ・v角 ・|二', '|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三',
  `|${EMPTY_ROW}|四`, `|${EMPTY_ROW}|五`, `|${EMPTY_ROW}|六`, '| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七', '| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八', '| 香 桂 銀 金 玉 金 銀 桂 香|九'];
const JKF = (doc: object) => JSON.stringify(doc);
const jkfMove = (move: object) => JKF({ header: {}, moves: [{}, { move }] });
const setup = (sfen: string): Setup => {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
/** A record of 7g7f and the ending `special`. */
function ended(special: Special): GameRecord {
  const record = parseRecord('position startpos moves 7g7f');
  if (!record.ok) throw new Error(record.error.message);
  const [move] = record.value.root.children;
  if (!('children' in move)) throw new Error('no move');
  move.children.push({ special, comments: [] });
  return record.value;
}

/** A record of 7g7f with 2g2f as its variation. */
function withVariation(): GameRecord {
  const record = parseRecord('手合割：平手\n   1 ７六歩(77)\n\n変化：1手\n   1 ２六歩(27)\n');
  if (!record.ok) throw new Error(record.error.message);
  return record.value;
}

/** The error of playing `usi` from `sfen`. */
function played(sfen: string, usi: string): Reported {
  const pos = Position.fromSfen(sfen);
  if (!pos.ok) throw new Error(pos.error.message);
  return fail(pos.value.play(usi));
}
function bod(lines: string[]): Reported {
  const reader = new BodReader();
  for (const [i, line] of lines.entries()) {
    const taken = reader.take(line, i + 1);
    if (typeof taken === 'string') return { message: taken, line: i + 1 };
  }
  const setup = reader.setup();
  if (setup.ok) throw new Error('expected an error');
  return { message: setup.error.message, line: setup.error.row?.lineNumber };
}

/** Every error message of src/ that a page may show, as src/ gives it. */
function corpus(): [string, () => Reported][] {
  const shogi = START_SFEN.shogi;
  return [
    // SFEN
    ['fields', () => fail(parseSfen('lnsgkgsnl/9 b'))],
    ['ranks', () => fail(parseSfen('lnsgkgsnl/9 b - 1'))],
    ['variant', () => fail(parseSfen(shogi, 'minishogi'))],
    ['rank width', () => fail(parseSfen('8/9/9/9/9/9/9/9/9 b - 1'))],
    ['zero', () => fail(parseSfen('9/9/9/9/9/9/9/9/0 b - 1'))],
    ['plus at the end', () => fail(parseSfen('9/9/9/9/9/9/9/9/8+ b - 1'))],
    ['plus before a digit', () => fail(parseSfen('9/9/9/9/9/9/9/9/+18 b - 1'))],
    ['gold promoted', () => fail(parseSfen('9/9/9/9/9/9/9/9/+G8 b - 1'))],
    ['lance in minishogi', () => fail(parseSfen('4k/5/5/5/L3K b - 1'))],
    ['letter', () => fail(parseSfen('9/9/9/9/9/9/9/9/X8 b - 1'))],
    ['turn', () => fail(parseSfen('9/9/9/9/9/9/9/9/9 x - 1'))],
    ['hand count alone', () => fail(parseSfen('9/9/9/9/9/9/9/9/9 b 2 1'))],
    ['hand promoted', () => fail(parseSfen('9/9/9/9/9/9/9/9/9 b +P 1'))],
    ['hand count', () => fail(parseSfen('9/9/9/9/9/9/9/9/9 b 19P 1'))],
    ['hand count leading zero', () => fail(parseSfen('9/9/9/9/9/9/9/9/9 b 03P 1'))],
    ['king in hand', () => fail(parseSfen('9/9/9/9/9/9/9/9/9 b K 1'))],
    ['hand twice', () => fail(parseSfen('9/9/9/9/9/9/9/9/9 b PP 1'))],
    ['move number', () => fail(parseSfen('9/9/9/9/9/9/9/9/9 b - x'))],
    // USI
    ['usi square', () => fail(parseUsiMove('7z7f', 'shogi'))],
    ['usi nothing', () => fail(parseUsiMove('7g', 'shogi'))],
    ['usi rest', () => fail(parseUsiMove('7g7f7', 'shogi'))],
    ['usi king drop', () => fail(parseUsiMove('K*5e', 'shogi'))],
    ['usi lower case', () => fail(parseUsiMove('p*5e', 'shogi'))],
    ['usi letter', () => fail(parseUsiMove('X*5e', 'shogi'))],
    ['usi record start', () => fail(parseRecord('position foo', { format: 'usi' }))],
    ['usi record moves', () => fail(parseRecord('position startpos 7g7f'))],
    ['usi record illegal', () => fail(parseRecord('position startpos moves 7g7f 7g7f'))],
    ['usi record sfen', () => fail(parseRecord('position sfen lnsgkgsnl/9 b - 1 moves', { format: 'usi' }))],
    ['sfen record', () => fail(parseRecord('lnsgkgsnl/9/9/9/9/9/9/9/9 x - 1', { format: 'sfen' }))],
    // Positions the rules refuse
    ['beyond the board', () => fail(Position.fromSetup({ ...setup('5/5/5/5/5 b - 1'), board: [...setup('5/5/5/5/5 b - 1').board, { color: 'sente', role: 'gold' }] }))],
    ['hand count', () => fail(Position.fromSetup({ ...setup('4k4/9/9/9/9/9/9/9/4K4 b - 1'), hands: { sente: { ...emptyHand(), pawn: -1 }, gote: emptyHand() } }))],
    ['setup move number', () => fail(Position.fromSetup({ ...setup('4k4/9/9/9/9/9/9/9/4K4 b - 1'), moveNumber: 0 }))],
    ['foreign piece', () => fail(Position.fromSetup({ ...setup('4k/5/5/5/4K b - 1'), board: setup('4k/5/5/5/4K b - 1').board.map((p, sq) => (sq === 0 ? { color: 'sente', role: 'lance' } : p)) }))],
    ['foreign hand', () => fail(Position.fromSetup({ ...setup('1l1/3/3/1L1 b - 1'), hands: { sente: { ...emptyHand(), gold: 1 }, gote: emptyHand() } }))],
    ['too many', () => fail(Position.fromSetup(setup('4k4/9/9/9/9/9/9/9/4K4 b 3R 1')))],
    ['two kings', () => fail(Position.fromSetup(setup('4k4/9/9/9/9/9/9/9/3KK4 b - 1')))],
    ['no king', () => fail(Position.fromSetup(setup('9/9/9/9/9/9/9/9/9 b - 1')))],
    ['no lion', () => fail(Position.fromSetup(setup('3/3/3/1L1 b - 1')))],
    ['nifu', () => fail(Position.fromSetup(setup('4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1')))],
    ['dead piece', () => fail(Position.fromSetup(setup('4P4/9/9/4k4/9/9/9/9/4K4 b - 1')))],
    ['opponent in check', () => fail(Position.fromSetup(setup('4k4/4R4/9/9/9/9/9/9/4K4 b - 1')))],
    ['game over', () => played('4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1', '5a4a')],
    // KIF and KI2
    ['handicap', () => fail(parseRecord('手合割：謎\n   1 ７六歩(77)\n'))],
    ['variation first', () => fail(parseRecord('手合割：平手\n変化：1手\n   1 ７六歩(77)\n'))],
    ['variation beyond', () => fail(parseRecord(KIF('   1 ７六歩(77)\n\n変化：3手\n   3 ２六歩(27)')))],
    ['variation numbered on', () => fail(parseRecord(BOD(BOARD, ['手数＝4  まで']) + '\n手数----指手---------消費時間--\n   5 ７六歩(77)\n   6 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n'))],
    ['hands late', () => fail(parseRecord(KIF('   1 ７六歩(77)\n先手の持駒：金')))],
    ['not a line', () => fail(parseKif(KIF('   1 ７六歩(77)\nなにか')))],
    ['move number', () => fail(parseRecord(KIF('   1 ７六歩(77)\n   3 ３四歩(33)')))],
    ['text after', () => fail(parseRecord(KIF('   1 ７六歩(77) xyz')))],
    ['no square', () => fail(parseKif(KIF('   1 ７十歩(77)')))],
    ['ending unknown', () => fail(parseRecord(KIF('   1 ７六歩(77)\n   2 接続切れ')))],
    ['piece', () => fail(parseRecord(KIF('   1 ７六ポ(77)')))],
    ['origin 00', () => fail(parseRecord(KIF('   1 ５五角成(00)')))],
    ['origin 19', () => fail(parseRecord(KIF('   1 ５五角(10)')))],
    ['same first', () => fail(parseRecord(KIF('   1 同　歩(77)')))],
    ['drop with origin', () => fail(parseRecord(KIF('   1 ５五角打(88)')))],
    ['no piece there', () => fail(parseRecord(KIF('   1 ５五角(55)')))],
    ['other piece there', () => fail(parseRecord(KIF('   1 ７六角(77)')))],
    ['king dropped', () => fail(parseRecord(KIF('   1 ５五玉打')))],
    ['illegal', () => fail(parseRecord(KIF('   1 ５五角(88)')))],
    ['illegal read by the viewer', () => fail(parseKif(KIF('   1 ５五角(88)')))],
    ['nifu drop', () => fail(parseKif(BOD(BOARD.map((row) => row.replace('| 歩 歩 歩 歩 歩', '| 歩 歩 歩 歩 ・'))).replace('先手の持駒：なし', '先手の持駒：歩') + '\n手数----指手---------消費時間--\n   1 ７五歩打\n'))],
    ['after the end', () => fail(parseRecord(KIF('   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)')))],
    ['ki2 no gold', () => fail(parseRecord('手合割：平手\n▲５五金\n', { format: 'ki2' }))],
    ['ki2 no rook drop', () => fail(parseKi2('手合割：平手\n▲５五飛\n'))],
    ['ki2 no horse', () => fail(parseRecord('手合割：平手\n▲５五馬\n', { format: 'ki2' }))],
    ['ki2 promote', () => fail(parseRecord('手合割：平手\n▲７六歩成\n', { format: 'ki2' }))],
    ['ki2 qualifier', () => fail(parseRecord('手合割：平手\n▲５八金直\n', { format: 'ki2' }))],
    ['ki2 two golds', () => fail(parseRecord('手合割：平手\n▲５八金\n', { format: 'ki2' }))],
    ['ki2 mark', () => fail(parseRecord('手合割：平手\n▲７六歩 ３四歩\n', { format: 'ki2' }))],
    ['ki2 turn', () => fail(parseRecord('手合割：平手\n▲７六歩 ▲２六歩\n', { format: 'ki2' }))],
    ['summary fit', () => fail(parseRecord('手合割：平手\n▲７六歩 △３四歩\nまで2手で先手の勝ち\n', { format: 'ki2' }))],
    ['summary count', () => fail(parseRecord('手合割：平手\n▲７六歩 △３四歩\nまで5手で後手の勝ち\n', { format: 'ki2' }))],
    ['summary ending', () => fail(parseRecord('手合割：平手\n▲７六歩 △３四歩\nまで2手で後手の大勝利\n', { format: 'ki2' }))],
    ['summary', () => fail(parseRecord('手合割：平手\n▲７六歩 △３四歩\nまでのこと\n', { format: 'ki2' }))],
    // BOD
    ['bod hand', () => fail(parseRecord(BOD(BOARD).replace('先手の持駒：なし', '先手の持駒：x桂')))],
    ['bod row end', () => bod(['| ・ ・'])],
    ['bod row width', () => bod(['| ・ ・ |一'])],
    ['bod cell', () => bod(['|x歩 ・ ・|一'])],
    ['bod size', () => bod(['| ・ ・|一', '| ・ ・|二'])],
    ['bod rows', () => bod(['| ・ ・ ・|一', '| ・ ・|二', '| ・ ・ ・|三', '| ・ ・ ・|四'])],
    ['bod hand count', () => bod(['先手の持駒：金十九'])],
    ['bod two kings', () => fail(parseRecord(BOD(BOARD.map((row) => (row.endsWith('六') ? '| ・ ・ ・ ・v玉 ・ ・ ・ ・|六' : row)))))],
    ['bod turn', () => fail(parseRecord(BOD(BOARD.map((row) => (row.endsWith('八') ? '| ・ 角 ・ ・v飛 ・ ・ 飛 ・|八' : row.endsWith('二') ? '| ・ ・ ・ ・ ・ ・ ・v角 ・|二' : row)), ['後手番'])))],
    ['no diagram', () => ({ message: 'no sfen attribute and no board diagram inside' })],
    // CSA
    ['csa header', () => fail(parseRecord('V2.2\n$EVENT\nPI\n+\n'))],
    ['csa time', () => fail(parseRecord('V2.2\nPI\n+\nT5\n', { format: 'csa' }))],
    ['csa ending', () => fail(parseRecord('V2.2\nPI\n+\n%FOO\n'))],
    ['csa statement', () => fail(parseRecord('V2.2\nPI\n+\nXYZ\n', { format: 'csa' }))],
    ['csa piece', () => fail(parseRecord('V2.2\nP1 *  *  *  *  *  *  *  * -XX\n+\n', { format: 'csa' }))],
    ['csa position', () => fail(parseRecord('V2.2\nPZ\n+\n', { format: 'csa' }))],
    ['csa square', () => fail(parseRecord('V2.2\nP-11OU\nP+90FU\n+\n', { format: 'csa' }))],
    ['csa hand king', () => fail(parseRecord('V2.2\nP-11OU\nP+00OU\n+\n', { format: 'csa' }))],
    ['csa removal', () => fail(parseRecord('V2.2\nPI55KA\n+\n', { format: 'csa' }))],
    ['csa row', () => fail(parseRecord('V2.2\nP1-KY-KE-GI-KI-OU\n+\n', { format: 'csa' }))],
    ['csa hand count', () => fail(parseRecord(`V2.2\nP-11OU\nP+${'00FU'.repeat(19)}\n+\n`, { format: 'csa' }))],
    ['csa turn', () => fail(parseRecord('V2.2\nPI\n+\n-3334FU\n', { format: 'csa' }))],
    ['csa unknown piece', () => fail(parseRecord('V2.2\nPI\n+\n+7776XX\n', { format: 'csa' }))],
    ['csa drop', () => fail(parseRecord('V2.2\nPI\n+\n+0055OU\n', { format: 'csa' }))],
    ['csa no square', () => fail(parseRecord('V2.2\nPI\n+\n+1076FU\n', { format: 'csa' }))],
    ['csa empty origin', () => fail(parseRecord('V2.2\nPI\n+\n+5576FU\n', { format: 'csa' }))],
    ['csa wrong piece', () => fail(parseRecord('V2.2\nPI\n+\n+7776KA\n', { format: 'csa' }))],
    ['csa illegal', () => fail(parseRecord('V2.2\nPI\n+\n+8855KA\n', { format: 'csa' }))],
    ['csa in check', () => fail(parseRecord('V2.2\nP-11OU\nP+15HI59OU\n+\n+5958OU\n', { format: 'csa' }))],
    // JKF and JSON
    ['json', () => fail(parseRecord('{\n "moves": [\n  {"x": tru}\n ]\n}'))],
    ['json key', () => fail(parseRecord('{"header": {1: 2}}', { format: 'jkf' }))],
    ['json end', () => fail(parseRecord('{"header": {', { format: 'jkf' }))],
    ['json cut', () => fail(parseRecord('{"header": ', { format: 'jkf' }))],
    ['json string', () => fail(parseRecord('{"header": "\u0001"}', { format: 'jkf' }))],
    ['json after', () => fail(parseRecord('{} x', { format: 'jkf' }))],
    ['json colon', () => fail(parseRecord('{"header" 1}', { format: 'jkf' }))],
    ['json deep', () => fail(parseRecord('['.repeat(100_000), { format: 'jkf' }))],
    ['jkf object', () => fail(parseRecord('[]', { format: 'jkf' }))],
    ['jkf header', () => fail(parseRecord(JKF({ header: 1, moves: [] })))],
    ['jkf moves', () => fail(parseRecord(JKF({ header: {}, moves: 1 }), { format: 'jkf' }))],
    ['jkf initial', () => fail(parseRecord(JKF({ header: {}, initial: {}, moves: [] })))],
    ['jkf preset', () => fail(parseRecord(JKF({ header: {}, initial: { preset: 'XX' }, moves: [] })))],
    ['jkf data', () => fail(parseRecord(JKF({ header: {}, initial: { preset: 'OTHER' }, moves: [] })))],
    ['jkf column', () => fail(parseRecord(JKF({ header: {}, initial: { preset: 'OTHER', data: { board: Array(9).fill([]) } }, moves: [] })))],
    ['jkf cell', () => fail(parseRecord(JKF({ header: {}, initial: { preset: 'OTHER', data: { board: Array(9).fill(Array(9).fill({ kind: 'XX' })) } }, moves: [] })))],
    ['jkf hand', () => fail(parseRecord(JKF({ header: {}, initial: { preset: 'OTHER', data: { color: 0, board: Array(9).fill(Array(9).fill({})), hands: [{ OU: 1 }, {}] } }, moves: [] })))],
    ['jkf move object', () => fail(parseRecord(JKF({ header: {}, moves: [{}, 1] })))],
    ['jkf special', () => fail(parseRecord(JKF({ header: {}, moves: [{}, { special: 'NOPE' }] })))],
    ['jkf entry', () => fail(parseRecord(JKF({ header: {}, moves: [{}, {}] })))],
    ['jkf forks', () => fail(parseRecord(JKF({ header: {}, moves: [{}, { move: { from: { x: 7, y: 7 }, to: { x: 7, y: 6 }, piece: 'FU' }, forks: 1 }] })))],
    ['jkf fork', () => fail(parseRecord(JKF({ header: {}, moves: [{}, { move: { from: { x: 7, y: 7 }, to: { x: 7, y: 6 }, piece: 'FU' }, forks: [1] }] })))],
    ['jkf color', () => fail(parseRecord(jkfMove({ color: 1, from: { x: 7, y: 7 }, to: { x: 7, y: 6 }, piece: 'FU' })))],
    ['jkf same', () => fail(parseRecord(jkfMove({ from: { x: 7, y: 7 }, same: true, piece: 'FU' })))],
    ['jkf to', () => fail(parseRecord(jkfMove({ from: { x: 7, y: 7 }, piece: 'FU' })))],
    ['jkf piece', () => fail(parseRecord(jkfMove({ from: { x: 7, y: 7 }, to: { x: 7, y: 6 } })))],
    ['jkf unknown piece', () => fail(parseRecord(jkfMove({ from: { x: 7, y: 7 }, to: { x: 7, y: 6 }, piece: 'XX' })))],
    ['jkf drop', () => fail(parseRecord(jkfMove({ to: { x: 5, y: 5 }, piece: 'OU' })))],
    ['jkf from', () => fail(parseRecord(jkfMove({ from: { x: 0, y: 7 }, to: { x: 7, y: 6 }, piece: 'FU' })))],
    ['jkf no piece', () => fail(parseRecord(jkfMove({ from: { x: 5, y: 5 }, to: { x: 5, y: 4 }, piece: 'FU' })))],
    // Records
    ['empty', () => fail(parseRecord(''))],
    ['format', () => fail(parseRecord('hello'))],
    ['viewer format', () => ({ code: 'unknown-format', message: 'KIF, KI2, CSA, JKF, USI, SFEN?' })],
    // Said only by a caller or an engine gone wrong, or by the writers
    ['record full', () => ({ message: '7g7f: a record holds at most 1000 plies' })],
    ['rules not loaded', () => ({ message: 'call initRules() before creating positions' })],
    ['code', () => ({ message: 'illegal position (code 9)' })],
    ['not a piece', () => ({ message: 'piece on 1a is not a piece of minishogi' })],
    ['no node', () => ({ message: 'no child 2 at depth 3' })],
    ['writer', () => ({ message: 'move 3: 7g7f is not a legal move here' })],
    ['solver limit', () => ({ message: 'timeMs: -1 is not a number from 0' })],
    ['solver plies', () => ({ message: 'maxPlies: 0 is not a number of plies (1 or more)' })],
    ['solver first move', () => ({ message: 'firstMove: unexpected \'+\' after the move' })],
    ['solver refused', () => ({ message: 'the engine refused the position' })],
    ['solver king', () => ({ message: 'gote has no king to mate (the side to move is the attacker)' })],
    ['worker', () => ({ message: 'engine worker failed: error' })],
    ['disposed', () => ({ message: 'engine disposed' })],
    ['busy', () => ({ message: 'already analysing; stop() first' })],
    ['hash', () => ({ message: 'no room for a 256 MiB hash table (Out of memory); USI_Hash is 64 again' })],
    ['wasm', () => ({ message: 'cannot load https://cdn.test/engine.wasm: HTTP 404' })],
    ['abort', () => ({ message: 'engine aborted at 12:34' })],
    // The solver's notes and the writers' refusals
    ['completed', () => ({ message: 'the defender was given the pieces the position leaves out: 2 golds, 1 pawn' })],
    ['mated already', () => ({ message: 'sente, the attacker, is checkmated already' })],
    ['table', () => ({ message: 'the table took 1000 MiB, not 5000 (1 to 1000)' })],
    ['shorter line', () => ({ message: 'the line shown ends in mate after 11 plies, sooner than the 13 counted: a longer defence was not read back' })],
    ['unfinished line', () => ({ message: 'the line shown stops after 306 plies, short of the mate in 455: reading the rest back from the table took more nodes than were set aside' })],
    ['csa minishogi', () => failed(formatRecord(parseRecord('4k/5/5/5/4K b - 1', { format: 'sfen' }).ok ? (parseRecord('4k/5/5/5/4K b - 1', { format: 'sfen' }) as { value: GameRecord }).value : emptyRecord(), 'csa'))],
    ['jkf dobutsu', () => failed(formatRecord(emptyRecord('dobutsu'), 'jkf'))],
    ['csa ending', () => failed(formatRecord(ended('try'), 'csa'))],
    ['jkf ending', () => failed(formatRecord(ended('win-by-default'), 'jkf'))],
    ['left out', () => ({ message: leftOut(withVariation(), 'csa')! })],
    // The analysis page's address
    ['address variant', () => ({ message: readParams('?variant=chess').problems[0] })],
    ['address ply', () => ({ message: readParams('?ply=abc').problems[0] })],
    ['address encoding', () => ({ message: readParams('?sfen=%E0%A4%A').problems[0] })],
    ['address sfen', () => failed(recordFromPosition('9/9/9 b - 1', []))],
    ['address position', () => failed(recordFromPosition('P3k4/P8/9/9/9/9/9/9/4K4 b - 1', []))],
    ['address move', () => {
      const loaded = recordFromPosition(undefined, ['7g7f', '7g7f']);
      if (!loaded.ok || !loaded.value.problem) throw new Error('expected a move not played');
      return { message: loaded.value.problem };
    }],
    // The tsume solver
    ['dobutsu', () => failed(readProblem('1l1/3/3/1L1 b - 1'))],
    ['sfen column', () => failed(readProblem('9/9/9/9/9/9/9/9/X8 b - 1'))],
  ];
}

describe('src/\'s errors in Japanese', () => {
  let cases: [string, Reported][];
  beforeAll(async () => {
    await initRules();
    const unmade: string[] = [];
    // The address of a record, fetched: not one, and one fetch refuses at once (no network).
    const fetched = [await recordFromUrl('http://[', 'http://localhost/'), await recordFromUrl('ftp://example.invalid/x.kif', 'http://localhost/')];
    cases = [...fetched.map((result, i): [string, Reported] => [`kif address ${i}`, failed(result)])];
    cases.push(...corpus().flatMap(([name, make]): [string, Reported][] => {
      try {
        return [[name, make()]];
      } catch (error) {
        unmade.push(`${name}: ${(error as Error).message}`);
        return [];
      }
    }));
    expect(unmade).toEqual([]);
  });

  it('leaves no English but the text read and the formats\' own words', () => {
    const left = cases.flatMap(([name, error]) => {
      if (!error) return [`${name}: no error`];
      const ja = japaneseError(error);
      const english = englishIn(ja);
      return english.length > 0 || ja === error.message ? [`${name}: ${error.message} -> ${ja}`] : [];
    });
    expect(left).toEqual([]);
  });

  it('meets every rule of the table in what src/ says', () => {
    const messages = cases.map(([, error]) => error.message);
    const unmet = RULES.filter(([pattern]) => !messages.some((message) => pattern.test(message)));
    expect(unmet.map(([pattern]) => String(pattern))).toEqual([]);
  });

  it('names what the English named: the move, the square, the piece, the side', () => {
    const ja = (name: string) => japaneseError(cases.find(([n]) => n === name)![1]);
    expect(ja('illegal read by the viewer')).toBe('指し手「５五角(88)」が不正です。８八の角は５五へ動けません。');
    expect(ja('nifu drop')).toBe('指し手「７五歩打」が不正です。二歩です。同じ筋に成っていない歩を二枚置けません。');
    expect(ja('ki2 two golds')).toBe('指し手「▲５八金」が不正です。５八に動ける金が2枚あります。右・左・直・上・引・寄で区別してください。');
    expect(ja('no piece there')).toBe('指し手「５五角(55)」が不正です。５五に先手の駒がありません。');
    expect(ja('nifu')).toBe('二歩です（先手の歩が５筋に二枚）。');
    expect(ja('dead piece')).toBe('５一の先手の歩は二度と動けません（行き所のない駒）。');
    expect(ja('bod two kings')).toBe('「v玉」: 後手の玉が二枚あります。');
    expect(ja('lance in minishogi')).toBe('5五将棋に香（「L」）はありません。');
    expect(ja('csa wrong piece')).toBe('指し手「+7776KA」が不正です。７七の駒は「FU」で、「KA」ではありません。');
    expect(ja('move number')).toBe('手数は整数で書きます（「x」があります）。');
  });

  it('says the tsume solver\'s refusals', async () => {
    const engine = new EngineCore('shogi');
    const kingless = await engine.solveMate('4k4/9/9/9/9/9/9/9/9 w G 1', { timeMs: 1000 });
    expect(japanese(kingless.error!)).toBe('先手に詰ます玉がありません（手番の側が攻方です）');
    const dobutsu = await new EngineCore('dobutsu').solveMate('1l1/3/3/1L1 b - 1', { timeMs: 1000 });
    expect(japanese(dobutsu.error!)).toBe('どうぶつしょうぎには王手がないので、詰将棋もありません');
  });
});
