import {
  COLORS, DIMENSIONS, HAND_ROLES, VARIANTS, emptyHand, fail, ok, squareOf,
  type Color, type Hands, type Piece, type Result, type Setup, type Variant,
} from '../rules/types.js';
import { isHandRole, letterToRole, pieceName, roleToLetter, unknownLetterMessage, withArticle } from './letters.js';

/** A piece of the input and its 1-based column, kept so that errors can point at it. */
interface Token {
  text: string;
  column: number;
}

interface Row {
  /** One entry per square from the left; undefined for an empty square. */
  cells: (Token | undefined)[];
  column: number;
}

/** The most pieces of one kind a hand can hold: shogi's pawns, the most of a kind any set has. */
export const MAX_HAND_COUNT = 18;
/** A record's hands holding more than that of a kind (KIF 金十九, CSA nineteen 00FU). */
export const handExcess = (role: string, count: number): string => `${count} ${role}s in hand: no set has more than ${MAX_HAND_COUNT} of a kind`;

/**
 * Reads an SFEN (`board turn hands [moveNumber]`). Only the syntax is checked here; whether the
 * position is legal is the engine's business. Without `variant`, the board's size decides it.
 */
export function parseSfen(input: string, variant?: Variant): Result<Setup> {
  const fields = [...input.matchAll(/\S+/g)].map((m) => ({ text: m[0], column: m.index + 1 }));
  // Pasted from a USI command (position sfen …) or a record's header: the word is no field.
  if (fields[0]?.text === 'sfen') fields.shift();
  if (fields.length < 3 || fields.length > 4) {
    return fail({
      code: 'sfen-fields',
      message: `expected board, side to move, hands and an optional move number; got ${fields.length} field${fields.length === 1 ? '' : 's'}`,
      column: fields[4]?.column ?? input.trimEnd().length + 1,
    });
  }
  const [boardField, turnField, handsField, moveField] = fields;
  const board = parseBoard(boardField, variant);
  if (!board.ok) return board;
  const turn = parseTurn(turnField);
  if (!turn.ok) return turn;
  const hands = parseHands(handsField, board.value.variant);
  if (!hands.ok) return hands;
  const moveNumber = moveField ? parseMoveNumber(moveField) : ok(1);
  if (!moveNumber.ok) return moveNumber;
  return ok({ ...board.value, hands: hands.value, turn: turn.value, moveNumber: moveNumber.value });
}

/** Writes the standard form, the one `parseSfen` reads back to the same setup. */
export function formatSfen(setup: Setup): string {
  return [formatBoard(setup), setup.turn === 'sente' ? 'b' : 'w', formatHands(setup), setup.moveNumber].join(' ');
}

function boardError(message: string, column: number): Result<never> {
  return fail({ code: 'sfen-board', message, column });
}

function parseBoard(field: Token, given?: Variant): Result<Pick<Setup, 'variant' | 'board'>> {
  const rows: Row[] = [];
  let column = field.column;
  for (const text of field.text.split('/')) {
    const row = parseRow(text, rows.length + 1, column);
    if (!row.ok) return row;
    rows.push(row.value);
    column += text.length + 1;
  }
  // The number of ranks alone tells the variants apart.
  const variant = given ?? VARIANTS.find((v) => DIMENSIONS[v].ranks === rows.length);
  if (!variant) {
    return boardError(`board has ${rows.length} rank${rows.length === 1 ? '' : 's'}, expected 9 (shogi), 5 (minishogi) or 4 (dobutsu)`, field.column);
  }
  const dims = DIMENSIONS[variant];
  if (rows.length !== dims.ranks) {
    return fail({
      code: 'sfen-variant',
      message: `board is ${rows[0].cells.length}x${rows.length}, but ${variant} is played on ${dims.files}x${dims.ranks}`,
      column: field.column,
    });
  }
  const board: (Piece | undefined)[] = new Array(dims.files * dims.ranks).fill(undefined);
  for (const [r, { cells, column }] of rows.entries()) {
    if (cells.length !== dims.files) {
      return boardError(`rank ${r + 1} has ${cells.length} squares, expected ${dims.files}`, column);
    }
    for (const [i, cell] of cells.entries()) {
      if (!cell) continue;
      const role = letterToRole(cell.text, variant);
      if (!role) return fail({ code: 'sfen-piece', message: unknownLetterMessage(cell.text, variant), column: cell.column });
      board[squareOf(dims.files - i, r + 1, dims)] = { color: colorOf(cell.text), role };
    }
  }
  return ok({ variant, board });
}

function parseRow(text: string, rank: number, column: number): Result<Row> {
  const cells: (Token | undefined)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '0') return boardError(`empty squares are counted 1 to 9, got '0'`, column + i);
    if (c >= '1' && c <= '9') {
      cells.push(...new Array<undefined>(Number(c)).fill(undefined));
    } else if (c === '+') {
      const letter = text[i + 1] ?? '';
      if (!/[a-z]/i.test(letter)) {
        return boardError(`'+' must be followed by a piece letter, got ${letter ? `'${letter}'` : `the end of rank ${rank}`}`, column + i);
      }
      cells.push({ text: c + letter, column: column + i });
      i++;
    } else {
      cells.push({ text: c, column: column + i });
    }
  }
  return ok({ cells, column });
}

/** Upper case is sente; `letter` may carry a '+' prefix. */
function colorOf(letter: string): Color {
  const last = letter[letter.length - 1];
  return last === last.toUpperCase() ? 'sente' : 'gote';
}

function parseTurn({ text, column }: Token): Result<Color> {
  if (text === 'b') return ok('sente');
  if (text === 'w') return ok('gote');
  return fail({ code: 'sfen-turn', message: `side to move must be 'b' or 'w', got '${text}'`, column });
}

function parseHands({ text, column }: Token, variant: Variant): Result<Hands> {
  const hands: Hands = { sente: emptyHand(), gote: emptyHand() };
  if (text === '-') return ok(hands);
  const handError = (message: string, at: number): Result<never> => fail({ code: 'sfen-hand', message, column: column + at });
  // Every string splits into [count]letter items and perhaps a count left over at the end.
  for (const { 0: item, index } of text.matchAll(/\d*\D|\d+$/g)) {
    const letter = item[item.length - 1];
    const at = index + item.length - 1;
    if (letter >= '0' && letter <= '9') return handError(`count ${item} must be followed by a piece letter`, index);
    if (letter === '+') return handError('a promoted piece cannot be in hand', at);
    const digits = item.slice(0, -1);
    const count = digits ? Number(digits) : 1;
    // A count is written as a number is: 010P is a typo, not ten pawns.
    if (digits.length > 1 && digits.startsWith('0')) return handError(`hand count ${digits} starts with a 0`, index);
    if (count < 1 || count > MAX_HAND_COUNT) {
      return handError(`hand count must be 1 to ${MAX_HAND_COUNT}, got ${digits}`, index);
    }
    const role = letterToRole(letter, variant);
    if (!role) return fail({ code: 'sfen-piece', message: unknownLetterMessage(letter, variant), column: column + at });
    if (!isHandRole(role)) return handError(`${withArticle(pieceName(role, variant))} cannot be in hand`, at);
    const color = colorOf(letter);
    if (hands[color][role]) return handError(`${color}'s ${pieceName(role, variant)} is listed twice`, index);
    hands[color][role] = count;
  }
  return ok(hands);
}

function parseMoveNumber({ text, column }: Token): Result<number> {
  const n = Number(text);
  // Move numbers start at 1, but some GUIs and tools write 0 for a position set up rather than
  // reached: it is read as 1 rather than refused (a USI engine refusing the position loses).
  if (/^\d+$/.test(text) && Number.isSafeInteger(n)) return ok(Math.max(n, 1));
  return fail({ code: 'sfen-move-number', message: `move number must be a whole number, got '${text}'`, column });
}

function formatBoard({ variant, board }: Setup): string {
  const dims = DIMENSIONS[variant];
  const rows: string[] = [];
  for (let rank = 1; rank <= dims.ranks; rank++) {
    let row = '';
    for (let file = dims.files; file >= 1; file--) {
      const piece = board[squareOf(file, rank, dims)];
      row += piece ? pieceLetter(piece, variant) : '1';
    }
    // Piece letters hold no digits, so each run of 1s is a run of empty squares.
    rows.push(row.replace(/1+/g, (run) => String(run.length)));
  }
  return rows.join('/');
}

function formatHands({ variant, hands }: Setup): string {
  const items = COLORS.flatMap((color) =>
    HAND_ROLES.filter((role) => hands[color][role] > 0).map((role) => {
      const count = hands[color][role];
      return (count > 1 ? String(count) : '') + pieceLetter({ color, role }, variant);
    }),
  );
  return items.join('') || '-';
}

function pieceLetter({ color, role }: Piece, variant: Variant): string {
  const letter = roleToLetter(role, variant);
  return color === 'sente' ? letter.toUpperCase() : letter;
}
