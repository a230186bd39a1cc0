// How games end: checkmate, no legal move, sennichite and perpetual check, dobutsu's lion
// capture and try (decided in position.ts from each position), and the impasse rules.
import {
  SENTE, GOTE, NO_SQUARE, VARIANT, SHOGI, MINISHOGI, DOBUTSU, PAWN, GOLD, BISHOP, ROOK, KING,
  HAND_TYPE_NB, MAX_SQUARES, typeOf, colorOf, baseType,
} from './types';
import { and, any, has, popcount } from './bitboard';
import { zone } from './attacks';
import {
  board, sideToMove, ply, kingSquare, colorBB, inCheck, hand, stBoardKey, stHandKey, stCheckers,
  stGameOver, REASON_LION_CAPTURED, REASON_TRY,
} from './position';
import { hasLegalMove } from './movegen';
import { setCount } from './validate';

// Outcome code: reason | winner << 4, where winner is SENTE, GOTE or DRAW; 0 = game goes on.
export const REASON_CHECKMATE: i32 = 1;
export const REASON_NO_MOVES: i32 = 2;
export const REASON_REPETITION: i32 = 3;
export const REASON_PERPETUAL_CHECK: i32 = 4;
export { REASON_LION_CAPTURED, REASON_TRY };
export const REASON_DECLARATION: i32 = 7;
export const REASON_IMPASSE: i32 = 8;
export const DRAW: i32 = 2;

@inline function result(reason: i32, winner: i32): i32 { return reason | (winner << 4); }

/** Is the game over here, who won and why. `scratch` is free room in the move buffer. */
export function outcome(scratch: i32): i32 {
  if (VARIANT == DOBUTSU && unchecked(stGameOver[ply]) != 0) return unchecked(stGameOver[ply]);
  const loser = sideToMove;
  if (!hasLegalMove(scratch)) return result(VARIANT != DOBUTSU && inCheck() ? REASON_CHECKMATE : REASON_NO_MOVES, loser ^ 1);
  return repetition();
}

/** How many times one position (board, hands, side to move) stands before the game ends:
 * four (sennichite), in dobutsu three, as its rules have it. */
@inline export function repetitionsToEnd(): i32 { return VARIANT == DOBUTSU ? 3 : 4; }

/** Sennichite: the same board, hands and side to move for the repetitionsToEnd()th time. */
function repetition(): i32 {
  const boardKey = unchecked(stBoardKey[ply]), handKey = unchecked(stHandKey[ply]);
  const times = repetitionsToEnd();
  let count = 1, first = ply;
  for (let p = ply - 2; p >= 0 && count < times; p -= 2) {
    if (unchecked(stBoardKey[p]) == boardKey && unchecked(stHandKey[p]) == handKey) { count++; first = p; }
  }
  if (count < times) return 0;
  if (VARIANT != DOBUTSU) {
    // The side whose every move of the cycle gave check loses.
    let senteChecksAll = true, goteChecksAll = true;
    for (let p = first + 1; p <= ply; p++) {
      const mover = sideToMove ^ ((ply - p) & 1) ^ 1;
      if (!any(unchecked(stCheckers[p]))) {
        if (mover == SENTE) senteChecksAll = false; else goteChecksAll = false;
      }
    }
    if (senteChecksAll) return result(REASON_PERPETUAL_CHECK, GOTE);
    if (goteChecksAll) return result(REASON_PERPETUAL_CHECK, SENTE);
  }
  // Minishogi counts a plain repetition as a loss for sente.
  return result(REASON_REPETITION, VARIANT == MINISHOGI ? GOTE : DRAW);
}

/** Points of one side for the impasse rules: rook and bishop (promoted or not) 5, every other
 * piece but the king 1; over its pieces in the enemy camp only, or over all of them; plus hand. */
export function impassePoints(color: i32, campOnly: bool): i32 {
  const camp = zone(color);
  let points = 0;
  for (let sq = 0; sq < MAX_SQUARES; sq++) {
    const piece = unchecked(board[sq]);
    if (piece == 0 || colorOf(piece) != color || (campOnly && !has(camp, sq))) continue;
    points += piecePoints(baseType(typeOf(piece)));
  }
  for (let t = PAWN; t <= GOLD; t++) points += unchecked(hand[color * HAND_TYPE_NB + t]) * piecePoints(t);
  return points;
}

@inline function piecePoints(type: i32): i32 { return type == KING ? 0 : type == BISHOP || type == ROOK ? 5 : 1; }

/** Own pieces other than the king in the enemy camp. */
export function piecesInCamp(color: i32): i32 {
  const n = popcount(and(colorBB(color), zone(color)));
  const ksq = unchecked(kingSquare[color]);
  return ksq != NO_SQUARE && has(zone(color), ksq) ? n - 1 : n;
}

// Why a 27-point declaration is refused (0 = it wins).
export const DECLARE_OK: i32 = 0;
export const DECLARE_NOT_SHOGI: i32 = 1;
export const DECLARE_NO_KING: i32 = 2;
export const DECLARE_KING_NOT_IN_CAMP: i32 = 3;
export const DECLARE_IN_CHECK: i32 = 4;
export const DECLARE_TOO_FEW_PIECES: i32 = 5;
export const DECLARE_TOO_FEW_POINTS: i32 = 6;

/** The 27-point rule for the side to move. */
export function declarationRefusal(): i32 {
  const us = sideToMove, ksq = unchecked(kingSquare[us]);
  if (VARIANT != SHOGI) return DECLARE_NOT_SHOGI;
  if (ksq == NO_SQUARE) return DECLARE_NO_KING;
  if (!has(zone(us), ksq)) return DECLARE_KING_NOT_IN_CAMP;
  if (inCheck()) return DECLARE_IN_CHECK;
  if (piecesInCamp(us) < 10) return DECLARE_TOO_FEW_PIECES;
  if (impassePoints(us, true) < declarationPointsNeeded(us)) return DECLARE_TOO_FEW_POINTS;
  return DECLARE_OK;
}

export function declarationPointsNeeded(color: i32): i32 { return color == SENTE ? 28 : 27; }

/** The 24-point rule for a game both players agree is deadlocked: a side with fewer than 24
 * points loses; both at 24 or more (or both short, as in the small variants) is a draw. The JSA
 * counts a handicap game as if 上手 (gote) still held the pieces he gave up, so gote has every
 * point of the set that sente has not. */
export function adjudicateImpasse(): i32 {
  let set = 0;
  for (let t = PAWN; t <= GOLD; t++) set += setCount(t) * piecePoints(t);
  const sente = impassePoints(SENTE, false), gote = set - sente;
  const winner = sente < 24 && gote >= 24 ? GOTE : gote < 24 && sente >= 24 ? SENTE : DRAW;
  return result(REASON_IMPASSE, winner);
}
