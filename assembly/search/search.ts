// The search: iterative deepening over a principal-variation search with aspiration windows,
// quiescence, a transposition table and the usual pruning, run in slices.
//
// Slices. A running wasm call blocks its thread, so the caller gives each call of searchStep a
// node budget and yields to its event loop between calls (that is where `stop` is noticed).
// When the budget runs out mid-iteration the search unwinds without storing anything and the
// next call restarts the same iteration (same depth, same multi-PV line, same aspiration
// window) from the root: every subtree finished before the cut is in the hash table, so the
// restart walks back to where it was at the cost of a few probes per ply. A search with an
// unlimited budget never restarts, which keeps the bench signature deterministic.
//
// Scores are from the side to move, in centipawns; a mate in n plies scores MATE - n, being
// mated in n plies -(MATE - n).
import {
  VARIANT, SHOGI, MINISHOGI, DOBUTSU, SENTE, GOTE, NO_SQUARE, MAX_MOVES, RANKS, SQUARE_NB, ZONE_RANKS, LANCE,
  moveTo, isDrop, isPromotion,
} from '../types';
import { EMPTY, and, andNot, any, or, has, lsb, popLsb, squareBB } from '../bitboard';
import { attacksOf, isPromotable, zone, line, BOARD_BB } from '../attacks';
import {
  board, sideToMove, ply, kingSquare, colorBB, occupied, key, inCheck, doMove, undoMove,
  undoNullMove, stMove, stBoardKey, stHandKey, stCheckers, stGameOver, pinnedPieces,
  sliderBlockers, typeBB, BISHOPS, ROOKS,
} from '../position';
import { generate, hasLegalMove, givesCheck, CAPTURES, CHECKS, LEGAL, MOVES } from '../movegen';
import { declarationRefusal, repetitionsToEnd, DECLARE_OK } from '../rules';
import { evaluate, makeMove, makeNullMove } from './eval';
import {
  ttProbe, ttStore, ttNewSearch, entryMove, entryScore, entryEval, entryDepth, entryBound,
  BOUND_NONE, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER,
} from './tt';
import {
  MAX_SEARCH_PLY, QUIETS_TRIED, scoreCaptures, pickBest, seeGE, isCapture, historyOf,
  immediateGain, updateQuietStats, clearKillers, killer,
} from './ordering';
import { pickerInit, nextMove, pickerEnd, pickedQuiet, pickedGood, pickerSkipQuiets } from './picker';

export const MATE: i32 = 32000;
export const MATE_IN_MAX: i32 = MATE - 2 * MAX_SEARCH_PLY;
const INF: i32 = 32001;
const NO_VALUE: i32 = 32002;
const PV_STRIDE: i32 = MAX_SEARCH_PLY + 2;

@inline function mateIn(sply: i32): i32 { return MATE - sply; }
@inline function matedIn(sply: i32): i32 { return -MATE + sply; }
/** Dobutsu's ended game, from the side to move: lost, but for a try of its own that the
 * opponent left standing. */
@inline function gameOverValue(sply: i32): i32 { return unchecked(stGameOver[ply]) >> 4 == sideToMove ? mateIn(sply) : matedIn(sply); }

// ---- Node budget and statistics ---------------------------------------------------------------
/** The engine thread's clock in ms (performance.now()), which a slice's deadline is set on. */
@external("env", "now")
declare function now(): f64;
/** Nodes between two readings of the clock in a slice with a deadline: a fraction of a ms at
 * full speed, and a reading costs a thousandth of what they do. */
const CLOCK_NODES: u64 = 256;
let nodes: u64 = 0;
/** Where the node count next stops the search: the slice's budget, or before it, the next
 * reading of the clock (outOfBudget). */
let nodeLimit: u64 = 0;
let budgetLimit: u64 = 0;
let deadline: f64 = Infinity;
let aborted = false;
let selDepth: i32 = 0;
let rootDepth: i32 = 0;

// ---- Per-ply state ----------------------------------------------------------------------------
const pvTable = new StaticArray<u32>(PV_STRIDE * PV_STRIDE);
const pvLength = new StaticArray<i32>(PV_STRIDE);
const staticEvals = new StaticArray<i32>(PV_STRIDE);

/** Late-move reductions by depth and move number: log(d) * log(n) / 2, a Stockfish-like curve. */
const LMR = new StaticArray<i32>(64 * 64);
for (let d = 1; d < 64; d++) for (let n = 1; n < 64; n++) LMR[d * 64 + n] = <i32>(Math.log(d) * Math.log(n) / 2.0);
@inline function reduction(depth: i32, count: i32): i32 { return unchecked(LMR[min(depth, 63) * 64 + min(count, 63)]); }

// Pruning margins, in centipawns (a pawn is 90): razoring per ply of depth; reverse futility
// per ply, smaller when the evaluation is rising (the node is likelier to stay above beta).
const RAZOR_MARGIN: i32 = 350;
const MATE1_DEPTH: i32 = 6;
@inline function futilityMargin(depth: i32, improving: bool): i32 { return (improving ? 70 : 100) * depth; }

// ---- Mate scores in the table are stored relative to the node --------------------------------
@inline function scoreToTT(s: i32, sply: i32): i32 { return s >= MATE_IN_MAX ? s + sply : s <= -MATE_IN_MAX ? s - sply : s; }
@inline function scoreFromTT(s: i32, sply: i32): i32 { return s >= MATE_IN_MAX ? s - sply : s <= -MATE_IN_MAX ? s + sply : s; }

@inline function inCheckHere(): bool { return VARIANT != DOBUTSU && inCheck(); }

// ---- Rules at a node ------------------------------------------------------------------------
/** Whether ply p, past the root, is a null move of the search (one at or before the root is a
 * pass the game record holds). */
@inline function nullMoveOfSearch(p: i32, root: i32): bool { return p > root && unchecked(stMove[p]) == 0; }

/**
 * Sennichite inside the search. A position that already stood here 4, 6, ... plies ago inside
 * the search (never across one of its null moves, which no game plays; a pass in the game record
 * before the root is a move of the game) can be repeated again and again: it is scored as the
 * fourth occurrence would end the game. One the game record holds (before the root) counts only
 * when this occurrence ends the game (the fourth, dobutsu's third: rules.ts): the opponent may
 * yet leave the cycle, so a side that is behind gains nothing by repeating a position once
 * (after Stockfish's rule for the three-fold).
 * The side that gave check with every one of its moves of the cycle loses; otherwise a draw
 * (minishogi: a loss for sente). NO_VALUE when no repetition counts.
 */
function repetitionValue(sply: i32): i32 {
  const boardKey = unchecked(stBoardKey[ply]), handKey = unchecked(stHandKey[ply]);
  const limit = max(ply - 64, 0), root = ply - sply;
  let inRecord = 0;
  for (let p = ply - 4; p >= limit; p -= 2) {
    if (nullMoveOfSearch(p + 1, root) || nullMoveOfSearch(p + 2, root)) return NO_VALUE;
    if (unchecked(stBoardKey[p]) != boardKey || unchecked(stHandKey[p]) != handKey) continue;
    if (p < root && ++inRecord < repetitionsToEnd() - 1) continue;
    // The cycle from its first occurrence (the record's) or its last (the search's).
    if (VARIANT != DOBUTSU) {
      // Moves q in (p, ply]: the opponent made those with (ply - q) even.
      let theyAlwaysCheck = true, weAlwaysCheck = true;
      for (let q = p + 1; q <= ply; q++) {
        if (any(unchecked(stCheckers[q]))) continue;
        if (((ply - q) & 1) == 0) theyAlwaysCheck = false; else weAlwaysCheck = false;
      }
      if (theyAlwaysCheck) return mateIn(sply);
      if (weAlwaysCheck) return matedIn(sply);
    }
    if (VARIANT == MINISHOGI) return sideToMove == SENTE ? matedIn(sply) : mateIn(sply);
    return 0;
  }
  return NO_VALUE;
}

/** Whether the 27-point declaration is played (USI EnteringKingRule): a game without it goes on. */
let declarationRule = true;
export function setDeclarationRule(on: bool): void { declarationRule = on; }

/** Shogi's 27-point declaration for the side to move (cheap test first: king in the camp). */
function canDeclare(): bool {
  if (VARIANT != SHOGI || !declarationRule) return false;
  const ksq = unchecked(kingSquare[sideToMove]);
  return ksq != NO_SQUARE && has(zone(sideToMove), ksq) && declarationRefusal() == DECLARE_OK;
}

/**
 * A mate-in-1 probe: the checking moves (movegen's checks generator) are played and a check
 * that leaves no legal reply mates. Returns the mating move or 0.
 */
function mateInOne(start: i32): u32 {
  const end = generate(CHECKS, start);
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]);
    doMove(m);
    const mates = !hasLegalMove(end);
    undoMove();
    if (mates) return m;
  }
  return 0;
}

@inline function setPv(sply: i32, m: u32): void {
  const row = sply * PV_STRIDE;
  unchecked(pvTable[row + sply] = m);
  const childLength = unchecked(pvLength[sply + 1]);
  for (let i = sply + 1; i < childLength; i++) unchecked(pvTable[row + i] = unchecked(pvTable[(sply + 1) * PV_STRIDE + i]));
  unchecked(pvLength[sply] = max(childLength, sply + 1));
}

// ---- Quiescence ---------------------------------------------------------------------------
/** promotionReach[color]: the promotion zone and the two ranks before it. */
const promotionReach = new StaticArray<v128>(2);
function initPromotionReach(): void {
  for (let c = SENTE; c <= GOTE; c++) {
    let b = EMPTY;
    for (let sq = 0; sq < SQUARE_NB; sq++) {
      const fromHome = c == SENTE ? sq % RANKS : RANKS - 1 - sq % RANKS; // 0 on the far rank
      if (fromHome < ZONE_RANKS + 2) b = or(b, squareBB(sq));
    }
    unchecked(promotionReach[c] = b);
  }
}

/** Non-capturing promotions of pieces not pinned off their line, appended at n (the first
 * quiescence ply only: a promotion changes material as much as a capture). */
function quietPromotions(n: i32): i32 {
  const us = sideToMove, occ = occupied(), ksq = unchecked(kingSquare[us]);
  const empty = andNot(BOARD_BB, occ);
  const pinned = pinnedPieces(us), promoZone = zone(us);
  // Stepping pieces more than two ranks short of the zone (a knight's jump) cannot promote now.
  let pieces = and(colorBB(us), or(unchecked(promotionReach[us]), or(typeBB(LANCE), or(typeBB(BISHOPS), typeBB(ROOKS)))));
  while (any(pieces)) {
    const from = lsb(pieces);
    pieces = popLsb(pieces);
    const piece = unchecked(board[from]);
    if (!isPromotable(piece & 15)) continue;
    let targets = and(attacksOf(piece, from, occ), empty);
    if (!has(promoZone, from)) targets = and(targets, promoZone);
    if (has(pinned, from)) targets = and(targets, line(ksq, from));
    while (any(targets)) {
      const to = lsb(targets);
      targets = popLsb(targets);
      unchecked(MOVES[n] = <u32>(to | (from << 7)) | (1 << 14));
      n++;
    }
  }
  return n;
}

/** The checks that take nothing and do not promote, appended at n (the first quiescence ply
 * only): in shogi an attack on the king is mostly drops and quiet checks, which a quiescence of
 * captures alone sees only when it is too late. */
function quietChecks(n: i32): i32 {
  const end = generate(CHECKS, n);
  let kept = n;
  for (let i = n; i < end; i++) {
    const m = unchecked(MOVES[i]);
    if (isCapture(m) || isPromotion(m)) continue; // already in the list
    unchecked(MOVES[kept] = m);
    kept++;
  }
  return kept;
}

function qsearch(pvNode: bool, alpha: i32, beta: i32, sply: i32, start: i32, qply: i32): i32 {
  if (nodes >= nodeLimit && outOfBudget()) { aborted = true; return 0; }
  nodes++;
  if (pvNode) unchecked(pvLength[sply] = sply);
  if (sply > selDepth) selDepth = sply;
  if (VARIANT == DOBUTSU && unchecked(stGameOver[ply]) != 0) return gameOverValue(sply);
  // Its first ply is where the main search's last move lands: a repetition there ends the game
  // as it does in the main search (at depth 1 a move into sennichite went unseen). Deeper, only
  // captures and the replies to checks are played, and the scan is not worth its cost.
  if (qply == 0) {
    const repetition = repetitionValue(sply);
    if (repetition != NO_VALUE) return repetition;
  }
  if (sply >= MAX_SEARCH_PLY) return evaluate();

  const check = inCheckHere();
  const posKey = key();
  const e = ttProbe(posKey);
  let hashMove: u32 = 0;
  if (e != 0) {
    hashMove = entryMove(e);
    const s = scoreFromTT(entryScore(e), sply), bound = entryBound(e);
    if (!pvNode && (bound == BOUND_EXACT || (bound == BOUND_LOWER && s >= beta) || (bound == BOUND_UPPER && s <= alpha))) return s;
  }

  let best: i32, standPat: i32 = -INF, end: i32;
  const oldAlpha = alpha;
  if (check) {
    best = matedIn(sply);
    end = generate(LEGAL, start);
    if (end == start) return matedIn(sply);
  } else {
    standPat = e != 0 ? entryEval(e) : evaluate();
    if (standPat >= beta) return standPat;
    if (standPat > alpha) alpha = standPat;
    best = standPat;
    end = generate(CAPTURES, start);
    if (qply == 0 && VARIANT != DOBUTSU) end = quietChecks(quietPromotions(end));
  }
  scoreCaptures(start, end, hashMove);

  let bestMove: u32 = 0;
  for (let i = start; i < end; i++) {
    const m = pickBest(i, end);
    if (!check) {
      // Delta pruning: even winning the piece outright cannot lift alpha (a check may mate).
      if (standPat + immediateGain(m) + 150 <= alpha && (isCapture(m) || isPromotion(m))) continue;
      if (!seeGE(m, 0)) continue;
    }
    makeMove(m);
    if (pvNode) unchecked(pvLength[sply + 1] = sply + 1);
    const score = -qsearch(pvNode, -beta, -alpha, sply + 1, end, qply + 1);
    undoMove();
    if (aborted) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        bestMove = m;
        if (pvNode) setPv(sply, m);
        if (score >= beta) break;
        alpha = score;
      }
    }
  }
  const bound = best >= beta ? BOUND_LOWER : pvNode && best > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
  ttStore(posKey, bestMove, scoreToTT(best, sply), standPat == -INF ? 0 : standPat, 0, bound);
  return best;
}

// ---- Main search ----------------------------------------------------------------------------
function search(pvNode: bool, depth: i32, alpha: i32, beta: i32, sply: i32, start: i32): i32 {
  if (depth <= 0) return qsearch(pvNode, alpha, beta, sply, start, 0);
  if (nodes >= nodeLimit && outOfBudget()) { aborted = true; return 0; }
  nodes++;
  if (pvNode) unchecked(pvLength[sply] = sply);
  if (sply > selDepth) selDepth = sply;

  // Step 1. The game may be over here: dobutsu's lion capture or try, sennichite, declaration.
  if (VARIANT == DOBUTSU && unchecked(stGameOver[ply]) != 0) return gameOverValue(sply);
  const repetition = repetitionValue(sply);
  if (repetition != NO_VALUE) return repetition;
  if (sply >= MAX_SEARCH_PLY) return evaluate();
  // The declaration is a move of its own: a win one ply on, as a mate given now would be.
  if (canDeclare()) return mateIn(sply + 1);

  // Step 2. Mate-distance pruning: no line from here beats a mate already found nearer the root.
  alpha = max(alpha, matedIn(sply));
  beta = min(beta, mateIn(sply + 1));
  if (alpha >= beta) return alpha;

  // Step 3. Transposition table.
  const posKey = key();
  const check = inCheckHere();
  const e = ttProbe(posKey);
  let hashMove: u32 = 0;
  let ttScore = NO_VALUE, ttBound = BOUND_NONE;
  if (e != 0) {
    hashMove = entryMove(e);
    ttScore = scoreFromTT(entryScore(e), sply);
    ttBound = entryBound(e);
    if (!pvNode && entryDepth(e) >= depth
      && (ttBound == BOUND_EXACT || (ttBound == BOUND_LOWER && ttScore >= beta) || (ttBound == BOUND_UPPER && ttScore <= alpha))) {
      return ttScore;
    }
  }

  // Step 4. Static evaluation, and whether it improved on ours two plies ago. A table score
  // whose bound points the right way is a better guess than the static evaluation.
  const staticEval = check ? -INF : e != 0 ? entryEval(e) : evaluate();
  unchecked(staticEvals[sply] = staticEval);
  let estimate = staticEval;
  if (!check && ttScore != NO_VALUE && abs(ttScore) < MATE_IN_MAX
    && (ttBound & (ttScore > staticEval ? BOUND_LOWER : BOUND_UPPER)) != 0) estimate = ttScore;
  const improving = !check && sply >= 2 && staticEval > unchecked(staticEvals[sply - 2]);
  const previous = unchecked(stMove[ply]);

  if (!pvNode && !check && abs(beta) < MATE_IN_MAX) {
    // Step 5. Razoring: hopelessly below alpha at low depth, ask quiescence whether a capture
    // saves the node.
    if (depth <= 3 && estimate + RAZOR_MARGIN * depth <= alpha) {
      const q = qsearch(false, alpha, alpha + 1, sply, start, 0);
      if (aborted) return 0;
      if (q <= alpha) return q;
    }

    // Step 6. Reverse futility: far enough above beta that a shallow search will not fall back.
    if (depth <= 8 && estimate - futilityMargin(depth, improving) >= beta) return estimate;

    // Step 7. Null move: passing still keeps us above beta, so a real move will. Dobutsu is
    // left out: on a 3x4 board zugzwang is common and the tree is small anyway.
    if (VARIANT != DOBUTSU && depth >= 2 && previous != 0 && estimate >= beta && staticEval >= beta - 20 * depth) {
      const r = 3 + depth / 3 + min((estimate - beta) / 200, 3);
      makeNullMove();
      const value = -search(false, depth - r, -beta, -beta + 1, sply + 1, start);
      undoNullMove();
      if (aborted) return 0;
      if (value >= beta) return value >= MATE_IN_MAX ? beta : value;
    }
  }

  // Step 8. Mate in one, before ordering anything. Only from MATE1_DEPTH on: every checking
  // move is played and its replies generated, which costs a quarter of the time when done at
  // every node, while shallow nodes find the same mates by searching.
  if (depth >= MATE1_DEPTH && !check && VARIANT != DOBUTSU) {
    const mate = mateInOne(start);
    if (mate != 0) {
      if (pvNode) { unchecked(pvLength[sply + 1] = sply + 1); setPv(sply, mate); }
      ttStore(posKey, mate, scoreToTT(mateIn(sply + 1), sply), staticEval == -INF ? 0 : staticEval, MAX_SEARCH_PLY, BOUND_EXACT);
      return mateIn(sply + 1);
    }
  }

  // Step 9. Internal iterative reduction: with no hash move the node was never searched
  // deeply, and a shallower search finds a move to order first more cheaply.
  if (depth >= 4 && hashMove == 0) depth--;

  // Step 10. The moves, staged (picker.ts). No legal move loses, in every variant.
  const us = sideToMove;
  const enemyKing = unchecked(kingSquare[us ^ 1]);
  const discoverers = VARIANT == DOBUTSU ? EMPTY : and(sliderBlockers(us ^ 1), colorBB(us));
  pickerInit(sply, start, hashMove, check, previous, depth, enemyKing, discoverers);
  const oldAlpha = alpha;
  let best = -INF, bestMove: u32 = 0, moveCount = 0;
  const triedStart = sply * 64;
  let triedEnd = triedStart;
  const k1 = killer(sply, 0), k2 = killer(sply, 1);

  while (true) {
    const m = nextMove(sply);
    if (m == 0) break;
    moveCount++;
    const quiet = pickedQuiet(sply) && !isPromotion(m);
    const checks = VARIANT == DOBUTSU ? false : enemyKing != NO_SQUARE && givesCheck(m, enemyKing, discoverers);
    const hist = quiet ? historyOf(m) : 0;
    const newDepth = depth - 1;

    // Step 11. Shallow pruning, once a move has been scored and mates are not at stake.
    if (!check && best > -MATE_IN_MAX) {
      if (quiet && !checks) {
        // Late-move pruning: late quiet moves at low depth rarely matter.
        if (depth <= 8 && moveCount >= (3 + depth * depth) / (improving ? 1 : 2)) { pickerSkipQuiets(sply); continue; }
        const lmrDepth = max(newDepth - reduction(depth, moveCount), 0);
        // Futility: the static evaluation plus a margin stays under alpha.
        if (lmrDepth < 7 && staticEval + 150 + 120 * lmrDepth <= alpha) continue;
        // History: moves that keep failing at low depth.
        if (lmrDepth < 3 && hist < -3000 * depth) continue;
        // SEE: the moved or dropped piece is simply lost.
        if (!seeGE(m, -30 * lmrDepth * lmrDepth)) continue;
      } else if (depth <= 6 && !seeGE(m, -110 * depth)) continue;
    }

    // Step 12. Check extension for checks that do not lose material, bounded so that check
    // sequences with drops cannot run away.
    const extension = checks && sply < 2 * rootDepth && seeGE(m, 0) ? 1 : 0;

    makeMove(m);
    if (pvNode) unchecked(pvLength[sply + 1] = sply + 1);
    const childStart = pickerEnd(sply);
    const d = newDepth + extension;

    // Step 13. Principal-variation search with late-move reductions.
    let score: i32;
    if (depth >= 2 && moveCount > (pvNode ? 2 : 1) && (quiet || !pickedGood(sply))) {
      let r = reduction(depth, moveCount);
      if (pvNode) r--;
      if (!improving) r++;
      if (checks) r--;
      if (m == k1 || m == k2) r--;
      if (!quiet) r--;
      r -= hist / 6000;
      r = max(0, min(r, d - 1));
      score = -search(false, d - r, -alpha - 1, -alpha, sply + 1, childStart);
      if (score > alpha && r > 0 && !aborted) score = -search(false, d, -alpha - 1, -alpha, sply + 1, childStart);
    } else if (!pvNode || moveCount > 1) {
      score = -search(false, d, -alpha - 1, -alpha, sply + 1, childStart);
    } else score = alpha + 1;
    if (pvNode && !aborted && (moveCount == 1 || (score > alpha && score < beta))) {
      score = -search(true, d, -beta, -alpha, sply + 1, childStart);
    }
    undoMove();
    if (aborted) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        bestMove = m;
        if (pvNode) setPv(sply, m);
        if (score >= beta) {
          if (quiet) updateQuietStats(m, previous, sply, depth, triedStart, triedEnd);
          break;
        }
        alpha = score;
      }
    }
    if (quiet && triedEnd < triedStart + 64) { unchecked(QUIETS_TRIED[triedEnd] = m); triedEnd++; }
  }
  if (moveCount == 0) return matedIn(sply);

  const bound = best >= beta ? BOUND_LOWER : pvNode && best > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
  ttStore(posKey, bestMove, scoreToTT(best, sply), staticEval == -INF ? 0 : staticEval, depth, bound);
  return best;
}

// ---- Root moves and the iterations ----------------------------------------------------------
const rootMoves = new StaticArray<u32>(MAX_MOVES);
const rootScores = new StaticArray<i32>(MAX_MOVES);
/** order[k]: index into rootMoves of the k-th best move. */
const order = new StaticArray<i32>(MAX_MOVES);
/** The PV of each root move from its last exact score, PV_STRIDE moves per root move. */
const rootPvs = new StaticArray<u32>(MAX_MOVES * PV_STRIDE);
const rootPvLength = new StaticArray<i32>(MAX_MOVES);
/** Score of each multi-PV line at the last completed iteration (aspiration centre). */
const lineScores = new StaticArray<i32>(MAX_MOVES);
let rootCount = 0;

let maxDepth = 0;
let linesAsked = 1;
let multiPV = 1;
let iterDepth = 0;
let pvIdx = 0;
let aspAlpha = -INF;
let aspBeta = INF;
let aspDelta = 0;
let completedDepth = 0;
/** The root move that beat the previous best during the current iteration (-1: none). */
let partialBest = -1;
let finished = false;

export const STEP_BUDGET: i32 = 0;    // the budget ran out; call again
export const STEP_ITERATION: i32 = 1; // an iteration finished: its lines can be read
export const STEP_DONE: i32 = 2;      // the depth limit is reached, or a mate is proven

/** Start a search of the current position. Returns the number of legal root moves. */
export function searchBegin(depthLimit: i32, lines: i32): i32 {
  maxDepth = max(1, min(depthLimit, MAX_SEARCH_PLY - 2));
  initPromotionReach();
  nodes = 0;
  selDepth = 0;
  ttNewSearch();
  clearKillers();
  rootCount = generate(LEGAL, 0);
  for (let i = 0; i < rootCount; i++) rootMoves[i] = unchecked(MOVES[i]);
  linesAsked = lines;
  orderRoot();
  return rootCount;
}

/** go searchmoves, before the first step: only the root moves among the first `count` moves of
 * the move buffer are searched. A list that holds none of them restricts nothing. Returns the
 * number of root moves. */
export function searchOnly(count: i32): i32 {
  let kept = 0;
  for (let i = 0; i < rootCount; i++) {
    const m = rootMoves[i];
    for (let j = 0; j < count; j++) {
      if (unchecked(MOVES[j]) == m) { rootMoves[kept] = m; kept++; break; }
    }
  }
  if (kept == 0) return rootCount;
  rootCount = kept;
  orderRoot();
  return rootCount;
}

/** The search state over rootMoves[0..rootCount), before its first iteration. */
function orderRoot(): void {
  const e = ttProbe(key());
  const hashMove = e != 0 ? entryMove(e) : 0;
  for (let i = 0; i < rootCount; i++) {
    rootScores[i] = -INF;
    rootPvLength[i] = 0;
    order[i] = i;
  }
  // The hash move of an earlier search goes first.
  for (let i = 1; i < rootCount; i++) {
    if (rootMoves[i] == hashMove) { order[i] = 0; order[0] = i; break; }
  }
  multiPV = max(1, min(linesAsked, rootCount));
  iterDepth = 1;
  pvIdx = 0;
  completedDepth = 0;
  partialBest = -1;
  finished = rootCount == 0;
  setWindow();
}

function setWindow(): void {
  const centre = unchecked(lineScores[pvIdx]);
  if (iterDepth >= 5 && abs(centre) < MATE_IN_MAX) {
    aspDelta = 30;
    aspAlpha = max(centre - aspDelta, -INF);
    aspBeta = min(centre + aspDelta, INF);
  } else {
    aspDelta = 0;
    aspAlpha = -INF;
    aspBeta = INF;
  }
}

function rootSearch(depth: i32, alpha: i32, beta: i32): i32 {
  rootDepth = depth;
  let best = -INF;
  const start = MAX_MOVES; // children write their moves above the root's list
  const us = sideToMove, enemyKing = unchecked(kingSquare[us ^ 1]);
  const discoverers = VARIANT == DOBUTSU ? EMPTY : and(sliderBlockers(us ^ 1), colorBB(us));
  for (let k = pvIdx; k < rootCount; k++) {
    const idx = unchecked(order[k]), m = unchecked(rootMoves[idx]);
    const checks = VARIANT != DOBUTSU && enemyKing != NO_SQUARE && givesCheck(m, enemyKing, discoverers);
    const quiet = !isCapture(m) && !isPromotion(m);
    const newDepth = depth - 1 + (checks && seeGE(m, 0) ? 1 : 0);
    makeMove(m);
    unchecked(pvLength[1] = 1);
    let score: i32;
    if (k == pvIdx) score = -search(true, newDepth, -beta, -alpha, 1, start);
    else {
      // Late quiet root moves, in the order of the last iteration, are tried shallower first.
      const r = depth >= 3 && quiet && !checks && k - pvIdx >= 4 ? max(0, min(reduction(depth, k - pvIdx + 1) - 1, newDepth - 1)) : 0;
      score = -search(false, newDepth - r, -alpha - 1, -alpha, 1, start);
      if (score > alpha && r > 0 && !aborted) score = -search(false, newDepth, -alpha - 1, -alpha, 1, start);
      if (score > alpha && score < beta && !aborted) score = -search(true, newDepth, -beta, -alpha, 1, start);
    }
    undoMove();
    if (aborted) return 0;
    if (k == pvIdx || score > alpha) {
      unchecked(rootScores[idx] = score);
      const base = idx * PV_STRIDE;
      unchecked(rootPvs[base] = m);
      const n = max(unchecked(pvLength[1]), 1);
      for (let j = 1; j < n; j++) unchecked(rootPvs[base + j] = unchecked(pvTable[PV_STRIDE + j]));
      unchecked(rootPvLength[idx] = n);
      if (k > pvIdx && pvIdx == 0) partialBest = idx;
    } else {
      unchecked(rootScores[idx] = -INF);
      // A move that beat line 1 in a pass cut short by the slice, and fails low now that the
      // iteration runs again, is no better after all: with its score -INF (read as a mate) it
      // was played and shown ("mate 1" in a quiet opening).
      if (idx == partialBest) partialBest = -1;
    }
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  return best;
}

/** Stable insertion sort of order[from..to) by score, best first. */
function sortRoot(from: i32, to: i32 = rootCount): void {
  for (let i = from + 1; i < to; i++) {
    const idx = order[i], s = rootScores[idx];
    let j = i - 1;
    while (j >= from && rootScores[order[j]] < s) { order[j + 1] = order[j]; j--; }
    order[j + 1] = idx;
  }
}

/** Whether the slice ends here: its budget is spent or its deadline has passed; if not, the
 * next reading of the clock is set. */
function outOfBudget(): bool {
  if (nodes >= budgetLimit || now() >= deadline) return true;
  nodeLimit = min(budgetLimit, nodes + CLOCK_NODES);
  return false;
}

/** Search on until `budget` more nodes are spent, the clock (now()) reaches `until`, or an
 * iteration completes. The deadline bounds a slice's time where the budget cannot: on a loaded
 * machine the speed the budget was sized by can drop tenfold within a slice, which then ran
 * hundreds of ms past a byoyomi. */
export function searchStep(budget: f64, until: f64): i32 {
  if (finished || iterDepth > maxDepth) { finished = true; return STEP_DONE; }
  budgetLimit = !isFinite(budget) || budget >= 1e18 ? u64.MAX_VALUE : nodes + <u64>max(budget, 1.0);
  deadline = until;
  nodeLimit = isFinite(until) ? min(budgetLimit, nodes + CLOCK_NODES) : budgetLimit;
  aborted = false;
  while (true) {
    const score = rootSearch(iterDepth, aspAlpha, aspBeta);
    if (aborted) return STEP_BUDGET;
    sortRoot(pvIdx);
    if (score <= aspAlpha && aspAlpha > -INF) {
      aspBeta = (aspAlpha + aspBeta) / 2;
      aspAlpha = max(score - aspDelta, -INF);
      aspDelta += aspDelta / 2 + 10;
      continue;
    }
    if (score >= aspBeta && aspBeta < INF) {
      aspBeta = min(score + aspDelta, INF);
      aspDelta += aspDelta / 2 + 10;
      continue;
    }
    unchecked(lineScores[pvIdx] = score);
    pvIdx++;
    if (pvIdx < multiPV) { setWindow(); continue; }
    // The iteration is complete. A later line can come out above an earlier one (the search
    // is not exact): the lines are shown best first.
    sortRoot(0, multiPV);
    for (let k = 0; k < multiPV; k++) unchecked(lineScores[k] = unchecked(rootScores[unchecked(order[k])]));
    completedDepth = iterDepth;
    partialBest = -1;
    iterDepth++;
    pvIdx = 0;
    setWindow();
    const top = abs(unchecked(lineScores[0]));
    // A proven mate within the depth searched will not change (the last line must be proven
    // too when several are asked for).
    if (top >= MATE_IN_MAX && MATE - top < completedDepth && abs(unchecked(lineScores[multiPV - 1])) >= MATE_IN_MAX) finished = true;
    if (iterDepth > maxDepth) finished = true;
    return STEP_ITERATION;
  }
  return STEP_DONE;
}

// ---- Reading the results --------------------------------------------------------------------
export function searchNodes(): f64 { return <f64>nodes; }
/** The deepest ply reached, and at least the depth completed: where the table or a proven mate
 * cut every line short, the iteration still stands for its full depth. */
export function searchSelDepth(): i32 { return max(selDepth, completedDepth); }
export function searchCompletedDepth(): i32 { return completedDepth; }
export function searchLineCount(): i32 { return multiPV; }
export function searchRootCount(): i32 { return rootCount; }
export function lineMove(k: i32): u32 { return rootMoves[order[k]]; }
export function lineScore(k: i32): i32 { return rootScores[order[k]]; }
export function linePvLength(k: i32): i32 { return rootPvLength[order[k]]; }
export function linePv(k: i32): usize { return changetype<usize>(rootPvs) + <usize>(order[k] * PV_STRIDE) * 4; }

/** The move to play: line 1's (after settleLines, when the search stopped within an iteration). */
export function bestMove(): u32 {
  if (rootCount == 0) return 0;
  return rootMoves[order[0]];
}

/** The search is over: a root move that beat the best line during the unfinished iteration
 * becomes line 1, with the score and PV it got there, so that the line read last is the move
 * played. Returns whether line 1 changed. Its scores may be of any line but line 1 then: the
 * moves that failed low in that iteration have none. */
export function settleLines(): bool {
  if (partialBest < 0) return false;
  let k = 0;
  while (order[k] != partialBest) k++;
  for (; k > 0; k--) order[k] = order[k - 1];
  order[0] = partialBest;
  partialBest = -1;
  return true;
}

/** The expected reply to bestMove (the second move of its PV, else the hash move there). */
export function ponderMove(): u32 {
  if (rootCount == 0) return 0;
  const idx = order[0];
  if (rootPvLength[idx] >= 2) return rootPvs[idx * PV_STRIDE + 1];
  doMove(rootMoves[idx]);
  let reply: u32 = 0;
  const e = ttProbe(key());
  if (e != 0) {
    const candidate = entryMove(e);
    const end = generate(LEGAL, 0);
    for (let i = 0; i < end; i++) if (unchecked(MOVES[i]) == candidate) { reply = candidate; break; }
  }
  undoMove();
  return reply;
}

/** Whether the side to move wins now by the 27-point declaration. */
export function declarationWins(): bool { return canDeclare(); }

/** Static evaluation of the current position, from the side to move. */
export function staticEvaluation(): i32 { return evaluate(); }

