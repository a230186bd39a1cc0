/**
 * Position: the TypeScript face of the rules in build/engine.wasm. Every rule question
 * (legal moves, check, outcome, validation) is answered by the wasm; this class only turns
 * numbers into readable objects and back.
 *
 * Each variant has one wasm instance holding one position at a time. A Position remembers its
 * set-up bytes and the moves played since, and reloads itself into the instance when another
 * Position of the same variant used it last, so any number of Positions can coexist.
 */
import { instantiateEngine, type EngineExports } from '../engine/wasm.js';
import { formatSfen, parseSfen } from '../notation/sfen.js';
import { formatUsiMove, parseUsiMove } from '../notation/usi.js';
import { formatSquare } from '../notation/square.js';
import { pieceName } from '../notation/letters.js';
import {
  COLORS, DIMENSIONS, HAND_ROLES, POSITION_RULES, ROLES, VARIANTS, emptyHand, fail, isDrop, kingSquare, ok,
  type Color, type Dimensions, type HandRole, type Move, type ParseError, type Piece, type Result,
  type PositionRule, type Setup, type Square, type Variant,
} from './types.js';

export const OUTCOME_REASONS = [
  'checkmate', 'no-moves', 'repetition', 'perpetual-check', 'lion-captured', 'try', 'declaration', 'impasse',
] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** How a game ended; no winner means a draw. */
export interface Outcome {
  winner?: Color;
  reason: OutcomeReason;
}

export type MoveKind = 'captures' | 'quiets' | 'legal' | 'checks';
const MOVE_KIND: Record<MoveKind, number> = { captures: 0, quiets: 1, legal: 2, checks: 3 };

const engines = new Map<Variant, EngineExports>();
const loadedIn = new Map<Variant, Position>();
let loading: Promise<void> | undefined;

/** Load the wasm (once) and make an instance per variant. Call before using Position. */
export function initRules(): Promise<void> {
  loading ??= Promise.all(VARIANTS.map(async (v) => engines.set(v, await instantiateEngine(v)))).then(
    () => undefined,
    (error: unknown) => {
      loading = undefined; // a failed load (say, the network) can be tried again
      throw error;
    },
  );
  return loading;
}

// ---- Numbers <-> objects (assembly/types.ts documents the codes) ------------------------
const SETUP_BYTES = 128;
const HANDS_AT = 81;
const SIDE_AT = 97;

const pieceCode = (p: Piece) => (ROLES.indexOf(p.role) + 1) | (COLORS.indexOf(p.color) << 4);
const codePiece = (code: number): Piece => ({ role: ROLES[(code & 15) - 1], color: COLORS[code >> 4] });
const handTypeOf = (role: HandRole) => ROLES.indexOf(role) + 1;

/** The deepest perft: each ply takes frames of the wasm call stack (20,000 overflowed it and
 * left the instance broken), and no count this deep could finish anyway. */
export const MAX_PERFT_DEPTH = 30;
export function checkPerftDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) throw new RangeError(`perft depth must be a whole number from 0 to ${MAX_PERFT_DEPTH}, got ${depth}`);
}

export function encodeMove(move: Move): number {
  if (isDrop(move)) return move.to | (handTypeOf(move.role) << 7) | (1 << 15);
  return move.to | (move.from << 7) | (move.promotion ? 1 << 14 : 0);
}
export function decodeMove(code: number): Move {
  const to = code & 127, from = (code >> 7) & 127;
  if (code & (1 << 15)) return { role: ROLES[from - 1] as HandRole, to };
  return { from, to, promotion: (code & (1 << 14)) !== 0 };
}

/** A pass among played codes: the wasm's record holds it as move 0, which no move encodes
 * (from and to the same square). */
export const PASS_CODE = 0;

/** Play a record (encodeMove's codes and PASS_CODE) in an instance that holds its start. */
export function replay(wasm: EngineExports, codes: readonly number[]): void {
  for (const code of codes) {
    if (code === PASS_CODE) wasm.pass();
    else wasm.play(code);
  }
}

/** What in a Setup's data no position could hold (the rules check the rest): set-up bytes hold
 * counts up to 255 and the board's own squares only. */
function setupShapeError(setup: Setup): string | undefined {
  const { files, ranks } = DIMENSIONS[setup.variant];
  if (setup.board.length > files * ranks && setup.board.slice(files * ranks).some(Boolean)) return `a ${files}x${ranks} board has ${files * ranks} squares; pieces were given beyond them`;
  for (const color of COLORS) {
    for (const role of HAND_ROLES) {
      const n = setup.hands[color][role];
      if (!Number.isInteger(n) || n < 0 || n > 255) return `${color}'s hand: ${n} is not a count of ${role}s`;
    }
  }
  if (!Number.isInteger(setup.moveNumber) || setup.moveNumber < 1) return `the move number must be a whole number from 1, got ${setup.moveNumber}`;
  return undefined;
}

export function encodeSetup(setup: Setup): Uint8Array {
  const bytes = new Uint8Array(SETUP_BYTES);
  setup.board.forEach((piece, sq) => { if (piece) bytes[sq] = pieceCode(piece); });
  COLORS.forEach((color, c) => {
    for (const role of HAND_ROLES) bytes[HANDS_AT + c * 8 + handTypeOf(role)] = setup.hands[color][role];
  });
  bytes[SIDE_AT] = setup.turn === 'sente' ? 0 : 1;
  return bytes;
}

/** Load set-up bytes (encodeSetup) into an instance's setup buffer; its load() reads them. */
export function writeSetup(wasm: EngineExports, bytes: Uint8Array): void {
  new Uint8Array(wasm.memory.buffer, wasm.setupBuffer(), SETUP_BYTES).set(bytes);
}

/** The position held by an instance, as data. */
export function readSetup(wasm: EngineExports, variant: Variant, moveNumber: number): Setup {
  wasm.save();
  const bytes = new Uint8Array(wasm.memory.buffer, wasm.setupBuffer(), SETUP_BYTES);
  const { files, ranks } = DIMENSIONS[variant];
  const board = Array.from({ length: files * ranks }, (_, sq) => (bytes[sq] ? codePiece(bytes[sq]) : undefined));
  const hands = { sente: emptyHand(), gote: emptyHand() };
  COLORS.forEach((color, c) => {
    for (const role of HAND_ROLES) hands[color][role] = bytes[HANDS_AT + c * 8 + handTypeOf(role)];
  });
  const turn: Color = bytes[SIDE_AT] ? 'gote' : 'sente';
  return { variant, board, hands, turn, moveNumber };
}

const err = (code: string, message: string): ParseError => ({ code, message });

export class Position {
  /** Moves and passes played since the set-up position, wasm-encoded (a pass as PASS_CODE). */
  private readonly played: number[] = [];
  private declared?: Outcome;

  private constructor(
    readonly variant: Variant,
    private readonly engine: EngineExports,
    private readonly rootBytes: Uint8Array,
    private readonly rootMoveNumber: number,
  ) {}

  get dims(): Dimensions { return DIMENSIONS[this.variant]; }

  /** A position from SFEN; the variant follows from the board size when not given. */
  static fromSfen(sfen: string, variant?: Variant): Result<Position> {
    const parsed = parseSfen(sfen, variant);
    return parsed.ok ? Position.fromSetup(parsed.value) : parsed;
  }

  /** A position from data, refused with the reason when the rules could not have produced it. */
  static fromSetup(setup: Setup): Result<Position> {
    const engine = engines.get(setup.variant);
    if (!engine) return fail(err('not-initialised', 'call initRules() before creating positions'));
    const shape = setupShapeError(setup);
    if (shape) return fail(err('illegal-position', shape));
    const pos = new Position(setup.variant, engine, encodeSetup(setup), setup.moveNumber);
    const code = pos.reload();
    if (code !== 0) {
      loadedIn.delete(setup.variant);
      const detail = engine.errorInfo();
      const rule: PositionRule | undefined = POSITION_RULES[code - 1];
      const where = rule && SQUARE_RULES.includes(rule) ? { square: detail } : rule === 'too-many' ? { role: ROLES[detail - 1] } : {};
      return fail({ ...err('illegal-position', invalidReason(rule, code, detail, setup)), ...where, rule });
    }
    return ok(pos);
  }

  clone(): Position {
    const copy = new Position(this.variant, this.engine, this.rootBytes, this.rootMoveNumber);
    copy.played.push(...this.played);
    copy.declared = this.declared;
    return copy;
  }

  private reload(): number {
    writeSetup(this.engine, this.rootBytes);
    const code = this.engine.load();
    if (code === 0) {
      replay(this.engine, this.played);
      loadedIn.set(this.variant, this);
    }
    return code;
  }

  /** The wasm instance, holding this position. */
  private get wasm(): EngineExports {
    if (loadedIn.get(this.variant) !== this) this.reload();
    return this.engine;
  }

  get turn(): Color { return this.setup().turn; }

  /** Moves played since this position was set up; a pass is no move and is left out. */
  get history(): Move[] { return this.played.filter((code) => code !== PASS_CODE).map(decodeMove); }

  setup(): Setup {
    return readSetup(this.wasm, this.variant, this.rootMoveNumber + this.played.length);
  }

  sfen(): string { return formatSfen(this.setup()); }

  /** Legal moves, all of them or of one kind; none once the game is over. */
  legalMoves(kind: MoveKind = 'legal'): Move[] {
    if (this.outcome()) return [];
    const wasm = this.wasm;
    const n = wasm.moves(MOVE_KIND[kind]);
    return Array.from(new Uint32Array(wasm.memory.buffer, wasm.movesBuffer(), n), decodeMove);
  }

  /** Squares of the side to move's pieces that could move to `to` by their movement alone,
   * pins and check ignored (Japanese move names tell a piece from these). */
  reachers(to: Square): Square[] {
    const wasm = this.wasm;
    const n = wasm.reachers(to);
    return Array.from(new Uint32Array(wasm.memory.buffer, wasm.movesBuffer(), n));
  }

  legalUsi(): string[] { return this.legalMoves().map((m) => formatUsiMove(m, this.variant)); }

  isLegal(move: Move): boolean {
    const code = encodeMove(move);
    return this.legalMoves().some((m) => encodeMove(m) === code);
  }

  /** Play a move given as an object or in USI. An illegal move is refused with the reason and
   * the position stays as it was. */
  play(move: Move | string): Result<Move> {
    let m: Move;
    if (typeof move === 'string') {
      const parsed = parseUsiMove(move, this.variant);
      if (!parsed.ok) return parsed;
      m = parsed.value;
    } else m = move;
    const usi = formatUsiMove(m, this.variant);
    const closed = this.closed(usi);
    if (closed) return closed;
    const code = encodeMove(m);
    if (!this.wasm.play(code)) return fail(err('illegal-move', `${usi} is not a legal move here`));
    this.played.push(code);
    return ok(m);
  }

  /** Why the record takes no more moves (the game is over, or the record is full), naming
   * `what` was refused; undefined while it takes them. */
  private closed(what: string): Result<never> | undefined {
    const over = this.outcome();
    if (over) return fail(err('game-over', `${what}: the game is over (${over.reason})`));
    const most = this.engine.maxRecordPlies.value as number;
    if (this.played.length >= most) return fail(err('record-full', `${what}: a record holds at most ${most} plies`));
    return undefined;
  }

  /** Pass: the same board with the other side to move (ShogiGUI's study mode, USI's `pass`).
   * The pass stays in the record, so a position repeated across passes is a repetition as it is
   * without them. Refused when the side to move is in check or the game is over. */
  pass(): Result<void> {
    const closed = this.closed('pass');
    if (closed) return closed;
    if (this.isCheck()) return fail(err('illegal-move', `${this.turn} is in check and cannot pass`));
    this.wasm.pass();
    this.played.push(PASS_CODE);
    return ok(undefined);
  }

  /** Take back the last move or pass (or a declaration); false when there is nothing to take back. */
  undo(): boolean {
    if (this.declared) { this.declared = undefined; return true; }
    if (this.played.length === 0) return false;
    this.wasm.undo();
    this.played.pop();
    return true;
  }

  isCheck(): boolean { return this.wasm.check() === 1; }

  /** Whether the game is over, who won and why: from the position and its history. */
  outcome(): Outcome | undefined {
    return this.declared ?? decodeOutcome(this.wasm.result());
  }

  /** Declare a win by the 27-point impasse rule for the side to move. */
  declare(): Result<Outcome> {
    // A game already over (a repetition, a mate, a declaration) keeps its result.
    const over = this.outcome();
    if (over) return fail(err('game-over', `the game is over (${over.reason})`));
    const refusal = this.wasm.declaration();
    const side = this.turn;
    if (refusal !== 0) return fail(err('declaration-refused', this.declarationRefusal(refusal, side)));
    this.declared = { winner: side, reason: 'declaration' };
    return ok(this.declared);
  }

  private declarationRefusal(code: number, side: Color): string {
    const c = COLORS.indexOf(side);
    switch (code) {
      case 1: return `${this.variant} has no impasse declaration`;
      case 2: return `${side} has no king`;
      case 3: return `${side}'s king is not in the enemy camp`;
      case 4: return `${side}'s king is in check`;
      case 5: return `${side} has ${this.wasm.campPieces(c)} pieces besides the king in the enemy camp; 10 are needed`;
      default: return `${side} has ${this.wasm.points(c, 1)} points; ${c === 0 ? 28 : 27} are needed`;
    }
  }

  /** The 24-point rule, for a game both players agree is deadlocked. */
  adjudicateImpasse(): Outcome { return decodeOutcome(this.wasm.impasse())!; }

  /** Impasse points of a side: rook and bishop 5, other pieces but the king 1. */
  impassePoints(color: Color, campOnly = false): number {
    return this.wasm.points(COLORS.indexOf(color), campOnly ? 1 : 0);
  }

  /** Leaf count of the legal move tree at `depth` (repetition and impasse ignored). */
  perft(depth: number): number {
    checkPerftDepth(depth);
    return this.wasm.perft(depth);
  }

  /** A 64-bit hash of board, hands and side to move, as 16 hex digits. */
  hash(): string {
    const wasm = this.wasm;
    const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
    return hex(wasm.keyHigh()) + hex(wasm.keyLow());
  }
}

function decodeOutcome(code: number): Outcome | undefined {
  if (code === 0) return undefined;
  const reason = OUTCOME_REASONS[(code & 15) - 1];
  const winner = code >> 4;
  return winner === 2 ? { reason } : { reason, winner: COLORS[winner] };
}

/** The rules whose detail is a square: a piece of another variant, nifu, a dead piece. */
const SQUARE_RULES: readonly PositionRule[] = ['foreign-piece', 'nifu', 'dead-piece'];

/** The rule a position breaks (the wasm's validation code, assembly/validate.ts) in words. */
function invalidReason(rule: PositionRule | undefined, code: number, detail: number, setup: Setup): string {
  const { variant } = setup;
  const square = () => formatSquare(detail, DIMENSIONS[variant]);
  const at = () => setup.board[detail];
  const name = (piece: Piece | undefined) => (piece ? `${piece.color} ${pieceName(piece.role, variant)}` : 'piece');
  switch (rule) {
    case 'foreign-piece': return `${name(at())} on ${square()} is not a piece of ${variant}`;
    case 'foreign-hand': return `${variant} has no ${pieceName(ROLES[detail - 1], variant)} to hold in hand`;
    case 'too-many': return `more ${pieceName(ROLES[detail - 1], variant)}s than a ${variant} set has`;
    case 'two-kings': return `${COLORS[detail]} has two ${variant === 'dobutsu' ? 'lions' : 'kings'}`;
    case 'no-king': return variant === 'dobutsu' ? `${COLORS[detail]} has no lion` : 'neither side has a king (a tsume problem leaves out only the attacker\'s)';
    case 'nifu': return `two unpromoted ${at()?.color} pawns on file ${Math.floor(detail / DIMENSIONS[variant].ranks) + 1} (nifu)`;
    case 'dead-piece': return `the ${name(at())} on ${square()} could never move`;
    case 'opponent-in-check': return `${COLORS[detail]} is in check but it is ${COLORS[detail ^ 1]} to move`;
    default: return `illegal position (code ${code})`;
  }
}

/** The king of the side to move in `pos` (whose setup is `setup`), when it is in check. */
export function checkSquare(pos: Position, setup: Setup): Square | undefined {
  return pos.isCheck() ? kingSquare(setup, setup.turn) : undefined;
}
