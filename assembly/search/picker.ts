// Staged move picking for the main search, Stockfish style: most nodes end after the hash
// move or a capture, so quiet moves are generated only when those did not cut off.
//
// Stages when not in check: the hash move (checked by isLegalMove), the captures that win or
// trade by SEE, best victim first (MVV-LVA), the two killers and the countermove, the quiet
// moves (drops and non-capturing promotions included) by history, and last the captures that
// lose material. In check: every evasion, scored once. A node's moves live in MOVES from its
// `start`: captures first, losing captures copied back over the slots already picked, then the
// quiet moves after the captures. pickerEnd tells the children where free room begins.
import {
  NO_PIECE, NO_SQUARE, VARIANT, DOBUTSU, PAWN, KING, PIECE_TYPE_NB, isDrop, isPromotion,
  moveTo, moveFrom, moveDroppedType, typeOf, colorOf, makePiece,
} from '../types';
import { EMPTY, has } from '../bitboard';
import { attacksOf, line } from '../attacks';
import { board, occupied, landingPiece } from '../position';
import { generate, isLegalMove, CAPTURES, QUIETS, LEGAL, MOVES } from '../movegen';
import {
  SCORES, MAX_SEARCH_PLY, historyOf, killer, counterMove, seeGE, mvvLva, scoreEvasions, pickBest,
} from './ordering';

const STAGE_HASH: i32 = 0;
const STAGE_CAPTURES_INIT: i32 = 1;
const STAGE_GOOD_CAPTURES: i32 = 2;
const STAGE_KILLER_1: i32 = 3;
const STAGE_KILLER_2: i32 = 4;
const STAGE_COUNTER: i32 = 5;
const STAGE_QUIETS_INIT: i32 = 6;
const STAGE_QUIETS: i32 = 7;
const STAGE_BAD_CAPTURES: i32 = 8;
const STAGE_EVASIONS_INIT: i32 = 9;
const STAGE_EVASIONS: i32 = 10;
const STAGE_DONE: i32 = 11;

const N = MAX_SEARCH_PLY + 2;
const stage = new StaticArray<i32>(N);
const first = new StaticArray<i32>(N);   // the node's start in MOVES
const cur = new StaticArray<i32>(N);     // next index to pick
const last = new StaticArray<i32>(N);    // end of the current list
const badEnd = new StaticArray<i32>(N);  // losing captures are [first, badEnd)
const hashMoves = new StaticArray<u32>(N);
const refutations = new StaticArray<u32>(3 * N);
const depths = new StaticArray<i32>(N);
/** Where the move just returned came from (KIND_*). */
const kinds = new StaticArray<i32>(N);
const KIND_GOOD: i32 = 0;  // the hash move or a capture that does not lose material
const KIND_QUIET: i32 = 1; // killers, countermove, quiet moves, quiet evasions
const KIND_BAD: i32 = 2;   // a capture that loses material, or a capturing evasion
/** Quiet moves scoring below the limit are not sorted; sortedOut: only such moves are left. */
const limits = new StaticArray<i32>(N);
const sortedOut = new StaticArray<bool>(N);
/** Set once late-move pruning gave up on the quiet moves of a node: from then on only those
 * that give check are returned (drop mates are too common in shogi to prune them blindly). */
const skipQuiets = new StaticArray<bool>(N);
/** Which of the three refutations were returned (bit k for killer 1, killer 2, countermove). */
const refsReturned = new StaticArray<i32>(N);
/** The enemy king and our discovered-check candidates, for givesCheck. */
const enemyKings = new StaticArray<i32>(N);
const discoverers = new StaticArray<v128>(N);
/** checkSquares[sply * PIECE_TYPE_NB + type]: where a piece of ours of that type would attack
 * the enemy king; filled when the quiet moves are skipped. */
const checkSquares = new StaticArray<v128>(N * PIECE_TYPE_NB);

/** Set up the picker of the node at `sply` whose list starts at `start`. */
export function pickerInit(sply: i32, start: i32, hashMove: u32, inCheck: bool, previous: u32, depth: i32, enemyKing: i32, discovering: v128): void {
  unchecked(enemyKings[sply] = enemyKing);
  unchecked(discoverers[sply] = discovering);
  unchecked(refsReturned[sply] = 0);
  unchecked(first[sply] = start);
  unchecked(cur[sply] = start);
  unchecked(last[sply] = start);
  unchecked(badEnd[sply] = start);
  unchecked(depths[sply] = depth);
  unchecked(skipQuiets[sply] = false);
  if (inCheck) {
    unchecked(hashMoves[sply] = hashMove);
    unchecked(stage[sply] = STAGE_EVASIONS_INIT);
    return;
  }
  unchecked(hashMoves[sply] = isLegalMove(hashMove, start) ? hashMove : 0);
  unchecked(stage[sply] = unchecked(hashMoves[sply]) != 0 ? STAGE_HASH : STAGE_CAPTURES_INIT);
  const k1 = killer(sply, 0), k2 = killer(sply, 1);
  const counter = previous != 0 ? counterMove(previous) : 0;
  unchecked(refutations[sply * 3] = k1);
  unchecked(refutations[sply * 3 + 1] = k2 != k1 ? k2 : 0);
  unchecked(refutations[sply * 3 + 2] = counter != k1 && counter != k2 ? counter : 0);
}

/** First free index of MOVES above this node's lists. */
@inline export function pickerEnd(sply: i32): i32 { return unchecked(last[sply]); }
@inline export function pickedQuiet(sply: i32): bool { return unchecked(kinds[sply]) == KIND_QUIET; }
/** The hash move or a capture that SEE finds safe: searched at full depth. */
@inline export function pickedGood(sply: i32): bool { return unchecked(kinds[sply]) == KIND_GOOD; }
/** Leave out the remaining quiet moves (killers and countermove included), but for checks. */
export function pickerSkipQuiets(sply: i32): void {
  if (unchecked(skipQuiets[sply])) return;
  unchecked(skipQuiets[sply] = true);
  // The quiet moves left can be a hundred drops: each is tested against the squares from which
  // its piece would attack the king, found once here. The moved piece cannot open a line to the
  // king through its own origin (it would have been checking already), so these squares, taken
  // with the present occupancy, decide a direct check exactly.
  const k = unchecked(enemyKings[sply]);
  if (k == NO_SQUARE || VARIANT == DOBUTSU) return;
  const them = colorOf(unchecked(board[k])), occ = occupied(), base = sply * PIECE_TYPE_NB;
  for (let t = PAWN; t < PIECE_TYPE_NB; t++) {
    unchecked(checkSquares[base + t] = t == KING ? EMPTY : attacksOf(makePiece(them, t), k, occ));
  }
}

/** A killer or countermove that is still a quiet legal move here. */
function refutation(sply: i32, k: i32): u32 {
  const m = unchecked(refutations[sply * 3 + k]);
  if (m == 0 || m == unchecked(hashMoves[sply])) return 0;
  if (!isDrop(m) && unchecked(board[moveTo(m)]) != NO_PIECE) return 0;
  return isLegalMove(m, unchecked(last[sply])) ? m : 0;
}

/** Whether m was already returned as a killer or the countermove. */
@inline function returnedRefutation(sply: i32, m: u32): bool {
  const r = unchecked(refsReturned[sply]);
  return ((r & 1) != 0 && m == unchecked(refutations[sply * 3]))
    || ((r & 2) != 0 && m == unchecked(refutations[sply * 3 + 1]))
    || ((r & 4) != 0 && m == unchecked(refutations[sply * 3 + 2]));
}

/** Whether a quiet move left after late-move pruning gives check (see pickerSkipQuiets). */
@inline function checks(sply: i32, m: u32): bool {
  const k = unchecked(enemyKings[sply]);
  if (k == NO_SQUARE || VARIANT == DOBUTSU) return false;
  const to = moveTo(m), base = sply * PIECE_TYPE_NB;
  if (isDrop(m)) return has(unchecked(checkSquares[base + moveDroppedType(m)]), to);
  const from = moveFrom(m), type = typeOf(landingPiece(m));
  if (has(unchecked(checkSquares[base + type]), to)) return true;
  return has(unchecked(discoverers[sply]), from) && !has(line(k, from), to);
}

/**
 * The quiet move to search next: the best-scored of [i, end) if it scores at least the node's
 * limit, moved to i with the moves before it shifted up one (so the others keep their order),
 * else simply the move at i. This yields the moves scoring at least the limit best first,
 * ties in generation order, then the rest in generation order: a stable partial sort done
 * lazily, since late-move pruning usually stops a node after a few quiet moves.
 */
function nextQuiet(sply: i32, i: i32, end: i32): u32 {
  if (unchecked(sortedOut[sply])) return unchecked(MOVES[i]);
  let best = i, bestScore = unchecked(SCORES[i]);
  for (let j = i + 1; j < end; j++) {
    const s = unchecked(SCORES[j]);
    if (s > bestScore) { bestScore = s; best = j; }
  }
  if (bestScore < unchecked(limits[sply])) {
    unchecked(sortedOut[sply] = true);
    return unchecked(MOVES[i]);
  }
  const m = unchecked(MOVES[best]);
  for (let j = best; j > i; j--) {
    unchecked(MOVES[j] = unchecked(MOVES[j - 1]));
    unchecked(SCORES[j] = unchecked(SCORES[j - 1]));
  }
  unchecked(MOVES[i] = m);
  unchecked(SCORES[i] = bestScore);
  return m;
}

/** The next move to search, or 0 when there is none left. */
export function nextMove(sply: i32): u32 {
  while (true) {
    switch (unchecked(stage[sply])) {
      case STAGE_HASH: {
        unchecked(stage[sply] = STAGE_CAPTURES_INIT);
        unchecked(kinds[sply] = KIND_GOOD);
        return unchecked(hashMoves[sply]);
      }
      case STAGE_CAPTURES_INIT: {
        const start = unchecked(first[sply]);
        const end = generate(CAPTURES, start);
        for (let i = start; i < end; i++) unchecked(SCORES[i] = mvvLva(unchecked(MOVES[i])));
        unchecked(cur[sply] = start);
        unchecked(last[sply] = end);
        unchecked(stage[sply] = STAGE_GOOD_CAPTURES);
        break;
      }
      case STAGE_GOOD_CAPTURES: {
        const end = unchecked(last[sply]);
        let i = unchecked(cur[sply]);
        while (i < end) {
          const m = pickBest(i, end);
          i++;
          if (m == unchecked(hashMoves[sply])) continue;
          if (!seeGE(m, 0)) {
            // Consumed slots below i are free: keep the losing capture there for later.
            const b = unchecked(badEnd[sply]);
            unchecked(MOVES[b] = m);
            unchecked(badEnd[sply] = b + 1);
            continue;
          }
          unchecked(cur[sply] = i);
          unchecked(kinds[sply] = KIND_GOOD);
          return m;
        }
        unchecked(cur[sply] = i);
        unchecked(stage[sply] = STAGE_KILLER_1);
        break;
      }
      case STAGE_KILLER_1:
      case STAGE_KILLER_2:
      case STAGE_COUNTER: {
        const s = unchecked(stage[sply]);
        unchecked(stage[sply] = s + 1);
        if (unchecked(skipQuiets[sply])) break; // the quiet stage still looks for checks
        const m = refutation(sply, s - STAGE_KILLER_1);
        if (m != 0) {
          unchecked(refsReturned[sply] |= 1 << (s - STAGE_KILLER_1));
          unchecked(kinds[sply] = KIND_QUIET);
          return m;
        }
        break;
      }
      case STAGE_QUIETS_INIT: {
        const start = unchecked(last[sply]);
        const end = generate(QUIETS, start);
        for (let i = start; i < end; i++) {
          const m = unchecked(MOVES[i]);
          // Promotions first among quiet moves: they gain material at once.
          unchecked(SCORES[i] = historyOf(m) + (isPromotion(m) ? 8192 : 0));
        }
        unchecked(limits[sply] = -4000 * unchecked(depths[sply]));
        unchecked(sortedOut[sply] = false);
        unchecked(cur[sply] = start);
        unchecked(last[sply] = end);
        unchecked(stage[sply] = STAGE_QUIETS);
        break;
      }
      case STAGE_QUIETS: {
        const end = unchecked(last[sply]);
        let i = unchecked(cur[sply]);
        while (i < end) {
          const skipping = unchecked(skipQuiets[sply]);
          const m = skipping ? unchecked(MOVES[i]) : nextQuiet(sply, i, end);
          i++;
          if (skipping && !checks(sply, m)) continue; // the cheap test first: most moves fail it
          if (m == unchecked(hashMoves[sply]) || returnedRefutation(sply, m)) continue;
          unchecked(cur[sply] = i);
          unchecked(kinds[sply] = KIND_QUIET);
          return m;
        }
        unchecked(cur[sply] = unchecked(first[sply]));
        unchecked(stage[sply] = STAGE_BAD_CAPTURES);
        break;
      }
      case STAGE_BAD_CAPTURES: {
        const i = unchecked(cur[sply]);
        if (i < unchecked(badEnd[sply])) {
          unchecked(cur[sply] = i + 1);
          unchecked(kinds[sply] = KIND_BAD);
          return unchecked(MOVES[i]);
        }
        unchecked(stage[sply] = STAGE_DONE);
        break;
      }
      case STAGE_EVASIONS_INIT: {
        const start = unchecked(first[sply]);
        const end = generate(LEGAL, start);
        scoreEvasions(start, end, unchecked(hashMoves[sply]));
        unchecked(cur[sply] = start);
        unchecked(last[sply] = end);
        unchecked(stage[sply] = STAGE_EVASIONS);
        break;
      }
      case STAGE_EVASIONS: {
        const i = unchecked(cur[sply]);
        if (i < unchecked(last[sply])) {
          const m = pickBest(i, unchecked(last[sply]));
          unchecked(cur[sply] = i + 1);
          const quiet = isDrop(m) || (unchecked(board[moveTo(m)]) == NO_PIECE && !isPromotion(m));
          unchecked(kinds[sply] = m == unchecked(hashMoves[sply]) ? KIND_GOOD : quiet ? KIND_QUIET : KIND_BAD);
          return m;
        }
        unchecked(stage[sply] = STAGE_DONE);
        break;
      }
      default:
        return 0;
    }
  }
}
