/**
 * JKF, the JSON kifu format of Kifu for JS:
 *
 *   { "header": { "先手": "…" }, "initial": { "preset": "HIRATE" },
 *     "moves": [ { "comments": ["before the first move"] },
 *                { "move": { "from": {"x":7,"y":7}, "to": {"x":7,"y":6}, "color": 0, "piece": "FU" },
 *                  "time": { "now": {"m":0,"s":1}, "total": {"h":0,"m":0,"s":1} },
 *                  "forks": [ [ { "move": … } ] ] },
 *                { "special": "TORYO" } ] }
 *
 * `forks` on a move lists the lines played instead of it. JKF squares are 9x9, so it records
 * shogi only. Two fields are ours, which other readers ignore: `bookmark` and `evaluation`
 * ({ score, pv } with the line in USI).
 */
import { RecordBuilder } from '../game/builder.js';
import { namedStartByJkf, namedStartOf } from '../game/handicap.js';
import { PLAYER_ALIASES, commentLines, emptyRecord, isMoveNode, type GameRecord, type Node, type Parent } from '../game/record.js';
import { startPosition } from '../game/tree.js';
import type { Position } from '../rules/position.js';
import {
  DIMENSIONS, HAND_ROLES, emptyHand, fail, isDrop, ok, squareOf,
  type Color, type HandRole, type Move, type Piece, type Result, type Setup, type Square,
} from '../rules/types.js';
import { CSA_PIECES, PIECE_CODES, csaSpecialName, specialByCsaName } from './csa.js';
import { moveQualifiers } from './japanese.js';
import { readJson, locate, type Json, type JsonDocument } from './json.js';
import { PROMOTED } from './promotion.js';
import { errorAt, type RecordError, type RecordResult } from './record-error.js';
import { formatSfen, parseSfen } from './sfen.js';

type JsonObject = { [key: string]: Json };

const RELATIVE: Record<string, string> = { 左: 'L', 直: 'C', 右: 'R', 上: 'U', 寄: 'M', 引: 'D', 打: 'H' };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const COLORS_BY_NUMBER: Color[] = ['sente', 'gote'];
const dims = DIMENSIONS.shogi;

/** 0 or 1; early JKF (Kifu for JS's first parsers, before its Color enum) wrote booleans, true
 * for 先手 (its KIF parser's `teban` gives true for a piece written ` 歩`, false for `v歩`), so
 * true is sente, the reverse of what 1 and true would suggest. */
function colorOf(value: Json | undefined): Color | undefined {
  if (value === 0 || value === true) return 'sente';
  if (value === 1 || value === false) return 'gote';
  return undefined;
}

function squareOfPlace(place: Json | undefined): Square | undefined {
  if (!isObject(place)) return undefined;
  const { x, y } = place;
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isInteger(x) || !Number.isInteger(y)) return undefined;
  return x >= 1 && x <= 9 && y >= 1 && y <= 9 ? squareOf(x, y, dims) : undefined;
}

const seconds = (t: Json | undefined) => {
  if (!isObject(t)) return undefined;
  const n = (k: string) => (typeof t[k] === 'number' ? (t[k] as number) : 0);
  return n('h') * 3600 + n('m') * 60 + n('s');
};

export function parseJkf(text: string): RecordResult {
  const doc = readJson(text.replace(/^\uFEFF/, ''));
  if (!doc.ok) {
    const { line, lineText, indexInLine } = locate(text, doc.error.index);
    return errorAt('jkf-json', doc.error.message, line, lineText, indexInLine, lineText.slice(indexInLine, indexInLine + 20).trim());
  }
  return new JkfReader(text, doc.value).read();
}

class JkfReader {
  private builder?: RecordBuilder;

  constructor(private readonly text: string, private readonly doc: JsonDocument) {}

  private error(code: string, message: string, at: Json | undefined): Result<never, RecordError> {
    const index = (typeof at === 'object' && at !== null ? this.doc.offsets.get(at) : undefined) ?? 0;
    const { line, lineText, indexInLine } = locate(this.text, index);
    const what = typeof at === 'object' && at !== null ? JSON.stringify(at).slice(0, 80) : lineText.trim();
    return errorAt(code, message, line, lineText, indexInLine, what, this.builder?.record);
  }

  read(): RecordResult {
    const root = this.doc.value;
    if (!isObject(root)) return this.error('jkf-shape', 'a JKF record is a JSON object', root);
    const record = emptyRecord();
    if (root.header !== undefined) {
      if (!isObject(root.header)) return this.error('jkf-shape', '"header" must be an object of strings', root.header);
      record.headers = Object.entries(root.header).map(([key, value]) => ({
        key: PLAYER_ALIASES[key] ?? key, value: typeof value === 'string' ? value : JSON.stringify(value),
      }));
    }
    const start = this.initial(root.initial);
    if (!start.ok) return start;
    record.sfen = start.value;
    const built = RecordBuilder.start(record);
    if (!built.ok) return this.error('illegal-position', built.error.message, root.initial);
    this.builder = built.value;
    const moves = root.moves ?? [];
    if (!Array.isArray(moves)) return this.error('jkf-shape', '"moves" must be an array', moves);
    const first = moves[0];
    let from = 0;
    if (isObject(first) && first.move === undefined && first.special === undefined) {
      record.root.comments = commentLines(strings(first.comments));
      if (typeof first.bookmark === 'string') record.root.bookmark = first.bookmark;
      from = 1;
    }
    const r = this.line(moves, from, 1);
    return r.ok ? ok(record) : r;
  }

  private initial(initial: Json | undefined): Result<string, RecordError> {
    if (initial === undefined || initial === null) return ok(emptyRecord().sfen);
    if (!isObject(initial) || typeof initial.preset !== 'string') return this.error('jkf-initial', '"initial" needs a "preset"', initial);
    if (initial.preset !== 'OTHER') {
      const named = namedStartByJkf(initial.preset);
      return named ? ok(named.sfen) : this.error('jkf-initial', `unknown preset "${initial.preset}"`, initial);
    }
    const data = initial.data;
    if (!isObject(data) || !Array.isArray(data.board) || data.board.length !== 9) {
      return this.error('jkf-initial', 'preset OTHER needs "data" with a 9x9 "board"', data ?? initial);
    }
    const board: (Piece | undefined)[] = new Array(81).fill(undefined);
    for (const [x, column] of data.board.entries()) {
      if (!Array.isArray(column) || column.length !== 9) return this.error('jkf-initial', 'each board column has 9 squares', column);
      for (const [y, cell] of column.entries()) {
        if (!isObject(cell) || cell.kind === undefined) continue;
        const role = typeof cell.kind === 'string' ? CSA_PIECES[cell.kind] : undefined;
        const color = colorOf(cell.color);
        if (!role || !color) return this.error('jkf-initial', `not a piece: ${JSON.stringify(cell)}`, cell);
        board[squareOf(x + 1, y + 1, dims)] = { color, role };
      }
    }
    const hands = { sente: emptyHand(), gote: emptyHand() };
    if (Array.isArray(data.hands)) {
      for (const [i, hand] of data.hands.slice(0, 2).entries()) {
        if (!isObject(hand)) continue;
        for (const [kind, count] of Object.entries(hand)) {
          const role = CSA_PIECES[kind];
          if (!role || !(HAND_ROLES as readonly string[]).includes(role) || typeof count !== 'number') {
            return this.error('jkf-initial', `not a count of pieces in hand: ${kind}`, hand);
          }
          hands[COLORS_BY_NUMBER[i]][role as HandRole] = count;
        }
      }
    }
    const setup: Setup = { variant: 'shogi', board, hands, turn: colorOf(data.color) ?? 'sente', moveNumber: 1 };
    return ok(formatSfen(setup));
  }

  /** Reads `moves` from `from` as the line starting at move `ply`, then each move's forks. */
  private line(moves: Json[], from: number, ply: number): Result<void, RecordError> {
    const b = this.builder!;
    const forks: { ply: number; lines: Json }[] = [];
    for (let i = from; i < moves.length; i++) {
      const item = moves[i];
      if (!isObject(item)) return this.error('jkf-shape', 'a move must be an object', item);
      const n = ply + i - from;
      let node: Node;
      if (item.special !== undefined) {
        const special = typeof item.special === 'string' ? specialByCsaName(item.special, b.position) : undefined;
        if (!special) return this.error('jkf-special', `unknown special ${JSON.stringify(item.special)}`, item);
        const ended = b.end(special);
        if (!ended.ok) return this.error('jkf-special', ended.error, item);
        node = ended.value;
      } else if (isObject(item.move)) {
        const move = this.move(item.move, b.position);
        if (!move.ok) return this.error('illegal-move', move.error, item.move);
        const played = b.play(move.value);
        if (!played.ok) return this.error('illegal-move', played.error, item.move);
        node = played.value;
      } else {
        return this.error('jkf-shape', 'an entry of "moves" needs "move" or "special"', item);
      }
      node.comments = commentLines(strings(item.comments));
      if (typeof item.bookmark === 'string') node.bookmark = item.bookmark;
      if (isObject(item.time)) {
        const now = seconds(item.time.now);
        if (now !== undefined) node.time = { move: now, total: seconds(item.time.total) };
        if (node.time?.total === undefined) delete node.time?.total;
      }
      const evaluation = item.evaluation;
      if (isObject(evaluation) && typeof evaluation.score === 'number' && Array.isArray(evaluation.pv)) {
        node.evaluation = { score: evaluation.score, pv: evaluation.pv.filter((m): m is string => typeof m === 'string') };
      }
      if (item.forks !== undefined) forks.push({ ply: n, lines: item.forks });
    }
    // The latest fork first: the line read last still holds every earlier move.
    for (const { ply: n, lines } of forks.reverse()) {
      if (!Array.isArray(lines)) return this.error('jkf-shape', '"forks" must be an array of arrays of moves', lines);
      for (const fork of lines) {
        if (!Array.isArray(fork)) return this.error('jkf-shape', 'a fork must be an array of moves', fork);
        const branched = b.branch(n);
        if (!branched.ok) return this.error('jkf-shape', branched.error, fork);
        const r = this.line(fork, 0, n);
        if (!r.ok) return r;
      }
    }
    return ok(undefined);
  }

  private move(move: JsonObject, pos: Position): Result<Move, string> {
    const color = colorOf(move.color);
    const { board, turn } = pos.setup();
    if (color !== undefined && color !== turn) return fail(`color ${move.color} but ${turn} is to move`);
    // JKF may leave out "to" of a move to the previous move's square (同), saying "same" only.
    const to = move.to === undefined && move.same === true ? this.builder!.lastTo : squareOfPlace(move.to);
    if (to === undefined) return fail(move.to === undefined && move.same === true ? '"same" but there is no previous move' : '"to" must be a square {"x": 1-9, "y": 1-9}');
    const role = typeof move.piece === 'string' ? CSA_PIECES[move.piece] : undefined;
    if (move.piece === undefined) return fail('a move without "piece"');
    if (!role) return fail(`unknown piece ${JSON.stringify(move.piece)}`);
    if (move.from === undefined) {
      if (!(HAND_ROLES as readonly string[]).includes(role)) return fail(`${move.piece} cannot be dropped`);
      return ok({ role: role as HandRole, to });
    }
    const from = squareOfPlace(move.from);
    if (from === undefined) return fail('"from" must be a square {"x": 1-9, "y": 1-9}');
    const piece = board[from];
    if (!piece || piece.color !== turn || piece.role !== role) return fail(`there is no ${move.piece} on ${JSON.stringify(move.from)}`);
    return ok({ from, to, promotion: move.promote === true });
  }
}

function strings(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
}

// ---- Writing ----------------------------------------------------------------------------

const place = (sq: Square) => ({ x: Math.floor(sq / 9) + 1, y: (sq % 9) + 1 });

export function writeJkf(record: GameRecord): Result<string, string> {
  if (record.variant !== 'shogi') return fail(`JKF cannot record ${record.variant}: its board is 9x9`);
  const start = startPosition(record);
  if (!start.ok) return fail(start.error.message);
  const pos = start.value;
  const jkf: JsonObject = {};
  jkf.header = Object.fromEntries(record.headers.map(({ key, value }) => [key, value]));
  jkf.initial = initialOf(record.sfen);
  const first: JsonObject = {};
  if (record.root.comments.length) first.comments = record.root.comments;
  if (record.root.bookmark !== undefined) first.bookmark = record.root.bookmark;
  const moves = line(record.root, 0, pos, undefined);
  if (!moves.ok) return moves;
  jkf.moves = [first, ...moves.value];
  return ok(layout(jkf));
}

/** One line per header, per initial position and per move: readable, and diffs stay small. */
function layout(jkf: JsonObject): string {
  const moves = (jkf.moves as Json[]).map((m) => `  ${JSON.stringify(m)}`).join(',\n');
  return `{\n "header": ${JSON.stringify(jkf.header)},\n "initial": ${JSON.stringify(jkf.initial)},\n "moves": [\n${moves}\n ]\n}\n`;
}

function initialOf(sfen: string): JsonObject {
  const named = namedStartOf(sfen);
  if (named?.jkf) return { preset: named.jkf };
  const setup = parseSfen(sfen, 'shogi');
  if (!setup.ok) return { preset: 'HIRATE' };
  const { board, hands, turn } = setup.value;
  const columns = Array.from({ length: 9 }, (_, x) => Array.from({ length: 9 }, (_, y): JsonObject => {
    const piece = board[squareOf(x + 1, y + 1, dims)];
    return piece ? { color: piece.color === 'sente' ? 0 : 1, kind: PIECE_CODES[piece.role] } : {};
  }));
  const handOf = (color: Color) => Object.fromEntries(HAND_ROLES.map((r) => [PIECE_CODES[r], hands[color][r]]));
  return { preset: 'OTHER', data: { color: turn === 'sente' ? 0 : 1, board: columns, hands: [handOf('sente'), handOf('gote')] } };
}

/** The moves from `parent.children[index]` down the first children, each with its forks. */
function line(parent: Parent, index: number, pos: Position, lastTo: Square | undefined): Result<JsonObject[], string> {
  const out: JsonObject[] = [];
  let played = 0;
  const rewind = () => { for (; played > 0; played--) pos.undo(); };
  for (let at: Parent | undefined = parent, i = index; at?.children[i]; i = 0) {
    const node: Node = at.children[i];
    const forks: Json[] = [];
    // A fork's own later siblings are forks of the caller's move.
    const siblings = at === parent && i === index && index > 0 ? i + 1 : at.children.length;
    for (let alt = i + 1; alt < siblings; alt++) {
      const fork = line(at, alt, pos, lastTo);
      if (!fork.ok) { rewind(); return fork; }
      forks.push(fork.value);
    }
    const item: JsonObject = {};
    if (isMoveNode(node)) {
      item.move = moveOf(node.move, pos, lastTo);
      const r = pos.play(node.move);
      if (!r.ok) { rewind(); return fail(r.error.message); }
      played++;
      lastTo = node.move.to;
    } else {
      const name = csaSpecialName(node.special, pos.turn);
      if (!name) { rewind(); return fail(`JKF has no name for the ending ${node.special}`); }
      item.special = name;
    }
    if (node.comments.length) item.comments = node.comments;
    if (node.time) {
      const t = node.time;
      item.time = { now: hms(t.move, false), ...(t.total !== undefined ? { total: hms(t.total, true) } : {}) };
    }
    if (node.bookmark !== undefined) item.bookmark = node.bookmark;
    if (node.evaluation) item.evaluation = { score: node.evaluation.score, pv: node.evaluation.pv };
    if (forks.length) item.forks = forks;
    out.push(item);
    at = isMoveNode(node) ? node : undefined;
  }
  rewind();
  return ok(out);
}

/** JKF's times are whole seconds (its schema's integers), as KIF's are: a CSA V3.0 time's
 * milliseconds are cut, as KIF cuts them. */
function hms(seconds: number, withHours: boolean): JsonObject {
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total - h * 3600 - m * 60;
  return withHours ? { h, m, s } : total >= 3600 ? { h, m, s } : { m: Math.floor(total / 60), s: total - Math.floor(total / 60) * 60 };
}

function moveOf(move: Move, pos: Position, lastTo: Square | undefined): JsonObject {
  const { board } = pos.setup();
  const color = pos.turn === 'sente' ? 0 : 1;
  const relative = [...moveQualifiers(pos, move)].map((q) => RELATIVE[q]).join('');
  const out: JsonObject = { color };
  if (isDrop(move)) {
    Object.assign(out, { to: place(move.to), piece: PIECE_CODES[move.role] });
  } else {
    const role = board[move.from]?.role ?? 'pawn';
    Object.assign(out, { from: place(move.from), to: place(move.to), piece: PIECE_CODES[role] });
    const canPromote = PROMOTED[role] !== undefined
      && pos.legalMoves().some((m) => !isDrop(m) && m.from === move.from && m.to === move.to && m.promotion);
    if (canPromote) out.promote = move.promotion;
    const captured = board[move.to];
    if (captured) out.capture = PIECE_CODES[captured.role];
  }
  if (move.to === lastTo) out.same = true;
  if (relative) out.relative = relative;
  return out;
}
