/**
 * CSA, the Computer Shogi Association's format (V2.2 and V3.0): `N+`/`N-` players, `$KEY:value`
 * headers, the start as `PI` (with removed pieces for handicaps) or `P1`..`P9` rows with `P+`/`P-`
 * pieces and hands, then moves such as `+7776FU` (the piece named is the one after the move),
 * `T12` times, comments and `%TORYO`-like endings. V3.0 (and ShogiHome) write comments on the
 * game as `'*text` and an engine's score and line as `'** 30 -3334FU`; a plain `'text` line is a
 * note programs may skip, which is kept as a comment all the same. Statements may share a line,
 * separated by commas, except that a comment, a player's name or a `$` header is text to the end
 * of its line (names and events hold commas). CSA has no variations and only 9x9 shogi: writing
 * a minishogi or dobutsu record is an error, and only the main line is written.
 */
import { RecordBuilder } from '../game/builder.js';
import {
  HEADER, addCommentLine, commentLines, emptyRecord, headerValue, isMoveNode, oneLine, evaluationAndComments,
  type Evaluation, type GameRecord, type Header, type Node, type Special,
} from '../game/record.js';
import { mainLine, startPosition } from '../game/tree.js';
import type { Position } from '../rules/position.js';
import {
  DIMENSIONS, HAND_ROLES, START_SFEN, emptyHand, fail, isDrop, ok, squareOf,
  type Color, type HandRole, type Move, type Piece, type Result, type Role, type Setup,
} from '../rules/types.js';
import { PROMOTED, unpromoted } from './promotion.js';
import type { Encoding } from './encoding.js';
import { errorAt, splitLines, type RecordError, type RecordResult } from './record-error.js';
import { MAX_HAND_COUNT, formatSfen, handExcess, parseSfen } from './sfen.js';
import { csaTime, csaTimeLimit, readTimeControl, timeControlWords, twoDigits } from './time-control.js';
import { formatUsiMove } from './usi.js';

export const CSA_VERSIONS = ['2.2', '3.0'] as const;
export type CsaVersion = (typeof CSA_VERSIONS)[number];

export const CSA_PIECES: Record<string, Role> = {
  FU: 'pawn', KY: 'lance', KE: 'knight', GI: 'silver', KI: 'gold', KA: 'bishop', HI: 'rook', OU: 'king',
  TO: 'tokin', NY: 'promotedlance', NK: 'promotedknight', NG: 'promotedsilver', UM: 'horse', RY: 'dragon',
};
export const PIECE_CODES = Object.fromEntries(Object.entries(CSA_PIECES).map(([code, role]) => [role, code])) as Record<Role, string>;

/** Header keys: the record's (KIF) name and CSA's. */
const CSA_HEADERS: [string, string][] = [
  [HEADER.event, 'EVENT'], [HEADER.site, 'SITE'], [HEADER.start, 'START_TIME'], [HEADER.end, 'END_TIME'],
  [HEADER.timeControl, 'TIME_LIMIT'], [HEADER.timeControl, 'TIME'], [HEADER.opening, 'OPENING'],
  [HEADER.senteTimeControl, 'TIME+'], [HEADER.goteTimeControl, 'TIME-'],
  [HEADER.note, 'NOTE'], [HEADER.maxMoves, 'MAX_MOVES'], [HEADER.jishogi, 'JISHOGI'],
];

const TIME_CONTROLS: string[] = [HEADER.timeControl, HEADER.byoyomi, HEADER.senteTimeControl, HEADER.goteTimeControl];

/**
 * The CSA line of a time-control header (持ち時間, 秒読み, each player's): the numbers CSA wants,
 * V2.2's $TIME_LIMIT where the version and the time control allow it, else V3.0's form, with a
 * separate 秒読み folded into 持ち時間's line (then undefined for the 秒読み). Words that say no
 * time control known here become a comment, for a `$` header must hold the numbers.
 */
function timeControlLine(record: GameRecord, key: string, value: string, version: CsaVersion): string | undefined {
  const time = headerValue(record, HEADER.timeControl), byoyomi = headerValue(record, HEADER.byoyomi);
  const folded = time !== undefined && byoyomi !== undefined && readTimeControl(time, byoyomi) !== undefined;
  if (key === HEADER.byoyomi && folded) return undefined;
  const control = key === HEADER.timeControl ? readTimeControl(value, folded ? byoyomi : undefined)
    // A byoyomi beside a 持ち時間 that could not be read means nothing alone.
    : key === HEADER.byoyomi ? (time === undefined ? readTimeControl(undefined, value) : undefined)
    : readTimeControl(value);
  if (!control) return commentLine(`${key}：${oneLine(value)}`);
  const perPlayer = key === HEADER.senteTimeControl ? 'TIME+' : key === HEADER.goteTimeControl ? 'TIME-' : undefined;
  const limit = perPlayer || version === '3.0' ? undefined : csaTimeLimit(control);
  return limit ? `$TIME_LIMIT:${limit}` : `$${perPlayer ?? 'TIME'}:${csaTime(control)}`;
}

/** CSA's time control as headers in KIF's words (持ち時間：各15分, 秒読み：30秒), or as it was
 * when it is not one. Each player's time control keeps CSA's numbers, as ShogiHome's KIF does:
 * KIF has no words of its own for it. */
function timeControlHeaders(value: string): Header[] {
  const control = readTimeControl(value);
  const words = control && timeControlWords(control);
  if (!words) return [{ key: HEADER.timeControl, value }];
  return [
    ...(words.time === undefined ? [] : [{ key: HEADER.timeControl, value: words.time }]),
    ...(words.byoyomi === undefined ? [] : [{ key: HEADER.byoyomi, value: words.byoyomi }]),
  ];
}

/** Endings by CSA name; JKF uses the same names. */
const CSA_SPECIALS: Record<string, Special> = {
  TORYO: 'resign', CHUDAN: 'interrupt', SENNICHITE: 'sennichite', TIME_UP: 'time-up', ILLEGAL_MOVE: 'illegal-loss',
  JISHOGI: 'jishogi', KACHI: 'entering-king', HIKIWAKE: 'draw', MATTA: 'matta', TSUMI: 'mate', FUZUMI: 'no-mate',
  MAX_MOVES: 'max-moves', ERROR: 'error',
};

const side = (color: Color) => (color === 'sente' ? '+' : '-');

interface Cursor {
  lineNumber: number;
  line: string;
  /** Index of the statement in the line. */
  index: number;
  /** The statement. */
  text: string;
}

/** The statements of a line with their indices: commas separate them, but a comment (`'`), a
 * player's name (`N+`, `N-`) or a header (`$`) runs to the end of the line, commas included. */
function splitStatements(line: string): { text: string; index: number }[] {
  const statements: { text: string; index: number }[] = [];
  for (let index = 0; ;) {
    index += line.slice(index).search(/\S|$/);
    const rest = line.slice(index);
    const comma = /^('|N[+-]|\$)/.test(rest) ? -1 : rest.indexOf(',');
    statements.push({ text: (comma < 0 ? rest : rest.slice(0, comma)).trimEnd(), index });
    if (comma < 0) return statements;
    index += comma + 1;
  }
}

/** The nine squares of a `P1`..`P9` row, file 9 first, each with its index in the row text:
 * three characters a square (`-KY`, `+FU`, ` * `; the statement ends trimmed, so an empty last
 * square is two), or, where mail or a web page collapsed the runs of spaces
 * (`P2 * -HI * * * * * -KA *`), nine pieces and asterisks apart by spaces. Undefined for any other
 * number of squares. */
function rowSquares(text: string): { cell: string; index: number }[] | undefined {
  const token = /[+-][A-Z]{2}|\*/g;
  const tokens = [...text.matchAll(token)];
  if (tokens.length === 9 && text.replace(token, '').trim() === '') return tokens.map((t) => ({ cell: t[0], index: t.index }));
  if (text.length !== 27 && !(text.length === 26 && text.endsWith(' *'))) return undefined;
  const fixed = text.padEnd(27, ' ');
  return Array.from({ length: 9 }, (_, i) => ({ cell: fixed.slice(i * 3, i * 3 + 3), index: i * 3 }));
}

type Step = Result<void, RecordError>;
const done: Step = ok(undefined);

/** The start as the P lines build it. */
class StartReader {
  board?: (Piece | undefined)[];
  hands = { sente: emptyHand(), gote: emptyHand() };
  turn: Color = 'sente';
  /** Where each square's piece was written (P1 to P9, P+ or P-), to point at it if refused. */
  readonly placedAt: Cursor[] = [];
  /** Where the side to move was given (+ or -). */
  turnAt?: Cursor;
  /** Where a piece of each kind (promoted or not, on the board or in hand) was last placed, and
   * the last statement that placed any: what a refusal without a square points at. */
  readonly roleAt: Partial<Record<HandRole | 'king', Cursor>> = {};
  lastPlacedAt?: Cursor;
  placed(role: Role, at: Cursor): void {
    this.roleAt[unpromoted(role)] = at;
    this.lastPlacedAt = at;
  }

  setup(): Setup {
    const start = parseSfen(START_SFEN.shogi);
    const board = this.board ?? (start.ok ? start.value.board : []);
    return { variant: 'shogi', board, hands: this.hands, turn: this.turn, moveNumber: 1 };
  }
}

export function parseCsa(text: string): RecordResult {
  const headers: Header[] = [];
  const rootComments: string[] = [];
  const start = new StartReader();
  let builder: RecordBuilder | undefined;
  const lines = splitLines(text.replace(/^\uFEFF/, ''));

  const error = (at: Cursor, code: string, message: string, what = at.text) =>
    errorAt(code, message, at.lineNumber, at.line, at.index, what, builder?.record);

  const begin = (at: Cursor): Result<RecordBuilder, RecordError> => {
    if (builder) return ok(builder);
    const record = emptyRecord();
    record.headers = headers;
    record.root.comments = rootComments;
    record.sfen = formatSfen(start.setup());
    const started = RecordBuilder.start(record);
    if (!started.ok) {
      // A piece placed wrongly: where it was placed. The side not to move in check: where the
      // side to move was given, which is the one statement that makes the position illegal.
      const { square, role, rule } = started.error;
      const where = rule === 'opponent-in-check' ? start.turnAt : square !== undefined ? start.placedAt[square]
        : role ? start.roleAt[unpromoted(role)] : rule === 'two-kings' ? start.roleAt.king : start.lastPlacedAt;
      return error(where ?? at, 'illegal-position', started.error.message);
    }
    builder = started.value;
    return ok(builder);
  };

  const statement = (s: string, at: Cursor): Step => {
    if (/^V\d/.test(s)) return done;
    if (s.startsWith('N+') || s.startsWith('N-')) {
      headers.push({ key: s[1] === '+' ? HEADER.sente : HEADER.gote, value: s.slice(2) });
      return done;
    }
    if (s.startsWith('$')) {
      const colon = s.indexOf(':');
      if (colon < 0) return error(at, 'csa-header', 'a $ header needs a colon: $KEY:value');
      const key = CSA_HEADERS.find(([, csa]) => csa === s.slice(1, colon))?.[0] ?? s.slice(1, colon);
      const value = s.slice(colon + 1);
      headers.push(...(key === HEADER.timeControl ? timeControlHeaders(value) : [{ key, value }]));
      return done;
    }
    if (s.startsWith('P') && !builder) return position(s, at);
    if ((s === '+' || s === '-') && !builder) {
      start.turn = s === '+' ? 'sente' : 'gote';
      start.turnAt = at;
      return done;
    }
    if (/^[+-]\d{4}[A-Z]{2}$/.test(s)) {
      const b = begin(at);
      if (!b.ok) return b;
      const move = readCsaMove(s, b.value.position);
      if (!move.ok) return error(at, 'illegal-move', move.error, s);
      const played = b.value.play(move.value);
      return played.ok ? done : error(at, 'illegal-move', played.error, s);
    }
    if (/^T\d+(\.\d+)?$/.test(s)) {
      const current = builder?.current;
      if (!current || !('comments' in current) || current === builder!.record.root) return error(at, 'csa-time', 'a time before any move');
      (current as Node).time = { move: Number(s.slice(1)) };
      return done;
    }
    if (s.startsWith('%')) {
      const b = begin(at);
      if (!b.ok) return b;
      const special = specialByCsaName(s.slice(1), b.value.position);
      if (!special) return error(at, 'csa-special', `unknown ending ${s}`, s);
      const ended = b.value.end(special);
      return ended.ok ? done : error(at, 'csa-special', ended.error, s);
    }
    return error(at, 'csa-line', 'not a CSA statement', s);
  };

  const position = (s: string, at: Cursor): Step => {
    if (s.startsWith('PI')) {
      const removal = readRemovals(s.slice(2), start);
      return removal.ok ? done : error(at, 'csa-position', removal.error);
    }
    const row = /^P([1-9])(.*)$/.exec(s);
    if (row) {
      start.board ??= new Array(81).fill(undefined);
      const squares = rowSquares(row[2]);
      if (!squares) return error(at, 'csa-position', `a P row needs nine squares of three characters (' * ' an empty one)`);
      start.lastPlacedAt = at;
      for (const [i, { cell, index }] of squares.entries()) {
        if (cell.trim() === '*' || cell.trim() === '') continue;
        const role = CSA_PIECES[cell.slice(1)];
        if (!role || (cell[0] !== '+' && cell[0] !== '-')) return error({ ...at, index: at.index + 2 + index }, 'csa-position', `'${cell}' is not a CSA piece`, cell);
        const square = squareOf(9 - i, Number(row[1]), DIMENSIONS.shogi);
        start.board[square] = { color: cell[0] === '+' ? 'sente' : 'gote', role };
        start.placedAt[square] = { ...at, index: at.index + 2 + index, text: cell };
        start.placed(role, start.placedAt[square]);
      }
      return done;
    }
    const pieces = /^P([+-])(.*)$/.exec(s);
    if (!pieces) return error(at, 'csa-position', 'expected PI, P1 to P9, P+ or P-');
    const color: Color = pieces[1] === '+' ? 'sente' : 'gote';
    const body = pieces[2];
    for (let i = 0; i + 4 <= body.length; i += 4) {
      const [sq, code] = [body.slice(i, i + 2), body.slice(i + 2, i + 4)];
      if (sq === '00' && code === 'AL') {
        fillHandWithRest(start, color);
        continue;
      }
      const role = CSA_PIECES[code];
      if (!role || !/^(00|[1-9][1-9])$/.test(sq)) return error({ ...at, index: at.index + 2 + i }, 'csa-position', `'${sq}${code}' is not a square and a piece`, sq + code);
      if (sq === '00') {
        if (!(HAND_ROLES as readonly Role[]).includes(role)) return error(at, 'csa-position', `${code} cannot be in hand`, sq + code);
        const held = ++start.hands[color][role as HandRole];
        const here = { ...at, index: at.index + 2 + i, text: sq + code };
        if (held > MAX_HAND_COUNT) return error(here, 'csa-position', handExcess(role, held));
        start.placed(role, here);
      } else {
        start.board ??= new Array(81).fill(undefined);
        const square = squareOf(Number(sq[0]), Number(sq[1]), DIMENSIONS.shogi);
        start.board[square] = { color, role };
        start.placedAt[square] = { ...at, index: at.index + 2 + i, text: sq + code };
        start.placed(role, start.placedAt[square]);
      }
    }
    return done;
  };

  const comment = (line: string) => {
    if (/^'(CSA )?encoding=/.test(line)) return; // the file's encoding, not a comment
    const text = line.slice(line.startsWith("'*") ? 2 : 1);
    if (!builder || builder.current === builder.record.root) {
      (builder ? builder.current : { comments: rootComments }).comments.push(text);
      return;
    }
    const { position } = builder;
    addCommentLine(builder.current as Node, text, () => {
      const evaluation = readEvaluation(line, position);
      return evaluation && { evaluation, exact: evaluationLine(evaluation, position) === line };
    });
  };

  for (const [i, raw] of lines.entries()) {
    const line = raw.trimEnd();
    if (line.trim() === '') continue;
    // V2.2 and V3.0 allow several games in a file, apart by /: the first is the record, as
    // ShogiHome reads such a file; a record holds one game (README).
    if (line.trim() === '/') break;
    for (const { text, index } of splitStatements(line)) {
      const at: Cursor = { lineNumber: i + 1, line, index, text };
      if (text.startsWith("'")) {
        // A comment runs to the end of the line: kept to its last space, as KIF keeps it.
        comment(raw.slice(index));
        continue;
      }
      const r = statement(text, at);
      if (!r.ok) return r;
    }
  }
  const last = lines[lines.length - 1] ?? '';
  const b = begin({ lineNumber: lines.length, line: last, index: 0, text: last.trim() });
  if (!b.ok) return b;
  fillTotals(b.value.record);
  return ok(b.value.record);
}

/** `PI82HI22KA`: the even start without the pieces named (square and piece). */
function readRemovals(text: string, start: StartReader): Result<void, string> {
  const setup = start.setup();
  start.board = setup.board;
  for (let i = 0; i + 4 <= text.length; i += 4) {
    const [sq, code] = [text.slice(i, i + 2), text.slice(i + 2, i + 4)];
    const index = /^[1-9]{2}$/.test(sq) ? squareOf(Number(sq[0]), Number(sq[1]), DIMENSIONS.shogi) : -1;
    const piece = start.board[index];
    if (!piece || PIECE_CODES[piece.role] !== code) return fail(`PI cannot remove ${code} from ${sq}: it is not there at the start`);
    start.board[index] = undefined;
  }
  return ok(undefined);
}

/** `P-00AL`: every piece not on the board or in sente's hand goes to this side's hand. */
function fillHandWithRest(start: StartReader, color: Color): void {
  const full = { pawn: 18, lance: 4, knight: 4, silver: 4, gold: 4, bishop: 2, rook: 2 };
  const counts = { ...full };
  for (const piece of start.board ?? []) {
    if (!piece) continue;
    const base = unpromoted(piece.role);
    if (base !== 'king') counts[base]--;
  }
  for (const c of ['sente', 'gote'] as const) for (const r of HAND_ROLES) counts[r] -= start.hands[c][r];
  for (const r of HAND_ROLES) start.hands[color][r] += Math.max(0, counts[r]);
}

/** A CSA move on `pos`: the origin's piece must be the one named, or its promotion. */
export function readCsaMove(text: string, pos: Position): Result<Move, string> {
  const color: Color = text[0] === '+' ? 'sente' : 'gote';
  const { board, turn } = pos.setup();
  if (color !== turn) return fail(`${text[0]} but ${turn} is to move`);
  const from = text.slice(1, 3), to = text.slice(3, 5), role = CSA_PIECES[text.slice(5, 7)];
  if (!role) return fail(`unknown piece ${text.slice(5, 7)}`);
  if (!/^[1-9]{2}$/.test(to)) return fail(`no square ${to}`);
  const dims = DIMENSIONS.shogi;
  const target = squareOf(Number(to[0]), Number(to[1]), dims);
  if (from === '00') {
    if (!(HAND_ROLES as readonly Role[]).includes(role)) return fail(`${text.slice(5, 7)} cannot be dropped`);
    return ok({ role: role as (typeof HAND_ROLES)[number], to: target });
  }
  if (!/^[1-9]{2}$/.test(from)) return fail(`no square ${from}`);
  const origin = squareOf(Number(from[0]), Number(from[1]), dims);
  const piece = board[origin];
  if (!piece || piece.color !== color) return fail(`${color} has no piece on ${from}`);
  if (piece.role !== role && PROMOTED[piece.role] !== role) return fail(`the piece on ${from} is ${PIECE_CODES[piece.role]}, not ${text.slice(5, 7)}`);
  return ok({ from: origin, to: target, promotion: piece.role !== role });
}

export function formatCsaMove(move: Move, pos: Position): string {
  const sq = (s: number) => `${Math.floor(s / 9) + 1}${(s % 9) + 1}`;
  if (isDrop(move)) return `${side(pos.turn)}00${sq(move.to)}${PIECE_CODES[move.role]}`;
  const role = pos.setup().board[move.from]?.role ?? 'pawn';
  return `${side(pos.turn)}${sq(move.from)}${sq(move.to)}${PIECE_CODES[move.promotion ? PROMOTED[role]! : role]}`;
}

/** `'** 123 +7776FU -3334FU` (V3.0; floodgate writes one star). */
function readEvaluation(line: string, after: Position): Evaluation | undefined {
  const m = /^'\*\*?\s*([+-]?\d+)((?:\s+[+-]\d{4}[A-Z]{2})*)\s*$/.exec(line);
  if (!m) return undefined;
  const pos = after.clone();
  const pv: string[] = [];
  for (const text of m[2].trim().split(/\s+/).filter(Boolean)) {
    const move = readCsaMove(text, pos);
    if (!move.ok || !pos.play(move.value).ok) return undefined;
    pv.push(formatUsiMove(move.value, pos.variant));
  }
  return { score: Number(m[1]), pv };
}

/** CSA records each move's time only: the totals are the sums, per player. */
function fillTotals(record: GameRecord): void {
  const totals = [0, 0];
  mainLine(record).forEach((node, i) => {
    if (node.time) node.time.total = totals[i % 2] += node.time.move;
  });
}

/** What only V3.0 can say: its headers ($TIME with an increment or seconds, each player's time,
 * remarks, the move limit, the jishogi points) and its ending %MAX_MOVES. */
const V3_ONLY = /^(\$(TIME[+-]?|NOTE|MAX_MOVES|JISHOGI):|%MAX_MOVES$)/m;

/** CSA text of `version`, declaring `encoding`, the one it will be written in: V3.0 says a file
 * without `'CSA encoding=` is Shift_JIS, so UTF-8 is declared in V2.2 too, where the line is a
 * comment readers skip. A record that holds what only V3.0 can say is written as V3.0 whatever
 * the version asked: a file declared V2.2 must not carry V3.0's keys, and leaving them out (or in
 * comments) would lose them. */
export function writeCsa(record: GameRecord, version: CsaVersion = '2.2', encoding: Encoding = 'utf-8'): Result<string, string> {
  const text = writeCsaVersion(record, version, encoding);
  return version === '2.2' && text.ok && V3_ONLY.test(text.value) ? writeCsaVersion(record, '3.0', encoding) : text;
}

function writeCsaVersion(record: GameRecord, version: CsaVersion, encoding: Encoding): Result<string, string> {
  if (record.variant !== 'shogi') return fail(`CSA cannot record ${record.variant}: only 9x9 shogi`);
  const start = startPosition(record);
  if (!start.ok) return fail(start.error.message);
  const pos = start.value;
  const declared = encoding === 'utf-8' || version === '3.0';
  const out: string[] = [...(declared ? [`'CSA encoding=${encoding.toUpperCase()}`] : []), `V${version}`];
  for (const { key, value } of record.headers) {
    if (key === HEADER.sente || key === HEADER.gote) out.push(`N${key === HEADER.sente ? '+' : '-'}${oneLine(value)}`);
  }
  for (const { key, value } of record.headers) {
    if (key === HEADER.sente || key === HEADER.gote) continue;
    if (TIME_CONTROLS.includes(key)) {
      const line = timeControlLine(record, key, value, version);
      if (line) out.push(line);
      continue;
    }
    const csa = CSA_HEADERS.find(([k]) => k === key)?.[1];
    if (csa) out.push(`$${csa}:${key === HEADER.start || key === HEADER.end ? csaDateTime(value) : oneLine(value)}`);
    else if (/^[A-Z][A-Z_]*$/.test(key)) out.push(`$${key}:${oneLine(value)}`);
    // A header CSA has no key for (表題, 先手省略名, …) is kept in a comment, as KIF writes it.
    else out.push(commentLine(`${key}：${oneLine(value)}`));
  }
  out.push(...positionLines(record.sfen), ...commentLines(record.root.comments).map(commentLine));
  for (const node of mainLine(record)) {
    if (isMoveNode(node)) {
      out.push(formatCsaMove(node.move, pos));
      const r = pos.play(node.move);
      if (!r.ok) return fail(r.error.message);
    } else {
      const name = csaSpecialName(node.special, pos.turn);
      if (!name) return fail(`CSA has no name for the ending ${node.special}`);
      out.push(`%${name}`);
    }
    if (node.time) out.push(`T${version === '3.0' ? roundMillis(node.time.move) : Math.floor(node.time.move)}`);
    const comments = commentLines(node.comments).map(commentLine);
    out.push(...evaluationAndComments(node.evaluation, comments, (c) => readEvaluation(c, pos), (e) => evaluationLine(e, pos)));
  }
  return ok(out.join('\n') + '\n');
}

const commentLine = (comment: string) => `'*${comment}`;

/** CSA's YYYY/MM/DD HH:MM:SS of a KIF date and time, which Kifu for Windows writes with the
 * weekday (2020/10/10(土) 10:00), a form CSA has no room for; anything else as it was. */
function csaDateTime(value: string): string {
  const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})\s*(?:\([^()]*\))?(?:\s*(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(value.normalize('NFKC').trim());
  if (!m) return oneLine(value);
  const [, year, month, day, hours, minutes, seconds = '0'] = m;
  const date = `${year}/${twoDigits(+month)}/${twoDigits(+day)}`;
  return hours === undefined ? date : `${date} ${twoDigits(+hours)}:${twoDigits(+minutes)}:${twoDigits(+seconds)}`;
}

const roundMillis = (seconds: number) => String(Math.round(seconds * 1000) / 1000);

/** The ending a CSA (or JKF) name states in `pos`; `+ILLEGAL_ACTION` says sente lost, whoever is
 * to move. OUTE_SENNICHITE, a perpetual check (the CSA server's word, which programs write in
 * records too, though the record format has none), is the checking side's foul: the mover's when
 * it left the side to move in check, else the side to move's. */
export function specialByCsaName(name: string, pos: Position): Special | undefined {
  const toMove = pos.turn;
  const illegalAction = /^([+-])ILLEGAL_ACTION$/.exec(name);
  if (illegalAction) return (illegalAction[1] === '+') === (toMove === 'sente') ? 'illegal-loss' : 'illegal-win';
  if (name === 'OUTE_SENNICHITE') return pos.isCheck() ? 'illegal-win' : 'illegal-loss';
  return CSA_SPECIALS[name];
}

/** The CSA (and JKF) name of an ending; undefined for the endings CSA has no name for (不戦勝,
 * 不戦敗, トライ), which a writer then refuses rather than writing another ending. */
export function csaSpecialName(special: Special, toMove: Color): string | undefined {
  if (special === 'illegal-win') return `${toMove === 'sente' ? '-' : '+'}ILLEGAL_ACTION`;
  return Object.entries(CSA_SPECIALS).find(([, s]) => s === special)?.[0];
}

function evaluationLine({ score, pv }: Evaluation, after: Position): string {
  const pos = after.clone();
  const moves: string[] = [];
  for (const usi of pv) {
    const move = pos.legalMoves().find((m) => formatUsiMove(m, pos.variant) === usi);
    if (!move) break;
    moves.push(formatCsaMove(move, pos));
    pos.play(move);
  }
  return `'** ${score}${moves.map((m) => ` ${m}`).join('')}`;
}

/** PI for the even start and for handicaps (naming the removed pieces), else P1-P9 and hands. */
function positionLines(sfen: string): string[] {
  const setup = parseSfen(sfen, 'shogi');
  const even = parseSfen(START_SFEN.shogi);
  if (!setup.ok || !even.ok) return ['PI', '+'];
  const { board, hands, turn } = setup.value;
  const turnLine = side(turn);
  const handsEmpty = HAND_ROLES.every((r) => hands.sente[r] === 0 && hands.gote[r] === 0);
  const removed = even.value.board.flatMap((piece, sq) => {
    const now = board[sq];
    if (now && (!piece || now.role !== piece.role || now.color !== piece.color)) return [undefined];
    return piece && !now ? [`${Math.floor(sq / 9) + 1}${(sq % 9) + 1}${PIECE_CODES[piece.role]}`] : [];
  });
  if (handsEmpty && !removed.includes(undefined)) return [`PI${removed.join('')}`, turnLine];
  const rows = Array.from({ length: 9 }, (_, r) => {
    let row = `P${r + 1}`;
    for (let file = 9; file >= 1; file--) {
      const piece = board[squareOf(file, r + 1, DIMENSIONS.shogi)];
      row += piece ? side(piece.color) + PIECE_CODES[piece.role] : ' * ';
    }
    return row;
  });
  const handLine = (color: Color) => {
    const items = HAND_ROLES.flatMap((r) => Array.from({ length: hands[color][r] }, () => `00${PIECE_CODES[r]}`));
    return items.length ? [`P${side(color)}${items.join('')}`] : [];
  };
  return [...rows, ...handLine('sente'), ...handLine('gote'), turnLine];
}
