/**
 * Japanese move names: ▲７六歩, △同　銀, ▲５五角打, ▲２二角成, ▲５二金左上. KIF writes the origin
 * square instead of qualifiers (７六歩(77)); KI2 and the board write the qualifiers: exactly
 * those needed to tell the moving piece from every other piece of its kind that could reach the
 * same square by its movement, even one pinned to its king, in the Japan Shogi Association's
 * order (movement 上/寄/引 first, then 直, then position 右/左, then both).
 */
import type { Position } from '../rules/position.js';
import {
  fail, fileOf, isDrop, ok, rankOf, squareOf,
  type Color, type Dimensions, type HandRole, type Move, type NormalMove, type Piece, type Result, type Role, type Square, type Variant,
} from '../rules/types.js';
import { isHandRole } from './letters.js';

const FILES = '１２３４５６７８９';
const RANKS = '一二三四五六七八九';
const SPACE = '　';

export const PIECE_KANJI: Record<Role, string> = {
  pawn: '歩', lance: '香', knight: '桂', silver: '銀', gold: '金', bishop: '角', rook: '飛', king: '玉',
  tokin: 'と', promotedlance: '成香', promotedknight: '成桂', promotedsilver: '成銀', horse: '馬', dragon: '龍',
};

/** Dobutsu shogi's pieces by the words written on its tiles, as its players name them. */
export const DOBUTSU_WORDS: Partial<Record<Role, string>> = {
  pawn: 'ひよこ', tokin: 'にわとり', rook: 'きりん', bishop: 'ぞう', king: 'ライオン',
};

/** A piece's name in Japanese: its kanji (歩, 成銀), or in dobutsu the word on its tile (ひよこ). */
export function japanesePieceName(role: Role, variant: Variant): string {
  return (variant === 'dobutsu' && DOBUTSU_WORDS[role]) || PIECE_KANJI[role];
}

/** Other spellings found in real files, and dobutsu's words, as the board and the lines show
 * them (a line copied off the page reads back); longest first so that 成銀 wins over a bare 銀. */
const PIECE_SPELLINGS: readonly [string, Role][] = ([
  ...(Object.entries(PIECE_KANJI) as [Role, string][]).map(([role, kanji]): [string, Role] => [kanji, role]),
  ['王', 'king'], ['竜', 'dragon'], ['杏', 'promotedlance'], ['圭', 'promotedknight'], ['全', 'promotedsilver'],
  ...(Object.entries(DOBUTSU_WORDS) as [Role, string][]).map(([role, word]): [string, Role] => [word, role]),
] as [string, Role][]).sort((a, b) => b[0].length - a[0].length);

export const MARKS: Record<Color, string> = { sente: '▲', gote: '△' };

/** The marks read before a move, with the side they stand for: MARKS, the shogi-piece signs ☗ ☖,
 * and ▽, which newspapers and web pages write for gote. */
export const MARK_COLORS: Readonly<Record<string, Color>> = { '▲': 'sente', '☗': 'sente', '△': 'gote', '☖': 'gote', '▽': 'gote' };
/** The sides' names in Japanese. */
export const SIDE_NAMES_JA: Readonly<Record<Color, string>> = { sente: '先手', gote: '後手' };
/** The same marks, for a regular expression's [class]. */
export const MARK_CHARS = Object.keys(MARK_COLORS).join('');

export function japaneseSquare(sq: Square, dims: Dimensions): string {
  return FILES[fileOf(sq, dims) - 1] + RANKS[rankOf(sq, dims) - 1];
}

/** A piece name at the start of `text`: its role and how many characters it took. */
export function readPieceKanji(text: string): { role: Role; length: number } | undefined {
  for (const [spelling, role] of PIECE_SPELLINGS) if (text.startsWith(spelling)) return { role, length: spelling.length };
  return undefined;
}

/** A Japanese move as written, before the position says which move it is. */
export interface JapaneseMove {
  /** Undefined when the move is written 同 (to the square of the previous move). */
  to?: Square;
  /** The piece as it stands before moving (２二角成 moves a bishop). */
  role: Role;
  /** 右, 左, 直, 上, 引, 寄 as written. */
  qualifiers: string;
  drop: boolean;
  /** 成 is true, 不成 (or 生) false, nothing undefined. */
  promotion?: boolean;
  /** KIF's origin square, (77). */
  from?: Square;
}

export interface ReadError {
  message: string;
  /** Index in the text read. */
  at: number;
}

const digitValue = (c: string | undefined) => {
  if (c === undefined) return 0;
  for (const digits of [FILES, '123456789', RANKS]) {
    const i = digits.indexOf(c);
    if (i >= 0) return i + 1;
  }
  return 0;
};

function readSquare(text: string, at: number, dims: Dimensions): Square | undefined {
  const file = digitValue(text[at]), rank = digitValue(text[at + 1]);
  if (file < 1 || file > dims.files || rank < 1 || rank > dims.ranks) return undefined;
  return squareOf(file, rank, dims);
}

/**
 * Reads one move at `start` of `text` (its ▲/△ mark already skipped), in KIF or KI2 spelling;
 * returns it and the index just after it.
 */
export function readJapaneseMove(text: string, start: number, dims: Dimensions): Result<{ move: JapaneseMove; end: number }, ReadError> {
  let at = start;
  let to: Square | undefined;
  if (text[at] === '同' || text[at] === '仝') {
    at++;
    while (text[at] === ' ' || text[at] === SPACE) at++;
  } else {
    to = readSquare(text, at, dims);
    if (to === undefined) return fail({ message: `expected a square (１一 to ${FILES[dims.files - 1]}${RANKS[dims.ranks - 1]}) or 同`, at });
    at += 2;
    // Some writers repeat the square after 同 or write ２四同歩; the square is what counts.
    if (text[at] === '同') at++;
  }
  const piece = readPieceKanji(text.slice(at, at + PIECE_SPELLINGS[0][0].length));
  if (!piece) return fail({ message: 'expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)', at });
  at += piece.length;
  let qualifiers = '';
  while (text[at] !== undefined && '右左直上引寄行入'.includes(text[at])) {
    // 行 and 入 are old spellings of 上.
    qualifiers += text[at] === '行' || text[at] === '入' ? '上' : text[at];
    at++;
  }
  let drop = false;
  let promotion: boolean | undefined;
  if (text[at] === '打') { drop = true; at++; }
  else if (text.startsWith('不成', at)) { promotion = false; at += 2; }
  else if (text[at] === '生') { promotion = false; at++; }
  else if (text[at] === '成') { promotion = true; at++; }
  let from: Square | undefined;
  // Some writers pad 同銀 to the width of ７六銀 after the piece instead of after 同: 同銀　(79).
  const origin = /^　?\((\d\d)\)/.exec(text.slice(at));
  if (origin) {
    // (00) is the hand: engine-match servers (電竜戦) and tools that copy them give a drop that
    // origin, ５五角打(00), in their moves and in their engines' lines.
    if (origin[1] === '00' && promotion === undefined) drop = true;
    else if ((from = readSquare(origin[1], 0, dims)) === undefined) return fail({ message: `no square ${origin[1]} on this board`, at: at + 1 });
    at += origin[0].length;
  }
  return ok({ move: { to, role: piece.role, qualifiers, drop, promotion, from }, end: at });
}

// ---- Which piece: qualifiers ------------------------------------------------------------

/** How far forward a move goes for the mover (negative: backward). */
function forward(from: Square, to: Square, turn: Color, dims: Dimensions): number {
  const d = rankOf(from, dims) - rankOf(to, dims);
  return turn === 'sente' ? d : -d;
}

/** Larger is further to the mover's right (sente's right is file 1). */
function rightness(sq: Square, turn: Color, dims: Dimensions): number {
  return turn === 'sente' ? -fileOf(sq, dims) : fileOf(sq, dims);
}

/**
 * The origins among `froms` that `qualifiers` describes: movement words (上 引 寄 直) filter
 * each origin by itself, then 右 and 左 keep the rightmost or leftmost of what is left.
 */
function matching(froms: Square[], qualifiers: string, to: Square, turn: Color, dims: Dimensions): Square[] {
  let left = froms;
  for (const q of qualifiers) {
    const f = (sq: Square) => forward(sq, to, turn, dims);
    if (q === '上') left = left.filter((sq) => f(sq) > 0);
    else if (q === '引') left = left.filter((sq) => f(sq) < 0);
    else if (q === '寄') left = left.filter((sq) => f(sq) === 0);
    else if (q === '直') left = left.filter((sq) => f(sq) > 0 && fileOf(sq, dims) === fileOf(to, dims));
  }
  for (const q of qualifiers) {
    if (q !== '右' && q !== '左') continue;
    const values = left.map((sq) => rightness(sq, turn, dims));
    const extreme = q === '右' ? Math.max(...values) : Math.min(...values);
    left = left.filter((_, i) => values[i] === extreme);
  }
  return left;
}

const QUALIFIER_CHOICES = ['', '上', '寄', '引', '直', '右', '左', '右上', '右寄', '右引', '左上', '左寄', '左引'];

/** The fewest qualifiers that single out `from` among `froms`; 直 is not used for 龍 and 馬. */
function qualifiersFor(from: Square, froms: Square[], to: Square, role: Role, turn: Color, dims: Dimensions): string {
  const choices = role === 'dragon' || role === 'horse' ? QUALIFIER_CHOICES.filter((q) => q !== '直') : QUALIFIER_CHOICES;
  return choices.find((q) => {
    const m = matching(froms, q, to, turn, dims);
    return m.length === 1 && m[0] === from;
  }) ?? '';
}

/** What the board looks like, the side to move and its moves: all a name needs. */
interface Scene {
  board: (Piece | undefined)[];
  turn: Color;
  /** Asked for only when needed: KIF's moves, which name their origin, never need them. */
  readonly legal: Move[];
  /** The squares of the pieces that could move to a square by their movement, legal or not. */
  reachers(to: Square): Square[];
  dims: Dimensions;
}

function sceneOf(pos: Position): Scene {
  const { board, turn } = pos.setup();
  let legal: Move[] | undefined;
  return {
    board, turn, dims: pos.dims,
    get legal() { return (legal ??= pos.legalMoves()); },
    reachers: (to) => pos.reachers(to),
  };
}

/** Origins of the legal moves of a `role` on the board to `to`, each once. */
function originsOf(scene: Scene, role: Role, to: Square): Square[] {
  const froms = new Set<Square>();
  for (const m of scene.legal) if (!isDrop(m) && m.to === to && scene.board[m.from]?.role === role) froms.add(m.from);
  return [...froms];
}

/**
 * The squares of the `role`s a reader could take for the one moving to `to`: all that could go
 * there by their movement, a piece pinned to its king (or not answering a check) too. Kifu for
 * Windows and tsshogi count those: tsshogi refuses ▲４七金 when a second gold could step to ４七
 * but is pinned, and reads a drop there written without 打 as that gold's move.
 */
function rivalsOf(scene: Scene, role: Role, to: Square): Square[] {
  return scene.reachers(to).filter((sq) => scene.board[sq]?.role === role);
}

// ---- Writing ----------------------------------------------------------------------------

export interface JapaneseOptions {
  /** The previous move's destination, for 同. */
  lastTo?: Square;
  /** KIF spelling: origin square in brackets, 打 on every drop, no qualifiers. */
  kif?: boolean;
  /** Dobutsu's pieces by their animals (２二ひよこ), as the board and the lines show them;
   * records keep the kanji that KIF and KI2 readers know. */
  animals?: boolean;
}

/** The move's name without the ▲/△ mark: ７六歩, 同　銀, ５五角打, ５二金左上; KIF: ７六歩(77). */
export function formatJapaneseMove(pos: Position, move: Move, options: JapaneseOptions = {}): string {
  return formatIn(sceneOf(pos), move, options);
}

/** ▲７六歩 or △同　銀, as the board and the engine lines show moves. */
export function japaneseMoveName(pos: Position, move: Move, lastTo?: Square): string {
  return MARKS[pos.turn] + formatJapaneseMove(pos, move, { lastTo });
}

/** KI2's qualifiers of a move: 右 左 直 上 引 寄 as needed, or 打 on a drop that a piece on the
 * board could also make; '' when the piece and the square say enough. */
export function moveQualifiers(pos: Position, move: Move): string {
  return qualifiersIn(sceneOf(pos), move);
}

function qualifiersIn(scene: Scene, move: Move): string {
  if (isDrop(move)) return rivalsOf(scene, move.role, move.to).length > 0 ? '打' : '';
  const role = scene.board[move.from]?.role ?? 'pawn';
  return qualifiersFor(move.from, rivalsOf(scene, role, move.to), move.to, role, scene.turn, scene.dims);
}

function formatIn(scene: Scene, move: Move, { lastTo, kif = false, animals = false }: JapaneseOptions): string {
  const { dims } = scene;
  const kanji = (role: Role) => (animals && DOBUTSU_WORDS[role]) || PIECE_KANJI[role];
  const square = move.to === lastTo ? `同${SPACE}` : japaneseSquare(move.to, dims);
  if (isDrop(move)) return square + kanji(move.role) + (kif ? '打' : qualifiersIn(scene, move));
  const role = scene.board[move.from]?.role ?? 'pawn';
  // KIF writes no 不成 (Kakinoki's format: a move without 成 does not promote), and the readers
  // of ShogiHome (tsshogi) and Kifu for JS refuse it, or end the game there.
  if (kif) return `${square}${PIECE_KANJI[role]}${move.promotion ? '成' : ''}(${fileOf(move.from, dims)}${rankOf(move.from, dims)})`;
  const couldPromote = !move.promotion && scene.legal.some((m) => !isDrop(m) && m.from === move.from && m.to === move.to && m.promotion);
  const promotion = move.promotion ? '成' : couldPromote ? '不成' : '';
  return square + kanji(role) + qualifiersIn(scene, move) + promotion;
}

// ---- Reading ----------------------------------------------------------------------------

/**
 * The legal move a Japanese move names in `pos`, or why there is none. With an origin (KIF) the
 * piece there must be the one named; without one (KI2) the qualifiers must leave one piece.
 *
 * The qualifiers are matched against the legal origins only, which reads both the qualifiers
 * written among every piece that could reach the square (rivalsOf) and those of older records,
 * written among the legal origins: 上 引 寄 直 judge each origin by itself, and the rightmost
 * (leftmost) of all the rivals, when it may move, is also the rightmost of those that may.
 */
export function resolveJapaneseMove(pos: Position, written: JapaneseMove, lastTo?: Square): Result<Move, string> {
  const to = written.to ?? lastTo;
  if (to === undefined) return fail('同 (same square) but there is no previous move');
  const scene = sceneOf(pos);
  const { dims, board, turn } = scene;
  const name = PIECE_KANJI[written.role];
  const where = japaneseSquare(to, dims);
  const dropOf = (role: HandRole): Result<Move, string> => {
    const drop = scene.legal.find((m) => isDrop(m) && m.role === role && m.to === to);
    return drop ? ok(drop) : fail(`${name} cannot be dropped on ${where}`);
  };
  if (written.from !== undefined) {
    if (written.drop) return fail('a drop (打) has no origin square');
    const piece = board[written.from];
    const origin = `${fileOf(written.from, dims)}${rankOf(written.from, dims)}`;
    if (!piece || piece.color !== turn) return fail(`${turn} has no piece on ${origin}`);
    if (piece.role !== written.role) return fail(`the piece on ${origin} is ${PIECE_KANJI[piece.role]}, not ${name}`);
    const move: NormalMove = { from: written.from, to, promotion: written.promotion === true };
    return ok(move);
  }
  // A drop written so (打) names its move whether or not it is legal: the caller plays it, and
  // the rules say why it is refused (nifu, none in hand, a piece that could never move).
  if (written.drop) return isHandRole(written.role) ? ok({ role: written.role, to }) : fail(`${name} cannot be dropped`);
  const promotion = written.promotion === true;
  const froms = originsOf(scene, written.role, to).filter((from) =>
    scene.legal.some((m) => !isDrop(m) && m.from === from && m.to === to && m.promotion === promotion));
  if (froms.length === 0) {
    const role = written.role;
    const drop = written.promotion === undefined && isHandRole(role) && !written.qualifiers ? dropOf(role) : undefined;
    if (drop?.ok) return drop;
    return fail(`no ${name} can ${drop ? 'move or be dropped' : 'move'} to ${where}${promotion ? ' and promote' : ''}`);
  }
  const chosen = matching(froms, written.qualifiers, to, turn, dims);
  if (chosen.length === 1) return ok({ from: chosen[0], to, promotion });
  if (chosen.length === 0) return fail(`no ${name} that can move to ${where} fits ${written.qualifiers}`);
  return fail(`${chosen.length} ${name} can move to ${where}: add 右, 左, 直, 上, 引 or 寄`);
}

/** Every name of a line of moves from `pos` (which is left as it was), as the engine lines show. */
export function japaneseLine(pos: Position, moves: Move[], lastTo?: Square): Result<string[], string> {
  const names: string[] = [];
  const played: Move[] = [];
  let previous = lastTo;
  for (const move of moves) {
    const name = japaneseMoveName(pos, move, previous);
    const r = pos.play(move);
    if (!r.ok) break;
    played.push(move);
    names.push(name);
    previous = move.to;
  }
  for (let i = 0; i < played.length; i++) pos.undo();
  return names.length === moves.length ? ok(names) : fail(`move ${names.length + 1} of the line is not legal`);
}
