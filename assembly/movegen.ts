// Legal move generation, Stockfish style: generate(kind, start) writes moves into MOVES from
// index `start` and returns the index past the last one. Every kind yields legal moves only:
// pins, king safety, nifu, dead drops and uchifuzume are settled here, once.
import {
  NO_SQUARE, VARIANT, DOBUTSU, PAWN, LANCE, KNIGHT, BISHOP, ROOK, GOLD, KING, HORSE, DRAGON, HAND_TYPE_NB, SQUARE_NB,
  PROMOTED, typeOf, colorOf, makeMove, makePromotion, makeDrop, makePiece, moveTo, moveFrom,
  moveDroppedType, isDrop, isPromotion,
} from './types';
import { EMPTY, LANE_SPLIT, squareBB, and, or, andNot, any, none, has, lsb, laneBits, laneSquare, popLsb, moreThanOne, popcount } from './bitboard';
import {
  attacksOf, pseudoAttacksOf, kingAttacks, stepAttacks, between, line, isPromotable, noGo, dropForbidden, zone,
  bishopPseudo, rookPseudo, lancePseudo, aroundKing, closeToKing, checkFrom, fileOf, BOARD_BB,
} from './attacks';
import {
  board, sideToMove, kingSquare, colorBB, piecesOf, occupied, checkers, hand, ply, stGameOver,
  attackersTo, pinnedPieces, sliderBlockers, doMove, undoMove, typeBB, BISHOPS, ROOKS, sliders, landingPiece, heldKinds,
} from './position';

export const CAPTURES: i32 = 0;   // moves that take a piece (promoting or not)
export const QUIETS: i32 = 1;     // moves that take nothing, and drops
export const LEGAL: i32 = 2;      // all legal moves
export const CHECKS: i32 = 3;     // legal moves that give check

/** Move lists of every ply of a search or perft, one after the other (a fixed array: see
 * bitboard.ts). */
export const MOVE_SLOTS = 1 << 18;
export const MOVES = changetype<StaticArray<u32>>(memory.data(MOVE_SLOTS * sizeof<u32>(), 16));

@inline function push(n: i32, m: u32): i32 { unchecked(MOVES[n] = m); return n + 1; }

/** While set (countLegal, countChecks, countDefences), the generators only count: `n` advances
 * by the number of moves and nothing is written. Perft's last ply, hasLegalMove and the tsume
 * solver's first estimates (the checks or replies of every new position) need no more. The
 * counts nest (the uchifuzume test inside a count counts too), so each restores what it found. */
let counting = false;

/** The moves `base | to` for each square `to` of `targets`, in square order: `base` is a move
 * or a drop to square 0 (makeMove(from, 0), makeDrop(type, 0)). */
function pushTargets(base: u32, targets: v128, n: i32): i32 {
  if (counting) return n + popcount(targets);
  for (let lane = 0, first = 0; lane < 2; lane++, first = LANE_SPLIT) {
    for (let bits = laneBits(targets, lane); bits != 0; bits &= bits - 1) n = push(n, base | <u32>laneSquare(bits, first));
  }
  return n;
}

/** Moves from `from` in square order: on each square, the promotion if it is in `promoting`,
 * then the plain move if it is in `plain`. */
function pushPromotable(from: i32, promoting: v128, plain: v128, n: i32): i32 {
  if (counting) return n + popcount(promoting) + popcount(plain);
  const targets = or(promoting, plain);
  for (let lane = 0, first = 0; lane < 2; lane++, first = LANE_SPLIT) {
    for (let bits = laneBits(targets, lane); bits != 0; bits &= bits - 1) {
      const to = laneSquare(bits, first);
      if (has(promoting, to)) n = push(n, makePromotion(from, to));
      if (has(plain, to)) n = push(n, makeMove(from, to));
    }
  }
  return n;
}

export function generate(kind: i32, start: i32): i32 {
  if (VARIANT == DOBUTSU && unchecked(stGameOver[ply]) != 0) return start;
  if (kind == CHECKS) {
    // In check the few evasions are simply filtered; otherwise only checking moves are made.
    if (VARIANT == DOBUTSU) return keepAttacksOnLion(start, generate(LEGAL, start));
    return any(checkers()) ? keepChecks(start, generate(LEGAL, start)) : checkingMoves(start);
  }
  const us = sideToMove, them = us ^ 1;
  const mask = kind == CAPTURES ? colorBB(them) : kind == QUIETS ? andNot(BOARD_BB, occupied()) : andNot(BOARD_BB, colorBB(us));
  const drops = kind != CAPTURES;
  // Dobutsu has no check: a lion may even walk into capture.
  if (VARIANT != DOBUTSU && any(checkers())) return evasions(mask, drops, start);
  return nonEvasions(mask, drops, start);
}

/** Moves of our pieces to `targets`, one per promotion choice the rules allow: promotion
 * where the move starts or ends in the zone, the plain move wherever the piece could still
 * move on (the squares it must promote on all lie in the zone). */
function pieceMoves(piece: i32, from: i32, targets: v128, n: i32): i32 {
  const type = typeOf(piece), color = colorOf(piece);
  if (!isPromotable(type)) return pushTargets(makeMove(from, 0), targets, n);
  return pushPromotable(from, promotionSquares(color, from, targets), andNot(targets, noGo(color, type)), n);
}

/** The squares of `targets` where a promotable piece moving from `from` may promote. */
@inline function promotionSquares(color: i32, from: i32, targets: v128): v128 {
  const promoZone = zone(color);
  return has(promoZone, from) ? targets : and(targets, promoZone);
}

/** Non-king moves to `mask` with pinned pieces kept on the line of their king. */
function nonKingMoves(mask: v128, n: i32, candidates: v128 = BOARD_BB): i32 {
  const us = sideToMove, ksq = unchecked(kingSquare[us]), occ = occupied();
  let pieces = and(colorBB(us), candidates);
  if (ksq != NO_SQUARE) pieces = andNot(pieces, squareBB(ksq));
  // Evasions often have no candidate at all: then the pins are not worked out.
  if (none(pieces)) return n;
  const pinned = VARIANT == DOBUTSU ? EMPTY : pinnedPieces(us);
  for (let lane = 0, first = 0; lane < 2; lane++, first = LANE_SPLIT) {
    for (let bits = laneBits(pieces, lane); bits != 0; bits &= bits - 1) {
      const from = laneSquare(bits, first);
      const piece = unchecked(board[from]);
      const type = typeOf(piece);
      const steps = type != LANCE && type != BISHOP && type != ROOK && type < HORSE;
      // A slider's rays are walked only when its empty-board reach meets the mask: most miss
      // the few squares of an evasion (the checker and the squares between).
      if (!steps && none(and(pseudoAttacksOf(piece, from), mask))) continue;
      let targets = and(steps ? stepAttacks(us, type, from) : attacksOf(piece, from, occ), mask);
      if (!any(targets)) continue; // most pieces, when only captures are asked for
      if (has(pinned, from)) targets = and(targets, line(ksq, from));
      n = pieceMoves(piece, from, targets, n);
    }
  }
  return n;
}

function kingMoves(mask: v128, n: i32): i32 {
  const ksq = unchecked(kingSquare[sideToMove]);
  if (ksq == NO_SQUARE) return n;
  let targets = and(kingAttacks(ksq), mask);
  // Dobutsu: the lion may step into capture.
  if (VARIANT != DOBUTSU) targets = safeKingSquares(targets, occupied());
  return pushTargets(makeMove(ksq, 0), targets, n);
}

function nonEvasions(mask: v128, drops: bool, n: i32): i32 {
  n = nonKingMoves(mask, n);
  n = kingMoves(mask, n);
  if (drops) n = dropMoves(andNot(BOARD_BB, occupied()), n);
  return n;
}

function evasions(mask: v128, drops: bool, n: i32, kingSteps: bool = true): i32 {
  const us = sideToMove, ksq = unchecked(kingSquare[us]), check = checkers();
  if (kingSteps) n = kingMoves(mask, n);
  if (moreThanOne(check)) return n; // double check: only the king can move
  const checker = lsb(check), block = between(ksq, checker);
  const targets = and(mask, or(block, squareBB(checker)));
  // Only pieces that reach one of the few squares can move there (the same moves, in the same
  // order, without looking at every piece).
  let candidates = EMPTY, left = targets;
  const occ = occupied();
  while (any(left)) {
    candidates = or(candidates, attackersTo(lsb(left), us, occ));
    left = popLsb(left);
  }
  n = nonKingMoves(targets, n, candidates);
  if (drops) n = dropMoves(and(block, mask), n);
  return n;
}

/** Files holding an unpromoted pawn of `color`: no second pawn may be dropped there. */
function pawnFiles(color: i32): v128 {
  let pawns = piecesOf(color, PAWN), files = EMPTY;
  while (any(pawns)) {
    const file = fileOf(lsb(pawns));
    files = or(files, file);
    pawns = andNot(pawns, file);
  }
  return files;
}

/** The squares of `targets` where the side to move may drop a `type` it holds, but for
 * uchifuzume (see pawnCheckSquares): no dead piece, no second pawn on a file. */
@inline function dropSquares(type: i32, targets: v128): v128 {
  const us = sideToMove, squares = andNot(targets, dropForbidden(us, type));
  return type == PAWN && VARIANT != DOBUTSU ? andNot(squares, pawnFiles(us)) : squares;
}
/** Where a pawn dropped by the side to move would check, so that it must not mate. */
@inline function pawnCheckSquares(): v128 {
  const enemyKing = unchecked(kingSquare[sideToMove ^ 1]);
  return VARIANT == DOBUTSU || enemyKing == NO_SQUARE ? EMPTY : stepAttacks(sideToMove ^ 1, PAWN, enemyKing);
}

/** Drops onto `targets`; with `checking` set to the enemy king's square, only those that
 * give check. */
function dropMoves(targets: v128, n: i32, checking: i32 = NO_SQUARE): i32 {
  // Nowhere to drop: evasions of a check from next to the king ask with no square between.
  if (none(targets)) return n;
  const us = sideToMove;
  for (let held = heldKinds(us); held != 0; held &= held - 1) {
    const type = ctz(held);
    // Checking drops: the few squares that check first, the rules on what is left.
    const reach = checking != NO_SQUARE ? and(targets, attacksOf(makePiece(us ^ 1, type), checking, occupied())) : targets;
    if (none(reach)) continue;
    let squares = dropSquares(type, reach);
    if (type == PAWN) {
      // Uchifuzume: a pawn dropped with check (on one square at most) must not mate.
      const checkingDrop = and(squares, pawnCheckSquares());
      if (any(checkingDrop) && pawnDropMates(makeDrop(PAWN, lsb(checkingDrop)), n)) squares = andNot(squares, checkingDrop);
    }
    n = pushTargets(makeDrop(type, 0), squares, n);
  }
  return n;
}

/** The side to move, in check: how many evasions it has, with the drops on one square counted
 * once, as interpositions there are mostly refuted alike (the tsume solver's first estimate of
 * a defence; 0 when mated). The same moves as generate(LEGAL), without listing every drop. */
export function countDefences(scratch: i32): i32 {
  const us = sideToMove, ksq = unchecked(kingSquare[us]), check = checkers();
  const was = counting;
  counting = true;
  let n = evasions(andNot(BOARD_BB, colorBB(us)), false, scratch) - scratch;
  counting = was;
  if (moreThanOne(check) || ksq == NO_SQUARE) return n;
  const block = between(ksq, lsb(check));
  if (none(block)) return n;
  let squares = EMPTY, pawn = EMPTY;
  for (let held = heldKinds(us); held != 0; held &= held - 1) {
    const type = ctz(held);
    if (type == PAWN) pawn = dropSquares(type, block);
    else squares = or(squares, dropSquares(type, block));
  }
  // Only where nothing but the pawn could go may uchifuzume take the square away.
  let pawnOnly = and(andNot(pawn, squares), pawnCheckSquares());
  squares = or(squares, andNot(pawn, pawnOnly));
  while (any(pawnOnly)) {
    const to = lsb(pawnOnly);
    pawnOnly = popLsb(pawnOnly);
    if (!pawnDropMates(makeDrop(PAWN, to), scratch)) n++;
  }
  return n + popcount(squares);
}

/** The number of legal moves: generate(LEGAL)'s, counted (perft's last ply). */
export function countLegal(scratch: i32): i32 {
  const was = counting;
  counting = true;
  const n = generate(LEGAL, scratch) - scratch;
  counting = was;
  return n;
}

/** The number of checks the side to move has: generate(CHECKS)'s moves, counted. */
export function countChecks(scratch: i32): i32 {
  if (VARIANT == DOBUTSU || any(checkers())) return generate(CHECKS, scratch) - scratch;
  const was = counting;
  counting = true;
  const n = checkingMoves(scratch) - scratch;
  counting = was;
  return n;
}

/** Whether a checking pawn drop leaves the opponent without a legal reply. Mostly the king can
 * step away, told without playing the drop (the tsume solver asks this of most positions it
 * counts checks in: 4.4 M times in tsume-dev #126's 20 M nodes). */
function pawnDropMates(m: u32, scratch: i32): bool {
  if (enemyKingStepAfter(m)) return false;
  doMove(m);
  const mates = !hasLegalMove(scratch);
  undoMove();
  return mates;
}

/** Keep only the moves of [start, end) that give check; returns the new end. */
function keepChecks(start: i32, end: i32): i32 {
  const us = sideToMove, enemyKing = unchecked(kingSquare[us ^ 1]);
  if (enemyKing == NO_SQUARE) return start;
  const discoverers = and(sliderBlockers(us ^ 1), colorBB(us));
  let n = start;
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]);
    if (givesCheck(m, enemyKing, discoverers)) n = push(n, m);
  }
  return n;
}

/** The checking moves of a side not in check: drops and moves onto squares from which the
 * piece attacks the enemy king, and any move of a piece that uncovers one of our sliders. */
function checkingMoves(n: i32): i32 {
  const us = sideToMove, them = us ^ 1, enemyKing = unchecked(kingSquare[them]);
  if (enemyKing == NO_SQUARE) return n;
  const occ = occupied(), ours = colorBB(us), ksq = unchecked(kingSquare[us]);
  const pinned = pinnedPieces(us);
  const discoverers = and(sliderBlockers(them), ours);
  // Only pieces that can check at all: sliders, pieces that step only from near the king (most
  // of a tsume attacker's pieces stand far from it: two squares at most, a knight from where it
  // jumps to a check), and pieces that may uncover a check.
  const knights = typeBB(KNIGHT);
  const steppers = or(andNot(closeToKing(enemyKing), knights), and(knights, checkFrom(makePiece(us, KNIGHT), enemyKing)));
  const pieces = and(ours, or(or(sliders(), discoverers), steppers));
  for (let lane = 0, first = 0; lane < 2; lane++, first = LANE_SPLIT) {
    for (let bits = laneBits(pieces, lane); bits != 0; bits &= bits - 1) {
      const from = laneSquare(bits, first);
      const piece = unchecked(board[from]);
      // Of the others, only those that could check on an empty board: a slider's rays are not
      // walked for nothing (one lookup: working out where the piece could check from took 4%
      // more of 寿's instructions).
      const discovers = has(discoverers, from);
      if (!discovers && !has(checkFrom(piece, enemyKing), from)) continue;
      let targets = andNot(attacksOf(piece, from, occ), ours);
      if (has(pinned, from)) targets = and(targets, line(ksq, from));
      if (from == ksq) targets = safeKingSquares(targets, occ);
      if (discovers) {
        // Leaving the line uncovers a check whatever the move; staying on it must check directly.
        n = pieceMoves(piece, from, andNot(targets, line(enemyKing, from)), n);
        targets = and(targets, line(enemyKing, from));
      }
      if (from == ksq || none(targets)) continue;
      n = directChecks(piece, from, targets, enemyKing, occ, n);
    }
  }
  const empty = andNot(BOARD_BB, occ);
  return dropMoves(empty, n, enemyKing);
}

/** King destinations not attacked by the enemy. The king leaves its square, so sliders that
 * check it also attack the squares behind it. */
function safeKingSquares(targets: v128, occ: v128): v128 {
  if (none(targets)) return targets;
  const us = sideToMove, ksq = unchecked(kingSquare[us]);
  return unattacked(targets, us ^ 1, andNot(occ, squareBB(ksq)), ksq);
}

/** The squares of `targets`, next to the king on `ksq`, that no piece of `color` attacks
 * through `occ`: each slider is walked once for all the squares, then the pieces near the king
 * add their steps (for the enemy king's escapes too, where asking every square for all its
 * attackers cost 1.8% of the instructions of tsume-dev #126 and #108; asking each square for
 * its step attackers, 6.7% of 寿's). */
@inline function unattacked(targets: v128, color: i32, occ: v128, ksq: i32): v128 {
  let cover = slidersCover(color, targets, occ);
  // Only the pieces around the king step onto a square next to it. The lance's, bishop's and
  // rook's steps are empty (their rays are counted above); a horse's or dragon's are its king
  // steps, which slidersCover may have counted already when its rays reach the region.
  const near = and(colorBB(color), aroundKing(ksq));
  for (let lane = 0, first = 0; lane < 2; lane++, first = LANE_SPLIT) {
    for (let bits = laneBits(near, lane); bits != 0; bits &= bits - 1) {
      const from = laneSquare(bits, first);
      cover = or(cover, stepAttacks(color, typeOf(unchecked(board[from])), from));
    }
  }
  return andNot(targets, cover);
}


/** The squares of `region` that the rays of the sliders of `color` (lances, bishops, rooks,
 * horses and dragons) reach through `occ`. */
function slidersCover(color: i32, region: v128, occ: v128): v128 {
  let cover = EMPTY;
  let pieces = and(colorBB(color), sliders());
  while (any(pieces)) {
    const from = lsb(pieces);
    pieces = popLsb(pieces);
    const piece = unchecked(board[from]);
    const rays = typeOf(piece) == LANCE ? lancePseudo(color, from) : has(typeBB(BISHOPS), from) ? bishopPseudo(from) : rookPseudo(from);
    if (any(and(rays, region))) cover = or(cover, attacksOf(piece, from, occ));
  }
  return and(cover, region);
}

/** Moves of `piece` to `targets` that attack the enemy king from their destination, in the
 * form (promoted or not) that does. A piece reaches the king from s iff the same piece of the
 * other color on the king's square reaches s. */
function directChecks(piece: i32, from: i32, targets: v128, enemyKing: i32, occ: v128, n: i32): i32 {
  const type = typeOf(piece), color = colorOf(piece);
  const vacated = andNot(occ, squareBB(from));
  const plain = and(targets, attacksOf(makePiece(color ^ 1, type), enemyKing, vacated));
  if (!isPromotable(type)) return pushTargets(makeMove(from, 0), plain, n);
  const promoted = and(targets, attacksOf(makePiece(color ^ 1, type + PROMOTED), enemyKing, vacated));
  return pushPromotable(from, promotionSquares(color, from, promoted), andNot(plain, noGo(color, type)), n);
}

/** Dobutsu: the moves after which the enemy lion stands attacked. A lion may stay next to
 * the enemy one, so an attack need not come from the move itself: play each and look. */
function keepAttacksOnLion(start: i32, end: i32): i32 {
  let n = start;
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]);
    doMove(m);
    const attacked = any(checkers());
    undoMove();
    if (attacked) n = push(n, m);
  }
  return n;
}

/** Whether a legal move checks the enemy king on `enemyKing`, directly or by uncovering one
 * of our sliders (`discoverers`: our pieces that alone block such a slider). The empty-board
 * reach (a table) is tested first: most moves fail it, which spares the sliders' ray walk. */
export function givesCheck(m: u32, enemyKing: i32, discoverers: v128): bool {
  const us = sideToMove, to = moveTo(m);
  if (isDrop(m)) {
    const dropped = makePiece(us, moveDroppedType(m));
    return has(pseudoAttacksOf(dropped, to), enemyKing) && has(attacksOf(dropped, to, occupied()), enemyKing);
  }
  const from = moveFrom(m);
  const after = landingPiece(m);
  if (has(pseudoAttacksOf(after, to), enemyKing)) {
    const occ = or(andNot(occupied(), squareBB(from)), squareBB(to));
    if (has(attacksOf(after, to, occ), enemyKing)) return true;
  }
  return has(discoverers, from) && !has(line(enemyKing, from), to);
}

/** Whether the side to move has any legal move. */
export function hasLegalMove(scratch: i32): bool {
  if (VARIANT == DOBUTSU && unchecked(stGameOver[ply]) != 0) return false;
  // In check a king step usually exists, and it is the cheapest evasion to find (mate probes
  // ask this after every check).
  if (VARIANT == DOBUTSU || none(checkers())) return countLegal(scratch) != 0;
  if (hasKingStep()) return true;
  const was = counting;
  counting = true;
  const n = evasionsWithoutKingStep(scratch) - scratch;
  counting = was;
  return n != 0;
}

/** generate(LEGAL) for a side in check whose king has no legal step (hasKingStep false): the
 * same moves, without working out the king's steps again. */
export function evasionsWithoutKingStep(start: i32): i32 {
  if (VARIANT == DOBUTSU || none(checkers())) return generate(LEGAL, start);
  return evasions(andNot(BOARD_BB, colorBB(sideToMove)), true, start, false);
}

/** Whether the king of the side to move has a legal step. Always false in dobutsu, where the
 * lion's steps follow other rules (it may step into capture, or be gone). */
export function hasKingStep(): bool {
  if (VARIANT == DOBUTSU) return false;
  const us = sideToMove, ksq = unchecked(kingSquare[us]);
  if (ksq == NO_SQUARE) return false;
  // Square by square, to stop at the first safe one (after a check there usually is one):
  // cheaper than working out every safe square at once, as kingMoves does.
  return anyUnattacked(andNot(kingAttacks(ksq), colorBB(us)), us ^ 1, andNot(occupied(), squareBB(ksq)), EMPTY);
}

/** Whether a square of `targets` is attacked by no piece of `color` but those of `ignored`,
 * seen through `occ`. */
function anyUnattacked(targets: v128, color: i32, occ: v128, ignored: v128): bool {
  while (any(targets)) {
    if (none(andNot(attackersTo(lsb(targets), color, occ), ignored))) return true;
    targets = popLsb(targets);
  }
  return false;
}

/** Whether, after our legal move m, the enemy king could step somewhere (taking the moved
 * piece included): hasKingStep's answer after doMove(m), without playing it. The tsume solver
 * asks it of every check it tries with no ply left after the reply, and most are answered here.
 * It passes `escapes`, the king's steps before the move (enemyKingEscapes): one that the piece
 * dropped or moved does not reach from its square answers at once. A drop only adds its own
 * attacks and blocks rays; a board move may also uncover one of our sliders through the square
 * it leaves, so when one stands on a line through that square only escapes off those lines
 * answer. Else every square next to the king is asked for its attackers. */
export function enemyKingStepAfter(m: u32, escapes: v128 = EMPTY): bool {
  const us = sideToMove, them = us ^ 1, ksq = unchecked(kingSquare[them]);
  if (VARIANT == DOBUTSU || ksq == NO_SQUARE) return false;
  const to = moveTo(m), toBB = squareBB(to);
  let piece: i32, from = NO_SQUARE, occ = or(occupied(), toBB), uncovered = EMPTY;
  if (isDrop(m)) piece = makePiece(us, moveDroppedType(m));
  else {
    from = moveFrom(m);
    piece = landingPiece(m);
    occ = andNot(occ, squareBB(from));
    const lines = or(rookPseudo(from), bishopPseudo(from));
    if (any(escapes) && any(and(and(sliders(), colorBB(us)), lines))) uncovered = lines;
  }
  const open = andNot(andNot(escapes, toBB), uncovered);
  // An escape out of the piece's reach on an empty board needs no rays walked.
  if (any(andNot(open, pseudoAttacksOf(piece, to)))) return true;
  // The king leaves its square: sliders that check it reach the squares behind it.
  const seen = andNot(occ, squareBB(ksq)), reach = attacksOf(piece, to, seen);
  if (any(andNot(open, reach))) return true;
  const targets = andNot(andNot(kingAttacks(ksq), andNot(colorBB(them), toBB)), reach);
  return anyUnattacked(targets, us, seen, from == NO_SQUARE ? EMPTY : squareBB(from));
}

/** The squares the enemy king could step to now (the side to move's attacks seen with the
 * king off its square): most of them stay escapes after a move (see enemyKingStepAfter). */
export function enemyKingEscapes(): v128 {
  const us = sideToMove, them = us ^ 1, ksq = unchecked(kingSquare[them]);
  if (VARIANT == DOBUTSU || ksq == NO_SQUARE) return EMPTY;
  return unattacked(andNot(kingAttacks(ksq), colorBB(them)), us, andNot(occupied(), squareBB(ksq)), ksq);
}

/**
 * Whether `m`, any 16-bit code, is a legal move here: the search's check for moves it did not
 * generate in this position (the hash move, killers, the countermove). Agrees with
 * generate(LEGAL) on every code. `scratch` is free room in MOVES for the uchifuzume test.
 */
export function isLegalMove(m: u32, scratch: i32): bool {
  if (m == 0 || m > 0xFFFF) return false;
  if (VARIANT == DOBUTSU && unchecked(stGameOver[ply]) != 0) return false;
  const us = sideToMove, to = moveTo(m);
  if (to >= SQUARE_NB) return false;
  const ksq = unchecked(kingSquare[us]);
  const check = VARIANT == DOBUTSU ? EMPTY : checkers();
  if (isDrop(m)) {
    const type = moveDroppedType(m);
    if (isPromotion(m) || type < PAWN || type > GOLD || unchecked(hand[us * HAND_TYPE_NB + type]) == 0) return false;
    if (unchecked(board[to]) != 0 || has(dropForbidden(us, type), to)) return false;
    if (any(check) && (moreThanOne(check) || !has(between(ksq, lsb(check)), to))) return false;
    if (type == PAWN && VARIANT != DOBUTSU) {
      if (any(and(piecesOf(us, PAWN), fileOf(to)))) return false;
      const enemyKing = unchecked(kingSquare[us ^ 1]);
      if (enemyKing != NO_SQUARE && has(stepAttacks(us ^ 1, PAWN, enemyKing), to) && pawnDropMates(m, scratch)) return false;
    }
    return true;
  }
  const from = moveFrom(m);
  if (from >= SQUARE_NB) return false;
  const piece = unchecked(board[from]);
  if (piece == 0 || colorOf(piece) != us || has(colorBB(us), to)) return false;
  const occ = occupied();
  if (!has(attacksOf(piece, from, occ), to)) return false;
  const type = typeOf(piece);
  if (isPromotion(m)) {
    if (!isPromotable(type) || !(has(zone(us), from) || has(zone(us), to))) return false;
  } else if (isPromotable(type) && has(noGo(us, type), to)) return false;
  if (from == ksq) return VARIANT == DOBUTSU || none(attackersTo(to, us ^ 1, andNot(occ, squareBB(from))));
  if (VARIANT == DOBUTSU || ksq == NO_SQUARE) return true;
  if (any(check)) {
    if (moreThanOne(check)) return false;
    const checker = lsb(check);
    if (to != checker && !has(between(ksq, checker), to)) return false;
  }
  return !has(pinnedPieces(us), from) || has(line(ksq, from), to);
}
