/** The hand-written corpus in test/fixtures/records: each file read, checked, and written back. */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMED_STARTS } from '../../src/game/handicap.js';
import { isMoveNode, type GameRecord, type Node } from '../../src/game/record.js';
import { mainLine, positionAt } from '../../src/game/tree.js';
import { formatRecord, parseRecord, writeRecord, type RecordFormat, type WriteOptions } from '../../src/notation/records.js';
import type { CsaVersion } from '../../src/notation/csa.js';
import type { RecordError } from '../../src/notation/record-error.js';
import { formatUsiMove } from '../../src/notation/usi.js';
import { decode } from '../../src/notation/encoding.js';
import { initRules } from '../../src/rules/position.js';
import type { Result } from '../../src/rules/types.js';

beforeAll(initRules);

const fixture = (name: string) => readFileSync(new URL(`../fixtures/records/${name}`, import.meta.url));

function read(input: string | Uint8Array, format?: RecordFormat): GameRecord {
  const r = parseRecord(input, { format });
  if (!r.ok) throw new Error(`line ${r.error.line}, column ${r.error.column}: ${r.error.message}: ${r.error.text}`);
  return r.value;
}
function write(record: GameRecord, format: RecordFormat): string {
  const r = formatRecord(record, format);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
const usi = (record: GameRecord, node: Node) => (isMoveNode(node) ? formatUsiMove(node.move, record.variant) : `%${node.special}`);
const line = (record: GameRecord) => mainLine(record).map((n) => usi(record, n)).join(' ');
const header = (record: GameRecord, key: string) => record.headers.find((h) => h.key === key)?.value;

function expectError(result: Result<GameRecord, RecordError>, line: number, column: number, message: RegExp, text: string) {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.line).toBe(line);
  expect(result.error.column).toBe(column);
  expect(result.error.message).toMatch(message);
  expect(result.error.text).toBe(text);
}

describe('KIF', () => {
  let record: GameRecord;
  beforeAll(() => { record = read(fixture('even-variations.kif')); });

  it('reads headers, moves, times, comments, bookmarks, the ending and variations', () => {
    expect(header(record, '先手')).toBe('先手太郎');
    expect(header(record, '備考')).toBe('手書きの棋譜');
    expect(line(record)).toBe('7g7f 3c3d 8h2b+ 3a2b B*4e %resign');
    expect(record.root.comments).toEqual(['対局前のコメント']);
    const [m1] = record.root.children;
    expect(m1.comments).toEqual(['角道を開ける']);
    expect(m1.time).toEqual({ move: 1, total: 1 });
    const main = mainLine(record);
    expect(main[3].bookmark).toBe('角交換');
    expect(main[5].time).toEqual({ move: 6, total: 12 });
    const ply2 = isMoveNode(m1) ? m1.children : [];
    expect(ply2.map((n) => usi(record, n))).toEqual(['3c3d', '8c8d']);
    const alt = ply2[1];
    expect(isMoveNode(alt) && alt.children.map((n) => usi(record, n))).toEqual(['2g2f', '7i6h']);
    expect(isMoveNode(alt) && isMoveNode(alt.children[0]) && usi(record, alt.children[0].children[0])).toBe('%interrupt');
  });

  it('reads a variation numbered in full-width digits (変化：２手), as the summary may be (まで２手)', () => {
    const text = fixture('even-variations.kif').toString().replace('変化：2手', '変化：２手').replace('変化：3手', '変化: 3手');
    expect(read(text)).toEqual(record);
  });

  it('writes what it reads', () => {
    const text = write(record, 'kif');
    expect(text).toContain('手合割：平手\n先手：先手太郎');
    expect(text).toContain('   1 ７六歩(77)   ( 0:01/00:00:01)\n');
    expect(text).toContain('   3 ２二角成(88) ( 0:03/00:00:04)');
    expect(text).toContain('   4 同　銀(31)   ( 0:04/00:00:06)\n&角交換');
    expect(text).toContain('\n変化：2手\n   2 ８四歩(83)');
    expect(read(text)).toEqual(record);
  });

  it('writes the mark of variations apart from a move without a time, so that ShogiHome reads 投了 as the ending', async () => {
    const { importKIF, Move } = await import('tsshogi');
    // From KI2, which has no times: a variation instead of the resignation, and one instead of ▲７六歩.
    const r = read('手合割：平手\n▲７六歩 △３四歩\nまで2手で後手の勝ち\n\n変化：3手\n▲２六歩\n\n変化：1手\n▲２六歩\n', 'ki2');
    const text = write(r, 'kif');
    expect(text).toContain('   1 ７六歩(77) +\n   2 ３四歩(33)\n   3 投了 +\n');
    expect(read(text)).toEqual(r);
    const theirs = importKIF(text);
    if (theirs instanceof Error) throw theirs;
    const last = theirs.moves.at(-1)!.move;
    expect(last instanceof Move ? last.usi : last.type).toBe('resign');
  });

  it('keeps every ** analysis line word for word (ShogiGUI), taking the first score and line as the evaluation', () => {
    const analysis = [
      '**解析 0 ○ 候補1 時間 00:01.0 深さ 18/30 ノード数 1234567 評価値 58 読み筋 △３四歩(33) ▲２六歩(27) △８四歩(83)',
      '**解析 0 ○ 候補2 時間 00:01.0 深さ 18/30 ノード数 1234567 評価値 40 読み筋 △８四歩(83) ▲６八銀(79)',
    ];
    const r = read(['手合割：平手', '手数----指手---------消費時間--', '   1 ７六歩(77)', ...analysis, '   2 ３四歩(33)',
      '**評価値 -31 読み筋 ▲２二角成(88) △同　銀(31)', '*ここで角交換 '].join('\n'));
    const [m1, m2] = mainLine(r);
    expect(m1.comments).toEqual(analysis.map((l) => l.slice(1)));
    expect(m1.evaluation).toEqual({ score: 58, pv: ['3c3d', '2g2f', '8c8d'] });
    expect(m2.comments).toEqual(['ここで角交換 ']);
    expect(m2.evaluation).toEqual({ score: -31, pv: ['8h2b+', '3a2b'] });
    const text = write(r, 'kif');
    expect(text).toContain(`   1 ７六歩(77)\n${analysis.join('\n')}\n   2 ３四歩(33)\n**評価値 -31 読み筋 ▲２二角成(88) △同　銀(31)\n*ここで角交換 \n`);
    expect(read(text)).toEqual(r);
    expect(read(write(r, 'ki2'), 'ki2')).toEqual(r);
  });

  it('reads a handicap game with 上手 and 下手, gote moving first', () => {
    const r = read(fixture('handicap-lance.kif'));
    expect(r.sfen).toBe('lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
    expect(header(r, '先手')).toBe('下手初段');
    expect(header(r, '後手')).toBe('上手名人');
    expect(line(r)).toBe('3c3d 7g7f 2b8h+ 7i8h %interrupt');
    const text = write(r, 'kif');
    expect(text).toContain('手合割：香落ち');
    expect(text).toContain('上手：上手名人');
    expect(text).toContain('まで4手で中断');
    expect(read(text)).toEqual(r);
  });

  it('keeps 手合割：その他 and the names 上手 and 下手 of a handicap from a diagram, and writes one 手合割 for a JKF header', () => {
    const empty = ' ・'.repeat(9);
    const diagram = ['手合割：その他　', '上手：Aさん', '下手：Bさん', '上手の持駒：なし', '  ９ ８ ７ ６ ５ ４ ３ ２ １', '+---------------------------+',
      '|v香v桂v銀v金v玉v金v銀v桂v香|一', `|${empty}|二`, '|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三', `|${empty}|四`, `|${empty}|五`, `|${empty}|六`,
      '| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七', '| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八', '| 香 桂 銀 金 玉 金 銀 桂 香|九', '+---------------------------+',
      '下手の持駒：飛　角', '上手番', '手数----指手---------消費時間--', '   1 ５二玉(51)', '   2 投了'];
    const r = read(diagram.join('\n'));
    expect(header(r, '手合割')).toBe('その他');
    const text = write(r, 'kif');
    for (const l of ['手合割：その他', '上手：Aさん', '下手：Bさん', '上手の持駒：なし', '下手の持駒：飛　角　', '上手番', 'まで1手で上手の勝ち']) expect(text).toContain(`\n${l}\n`);
    expect(write(r, 'ki2')).toContain('まで1手で上手の勝ち');
    expect(read(text)).toEqual(r);
    const jkf = read(JSON.stringify({ header: { 先手: 'A', 後手: 'B', 手合割: '香落ち' }, initial: { preset: 'KY' }, moves: [{}] }));
    expect(write(jkf, 'kif').match(/手合割/g)).toEqual(['手合割']);
    expect(header(read(write(jkf, 'kif')), '手合割')).toBeUndefined();
  });

  it('knows every standard handicap by name, in KIF, JKF and CSA', () => {
    for (const start of NAMED_STARTS) {
      const r = read(`手合割：${start.kif}\n手数----指手---------消費時間--\n`);
      expect(r.sfen, start.kif).toBe(start.sfen);
      expect(r.variant).toBe(start.variant);
      expect(write(r, 'kif')).toContain(`手合割：${start.kif}\n`);
      if (start.variant !== 'shogi') continue;
      expect(read(write(r, 'jkf')).sfen).toBe(start.sfen);
      const csa = write(r, 'csa');
      expect(csa).toMatch(/^PI/m);
      expect(read(csa).sfen).toBe(start.sfen);
    }
  });

  it('reads and writes a board diagram (詰将棋) with hands', () => {
    const r = read(fixture('tsume.kif'));
    expect(r.sfen).toBe('4k4/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1');
    expect(line(r)).toBe('G*5b %mate');
    expect(r.root.comments).toEqual(['頭金']);
    const text = write(r, 'kif');
    expect(text).toContain('後手の持駒：飛二　角二　金二　銀四　桂四　香四　歩十八　');
    expect(text).toContain('| ・ ・ ・ ・v玉 ・ ・ ・ ・|一');
    expect(text).toContain('先手の持駒：金　');
    expect(read(text)).toEqual(r);
  });

  it('writes the start position reached later in a game as a diagram that keeps its move number', () => {
    // ▲４八飛 △４二飛 ▲２八飛 △８二飛: the start again, at move 5.
    const r = read('sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5 moves 7g7f', 'usi');
    for (const f of ['kif', 'ki2'] as const) {
      const text = write(r, f);
      expect(text).not.toContain('手合割：平手');
      expect(text).toContain('\n手数＝4  まで\n');
      expect(read(text, f).sfen).toBe('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5');
      expect(line(read(text, f))).toBe('7g7f');
    }
    // At move 1 it is still 平手.
    expect(write(read('startpos moves 7g7f', 'usi'), 'kif')).toContain('手合割：平手');
  });

  it('numbers the moves, variations and summaries of a game from a diagram at 手数＝N on from N, and reads them back', () => {
    // The start again at move 31, its moves numbered from 1 as a file may: 変化：2手 is the line's second move.
    const diagram = write(read('sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 31', 'usi'), 'kif').trimEnd().split('\n');
    const r = read([...diagram, '   1 ７六歩(77)', '   2 ３四歩(33)+', '   3 投了', 'まで2手で後手の勝ち', '', '変化：2手', '   2 ８四歩(83)'].join('\n'));
    const kif = write(r, 'kif');
    expect(kif).toContain('\n手数＝30  まで\n');
    expect(kif).toContain('\n  31 ７六歩(77)\n  32 ３四歩(33) +\n  33 投了\nまで32手で後手の勝ち\n\n変化：32手\n  32 ８四歩(83)\n');
    expect(read(kif)).toEqual(r);
    const ki2 = write(r, 'ki2');
    expect(ki2).toContain('\nまで32手で後手の勝ち\n\n変化：32手\n△８四歩\n');
    expect(read(ki2, 'ki2')).toEqual(r);
  });

  it('reads hands without separators and the moves played to a Kifu for Windows diagram (手数＝N … まで)', () => {
    const rows = (ranks: string[]) => ['  ９ ８ ７ ６ ５ ４ ３ ２ １', '+---------------------------+', ...ranks, '+---------------------------+'];
    const empty = ' ・'.repeat(9);
    const tsume = ['後手の持駒：飛角金四銀四桂四香四歩十八', ...rows([`|${' ・'.repeat(8)}v玉|一`, ...['二', '三', '四', '五', '六', '七', '八', '九'].map((r) => `|${empty}|${r}`)]),
      '先手の持駒：飛角', '手数----指手---------消費時間--'];
    expect(read(tsume.join('\n')).sfen).toBe('8k/9/9/9/9/9/9/9/9 b RBrb4g4s4n4l18p 1');
    expectError(parseRecord(tsume.join('\n').replace('銀四桂', '銀x桂')), 1, 1, /'x桂四香四歩十八' is not a piece that can be in hand/, tsume[0].replace('銀四桂', '銀x桂'));
    const diagram = ['後手：', '後手の持駒：なし', ...rows([
      '|v香v桂v銀v金v玉v金v銀v桂v香|一', '| ・v飛 ・ ・ ・ ・ ・v角 ・|二', '|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三', `|${empty}|四`, `|${empty}|五`,
      '| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六', '| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七', '| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八', '| 香 桂 銀 金 玉 金 銀 桂 香|九']),
      '先手の持駒：なし', '先手：', '手数＝1  ▲７六歩  まで', '', '後手番', '手数----指手---------消費時間--', '   1 ３四歩(33)'];
    const r = read(diagram.join('\n'));
    expect(r.sfen).toBe('lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
    expect(line(r)).toBe('3c3d');
    // The diagram's move count is written back with its move, as Kifu for Windows writes it, and the
    // first move may take on its last move's square (同).
    expect(r.previousMove).toBe('▲７六歩');
    for (const f of ['kif', 'ki2'] as const) {
      expect(write(r, f)).toContain('\n手数＝1  ▲７六歩  まで\n');
      expect(read(write(r, f), f)).toEqual(r);
    }
    // Without the move's name (a position from elsewhere, or a file that gives none) the count alone.
    const bare = read(diagram.join('\n').replace('手数＝1  ▲７六歩  まで', '手数＝1  まで'));
    expect(bare.previousMove).toBeUndefined();
    expect(bare.sfen).toBe(r.sfen);
    expect(write(bare, 'kif')).toContain('\n手数＝1  まで\n');
    // After ▲２六歩 △３四歩 ▲２五歩 △２四歩, sente to move may take on 2d with 同.
    const lines = diagram.slice(0, -1).filter((l) => l !== '後手番').map((l) => ({
      '|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三': '|v歩v歩v歩v歩v歩v歩 ・ ・v歩|三', [`|${empty}|四`]: '| ・ ・ ・ ・ ・ ・v歩v歩 ・|四',
      [`|${empty}|五`]: '| ・ ・ ・ ・ ・ ・ ・ 歩 ・|五', '| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六': `|${empty}|六`,
      '| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七': '| 歩 歩 歩 歩 歩 歩 歩 ・ 歩|七', '手数＝1  ▲７六歩  まで': '手数＝4  △２四歩(23)  まで',
    } as Record<string, string>)[l] ?? l);
    expect(line(read([...lines, '   1 同　歩(25)'].join('\n')))).toBe('2e2d');
    // Its moves may also be numbered on from 手数＝4; a number that fits neither is refused.
    expect(line(read([...lines, '   5 同　歩(25)', '   6 ３五歩(34)'].join('\n')))).toBe('2e2d 3d3e');
    expectError(parseRecord([...lines, '   3 同　歩(25)'].join('\n')), lines.length + 1, 4, /move number 3, expected 1 or 5$/, '3');
    // The first move chooses the numbering; the others keep to it, and a number out of it is said in it.
    expectError(parseRecord([...lines, '   5 同　歩(25)', '   7 ３五歩(34)'].join('\n')), lines.length + 2, 4, /move number 7, expected 6$/, '7');
    expectError(parseRecord([...lines, '   5 同　歩(25)', '   2 ３五歩(34)'].join('\n')), lines.length + 2, 4, /move number 2, expected 6$/, '2');
    expectError(parseRecord([...lines, '   1 同　歩(25)', '   6 ３五歩(34)'].join('\n')), lines.length + 2, 4, /move number 6, expected 2$/, '6');
    // Its variations are then numbered on too (変化：6手 branches at the second move), whatever the length of the line before.
    const numberedOn = [...lines, '   5 同　歩(25)', '   6 ３五歩(34)+', '   7 ７六歩(77)', '   8 ４四歩(43)', '   9 ４八銀(39)', '  10 ４二飛(82)', '', '変化：6手', '   6 ６二銀(71)'];
    const variation = read(numberedOn.join('\n'));
    expect(line(variation)).toBe('2e2d 3d3e 7g7f 4c4d 3i4h 8b4b');
    const taken = mainLine(variation)[0];
    expect(isMoveNode(taken) && taken.children.map((n) => usi(variation, n))).toEqual(['3d3e', '7a6b']);
    const early = [...numberedOn.slice(0, -2), '変化：2手', '   2 ６二銀(71)'];
    expectError(parseRecord(early.join('\n')), early.length - 1, 1, /branch at moves 5 to 10 of the line before it \(numbered on from 手数＝4\), not at 2$/, '変化：2手');
    expect(line(read([...lines.slice(0, -1), '▲同歩'].join('\n'), 'ki2'))).toBe('2e2d');
    // KI2 numbers no moves: a summary counting the 4 before the diagram says that 変化：6手 does too
    // (the second move), one counting the line's alone that it does not (the sixth); without a
    // summary a number past 4 counts them, as MyShogi writes it.
    const ki2 = (summary: string[]) => [...lines.slice(0, -1), '▲同歩 △３五歩 ▲７六歩 △４四歩 ▲４八銀 △４二飛', ...summary, '', '変化：6手', '△６二銀'].join('\n');
    const alternatives = (r: GameRecord, ply: number) => {
      const parent = mainLine(r)[ply - 2];
      return isMoveNode(parent) ? parent.children.map((n) => usi(r, n)) : [];
    };
    expect(alternatives(read(ki2(['まで10手で中断']), 'ki2'), 2)).toEqual(['3d3e', '7a6b']);
    expect(alternatives(read(ki2([]), 'ki2'), 2)).toEqual(['3d3e', '7a6b']);
    expect(alternatives(read(ki2(['まで6手で中断']), 'ki2'), 6)).toEqual(['8b4b', '7a6b']);
  });

  it('reads the hands wherever KIF puts them before the moves: among the headers, after the diagram, or with a 手合割 and no diagram', () => {
    const rows = ['  ９ ８ ７ ６ ５ ４ ３ ２ １', '+---------------------------+', `|${' ・'.repeat(8)}v玉|一`,
      ...['二', '三', '四', '五', '六', '七', '八'].map((r) => `|${' ・'.repeat(9)}|${r}`), `|${' ・'.repeat(4)} 玉${' ・'.repeat(4)}|九`, '+---------------------------+'];
    const late = ['先手：A', ...rows, '後手番', '後手：B', '後手の持駒：歩', '棋戦：練習', '先手の持駒：金', '手数----指手---------消費時間--', '   1 ２二歩打'];
    const r = read(late.join('\n'));
    expect(r.sfen).toBe('8k/9/9/9/9/9/9/9/4K4 w Gp 1');
    expect(r.headers.map((h) => h.key)).toEqual(['先手', '後手', '棋戦']);
    expect(line(r)).toBe('P*2b');
    const handicap = read(['手合割：十枚落ち', '上手：A', '下手：B', '下手の持駒：飛', '上手の持駒：なし', '   1 ５二玉(51)', '   2 ２二飛打'].join('\n'));
    expect(handicap.sfen).toBe('4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w R 1');
    expect(line(handicap)).toBe('5a5b R*2b');
    expect(read('手合割：平手\n先手の持駒：なし\n後手の持駒：なし\n   1 ７六歩(77)\n').sfen).toBe(read('手合割：平手\n').sfen);
    // After the moves have begun they would be lost, and the moves refused for want of them.
    const after = [...rows, '手数----指手---------消費時間--', '先手の持駒：金', '   1 ２二金打'];
    expectError(parseRecord(after.join('\n')), after.length - 1, 1, /the hands of the start must come before the moves/, '先手の持駒：金');
  });

  it('reads minishogi (5五将棋) and dobutsu (どうぶつしょうぎ)', () => {
    const mini = read(fixture('minishogi.kif'));
    expect(mini.variant).toBe('minishogi');
    expect(line(mini)).toBe('4e4d 3a2b 5d5c %resign');
    const dobutsu = read(fixture('dobutsu.kif'));
    expect(dobutsu.variant).toBe('dobutsu');
    expect(line(dobutsu)).toBe('2c2b 2a2b P*2c');
    for (const r of [mini, dobutsu]) for (const f of ['kif', 'ki2', 'usi'] as const) expect(read(write(r, f)).root).toEqual(f === 'usi' ? expect.anything() : r.root);
    // The animals' words, as the board and the lines name dobutsu's pieces: a line copied off
    // the page reads back.
    expect(line(read('手合割：どうぶつしょうぎ\n▲２二ひよこ △同　ぞう ▲２三ひよこ打\n', 'ki2'))).toBe('2c2b 1a2b P*2c');
    expect(line(read('手合割：どうぶつしょうぎ\n   1 ２二ひよこ(23)\n   2 同　ライオン(21)\n', 'kif'))).toBe('2c2b 2a2b');
  });

  it('stops at an illegal move, says where, and keeps the moves before it', () => {
    const text = fixture('even-variations.kif').toString().replace('   3 ２二角成(88)', '   3 ２二角成(87)');
    const r = parseRecord(text);
    expectError(r, 16, 6, /the piece on 87 is 歩, not 角/, '２二角成(87)');
    expect(!r.ok && r.error.record && line(r.error.record)).toBe('7g7f 3c3d');
  });

  it('reads the foul move that 将棋倶楽部24 writes before 反則勝ち as its player\'s loss', () => {
    const moves = ['７六歩(77)', '５四歩(53)', '５八金(49)', '５五歩(54)', '４八銀(39)', '５六歩(55)', '５七金(58)'];
    const text = ['手合割：平手', ...moves.map((m, i) => `${String(i + 1).padStart(4)} ${m}`)].join('\n');
    const foul = `${text}\n   8 反則勝ち\n*王手放置の反則\nまで7手で後手の勝ち\n`;
    const r = read(foul);
    expect(line(r)).toBe('7g7f 5c5d 4i5h 5d5e 3i4h 5e5f %illegal-loss');
    const end = mainLine(r).at(-1)!;
    expect(end.comments).toEqual(['反則手 7 ５七金(58): 5h5g is not a legal move here', '王手放置の反則']);
    expect(write(r, 'kif')).toContain('まで6手で先手の反則負け');
    expect(read(write(r, 'kif'))).toEqual(r);
    // Without the foul's ending, or with a move after it, the move is refused as before.
    expectError(parseRecord(`${text}\n`), 8, 6, /5h5g is not a legal move here/, '５七金(58)');
    expectError(parseRecord(`${text}\n   8 ８六歩(87)\n`), 8, 6, /5h5g is not a legal move here/, '５七金(58)');
  });

  it('names the move that breaks the rules', () => {
    const r = parseRecord('手合割：平手\n   1 ７六歩(77)\n   2 ７五歩(73)\n');
    expectError(r, 3, 6, /7c7e is not a legal move here: the pawn on 7c cannot move to 7e$/, '７五歩(73)');
    expectError(parseRecord('手合割：平手\n   1 ５五角(88)\n'), 2, 6, /8h5e is not a legal move here: the bishop on 8h cannot move to 5e$/, '５五角(88)');
    // A drop (打) the rules refuse: the reader hands it to them, which say why.
    const nifu = [
      '後手の持駒：なし',
      '  ９ ８ ７ ６ ５ ４ ３ ２ １',
      '+---------------------------+',
      '| ・ ・ ・ ・v玉 ・ ・ ・ ・|一',
      ...['二', '三', '四', '五', '六'].map((rank) => `| ・ ・ ・ ・ ・ ・ ・ ・ ・|${rank}`),
      '| ・ ・ 歩 ・ ・ ・ ・ ・ ・|七',
      '| ・ ・ ・ ・ ・ ・ ・ ・ ・|八',
      '| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九',
      '+---------------------------+',
      '先手の持駒：歩',
      '',
    ].join('\n');
    expectError(parseRecord(`${nifu}   1 ７五歩打\n`), 15, 6, /P\*7e is not a legal move here: .*nifu/i, '７五歩打');
    expectError(parseRecord(`${nifu}   1 ５一歩打\n`), 15, 6, /P\*5a is not a legal move here: .*taken/, '５一歩打');
    expectError(parseRecord(`${nifu}   1 ４一歩打\n`), 15, 6, /P\*4a is not a legal move here: .*never move/, '４一歩打');
    expectError(parseRecord(`${nifu}   1 ５五金打\n`), 15, 6, /G\*5e is not a legal move here: sente has no gold in hand/, '５五金打');
    const usi = parseRecord('position startpos moves 7g7f 3c3d 2h2c');
    expect(!usi.ok && usi.error.message).toMatch(/2h2c is not a legal move here: the rook on 2h cannot move to 2c$/);
  });

  it('reads 同 with its padding after the piece (同銀　(79)), as some writers put it', () => {
    const kif = (move: string) => read(`手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ${move}   ( 0:01/00:00:01)\n`);
    for (const move of ['同　銀(31)', '同銀(31)', '同銀　(31)']) expect(line(kif(move))).toBe('7g7f 3c3d 8h2b+ 3a2b');
  });

  it('reads a drop given the hand as its origin (５五角打(00)), as engine-match servers write moves and lines', () => {
    const r = read([
      '手合割：平手', '手数----指手---------消費時間--',
      '   1 ７六歩(77)           ( 0:00/00:00:00)',
      '**対局 評価値 -186 読み筋 △３四歩(33) ▲２二角成(88) △同　銀(31) ▲５五角打(00)',
      '   2 ３四歩(33)', '   3 ２二角成(88)', '   4 同　銀(31)', '   5 ５五角打(00)   ( 0:07/00:01:00)', '   6 ４四角(00)', '',
    ].join('\n'));
    expect(line(r)).toBe('7g7f 3c3d 8h2b+ 3a2b B*5e B*4d');
    expect(mainLine(r)[0].evaluation).toEqual({ score: -186, pv: ['3c3d', '8h2b+', '3a2b', 'B*5e'] });
    expect(mainLine(r)[4].time).toEqual({ move: 7, total: 60 });
    expectError(parseRecord('手合割：平手\n   1 ５五角成(00)\n'), 2, 11, /no square 00/, '５五角成(00)');
  });

  it('passes over 盤面回転, the turned board Kifu for Windows was showing, in KIF and KI2', () => {
    expect(line(read('手合割：平手\n盤面回転\n手数----指手---------消費時間--\n   1 ７六歩(77)\n'))).toBe('7g7f');
    expect(line(read('手合割：平手\n盤面回転\n▲７六歩 △３四歩\n', 'ki2'))).toBe('7g7f 3c3d');
  });

  it('refuses move numbers out of order and text it cannot read', () => {
    expectError(parseRecord('手合割：平手\n   1 ７六歩(77)\n   3 ３四歩(33)\n'), 3, 4, /move number 3, expected 2/, '3');
    expectError(parseRecord('手合割：平手\n   1 ７六ポ(77)\n'), 2, 8, /expected a piece/, '７六ポ(77)');
    expectError(parseRecord('手合割：平手\n   1 ７六歩(77) xyz\n'), 2, 14, /unexpected text/, 'xyz');
    expectError(parseRecord('手合割：謎\n   1 ７六歩(77)\n'), 1, 5, /unknown 手合割/, '謎');
    // A word where a move or a known ending should be: said to be no ending known, not a bad square.
    const unknown = /^'接続切れ' is no move, nor an ending known here \(投了 中断 .*封じ手\)$/;
    expectError(parseRecord('手合割：平手\n   1 ７六歩(77)\n   2 接続切れ   ( 0:02/00:00:02)\n'), 3, 6, unknown, '接続切れ');
    expectError(parseRecord('手合割：平手\n▲７六歩 △接続切れ\n', { format: 'ki2' }), 2, 7, unknown, '接続切れ');
  });
});

describe('KI2', () => {
  it('resolves every qualifier from the position and writes the same ones back', () => {
    const r = read(fixture('qualifiers.ki2'));
    expect(line(r)).toBe('6i5h 5a4a 1c5c 4a5a 5h5g 5a4a 5g5h 4a5a 4i5i 5a4a 9c7c 4a5a G*4h 5a4a %interrupt');
    const text = write(r, 'ki2');
    for (const name of ['▲５八金左上', '▲５三龍右', '▲５七金直', '▲５八金引', '▲５九金寄', '▲７三龍左', '▲４八金打']) expect(text).toContain(name);
    expect(text).toContain('*打が要る');
    expect(read(text, 'ki2')).toEqual(r);
  });

  it('reads 同, 成, 不成, drops, comments, the summary and variations', () => {
    const r = read(fixture('even.ki2'));
    expect(line(r)).toBe('7g7f 3c3d 8h2b+ 3a2b B*5e B*3c 5e3c 2a3c B*5e B*4d 5e4d 4c4d %interrupt');
    const main = mainLine(r);
    expect(main[9].comments).toEqual(['合わせ']);
    const ply9 = main[8];
    expect(isMoveNode(ply9) && ply9.children.map((n) => usi(r, n))).toEqual(['B*4d', '7a6b']);
    const alt = isMoveNode(ply9) ? ply9.children[1] : undefined;
    expect(alt && isMoveNode(alt) && alt.children.map((n) => usi(r, n))).toEqual(['%resign']);
    const text = write(r, 'ki2');
    expect(text).toContain('▲同　角不成');
    expect(text).toContain('まで10手で後手の勝ち');
    expect(read(text, 'ki2')).toEqual(r);
    // KIF writes no 不成 (ShogiHome's reader refused `同　角不成(55)`), and reads back the same.
    const kif = write(r, 'kif');
    expect(kif).toMatch(/^ +7 同　角\(55\)/m);
    expect(kif).not.toContain('不成');
    expect(line(read(kif, 'kif'))).toBe(line(r));
  });

  it('quotes the whole move it refuses, 同　金 included, whatever separates the moves', () => {
    for (const separator of [' ', '　', '    ']) {
      const moves = ['▲７六歩', '△３四歩', '▲２二角成', '△同　金', '▲同　馬'].join(separator);
      expectError(parseRecord(`手合割：平手\n${moves}\n`, { format: 'ki2' }), 2, 3 * separator.length + 14, /no 金 can move/, '△同　金');
    }
  });

  it('reads the foul move that 将棋倶楽部24 writes last before its summary (まで7手で後手の反則勝ち) as its player\'s loss', () => {
    const moves = '手合割：平手\n▲７六歩 △５四歩 ▲５八金右 △５五歩 ▲４八銀 △５六歩 ▲５七金\n';
    const r = read(`${moves}*王手放置の反則\nまで7手で後手の反則勝ち\n`, 'ki2');
    expect(line(r)).toBe('7g7f 5c5d 4i5h 5d5e 3i4h 5e5f %illegal-loss');
    expect(mainLine(r).at(-1)!.comments).toEqual(['反則手 7 ▲５七金: no 金 can move or be dropped to ５七', '王手放置の反則']);
    expect(mainLine(r).at(-2)!.comments).toEqual([]);
    expect(line(read(`${moves}まで7手で先手の反則負け\n`, 'ki2'))).toBe(line(r));
    expect(line(read(`${moves}まで７手で後手の反則勝ち\n`, 'ki2'))).toBe(line(r));
    expect(read(write(r, 'ki2'), 'ki2')).toEqual(r);
    // Refused as before: a summary that gives no foul, or counts without the move, a move after
    // the foul on its line, or no summary at all.
    for (const end of ['まで7手で後手の勝ち\n', 'まで6手で後手の反則勝ち\n', 'まで7手で先手の反則勝ち\n', '']) {
      expectError(parseRecord(`${moves}${end}`, { format: 'ki2' }), 2, 32, /no 金 can move or be dropped to ５七/, '▲５七金');
    }
    expectError(parseRecord(`${moves.replace('▲５七金', '▲５七金 △１四歩')}まで7手で後手の反則勝ち\n`, { format: 'ki2' }), 2, 32, /no 金/, '▲５七金');
    // A refused foul's record keeps the comments after it where they were read.
    const refused = parseRecord(`${moves}*王手放置の反則\nまで7手で後手の勝ち\n`, { format: 'ki2' });
    expect(!refused.ok && mainLine(refused.error.record!).filter(isMoveNode).at(-1)!.comments).toEqual(['王手放置の反則']);
  });

  it('reads ▽ for gote, as newspapers and web pages write it, and knows such a record for KI2', () => {
    expect(line(read('手合割：香落ち\n▽３四歩 ▲７六歩 ▽４四歩\nまで3手で中断\n'))).toBe('3c3d 7g7f 4c4d %interrupt');
    expect(line(read('▲７六歩 ▽３四歩 ▲２六歩\n', 'ki2'))).toBe('7g7f 3c3d 2g2f');
  });

  it('says which move is ambiguous', () => {
    const text = fixture('qualifiers.ki2').toString().replace('▲５八金左上', '▲５八金上    ');
    expectError(parseRecord(text), 19, 1, /2 金 can move to ５八/, '▲５八金上');
  });
});

describe('CSA', () => {
  it('reads V2.2: PI with removed pieces, times, comments, several statements on a line', () => {
    const r = read(fixture('v22-handicap.csa'));
    expect(r.sfen).toBe('lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
    expect(line(r)).toBe('5a4b 7g7f 4b3b 2g2f %resign');
    expect(header(r, '先手')).toBe('下手初段');
    expect([header(r, '持ち時間'), header(r, '秒読み')]).toEqual(['各30分', '30秒']);
    expect(r.root.comments).toEqual([' 二枚落ちの棋譜']);
    const main = mainLine(r);
    expect(main[1].comments).toEqual(['角道を開ける']);
    expect(main.map((n) => n.time?.move)).toEqual([10, 5, 3, 2, undefined]);
    expect(main[2].time?.total).toBe(13);
    const text = write(r, 'csa');
    expect(text).toContain('PI22KA82HI\n-\n');
    expect(text).toContain('\n$TIME_LIMIT:00:30+30\n');
    expect(read(text)).toEqual(r);
  });

  it('reads V3.0: P1-P9 rows, P+ and P-00AL hands, milliseconds and an engine line', () => {
    const r = read(fixture('v30-position.csa'));
    expect(r.sfen).toBe('4k4/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1');
    expect(line(r)).toBe('G*5b %mate');
    const [drop] = mainLine(r);
    expect(drop.time?.move).toBe(1.5);
    expect(drop.evaluation).toEqual({ score: 30000, pv: [] });
    expect(header(r, '備考')).toBe('自作');
    const v3 = formatRecord(r, 'csa', { csaVersion: '3.0' });
    expect(v3.ok && v3.value).toMatch(/^'CSA encoding=UTF-8\nV3\.0\n/);
    expect(v3.ok && v3.value).toContain('\nT1.5\n');
    expect(v3.ok && v3.value).toContain('P-00HI00HI00KA00KA00KI00KI00GI');
    expect(read(v3.ok ? v3.value : '')).toEqual(r);
  });

  it('reads names and headers to the end of the line, commas and all, and splits P lines on commas', () => {
    const r = read('V2.2\nN+Watanabe, Akira\n$EVENT:81st Meijin, Game 1\nPI82HI22KA,-\n-3334FU,+7776FU\n');
    expect(header(r, '先手')).toBe('Watanabe, Akira');
    expect(header(r, '棋戦')).toBe('81st Meijin, Game 1');
    expect(r.sfen).toBe('lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
    expect(line(r)).toBe('3c3d 7g7f');
    const text = write(r, 'csa');
    expect(text).toContain('\nN+Watanabe, Akira\n');
    expect(read(text)).toEqual(r);
  });

  it("reads V3.0's $NOTE, $MAX_MOVES and $JISHOGI as KIF's 備考, 最大手数 and 持将棋 (ShogiHome's names), and writes them back", () => {
    const r = read('V3.0\n$NOTE:昼休前77手目19分\n$MAX_MOVES:256\n$JISHOGI:27\nPI\n+\n+7776FU\n');
    expect(r.headers).toEqual([{ key: '備考', value: '昼休前77手目19分' }, { key: '最大手数', value: '256' }, { key: '持将棋', value: '27' }]);
    const kif = write(r, 'kif');
    expect(kif).toContain('\n備考：昼休前77手目19分\n最大手数：256\n持将棋：27\n');
    const csa = formatRecord(read(kif), 'csa', { csaVersion: '3.0' });
    expect(csa.ok && csa.value).toContain('\n$NOTE:昼休前77手目19分\n$MAX_MOVES:256\n$JISHOGI:27\n');
  });

  it('reads a whole record on one line, and board rows whose runs of spaces were collapsed', () => {
    const rows = ['-KY-KE-GI-KI-OU-KI-GI-KE-KY', ' * -HI *  *  *  *  * -KA * ', '-FU'.repeat(9), ...Array(3).fill(' * '.repeat(9)),
      '+FU'.repeat(9), ' * +KA *  *  *  *  * +HI * ', '+KY+KE+GI+KI+OU+KI+GI+KE+KY'].map((row, i) => `P${i + 1}${row}`);
    expect(line(read(['V2.2', ...rows, '+', '+7776FU', '-3334FU', '%TORYO'].join(',')))).toBe('7g7f 3c3d %resign');
    const collapsed = rows.map((row) => row.replace(/ +/g, ' ').trimEnd());
    expect(collapsed[1]).toBe('P2 * -HI * * * * * -KA *');
    expect(read(['V2.2', ...collapsed, '+', '+7776FU'].join('\n')).sfen).toBe(read('PI\n+\n').sfen);
    expectError(parseRecord(['V2.2', ...collapsed.slice(0, 1), 'P2 * -HI * * * * * -XX *'].join('\n')), 3, 20, /not a CSA piece/, '-XX');
  });

  it("reads '* comments without the asterisk and writes comments so (V3.0, ShogiHome); keeps every engine line", () => {
    const r = read([
      "'CSA encoding=UTF-8", 'V3.0', 'PI', '+', "'*開始局面へのコメント", '+7776FU', 'T3', "'*角道を開ける",
      "'** 30 -3334FU", "'** 20 -8384FU", "'**  12  -3334FU", '-3334FU', "'a plain note",
    ].join('\n'));
    expect(r.root.comments).toEqual(['開始局面へのコメント']);
    const [m1, m2] = mainLine(r);
    expect(m1.comments).toEqual(['角道を開ける', '* 20 -8384FU', '*  12  -3334FU']);
    expect(m1.evaluation).toEqual({ score: 30, pv: ['3c3d'] });
    expect(m2.comments).toEqual(['a plain note']);
    const text = write(r, 'csa');
    expect(text).toContain("\n'*開始局面へのコメント\n+7776FU\nT3\n'** 30 -3334FU\n'*角道を開ける\n'** 20 -8384FU\n'**  12  -3334FU\n");
    expect(text).toContain("\n'*a plain note\n");
    expect(read(text)).toEqual(r);
  });

  it('keeps a comment to its last space, as KIF does', () => {
    const r = read("V2.2\nPI\n+\n'*before  \n+7776FU\n'*after \n");
    expect(r.root.comments).toEqual(['before  ']);
    expect(mainLine(r)[0].comments).toEqual(['after ']);
    expect(read(write(r, 'csa'))).toEqual(r);
  });

  it("takes Kifu for Windows' 'encoding=Shift_JIS line for the declaration it is, not a comment", () => {
    const r = read(["'encoding=Shift_JIS", "' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----", 'V2.2', 'PI', '+', '+7776FU'].join('\n'));
    expect(r.root.comments).toEqual([' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----']);
    expect(write(r, 'csa')).not.toContain('encoding=Shift_JIS');
  });

  it("keeps each player's time control, a time control in the form the version can say it in, and milliseconds in V3.0", () => {
    const r = read("'CSA encoding=UTF-8\nV3.0\n$TIME:600+0+10\n$TIME+:600+10+0\n$TIME-:300+10+0\nPI\n+\n+7776FU\nT1.234\n");
    expect([header(r, '持ち時間'), header(r, '先手持ち時間'), header(r, '後手持ち時間')]).toEqual(['各10分+10秒加算', '600+10+0', '300+10+0']);
    // V2.2 asked, but its keys cannot say these time controls: V3.0, declared so.
    const v22 = write(r, 'csa');
    expect(v22).toContain('\nV3.0\n$TIME:600+0+10\n$TIME+:600+10+0\n$TIME-:300+10+0\nPI\n+\n+7776FU\nT1.234\n');
    expect(read(v22)).toEqual(r);
    const v3 = formatRecord(r, 'csa', { csaVersion: '3.0' });
    expect(v3.ok && v3.value).toContain('\n+7776FU\nT1.234\n');
    expect(read(v3.ok ? v3.value : '')).toEqual(r);
    // JKF's seconds are whole, as KIF's are.
    expect(JSON.parse(write(read("V3.0\nPI\n+\n+7776FU\nT61.9\n"), 'jkf')).moves[1].time).toEqual({ now: { m: 1, s: 1 }, total: { h: 0, m: 1, s: 1 } });
    const v2Form = formatRecord(read('V2.2\n$TIME_LIMIT:00:30+30\nPI\n+\n'), 'csa', { csaVersion: '3.0' });
    expect(v2Form.ok && v2Form.value).toContain('\n$TIME:1800+30+0\n');
  });

  it('declares V2.2 only when the file holds nothing but V2.2, else writes V3.0 (its keys, %MAX_MOVES)', () => {
    const v3Only = /^(\$(TIME[+-]?|NOTE|MAX_MOVES|JISHOGI):|%MAX_MOVES$)/m;
    const kifs = ['備考：自作', '最大手数：256', '持将棋：27', '持ち時間：各5分+10秒加算', '先手持ち時間：10分+10秒'];
    const records = [...kifs.map((kif) => read(`手合割：平手\n${kif}\n`, 'kif')), read('V3.0\nPI\n+\n+7776FU\n%MAX_MOVES\n')];
    for (const [i, r] of records.entries()) {
      const text = write(r, 'csa');
      expect(text, kifs[i]).toMatch(/^'CSA encoding=UTF-8\nV3\.0\n/);
      expect(text, kifs[i]).toMatch(v3Only);
      expect(read(text).headers.map((h) => h.key), kifs[i]).toEqual(r.headers.map((h) => h.key));
      expect(mainLine(read(text)), kifs[i]).toEqual(mainLine(r));
    }
    const plain = write(read('手合割：平手\n棋戦：竜王戦\n持ち時間：各15分\n秒読み：30秒\n1 ７六歩(77)\n2 投了\n', 'kif'), 'csa');
    expect(plain).toMatch(/^'CSA encoding=UTF-8\nV2\.2\n\$EVENT:竜王戦\n\$TIME_LIMIT:00:15\+30\n/);
    expect(plain).not.toMatch(v3Only);
  });

  it("writes KIF's time control in CSA's numbers, with 秒読み folded in", () => {
    const csa = (headers: string, version: CsaVersion = '2.2') => {
      const r = formatRecord(read(`${headers}\n手合割：平手\n`, 'kif'), 'csa', { csaVersion: version });
      if (!r.ok) throw new Error(r.error);
      return r.value.split('\n').filter((l) => l.startsWith('$TIME') || l.startsWith("'*")).join('\n');
    };
    expect(csa('持ち時間：各15分\n秒読み：30秒')).toBe('$TIME_LIMIT:00:15+30');
    expect(csa('持ち時間：各15分\n秒読み：30秒', '3.0')).toBe('$TIME:900+30+0');
    for (const [kif, v22, v30] of [
      ['持ち時間：15分', '$TIME_LIMIT:00:15+00', '$TIME:900+0+0'],
      ['持ち時間：各1時間', '$TIME_LIMIT:01:00+00', '$TIME:3600+0+0'],
      ['持ち時間：2時間30分', '$TIME_LIMIT:02:30+00', '$TIME:9000+0+0'],
      ['持ち時間：各１０分＋３０秒', '$TIME_LIMIT:00:10+30', '$TIME:600+30+0'],
      ['持ち時間：10分 秒読み30秒', '$TIME_LIMIT:00:10+30', '$TIME:600+30+0'],
      ['持ち時間：10分切れ負け', '$TIME_LIMIT:00:10+00', '$TIME:600+0+0'],
      ['持ち時間：各10分\n秒読み：1分', '$TIME_LIMIT:00:10+60', '$TIME:600+60+0'],
      ['秒読み：30秒', '$TIME_LIMIT:00:00+30', '$TIME:0+30+0'],
      // V2.2 cannot say an increment: V3.0's key, in a file declared V3.0.
      ['持ち時間：各5分+10秒加算', '$TIME:300+0+10', '$TIME:300+0+10'],
      ['先手持ち時間：10分+10秒', '$TIME+:600+10+0', '$TIME+:600+10+0'],
    ]) {
      expect(csa(kif), kif).toBe(v22);
      expect(csa(kif, '3.0'), kif).toBe(v30);
    }
  });

  it('keeps a time control it cannot put in numbers as a comment, never in a $ header', () => {
    const kif = '持ち時間：各6時間（チェスクロック使用）\n秒読み：1分\n手合割：平手\n';
    const text = write(read(kif, 'kif'), 'csa');
    expect(text).not.toContain('$TIME');
    expect(text).toContain("\n'*持ち時間：各6時間（チェスクロック使用）\n'*秒読み：1分\n");
    expect(read(text).root.comments).toEqual(['持ち時間：各6時間（チェスクロック使用）', '秒読み：1分']);
  });

  it("writes Kifu for Windows' dates with the weekday (2020/10/10(土) 10:00) as CSA's YYYY/MM/DD HH:MM:SS", () => {
    const csa = (start: string, end: string) => write(read(`開始日時：${start}\n終了日時：${end}\n手合割：平手\n   1 ７六歩(77)\n`), 'csa');
    expect(csa('2020/10/10(土) 10:00', '2020/10/10(土) 18:23:45')).toContain('\n$START_TIME:2020/10/10 10:00:00\n$END_TIME:2020/10/10 18:23:45\n');
    expect(csa('2020/1/2', '２０２０/０１/０２（木）　９:０５')).toContain('\n$START_TIME:2020/01/02\n$END_TIME:2020/01/02 09:05:00\n');
    // A date of another form is left as it was.
    expect(csa('2017-03-22T01:00:00.000Z', '昼頃')).toContain('\n$START_TIME:2017-03-22T01:00:00.000Z\n$END_TIME:昼頃\n');
  });

  it('keeps, as comments, headers that CSA has no key for and KIF no header line for', () => {
    const csa = write(read('表題：第1期 名人戦\n先手省略名：名人\n手合割：平手\n', 'kif'), 'csa');
    expect(csa).toContain("\n'*表題：第1期 名人戦\n'*先手省略名：名人\n");
    const kif = write(read('{"header":{"#memo":"x","1st":"y","棋戦":"z"},"moves":[{}]}', 'jkf'), 'kif');
    expect(kif).toContain('\n*#memo：x\n*1st：y\n棋戦：z\n');
    expect(read(kif, 'kif').root.comments).toEqual(['#memo：x', '1st：y']);
    expect(write(read('V2.2\n$+SCORE:1\nPI\n+\n', 'csa'), 'kif')).toContain('\n*+SCORE：1\n');
  });

  it('reads a CSA time control as KIF words and writes it back unchanged', () => {
    const r = read('V2.2\n$TIME_LIMIT:00:15+30\nPI\n+\n');
    expect(r.headers).toEqual([{ key: '持ち時間', value: '各15分' }, { key: '秒読み', value: '30秒' }]);
    expect(write(r, 'csa')).toContain('\nV2.2\n$TIME_LIMIT:00:15+30\nPI\n');
    expect(write(r, 'kif')).toContain('\n持ち時間：各15分\n秒読み：30秒\n');
    expect(write(read(write(r, 'kif')), 'csa')).toContain('\nV2.2\n$TIME_LIMIT:00:15+30\nPI\n');
  });

  it('reads %OUTE_SENNICHITE, the perpetual check that CSA servers and programs write, as the checking side\'s foul', () => {
    const perpetual = (moves: string) => read(`V2.2\nP-11OU\nP+15HI59OU\n-\n${moves}%OUTE_SENNICHITE\n`);
    // Gote to move is in check: sente checked once too often, and gote wins.
    expect(line(perpetual(''))).toBe('%illegal-win');
    expect(write(perpetual(''), 'csa')).toContain('\n%+ILLEGAL_ACTION\n');
    // Sente to move, whose rook gave the checks, loses.
    expect(line(perpetual('-1121OU\n'))).toBe('1a2a %illegal-loss');
  });

  it('reads the first game of a file of several (separated by /), as ShogiHome does', () => {
    const game = (moves: string) => `N+A\nN-B\nPI\n+\n${moves}\n`;
    expect(line(read(`V2.2\n${game('+7776FU\n%TORYO')}/\n${game('+2726FU')}/\n${game('+9796FU\n+9695FU')}`))).toBe('7g7f %resign');
    expect(line(read(`V2.2\n${game('+7776FU\n%TORYO')}/\n'the end\n\n`))).toBe('7g7f %resign');
  });

  it('cannot carry minishogi or dobutsu: an error, not a wrong file', () => {
    for (const name of ['minishogi.kif', 'dobutsu.kif']) {
      const r = formatRecord(read(fixture(name)), 'csa');
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(/CSA cannot record/);
    }
  });

  it('points at a move the rules refuse', () => {
    const text = 'V2.2\nPI\n+\n+7776FU\n-3334FU,T1\n+2255KA\n';
    expectError(parseRecord(text), 6, 1, /2b5e|legal|no piece|has no piece/, '+2255KA');
    expectError(parseRecord('PI\n+\n+7776FU,-8384FU,+7775FU\n'), 3, 17, /no piece on 77|has no piece/, '+7775FU');
  });
});

describe('JKF', () => {
  it("reads early JKF's boolean colours, true for sente, as Kifu for JS's first parsers wrote them", () => {
    const cell = (x: number, y: number) => (x === 5 && y === 1 ? { color: false, kind: 'OU' } : x === 5 && y === 9 ? { color: true, kind: 'OU' }
      : x === 5 && y === 7 ? { color: true, kind: 'FU' } : {});
    const board = Array.from({ length: 9 }, (_, x) => Array.from({ length: 9 }, (_, y) => cell(x + 1, y + 1)));
    const r = read(JSON.stringify({
      header: {}, initial: { preset: 'OTHER', data: { color: true, board, hands: [{ KI: 1 }, {}] } },
      moves: [{}, { move: { color: true, from: { x: 5, y: 7 }, to: { x: 5, y: 6 }, piece: 'FU' } }, { move: { color: false, from: { x: 5, y: 1 }, to: { x: 4, y: 2 }, piece: 'OU' } }],
    }));
    expect(r.sfen).toBe('4k4/9/9/9/9/9/4P4/9/4K4 b G 1');
    expect(line(r)).toBe('5g5f 5a4b');
    const hirate = read(JSON.stringify({ header: {}, moves: [{}, { move: { color: true, from: { x: 7, y: 7 }, to: { x: 7, y: 6 }, piece: 'FU' } }] }));
    expect(line(hirate)).toBe('7g7f');
  });

  it('names a move without its piece', () => {
    const r = parseRecord(JSON.stringify({ header: {}, moves: [{}, { move: { from: { x: 7, y: 7 }, to: { x: 7, y: 6 }, color: 0 } }] }));
    expect(!r.ok && r.error.message).toMatch(/a move without "piece"/);
  });

  it('reads a move to the previous square given by "same" without "to", as JKF allows', () => {
    const move = (m: object) => ({ move: { color: 0, ...m } });
    const jkf = (moves: object[]) => JSON.stringify({ header: {}, moves: [{}, ...moves] });
    const moves = [
      move({ from: { x: 7, y: 7 }, to: { x: 7, y: 6 }, piece: 'FU' }), move({ color: 1, from: { x: 3, y: 3 }, to: { x: 3, y: 4 }, piece: 'FU' }),
      move({ from: { x: 8, y: 8 }, to: { x: 2, y: 2 }, piece: 'KA', promote: true }), move({ color: 1, from: { x: 3, y: 1 }, piece: 'GI', same: true }),
    ];
    expect(line(read(jkf(moves)))).toBe('7g7f 3c3d 8h2b+ 3a2b');
    const r = parseRecord(jkf([move({ from: { x: 7, y: 7 }, piece: 'FU', same: true })]));
    expect(!r.ok && r.error.message).toMatch(/"same" but there is no previous move/);
  });

  it('reads presets, forks, comments, times and specials, and writes them back', () => {
    const r = read(fixture('forks.jkf'));
    expect(r.sfen).toBe('lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
    expect(line(r)).toBe('3c3d 7g7f 2b8h+ 7i8h B*5e %resign');
    expect(r.root.children.map((n) => usi(r, n))).toEqual(['3c3d', '5a4b']);
    expect(r.root.comments).toEqual(['香落ちの一局']);
    expect(r.root.children[0].time).toEqual({ move: 5, total: 5 });
    const text = write(r, 'jkf');
    expect(text).toContain('"capture":"UM","same":true');
    expect(read(text)).toEqual(r);
    expect(read(write(r, 'kif'))).toEqual(r);
  });

  it('reads the players of a handicap game named 下手 and 上手 (tsshogi, ShogiHome) as KIF does', () => {
    const move = { color: 1, from: { x: 3, y: 3 }, to: { x: 3, y: 4 }, piece: 'FU' };
    const r = read(JSON.stringify({ header: { 下手: 'B', 上手: 'A' }, initial: { preset: 'KY' }, moves: [{}, { move }] }));
    expect(header(r, '先手')).toBe('B');
    expect(header(r, '後手')).toBe('A');
    expect(write(r, 'csa')).toMatch(/^N\+B\nN-A\n/m);
    expect(write(r, 'kif')).toContain('\n手合割：香落ち\n下手：B\n上手：A\n');
  });

  it("writes only JKF's own presets; a handicap JKF does not name (左七枚落ち, 右七枚落ち) is OTHER with its board", () => {
    const PRESETS = ['HIRATE', 'KY', 'KY_R', 'KA', 'HI', 'HIKY', '2', '3', '4', '5', '5_L', '6', '8', '10', 'OTHER'];
    for (const start of NAMED_STARTS.filter((s) => s.variant === 'shogi')) {
      const jkf = write(read(`手合割：${start.kif}\n手数----指手---------消費時間--\n`), 'jkf');
      expect(PRESETS, start.kif).toContain(JSON.parse(jkf).initial.preset);
      expect(read(jkf).sfen, start.kif).toBe(start.sfen);
    }
  });

  it('reads comments holding line breaks as lines, and no line break breaks a KIF, KI2 or CSA file', () => {
    const move = { from: { x: 7, y: 7 }, to: { x: 7, y: 6 }, color: 0, piece: 'FU' };
    const r = read(JSON.stringify({ header: { 先手: 'A\nB' }, moves: [{ comments: ['root1\r\nroot2'] }, { move, comments: ['line1\nline2'], bookmark: 'b\nm' }] }));
    expect(r.root.comments).toEqual(['root1', 'root2']);
    expect(mainLine(r)[0].comments).toEqual(['line1', 'line2']);
    for (const format of ['kif', 'ki2', 'csa'] as const) {
      const back = read(write(r, format), format);
      expect(back.root.comments, format).toEqual(['root1', 'root2']);
      expect(mainLine(back)[0].comments, format).toEqual(['line1', 'line2']);
      expect(header(back, '先手'), format).toBe('A B');
    }
    expect(mainLine(read(write(r, 'kif')))[0].bookmark).toBe('b m');
    const byHand = read('position startpos moves 7g7f');
    mainLine(byHand)[0].comments = ['one\ntwo'];
    expect(write(byHand, 'kif')).toContain('\n*one\n*two\n');
    expect(write(byHand, 'csa')).toContain("\n'*one\n'*two\n");
  });

  it('points at the piece a refused position was refused for: its diagram row, its CSA statement', () => {
    const rows = (last: string) => [
      '後手の持駒：なし', '  ９ ８ ７ ６ ５ ４ ３ ２ １', '+---------------------------+',
      '| ・ ・ ・ ・ ・ ・ ・ ・v玉|一', ...Array(4).fill('| ・ ・ ・ ・ ・ ・ ・ ・ ・|'), '| ・ ・ ・ ・ ・ ・ ・v歩 ・|六',
      '| ・ ・ ・ ・ ・ ・ ・ ・ ・|七', '| ・ ・ ・ ・ ・ ・ ・ ・ ・|八', last, '+---------------------------+', '先手の持駒：飛',
    ];
    // The dead pawn (the row of rank 9), then the second pawn on a file (nifu), each on its line.
    const dead = [...rows('| ・ ・ ・ ・ ・ ・ ・v歩 ・|九'), '手数----指手---------消費時間--', '   1 ２一飛打'].join('\n');
    expectError(parseRecord(dead), 12, 16, /gote pawn on 2i could never move/, 'v歩');
    expectError(parseRecord(rows('| ・ ・ ・ ・ ・ ・ ・ ・ ・|九').join('\n').replace('| ・ ・ ・ ・ ・ ・ ・ ・ ・|八', '| ・ ・ ・ ・ ・ ・ ・v歩 ・|八'), { format: 'kif' }),
      11, 16, /two unpromoted gote pawns on file 2 \(nifu\)/, 'v歩');
    // A second king: its row, not the line after the diagram.
    expectError(parseRecord(rows('| ・ ・ ・ ・v玉 ・ ・ ・ ・|九').join('\n'), { format: 'kif' }), 12, 10, /gote has two kings/, 'v玉');
    expectError(parseRecord('V2.2\nP-11OU29FU\nP+00HI\n+\n+0021HI\n', { format: 'csa' }), 2, 7, /gote pawn on 2i could never move/, '29FU');
    expectError(parseRecord('V2.2\nP1 *  *  *  *  *  *  *  * -OU\nP9 *  *  *  *  *  *  * -FU * \nP+00HI\n+\n', { format: 'csa' }), 3, 24, /could never move/, '-FU');
    expectError(parseRecord('V2.2\nP-11OU\nP+90FU\n+\n', { format: 'csa' }), 3, 3, /'90FU' is not a square and a piece/, '90FU');
    // A row drawn with a square too few or too many: that row, not the line after the diagram.
    const moves = ['手数----指手---------消費時間--', '   1 ２一飛打'];
    const short = rows('| ・ ・ ・ ・ ・ ・ ・ ・ ・|九');
    short[9] = '| ・ ・ ・ ・ ・ ・ ・ ・|七';
    expectError(parseRecord([...short, ...moves].join('\n')), 10, 1, /a board row has 8 squares where the others have 9/, short[9]);
    short[9] = '| ・ ・ ・ ・ ・ ・ ・ ・ ・ ・|七';
    expectError(parseRecord([...short, ...moves].join('\n')), 10, 1, /a board row has 10 squares where the others have 9/, short[9]);
    // One too many of a kind: the hands line that gave it, or the last row that drew one.
    const rooks = rows('| ・ ・ ・ ・ ・ ・ ・ ・ ・|九');
    rooks[11] = '| ・ ・ ・ ・ ・ ・ 飛 飛 ・|八';
    expectError(parseRecord([...rooks, ...moves].join('\n')), 14, 7, /more rooks than a shogi set has/, '飛');
    expectError(parseRecord('手合割：平手\n先手の持駒：飛\n   1 ７六歩(77)\n'), 2, 7, /more rooks than a shogi set has/, '飛');
    const tokins = rows('| ・ ・ ・ ・ ・ ・ ・ ・ ・|九');
    tokins[4] = tokins[5] = `|${' と'.repeat(9)}|`;
    expectError(parseRecord([...tokins, ...moves].join('\n')), 9, 16, /more pawns than a shogi set has/, 'v歩');
    expectError(parseRecord([...rows('| ・ ・ ・ ・ ・ ・ ・ ・ ・|九').slice(0, -1), '先手の持駒：金十九', ...moves].join('\n')), 14, 1, /19 golds in hand: no set has more than 18/, '先手の持駒：金十九');
    // CSA: the statement that placed it, and a P row of another width is refused where it is.
    expectError(parseRecord('V2.2\nPI\nP+00KI\n+\n+7776FU\n', { format: 'csa' }), 3, 3, /more golds than a shogi set has/, '00KI');
    expectError(parseRecord(`V2.2\nP-11OU\nP+${'00FU'.repeat(19)}\n+\n`, { format: 'csa' }), 3, 75, /19 pawns in hand: no set has more than 18/, '00FU');
    expectError(parseRecord('V2.2\nP1-KY\n+\n+7776FU\n', { format: 'csa' }), 2, 1, /a P row needs nine squares/, 'P1-KY');
    expectError(parseRecord('V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY-KY\n+\n', { format: 'csa' }), 2, 1, /a P row needs nine squares/, 'P1-KY-KE-GI-KI-OU-KI-GI-KE-KY-KY');
    expectError(parseRecord('V2.2\nP1 *  *  *  *  *  *  *  * -FU\nP+00HI\n+\n+0055HI\n', { format: 'csa' }), 3, 3, /neither side has a king/, '00HI');
  });

  it('points a position with the side not to move in check at the line that gives the side to move, else at the checked king', () => {
    const diagram = ['後手の持駒：なし', '  ９ ８ ７ ６ ５ ４ ３ ２ １', '+---------------------------+', '| ・ ・ ・ ・ ・ ・ ・ ・v玉|一',
      ...Array(7).fill('| ・ ・ ・ ・ ・ ・ ・ ・ ・|'), '| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九', '+---------------------------+', '先手の持駒：なし'];
    const moves = ['先手：A', '手数----指手---------消費時間--', '   1 ５八玉(59)'];
    // 後手番 says gote is to move while its rook checks sente's king: that line is wrong.
    const turnLine = [...diagram, '後手番', ...moves];
    turnLine[8] = '| ・ ・ ・ ・v飛 ・ ・ ・ ・|六';
    expectError(parseRecord(turnLine.join('\n')), 15, 1, /sente is in check but it is gote to move/, '後手番');
    // Without one sente is to move, and gote's king in check is what the diagram drew wrong.
    const noTurn = [...diagram, ...moves];
    noTurn[8] = '| ・ ・ ・ ・ ・ ・ ・ ・ 飛|六';
    expectError(parseRecord(noTurn.join('\n')), 4, 18, /gote is in check but it is sente to move/, 'v玉');
    expectError(parseRecord('V2.2\nP-11OU\nP+15HI59OU\n+\n+5958OU\n', { format: 'csa' }), 4, 1, /gote is in check but it is sente to move/, '+');
    expectError(parseRecord("V2.2\nP-11OU\nP+15HI59OU\n'a comment\n+,+5958OU\n", { format: 'csa' }), 5, 1, /gote is in check/, '+');
  });

  it('places JSON errors and refused moves at their line and column', () => {
    expectError(parseRecord('{\n "moves": [\n  {"x": tru}\n ]\n}'), 3, 9, /unexpected 't'|expected/, 'tru}');
    const bad = '{"initial": {"preset": "HIRATE"},\n "moves": [{},\n  {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "piece": "FU"}}]}';
    const r = parseRecord(bad);
    expect(r.ok).toBe(false);
    expect(!r.ok && [r.error.line, r.error.column]).toEqual([3, 12]);
  });
});

describe('endings', () => {
  const kif = (word: string) => read(`手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ${word}         ( 0:00/00:00:00)\n`);

  it('reads 不戦勝, 不戦敗, トライ and 詰 in KIF and KI2, and %ERROR in CSA', () => {
    expect(['不戦勝', '不戦敗', 'トライ', '詰', '詰み', '引き分け', '最大手数'].map((word) => line(kif(word)))).toEqual([
      '7g7f %win-by-default', '7g7f %loss-by-default', '7g7f %try', '7g7f %mate', '7g7f %mate', '7g7f %draw', '7g7f %max-moves',
    ]);
    for (const word of ['不戦勝', '不戦敗', 'トライ']) expect(line(read(write(kif(word), 'ki2'), 'ki2'))).toBe(line(kif(word)));
    expect(line(read('V2.2\nPI\n+\n+7776FU\n-3334FU\n%ERROR\n'))).toBe('7g7f 3c3d %error');
  });

  it('reads a KI2 summary that gives a mate problem its length without で (まで1手詰)', () => {
    const rows = ['| ・ ・ ・ ・ ・ ・ ・ ・v玉|一', '| ・ ・ ・ ・ ・ ・ ・ ・ ・|二', '| ・ ・ ・ ・ ・ ・ ・ 歩 ・|三',
      ...Array(6).fill('| ・ ・ ・ ・ ・ ・ ・ ・ ・|')];
    const ki2 = (summary: string) => read(['後手の持駒：なし', ...rows, '先手の持駒：金', '▲２二金', summary, ''].join('\n'), 'ki2');
    for (const summary of ['まで1手詰', 'まで1手詰み', 'まで1手で詰み']) expect(line(ki2(summary))).toBe('G*2b %mate');
  });

  it('reads who won from the player a summary names, in KI2 and in a KIF without an ending line', () => {
    const ki2 = (moves: string, summary: string) => parseRecord(`手合割：平手\n${moves}\n${summary}\n`, { format: 'ki2' });
    const two = '▲７六歩　△３四歩';
    const ending = (moves: string, summary: string) => { const r = ki2(moves, summary); return r.ok ? line(r.value).split(' ').pop() : r.error.message; };
    // After two moves sente is to move: a foul named on gote is gote's loss, sente's win.
    expect(ending(two, 'まで2手で後手の反則負け')).toBe('%illegal-win');
    expect(ending(two, 'まで2手で先手の反則負け')).toBe('%illegal-loss');
    expect(ending(two, 'まで2手で後手の反則勝ち')).toBe('%illegal-loss');
    expect(ending(two, 'まで2手で後手の勝ち')).toBe('%resign');
    expect(ending(two, 'まで２手で後手の勝ち')).toBe('%resign');
    expect(ending(two, 'まで2手で後手勝ち')).toBe('%resign');
    expect(ending(two, 'まで2手で先手投了')).toBe('%resign');
    expect(ending(two, 'まで、2手で時間切れにより後手の勝ち')).toBe('%time-up');
    expect(ending(two, 'まで2手で先手の反則負け(二歩)')).toBe('%illegal-loss');
    expect(ending(two, 'まで2手で千日手（指し直し）')).toBe('%sennichite');
    expect(ending(`${two}　▲２六歩`, 'まで3手で後手の入玉勝ち')).toBe('%entering-king');
    // A bare count ends nothing (it was refused, and the game with it).
    expect(ending(two, 'まで2手')).toBe('3c3d');
    // Written back the way Kifu for Windows words it: the winner named, gote's foul kept.
    const foul = ki2(two, 'まで2手で後手の反則負け');
    const written = foul.ok ? write(foul.value, 'ki2') : '';
    expect(written).toContain('まで2手で先手の反則勝ち');
    expect(line(read(written, 'ki2'))).toBe('7g7f 3c3d %illegal-win');
    // A summary that cannot be this line's is refused, with its line.
    expectError(ki2(two, 'まで2手で先手の勝ち'), 3, 1, /'まで2手で先手の勝ち' does not fit a line that ends with 先手 to move/, 'まで2手で先手の勝ち');
    expectError(ki2(two, 'まで5手で後手の勝ち'), 3, 1, /counts 5 moves, the line before it has 2/, 'まで5手で後手の勝ち');
    expectError(ki2(two, 'まで2手で後手の大勝利'), 3, 1, /cannot read how the game ended from 'まで2手で後手の大勝利'/, 'まで2手で後手の大勝利');
    // KIF: the ending line says it, and the summary repeats it; without one the summary ends the line.
    const kif = (body: string) => read(`手合割：平手\n手数----指手---------消費時間--\n${body}`, 'kif');
    expect(line(kif('   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\nまで3手で先手の勝ち\n'))).toBe('7g7f 3c3d 2g2f %resign');
    expect(line(kif('   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n'))).toBe('7g7f 3c3d %resign');
  });

  it("reads 入玉宣言, the declaration's word in the KIF files cshogi writes (engine matches), as the declared win", () => {
    expect(line(kif('入玉宣言'))).toBe('7g7f %entering-king');
    // Its summary says the same, with no player named: the side to move declared.
    expect(line(read('手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\nまで1手で入玉宣言\n'))).toBe('7g7f %entering-king');
  });

  it('reads the summary after 入玉勝ち: the player who declared, the side to move, is named, and written back so', () => {
    const kif = (body: string, start = '手合割：平手') => parseRecord(`${start}\n手数----指手---------消費時間--\n${body}`, { format: 'kif' });
    const declared = kif('   1 ７六歩(77)\n   2 入玉勝ち\nまで1手で後手の入玉勝ち\n');
    expect(declared.ok && line(declared.value)).toBe('7g7f %entering-king');
    const r = declared.ok ? declared.value : read('');
    expect(write(r, 'kif')).toContain('\n   2 入玉勝ち\nまで1手で後手の入玉勝ち\n');
    expect(write(r, 'ki2')).toContain('\n▲７六歩\nまで1手で後手の入玉勝ち\n');
    for (const f of ['kif', 'ki2'] as const) expect(read(write(r, f), f)).toEqual(r);
    // In a handicap game 上手 moves first: after two moves it is 上手 who declares.
    const handicap = kif('   1 ３四歩(33)\n   2 ７六歩(77)\n   3 入玉勝ち\nまで2手で上手の入玉勝ち\n', '手合割：香落ち');
    expect(handicap.ok && write(handicap.value, 'kif')).toContain('\nまで2手で上手の入玉勝ち\n');
    // The player who made the last move cannot have declared: the file is wrong, and its line is named.
    expectError(kif('   1 ７六歩(77)\n   2 入玉勝ち\nまで1手で先手の入玉勝ち\n'), 5, 1,
      /'まで1手で先手の入玉勝ち' does not fit a line that ends with 先手 not to move/, 'まで1手で先手の入玉勝ち');
  });

  it('reads a sealed move (封じ手, a game adjourned overnight) as an interruption, in KIF and KI2', () => {
    expect(line(kif('封じ手'))).toBe('7g7f %interrupt');
    expect(line(read('手合割：平手\n▲７六歩\nまで1手で封じ手\n', 'ki2'))).toBe('7g7f %interrupt');
  });

  it('writes the KIF words of Kifu for Windows and ShogiHome: 持将棋 for CSA %HIKIWAKE and %MAX_MOVES', () => {
    for (const [csa, word] of [['HIKIWAKE', '持将棋'], ['MAX_MOVES', '持将棋'], ['MATTA', '待った'], ['ERROR', 'エラー']]) {
      expect(write(read(`PI\n+\n+7776FU\n%${csa}\n`), 'kif')).toContain(`\n   2 ${word}\n`);
    }
  });

  it('refuses to write to CSA or JKF an ending they have no name for', () => {
    for (const [format, name] of [['csa', 'CSA'], ['jkf', 'JKF']] as const) {
      const r = formatRecord(kif('不戦敗'), format);
      expect(!r.ok && r.error).toBe(`${name} has no name for the ending loss-by-default`);
    }
  });
});

describe('USI and SFEN', () => {
  it('reads position startpos / sfen … moves … and writes the main line', () => {
    const r = read('position startpos moves 7g7f 3c3d 8h2b+');
    expect(line(r)).toBe('7g7f 3c3d 8h2b+');
    expect(write(r, 'usi')).toBe('position startpos moves 7g7f 3c3d 8h2b+\n');
    const mini = read('position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 4e4d');
    expect(mini.variant).toBe('minishogi');
    expect(write(mini, 'usi')).toBe('position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 4e4d\n');
    // The words position and sfen may both be left out before an SFEN and its moves.
    const bare = parseRecord('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d');
    expect(bare.ok && line(bare.value)).toBe('7g7f 3c3d');
    expect(line(read('rbsgk/4p/5/P4/KGSBR b - moves 4e4d'))).toBe('4e4d');
  });

  it('writes the SFEN of the end of the main line and reads an SFEN as a start', () => {
    const r = read(fixture('even-variations.kif'));
    const sfen = write(r, 'sfen').trim();
    const pos = positionAt(r, [0, 0, 0, 0, 0]);
    expect(pos.ok && pos.value.sfen()).toBe(sfen);
    expect(read(sfen).sfen).toBe(sfen);
    expect(read('rkb/1p1/1P1/BKR b -').variant).toBe('dobutsu');
    // A tsume record ends at the defender's turn, the attacker without a king: it reads back.
    const tsume = write(read(fixture('tsume.kif')), 'sfen').trim();
    expect(tsume).toMatch(/^4k4\/4G4\/4G4\/.* w /);
    expect(read(tsume).sfen).toBe(tsume);
  });

  it('points into the line at what is wrong', () => {
    expectError(parseRecord('position startpos moves 7g7f 7g7f'), 1, 30, /not a legal move/, '7g7f');
    expectError(parseRecord('position startpos moves 7g7f 3c3x'), 1, 32, /square/, '3c3x');
    expectError(parseRecord('position sfen lnsgkgsnl/9 b - 1 moves', { format: 'usi' }), 1, 15, /ranks/, 'lnsgkgsnl/9');
  });
});

describe('detection and encodings', () => {
  it('tells every format from its content', () => {
    for (const [name, format] of [
      ['even-variations.kif', 'kif'], ['tsume.kif', 'kif'], ['even.ki2', 'ki2'], ['qualifiers.ki2', 'ki2'],
      ['v22-handicap.csa', 'csa'], ['v30-position.csa', 'csa'], ['forks.jkf', 'jkf'],
    ] as const) {
      expect(read(fixture(name))).toEqual(read(fixture(name), format));
    }
    const unknown = parseRecord('hello world');
    expect(!unknown.ok && unknown.error.message).toMatch(/cannot tell the format/);
    // Nothing pasted: said so, not taken for an unknown format.
    for (const empty of ['', '\n  \r\n', '\uFEFF']) {
      const result = parseRecord(empty);
      expect(!result.ok && result.error.message, JSON.stringify(empty)).toBe('the record is empty: there is nothing to read');
    }
  });

  it('declares UTF-8 in KIF, KI2 and CSA, and Shift_JIS where CSA V3.0 must; reads the declarations back', () => {
    // Without its 備考, which only V3.0 can say.
    const full = read(fixture('even-variations.kif'));
    const r = { ...full, headers: full.headers.filter((h) => h.key !== '備考') };
    const written = (format: RecordFormat, options: WriteOptions = {}) => {
      const bytes = writeRecord(r, format, options);
      if (!bytes.ok) throw new Error(bytes.error);
      expect(read(bytes.value)).toEqual(read(write(r, format)));
      return decode(bytes.value, options.encoding ?? 'utf-8');
    };
    expect(written('kif')).toMatch(/^#KIF version=2\.0 encoding=UTF-8\n開始日時：/);
    expect(written('ki2')).toMatch(/^#KI2 version=2\.0 encoding=UTF-8\n開始日時：/);
    expect(written('csa')).toMatch(/^'CSA encoding=UTF-8\nV2\.2\n/);
    expect(written('kif', { encoding: 'shift_jis' })).toMatch(/^開始日時：/);
    expect(written('csa', { encoding: 'shift_jis' })).toMatch(/^V2\.2\n/);
    expect(written('csa', { encoding: 'shift_jis', csaVersion: '3.0' })).toMatch(/^'CSA encoding=SHIFT_JIS\nV3\.0\n/);
  });

  it('reads Shift_JIS files with CRLF line ends like their UTF-8 twins', () => {
    expect(read(fixture('even-variations.sjis.kif'))).toEqual(read(fixture('even-variations.kif')));
    expect(read(fixture('even.sjis.ki2'))).toEqual(read(fixture('even.ki2')));
    expect(read(fixture('v22-handicap.sjis.csa'))).toEqual(read(fixture('v22-handicap.csa')));
  });
});
