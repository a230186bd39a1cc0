// Move ordering: history, killers and countermoves, MVV-LVA and SEE, used by the staged picker
// (picker.ts) and by quiescence. Scores live in SCORES beside MOVES (same indices).
import {
  KING, PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK, PRO_PAWN, PRO_LANCE, PRO_KNIGHT,
  PRO_SILVER, HORSE, DRAGON, PROMOTED, NO_PIECE, SENTE, GOTE, typeOf, moveTo, moveFrom, moveDroppedType, isDrop, isPromotion,
} from '../types';
import { squareBB, and, andNot, any, or, xor, lsb } from '../bitboard';
import { board, sideToMove, occupied, typeBB, colorBB, GOLDS, HDK, BISHOPS, ROOKS } from '../position';
import { stepAttacks, kingAttacks, bishopAttacks, rookAttacks, lanceAttacks } from '../attacks';
import { MOVES } from '../movegen';
import { PIECE_VALUE, captureValue } from './eval';

export const SCORES = new StaticArray<i32>(1 << 18);

export const MAX_SEARCH_PLY: i32 = 100;

/** history[color << 16 | move & 0xFFFF]: how often a quiet move caused a cutoff, aged by
 * the gravity formula so it stays within +-HISTORY_MAX. */
const HISTORY_MAX: i32 = 16384;
const history = new StaticArray<i32>(2 << 16);
/** The move that refuted the previous move, indexed by the previous move's low 16 bits. */
const counterMoves = new StaticArray<u32>(1 << 16);
const killers = new StaticArray<u32>(2 * (MAX_SEARCH_PLY + 2));

export function clearOrdering(): void {
  for (let i = 0; i < history.length; i++) unchecked(history[i] = 0);
  for (let i = 0; i < counterMoves.length; i++) unchecked(counterMoves[i] = 0);
  clearKillers();
}

export function clearKillers(): void {
  for (let i = 0; i < killers.length; i++) unchecked(killers[i] = 0);
}

@inline export function historyOf(m: u32): i32 { return unchecked(history[(sideToMove << 16) | <i32>(m & 0xFFFF)]); }
@inline export function killer(sply: i32, i: i32): u32 { return unchecked(killers[sply * 2 + i]); }
@inline export function counterMove(previous: u32): u32 { return unchecked(counterMoves[<i32>(previous & 0xFFFF)]); }

function addHistory(m: u32, bonus: i32): void {
  const i = (sideToMove << 16) | <i32>(m & 0xFFFF);
  const h = unchecked(history[i]);
  unchecked(history[i] = h + bonus - h * abs(bonus) / HISTORY_MAX);
}

/** A quiet move caused a cutoff: reward it, punish the quiet moves tried before it. */
export function updateQuietStats(best: u32, previous: u32, sply: i32, depth: i32, tried: i32, triedEnd: i32): void {
  const bonus = min(depth * depth * 16, 1600);
  addHistory(best, bonus);
  for (let i = tried; i < triedEnd; i++) addHistory(unchecked(QUIETS_TRIED[i]), -bonus);
  if (unchecked(killers[sply * 2]) != best) {
    unchecked(killers[sply * 2 + 1] = unchecked(killers[sply * 2]));
    unchecked(killers[sply * 2] = best);
  }
  if (previous != 0) unchecked(counterMoves[<i32>(previous & 0xFFFF)] = best);
}

/** Quiet moves searched at each node before the cutoff, for the history malus. */
export const QUIETS_TRIED = new StaticArray<u32>(64 * (MAX_SEARCH_PLY + 2));

// ---- Ordering scores ------------------------------------------------------------------------
const HASH_SCORE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;

/** Whether a move takes a piece. */
@inline export function isCapture(m: u32): bool { return !isDrop(m) && unchecked(board[moveTo(m)]) != NO_PIECE; }

/** Material a move gains at once: the captured piece plus the promotion. */
@inline export function immediateGain(m: u32): i32 {
  if (isDrop(m)) return 0;
  let gain = 0;
  const captured = unchecked(board[moveTo(m)]);
  if (captured != NO_PIECE) gain = captureValue(captured);
  if (isPromotion(m)) {
    const t = typeOf(unchecked(board[moveFrom(m)]));
    gain += unchecked(PIECE_VALUE[t + PROMOTED]) - unchecked(PIECE_VALUE[t]);
  }
  return gain;
}

/** Order the evasions [start, end): the hash move, captures by MVV-LVA, then history. */
export function scoreEvasions(start: i32, end: i32, hashMove: u32): void {
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]);
    unchecked(SCORES[i] = m == hashMove ? HASH_SCORE : isCapture(m) ? GOOD_CAPTURE + mvvLva(m) : historyOf(m));
  }
}

/** Order [start, end) for quiescence: most valuable victim, least valuable attacker. */
export function scoreCaptures(start: i32, end: i32, hashMove: u32): void {
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]);
    unchecked(SCORES[i] = m == hashMove ? HASH_SCORE : mvvLva(m));
  }
}

@inline export function mvvLva(m: u32): i32 {
  if (isDrop(m)) return 0;
  const attacker = typeOf(unchecked(board[moveFrom(m)]));
  return immediateGain(m) * 16 - (attacker == KING ? 0 : unchecked(PIECE_VALUE[attacker])) / 8;
}

/** Swap the best-scored move of [i, end) to i and return it. */
export function pickBest(i: i32, end: i32): u32 {
  let best = i, bestScore = unchecked(SCORES[i]);
  for (let j = i + 1; j < end; j++) {
    const s = unchecked(SCORES[j]);
    if (s > bestScore) { bestScore = s; best = j; }
  }
  if (best != i) {
    const m = unchecked(MOVES[best]);
    unchecked(MOVES[best] = unchecked(MOVES[i]));
    unchecked(MOVES[i] = m);
    unchecked(SCORES[best] = unchecked(SCORES[i]));
    unchecked(SCORES[i] = bestScore);
  }
  return unchecked(MOVES[i]);
}

@inline export function moveScore(i: i32): i32 { return unchecked(SCORES[i]); }

// ---- Static exchange evaluation ---------------------------------------------------------------
/** Attackers are tried from the cheapest kind up. */
const LVA_ORDER: StaticArray<i32> = [
  PAWN, LANCE, KNIGHT, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, SILVER, PRO_SILVER, GOLD, BISHOP, ROOK, HORSE, DRAGON, KING,
];
const swapGain = new StaticArray<i32>(40);

/** Pieces of either side that attack sq with the given occupancy. */
function attackersOfBoth(sq: i32, occ: v128): v128 {
  const s = colorBB(SENTE), g = colorBB(GOTE);
  let a = or(and(stepAttacks(GOTE, PAWN, sq), s), and(stepAttacks(SENTE, PAWN, sq), g));
  a = and(a, typeBB(PAWN));
  a = or(a, and(or(and(stepAttacks(GOTE, KNIGHT, sq), s), and(stepAttacks(SENTE, KNIGHT, sq), g)), typeBB(KNIGHT)));
  a = or(a, and(or(and(stepAttacks(GOTE, SILVER, sq), s), and(stepAttacks(SENTE, SILVER, sq), g)), typeBB(SILVER)));
  a = or(a, and(or(and(stepAttacks(GOTE, GOLD, sq), s), and(stepAttacks(SENTE, GOLD, sq), g)), typeBB(GOLDS)));
  a = or(a, and(kingAttacks(sq), typeBB(HDK)));
  return or(a, slidersTo(sq, occ));
}

/** Sliders of either side that attack sq with the given occupancy. */
@inline function slidersTo(sq: i32, occ: v128): v128 {
  let a = or(and(bishopAttacks(sq, occ), typeBB(BISHOPS)), and(rookAttacks(sq, occ), typeBB(ROOKS)));
  const lances = typeBB(LANCE);
  a = or(a, and(lanceAttacks(GOTE, sq, occ), and(lances, colorBB(SENTE))));
  return or(a, and(lanceAttacks(SENTE, sq, occ), and(lances, colorBB(GOTE))));
}

/** Whether the exchange a move starts on its square gains at least `threshold` (pins and
 * promotions during the exchange are ignored; x-rays are found by recomputing attackers). */
export function seeGE(m: u32, threshold: i32): bool {
  const to = moveTo(m);
  let occ: v128, onSquare: i32;
  if (isDrop(m)) {
    // A drop takes nothing: the exchange is the enemy taking the dropped piece, and so on.
    occ = occupied();
    onSquare = moveDroppedType(m);
  } else {
    const from = moveFrom(m);
    occ = andNot(occupied(), squareBB(from));
    onSquare = typeOf(unchecked(board[from]));
    if (isPromotion(m)) onSquare += PROMOTED;
  }
  // The exchange ends somewhere between "they do not take back" (the gain itself) and "they
  // take back and we stop" (the gain less the piece left on the square): when the threshold
  // lies outside that range the answer needs no attackers, which settles most captures.
  const gain = immediateGain(m);
  if (gain < threshold) return false;
  if (onSquare != KING && gain - unchecked(PIECE_VALUE[onSquare]) >= threshold) return true;
  let side = sideToMove ^ 1;
  let d = 0;
  unchecked(swapGain[0] = gain);
  // Both sides' attackers, found once; a piece taken off the square's lines can only uncover
  // sliders, which are added as they appear.
  let all = attackersOfBoth(to, occ);
  while (d < 38) {
    const attackers = and(and(all, occ), colorBB(side));
    if (!any(attackers)) break;
    let from2 = -1, type2 = 0;
    for (let k = 0; k < LVA_ORDER.length; k++) {
      const t = unchecked(LVA_ORDER[k]);
      const b = and(attackers, typeBB(t));
      if (any(b)) { from2 = lsb(b); type2 = t; break; }
    }
    if (from2 < 0) break;
    d++;
    // The piece standing on the square is taken; the king can never be taken back.
    unchecked(swapGain[d] = (onSquare == KING ? 20000 : unchecked(PIECE_VALUE[onSquare])) - unchecked(swapGain[d - 1]));
    occ = xor(occ, squareBB(from2));
    all = or(all, slidersTo(to, occ));
    onSquare = type2;
    side ^= 1;
  }
  while (d > 0) {
    const v = -max(-unchecked(swapGain[d - 1]), unchecked(swapGain[d]));
    unchecked(swapGain[d - 1] = v);
    d--;
  }
  return unchecked(swapGain[0]) >= threshold;
}
