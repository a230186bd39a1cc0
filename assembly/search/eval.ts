// Static evaluation, in centipawns from the side to move. The terms of single pieces are kept
// incrementally by the search (makeMove); the attack terms are computed at every node, for the
// sliders and for the pieces near the kings only.
//
// Terms, each summed for sente and subtracted for gote:
//  - material, with separate values on the board and in hand (a piece in hand can be dropped
//    anywhere, so it is worth a little more than the same piece standing somewhere);
//  - piece-square terms built by formula from the relative rank and the file (see buildPst);
//  - king safety: enemy attacks on the king's 3x3 zone, our gold/silver/king defending it,
//    enemy pieces in hand that could be dropped there, and an open file above the king;
//  - mobility of the sliders (rook, bishop, dragon, horse).
//
// One parameter set per variant (setEvalVariant). Shogi's values are fitted, minishogi's and
// dobutsu's hand-set: see "Evaluation" in assembly/search/README.md for how, and how to redo it.
import {
  SHOGI, MINISHOGI, DOBUTSU, RANKS, FILES, SQUARE_NB, SENTE, GOTE, NO_SQUARE,
  PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING, HORSE, DRAGON, PIECE_TYPE_NB,
  PRO_PAWN, PRO_SILVER,
  HAND_TYPE_NB, MAX_SQUARES, MAX_PLY, NO_PIECE, typeOf, colorOf, baseType, makePiece,
  moveTo, moveFrom, moveDroppedType, isDrop, promotedBy,
} from '../types';
import { EMPTY, LANE_SPLIT, and, andNot, any, or, laneBits, laneSquare, lsb, popLsb, popcount, squareBB } from '../bitboard';
import { attacksOf, stepAttacks, kingAttacks, FILE_BB } from '../attacks';
import {
  board, colorBB, typeBB, occupied, hand, kingSquare, sideToMove, piecesOf, ply, key, doMove, undoMove, doNullMove,
  GOLDS, BISHOPS, ROOKS,
} from '../position';
import { generate, LEGAL, MOVES } from '../movegen';

// ---- Parameters ---------------------------------------------------------------------------
/** Board value of each piece type (index 0..14), in centipawns. */
export const PIECE_VALUE = new StaticArray<i32>(PIECE_TYPE_NB);
/** Value of a piece in hand (PAWN..GOLD). */
export const HAND_VALUE = new StaticArray<i32>(HAND_TYPE_NB);
/** PST[(type * 2 + color) * 81 + sq]. */
const PST = new StaticArray<i32>(PIECE_TYPE_NB * 2 * MAX_SQUARES);

// Shogi: fitted (README, "Evaluation") from the Bonanza-era values in use by many engines (pawn 90,
// gold 540, rook 990, promoted minors about a gold, hand pieces about 10% more); the fit kept the
// pawn at 90 and found lances and knights worth less, a pawn in hand less than one on the board.
const SHOGI_BOARD: StaticArray<i32> = [0, 90, 222, 308, 522, 839, 931, 599, 0, 517, 517, 538, 517, 979, 1302];
const SHOGI_HAND: StaticArray<i32> = [0, 80, 360, 437, 546, 862, 1077, 591];
// Minishogi: sliders are worth less on 5x5 (short lines) and every capture becomes a drop in
// a tiny board, so hand pieces are worth 20% more; tokin and promoted silver move like gold.
const MINI_BOARD: StaticArray<i32> = [0, 120, 0, 0, 520, 640, 760, 600, 0, 620, 0, 0, 600, 920, 1080];
const MINI_HAND: StaticArray<i32> = [0, 150, 0, 0, 620, 760, 900, 720];
// Dobutsu: chick 100, elephant and giraffe (one-step diagonal / orthogonal) about 3 and 4
// chicks, the hen like a gold; hand +30%, since a drop can land next to the lion at once.
const DOBUTSU_BOARD: StaticArray<i32> = [0, 100, 0, 0, 0, 300, 400, 0, 0, 450, 0, 0, 0, 0, 0];
const DOBUTSU_HAND: StaticArray<i32> = [0, 130, 0, 0, 0, 390, 520, 0];

// King safety: units per enemy attack on the zone by kind, per enemy piece in hand, and the
// penalty grows with the square of the units (a lone attacker is harmless, a swarm is not).
let KS_SCALE: i32 = 0;         // centipawns per unit^2 / 16
const KS_HAND = new StaticArray<i32>(HAND_TYPE_NB);
const SHOGI_KS_HAND: StaticArray<i32> = [0, 1, 2, 2, 3, 4, 5, 3];
let MOBILITY_WEIGHT: i32 = 0;  // centipawns per reachable square of a slider
let MOBILITY_BASE: i32 = 0;    // typical reach, so that the term is centred on zero
let TEMPO: i32 = 0;            // side to move's bonus

let tablesFor: i32 = -1;

/** Build the parameter tables for `variant`, once: an instance keeps its variant, and every
 * search start asks for them. */
export function setEvalVariant(variant: i32): void {
  if (variant == tablesFor) return;
  tablesFor = variant;
  const boardValues = variant == SHOGI ? SHOGI_BOARD : variant == MINISHOGI ? MINI_BOARD : DOBUTSU_BOARD;
  const handValues = variant == SHOGI ? SHOGI_HAND : variant == MINISHOGI ? MINI_HAND : DOBUTSU_HAND;
  for (let t = 0; t < PIECE_TYPE_NB; t++) PIECE_VALUE[t] = boardValues[t];
  PIECE_VALUE[KING] = 0;
  for (let t = 0; t < HAND_TYPE_NB; t++) HAND_VALUE[t] = handValues[t];
  for (let t = 0; t < HAND_TYPE_NB; t++) KS_HAND[t] = variant == DOBUTSU ? 0 : SHOGI_KS_HAND[t];
  // Shogi's king-danger scale, mobility weight and tempo are fitted; the others hand-set.
  KS_SCALE = variant == SHOGI ? 37 : variant == MINISHOGI ? 20 : 0;
  MOBILITY_WEIGHT = variant == SHOGI ? 9 : variant == MINISHOGI ? 3 : 0;
  MOBILITY_BASE = variant == SHOGI ? 7 : 4;
  TEMPO = variant == SHOGI ? 57 : variant == DOBUTSU ? 10 : 20;
  buildPst(variant);
  buildNear(variant);
  buildDistance();
}

/** Value of what a move captures, for ordering and SEE (kings count as a huge value). */
@inline export function captureValue(piece: i32): i32 {
  const t = typeOf(piece);
  return t == KING ? 20000 : unchecked(PIECE_VALUE[t]);
}

// ---- Piece-square terms ----------------------------------------------------------------------
// Written for sente by the relative rank r (0 = the enemy's back rank, RANKS - 1 = our own) and
// the distance from the centre file; gote's table is the mirror image.
function pstValue(variant: i32, type: i32, rank: i32, file: i32): i32 {
  const fromHome = RANKS - 1 - rank;          // 0 on our back rank
  const centre = FILES / 2;
  const offCentre = file > centre ? file - centre : centre - file;
  if (variant == DOBUTSU) {
    // The lion wants to advance (a try wins); the chick is worth more the closer it is to
    // promoting.
    if (type == KING) return fromHome * 25;
    if (type == PAWN) return fromHome * 10;
    return 0;
  }
  switch (type) {
    case PAWN: return fromHome >= 3 ? (fromHome - 2) * 6 : 0; // pawns past their start help attacks
    case LANCE: return fromHome == 0 ? 5 : 0;
    case KNIGHT: return fromHome == 0 ? -10 : fromHome >= 5 ? 5 : 0;
    case SILVER: case GOLD: return -offCentre * 3 - (fromHome >= 4 ? (fromHome - 3) * 8 : 0);
    case BISHOP: case ROOK: return 0;
    case HORSE: case DRAGON: return -offCentre * 4;
    case KING:
      // Opening and middle game: a king belongs at the back, away from the centre file.
      if (variant == MINISHOGI) return -fromHome * 15;
      return -fromHome * 25 + (offCentre >= 2 ? 15 : 0);
    default: // promoted minors: best near the enemy king's camp
      return rank <= 3 ? 10 : 0;
  }
}

function buildPst(variant: i32): void {
  for (let i = 0; i < PST.length; i++) unchecked(PST[i] = 0);
  for (let type = PAWN; type < PIECE_TYPE_NB; type++) {
    for (let sq = 0; sq < SQUARE_NB; sq++) {
      const file = sq / RANKS, rank = sq % RANKS;
      PST[(type * 2 + SENTE) * MAX_SQUARES + sq] = pstValue(variant, type, rank, file);
      // Gote's piece on sq is sente's on the square rotated by 180 degrees.
      const rotated = (FILES - 1 - file) * RANKS + (RANKS - 1 - rank);
      PST[(type * 2 + GOTE) * MAX_SQUARES + rotated] = pstValue(variant, type, rank, file);
    }
  }
}

// ---- Pieces near the kings ------------------------------------------------------------------------
// What a handcrafted shogi evaluation misses most is where pieces stand relative to the kings:
// golds and silvers next to their own king are its castle, and any piece close to the enemy
// king takes part in the attack. Piece types fall into NEAR_GROUPS groups; each group has a
// bonus by Chebyshev distance (0..NEAR_DIST - 1, the last bucket for anything farther) to the
// enemy king (attack) and to its own king (defence).
const NEAR_GROUPS: i32 = 8;
const NEAR_DIST: i32 = 6;
/** Group of each piece type: gold-like, silver, pawn, knight, lance, bishop/rook, horse, dragon. */
const NEAR_GROUP: StaticArray<i32> = [0, 2, 4, 3, 1, 5, 5, 0, 0, 0, 0, 0, 0, 6, 7];
/** NEAR[(type * 2 + side) * 9 + d], side 0 attack, 1 defence; built from the group tables. */
const NEAR = new StaticArray<i32>(PIECE_TYPE_NB * 2 * 9);
// Shogi, [group * NEAR_DIST + d]: fitted (README, "Evaluation"). The far buckets are negative:
// a piece far from both kings is worth less than its material.
const SHOGI_ATTACK: StaticArray<i32> = [
  0, 49, 66, 21, -19, -34, // gold-like
  0, 48, 29, 31, 18, -13,  // silver
  0, 18, 20, 14, -21, -40, // pawn
  0, 20, 19, 10, -29, -65, // knight
  0, 12, 9, -17, -21, -46, // lance
  0, 19, 15, 4, -32, -31,  // bishop, rook
  0, 70, 42, 40, 30, 3,    // horse
  0, 70, 42, 16, -25, -46, // dragon
];
const SHOGI_DEFEND: StaticArray<i32> = [
  0, 28, 41, 29, 14, -64,  // gold-like
  0, 29, 36, 13, 5, -11,   // silver
  0, 12, -3, -12, -43, 6,  // pawn
  0, 22, 6, -9, -69, -47,  // knight
  0, 36, -4, -6, -68, -52, // lance
  0, -10, -11, 8, -25, -37, // bishop, rook
  0, 29, 31, 21, 24, -1,   // horse
  0, -1, 10, -30, -28, -43, // dragon
];
// Minishogi, hand-set (the first guess for shogi, before the fit), used at half weight: on 5x5
// everything is near everything.
const MINI_ATTACK: StaticArray<i32> = [
  0, 50, 30, 12, 4, 0,
  0, 45, 28, 10, 3, 0,
  0, 18, 10, 4, 0, 0,
  0, 10, 25, 12, 4, 0,
  0, 12, 10, 6, 2, 0,
  0, 20, 15, 10, 5, 0,
  0, 70, 45, 25, 10, 0,
  0, 70, 45, 25, 10, 0,
];
const MINI_DEFEND: StaticArray<i32> = [
  0, 35, 20, 5, 0, 0,
  0, 25, 15, 5, 0, 0,
  0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0,
  0, 35, 25, 10, 0, 0,
  0, 0, 0, 0, 0, 0,
];

function buildNear(variant: i32): void {
  for (let i = 0; i < NEAR.length; i++) unchecked(NEAR[i] = 0);
  if (variant == DOBUTSU) return;
  const attack = variant == SHOGI ? SHOGI_ATTACK : MINI_ATTACK, defend = variant == SHOGI ? SHOGI_DEFEND : MINI_DEFEND;
  const divisor = variant == SHOGI ? 1 : 2;
  for (let type = PAWN; type < PIECE_TYPE_NB; type++) {
    if (type == KING) continue;
    const g = NEAR_GROUP[type];
    for (let d = 0; d < 9; d++) {
      const i = g * NEAR_DIST + min(d, NEAR_DIST - 1);
      NEAR[(type * 2) * 9 + d] = attack[i] / divisor;
      NEAR[(type * 2 + 1) * 9 + d] = defend[i] / divisor;
    }
  }
}

// ---- Tracing, for tuning ------------------------------------------------------------------------
// With `tracing` on, evaluate() also counts how often each parameter applies (sente's count minus
// gote's), so that a tuner can fit the parameters as the weights of a linear model.
export const F_BOARD: i32 = 0;                                  // + type (0..14)
export const F_HAND: i32 = F_BOARD + PIECE_TYPE_NB;             // + type (0..7)
export const F_ATTACK: i32 = F_HAND + HAND_TYPE_NB;             // + group * NEAR_DIST + d
export const F_DEFEND: i32 = F_ATTACK + NEAR_GROUPS * NEAR_DIST;
export const F_MOBILITY: i32 = F_DEFEND + NEAR_GROUPS * NEAR_DIST;
export const F_KING_DANGER: i32 = F_MOBILITY + 1;               // in units^2 (weight KS_SCALE / 16)
export const F_PST: i32 = F_KING_DANGER + 1;
export const F_TEMPO: i32 = F_PST + 1;
export const FEATURES: i32 = F_TEMPO + 1;
export const TRACE = new StaticArray<i32>(FEATURES);
let tracing = false;
@inline function trace(feature: i32, count: i32): void { if (tracing) unchecked(TRACE[feature] += count); }

/** The current parameters in the trace's layout (king danger per 16 units^2), for the tuner. */
export const WEIGHTS = new StaticArray<i32>(FEATURES);
export function currentWeights(): void {
  for (let i = 0; i < FEATURES; i++) unchecked(WEIGHTS[i] = 0);
  for (let t = 0; t < PIECE_TYPE_NB; t++) WEIGHTS[F_BOARD + t] = PIECE_VALUE[t];
  for (let t = 0; t < HAND_TYPE_NB; t++) WEIGHTS[F_HAND + t] = HAND_VALUE[t];
  for (let type = PAWN; type < PIECE_TYPE_NB; type++) {
    if (type == KING) continue;
    const g = NEAR_GROUP[type] * NEAR_DIST;
    for (let d = 0; d < NEAR_DIST; d++) {
      WEIGHTS[F_ATTACK + g + d] = NEAR[(type * 2) * 9 + d];
      WEIGHTS[F_DEFEND + g + d] = NEAR[(type * 2 + 1) * 9 + d];
    }
  }
  WEIGHTS[F_MOBILITY] = MOBILITY_WEIGHT;
  WEIGHTS[F_KING_DANGER] = KS_SCALE;
  WEIGHTS[F_PST] = 1;
  WEIGHTS[F_TEMPO] = TEMPO;
}

/** Evaluate with tracing on; the counts are left in TRACE. */
export function traceEvaluation(): i32 {
  for (let i = 0; i < FEATURES; i++) unchecked(TRACE[i] = 0);
  tracing = true;
  const v = evaluate();
  tracing = false;
  return v;
}

/** DISTANCE[a * 81 + b]: Chebyshev distance on the variant's board (a table: RANKS is not a
 * compile-time constant, and two divisions per piece and king add up). */
const DISTANCE = new StaticArray<u8>(MAX_SQUARES * MAX_SQUARES);
function buildDistance(): void {
  for (let a = 0; a < SQUARE_NB; a++) for (let b = 0; b < SQUARE_NB; b++) {
    DISTANCE[a * MAX_SQUARES + b] = <u8>max(abs(a / RANKS - b / RANKS), abs(a % RANKS - b % RANKS));
  }
  for (let a = 0; a < MAX_SQUARES; a++) {
    let b2 = EMPTY, b3 = EMPTY;
    if (a < SQUARE_NB) for (let b = 0; b < SQUARE_NB; b++) {
      const d = DISTANCE[a * MAX_SQUARES + b];
      if (d <= 2) b2 = or(b2, squareBB(b));
      if (d <= 3) b3 = or(b3, squareBB(b));
    }
    NEAR_KING[a * 2] = b2;
    NEAR_KING[a * 2 + 1] = b3;
  }
  // The parameters changed: no kept sum is valid any more.
  for (let p = 0; p <= MAX_PLY; p++) unchecked(pieceSumKey[p] = 0);
}
@inline function distance(a: i32, b: i32): i32 { return <i32>unchecked(DISTANCE[a * MAX_SQUARES + b]); }
/** NEAR_KING[sq * 2 + k]: the squares within two (k = 0) or three (k = 1) of sq. */
const NEAR_KING = new StaticArray<v128>(MAX_SQUARES * 2);
@inline function nearKing(sq: i32, k: i32): v128 { return unchecked(NEAR_KING[sq * 2 + k]); }

// ---- The evaluation ---------------------------------------------------------------------------
/** Attacks of each side on each king zone, and every square each side attacks, filled by
 * evaluate. */
const zoneAttacks = new StaticArray<i32>(2);
const attacked = new StaticArray<v128>(2);

// ---- The piece terms, kept incrementally ---------------------------------------------------------
// Material (board and hand), piece-square and king-proximity terms change only with the pieces
// a move touches, unless a king moves (every proximity term changes). The search keeps their
// sum (sente's view) for each ply of the state stack through makeMove below; an entry counts
// only while its key matches the position's, so an entry left by another line or another
// position is never read, and whatever misses (a king move, the root) is computed afresh.
const pieceSum = new StaticArray<i32>(MAX_PLY + 1);
const pieceSumKey = new StaticArray<u64>(MAX_PLY + 1);

/** One piece's own terms, from its side's view (kings known). */
@inline function pieceTerms(piece: i32, sq: i32): i32 {
  const type = typeOf(piece), c = colorOf(piece);
  return unchecked(PIECE_VALUE[type]) + unchecked(PST[(type * 2 + c) * MAX_SQUARES + sq])
    + unchecked(NEAR[(type * 2) * 9 + distance(sq, unchecked(kingSquare[c ^ 1]))])
    + unchecked(NEAR[(type * 2 + 1) * 9 + distance(sq, unchecked(kingSquare[c]))]);
}

/** doMove for the search: the piece terms of the new position follow from the old ones. */
export function makeMove(m: u32): void {
  const us = sideToMove, to = moveTo(m), drop = isDrop(m);
  const moved = drop ? makePiece(us, moveDroppedType(m)) : unchecked(board[moveFrom(m)]);
  const captured = drop ? NO_PIECE : unchecked(board[to]);
  // A king move changes every proximity term (and dobutsu's lion can be taken): the new sum is
  // then left to be computed from scratch if it is ever needed.
  const incremental = typeOf(moved) != KING && typeOf(captured) != KING
    && unchecked(kingSquare[SENTE]) != NO_SQUARE && unchecked(kingSquare[GOTE]) != NO_SQUARE;
  let sum = 0;
  if (incremental) {
    // A node that took its evaluation from the hash table never computed its sum: do it now.
    if (unchecked(pieceSumKey[ply]) != key()) {
      unchecked(pieceSum[ply] = pieceTermsFromScratch());
      unchecked(pieceSumKey[ply] = key());
    }
    // The change seen by the mover: the piece leaves its square (or the hand) for `to`, promoted
    // or not, and what it takes goes from the board to the mover's hand.
    let delta = pieceTerms(promotedBy(m, moved), to);
    delta -= drop ? unchecked(HAND_VALUE[moveDroppedType(m)]) : pieceTerms(moved, moveFrom(m));
    if (captured != NO_PIECE) delta += pieceTerms(captured, to) + unchecked(HAND_VALUE[baseType(typeOf(captured))]);
    sum = unchecked(pieceSum[ply]) + (us == SENTE ? delta : -delta);
  }
  doMove(m);
  unchecked(pieceSum[ply] = sum);
  unchecked(pieceSumKey[ply] = incremental ? key() : 0);
}

/** doNullMove for the search: the pieces stay. */
export function makeNullMove(): void {
  const valid = unchecked(pieceSumKey[ply]) == key(), sum = unchecked(pieceSum[ply]);
  doNullMove();
  unchecked(pieceSum[ply] = sum);
  unchecked(pieceSumKey[ply] = valid ? key() : 0);
}

/**
 * Positions within `depth` plies (every legal move, played with makeMove) whose incrementally
 * kept piece terms differ from the same terms computed from scratch: 0 unless makeMove is wrong.
 * For the tests; `start` is free room in MOVES.
 */
export function incrementalErrors(depth: i32, start: i32): i32 {
  let errors = unchecked(pieceSumKey[ply]) == key() && unchecked(pieceSum[ply]) != pieceTermsFromScratch() ? 1 : 0;
  if (depth == 0) return errors;
  const end = generate(LEGAL, start);
  for (let i = start; i < end; i++) {
    makeMove(unchecked(MOVES[i]));
    errors += incrementalErrors(depth - 1, end);
    undoMove();
  }
  return errors;
}

/** The piece terms of the position from scratch, sente's view (traced when tracing). */
function pieceTermsFromScratch(): i32 {
  let score = 0;
  for (let c = SENTE; c <= GOTE; c++) {
    const sign = c == SENTE ? 1 : -1;
    const ownKing = unchecked(kingSquare[c]), enemyKing = unchecked(kingSquare[c ^ 1]);
    const kingsKnown = ownKing != NO_SQUARE && enemyKing != NO_SQUARE;
    let pieces = colorBB(c);
    let side = 0;
    while (any(pieces)) {
      const sq = lsb(pieces);
      pieces = popLsb(pieces);
      const type = typeOf(unchecked(board[sq]));
      const pst = unchecked(PST[(type * 2 + c) * MAX_SQUARES + sq]);
      side += unchecked(PIECE_VALUE[type]) + pst;
      trace(F_BOARD + type, sign);
      trace(F_PST, sign * pst);
      if (type == KING || !kingsKnown) continue;
      const dEnemy = distance(sq, enemyKing), dOwn = distance(sq, ownKing);
      side += unchecked(NEAR[(type * 2) * 9 + dEnemy]) + unchecked(NEAR[(type * 2 + 1) * 9 + dOwn]);
      if (tracing) {
        const g = unchecked(NEAR_GROUP[type]) * NEAR_DIST;
        trace(F_ATTACK + g + min(dEnemy, NEAR_DIST - 1), sign);
        trace(F_DEFEND + g + min(dOwn, NEAR_DIST - 1), sign);
      }
    }
    for (let t = PAWN; t <= GOLD; t++) {
      const n = unchecked(hand[c * HAND_TYPE_NB + t]);
      side += n * unchecked(HAND_VALUE[t]);
      trace(F_HAND + t, sign * n);
    }
    score += sign * side;
  }
  return score;
}

/** Material, piece-square and king-proximity terms, then the terms that need attacks. */
export function evaluate(): i32 {
  let score: i32; // sente's view
  if (!tracing && unchecked(pieceSumKey[ply]) == key()) score = unchecked(pieceSum[ply]);
  else {
    score = pieceTermsFromScratch();
    unchecked(pieceSum[ply] = score);
    unchecked(pieceSumKey[ply] = key());
  }
  const occ = occupied();
  zoneAttacks[0] = 0; zoneAttacks[1] = 0;
  const k0 = unchecked(kingSquare[SENTE]), k1 = unchecked(kingSquare[GOTE]);
  const zone0 = zoneOf(SENTE), zone1 = zoneOf(GOTE);
  // The attacks are only read on the two king zones, which a stepping piece cannot reach from
  // more than two squares away (a knight, which jumps two ranks, from three); sliders also count
  // for mobility.
  const sliders = or(or(typeBB(BISHOPS), typeBB(ROOKS)), typeBB(LANCE));
  const relevant = k0 == NO_SQUARE || k1 == NO_SQUARE ? occ
    : or(or(sliders, or(nearKing(k0, 0), nearKing(k1, 0))), and(typeBB(KNIGHT), or(nearKing(k0, 1), nearKing(k1, 1))));
  const mobilityOn = MOBILITY_WEIGHT != 0;
  for (let c = SENTE; c <= GOTE; c++) {
    const sign = c == SENTE ? 1 : -1;
    const enemyZone = c == SENTE ? zone1 : zone0;
    const pieces = andNot(and(colorBB(c), relevant), typeBB(KING));
    let side = 0;
    let all = EMPTY;
    for (let lane = 0, first = 0; lane < 2; lane++, first = LANE_SPLIT) {
      for (let bits = laneBits(pieces, lane); bits != 0; bits &= bits - 1) {
        const sq = laneSquare(bits, first);
        const piece = unchecked(board[sq]);
        const type = typeOf(piece);
        const slider = type == ROOK || type == BISHOP || type >= HORSE;
        const attacks = slider || type == LANCE ? attacksOf(piece, sq, occ) : stepAttacks(c, type, sq);
        all = or(all, attacks);
        const onZone = and(attacks, enemyZone);
        // Sliders press from afar and count more per square; steps count once.
        if (any(onZone)) unchecked(zoneAttacks[c] += popcount(onZone) * (slider ? 3 : 2));
        if (mobilityOn && slider) {
          const reach = popcount(andNot(attacks, colorBB(c))) - MOBILITY_BASE;
          side += reach * MOBILITY_WEIGHT;
          trace(F_MOBILITY, sign * reach);
        }
      }
    }
    unchecked(attacked[c] = all);
    score += sign * side;
  }
  if (KS_SCALE != 0) {
    // King danger: the square of the danger units (a lone attacker is harmless, a swarm is not).
    const gote = kingDangerUnits(GOTE), sente = kingDangerUnits(SENTE);
    score += (gote * gote - sente * sente) * KS_SCALE / 16;
    trace(F_KING_DANGER, gote * gote - sente * sente);
  }
  trace(F_TEMPO, sideToMove == SENTE ? 1 : -1);
  return (sideToMove == SENTE ? score : -score) + TEMPO;
}

@inline function zoneOf(color: i32): v128 {
  const ksq = unchecked(kingSquare[color]);
  return ksq == NO_SQUARE ? EMPTY : or(kingAttacks(ksq), squareBB(ksq));
}

/** Danger units of the king of `color`, enemy pressure on its zone against our defenders; the
 * penalty is their square (a lone attacker is harmless, a swarm is not). */
function kingDangerUnits(color: i32): i32 {
  const ksq = unchecked(kingSquare[color]);
  if (ksq == NO_SQUARE) return 0;
  const them = color ^ 1;
  let units = unchecked(zoneAttacks[them]);
  if (units == 0) return 0;
  // Pieces in the enemy's hand can land next to the king.
  for (let t = PAWN; t <= GOLD; t++) units += unchecked(hand[them * HAND_TYPE_NB + t]) * unchecked(KS_HAND[t]);
  // Golds, silvers and promoted minors next to the king are its castle.
  const zone = kingAttacks(ksq);
  const guards = and(zone, and(colorBB(color), or(typeBB(GOLDS), typeBB(SILVER))));
  units -= popcount(guards) * 2;
  // Squares next to the king that the enemy attacks and only the king defends.
  units += popcount(andNot(and(zone, unchecked(attacked[them])), unchecked(attacked[color]))) * 2;
  // A file above the king free of our pawns invites a dropped lance or rook.
  const file = ksq / RANKS;
  if (!any(and(piecesOf(color, PAWN), unchecked(FILE_BB[file])))) units += 2;
  return units <= 0 ? 0 : min(units, 40);
}
