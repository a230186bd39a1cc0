// The numbers every other file of the engine speaks. This is the one place that documents
// squares, pieces and moves; src/rules/types.ts mirrors the names on the TypeScript side.

// ---- Variants ---------------------------------------------------------------------------
// One wasm instance plays one variant at a time: `initVariant` fills the geometry and the
// tables below for it, so the hot paths never branch on the variant for board size.
export const SHOGI: i32 = 0;
export const MINISHOGI: i32 = 1;
export const DOBUTSU: i32 = 2;

export let VARIANT: i32 = SHOGI;
export let FILES: i32 = 9;
export let RANKS: i32 = 9;
export let SQUARE_NB: i32 = 81;
/** Ranks of the promotion zone: 3 in shogi, 1 in minishogi and dobutsu. */
export let ZONE_RANKS: i32 = 3;

export function setGeometry(variant: i32): void {
  VARIANT = variant;
  FILES = variant == SHOGI ? 9 : variant == MINISHOGI ? 5 : 3;
  RANKS = variant == SHOGI ? 9 : variant == MINISHOGI ? 5 : 4;
  SQUARE_NB = FILES * RANKS;
  ZONE_RANKS = variant == SHOGI ? 3 : 1;
}

// ---- Squares ----------------------------------------------------------------------------
// square = (file - 1) * RANKS + (rank - 1): file 1 is the right-hand file seen by sente,
// rank 1 (a) the top rank. Shogi: 1a = 0, 1i = 8, 2a = 9, 5e = 40, 9i = 80. A file is a run
// of RANKS consecutive squares, which keeps lance and rook files contiguous in a bitboard.
export const NO_SQUARE: i32 = 127;
export const MAX_SQUARES: i32 = 81;

@inline export function fileOf(sq: i32): i32 { return sq / RANKS; } // 0-based
@inline export function rankOf(sq: i32): i32 { return sq % RANKS; } // 0-based, 0 = top
@inline export function makeSquare(file0: i32, rank0: i32): i32 { return file0 * RANKS + rank0; }

// ---- Colors -----------------------------------------------------------------------------
export const SENTE: i32 = 0; // black, moves first, plays up the board (towards rank a)
export const GOTE: i32 = 1;

// ---- Pieces -----------------------------------------------------------------------------
// A piece type is 1..14; promoting adds PROMOTED (8). Dobutsu reuses the shogi types:
// chick = PAWN, hen = PRO_PAWN, elephant = BISHOP, giraffe = ROOK, lion = KING; its
// elephant and giraffe step one square, which the variant's ray tables encode.
export const NO_PIECE_TYPE: i32 = 0;
export const PAWN: i32 = 1;
export const LANCE: i32 = 2;
export const KNIGHT: i32 = 3;
export const SILVER: i32 = 4;
export const BISHOP: i32 = 5;
export const ROOK: i32 = 6;
export const GOLD: i32 = 7;
export const KING: i32 = 8;
export const PRO_PAWN: i32 = 9;
export const PRO_LANCE: i32 = 10;
export const PRO_KNIGHT: i32 = 11;
export const PRO_SILVER: i32 = 12;
export const HORSE: i32 = 13;
export const DRAGON: i32 = 14;
export const PIECE_TYPE_NB: i32 = 15;
export const PROMOTED: i32 = 8;
/** Kinds that can be held in hand are PAWN..GOLD (1..7). */
export const HAND_TYPE_NB: i32 = 8;

// A piece on the board is type | color << 4: sente 1..14, gote 17..30, 0 = empty.
export const NO_PIECE: i32 = 0;
export const PIECE_NB: i32 = 32;
@inline export function makePiece(color: i32, type: i32): i32 { return type | (color << 4); }
@inline export function typeOf(piece: i32): i32 { return piece & 15; }
@inline export function colorOf(piece: i32): i32 { return piece >> 4; }
/** The kind a piece returns to when captured: promoted pieces revert. */
@inline export function baseType(type: i32): i32 { return type > KING ? type - PROMOTED : type; }

// ---- Moves (u32; only the low 16 bits are used) ------------------------------------------
// bits 0-6   destination square
// bits 7-13  origin square; for a drop, the dropped piece type (PAWN..GOLD)
// bit  14    promotion
// bit  15    drop
// 0 is no move.
export const MOVE_NONE: u32 = 0;
export const MOVE_PROMOTE: u32 = 1 << 14;
export const MOVE_DROP: u32 = 1 << 15;

@inline export function moveTo(m: u32): i32 { return <i32>(m & 127); }
@inline export function moveFrom(m: u32): i32 { return <i32>((m >> 7) & 127); }
@inline export function moveDroppedType(m: u32): i32 { return <i32>((m >> 7) & 127); }
@inline export function isDrop(m: u32): bool { return (m & MOVE_DROP) != 0; }
@inline export function isPromotion(m: u32): bool { return (m & MOVE_PROMOTE) != 0; }
/** What `piece`, moved by m, is on its new square: promoted by a promotion, else itself. */
@inline export function promotedBy(m: u32, piece: i32): i32 { return isPromotion(m) ? piece + PROMOTED : piece; }
@inline export function makeMove(from: i32, to: i32): u32 { return <u32>(to | (from << 7)); }
@inline export function makePromotion(from: i32, to: i32): u32 { return <u32>(to | (from << 7)) | MOVE_PROMOTE; }
@inline export function makeDrop(type: i32, to: i32): u32 { return <u32>(to | (type << 7)) | MOVE_DROP; }

// ---- Limits -----------------------------------------------------------------------------
/** Plies of history one position can hold: the game record plus the search on top of it. */
export const MAX_PLY: i32 = 8192;
/** Plies a game record may hold. The rest of the history is the search's: it plays up to
 * MAX_SEARCH_PLY (search/ordering.ts) plies on top of the record, and probes a ply or two
 * beyond those; a longer record let it write past the end of the history. */
export const MAX_RECORD_PLY: i32 = 8000;
/** The most legal moves of any shogi position is 593. */
export const MAX_MOVES: i32 = 600;
