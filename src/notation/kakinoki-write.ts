/**
 * Writing what KIF and KI2 share (headers, annotations, the walk of the tree in their order),
 * apart from kakinoki.ts, the reading: a page that only shows records loads no writer.
 */
import { namedStartOf } from '../game/handicap.js';
import {
  HEADER, commentLines, evaluationAndComments, isMoveNode, oneLine,
  type GameRecord, type Node, type Parent, type Root,
} from '../game/record.js';
import { movesBeforeStart, startPosition } from '../game/tree.js';
import type { Position } from '../rules/position.js';
import { fail, ok, type Color, type Result, type Square } from '../rules/types.js';
import { formatBod } from './bod.js';
import type { Encoding } from './encoding.js';
import { formatJapaneseMove } from './japanese.js';
import { HEADER_LINE, evaluationLine, readEvaluation } from './kakinoki.js';
import { parseSfen } from './sfen.js';
import { KIF_SPECIALS, handicapPlayers, summary } from './summary.js';

/** The header lines: in UTF-8 the declaration Kifu for Windows V7 needs to read a file as UTF-8
 * (`#KIF version=2.0 encoding=UTF-8`, and `#KI2 …` in a KI2 file, as ShogiGUI and MyShogi write
 * them too; Shift_JIS, the default of .kif and .ki2 files, is declared by nothing), then the
 * record's headers, with 手合割 or a board diagram before the players as Kifu for Windows writes
 * them. The players are 下手 and 上手 in a handicap game: a standard one, or one from a diagram
 * whose 手合割 names a handicap (その他). */
export function writeKakinokiHeader(record: GameRecord, encoding: Encoding, spelling: 'kif' | 'ki2'): string[] {
  const named = namedStartOf(record.sfen);
  const setup = parseSfen(record.sfen, record.variant);
  // A 手合割 is a game's first move: the start reached again later (手数＝4 after ▲４八飛 △４二飛
  // ▲２八飛 △８二飛) is a diagram, whose 手数＝N keeps the moves played to it, which the 手合割 lost.
  const startNamed = named !== undefined && named.variant === record.variant && (!setup.ok || setup.value.moveNumber === 1);
  const handicap = handicapPlayers(record);
  // A named start is written as its 手合割, which a 手合割 header (from JKF) would repeat.
  const headers = record.headers.filter(({ key }) => !(startNamed && key === HEADER.handicap));
  const lines = headers.map(({ key, value }) => {
    const name = oneLine(handicap && key === HEADER.sente ? '下手' : handicap && key === HEADER.gote ? '上手' : key);
    // A key no reader takes for one (from JKF or CSA: #memo, 1st, +SCORE) is kept as a comment.
    const readable = HEADER_LINE.test(`${name}：`) && !/[：:]/.test(name) && !/^\d/.test(name);
    return `${readable ? '' : '*'}${name}：${oneLine(value)}`;
  });
  const start = startNamed ? [`手合割：${named.kif}`] : setup.ok ? formatBod(setup.value, handicap, record.previousMove) : [];
  const players = headers.findIndex(({ key }) => key === HEADER.sente || key === HEADER.gote);
  lines.splice(players < 0 ? lines.length : players, 0, ...start);
  return encoding === 'utf-8' ? [`#${spelling.toUpperCase()} version=2.0 encoding=UTF-8`, ...lines] : lines;
}

/** Evaluation, comment and bookmark lines after a node (or before the first move); see
 * evaluationAndComments. */
export function writeAnnotations(node: Root | Node, after?: Position): string[] {
  const comments = commentLines(node.comments).map((c) => `*${c}`);
  const evaluation = 'evaluation' in node && after ? node.evaluation : undefined;
  const last = 'move' in node ? node.move : undefined;
  const lines = evaluationAndComments(evaluation, comments, (c) => readEvaluation(c, after!, last?.to), (e) => evaluationLine(e, after!, last));
  return node.bookmark !== undefined ? [...lines, `&${oneLine(node.bookmark)}`] : lines;
}


/** One node as the walk meets it. */
export interface Step {
  node: Node;
  /** KIF's number of the node: its ply on its line, an ending counted too, after the moves a
   * diagram part way through a game counts before it (5 after 手数＝4), as the summary counts them. */
  ply: number;
  /** The move's Japanese name (KIF or KI2 spelling), or the ending's word. */
  name: string;
  /** Seconds the mover had used after the node: the record's total, else the sum so far. */
  total: number;
  /** The position after the node. */
  after: Position;
  /** Whether variations follow this node (KIF marks it with +). */
  alternatives: boolean;
}

export interface LineWriter {
  step(step: Step): void;
  /** A line ended by a special: the summary line KI2 needs (`まで76手で先手の勝ち`). */
  end(summaryLine: string): void;
  /** A variation starts at move `ply` of the line before it. */
  variation(ply: number): void;
}

/**
 * Walks the tree in the order KIF and KI2 list it: a line to its end, then the alternatives to
 * its moves from the last one back, each followed by its own alternatives the same way.
 */
export function walkKakinoki(record: GameRecord, spelling: 'kif' | 'ki2', writer: LineWriter): Result<void, string> {
  const start = startPosition(record);
  if (!start.ok) return fail(start.error.message);
  const pos = start.value;
  const handicap = handicapPlayers(record);
  const line = (parent: Parent, index: number, ply: number, totals: Record<Color, number>, lastTo?: Square): Result<void, string> => {
    const chain: { parent: Parent; index: number; ply: number; totals: Record<Color, number>; lastTo?: Square }[] = [];
    let played = 0;
    const rewind = () => { for (; played > 0; played--) pos.undo(); };
    for (let at: Parent | undefined = parent, i = index, n = ply; at?.children[i]; n++, i = 0) {
      const node: Node = at.children[i];
      chain.push({ parent: at, index: i, ply: n, totals: { ...totals }, lastTo });
      const mover = pos.turn;
      let name: string;
      if (isMoveNode(node)) {
        name = formatJapaneseMove(pos, node.move, { lastTo, kif: spelling === 'kif' });
        const r = pos.play(node.move);
        if (!r.ok) { rewind(); return fail(`move ${n}: ${r.error.message}`); }
        played++;
        lastTo = node.move.to;
      } else name = KIF_SPECIALS[node.special];
      if (node.time) totals[mover] = node.time.total ?? totals[mover] + node.time.move;
      writer.step({ node, ply: n, name, total: totals[mover], after: pos, alternatives: i < at.children.length - 1 });
      if (!isMoveNode(node)) writer.end(summary(node.special, n - 1, pos.turn, handicap));
      at = isMoveNode(node) ? node : undefined;
    }
    for (let k = chain.length - 1; k >= 0; k--) {
      const { parent: from, index: taken, ply: n, totals: before, lastTo: previous } = chain[k];
      if (isMoveNode(from.children[taken])) { pos.undo(); played--; }
      // A variation's own later siblings are its caller's to write.
      const siblings = k === 0 && index > 0 ? taken + 1 : from.children.length;
      for (let alt = taken + 1; alt < siblings; alt++) {
        writer.variation(n);
        const r = line(from, alt, n, { ...before }, previous);
        if (!r.ok) { rewind(); return r; }
      }
    }
    return ok(undefined);
  };
  return line(record.root, 0, movesBeforeStart(record) + 1, { sente: 0, gote: 0 });
}

/** Display width: full-width characters take two columns, which KIF's alignment counts. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const c of text) w += c.charCodeAt(0) > 0xff ? 2 : 1;
  return w;
}

