// The one mutable position of this instance: board, bitboards, hands, side to move, and a
// state stack indexed by ply that makes undo exact and keeps the history for repetition.
import {
  MAX_SQUARES, MAX_PLY, NO_SQUARE, SENTE, GOTE, NO_PIECE, PIECE_TYPE_NB, HAND_TYPE_NB, PROMOTED,
  PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING, PRO_PAWN, PRO_SILVER, HORSE, DRAGON,
  VARIANT, DOBUTSU, RANKS, typeOf, colorOf, baseType, makePiece,
  moveTo, moveFrom, moveDroppedType, isDrop, isPromotion, promotedBy,
} from './types';
import { EMPTY, squareBB, or, xor, and, any, has, lsb, moreThanOne } from './bitboard';
import { stepAttacks, kingAttacks, bishopAttacks, rookAttacks, lanceAttacks, bishopPseudo, rookPseudo, lancePseudo, between, line, attacksOf } from './attacks';

// ---- Piece placement --------------------------------------------------------------------
// Fixed arrays (see bitboard.ts): unchecked access only.
export const board = changetype<StaticArray<i32>>(memory.data(MAX_SQUARES * sizeof<i32>(), 16));
export const byColor = changetype<StaticArray<v128>>(memory.data(2 * sizeof<v128>(), 16));
/** byType[type] for types 1..14 (both colors), then the groups below, which the attack
 * and pin code asks for as one bitboard each. */
const BY_TYPE_SLOTS = PIECE_TYPE_NB + 4;
export const byType = changetype<StaticArray<v128>>(memory.data(BY_TYPE_SLOTS * sizeof<v128>(), 16));
export const GOLDS: i32 = PIECE_TYPE_NB;     // gold and the four pieces that move like it
export const HDK: i32 = PIECE_TYPE_NB + 1;   // horse, dragon, king: the king's step
export const BISHOPS: i32 = PIECE_TYPE_NB + 2; // bishop, horse: the diagonal sliders
export const ROOKS: i32 = PIECE_TYPE_NB + 3;   // rook, dragon: the orthogonal sliders
const GROUP_OF = changetype<StaticArray<i32>>(memory.data(PIECE_TYPE_NB * 2 * sizeof<i32>(), 16));
for (let t = 0; t < PIECE_TYPE_NB; t++) {
  unchecked(GROUP_OF[t * 2] = t == GOLD || (t >= PRO_PAWN && t <= PRO_SILVER) ? GOLDS : t == HORSE || t == DRAGON || t == KING ? HDK : 0);
  unchecked(GROUP_OF[t * 2 + 1] = t == BISHOP || t == HORSE ? BISHOPS : t == ROOK || t == DRAGON ? ROOKS : 0);
}

/** hand[color * 8 + type] for PAWN..GOLD. */
export const hand = changetype<StaticArray<i32>>(memory.data(2 * HAND_TYPE_NB * sizeof<i32>(), 16));
export const kingSquare = changetype<StaticArray<i32>>(memory.data(2 * sizeof<i32>(), 16));
export let sideToMove: i32 = SENTE;
/** Index of the current entry of the state stack; 0 is the position as set up. */
export let ply: i32 = 0;

// ---- State stack: entry k describes the position after k moves from the setup -----------
export const stMove = changetype<StaticArray<u32>>(memory.data((MAX_PLY + 1) * sizeof<u32>(), 16));
const stCaptured = changetype<StaticArray<i32>>(memory.data((MAX_PLY + 1) * sizeof<i32>(), 16));
/** Zobrist key of board and side to move (xor), and of both hands (additive). */
export const stBoardKey = changetype<StaticArray<u64>>(memory.data((MAX_PLY + 1) * sizeof<u64>(), 16));
export const stHandKey = changetype<StaticArray<u64>>(memory.data((MAX_PLY + 1) * sizeof<u64>(), 16));
/** Pieces of the side that just moved that attack the king of the side to move. */
export const stCheckers = changetype<StaticArray<v128>>(memory.data((MAX_PLY + 1) * sizeof<v128>(), 16));
/** Dobutsu: an outcome code (see rules.ts) when the move that led here ended the game. */
export const stGameOver = changetype<StaticArray<i32>>(memory.data((MAX_PLY + 1) * sizeof<i32>(), 16));

// ---- Zobrist keys (fixed seed, so keys are stable across runs and instances) ----------------
const ZOBRIST = changetype<StaticArray<u64>>(memory.data(32 * MAX_SQUARES * sizeof<u64>(), 16));
const ZOBRIST_HAND = changetype<StaticArray<u64>>(memory.data(2 * HAND_TYPE_NB * sizeof<u64>(), 16));
let ZOBRIST_SIDE: u64 = 0;
let seed: u64 = 0x9E3779B97F4A7C15;
function random64(): u64 { // splitmix64
  seed += 0x9E3779B97F4A7C15;
  let z = seed;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
  return z ^ (z >> 31);
}
for (let i = 0; i < 32 * MAX_SQUARES; i++) unchecked(ZOBRIST[i] = random64());
for (let i = 0; i < 2 * HAND_TYPE_NB; i++) unchecked(ZOBRIST_HAND[i] = random64());
// Side bit set so that a key with sente to move never equals one with gote to move.
ZOBRIST_SIDE = random64() | 1;

@inline function zobrist(piece: i32, sq: i32): u64 { return unchecked(ZOBRIST[piece * MAX_SQUARES + sq]); }
/** The key of piece on sq (the tsume solver removes pieces from a board's key with it). */
@inline export function pieceZobrist(piece: i32, sq: i32): u64 { return zobrist(piece, sq); }
@inline export function handZobrist(color: i32, type: i32): u64 { return unchecked(ZOBRIST_HAND[color * HAND_TYPE_NB + type]); }

// ---- Accessors ----------------------------------------------------------------------------
@inline export function occupied(): v128 { return v128.or(unchecked(byColor[0]), unchecked(byColor[1])); }
@inline export function colorBB(color: i32): v128 { return unchecked(byColor[color]); }
@inline export function typeBB(type: i32): v128 { return unchecked(byType[type]); }
@inline export function piecesOf(color: i32, type: i32): v128 { return v128.and(unchecked(byColor[color]), unchecked(byType[type])); }
/** Lances, bishops, rooks, horses and dragons of both colors. */
@inline export function sliders(): v128 { return or(typeBB(LANCE), or(typeBB(BISHOPS), typeBB(ROOKS))); }
@inline export function handCount(color: i32, type: i32): i32 { return unchecked(hand[color * HAND_TYPE_NB + type]); }
/** The kinds `color` holds in hand, bit t for kind t, from one comparison of its eight counts:
 * loops over the kinds held visit those only, in the kinds' order (drops: asking each of the
 * seven kinds in turn took a tenth of their generation's instructions in tsume-dev #126). */
@inline export function heldKinds(color: i32): i32 {
  const counts = changetype<usize>(hand) + <usize>(color * HAND_TYPE_NB) * sizeof<i32>(), zero = i32x4.splat(0);
  return i32x4.bitmask(i32x4.ne(v128.load(counts), zero)) | (i32x4.bitmask(i32x4.ne(v128.load(counts, 16), zero)) << 4);
}
@inline export function checkers(): v128 { return unchecked(stCheckers[ply]); }
@inline export function inCheck(): bool { return v128.any_true(unchecked(stCheckers[ply])); }
@inline export function key(): u64 { return unchecked(stBoardKey[ply]) ^ unchecked(stHandKey[ply]); }

@inline function toggle(piece: i32, sq: i32): void {
  const b = squareBB(sq), type = typeOf(piece);
  unchecked(byColor[colorOf(piece)] = v128.xor(unchecked(byColor[colorOf(piece)]), b));
  unchecked(byType[type] = v128.xor(unchecked(byType[type]), b));
  const g1 = unchecked(GROUP_OF[type * 2]), g2 = unchecked(GROUP_OF[type * 2 + 1]);
  if (g1) unchecked(byType[g1] = v128.xor(unchecked(byType[g1]), b));
  if (g2) unchecked(byType[g2] = v128.xor(unchecked(byType[g2]), b));
}
@inline function putPiece(piece: i32, sq: i32): void { unchecked(board[sq] = piece); toggle(piece, sq); }
@inline function removePiece(piece: i32, sq: i32): void { unchecked(board[sq] = NO_PIECE); toggle(piece, sq); }

/** Pieces of `color` that attack sq by a step or a knight's jump (sliders' steps included). */
@inline export function stepAttackersTo(sq: i32, color: i32): v128 {
  const them = color ^ 1; // a piece of `color` reaches sq iff the same piece of the other color on sq reaches it
  let a = v128.and(stepAttacks(them, PAWN, sq), typeBB(PAWN));
  a = or(a, and(stepAttacks(them, KNIGHT, sq), typeBB(KNIGHT)));
  a = or(a, and(stepAttacks(them, SILVER, sq), typeBB(SILVER)));
  a = or(a, and(stepAttacks(them, GOLD, sq), typeBB(GOLDS)));
  a = or(a, and(kingAttacks(sq), typeBB(HDK)));
  return and(a, unchecked(byColor[color]));
}

/** Pieces of `color` that attack sq, with the given occupancy (sliders see through gaps). */
export function attackersTo(sq: i32, color: i32, occ: v128): v128 {
  const them = color ^ 1;
  const own = unchecked(byColor[color]);
  let a = stepAttackersTo(sq, color);
  // Rays are walked only when a slider of ours stands on one at all (most squares, most kinds).
  const bishops = and(and(typeBB(BISHOPS), own), bishopPseudo(sq)), rooks = and(and(typeBB(ROOKS), own), rookPseudo(sq));
  if (any(bishops)) a = or(a, and(bishopAttacks(sq, occ), bishops));
  if (any(rooks)) a = or(a, and(rookAttacks(sq, occ), rooks));
  const lances = and(and(typeBB(LANCE), own), lancePseudo(them, sq));
  if (any(lances)) a = or(a, and(lanceAttacks(them, sq, occ), lances));
  return a;
}

// ---- Setup ----------------------------------------------------------------------------------
/** Empty the board and hands (the caller then places pieces and calls finishSetup). */
export function clearPosition(): void {
  for (let sq = 0; sq < MAX_SQUARES; sq++) unchecked(board[sq] = NO_PIECE);
  unchecked(byColor[0] = EMPTY); unchecked(byColor[1] = EMPTY);
  for (let t = 0; t < BY_TYPE_SLOTS; t++) unchecked(byType[t] = EMPTY);
  for (let i = 0; i < 2 * HAND_TYPE_NB; i++) unchecked(hand[i] = 0);
  unchecked(kingSquare[0] = NO_SQUARE); unchecked(kingSquare[1] = NO_SQUARE);
  sideToMove = SENTE;
  ply = 0;
}

export function placePiece(piece: i32, sq: i32): void {
  putPiece(piece, sq);
  if (typeOf(piece) == KING) unchecked(kingSquare[colorOf(piece)] = sq);
}

export function setHand(color: i32, type: i32, count: i32): void { unchecked(hand[color * HAND_TYPE_NB + type] = count); }
export function setSideToMove(color: i32): void { sideToMove = color; }

/** Compute the keys and checkers of the set-up position (ply 0). */
export function finishSetup(): void {
  let boardKey: u64 = sideToMove == GOTE ? ZOBRIST_SIDE : 0;
  for (let sq = 0; sq < MAX_SQUARES; sq++) if (unchecked(board[sq]) != NO_PIECE) boardKey ^= zobrist(unchecked(board[sq]), sq);
  let handKey: u64 = 0;
  for (let c = SENTE; c <= GOTE; c++) for (let t = PAWN; t <= GOLD; t++) handKey += <u64>handCount(c, t) * handZobrist(c, t);
  ply = 0;
  unchecked(stMove[0] = 0); unchecked(stCaptured[0] = NO_PIECE); unchecked(stBoardKey[0] = boardKey); unchecked(stHandKey[0] = handKey);
  unchecked(stCheckers[0] = computeCheckers());
  // Dobutsu: the SFEN of a game that ended (a lion taken, a try) reads back as over.
  unchecked(stGameOver[0] = VARIANT == DOBUTSU ? dobutsuSetupEnding() : 0);
}

/** The checkers after a move of ours (shogi, minishogi): the side that moved could not have
 * been giving check before, so only the moved piece and the sliders it uncovered can be. */
function checkersAfter(m: u32, moved: i32, to: i32): v128 {
  const ksq = unchecked(kingSquare[sideToMove]);
  if (ksq == NO_SQUARE) return EMPTY;
  const occ = occupied();
  let c = has(attacksOf(moved, to, occ), ksq) ? squareBB(to) : EMPTY;
  const us = sideToMove ^ 1;
  // A slider uncovered stands on the line through the king and the square left: mostly none.
  if (!isDrop(m) && any(and(line(ksq, moveFrom(m)), and(colorBB(us), sliders())))) {
    let sliders = and(bishopAttacks(ksq, occ), piecesOf(us, BISHOPS));
    sliders = or(sliders, and(rookAttacks(ksq, occ), piecesOf(us, ROOKS)));
    sliders = or(sliders, and(lanceAttacks(sideToMove, ksq, occ), piecesOf(us, LANCE)));
    c = or(c, sliders);
  }
  return c;
}

function computeCheckers(): v128 {
  const ksq = unchecked(kingSquare[sideToMove]);
  return ksq == NO_SQUARE ? EMPTY : attackersTo(ksq, sideToMove ^ 1, occupied());
}

// ---- Do / undo ------------------------------------------------------------------------------
/** The board key (with the side to move) after move m, without playing it (doMove's, and the
 * tsume solver's to fetch a child's table bucket ahead). */
@inline export function boardKeyAfter(m: u32): u64 {
  const to = moveTo(m), boardKey = unchecked(stBoardKey[ply]) ^ ZOBRIST_SIDE;
  if (isDrop(m)) return boardKey ^ zobrist(makePiece(sideToMove, moveDroppedType(m)), to);
  const from = moveFrom(m), moved = unchecked(board[from]), captured = unchecked(board[to]);
  const taken = captured != NO_PIECE ? zobrist(captured, to) : 0;
  return boardKey ^ taken ^ zobrist(moved, from) ^ zobrist(promotedBy(m, moved), to);
}

/** The piece board move m (not a drop) leaves on its new square. */
@inline export function landingPiece(m: u32): i32 { return promotedBy(m, unchecked(board[moveFrom(m)])); }

/** The hands' key after move m, without playing it (doMove's, and the tsume solver's to see
 * whether a move repeats a position). */
@inline export function handKeyAfter(m: u32): u64 {
  const key = unchecked(stHandKey[ply]), us = sideToMove;
  if (isDrop(m)) return key - handZobrist(us, moveDroppedType(m));
  const captured = unchecked(board[moveTo(m)]);
  if (captured == NO_PIECE) return key;
  const type = baseType(typeOf(captured));
  return type == KING ? key : key + handZobrist(us, type); // dobutsu: a lion taken is not held
}

/** Play a legal move. The caller guarantees legality (movegen) and room on the stack. */
export function doMove(m: u32): void {
  const us = sideToMove, them = us ^ 1, to = moveTo(m);
  const boardKey = boardKeyAfter(m), handKey = handKeyAfter(m);
  let captured = NO_PIECE;
  let moved: i32;
  if (isDrop(m)) {
    const type = moveDroppedType(m);
    moved = makePiece(us, type);
    unchecked(hand[us * HAND_TYPE_NB + type]--);
    putPiece(moved, to);
  } else {
    const from = moveFrom(m);
    moved = unchecked(board[from]);
    captured = unchecked(board[to]);
    if (captured != NO_PIECE) {
      removePiece(captured, to);
      const type = baseType(typeOf(captured));
      if (type == KING) unchecked(kingSquare[them] = NO_SQUARE); // dobutsu: the lion is taken
      else unchecked(hand[us * HAND_TYPE_NB + type]++);
    }
    removePiece(moved, from);
    moved = promotedBy(m, moved);
    putPiece(moved, to);
    if (typeOf(moved) == KING) unchecked(kingSquare[us] = to);
  }
  sideToMove = them;
  ply++;
  unchecked(stMove[ply] = m);
  unchecked(stCaptured[ply] = captured);
  unchecked(stBoardKey[ply] = boardKey);
  unchecked(stHandKey[ply] = handKey);
  unchecked(stCheckers[ply] = VARIANT == DOBUTSU ? computeCheckers() : checkersAfter(m, moved, to));
  if (VARIANT == DOBUTSU) unchecked(stGameOver[ply] = dobutsuEnding(us, moved, captured, to));
}

export function undoMove(): void {
  const m = unchecked(stMove[ply]), captured = unchecked(stCaptured[ply]);
  ply--;
  const us = sideToMove ^ 1, to = moveTo(m);
  sideToMove = us;
  if (isDrop(m)) {
    const type = moveDroppedType(m);
    removePiece(makePiece(us, type), to);
    unchecked(hand[us * HAND_TYPE_NB + type]++);
    return;
  }
  const from = moveFrom(m);
  const moved = unchecked(board[to]);
  removePiece(moved, to);
  const original = isPromotion(m) ? moved - PROMOTED : moved;
  putPiece(original, from);
  if (typeOf(original) == KING) unchecked(kingSquare[us] = from);
  if (captured != NO_PIECE) {
    putPiece(captured, to);
    const type = baseType(typeOf(captured));
    if (type == KING) unchecked(kingSquare[us ^ 1] = to);
    else unchecked(hand[us * HAND_TYPE_NB + type]--);
  }
}

// Outcome codes shared with rules.ts: reason | winner << 4.
export const REASON_LION_CAPTURED: i32 = 5;
export const REASON_TRY: i32 = 6;

/** Dobutsu: taking the lion wins; a lion reaching the far rank on a square the opponent does
 * not attack wins at once (a try); a lion entering an attacked square may just be taken. (The
 * printed rules also end the game when such a lion is left standing by the opponent's next
 * move; the reference perft counts of ../shared/data go on from there, and so do these rules.) */
function dobutsuEnding(us: i32, moved: i32, captured: i32, to: i32): i32 {
  if (captured != NO_PIECE && typeOf(captured) == KING) return REASON_LION_CAPTURED | (us << 4);
  return typeOf(moved) == KING && triedSafely(us, to) ? REASON_TRY | (us << 4) : 0;
}
/** Whether the lion of `color` on `sq` stands on its far rank where the opponent attacks nothing. */
function triedSafely(color: i32, sq: i32): bool {
  return sq % RANKS == (color == SENTE ? 0 : RANKS - 1) && !any(attackersTo(sq, color ^ 1, occupied()));
}

/** Dobutsu, a set-up position: over when the side to move has lost its lion, or when the side
 * that moved last has its lion on the far rank where nothing attacks it (the SFEN of a game that
 * ended by a try). */
function dobutsuSetupEnding(): i32 {
  const mover = sideToMove ^ 1, lion = unchecked(kingSquare[mover]);
  if (unchecked(kingSquare[sideToMove]) == NO_SQUARE) return REASON_LION_CAPTURED | (mover << 4);
  if (lion != NO_SQUARE && triedSafely(mover, lion)) return REASON_TRY | (mover << 4);
  return 0;
}

/** Pieces of either color that alone stand between the king of `kingColor` and an enemy
 * slider: pinned pieces when they belong to the king's side, discovered-check candidates
 * when they belong to the slider's side. */
export function sliderBlockers(kingColor: i32): v128 {
  const ksq = unchecked(kingSquare[kingColor]);
  if (ksq == NO_SQUARE) return EMPTY;
  const them = kingColor ^ 1, occ = occupied();
  let snipers = and(bishopPseudo(ksq), piecesOf(them, BISHOPS));
  snipers = or(snipers, and(rookPseudo(ksq), piecesOf(them, ROOKS)));
  snipers = or(snipers, and(lancePseudo(kingColor, ksq), piecesOf(them, LANCE)));
  let blockers = EMPTY;
  while (any(snipers)) {
    const s = lsb(snipers);
    snipers = xor(snipers, squareBB(s));
    const between_ = and(between(ksq, s), occ);
    if (any(between_) && !moreThanOne(between_)) blockers = or(blockers, between_);
  }
  return blockers;
}

/** Our pieces that alone stand between our king and an enemy slider. */
@inline export function pinnedPieces(us: i32): v128 { return and(sliderBlockers(us), unchecked(byColor[us])); }

// ---- Null move (the search's, and a pass in a game record) -----------------------------------
/** Pass the turn: a state-stack entry with move 0, so that the keys before it stay in the
 * history. Only when the side to move is not in check, so the side that gets the move is not in
 * check either (but in dobutsu, where a lion may be left where it can be taken). */
export function doNullMove(): void {
  const boardKey = unchecked(stBoardKey[ply]) ^ ZOBRIST_SIDE, handKey = unchecked(stHandKey[ply]);
  sideToMove ^= 1;
  ply++;
  unchecked(stMove[ply] = 0);
  unchecked(stCaptured[ply] = NO_PIECE);
  unchecked(stBoardKey[ply] = boardKey);
  unchecked(stHandKey[ply] = handKey);
  unchecked(stCheckers[ply] = VARIANT == DOBUTSU ? computeCheckers() : EMPTY);
  unchecked(stGameOver[ply] = 0);
}

export function undoNullMove(): void {
  ply--;
  sideToMove ^= 1;
}

// ---- Tsume helper -------------------------------------------------------------------------
/** Hand the piece just captured back to the side that lost it, as if the capture had been a
 * plain move (the tsume solver's test of a useless interposition: the mate must not need the
 * piece taken). Undone by calling it again with `back` false. */
export function returnCapture(back: bool): void {
  const captured = unchecked(stCaptured[ply]);
  if (captured == NO_PIECE) return;
  const type = baseType(typeOf(captured)), taker = sideToMove ^ 1, loser = sideToMove;
  const from = back ? taker : loser, to = back ? loser : taker;
  unchecked(hand[from * HAND_TYPE_NB + type]--);
  unchecked(hand[to * HAND_TYPE_NB + type]++);
  unchecked(stHandKey[ply] = unchecked(stHandKey[ply]) - handZobrist(from, type) + handZobrist(to, type));
}
