/**
 * Seeded random game records for property tests and the records bench: legal games played by
 * picking random legal moves through Position, with random variations, comments, times,
 * bookmarks, evaluations and endings. The same seed always gives the same record.
 */
import { NAMED_STARTS } from '../../src/game/handicap.js';
import { SPECIALS, emptyRecord, type GameRecord, type MoveNode, type Node, type Parent, type Special } from '../../src/game/record.js';
import { Position } from '../../src/rules/position.js';
import { START_SFEN, type Color, type Variant } from '../../src/rules/types.js';
import { formatUsiMove } from '../../src/notation/usi.js';

/** mulberry32: small, fast and good enough to shuffle test data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomOptions {
  variant?: Variant;
  /** Plies of the main line at most. */
  plies?: number;
  /** Chance that a move gets variations. */
  branching?: number;
  /** Whether to add comments, times, bookmarks, evaluations and endings. */
  annotate?: boolean;
  /** The endings to pick from (all by default). */
  specials?: readonly Special[];
}

const WORDS = ['角道を開ける', '良い手', 'a quiet move', '疑問手!?', 'ここで長考', '先手有利', '△３四歩も有力', 'x', '5五将棋', '記号 (77) ＊ & 変化'];
const HEADER_POOL: [string, string][] = [
  ['開始日時', '2024/03/01 10:00:00'], ['終了日時', '2024/03/01 12:34:56'], ['棋戦', '練習対局'], ['場所', '東京'],
  ['持ち時間', '各10分'], ['戦型', '相掛かり'], ['先手', '先手太郎'], ['後手', '後手花子'], ['備考', 'メモ'],
];

export function randomRecord(seed: number, options: RandomOptions = {}): GameRecord {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
  const { variant = 'shogi', plies = 40, branching = 0.08, annotate = true, specials = SPECIALS } = options;
  const starts = NAMED_STARTS.filter((s) => s.variant === variant);
  const sfen = variant === 'shogi' && rnd() < 0.2 ? pick(starts).sfen : START_SFEN[variant];
  const record = emptyRecord(variant, sfen);
  if (annotate) {
    record.headers = HEADER_POOL.filter(() => rnd() < 0.5).map(([key, value]) => ({ key, value }));
    if (rnd() < 0.4) record.root.comments.push(pick(WORDS));
    if (rnd() < 0.1) record.root.bookmark = 'start';
  }
  const start = Position.fromSfen(sfen, variant);
  if (!start.ok) throw new Error(start.error.message);
  const pos = start.value;

  const annotateNode = (node: Node, totals: Record<Color, number>, mover: Color) => {
    if (!annotate) return;
    if (rnd() < 0.3) node.comments.push(pick(WORDS));
    if (rnd() < 0.1) node.comments.push(pick(WORDS), pick(WORDS));
    if (rnd() < 0.7) {
      const move = Math.floor(rnd() * 120);
      totals[mover] += move;
      node.time = { move, total: totals[mover] };
    }
    if (rnd() < 0.05) node.bookmark = `mark${Math.floor(rnd() * 100)}`;
  };

  /** Plays a random line of at most `length` plies after `parent`; `pos` is restored. */
  const grow = (parent: Parent, length: number, totals: Record<Color, number>, depth: number) => {
    let at = parent;
    let played = 0;
    for (let i = 0; i < length; i++) {
      const legal = pos.legalMoves();
      if (legal.length === 0) break;
      const mover = pos.turn;
      const move = pick(legal);
      const node: MoveNode = { move, comments: [], children: [] };
      at.children.push(node);
      annotateNode(node, totals, mover);
      pos.play(move);
      played++;
      if (annotate && rnd() < 0.1) {
        const pv = pos.legalMoves().slice(0, 1).map((m) => formatUsiMove(m, variant));
        node.evaluation = { score: Math.floor(rnd() * 2000) - 1000, pv };
      }
      if (depth < 2 && rnd() < branching) {
        pos.undo();
        const alternatives = legal.filter((m) => m !== move);
        for (let k = 0; k < 1 + Math.floor(rnd() * 2) && alternatives.length; k++) {
          const alt = alternatives.splice(Math.floor(rnd() * alternatives.length), 1)[0];
          const before = at.children.length;
          pos.play(alt);
          const altNode: MoveNode = { move: alt, comments: [], children: [] };
          at.children.push(altNode);
          const altTotals = { ...totals };
          annotateNode(altNode, altTotals, mover);
          grow(altNode, Math.floor(rnd() * 6), altTotals, depth + 1);
          pos.undo();
          if (at.children.length === before) break;
        }
        pos.play(move);
      }
      at = node;
    }
    if (annotate && rnd() < 0.5 && pos.outcome() === undefined) {
      const end: Node = { special: pick(specials), comments: [] };
      annotateNode(end, { ...totals }, pos.turn);
      at.children.push(end);
    }
    for (; played > 0; played--) pos.undo();
  };
  grow(record.root, plies, { sente: 0, gote: 0 }, 0);
  return record;
}
