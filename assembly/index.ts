// The exported ABI of build/engine.wasm, and nothing else. Numbers cross the boundary:
// a position goes in through the setup buffer, moves come back in the move buffer.
//
// Setup buffer (u8[128]): bytes 0..80 the piece on each square (types.ts: type | color << 4,
// 0 empty), bytes 81..96 the hands (hand[color * 8 + type] for PAWN..GOLD), byte 97 the side
// to move (0 sente, 1 gote).
import { setGeometry, MAX_SQUARES, HAND_TYPE_NB, MAX_PLY, SENTE, GOTE, PAWN, GOLD, MAX_MOVES } from './types';
import { initAttacks } from './attacks';
import {
  board, hand, sideToMove, ply, clearPosition, placePiece, setHand, setSideToMove, finishSetup,
  doMove, undoMove, inCheck, stBoardKey, stHandKey,
} from './position';
import { generate, MOVES } from './movegen';
import { validate, errorDetail } from './validate';
import { outcome, declarationRefusal, adjudicateImpasse, impassePoints, piecesInCamp } from './rules';
import { perft as countPerft } from './perft';

const SETUP = new StaticArray<u8>(128);
const HANDS_AT: i32 = MAX_SQUARES;
const SIDE_AT: i32 = MAX_SQUARES + 2 * HAND_TYPE_NB;

/** Choose the variant (0 shogi, 1 minishogi, 2 dobutsu) and build its tables. */
export function init(variant: i32): void {
  setGeometry(variant);
  initAttacks();
  clearPosition();
}

export function setupBuffer(): usize { return changetype<usize>(SETUP); }
export function movesBuffer(): usize { return changetype<usize>(MOVES); }

/** Load the setup buffer. Returns 0, or a validate.ts error code (then see errorInfo). */
export function load(): i32 {
  clearPosition();
  for (let sq = 0; sq < MAX_SQUARES; sq++) if (SETUP[sq] != 0) placePiece(SETUP[sq], sq);
  for (let c = SENTE; c <= GOTE; c++) for (let t = PAWN; t <= GOLD; t++) setHand(c, t, SETUP[HANDS_AT + c * HAND_TYPE_NB + t]);
  setSideToMove(SETUP[SIDE_AT]);
  finishSetup();
  return validate();
}
export function errorInfo(): i32 { return errorDetail; }

/** Write the current position into the setup buffer. */
export function save(): void {
  for (let sq = 0; sq < MAX_SQUARES; sq++) SETUP[sq] = <u8>board[sq];
  for (let i = 0; i < 2 * HAND_TYPE_NB; i++) SETUP[HANDS_AT + i] = <u8>hand[i];
  SETUP[SIDE_AT] = <u8>sideToMove;
}

/** Legal moves of a kind (movegen.ts) written at the start of the move buffer; returns the count. */
export function moves(kind: i32): i32 { return generate(kind, 0); }

/** Play a move if it is legal. Returns 1, or 0 when illegal or the history is full. */
export function play(move: u32): i32 {
  if (ply >= MAX_PLY - 1) return 0;
  const end = generate(2, 0);
  for (let i = 0; i < end; i++) {
    if (MOVES[i] == move) { doMove(move); return 1; }
  }
  return 0;
}
export function undo(): i32 {
  if (ply == 0) return 0;
  undoMove();
  return 1;
}

export function plies(): i32 { return ply; }
export function check(): i32 { return inCheck() ? 1 : 0; }
/** rules.ts outcome code: reason | winner << 4, 0 while the game goes on. */
export function result(): i32 { return outcome(0); }
export function declaration(): i32 { return declarationRefusal(); }
export function impasse(): i32 { return adjudicateImpasse(); }
export function points(color: i32, campOnly: i32): i32 { return impassePoints(color, campOnly != 0); }
export function campPieces(color: i32): i32 { return piecesInCamp(color); }
/** Position key halves (board and side, hands), as two u32 each to avoid BigInt. */
export function keyLow(): u32 { return <u32>(stBoardKey[ply] ^ stHandKey[ply]); }
export function keyHigh(): u32 { return <u32>((stBoardKey[ply] ^ stHandKey[ply]) >> 32); }

/** Leaf count at `depth` (as f64: exact up to 2^53). */
export function perft(depth: i32): f64 { return <f64>countPerft(depth, 0); }

export const maxMoves = MAX_MOVES;
