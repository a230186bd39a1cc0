// Attack tables for the current variant, and the slider attacks computed from them.
// Sliders use one ray per direction: the ray is cut after its first blocker, found with
// lsb for directions that increase the square index and msb for the others.
import {
  FILES, RANKS, SQUARE_NB, MAX_SQUARES, VARIANT, DOBUTSU, MINISHOGI, ZONE_RANKS, SENTE, GOTE,
  PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING, PRO_PAWN, PRO_SILVER, HORSE, DRAGON,
  PIECE_TYPE_NB, PROMOTED, typeOf, colorOf, makePiece,
} from './types';
import { EMPTY, squareBB, or, andNot, and, any, lsb, msb, popLsb } from './bitboard';

// Directions as (file step, rank step); file index grows to the left (towards file 9) and
// rank index grows downwards. Odd directions increase the square index, even ones decrease.
export const NORTH: i32 = 0, SOUTH: i32 = 1, EAST: i32 = 2, WEST: i32 = 3;
export const NORTH_EAST: i32 = 4, NORTH_WEST: i32 = 5, SOUTH_EAST: i32 = 6, SOUTH_WEST: i32 = 7;
const DIR_FILE: StaticArray<i32> = [0, 0, -1, 1, -1, 1, -1, 1];
const DIR_RANK: StaticArray<i32> = [-1, 1, 0, 0, -1, -1, 1, 1];
const OPPOSITE: StaticArray<i32> = [SOUTH, NORTH, WEST, EAST, SOUTH_WEST, SOUTH_EAST, NORTH_WEST, NORTH_EAST];

// Fixed arrays (see bitboard.ts): unchecked access only.
/** RAY[dir * 81 + sq]: the squares from sq (exclusive) to the edge in that direction. */
const RAY = changetype<StaticArray<v128>>(memory.data(8 * MAX_SQUARES * sizeof<v128>(), 16));
/** STEP[(color * 16 + type) * 81 + sq]: attacks of a non-sliding piece, and the king's steps of
 * the king, horse and dragon; empty for the lance, bishop and rook. */
const STEP = changetype<StaticArray<v128>>(memory.data(2 * 16 * MAX_SQUARES * sizeof<v128>(), 16));
/** BETWEEN[a * 81 + b]: squares strictly between a and b on a line, else empty. */
const BETWEEN = changetype<StaticArray<v128>>(memory.data(MAX_SQUARES * MAX_SQUARES * sizeof<v128>(), 16));
/** LINE[a * 81 + b]: the whole line through a and b (both included), else empty. */
const LINE = changetype<StaticArray<v128>>(memory.data(MAX_SQUARES * MAX_SQUARES * sizeof<v128>(), 16));
/** Empty-board attacks of sliders: rook, bishop, and lance per color. */
const ROOK_PSEUDO = changetype<StaticArray<v128>>(memory.data(MAX_SQUARES * sizeof<v128>(), 16));
const BISHOP_PSEUDO = changetype<StaticArray<v128>>(memory.data(MAX_SQUARES * sizeof<v128>(), 16));
const LANCE_PSEUDO = changetype<StaticArray<v128>>(memory.data(2 * MAX_SQUARES * sizeof<v128>(), 16));
/** AROUND_KING[sq]: the squares at most two files and four ranks from sq, where every piece that
 * steps (all but the lance, bishop, rook and the sliding part of their promotions) and reaches a
 * square next to a king on sq stands: a knight jumps two ranks. */
const AROUND_KING = changetype<StaticArray<v128>>(memory.data(MAX_SQUARES * sizeof<v128>(), 16));
/** CLOSE_TO_KING[sq]: the squares at most two files and two ranks from sq, from which a piece that
 * steps, but the knight, can move to check a king on sq. */
const CLOSE_TO_KING = changetype<StaticArray<v128>>(memory.data(MAX_SQUARES * sizeof<v128>(), 16));
/** CHECK_FROM[piece * MAX_SQUARES + king] (piece: type | color << 4): the squares from which
 * the piece could move to check a king on `king`, promoted by the move or not, on an empty
 * board (so in any position, a superset). None for the king, which can only uncover a check. */
const CHECK_FROM = changetype<StaticArray<v128>>(memory.data(2 * 16 * MAX_SQUARES * sizeof<v128>(), 16));
/** Files, and the promotion zone of each color. */
export const FILE_BB = changetype<StaticArray<v128>>(memory.data(9 * sizeof<v128>(), 16));
/** FILE_OF[sq]: the file of a square, as FILE_BB has it (no division in the hot paths). */
const FILE_OF = changetype<StaticArray<v128>>(memory.data(MAX_SQUARES * sizeof<v128>(), 16));
export const ZONE = changetype<StaticArray<v128>>(memory.data(2 * sizeof<v128>(), 16));
/** All squares of the variant's board. */
export let BOARD_BB: v128 = EMPTY;
/** NO_GO[color * 16 + type]: squares where an unpromoted piece could never move again. It may
 * not be dropped there (DROP_FORBIDDEN) and must promote when it moves there. */
const NO_GO = changetype<StaticArray<v128>>(memory.data(2 * 16 * sizeof<v128>(), 16));
const DROP_FORBIDDEN = changetype<StaticArray<v128>>(memory.data(2 * 16 * sizeof<v128>(), 16));
const PROMOTABLE = changetype<StaticArray<bool>>(memory.data(PIECE_TYPE_NB * sizeof<bool>(), 16));

function onBoard(file: i32, rank: i32): bool {
  return file >= 0 && file < FILES && rank >= 0 && rank < RANKS;
}

/** The squares at most `files` files and `ranks` ranks from sq. */
function squaresWithin(sq: i32, files: i32, ranks: i32): v128 {
  const f = sq / RANKS, r = sq % RANKS;
  let b = EMPTY;
  for (let t = 0; t < SQUARE_NB; t++) {
    if (abs(t / RANKS - f) <= files && abs(t % RANKS - r) <= ranks) b = or(b, squareBB(t));
  }
  return b;
}

function stepBB(sq: i32, color: i32, offsets: StaticArray<i32>): v128 {
  // offsets are (file, rank) pairs seen by sente; gote mirrors the rank.
  const f = sq / RANKS, r = sq % RANKS, sign = color == SENTE ? 1 : -1;
  let b = EMPTY;
  for (let i = 0; i < offsets.length; i += 2) {
    const nf = f + offsets[i], nr = r + sign * offsets[i + 1];
    if (onBoard(nf, nr)) b = or(b, squareBB(nf * RANKS + nr));
  }
  return b;
}

const PAWN_STEPS: StaticArray<i32> = [0, -1];
const KNIGHT_STEPS: StaticArray<i32> = [-1, -2, 1, -2];
const SILVER_STEPS: StaticArray<i32> = [0, -1, -1, -1, 1, -1, -1, 1, 1, 1];
const GOLD_STEPS: StaticArray<i32> = [0, -1, -1, -1, 1, -1, -1, 0, 1, 0, 0, 1];
const KING_STEPS: StaticArray<i32> = [0, -1, -1, -1, 1, -1, -1, 0, 1, 0, 0, 1, -1, 1, 1, 1];

function ranksBB(from: i32, to: i32): v128 {
  let b = EMPTY;
  for (let sq = 0; sq < SQUARE_NB; sq++) {
    const r = sq % RANKS;
    if (r >= from && r <= to) b = or(b, squareBB(sq));
  }
  return b;
}

/** Fill every table for the variant chosen by setGeometry. */
export function initAttacks(): void {
  // Dobutsu's giraffe and elephant step one square: rays of length one make the rook and
  // bishop code serve them unchanged.
  const maxLength = VARIANT == DOBUTSU ? 1 : 8;
  BOARD_BB = EMPTY;
  for (let sq = 0; sq < MAX_SQUARES; sq++) {
    for (let d = 0; d < 8; d++) unchecked(RAY[d * MAX_SQUARES + sq] = EMPTY);
    for (let t = 0; t < 32; t++) unchecked(STEP[t * MAX_SQUARES + sq] = EMPTY);
  }
  for (let sq = 0; sq < SQUARE_NB; sq++) {
    BOARD_BB = or(BOARD_BB, squareBB(sq));
    const f = sq / RANKS, r = sq % RANKS;
    for (let d = 0; d < 8; d++) {
      let b = EMPTY;
      for (let n = 1; n <= maxLength; n++) {
        const nf = f + DIR_FILE[d] * n, nr = r + DIR_RANK[d] * n;
        if (!onBoard(nf, nr)) break;
        b = or(b, squareBB(nf * RANKS + nr));
      }
      unchecked(RAY[d * MAX_SQUARES + sq] = b);
    }
    for (let c = SENTE; c <= GOTE; c++) {
      const base = c * 16 * MAX_SQUARES + sq;
      unchecked(STEP[base + PAWN * MAX_SQUARES] = stepBB(sq, c, PAWN_STEPS));
      unchecked(STEP[base + KNIGHT * MAX_SQUARES] = stepBB(sq, c, KNIGHT_STEPS));
      unchecked(STEP[base + SILVER * MAX_SQUARES] = stepBB(sq, c, SILVER_STEPS));
      const gold = stepBB(sq, c, GOLD_STEPS);
      unchecked(STEP[base + GOLD * MAX_SQUARES] = gold);
      for (let t = PRO_PAWN; t <= PRO_SILVER; t++) unchecked(STEP[base + t * MAX_SQUARES] = gold);
      // Horses and dragons step like the king too (their rays are the sliders' part).
      const king = stepBB(sq, c, KING_STEPS);
      unchecked(STEP[base + KING * MAX_SQUARES] = king);
      unchecked(STEP[base + HORSE * MAX_SQUARES] = king);
      unchecked(STEP[base + DRAGON * MAX_SQUARES] = king);
    }
    unchecked(AROUND_KING[sq] = squaresWithin(sq, 2, 4));
    unchecked(CLOSE_TO_KING[sq] = squaresWithin(sq, 2, 2));
    unchecked(ROOK_PSEUDO[sq] = rookAttacks(sq, EMPTY));
    unchecked(BISHOP_PSEUDO[sq] = bishopAttacks(sq, EMPTY));
    unchecked(LANCE_PSEUDO[sq] = lanceAttacks(SENTE, sq, EMPTY));
    unchecked(LANCE_PSEUDO[MAX_SQUARES + sq] = lanceAttacks(GOTE, sq, EMPTY));
  }
  initLines();
  for (let f = 0; f < 9; f++) {
    let b = EMPTY;
    if (f < FILES) for (let r = 0; r < RANKS; r++) b = or(b, squareBB(f * RANKS + r));
    unchecked(FILE_BB[f] = b);
  }
  for (let sq = 0; sq < MAX_SQUARES; sq++) unchecked(FILE_OF[sq] = sq < SQUARE_NB ? FILE_BB[sq / RANKS] : EMPTY);
  unchecked(ZONE[SENTE] = ranksBB(0, ZONE_RANKS - 1));
  unchecked(ZONE[GOTE] = ranksBB(RANKS - ZONE_RANKS, RANKS - 1));
  for (let t = 0; t < PIECE_TYPE_NB; t++) {
    unchecked(PROMOTABLE[t] = VARIANT == DOBUTSU ? t == PAWN
      : VARIANT == MINISHOGI ? t == PAWN || t == SILVER || t == BISHOP || t == ROOK
      : t >= PAWN && t <= ROOK);
  }
  for (let i = 0; i < 32; i++) { unchecked(NO_GO[i] = EMPTY); unchecked(DROP_FORBIDDEN[i] = EMPTY); }
  const lastRank = [ranksBB(0, 0), ranksBB(RANKS - 1, RANKS - 1)];
  const lastTwo = [ranksBB(0, 1), ranksBB(RANKS - 2, RANKS - 1)];
  for (let c = SENTE; c <= GOTE; c++) {
    unchecked(NO_GO[c * 16 + PAWN] = lastRank[c]);
    unchecked(NO_GO[c * 16 + LANCE] = lastRank[c]);
    unchecked(NO_GO[c * 16 + KNIGHT] = lastTwo[c]);
    // A dobutsu chick may be dropped on the far rank, where it simply stays.
    if (VARIANT != DOBUTSU) for (let t = PAWN; t <= KNIGHT; t++) unchecked(DROP_FORBIDDEN[c * 16 + t] = NO_GO[c * 16 + t]);
  }
  initCheckFrom();
}

/** Fill CHECK_FROM. A piece reaches s from f iff the same piece of the other color reaches f
 * from s: the squares from which it checks are those it reaches from the king's square as the
 * other color (promoted or not), and it can move to one of them from the squares the other
 * color's piece reaches from there. */
function initCheckFrom(): void {
  for (let c = SENTE; c <= GOTE; c++) {
    for (let t = 0; t < 16; t++) {
      for (let king = 0; king < MAX_SQUARES; king++) {
        let from = EMPTY;
        if (t >= PAWN && t < PIECE_TYPE_NB && t != KING && king < SQUARE_NB) {
          const other = makePiece(c ^ 1, t);
          let checks = pseudoAttacksOf(other, king);
          if (isPromotable(t)) checks = or(checks, pseudoAttacksOf(other + PROMOTED, king));
          while (any(checks)) {
            from = or(from, pseudoAttacksOf(other, lsb(checks)));
            checks = popLsb(checks);
          }
        }
        unchecked(CHECK_FROM[(c * 16 + t) * MAX_SQUARES + king] = from);
      }
    }
  }
}

function initLines(): void {
  for (let i = 0; i < MAX_SQUARES * MAX_SQUARES; i++) { unchecked(BETWEEN[i] = EMPTY); unchecked(LINE[i] = EMPTY); }
  for (let a = 0; a < SQUARE_NB; a++) {
    const fa = a / RANKS, ra = a % RANKS;
    for (let d = 0; d < 8; d++) {
      const opposite = OPPOSITE[d];
      let between = EMPTY;
      for (let n = 1; ; n++) {
        const nf = fa + DIR_FILE[d] * n, nr = ra + DIR_RANK[d] * n;
        if (!onBoard(nf, nr)) break;
        const b = nf * RANKS + nr;
        unchecked(BETWEEN[a * MAX_SQUARES + b] = between);
        unchecked(LINE[a * MAX_SQUARES + b] = or(squareBB(a), or(fullRay(a, d), fullRay(a, opposite))));
        between = or(between, squareBB(b));
      }
    }
  }
}

/** A ray to the edge whatever the variant's piece reach (lines and pins are geometry). */
function fullRay(sq: i32, d: i32): v128 {
  const f = sq / RANKS, r = sq % RANKS;
  let b = EMPTY;
  for (let n = 1; ; n++) {
    const nf = f + DIR_FILE[d] * n, nr = r + DIR_RANK[d] * n;
    if (!onBoard(nf, nr)) break;
    b = or(b, squareBB(nf * RANKS + nr));
  }
  return b;
}

@inline function ray(d: i32, sq: i32): v128 { return unchecked(RAY[d * MAX_SQUARES + sq]); }

/** Ray attack in a direction that increases the square index: the first blocker is the lsb. */
@inline function risingRay(d: i32, sq: i32, occupied: v128): v128 {
  const r = ray(d, sq), blockers = and(r, occupied);
  return any(blockers) ? andNot(r, ray(d, lsb(blockers))) : r;
}
/** Ray attack in a direction that decreases the square index: the first blocker is the msb. */
@inline function fallingRay(d: i32, sq: i32, occupied: v128): v128 {
  const r = ray(d, sq), blockers = and(r, occupied);
  return any(blockers) ? andNot(r, ray(d, msb(blockers))) : r;
}

export function rookAttacks(sq: i32, occupied: v128): v128 {
  return or(
    or(fallingRay(NORTH, sq, occupied), risingRay(SOUTH, sq, occupied)),
    or(fallingRay(EAST, sq, occupied), risingRay(WEST, sq, occupied)),
  );
}
export function bishopAttacks(sq: i32, occupied: v128): v128 {
  return or(
    or(fallingRay(NORTH_EAST, sq, occupied), risingRay(NORTH_WEST, sq, occupied)),
    or(fallingRay(SOUTH_EAST, sq, occupied), risingRay(SOUTH_WEST, sq, occupied)),
  );
}
@inline export function lanceAttacks(color: i32, sq: i32, occupied: v128): v128 {
  return color == SENTE ? fallingRay(NORTH, sq, occupied) : risingRay(SOUTH, sq, occupied);
}
@inline export function stepAttacks(color: i32, type: i32, sq: i32): v128 {
  return unchecked(STEP[((color << 4) + type) * MAX_SQUARES + sq]);
}
@inline export function kingAttacks(sq: i32): v128 { return stepAttacks(SENTE, KING, sq); }
@inline export function rookPseudo(sq: i32): v128 { return unchecked(ROOK_PSEUDO[sq]); }
@inline export function bishopPseudo(sq: i32): v128 { return unchecked(BISHOP_PSEUDO[sq]); }
@inline export function aroundKing(sq: i32): v128 { return unchecked(AROUND_KING[sq]); }
@inline export function closeToKing(sq: i32): v128 { return unchecked(CLOSE_TO_KING[sq]); }
@inline export function checkFrom(piece: i32, king: i32): v128 { return unchecked(CHECK_FROM[piece * MAX_SQUARES + king]); }
@inline export function lancePseudo(color: i32, sq: i32): v128 { return unchecked(LANCE_PSEUDO[color * MAX_SQUARES + sq]); }
@inline export function between(a: i32, b: i32): v128 { return unchecked(BETWEEN[a * MAX_SQUARES + b]); }
@inline export function line(a: i32, b: i32): v128 { return unchecked(LINE[a * MAX_SQUARES + b]); }
@inline export function isPromotable(type: i32): bool { return unchecked(PROMOTABLE[type]); }
@inline export function noGo(color: i32, type: i32): v128 { return unchecked(NO_GO[(color << 4) + type]); }
@inline export function dropForbidden(color: i32, type: i32): v128 { return unchecked(DROP_FORBIDDEN[(color << 4) + type]); }
@inline export function zone(color: i32): v128 { return unchecked(ZONE[color]); }
@inline export function fileOf(sq: i32): v128 { return unchecked(FILE_OF[sq]); }

/** Squares a piece (type | color << 4) on sq would attack on an empty board: a cheap superset
 * of attacksOf, which spares the sliders' ray walk where it cannot reach what is asked. */
@inline export function pseudoAttacksOf(piece: i32, sq: i32): v128 {
  const type = typeOf(piece);
  switch (type) {
    case LANCE: return lancePseudo(colorOf(piece), sq);
    case BISHOP: return bishopPseudo(sq);
    case ROOK: return rookPseudo(sq);
    case HORSE: return or(bishopPseudo(sq), kingAttacks(sq));
    case DRAGON: return or(rookPseudo(sq), kingAttacks(sq));
    default: return stepAttacks(colorOf(piece), type, sq);
  }
}

/** Squares attacked by a piece (type | color << 4) standing on sq. */
export function attacksOf(piece: i32, sq: i32, occupied: v128): v128 {
  const type = typeOf(piece);
  switch (type) {
    case LANCE: return lanceAttacks(colorOf(piece), sq, occupied);
    case BISHOP: return bishopAttacks(sq, occupied);
    case ROOK: return rookAttacks(sq, occupied);
    case HORSE: return or(bishopAttacks(sq, occupied), kingAttacks(sq));
    case DRAGON: return or(rookAttacks(sq, occupied), kingAttacks(sq));
    default: return stepAttacks(colorOf(piece), type, sq);
  }
}
