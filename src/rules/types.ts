/**
 * Shared vocabulary of the TypeScript side. The numeric codes mirror assembly/types.ts,
 * which documents the square numbering, piece codes and move encoding bit by bit.
 */

export const VARIANTS = ['shogi', 'minishogi', 'dobutsu'] as const;
export type Variant = (typeof VARIANTS)[number];

export const COLORS = ['sente', 'gote'] as const;
export type Color = (typeof COLORS)[number];
/** The other side. */
export const opponent = (color: Color): Color => (color === 'sente' ? 'gote' : 'sente');

/** Piece kinds; the wasm piece-type code of ROLES[i] is i + 1. Dobutsu reuses shogi kinds:
 * chick = pawn, hen = tokin, elephant = bishop, giraffe = rook, lion = king. */
export const ROLES = [
  'pawn', 'lance', 'knight', 'silver', 'bishop', 'rook', 'gold', 'king',
  'tokin', 'promotedlance', 'promotedknight', 'promotedsilver', 'horse', 'dragon',
] as const;
export type Role = (typeof ROLES)[number];

/** Kinds that can be held in hand, in the SFEN order of hands (rook first, pawn last). */
export const HAND_ROLES = ['rook', 'bishop', 'gold', 'silver', 'knight', 'lance', 'pawn'] as const;
export type HandRole = (typeof HAND_ROLES)[number];

export interface Piece {
  color: Color;
  role: Role;
}

export interface Dimensions {
  files: number;
  ranks: number;
}

export const DIMENSIONS: Record<Variant, Dimensions> = {
  shogi: { files: 9, ranks: 9 },
  minishogi: { files: 5, ranks: 5 },
  dobutsu: { files: 3, ranks: 4 },
};

export const START_SFEN: Record<Variant, string> = {
  shogi: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
  minishogi: 'rbsgk/4p/5/P4/KGSBR b - 1',
  dobutsu: 'rkb/1p1/1P1/BKR b - 1',
};

/**
 * Square index: (file - 1) * ranks + (rank - 1), file 1 on the right, rank 1 (a) at the top.
 * Shogi: 1a = 0, 1i = 8, 2a = 9, 9i = 80. Minishogi: 5e = 24. Dobutsu: 3d = 11.
 */
export type Square = number;

export function squareOf(file: number, rank: number, dims: Dimensions): Square {
  return (file - 1) * dims.ranks + (rank - 1);
}
export function fileOf(sq: Square, dims: Dimensions): number {
  return Math.floor(sq / dims.ranks) + 1;
}
export function rankOf(sq: Square, dims: Dimensions): number {
  return (sq % dims.ranks) + 1;
}

export type Hand = Record<HandRole, number>;
export type Hands = Record<Color, Hand>;

export function emptyHand(): Hand {
  return { rook: 0, bishop: 0, gold: 0, silver: 0, knight: 0, lance: 0, pawn: 0 };
}

/** A position as data: what an SFEN says, before any rule is checked. */
export interface Setup {
  variant: Variant;
  /** Indexed by Square; undefined where empty. */
  board: (Piece | undefined)[];
  hands: Hands;
  turn: Color;
  /** The SFEN's move number (1 when absent). */
  moveNumber: number;
}

export interface NormalMove {
  from: Square;
  to: Square;
  promotion: boolean;
}
export interface DropMove {
  role: HandRole;
  to: Square;
}
export type Move = NormalMove | DropMove;

/** The square of `color`'s king in `setup`, if it has one. */
export function kingSquare(setup: Setup, color: Color): Square | undefined {
  const sq = setup.board.findIndex((piece) => piece?.role === 'king' && piece.color === color);
  return sq >= 0 ? sq : undefined;
}

export function isDrop(move: Move): move is DropMove {
  return 'role' in move;
}

/** The rules a position can break, by the rules core's validation codes (assembly/validate.ts). */
export const POSITION_RULES = ['foreign-piece', 'foreign-hand', 'too-many', 'two-kings', 'no-king', 'nifu', 'dead-piece', 'opponent-in-check'] as const;
export type PositionRule = (typeof POSITION_RULES)[number];

export interface ParseError {
  /** Stable machine-readable code, e.g. 'sfen-board', 'usi-square'. */
  code: string;
  message: string;
  /** 1-based column (character) of the offending text, for one-line formats. */
  column?: number;
  /** 1-based line, for multi-line formats. */
  line?: number;
  /** The square an illegal position is refused for, where one is (a record reader then points at
   * the line that put the piece there). */
  square?: Square;
  /** The kind of piece an illegal position holds more of than the set has (rule 'too-many'). */
  role?: Role;
  /** The rule an illegal position breaks (see Position.fromSetup). */
  rule?: PositionRule;
}

export type Result<T, E = ParseError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <E>(error: E): Result<never, E> => ({ ok: false, error });
