/**
 * A game record as data: where the game started, the tree of moves with its variations, and
 * what was said about it. Every format in src/notation reads into this and writes from it; the
 * rules are never consulted here (src/game/tree.ts replays a record through Position).
 */
import { START_SFEN, type Move, type Variant } from '../rules/types.js';

/** Ways a line can end other than by running out of moves; the names say who wins relative to
 * the side to move when the ending is recorded (KIF's 反則勝ち: the side to move wins, because
 * the previous move was illegal; 不戦勝, win-by-default: the side to move wins without play).
 * `try` is dobutsu shogi's (the lion reached the far rank); `error` is CSA's %ERROR, a game
 * stopped by a move that could not be read or played. */
export const SPECIALS = [
  'resign', 'interrupt', 'sennichite', 'jishogi', 'entering-king', 'time-up',
  'illegal-win', 'illegal-loss', 'mate', 'no-mate', 'draw', 'max-moves', 'matta',
  'win-by-default', 'loss-by-default', 'try', 'error',
] as const;
export type Special = (typeof SPECIALS)[number];

export interface MoveTime {
  /** Seconds spent on this move (fractions are kept: CSA V3.0 records milliseconds). */
  move: number;
  /** Seconds the mover had used in total after this move, when the record says. */
  total?: number;
}

/** What an engine thought of the position after a move. */
export interface Evaluation {
  /** Centipawns from sente's point of view. */
  score: number;
  /** The expected continuation, in USI. */
  pv: string[];
}

/** What any point of the tree (the start included) may carry besides its move. */
export interface Annotations {
  /** Comment lines, in order; a line may be empty. */
  comments: string[];
  /** KIF's named bookmark (`&name`). */
  bookmark?: string;
}

interface Played extends Annotations {
  time?: MoveTime;
  evaluation?: Evaluation;
}

export interface MoveNode extends Played {
  move: Move;
  /** What follows; the first child continues this line, the others are variations. */
  children: Node[];
}

/** The end of a line; it has no children. */
export interface EndNode extends Played {
  special: Special;
}

export type Node = MoveNode | EndNode;

/** The start of the game: comments before the first move and the first moves. */
export interface Root extends Annotations {
  children: Node[];
}

export type Parent = Root | MoveNode;

/** One header field. Known fields use the KIF names (see HEADER), so that KIF, KI2 and JKF need
 * no translation and CSA translates once; any other key is kept as it was read. */
export interface Header {
  key: string;
  value: string;
}

export const HEADER = {
  sente: '先手',
  gote: '後手',
  event: '棋戦',
  site: '場所',
  start: '開始日時',
  end: '終了日時',
  /** In words, 各15分 (CSA translates: src/notation/time-control.ts). */
  timeControl: '持ち時間',
  /** 30秒: the byoyomi of 持ち時間, in words. */
  byoyomi: '秒読み',
  /** Each player's own time control (CSA V3.0's $TIME+ and $TIME-; the names are ShogiHome's). */
  senteTimeControl: '先手持ち時間',
  goteTimeControl: '後手持ち時間',
  opening: '戦型',
  /** CSA V3.0's $NOTE, $MAX_MOVES and $JISHOGI (the names are ShogiHome's): remarks, the move
   * limit and the impasse rule (24 or 27 points). */
  note: '備考',
  maxMoves: '最大手数',
  jishogi: '持将棋',
  /** KIF's handicap, kept as a header where the start does not come from it: a board diagram
   * gives the start (手合割：その他), or a JKF header repeats its initial preset. */
  handicap: '手合割',
} as const;

/** Handicap games call the players 下手 (sente, moving second) and 上手 (gote, moving first); KIF,
 * KI2 and JKF (tsshogi and ShogiHome write it so) give them under those names, which a record
 * keeps as 先手 and 後手, as its writers expect. */
export const PLAYER_ALIASES: Readonly<Record<string, string>> = { 下手: HEADER.sente, 上手: HEADER.gote };

export interface GameRecord {
  variant: Variant;
  /** The initial position; standard starts and handicaps are recognised from it when written. */
  sfen: string;
  /** The move that led to the start, as a diagram part way through a game names it on its 手数
   * line (▲７六歩): the record does not hold the position before it, so KIF and KI2 keep its name
   * to write it back, as Kifu for Windows writes it. */
  previousMove?: string;
  headers: Header[];
  root: Root;
}

export function isMoveNode(node: Node): node is MoveNode {
  return 'move' in node;
}

export function emptyRecord(variant: Variant = 'shogi', sfen = START_SFEN[variant]): GameRecord {
  return { variant, sfen, headers: [], root: { comments: [], children: [] } };
}

/** Comments as lines: an entry holding line breaks (a JKF comment, text typed by hand) is as many
 * lines, which is how the text formats write and read it. */
export function commentLines(comments: readonly string[]): string[] {
  return comments.flatMap((comment) => comment.split(/\r\n|\r|\n/));
}

/** A header value or a bookmark, which text formats hold on one line: line breaks become spaces. */
export function oneLine(text: string): string {
  return text.replace(/[^\S\r\n]*(\r\n|\r|\n)\s*/g, ' ');
}

/**
 * Takes a comment line that may state an engine's evaluation (`read` reads it from the line, and
 * says whether the writer would write that evaluation as this very line; it is asked only while
 * the node has none, since reading follows the whole line). A node's first evaluation becomes
 * its evaluation; the line stays a comment unless the writer gives it back word for word, so
 * that no line read is lost or changed.
 */
export function addCommentLine(node: Node, comment: string, read: () => { evaluation: Evaluation; exact: boolean } | undefined): void {
  const found = node.evaluation ? undefined : read();
  if (found) {
    node.evaluation = found.evaluation;
    if (found.exact) return;
  }
  node.comments.push(comment);
}

/** A node's evaluation and comment lines as the KIF and CSA writers put them: the evaluation
 * first, so that a comment which looks like one is read back as a comment, and left out when a
 * comment (the engine line it was read from) states it already. `read` reads a comment line as
 * an evaluation, `line` writes one. */
export function evaluationAndComments(
  evaluation: Evaluation | undefined,
  comments: string[],
  read: (comment: string) => Evaluation | undefined,
  line: (evaluation: Evaluation) => string,
): string[] {
  if (!evaluation) return comments;
  const states = (comment: string) => {
    const found = read(comment);
    return found !== undefined && found.score === evaluation.score && found.pv.join(' ') === evaluation.pv.join(' ');
  };
  return comments.some(states) ? comments : [line(evaluation), ...comments];
}

export function headerValue(record: GameRecord, key: string): string | undefined {
  return record.headers.find((h) => h.key === key)?.value;
}
