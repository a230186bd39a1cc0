/**
 * BOD, the board diagram KIF and KI2 use for positions that no 手合割 names (詰将棋, その他):
 *
 *   後手の持駒：飛　金四　歩十七
 *     ９ ８ ７ ６ ５ ４ ３ ２ １
 *   +---------------------------+
 *   | ・ ・ ・ ・ ・ ・ ・v桂v香|一
 *   ...
 *   +---------------------------+
 *   先手の持駒：なし
 *   手数＝1  ▲７六歩  まで
 *   後手番
 *
 * Each square is two characters: 'v' or a space for the colour, then the piece in one character
 * (成銀 is 全, 成桂 圭, 成香 杏). The width of the diagram tells the variant.
 */
import {
  DIMENSIONS, HAND_ROLES, VARIANTS, emptyHand, fail, fileOf, ok, rankOf, squareOf,
  type Color, type Hand, type HandRole, type Piece, type Result, type Role, type Setup, type Square, type Variant,
} from '../rules/types.js';
import { PIECE_KANJI, readPieceKanji } from './japanese.js';
import { unpromoted } from './promotion.js';
import { MAX_HAND_COUNT, handExcess } from './sfen.js';

const BOARD_KANJI: Record<Role, string> = { ...PIECE_KANJI, promotedlance: '杏', promotedknight: '圭', promotedsilver: '全' };
const RANKS = '一二三四五六七八九';
const NUMBERS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export function kanjiNumber(n: number): string {
  return n <= 10 ? NUMBERS[n] : `十${NUMBERS[n - 10]}`;
}

/** 二 → 2, 十七 → 17, also ASCII and full-width digits; undefined when not a number. */
export function readKanjiNumber(text: string): number | undefined {
  const ascii = text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  if (/^\d+$/.test(ascii)) return Number(ascii);
  const m = /^(十)?([一二三四五六七八九])?$/.exec(text);
  if (!m || text === '') return undefined;
  return (m[1] ? 10 : 0) + (m[2] ? NUMBERS.indexOf(m[2]) : 0);
}

/** The lines of a hands field after the colon: 飛　角　金四, or なし. */
export function formatHand(hand: Hand): string {
  const items = HAND_ROLES.filter((r) => hand[r] > 0).map((r) => PIECE_KANJI[r] + (hand[r] > 1 ? kanjiNumber(hand[r]) : ''));
  return items.length ? items.join('　') + '　' : 'なし';
}

/** A hands field: 飛　角　金四, also without separators (飛角金四銀四…, which Kifu for Windows and
 * ShogiGUI read too), or なし. Each piece may be followed by its count. */
export function readHand(text: string): Result<Hand, string> {
  const hand = emptyHand();
  const value = text.trim();
  if (value === 'なし' || value === '') return ok(hand);
  for (const item of value.split(/[\s　、,]+/).filter(Boolean)) {
    for (let at = 0; at < item.length;) {
      const piece = readPieceKanji(item.slice(at));
      if (!piece || !(HAND_ROLES as readonly Role[]).includes(piece.role)) return fail(`'${item.slice(at)}' is not a piece that can be in hand`);
      at += piece.length;
      const digits = /^(十[一二三四五六七八九]?|[一二三四五六七八九]|[0-9０-９]+)/.exec(item.slice(at))?.[0] ?? '';
      hand[piece.role as HandRole] += digits ? readKanjiNumber(digits)! : 1;
      at += digits.length;
    }
  }
  const excess = HAND_ROLES.find((r) => hand[r] > MAX_HAND_COUNT);
  if (excess) return fail(handExcess(excess, hand[excess]));
  return ok(hand);
}

/** The diagram lines of a setup, hands and side to move included. */
export function formatBod(setup: Setup, handicap = false, previousMove?: string): string[] {
  const { files, ranks } = DIMENSIONS[setup.variant];
  const [up, down] = handicap ? ['上手', '下手'] : ['後手', '先手'];
  const fileLine = '  ' + Array.from({ length: files }, (_, i) => '９８７６５４３２１'.slice(9 - files)[i]).join(' ');
  const border = '+' + '-'.repeat(files * 3) + '+';
  const rows = Array.from({ length: ranks }, (_, r) => {
    let row = '|';
    for (let file = files; file >= 1; file--) {
      const piece = setup.board[squareOf(file, r + 1, DIMENSIONS[setup.variant])];
      row += piece ? (piece.color === 'gote' ? 'v' : ' ') + BOARD_KANJI[piece.role] : ' ・';
    }
    return `${row}|${RANKS[r]}`;
  });
  const lines = [`${up}の持駒：${formatHand(setup.hands.gote)}`, fileLine, border, ...rows, border, `${down}の持駒：${formatHand(setup.hands.sente)}`];
  // The moves played to the diagram, with the last one's name where it is known, as Kifu for
  // Windows and ShogiHome write them (手数＝1  ▲７六歩  まで).
  if (setup.moveNumber > 1) lines.push(`手数＝${setup.moveNumber - 1}  ${previousMove ? `${previousMove}  ` : ''}まで`);
  if (setup.turn === 'gote') lines.push(`${up}番`);
  return lines;
}

const BOARD_PIECES = new Map<string, Role>([
  ...(Object.entries(BOARD_KANJI) as [Role, string][]).map(([role, kanji]): [string, Role] => [kanji, role]),
  ['王', 'king'], ['竜', 'dragon'],
]);

/** `先手の持駒：金　歩二`: KIF places it anywhere before the moves, before or after the diagram,
 * among the other headers or without a diagram at all. */
export const HANDS_LINE = /^(先手|後手|上手|下手)の持駒[：:](.*)$/;

/** Collects BOD lines as a reader meets them; `setup()` then assembles the position. */
export class BodReader {
  /** Each row's cells, and its line (number and text) for errors. */
  private readonly rows: { cells: (Piece | undefined)[]; lineNumber: number; line: string }[] = [];
  private hands: Record<Color, Hand> = { sente: emptyHand(), gote: emptyHand() };
  /** The line that gave each side's hands, for errors. */
  private readonly handsLines: Partial<Record<Color, { lineNumber: number; line: string }>> = {};
  private turn: Color = 'sente';
  /** The line that gave the side to move (後手番), if one did. */
  turnLine?: { lineNumber: number; line: string };
  private moveNumber = 1;
  /** The name of the move that led to the diagram (its 手数 line's ▲７六歩), if it gives one. */
  previousMove?: string;
  /** Whether a diagram is drawn (its rows, file numbers or border). */
  seen = false;
  /** Whether a hands line was read: with no diagram, they are in hand at the 手合割's start. */
  handsRead = false;

  /** Takes the line if it belongs to a diagram: true when taken, a message when malformed. */
  take(line: string, lineNumber: number): boolean | string {
    const hands = HANDS_LINE.exec(line);
    if (hands) {
      const hand = readHand(hands[2]);
      if (!hand.ok) return hand.error;
      const color = hands[1] === '先手' || hands[1] === '下手' ? 'sente' : 'gote';
      this.hands[color] = hand.value;
      this.handsLines[color] = { lineNumber, line };
      return (this.handsRead = true);
    }
    // Kifu for Windows closes a diagram with the moves played to it: 手数＝171  ▲６二角成  まで,
    // some programs without the move (手数＝171  まで).
    const played = /^手数[＝=]\s*(\d+)(\s.*)?まで\s*$/.exec(line);
    if (played) {
      this.moveNumber = Number(played[1]) + 1;
      this.previousMove = played[2]?.trim() || undefined;
      return true;
    }
    if (/^(先手|後手|上手|下手)番\s*$/.test(line)) {
      this.turn = line.startsWith('先手') || line.startsWith('下手') ? 'sente' : 'gote';
      this.turnLine = { lineNumber, line };
      return true;
    }
    if (/^\s*[９８７６５４３２１](\s+[９８７６５４３２１])*\s*$/.test(line) || /^\+-+\+\s*$/.test(line)) return (this.seen = true);
    if (!line.startsWith('|')) return false;
    const end = line.indexOf('|', 1);
    if (end < 0) return 'a board row must end with |';
    const body = line.slice(1, end);
    if (body.length % 2) return `a board row has two characters per square, got ${body.length}`;
    const cells: (Piece | undefined)[] = [];
    for (let i = 0; i < body.length; i += 2) {
      const [mark, kanji] = [body[i], body[i + 1]];
      if (kanji === '・') { cells.push(undefined); continue; }
      const role = BOARD_PIECES.get(kanji);
      if (!role || (mark !== ' ' && mark !== 'v')) return `'${mark}${kanji}' is not a square of a board diagram`;
      cells.push({ color: mark === 'v' ? 'gote' : 'sente', role });
    }
    this.rows.push({ cells, lineNumber, line });
    this.seen = true;
    return true;
  }

  /** The row line where `square` was drawn, and the index of its cell there. */
  drawnAt(square: Square, variant: Variant): { lineNumber: number; line: string; index: number } | undefined {
    const dims = DIMENSIONS[variant], row = this.rows[rankOf(square, dims) - 1];
    return row && { lineNumber: row.lineNumber, line: row.line, index: 1 + 2 * (dims.files - fileOf(square, dims)) };
  }

  /** Where a piece of `role` (or its promotion) that one too many of was given: a hands line
   * holding it, else the last row drawing it. */
  placedRole(role: Role): { lineNumber: number; line: string; index: number } | undefined {
    const holds = (piece: Piece | undefined) => piece !== undefined && unpromoted(piece.role) === role;
    const hand = (['sente', 'gote'] as const).find((c) => (this.hands[c] as Record<string, number>)[role] > 0 && this.handsLines[c]);
    if (hand) {
      const { lineNumber, line } = this.handsLines[hand]!;
      return { lineNumber, line, index: Math.max(0, line.indexOf(PIECE_KANJI[role])) };
    }
    const row = [...this.rows].reverse().find(({ cells }) => cells.some(holds));
    if (!row) return undefined;
    const cell = row.cells.length - 1 - [...row.cells].reverse().findIndex(holds);
    return { lineNumber: row.lineNumber, line: row.line, index: 1 + 2 * cell };
  }

  /** The squares of the kings (lions) of `color` in the order the rows were drawn. */
  kings(color: Color, variant: Variant): Square[] {
    const dims = DIMENSIONS[variant];
    return this.rows.flatMap(({ cells }, r) => cells.flatMap((piece, i) =>
      piece?.role === 'king' && piece.color === color ? [squareOf(dims.files - i, r + 1, dims)] : []));
  }

  /** The square of the move that led to the diagram, when its 手数 line names one on the board:
   * a first move may take there (同). */
  previousTo(variant: Variant): Square | undefined {
    const dims = DIMENSIONS[variant], to = /([1-9１-９])([一二三四五六七八九])/.exec(this.previousMove ?? '');
    const file = Number(to?.[1].normalize('NFKC')), rank = RANKS.indexOf(to?.[2] ?? '') + 1;
    return to && file <= dims.files && rank <= dims.ranks ? squareOf(file, rank, dims) : undefined;
  }

  /** `start` (a 手合割's) with the hands read in place of its own. */
  withHands(start: Setup): Setup {
    return { ...start, hands: this.hands };
  }

  /** The position drawn, the variant following from its size; refused with the row to blame
   * (undefined: the diagram as a whole). */
  setup(): Result<Setup, { message: string; row?: { lineNumber: number; line: string } }> {
    const ranks = this.rows.length;
    // The width most rows have: a row of another is the one drawn wrong.
    const widths = this.rows.map((r) => r.cells.length);
    const files = widths.reduce((most, w) => (widths.filter((x) => x === w).length > widths.filter((x) => x === most).length ? w : most), widths[0] ?? 0);
    const odd = this.rows.find((r) => r.cells.length !== files);
    if (odd) return fail({ message: `a board row has ${odd.cells.length} squares where the others have ${files}`, row: odd });
    const variant = VARIANTS.find((v) => DIMENSIONS[v].files === files && DIMENSIONS[v].ranks === ranks);
    if (!variant) return fail({ message: `a board diagram of ${files}x${ranks} squares is not shogi (9x9), minishogi (5x5) or dobutsu (3x4)`, row: this.rows[this.rows.length - 1] });
    const dims = DIMENSIONS[variant];
    const board: (Piece | undefined)[] = new Array(files * ranks).fill(undefined);
    this.rows.forEach(({ cells }, r) => cells.forEach((piece, i) => { board[squareOf(files - i, r + 1, dims)] = piece; }));
    return ok({ variant, board, hands: this.hands, turn: this.turn, moveNumber: this.moveNumber });
  }
}
