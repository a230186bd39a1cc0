// Refuse positions the rules cannot have produced, so that nothing accepted can trap or
// mislead the engine. Returns 0 or an error code; errorDetail says which square, kind or side.
import {
  MAX_SQUARES, SQUARE_NB, VARIANT, SHOGI, MINISHOGI, DOBUTSU, SENTE, GOTE, NO_PIECE, NO_SQUARE,
  PAWN, GOLD, KING, HAND_TYPE_NB, RANKS, typeOf, colorOf, baseType,
} from './types';
import { has, any } from './bitboard';
import { noGo, isPromotable } from './attacks';
import { board, hand, sideToMove, kingSquare, attackersTo, occupied } from './position';

export const VALID: i32 = 0;
export const INVALID_PIECE: i32 = 1;       // a kind the variant does not have (detail: square)
export const INVALID_HAND: i32 = 2;        // a kind the variant cannot hold in hand (detail: type)
export const TOO_MANY_PIECES: i32 = 3;     // more of a kind than the set has (detail: type)
export const TWO_KINGS: i32 = 4;           // detail: color
export const NO_KING: i32 = 5;             // detail: color (dobutsu: each side needs its lion)
export const NIFU: i32 = 6;                // detail: square of the second pawn
export const DEAD_PIECE: i32 = 7;          // a piece that can never move (detail: square)
export const OPPONENT_IN_CHECK: i32 = 8;   // the side not to move is in check

export let errorDetail: i32 = 0;

// How many of each base kind a set holds: shogi P18 L4 N4 S4 G4 B2 R2 K2; minishogi and
// dobutsu 2 of each kind they have.
const SHOGI_SET: StaticArray<i32> = [0, 18, 4, 4, 4, 2, 2, 4, 2];
const MINISHOGI_SET: StaticArray<i32> = [0, 2, 0, 0, 2, 2, 2, 2, 2];
const DOBUTSU_SET: StaticArray<i32> = [0, 2, 0, 0, 0, 2, 2, 0, 2];

export function setCount(type: i32): i32 {
  return VARIANT == SHOGI ? SHOGI_SET[type] : VARIANT == MINISHOGI ? MINISHOGI_SET[type] : DOBUTSU_SET[type];
}

function fail(code: i32, detail: i32): i32 { errorDetail = detail; return code; }

const counts = new StaticArray<i32>(HAND_TYPE_NB + 1);
const kings = new StaticArray<i32>(2);

export function validate(): i32 {
  for (let t = 0; t <= HAND_TYPE_NB; t++) counts[t] = 0;
  kings[SENTE] = 0; kings[GOTE] = 0;
  for (let sq = 0; sq < MAX_SQUARES; sq++) {
    const piece = unchecked(board[sq]);
    if (piece == NO_PIECE) continue;
    const type = typeOf(piece), color = colorOf(piece), base = baseType(type);
    if (sq >= SQUARE_NB || setCount(base) == 0 || (type > KING && !isPromotable(base))) return fail(INVALID_PIECE, sq);
    counts[base]++;
    if (type == KING) kings[color]++;
    if (type < KING && VARIANT != DOBUTSU && has(noGo(color, type), sq)) return fail(DEAD_PIECE, sq);
  }
  for (let c = SENTE; c <= GOTE; c++) {
    for (let t = PAWN; t <= GOLD; t++) {
      const n = unchecked(hand[c * HAND_TYPE_NB + t]);
      if (n == 0) continue;
      if (setCount(t) == 0) return fail(INVALID_HAND, t);
      counts[t] += n;
    }
  }
  for (let c = SENTE; c <= GOTE; c++) if (kings[c] > 1) return fail(TWO_KINGS, c);
  for (let t = PAWN; t <= KING; t++) if (counts[t] > setCount(t)) return fail(TOO_MANY_PIECES, t);
  if (VARIANT == DOBUTSU) {
    // The side to move may have lost its lion (the position a capture of it left, where the game
    // is over: finishSetup); the side that moved needs its own.
    if (kings[sideToMove ^ 1] == 0) return fail(NO_KING, sideToMove ^ 1);
    return VALID;
  }
  // Tsume problems leave out the attacker's king, whichever side is to move (the problem, and
  // every position of its solution), but the side to be mated needs one: without a king on
  // either side nothing could ever end the game.
  if (kings[SENTE] + kings[GOTE] == 0) return fail(NO_KING, sideToMove ^ 1);
  const nifu = doublePawn();
  if (nifu != NO_SQUARE) return fail(NIFU, nifu);
  const them = sideToMove ^ 1;
  if (unchecked(kingSquare[them]) != NO_SQUARE && any(attackersTo(unchecked(kingSquare[them]), sideToMove, occupied()))) return fail(OPPONENT_IN_CHECK, them);
  return VALID;
}

/** The square of a second unpromoted pawn of one side on a file, or NO_SQUARE. */
function doublePawn(): i32 {
  for (let sq = 0; sq < MAX_SQUARES; sq++) {
    const piece = unchecked(board[sq]);
    if (piece == NO_PIECE || typeOf(piece) != PAWN) continue;
    const fileStart = sq - sq % RANKS;
    for (let other = fileStart; other < sq; other++) if (unchecked(board[other]) == piece) return sq;
  }
  return NO_SQUARE;
}

/** Tsume positions: when the side to move (the attacker) has no king, every piece of the set
 * that is neither on the board nor in the attacker's hand belongs to the defender. Returns how
 * many pieces had to be added to the defender's hand to make that true. */
export function completeDefenderHand(): i32 {
  const attacker = sideToMove, defender = attacker ^ 1;
  if (unchecked(kingSquare[attacker]) != NO_SQUARE || VARIANT == DOBUTSU) return 0;
  for (let t = 0; t <= HAND_TYPE_NB; t++) counts[t] = 0;
  for (let sq = 0; sq < MAX_SQUARES; sq++) if (unchecked(board[sq]) != NO_PIECE) counts[baseType(typeOf(unchecked(board[sq])))]++;
  let added = 0;
  for (let t = PAWN; t <= GOLD; t++) {
    const missing = setCount(t) - counts[t] - unchecked(hand[SENTE * HAND_TYPE_NB + t]) - unchecked(hand[GOTE * HAND_TYPE_NB + t]);
    if (missing > 0) { unchecked(hand[defender * HAND_TYPE_NB + t] += missing); added += missing; }
  }
  return added;
}
