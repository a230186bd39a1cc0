// The exported ABI of build/engine.wasm, and nothing else. Numbers cross the boundary:
// a position goes in through the setup buffer, moves come back in the move buffer.
//
// Setup buffer (u8[128]): bytes 0..80 the piece on each square (types.ts: type | color << 4,
// 0 empty), bytes 81..96 the hands (hand[color * 8 + type] for PAWN..GOLD), byte 97 the side
// to move (0 sente, 1 gote).
import { setGeometry, MAX_SQUARES, HAND_TYPE_NB, MAX_PLY, MAX_RECORD_PLY, SENTE, GOTE, PAWN, GOLD, MAX_MOVES } from './types';
import { initAttacks } from './attacks';
import {
  board, hand, sideToMove, ply, clearPosition, placePiece, setHand, setSideToMove, finishSetup,
  doMove, undoMove, doNullMove, undoNullMove, inCheck, stMove, stBoardKey, stHandKey, attackersTo, occupied,
} from './position';
import { any, lsb, popLsb } from './bitboard';
import { generate, MOVES } from './movegen';
import { validate, errorDetail, completeDefenderHand } from './validate';
import { outcome, declarationRefusal, adjudicateImpasse, impassePoints, piecesInCamp } from './rules';
import { perft as countPerft, perftStart as startCount, perftStep as stepCount, perftStop as stopCount, perftCounted } from './perft';

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

/** Tsume: give the defender the pieces the set has left when the attacker has no king, then
 * load the result. Returns how many pieces were added (see completeDefenderHand). */
export function completeTsume(): i32 {
  const added = completeDefenderHand();
  if (added > 0) { save(); load(); }
  return added;
}

/** Write the current position into the setup buffer. */
export function save(): void {
  for (let sq = 0; sq < MAX_SQUARES; sq++) SETUP[sq] = <u8>unchecked(board[sq]);
  for (let i = 0; i < 2 * HAND_TYPE_NB; i++) SETUP[HANDS_AT + i] = <u8>unchecked(hand[i]);
  SETUP[SIDE_AT] = <u8>sideToMove;
}

/** Legal moves of a kind (movegen.ts) written at the start of the move buffer; returns the count. */
export function moves(kind: i32): i32 { return generate(kind, 0); }

/** The squares of the side to move's pieces that could move to `sq` by their movement alone,
 * pins and check ignored, written at the start of the move buffer; returns the count. A
 * Japanese move name tells its piece from every like piece among these, legal or not. */
export function reachers(sq: i32): i32 {
  let from = attackersTo(sq, sideToMove, occupied());
  let n = 0;
  while (any(from)) {
    unchecked(MOVES[n++] = <u32>lsb(from));
    from = popLsb(from);
  }
  return n;
}

/** Play a move if it is legal. Returns 1, or 0 when illegal or the record is full
 * (maxRecordPlies). */
export function play(move: u32): i32 {
  if (ply >= MAX_RECORD_PLY) return 0;
  const end = generate(2, 0);
  for (let i = 0; i < end; i++) {
    if (unchecked(MOVES[i]) == move) { doMove(move); return 1; }
  }
  return 0;
}
/** Pass (USI's `pass` or `0000`): the same board with the other side to move. It stays in the
 * record (move 0), so a repetition across it counts. Returns 1, or 0 when the side to move is in
 * check or the record is full. */
export function pass(): i32 {
  if (ply >= MAX_RECORD_PLY || inCheck()) return 0;
  doNullMove();
  return 1;
}
export function undo(): i32 {
  if (ply == 0) return 0;
  if (unchecked(stMove[ply]) == 0) undoNullMove();
  else undoMove();
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
export function keyLow(): u32 { return <u32>(unchecked(stBoardKey[ply]) ^ unchecked(stHandKey[ply])); }
export function keyHigh(): u32 { return <u32>((unchecked(stBoardKey[ply]) ^ unchecked(stHandKey[ply])) >> 32); }

/** Leaf count at `depth` (as f64: exact up to 2^53). */
export function perft(depth: i32): f64 { return <f64>countPerft(depth); }
/** perft in slices: perftStart(depth), then perftStep(budget) until it returns 1, then
 * perftNodes(); perftStop() abandons it and takes its moves back. */
export function perftStart(depth: i32): void { startCount(depth); }
export function perftStep(budget: i32): i32 { return stepCount(budget) ? 1 : 0; }
export function perftStop(): void { stopCount(); }
export function perftNodes(): f64 { return <f64>perftCounted; }

export const maxMoves = MAX_MOVES;
export const maxRecordPlies = MAX_RECORD_PLY;

// ---- tsume: the mate solver (tsume/dfpn.ts) ----------------------------------------------
// mateStart once, then mateStep in slices until it returns 1 (mate) or 2 (no mate); the
// caller decides when to give up. mateLine writes the solution to the move buffer.
import { resizeTable, startProblem, tableReady, tableFill, tableFaults, tableBytesInUse } from './tsume/table';
import { startSolve, solveStep, solutionLine, foundLine, solutionWhole, lineUncounted, bestLength, nodes as solverNodes, MATE_QUANTUM } from './tsume/dfpn';

/** Size the solver's table in MiB (this clears it). */
export function mateTable(mib: i32): void { resizeTable(mib); }
/** everyInterposition 1: every interposition counts as a defence, useless ones too.
 * firstMove, unless 0: the attacker's first move is that one (a legal check, else no mate).
 * maxPlies, unless 0: only mates within that many plies count (else: no mate). */
export function mateStart(everyInterposition: i32, firstMove: u32, maxPlies: i32): void {
  if (!tableReady()) resizeTable(16);
  startProblem();
  // Room above the budget for useless interpositions, which do not count against it.
  const most = MAX_PLY - ply - 200;
  startSolve(maxPlies > 0 ? min(maxPlies, most) : most, everyInterposition != 0, firstMove);
}
export function mateStep(nodes: i32): i32 { return solveStep(nodes); }
/** Slices that end on multiples of this many nodes give the same answer whatever their size. */
export function mateQuantum(): f64 { return <f64>MATE_QUANTUM; }
export function mateLength(): i32 { return bestLength; }
export function mateNodes(): f64 { return <f64>solverNodes; }
export function mateLine(): i32 { return solutionLine(); }
/** Whether the line mateLine wrote ends in mate (1), or stops short of it (0). */
export function mateLineWhole(): i32 { return solutionWhole ? 1 : 0; }
/** Between mateSteps: the line of the shortest mate found so far, written where mateLine writes
 * its own (0 while none ends in mate; the solution at the end is read again by mateLine). */
export function mateFoundLine(): i32 { return foundLine(); }
/** 1 when the move at index i of the line mateLine or mateFoundLine wrote is shown but not
 * counted (a useless interposition whose capture's mate sets the length, and that capture). */
export function mateUncounted(i: i32): i32 { return lineUncounted(i) ? 1 : 0; }
/** Permille of the solver's table in use. */
export function mateTableFill(): i32 { return tableFill(); }
/** MiB of the solver's table in use (it grows with the problem, up to the size reserved). */
export function mateTableMiB(): f64 { return tableBytesInUse() / 1048576.0; }
/** For tests: entries a lookup could not find, 0 when the table is sound. */
export function mateTableFaults(): i32 { return tableFaults(); }

// ---- search: the engine (search/search.ts) -----------------------------------------------
// searchHash(mib) sizes the hash table (else 16 MiB at the first search); searchStart(depth,
// lines) once per search, then searchStep(budget, until) in slices of `budget` nodes, each ending
// by the time `until` (performance.now(); Infinity: none), until it returns 2: it returns 0 when
// the budget or the time ran out, 1 when an iteration finished (read its lines then).
// Lines: move, score (from the side to move; MATE - n = mate in n plies) and PV (a pointer to
// u32 moves). searchClear forgets everything learnt (hash, history): a new game.
import { VARIANT } from './types';
import { isLegalMove } from './movegen';
import { ttResize, ttClear, ttReady, ttHashfull } from './search/tt';
import { clearOrdering } from './search/ordering';
import { setEvalVariant, traceEvaluation, currentWeights, incrementalErrors, TRACE, WEIGHTS, FEATURES } from './search/eval';
import {
  searchBegin, searchOnly as restrictRoot, searchStep as stepSearch, searchNodes as nodesSearched, searchSelDepth as selDepthReached,
  searchCompletedDepth, lineMove, lineScore, linePv, linePvLength, searchLineCount, bestMove, ponderMove, settleLines,
  declarationWins, setDeclarationRule, staticEvaluation, MATE,
} from './search/search';

export function searchHash(mib: i32): i32 { return ttResize(mib); }
/** Takes the same time whatever the table's size: the table's entries are only marked as of an
 * earlier game (search/tt.ts). */
export function searchClear(): void { ttClear(); clearOrdering(); }
export function searchStart(depth: i32, lines: i32): i32 {
  if (!ttReady()) ttResize(16);
  setEvalVariant(VARIANT);
  return searchBegin(depth, lines);
}
/** After searchStart: search only the root moves among the first `count` moves of the move
 * buffer (USI go searchmoves); none of them: all. Returns the number of root moves. */
export function searchOnly(count: i32): i32 { return restrictRoot(count); }
export function searchStep(budget: f64, until: f64): i32 { return stepSearch(budget, until); }
export function searchNodes(): f64 { return nodesSearched(); }
export function searchSelDepth(): i32 { return selDepthReached(); }
export function searchDepth(): i32 { return searchCompletedDepth(); }
export function searchLines(): i32 { return searchLineCount(); }
export function searchLineMove(k: i32): u32 { return lineMove(k); }
export function searchLineScore(k: i32): i32 { return lineScore(k); }
export function searchLinePv(k: i32): usize { return linePv(k); }
export function searchLinePvLength(k: i32): i32 { return linePvLength(k); }
export function searchBestMove(): u32 { return bestMove(); }
/** After the last step of a search stopped within an iteration: 1 when a move that beat line 1
 * there became line 1 (it is the best move), whose line is then worth reading again. */
export function searchSettle(): i32 { return settleLines() ? 1 : 0; }
export function searchPonderMove(): u32 { return ponderMove(); }
export function searchHashfull(): i32 { return ttHashfull(); }
/** 1 when the side to move wins by the 27-point declaration now (USI `bestmove win`). */
export function searchDeclare(): i32 { return declarationWins() ? 1 : 0; }
/** Whether searches play the 27-point declaration (1, the default) or not (0). */
export function searchDeclaration(on: i32): void { setDeclarationRule(on != 0); }
export function searchEval(): i32 { setEvalVariant(VARIANT); return staticEvaluation(); }
/** Evaluate with the tuning trace on (search/eval.ts): returns a pointer to searchFeatures i32
 * counts, sente's minus gote's, of how often each parameter applied. */
export function searchTrace(): usize { setEvalVariant(VARIANT); traceEvaluation(); return changetype<usize>(TRACE); }
export const searchFeatures = FEATURES;
/** The evaluation's parameters in the trace's layout (king danger per 16 units^2). */
export function searchWeights(): usize { setEvalVariant(VARIANT); currentWeights(); return changetype<usize>(WEIGHTS); }
/** 1 when a 16-bit code is a legal move here: the search's test for moves it did not generate
 * (hash move, killers), which must agree with moves(2) on every code. */
export function searchIsLegal(move: u32): i32 { return isLegalMove(move, MAX_MOVES) ? 1 : 0; }
/** Positions within `depth` plies where the evaluation's incrementally kept terms differ from
 * the same terms from scratch (search/eval.ts): 0 unless the incremental update is wrong. */
export function searchIncrementalErrors(depth: i32): i32 { setEvalVariant(VARIANT); return incrementalErrors(depth, MAX_MOVES); }
export const searchMate = MATE;
