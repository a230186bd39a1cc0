// Tsume solver: depth-first proof-number search (df-pn) with a ply budget.
//
// The attacker is the side to move at the root and must check on every move (OR nodes);
// the defender may play any legal reply (AND nodes). A node's budget is the number of plies
// the attacker may still use: "mate within `budget` plies", so the same search both proves
// that a mate exists (huge budget) and, with smaller budgets, that no shorter one does.
// Tsume conventions are built into the lengths: the defender resists longest, and a useless
// interposition (a drop between the king and a distant checker on a square no defender
// piece guards) is no defence at all: a defence is as long as its longest real reply, and a
// check answered only by useless interpositions mates. (Counting the line after a useless
// interposition less two plies made tsume-dev #47 a mate in 7 whose line showed 5 plies; the
// reference solver's 5 agrees with leaving it out.)
//
// A position repeated on the current path fails for the attacker (perpetual check is not
// allowed), and in the first search and the searches for a shortcut along a line so does a board
// repeated with no more pieces in the attacker's hand (see repetitionPly). Such refutations
// depend on the path, so they are never stored in the table (graph-history interaction): they
// only live in the parent's local child list.
import { NO_SQUARE, MAX_MOVES, MAX_PLY, PAWN, LANCE, BISHOP, ROOK, GOLD, PRO_PAWN, MOVE_PROMOTE, makePiece, makeDrop, moveTo, moveFrom, isDrop, moveDroppedType, typeOf, isPromotion } from '../types';
import { has, lsb, popLsb, moreThanOne, any, andNot, squareBB, or, xor } from '../bitboard';
import { between, kingAttacks } from '../attacks';
import {
  sideToMove, ply, kingSquare, checkers, stBoardKey, doMove, undoMove, attackersTo, occupied,
  handCount, returnCapture, board, boardKeyAfter, piecesOf, pieceZobrist, pinnedPieces, key, landingPiece,
} from '../position';
import { generate, countChecks, countDefences, hasLegalMove, hasKingStep, enemyKingStepAfter, evasionsWithoutKingStep, enemyKingEscapes, isLegalMove, LEGAL, CHECKS, MOVES, MOVE_SLOTS } from '../movegen';
import {
  packHand, handAfter, handCovers, proofToParent, handUnion, keepWhatDefenderLacks, allPieces, disproofToParent, handIntersection,
  keepWhatAttackerLacks, leaveDefenderOne,
} from './hand';
import { touch, tableOutgrowsCaches, INFINITE, NO_LENGTH, ALWAYS, probe, record, foundPn, foundDn, foundLength, foundRefutedBudget, foundHand, foundMinDepth, setShallowSearch } from './table';

// Per-child state of every node on the current path, parallel to MOVES. (This file's arrays are
// fixed arrays, see bitboard.ts: unchecked access only.)
const CHILD_PN = changetype<StaticArray<u32>>(memory.data(MOVE_SLOTS * sizeof<u32>(), 16));
const CHILD_DN = changetype<StaticArray<u32>>(memory.data(MOVE_SLOTS * sizeof<u32>(), 16));
const CHILD_LENGTH = changetype<StaticArray<i32>>(memory.data(MOVE_SLOTS * sizeof<i32>(), 16));
const CHILD_FLAGS = changetype<StaticArray<u8>>(memory.data(MOVE_SLOTS * sizeof<u8>(), 16));
const CHILD_LOOP = changetype<StaticArray<i32>>(memory.data(MOVE_SLOTS * sizeof<i32>(), 16));
// A settled child's proof pieces (proven) or disproof pieces (refuted), seen from here.
const CHILD_PIECES = changetype<StaticArray<u32>>(memory.data(MOVE_SLOTS * sizeof<u32>(), 16));
/** The board key after each child's move, worked out once (mid's first loop, or when a move that
 * waited is opened) for the table's prefetch and lookup. */
const CHILD_BOARD = changetype<StaticArray<u64>>(memory.data(MOVE_SLOTS * sizeof<u64>(), 16));
const USELESS: u8 = 1;     // a useless interposition: its line does not count
const BUDGET_CUT: u8 = 4;  // refuted only within its budget
const OLD: u8 = 16;        // unfinished, and searched before nearer the root (see mid)
const FRESH: u8 = 32;      // never searched: only its first estimate is known
const DROPS_LEFT: u8 = 128; // the line's reading: a check that leaves only useless drops

// A refutation that rests on a repetition holds only while the repeated position is on the
// path. Results carry the ply of the earliest such position (NO_LOOP: none): a node at or
// above that ply is not affected (a mate through the loop would give a shorter one without
// it), so its result is stored; the nodes inside the loop are not (graph-history interaction).
const NO_LOOP: i32 = i32.MAX_VALUE;

/** Positions on the current path, by 16 bits of their board's key: a cheap filter in front of
 * the repetition scan (a bit per slot, 8 KiB, asked of every child opened); and the attacker's
 * hand at each ply of the path. Positions enter and leave the path last in, first out, so a
 * slot's bit belongs to the entry that set it, which leaves after every later entry of the slot:
 * each entry records whether it set its bit (PATH_SET, a stack), and clears it when it leaves.
 * (Counts per slot, 128 KiB, did the same: perf annotate put 7% of mid's time on entering's load
 * of the count.) */
// (A path is at most MAX_PLY deep; a few positions enter it twice, as the line's reading enters
// the root again: 64 spare entries.)
const PATH_SET = changetype<StaticArray<bool>>(memory.data((MAX_PLY + 64) * sizeof<bool>(), 16));
let pathEntries = 0;
const PATH_BITS = changetype<StaticArray<u32>>(memory.data((1 << 11) * sizeof<u32>(), 16));
const PATH_HAND = changetype<StaticArray<u32>>(memory.data((MAX_PLY + 1) * sizeof<u32>(), 16));
/** Whether a position whose board key is k may be on the path (false: it surely is not). */
@inline function onPath(k: u64): bool {
  const slot = pathSlot(k);
  return (unchecked(PATH_BITS[slot >> 5]) & pathBit(slot)) != 0;
}
/** A slot's bit in its word of PATH_BITS (the word is slot >> 5). */
@inline function pathBit(slot: i32): u32 { return 1 << <u32>(slot & 31); }

let attacker: i32 = 0;
let rootPly: i32 = 0;
export let nodes: u64 = 0;
let nodesLeft: i64 = 0;
let aborted = false;

// Result of the last mid() call.
let resultPn: u32 = 0;
let resultDn: u32 = 0;
let resultLength: i32 = NO_LENGTH;
let resultFlags: u8 = 0;
let resultLoop: i32 = NO_LOOP;
let resultPieces: u32 = 0;

@inline function pathSlot(k: u64): i32 { return <i32>(k & 0xFFFF); }

/** Whether boards repeated with fewer pieces in hand fail too (see repetitionPly), and the
 * ply from which the path is searched for them. Set by searchRoot. */
let worseLoops = false;
let worseFrom: i32 = 0;
/** The lowest ply the path is searched from for repetitions: the solve's root, or the
 * position searched when a pass searches it on its own (see positionAlone). */
let pathFloor: i32 = 0;

/** The ply at which the current position already occurred on the path, or NO_LOOP. In the first
 * search, which no budget bounds (worseLoops; the other searches that set it are below), also
 * where the board stood with the same side to move and more pieces in the attacker's hand: the
 * attacker gave pieces away to come back, and any mate from here would be a shorter one from
 * there, so the search treats it as a repetition, a failure on this path. In a dragon's dance
 * the attacker can go round such loops with pawn drops (墨酔38_H), and 寿 takes 6% fewer nodes.
 * Within a budget those loops end in a budget cut, which the table keeps, while a failure that
 * rests on the path is not kept: proving that tsume-dev #126 has no mate within 17 took over
 * 20 M nodes instead of 12.9 M.
 * The searches of a long line's positions for a shortcut (shortenStep) fail them too, but only
 * below the position searched: a mate through such a loop is a shorter one from its first
 * position, which that search reaches directly, within more plies. (Loops through the line's
 * earlier positions, on the path above, would make every result rest on the path and none be
 * kept: 無銭旅行 12.2 M nodes.) ゴゴノソラ 4.59 M nodes instead of 9.26 M, 寿 6.43 M (6.56 M),
 * 無銭旅行 8.38 M (8.12 M), 橋本 7.68 M (7.50 M), Astral390 2.24 M (2.17 M); Astral Traveler and
 * シンメトリー within 1%. With the search from the root within a budget as well, 無銭旅行 was not
 * proven within 44 M nodes. */
function repetitionPly(): i32 {
  const board = unchecked(stBoardKey[ply]);
  return onPath(board) ? repetitionAt(board, packHand(attacker), ply) : NO_LOOP;
}
/** repetitionPly of a position at ply `at`, with its board key and the attacker's hand (asked once
 * the path filter says the board may be on the path). */
function repetitionAt(board: u64, hand: u32, at: i32): i32 {
  for (let p = at - 2; p >= pathFloor; p -= 2) {
    if (unchecked(stBoardKey[p]) != board) continue;
    const earlier = unchecked(PATH_HAND[p]);
    if (earlier == hand || (worseLoops && p >= worseFrom && handCovers(earlier, hand))) return p;
  }
  return NO_LOOP;
}
@inline function repeatsOnPath(): bool { return repetitionPly() != NO_LOOP; }

/** Put the current position on the path, or take it off. */
@inline function enterPath(hand: u32 = packHand(attacker)): void {
  const slot = pathSlot(unchecked(stBoardKey[ply])), word = unchecked(PATH_BITS[slot >> 5]), bit = pathBit(slot);
  unchecked(PATH_SET[pathEntries++] = (word & bit) == 0);
  unchecked(PATH_BITS[slot >> 5] = word | bit);
  unchecked(PATH_HAND[ply] = hand);
}
@inline function leavePath(): void {
  if (!unchecked(PATH_SET[--pathEntries])) return;
  const slot = pathSlot(unchecked(stBoardKey[ply]));
  unchecked(PATH_BITS[slot >> 5] &= ~pathBit(slot));
}

/** Play m and put the position it leads to on the path (lines read and replayed go this way). */
function playOnPath(m: u32): void {
  doMove(m);
  enterPath();
}
/** Take back the last n moves played with playOnPath. */
function unwindPath(n: i32): void {
  for (let i = 0; i < n; i++) {
    leavePath();
    undoMove();
  }
}

/** A refutation read from the table that holds only within a budget is one of those. */
@inline function refutedKind(): u8 { return foundRefutedBudget == ALWAYS ? 0 : BUDGET_CUT; }

@inline function saturatingAdd(a: u32, b: u32): u32 { const s = a + b; return s >= INFINITE ? INFINITE - 1 : s; }

/** Whether every interposition counts as a defence, useless ones too: the length under the
 * strictest reading, which no convention on useless interpositions can exceed (a witness where
 * another solver's length differs). Set by startSolve, for the whole solve. */
let everyInterposition = false;

/** A useless interposition (無駄合): a drop between the king and a distant checker that the
 * checker just takes, after which the defence is no better than before. It holds when no
 * defender but the king guards the square and, next to the king, another attacker guards it
 * too, so that the king cannot take back. A defender pinned to its king could not take back (a
 * dragon pinned by a bishop; with it counted, a mate in 1 answered only by such drops was a mate
 * in 3, as public test sets of other solvers show). */
function isUselessInterposition(m: u32): bool {
  if (everyInterposition || probing || !isDrop(m)) return false;
  const defender = sideToMove, ksq = unchecked(kingSquare[defender]), check = checkers();
  if (ksq == NO_SQUARE || moreThanOne(check)) return false;
  const to = moveTo(m), checker = lsb(check);
  if (!has(between(ksq, checker), to)) return false;
  // A pinned defender never guards the square: its pin's line meets the checker's only at the king.
  const guards = andNot(attackersTo(to, defender, occupied()), or(squareBB(ksq), pinnedPieces(defender)));
  if (any(guards)) return false;
  if (!has(kingAttacks(ksq), to)) return true;
  // Seen from the square once the checker has left its own: a piece behind it guards too.
  const without = andNot(occupied(), squareBB(checker));
  return any(andNot(attackersTo(to, defender ^ 1, without), squareBB(checker)));
}

/** What a reply of length `length` adds to its AND node's length: all of it, but for a useless
 * interposition, whose `length` is that of the mate by its capture (the test's), the plies after
 * the capture, not the drop and the capture (-1, as for no reply, when the capture mates). The test is made within the node's budget plus
 * one, so the mate after it fits the budget once the two plies are taken off, and a proof's length
 * then holds within any budget at least as large, as the table assumes when it answers for
 * another. Before, the candidate added nothing: a proof made with room to spare left out a drop
 * whose capture led to a long mate, and kept its short length, which smaller budgets then took
 * from the table where the drop was a real defence. In long problems the length proven shortest
 * depended on the table size: STARSHIP TROOPER's position after 700 plies of its line was proven
 * shortest in 215, 211 or 207 with 1000, 64 or 128 MiB, and within 207 plies 1000 MiB found none
 * where 128 MiB found 205; now 219 at every size. */
@inline function replyLength(length: i32, useless: bool): i32 { return useless ? max(length - 2, -1) : length; }

// A useless-interposition candidate is only a hypothesis: the attacker must mate by taking
// the interposed piece. Its OR node is searched with the attacker's moves restricted to
// captures on that square; if that fails, the interposition is a real defence after all and
// is searched again as one. Restricted nodes live in the table under their own keys.
const RESTRICTED: u64 = 0x5DEECE66D2B79F37;
@inline function nodeKey(only: i32): u64 { return keyOf(unchecked(stBoardKey[ply]), ply, only); }
/** The table key of a position at ply `at` whose board key is `board`. */
@inline function keyOf(board: u64, at: i32, only: i32): u64 {
  let key = board ^ (probing ? PROBE_SALT : 0);
  if (firstMove != 0 && at == rootPly) key ^= FIRST_MOVE_SALT;
  return only == NO_SQUARE ? key : key ^ (RESTRICTED * <u64>(only + 1));
}

// A solve may fix the attacker's first move (the tsume player asks how the defender answers the
// reader's own check): the root then has that one check, and its results live under their own
// key, since they say nothing about the root's other checks.
let firstMove: u32 = 0;
const FIRST_MOVE_SALT: u64 = 0x2545F4914F6CDD1D;
/** Keep only the first move at the root, when one is fixed; returns the new end. */
function keepFirstMove(start: i32, end: i32): i32 {
  if (firstMove == 0 || ply != rootPly) return end;
  for (let i = start; i < end; i++) {
    if (unchecked(MOVES[i]) == firstMove) { unchecked(MOVES[start] = firstMove); return start + 1; }
  }
  return start;
}

/** The attacker's checks from [start), restricted to captures on `only` unless NO_SQUARE. */
function attackerMoves(start: i32, only: i32): i32 {
  const end = keepFirstMove(start, generate(CHECKS, start));
  if (only == NO_SQUARE) return end;
  let n = start;
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]);
    if (!isDrop(m) && moveTo(m) == only) unchecked(MOVES[n++] = m);
  }
  return n;
}

/** Play an attacker's move; in a restricted node (a useless-interposition test) the piece
 * taken goes back to the defender: the mate must not need it. */
@inline function playMove(m: u32, only: i32): void {
  doMove(m);
  if (only != NO_SQUARE) returnCapture(true);
}
@inline function takeBack(only: i32): void {
  if (only != NO_SQUARE) returnCapture(false);
  undoMove();
}

@inline function onlyFor(isOr: bool, i: i32): i32 {
  return !isOr && (unchecked(CHILD_FLAGS[i]) & USELESS) ? moveTo(unchecked(MOVES[i])) : NO_SQUARE;
}

/** The interposition of child i is refuted as useless: search it as a real defence. */
function countAsDefence(i: i32, budget: i32, scratch: i32): void {
  unchecked(CHILD_FLAGS[i] = 0);
  const parentHand = packHand(attacker), m = unchecked(MOVES[i]);
  if (knownChild(i, true, m, budget - 1, NO_SQUARE, parentHand, false)) return;
  doMove(m);
  estimateChild(i, true, scratch, NO_SQUARE, parentHand);
  undoMove();
}

/** Proof pieces of a mate (the defender, to move, has no reply): nothing, unless drops could
 * have blocked the check, in which case the kinds the defender lacks. */
function matedProof(): u32 {
  return interposable() ? keepWhatDefenderLacks(0, packHand(attacker), sideToMove) : 0;
}

/** Disproof pieces of a position where the attacker (to move) has no check: any more of the
 * kinds it holds changes nothing, but one of a kind it lacks might be dropped with check. */
function uncheckableDisproof(hand: u32): u32 {
  return keepWhatAttackerLacks(allPieces(attacker), hand);
}

/** Disproof pieces of an AND node refuted by the defender's move m, from the child's. */
function refutedByReply(m: u32, pieces: u32, hand: u32): u32 {
  if (!isDrop(m)) return pieces;
  // An interposition that passes for useless with fewer defender pieces proves nothing then.
  if (isUselessInterposition(m)) return hand;
  return leaveDefenderOne(pieces, moveDroppedType(m), hand, sideToMove);
}

/** Whether the side to move is in a single check from a distance (a drop could block it). */
function interposable(): bool {
  const ksq = unchecked(kingSquare[sideToMove]), check = checkers();
  return ksq != NO_SQUARE && any(check) && !moreThanOne(check) && any(between(ksq, lsb(check)));
}

// What knownChild worked out of the child it left open, for estimateChild.
let childKey: u64 = 0;
let childHand: u32 = 0;
let childFlags: u8 = 0;
/** Whether the child, a check, leads to a position refuted in another round (see REFUTED_ROUND). */
let childRefutedElsewhere = false;

/** A new child's first estimate, before its move m is played (most children of a node entered
 * again are known): a repetition, or what the table knows, settles child i here (returns true);
 * else the caller plays m and calls estimateChild. mid's nodes have budgets above
 * DIRECT_BUDGET, so their children have at least DIRECT_BUDGET: budget cuts and mates in one are
 * settled by `direct`, never here. `returned`: the parent is a useless-interposition test, whose
 * captures hand the piece back. */
function knownChild(i: i32, isOrChild: bool, m: u32, budget: i32, only: i32, parentHand: u32, returned: bool): bool {
  const flags = unchecked(CHILD_FLAGS[i]), at = ply + 1, board = unchecked(CHILD_BOARD[i]);
  // The defender's move leaves the attacker's hand as it was.
  const hand = isOrChild ? parentHand : handAfter(m, parentHand, returned);
  const loop = onPath(board) ? repetitionAt(board, hand, at) : NO_LOOP;
  if (loop != NO_LOOP) {
    setChild(i, INFINITE, 0, NO_LENGTH, flags, loop);
    unchecked(CHILD_PIECES[i] = parentHand);
    return true;
  }
  const key = keyOf(board, at, only);
  const found = probe(key, hand, budget);
  if (found == 1) {
    setChild(i, 0, INFINITE, foundLength, flags);
    unchecked(CHILD_PIECES[i] = proofToParent(foundHand, hand, parentHand));
    return true;
  }
  if (found == 2) {
    setChild(i, INFINITE, 0, NO_LENGTH, flags | refutedKind());
    unchecked(CHILD_PIECES[i] = disproofToParent(foundHand, hand, parentHand));
    return true;
  }
  // A position of another round to follow: tried once the parent's children are open (mid).
  const otherRounds = only == NO_SQUARE && at - rootPly > DEEP && !simulating;
  const k2 = otherRounds ? roundKeyAfter(m, board) : 0;
  const round = otherRounds && roundSlotFor(k2, key) >= 0 ? ROUND_TRY : 0;
  if (found == 3) {
    setChild(i, foundPn, foundDn, NO_LENGTH, flags | round | (foundMinDepth < at - rootPly ? OLD : 0));
    return true;
  }
  childKey = key;
  childHand = hand;
  childFlags = flags | round;
  childRefutedElsewhere = otherRounds && !isOrChild && refutedInAnotherRound(k2);
  return false;
}

/** The rest of a child's first estimate, its move played (the current position): the
 * look-ahead, for a child knownChild found nowhere. */
function estimateChild(i: i32, isOrChild: bool, scratch: i32, only: i32, parentHand: u32): void {
  const key = childKey, hand = childHand, flags = childFlags;
  // One ply of look-ahead (df-pn+): replies to count, and immediate ends.
  // Ends found here go to the table too: the solution line is read back from it.
  if (isOrChild) {
    const checks = only == NO_SQUARE ? countChecks(scratch) : attackerMoves(scratch, only) - scratch;
    if (checks == 0) {
      setChild(i, INFINITE, 0, NO_LENGTH, flags);
      const disproof = only == NO_SQUARE ? uncheckableDisproof(hand) : hand;
      unchecked(CHILD_PIECES[i] = disproofToParent(disproof, hand, parentHand));
      record(key, disproof, INFINITE, 0, NO_LENGTH, ALWAYS, 1, ply - rootPly);
    } else estimate(i, 1, <u32>checks * firstEstimateWeight(), flags, key, hand);
  } else {
    const replies = defencesCounted(scratch);
    if (replies == 0) {
      setChild(i, 0, INFINITE, 0, flags);
      const proof = matedProof();
      unchecked(CHILD_PIECES[i] = proofToParent(proof, hand, parentHand));
      record(key, proof, 0, INFINITE, 0, 0, 1, ply - rootPly);
    } else estimate(i, <u32>replies * firstEstimateWeight() * (childRefutedElsewhere ? REFUTED_ROUND_PENALTY : 1), 1, flags, key, hand);
  }
}

// The defender's replies, counted for a first estimate, are kept in a cache of their own:
// deeper than DEEP an AND node's estimate stays out of the table (see estimate), and its parent,
// entered again and again, would count them anew each time. A slot, chosen by the board's key,
// holds the position's key but for its low 16 bits, which hold the count. mid fetches a
// check's slot with its bucket in the table (touchDefences): the cache (1 MiB) outgrows the
// processor's nearest caches, and without that the lookups waited for memory (perf: 6% of 寿's
// time on that one load).
const DEFENCE_BITS: i32 = 17;
const DEFENCE_KEYS = changetype<StaticArray<u64>>(memory.data((1 << DEFENCE_BITS) * sizeof<u64>(), 16));
@inline function defenceSlot(board: u64): i32 { return <i32>(board >> (64 - DEFENCE_BITS)); }
let touchedDefences: u64 = 0;
@inline function touchDefences(board: u64): void { touchedDefences += unchecked(DEFENCE_KEYS[defenceSlot(board)]); }
function defencesCounted(scratch: i32): i32 {
  const k = key(), slot = defenceSlot(unchecked(stBoardKey[ply]));
  const kept = unchecked(DEFENCE_KEYS[slot]);
  // Only counts of 1 or more are kept: a key that matched by chance (48 bits) could then only
  // change an estimate, never declare a position mated.
  if ((kept ^ k) >> 16 == 0 && (kept & 0xFFFF) != 0) return <i32>(kept & 0xFFFF);
  const replies = countDefences(scratch);
  if (replies != 0) unchecked(DEFENCE_KEYS[slot] = (k & ~(<u64>0xFFFF)) | <u64>replies);
  return replies;
}

/** How much a reply or check counted by the look-ahead weighs. Once a node is searched, its
 * children count 1 each, so a weight of 2 halves its value: a line already opened looks easier
 * than one not yet opened, and the search keeps to the lines it has opened. Deeper than DEEP
 * plies, where only long problems go, that depth-first bent helps: 寿 12.6-13.5 M nodes
 * instead of 13.9-14.2 M (slices of 58 k, 200 k and 1 M nodes: small changes move 寿's count
 * by several percent either way), 無銭旅行 12.5-12.7 M instead of 14.2-14.5 M, Astral
 * Traveler 7.2 M instead of 7.5 M. Weight 3 deep, or 2 at every depth, did worse (寿 13.4 M;
 * tsume-dev 5% more nodes). */
@inline function firstEstimateWeight(): u32 { return ply - rootPly > DEEP ? 2 : 1; }

/** A first estimate goes to the table too: the parent is entered again and again, and its
 * children that were never searched would otherwise have their moves generated each time.
 * Deeper than DEEP plies, where long problems fill the table, only the attacker's positions go
 * there: a check leaves few replies, cheap to count again, and their entries pushed out others
 * that cost work. Node counts (1000 MiB, before in brackets): 橋本587手詰 8.86 M (13.33 M),
 * ゴゴノソラ 25.8 M (28.6 M), Astral Traveler 7.28 M (7.86 M), シンメトリー 12.35 M (12.99 M),
 * 墨酔38_H 27.3 M (28.0 M), 無銭旅行 10.4 M (10.6 M), 寿 6.64 M (6.65 M), Astral390 2.51 M
 * (2.37 M); ミクロコスモス finds 1525 after 82.9 M (85.4 M). Leaving the defender's out at every
 * depth cost ゴゴノソラ 37.7 M; leaving the attacker's out instead cost 寿 7.13 M. */
@inline function estimate(i: i32, pn: u32, dn: u32, flags: u8, key: u64, hand: u32): void {
  setChild(i, pn, dn, NO_LENGTH, flags | FRESH);
  if (ply - rootPly <= DEEP || sideToMove == attacker) record(key, hand, pn, dn, NO_LENGTH, 0, 1, ply - rootPly);
}

/** Whether a reply in [start, end) is not a useless interposition (it counts as a move). */
function hasCountedReply(start: i32, end: i32): bool {
  for (let i = start; i < end; i++) if (!isUselessInterposition(unchecked(MOVES[i]))) return true;
  return false;
}

const SEEN = changetype<StaticArray<u32>>(memory.data(81 * sizeof<u32>(), 16));
const USELESS_AT = changetype<StaticArray<u8>>(memory.data(81 * sizeof<u8>(), 16));
let stamp: u32 = 1;

/** AND node proof number: every reply must be refuted, but drops on one square count as
 * their hardest one, so that a mass of interpositions does not drown the real defences. */
function andProofNumber(start: i32, end: i32, taker: i32): u32 {
  let sum: u32 = 0, largest: u32 = 0, terms: u32 = 0;
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]), pn = unchecked(CHILD_PN[i]);
    if (!isDrop(m)) {
      // A capture waiting for the first one counts as it (see SAME_SQUARE).
      const value = unchecked(CHILD_FLAGS[i]) & SAME_SQUARE ? unchecked(CHILD_PN[taker]) : pn;
      sum = saturatingAdd(sum, value);
      if (value != 0) terms++;
      largest = max(largest, value);
      continue;
    }
    // A square counts as its hardest drop.
    const to = moveTo(m);
    let before: u32 = 0;
    if (unchecked(SEEN[to]) != stamp) { unchecked(SEEN[to] = stamp); unchecked(SQUARE_PN[to] = 0); }
    else before = unchecked(SQUARE_PN[to]);
    if (pn <= before) continue;
    sum = saturatingAdd(sum - before, pn);
    unchecked(SQUARE_PN[to] = pn);
    if (before == 0) terms++;
    largest = max(largest, pn);
  }
  stamp++;
  return damped(sum, largest, terms);
}
const SQUARE_PN = changetype<StaticArray<u32>>(memory.data(81 * sizeof<u32>(), 16));

// The sums of proof numbers at AND nodes and of disproof numbers at OR nodes count a subtree
// once for every way to reach it (the search space is a graph, not a tree), and in problems
// with many drops they grow exponentially with depth: 墨酔38_H's root proof number passed a
// billion and saturated, every check looked the same, and the search went round the same
// positions for good. Beyond DAMP_FROM a sum grows only as its largest term plus the number of
// other terms: the values stay apart and keep growing with the work done. Below it (every
// tsume-dev problem, 寿) the sums are as they were. The result never falls as a term grows.
const DAMP_FROM: u32 = 1 << 20;
@inline function damped(sum: u32, largest: u32, terms: u32): u32 {
  if (sum <= DAMP_FROM) return sum;
  return max(DAMP_FROM, min(largest + terms - 1, INFINITE - 1));
}

@inline function setChild(i: i32, pn: u32, dn: u32, length: i32, flags: u8, loop: i32 = NO_LOOP): void {
  unchecked(CHILD_PN[i] = pn);
  unchecked(CHILD_DN[i] = dn);
  unchecked(CHILD_LENGTH[i] = length);
  unchecked(CHILD_FLAGS[i] = flags);
  unchecked(CHILD_LOOP[i] = loop);
}

/** A real reply leaves the attacker one ply less; a useless interposition's test may take two
 * more, the drop and its capture. (That test decides whether the interposition counts, and so
 * depends on the budget: tsume-dev #155 mates in 7 when it may take 8 more plies, in 9, as the
 * reference has it, with the 2. Of the other problems proven both ways none differs.) */
@inline function childBudget(isOr: bool, budget: i32, i: i32): i32 {
  return !isOr && (unchecked(CHILD_FLAGS[i]) & USELESS) ? budget + 1 : budget - 1;
}

/** The deepest a line may go: each ply of the path takes frames of the wasm call stack, which
 * V8 (Node, Chromium) overflowed, with repetitions not caught, past 4,327 plies of mid and 2,672
 * of direct. Deeper lines fail on the path. The longest known problem, ミクロコスモス, mates in
 * 1525. */
const MAX_DEPTH: i32 = 2400;

/** The start of mid and direct: counts the node and generates its moves from `start`.
 * Returns their end, or -1 when that settled the node (no move, or no room left). */
function expand(isOr: bool, start: i32, only: i32, key: u64, hand: u32): i32 {
  countNode();
  const end = isOr ? attackerMoves(start, only) : generate(LEGAL, start);
  if (end == start) {
    if (isOr) finish(INFINITE, 0, NO_LENGTH, 0, NO_LOOP, key, hand, ALWAYS, 1, only == NO_SQUARE ? uncheckableDisproof(hand) : hand);
    else finish(0, INFINITE, 0, 0, NO_LOOP, key, hand, 0, 1, only == NO_SQUARE ? matedProof() : hand);
    return -1;
  }
  if (end + MAX_MOVES * 2 > MOVE_SLOTS || ply - rootPly >= MAX_DEPTH) { unsettled(true); return -1; }
  return end;
}

/** openChild for a move that waited (its board key was not worked out with the others). */
function openWaiting(j: i32, isOr: bool, budget: i32, scratch: i32, only: i32, hand: u32): void {
  unchecked(CHILD_BOARD[j] = boardKeyAfter(unchecked(MOVES[j])));
  openChild(j, isOr, budget, scratch, only, hand);
}

/** Give child i its first estimate (a drop that may be useless is tested as one first). */
function openChild(i: i32, isOr: bool, budget: i32, scratch: i32, only: i32, hand: u32): void {
  const m = unchecked(MOVES[i]), childOnly = onlyFor(isOr, i);
  if (!knownChild(i, !isOr, m, childBudget(isOr, budget, i), childOnly, hand, only != NO_SQUARE)) {
    playMove(m, only);
    estimateChild(i, !isOr, scratch, childOnly, hand);
    takeBack(only);
  }
  if (!isOr && (unchecked(CHILD_FLAGS[i]) & USELESS) && unchecked(CHILD_DN[i]) == 0) countAsDefence(i, budget, scratch);
}

/** Whether reply i, just opened, refutes the check on any path and within any budget (not a
 * useless-interposition candidate): of all the replies, the node keeps the first that refutes so
 * (see mid's end), so the replies after it are not opened, and their look-aheads and first
 * estimates are spared. The node's result is the same; the table holds fewer first estimates.
 * 寿 6,098,370 nodes (6,378,980), 7.38-7.54 s against 7.98-8.43 s in turn; tsume-dev under 2 M-node
 * caps 50,882,277 (50,948,525); Astral Traveler 5.91 M (6.32 M), 無銭旅行 8.11 M (8.24 M), 橋本
 * 10.03 M (9.09 M), ゴゴノソラ 6.30 M (4.47 M); in one run each, the eight long problems proven
 * within a minute took 50.1 s against 54.8 s, ゴゴノソラ alone slower (6.35 s, 6.04 s), 橋本 and
 * 無銭旅行 with half the table; ミクロコスモス proven at 92.3 M nodes (101.2 M), 墨酔38_H a mate in
 * 55 proven at 41.6 s (not proven within 60 s). Tried too: checks that mate at once sparing the
 * other checks as well (寿 6.58 M nodes; those alone, 6.47 M); replies only deeper than DEEP
 * (6.57 M); refutations within the budget too (tsume-dev under 2 M-node caps 50.35 M, the slowest
 * proofs and #175's 29 no sooner). */
@inline function refutesOutright(i: i32): bool {
  return unchecked(CHILD_DN[i]) == 0 && !(unchecked(CHILD_FLAGS[i]) & (USELESS | BUDGET_CUT)) && unchecked(CHILD_LOOP[i]) == NO_LOOP;
}

// Delayed moves: a move that rarely does better than another of the node waits until that one is
// settled against the side to move (if it succeeds, the other does not matter), and counts as
// failing until then.
// - Interpositions: of the drops on one square only the first is searched; the next one is
//   opened when it is proven.
// - Non-promotions of a pawn, bishop or rook: the promoted piece moves everywhere the unpromoted
//   one does, so the plain move wins only by what it leaves undone (a pawn-drop mate it does
//   not forbid): it is opened once its promotion, generated just before it, has failed. A mate
//   that needs it is still found, and a shorter one through it is found by the search for a
//   shorter mate, in which the promotion fails within the smaller budget.
// - A lance drop, where a rook could be dropped on the same square: the rook covers everything
//   the lance does, so the lance wins only by the rook it keeps in hand. tsume-dev under 2 M-node
//   caps 52.29 M nodes and 190 proven (51.97 M, 189); to their proofs #46 2.59 M nodes (3.58 M),
//   #181 11.4 M (12.4 M), #108 17.6 M (18.0 M), #126 17.7 M (17.9 M); 寿 6.55 M (6.61 M),
//   Astral390 2.17 M (2.23 M).
const HIDDEN: u8 = 8;
@inline function hide(i: i32, isOr: bool): void {
  const flags = unchecked(CHILD_FLAGS[i]) | HIDDEN;
  if (isOr) setChild(i, INFINITE, 0, NO_LENGTH, flags);
  else setChild(i, 0, INFINITE, -1, flags);
}

/** Whether check i, a lance drop, waits for a rook drop on its square (drops are generated pawn
 * first, so the rook's comes later). */
function waitsForRookDrop(i: i32, end: i32): bool {
  const m = unchecked(MOVES[i]);
  if (!isDrop(m) || moveDroppedType(m) != LANCE) return false;
  const rook = makeDrop(ROOK, moveTo(m));
  for (let j = i + 1; j < end; j++) if (unchecked(MOVES[j]) == rook) return true;
  return false;
}

/** Whether move i (not a drop) waits for its promotion, at i - 1. */
function waitsForPromotion(i: i32, start: i32): bool {
  const m = unchecked(MOVES[i]);
  if (isDrop(m) || (m & MOVE_PROMOTE) || i == start || unchecked(MOVES[i - 1]) != (m | MOVE_PROMOTE)) return false;
  const type = typeOf(unchecked(board[moveFrom(m)]));
  return type == PAWN || type == BISHOP || type == ROOK;
}

/** Whether child i has failed for the side to move at its parent. */
@inline function failed(isOr: bool, i: i32): bool {
  return (isOr ? unchecked(CHILD_DN[i]) : unchecked(CHILD_PN[i])) == 0 && !(unchecked(CHILD_FLAGS[i]) & HIDDEN);
}

/** Child i, just failed, lets the move waiting for it be searched. */
function revealAfter(i: i32, isOr: bool, budget: i32, start: i32, end: i32, only: i32, hand: u32, taker: i32): void {
  const m = unchecked(MOVES[i]);
  if (!isDrop(m)) {
    const j = i + 1;
    if (j < end && (unchecked(CHILD_FLAGS[j]) & HIDDEN) && !(unchecked(CHILD_FLAGS[j]) & SAME_SQUARE) && (m & MOVE_PROMOTE)) {
      unchecked(CHILD_FLAGS[j] &= ~HIDDEN);
      openWaiting(j, isOr, budget, end, only, hand);
    }
    if (i == taker) revealLikePieces(i, budget, end, hand);
    return;
  }
  if (isOr) {
    // A rook drop lets the lance drop on its square, generated before it, be searched.
    if (moveDroppedType(m) != ROOK) return;
    const lance = makeDrop(LANCE, moveTo(m));
    for (let j = start; j < i; j++) {
      if (unchecked(MOVES[j]) != lance || !(unchecked(CHILD_FLAGS[j]) & HIDDEN)) continue;
      unchecked(CHILD_FLAGS[j] &= ~HIDDEN);
      openWaiting(j, true, budget, end, only, hand);
      return;
    }
    return;
  }
  const to = moveTo(m);
  for (let j = i + 1; j < end; j++) {
    const next = unchecked(MOVES[j]);
    if (!isDrop(next) || moveTo(next) != to) continue;
    if (unchecked(CHILD_FLAGS[j]) & HIDDEN) {
      unchecked(CHILD_FLAGS[j] &= ~HIDDEN);
      openWaiting(j, false, budget, end, NO_SQUARE, hand);
    }
    if (unchecked(CHILD_PN[j]) != 0) return;
  }
}

// ---- Like pieces that take the checker: one search, then simulation -----------------------
// Where the defender can take the checker with one of several like pieces (寿, move 260: three
// tokins can take the knight on 7g), the positions differ only by where the piece came from, and
// their mates are mostly the same moves: 寿's three are mates in 351, each 6.7-7.8 M nodes solved
// alone. Searched side by side they cost as much each. So only the first is searched; the others
// wait (SAME_SQUARE) and count as it in the proof number. Once it is proven, each is proven by
// following its proof (Kawano's simulation): at the attacker's turn the check whose counterpart is
// proven in the table, at the defender's every reply. Only moves generated here are played, so
// what it proves is proven; the counterpart only guides. Where there is nothing to follow (the
// squares where the two differ, entries the table has replaced) a small search fills in; what it
// cannot prove is searched as usual.
// Only deeper than DEEP plies, where long problems go, and only captures: a waiting reply may be
// the one that refutes, and the search then takes the long way round. At every depth tsume-dev
// took 2% more nodes; with moves of like pieces to any square, Astral Traveler 6.44 M nodes.
// 寿: 7.40 M nodes instead of 12.25 M; Astral390 2.31 M (2.38 M); Astral Traveler 6.15 M (5.97 M).
const SAME_SQUARE: u8 = 64;
/** The first reply that takes the checker (not with the king), under the current stamp. */
let takerStamp: u32 = 0;
let takerAt: i32 = -1;

/** Whether reply i takes the checker with a piece like the first reply that does (then it waits
 * for that one: hidden, SAME_SQUARE). Asked of the replies in order, within one stamp. */
function waitsForLikePiece(i: i32): bool {
  const m = unchecked(MOVES[i]);
  if (isDrop(m) || moveFrom(m) == unchecked(kingSquare[sideToMove]) || !has(checkers(), moveTo(m))) return false;
  if (takerStamp != stamp) {
    takerStamp = stamp;
    takerAt = i;
    return false;
  }
  if (landingPiece(unchecked(MOVES[takerAt])) != landingPiece(m)) return false;
  hide(i, false);
  unchecked(CHILD_FLAGS[i] |= SAME_SQUARE);
  return true;
}

/** The first capture i is proven: the captures waiting for it are proven by following its proof,
 * or opened. */
function revealLikePieces(i: i32, budget: i32, end: i32, hand: u32): void {
  for (let j = i + 1; j < end; j++) {
    if (!(unchecked(CHILD_FLAGS[j]) & SAME_SQUARE)) continue;
    unchecked(CHILD_FLAGS[j] &= ~(HIDDEN | SAME_SQUARE));
    const length = simulating ? -1 : simulateAfter(unchecked(MOVES[i]), unchecked(MOVES[j]), childBudget(false, budget, j), end);
    if (length >= 0) {
      setChild(j, 0, INFINITE, length, unchecked(CHILD_FLAGS[j]));
      unchecked(CHILD_PIECES[j] = hand);
    } else if (aborted) setChild(j, 1, 1, NO_LENGTH, unchecked(CHILD_FLAGS[j])); // open, to be looked at again
    else openWaiting(j, false, budget, end, NO_SQUARE, hand);
  }
}

/** Key difference between the position tried and its counterpart, the squares where they differ
 * (a move that touches one has no counterpart), and the nodes a try may still take. */
let simDelta: u64 = 0;
let simSquares: v128 = v128.splat<i64>(0);
let simNodesLeft: i64 = 0;
let simulating = false;
const SIMULATION_NODES: i64 = 1 << 20;   // a try
const SIMULATION_SEARCH_NODES: i64 = 2000; // a search where there is nothing to follow
/** Tries that failed, by key: not made again when their parent is entered again. */
const FAILED_TRY_BITS: i32 = 12;
const FAILED_TRIES = changetype<StaticArray<u64>>(memory.data((1 << FAILED_TRY_BITS) * sizeof<u64>(), 16));

@inline function failedSlot(key: u64): i32 { return <i32>(key >> (64 - FAILED_TRY_BITS)); }
/** Whether a try from the position of this key failed before. */
@inline function failedBefore(key: u64): bool { return unchecked(FAILED_TRIES[failedSlot(key)]) == key; }

/** A try: the proven length of the current position (key) found by following the proof of its
 * counterpart (key ^ delta; they differ on `squares`) within maxNodes, or -1. */
function tryFollowing(isOr: bool, budget: i32, scratch: i32, key: u64, delta: u64, squares: v128, maxNodes: i64): i32 {
  if (failedBefore(key)) return -1;
  simDelta = delta;
  simSquares = squares;
  simNodesLeft = maxNodes;
  simulating = true;
  const length = simulate(isOr, budget, scratch, NO_SQUARE);
  simulating = false;
  if (length < 0 && !aborted) unchecked(FAILED_TRIES[failedSlot(key)] = key);
  return length;
}

/** The proven length of the position after the defender's reply `tried`, found by following the
 * proof of the one after `proven` (a like piece taking the same checker), or -1. */
function simulateAfter(proven: u32, tried: u32, budget: i32, scratch: i32): i32 {
  const delta = boardKeyAfter(proven) ^ boardKeyAfter(tried);
  const squares = or(squareBB(moveFrom(proven)), squareBB(moveFrom(tried)));
  doMove(tried);
  const length = tryFollowing(true, budget, scratch, nodeKey(NO_SQUARE), delta, squares, SIMULATION_NODES);
  undoMove();
  return length;
}

/** Prove the current position within `budget` by following its counterpart's proof, or where
 * there is none to follow by a small search: its length, or -1. */
function simulate(isOr: bool, budget: i32, start: i32, only: i32): i32 {
  const key = nodeKey(only), hand = packHand(attacker);
  const own = probe(key, hand, budget);
  if (own == 1) return foundLength;
  if (own == 2 || simNodesLeft <= 0 || aborted || repeatsOnPath()) return -1;
  enterPath(hand);
  let length = probe(key ^ simDelta, hand, budget) == 1 ? followCounterpart(isOr, budget, start, only, key, hand) : -1;
  if (length < 0 && !aborted) {
    const before = nodes;
    searchAside(isOr, budget, start, min(min(simNodesLeft, SIMULATION_SEARCH_NODES), nodesLeft), only);
    // The slice pays for it too, so that a solve still answers within its slices.
    const used = <i64>(nodes - before);
    simNodesLeft -= used;
    nodesLeft -= used;
    if (nodesLeft <= 0) aborted = true;
    else if (resultPn == 0) length = resultLength;
  }
  leavePath();
  return length;
}

// ---- Rounds: the same position with a defender's tokin fewer ------------------------------
// A long problem may go round the same manoeuvre again and again, each round with a defender's
// tokin fewer on the board, far from the king (寿: a tokin takes the attacker's knight, which
// comes back for the next). The positions of one round and the next differ by that tokin alone,
// and each round proved the same defences again: 寿's king escape 8e9f took 290 k nodes at move
// 260, 397 k at 346 and 631 k at 432. So a proof that took work deep in the tree is remembered
// under the board's key without the defender's tokins; a child that finds another position
// there is first proven by following that one's proof (simulation, as above), once its parent's
// children are all open (a search in the middle of mid's first loop would upset its stamps).
// 寿: 6.45 M nodes instead of 7.40 M, the first mate at 4.26 M instead of 6.42 M; Astral390
// 2.38 M (2.31 M), Astral Traveler 6.21 M (6.15 M); tsume-dev unchanged. Refutations followed
// the same way did not pay: most of a refutation rests on repetitions, which the table does not
// keep (寿 6.80 M).
// A proof's work is counted over all its searches, not the last one alone (the table's total):
// 橋本 7.49 M nodes instead of 9.11 M, シンメトリー 7.28 M (7.99 M), 無銭旅行 8.10 M (8.77 M),
// ゴゴノソラ 9.22 M (9.53 M), but Astral Traveler 6.37 M (6.16 M). With ROUND_WORK 1,000, or
// 5,000, 橋本 took 10.9 M or 16.9 M.
const ROUND_BITS: i32 = 12;
const ROUND_KEY = changetype<StaticArray<u64>>(memory.data((1 << ROUND_BITS) * sizeof<u64>(), 16));
const ROUND_FULL = changetype<StaticArray<u64>>(memory.data((1 << ROUND_BITS) * sizeof<u64>(), 16));
const ROUND_TOKINS = changetype<StaticArray<v128>>(memory.data((1 << ROUND_BITS) * sizeof<v128>(), 16));
/** The least work (nodes) a proof is remembered for, and the most a try may take. */
const ROUND_WORK: u32 = 2000;
const ROUND_NODES: i64 = 1 << 14;
// A child to try that way (set by knownChild; mid tries those opened by its first loop, and the
// flag of one opened later, when a move waiting for another is revealed, is never read).
const ROUND_TRY: u8 = 2;

@inline function defenderTokins(): v128 { return piecesOf(attacker ^ 1, PRO_PAWN); }
/** The board's key without the defender's tokins. */
@inline function roundKey(tokins: v128): u64 { return unchecked(stBoardKey[ply]) ^ tokinsKey(tokins); }
/** The keys of the defender's tokins, combined. Most moves leave them as they were, so the
 * last set asked is remembered (寿: 2.3% fewer instructions). */
function tokinsKey(tokins: v128): u64 {
  if (!any(xor(tokins, lastTokins))) return lastTokinsKey;
  lastTokins = tokins;
  let key: u64 = 0;
  const tokin = makePiece(attacker ^ 1, PRO_PAWN);
  while (any(tokins)) {
    key ^= pieceZobrist(tokin, lsb(tokins));
    tokins = popLsb(tokins);
  }
  lastTokinsKey = key;
  return key;
}
let lastTokins: v128 = i64x2.splat(0);
let lastTokinsKey: u64 = 0;
@inline function roundSlot(k2: u64): i32 { return <i32>(k2 >> (64 - ROUND_BITS)); }

/** Remember the current position (key), just proven with work. */
function rememberRound(key: u64): void {
  const tokins = defenderTokins();
  if (!any(tokins) || key != nodeKey(NO_SQUARE)) return;
  const k2 = roundKey(tokins), slot = roundSlot(k2);
  unchecked(ROUND_KEY[slot] = k2);
  unchecked(ROUND_FULL[slot] = key);
  unchecked(ROUND_TOKINS[slot] = tokins);
}

/** The slot of a proof of another round for the current position (key), else -1. */
@inline function roundToFollow(key: u64): i32 { return roundSlotFor(roundKey(defenderTokins()), key); }
/** The round key of the position after move m (its board key `board`), without playing m. */
@inline function roundKeyAfter(m: u32, board: u64): u64 { return board ^ tokinsKey(defenderTokinsAfter(m)); }
function roundSlotFor(k2: u64, key: u64): i32 {
  const slot = roundSlot(k2);
  const other = unchecked(ROUND_KEY[slot]) == k2 && unchecked(ROUND_FULL[slot]) != key;
  return other && !failedBefore(key) ? slot : -1;
}
/** The defender's tokins after move m: one taken by the attacker is gone, one moved or made by
 * the defender's move is where it goes. */
function defenderTokinsAfter(m: u32): v128 {
  const tokins = defenderTokins();
  if (isDrop(m)) return tokins;
  const from = moveFrom(m), to = moveTo(m);
  if (sideToMove == attacker) return andNot(tokins, squareBB(to));
  const type = typeOf(unchecked(board[from]));
  return type == PRO_PAWN || (type == PAWN && isPromotion(m)) ? or(andNot(tokins, squareBB(from)), squareBB(to)) : tokins;
}

// The attacker's wrong checks come round too: in ゴゴノソラ the same few checks were refuted
// again in round after round, each time with tens of thousands of nodes. So a defender's
// position refuted for good with work is remembered under its round key as well, and a check
// that leads to such a position in another round gets a first estimate REFUTED_ROUND_PENALTY
// times harder: it is searched once the other checks look no easier. It is only an estimate:
// nothing is taken as refuted. ゴゴノソラ 9.53 M nodes (25.78 M); 寿 6.57 M (6.55 M); Astral390,
// Astral Traveler, 無銭旅行, 橋本, シンメトリー and 墨酔38_H take the same nodes, tsume-dev too.
// The work is the last search's: counted over all, as for proofs, 寿 took 7.19 M and 橋本
// 10.08 M. Positions refuted with 2,000 nodes or more, 4 times harder: 寿 6.32 M, ゴゴノソラ 13.6 M,
// but 橋本 11.0 M (9.11 M).
const REFUTED_ROUND = changetype<StaticArray<u64>>(memory.data((1 << ROUND_BITS) * sizeof<u64>(), 16));
const REFUTED_ROUND_WORK: u32 = 20000;
const REFUTED_ROUND_PENALTY: u32 = 16;
/** Remember the current position, the defender to move, just refuted for good with work. */
function rememberRefutedRound(): void {
  const tokins = defenderTokins();
  if (!any(tokins)) return;
  const k2 = roundKey(tokins);
  unchecked(REFUTED_ROUND[roundSlot(k2)] = k2);
}
@inline function refutedInAnotherRound(k2: u64): bool { return unchecked(REFUTED_ROUND[roundSlot(k2)]) == k2; }

/** Child i, still open, is proven by following the proof of another round, if it can be. */
function followRound(i: i32, isOr: bool, budget: i32, scratch: i32, only: i32, parentHand: u32): void {
  const flags = unchecked(CHILD_FLAGS[i]) & ~ROUND_TRY;
  unchecked(CHILD_FLAGS[i] = flags);
  if (unchecked(CHILD_PN[i]) == 0 || unchecked(CHILD_DN[i]) == 0 || aborted) return;
  playMove(unchecked(MOVES[i]), only);
  const key = nodeKey(NO_SQUARE), hand = packHand(attacker), slot = roundToFollow(key);
  const length = slot < 0 ? -1 : tryFollowing(!isOr, childBudget(isOr, budget, i), scratch, key,
    key ^ unchecked(ROUND_FULL[slot]), xor(defenderTokins(), unchecked(ROUND_TOKINS[slot])), ROUND_NODES);
  takeBack(only);
  if (length < 0) return;
  setChild(i, 0, INFINITE, length, flags);
  unchecked(CHILD_PIECES[i] = proofToParent(hand, hand, parentHand));
}

/** simulate's step: this node's moves, each child's counterpart looked up. */
function followCounterpart(isOr: bool, budget: i32, start: i32, only: i32, key: u64, hand: u32): i32 {
  const nodesBefore = nodes;
  countNode();
  simNodesLeft--;
  if (aborted) return -1;
  const end = isOr ? attackerMoves(start, only) : generate(LEGAL, start);
  if (end + MAX_MOVES * 2 > MOVE_SLOTS || ply - rootPly >= MAX_DEPTH) return -1;
  let length = -1;
  if (isOr) {
    // The check whose counterpart has the shortest proof.
    let best = -1, bestLength = NO_LENGTH;
    for (let i = start; i < end; i++) {
      const m = unchecked(MOVES[i]);
      if (has(simSquares, moveTo(m)) || (!isDrop(m) && has(simSquares, moveFrom(m)))) continue;
      playMove(m, only);
      if (probe(nodeKey(NO_SQUARE) ^ simDelta, packHand(attacker), budget - 1) == 1 && foundLength < bestLength) { best = i; bestLength = foundLength; }
      takeBack(only);
    }
    if (best < 0) return -1;
    playMove(unchecked(MOVES[best]), only);
    const child = simulate(false, budget - 1, end, NO_SQUARE);
    takeBack(only);
    if (child < 0) return -1;
    length = child + 1;
  } else {
    // Every reply, as mid counts them: a useless interposition by its capture, else as a defence.
    for (let i = start; i < end; i++) {
      const m = unchecked(MOVES[i]);
      let useless = isUselessInterposition(m);
      doMove(m);
      let child = simulate(true, useless ? budget + 1 : budget - 1, end, useless ? moveTo(m) : NO_SQUARE);
      if (child < 0 && useless && !aborted) { useless = false; child = simulate(true, budget - 1, end, NO_SQUARE); }
      undoMove();
      if (child < 0) return -1;
      length = max(length, replyLength(child, useless));
    }
    length++;
  }
  record(key, hand, 0, INFINITE, length, 0, work(nodesBefore), ply - rootPly);
  return length;
}

/** Plies from the root beyond which only long problems search (see the 1 + epsilon trick and
 * firstEstimateWeight). */
const DEEP: i32 = 64;

// The table doubles once replacements have thrown out enough entries that cost work (table.ts).
// Counting only entries searched 8 nodes or more, a short problem's table filled with entries
// searched a node or a few, whose look-aheads (which the node count leaves out) were then done
// again and again: tsume-dev #175's first 3.93 M nodes took 14.00 G instructions in 32 MiB, and
// 12.25 G in 64 MiB counting entries of 2 nodes or more (its mate of 29 found at 1.78-1.86 s
// instead of 2.20-2.37 s, run side by side); tsume-dev under 2 M-node caps, 51.31 M nodes (50.88
// M) in 14.6-15.7 s (14.5-17.0 s). Long problems do better with 8: with 2 throughout,
// ミクロコスモス was not proven in 300 s with 256 MiB. So 2 holds until the search first goes
// deeper than DEEP plies, which only long problems do, early: 寿, 橋本587手詰, 無銭旅行 and Astral
// Traveler search the same nodes as before; ミクロコスモス is proven at 86.2 M nodes with 1000 MiB
// (92.3 M), 94.3 M with 256 MiB (96.6 M).
let wentDeep = false;
function goneDeep(): void {
  wentDeep = true;
  setShallowSearch(false);
}

/** Search the current position until its pn or dn reaches a threshold. */
function mid(isOr: bool, thresholdPn: u32, thresholdDn: u32, budget: i32, start: i32, only: i32, forced: bool = false): void {
  if (budget <= DIRECT_BUDGET) { direct(isOr, budget, start, only); return; }
  if (!wentDeep && ply - rootPly > DEEP) goneDeep();
  // The table is indexed by the board alone, so that hands can be compared (superiority).
  const key = nodeKey(only), hand = packHand(attacker);
  let end = expand(isOr, start, only, key, hand);
  if (end < 0) return;
  const nodesBefore = nodes;
  let hadUseless = false;
  // Which moves wait for another (hidden); the others are opened below.
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]);
    unchecked(CHILD_FLAGS[i] = 0);
    if (!isOr && isDrop(m)) {
      // Whether an interposition is useless depends on its square alone: asked once a square.
      const to = moveTo(m), first = unchecked(SEEN[to]) != stamp;
      if (first) {
        unchecked(SEEN[to] = stamp);
        unchecked(USELESS_AT[to] = isUselessInterposition(m) ? USELESS : 0);
      }
      unchecked(CHILD_FLAGS[i] = unchecked(USELESS_AT[to]));
      if (unchecked(USELESS_AT[to])) hadUseless = true;
      // Drops on a square after the first wait until the one before them is proven.
      if (!first) { hide(i, isOr); continue; }
    }
    if (waitsForPromotion(i, start)) { hide(i, isOr); continue; }
    if (isOr && waitsForRookDrop(i, end)) { hide(i, isOr); continue; }
    if (!isOr && ply - rootPly > DEEP) waitsForLikePiece(i);
    unchecked(CHILD_BOARD[i] = boardKeyAfter(m));
  }
  // Each child opened is looked up in the table: fetch their buckets together (寿, tsume-dev
  // #108: 5-7% faster; direct does it for the checks only, see there), and
  // only theirs (a third of the moves wait in tsume-dev #126, which then ran 0-6% faster).
  if (tableOutgrowsCaches()) {
    let n = 0;
    for (let i = start; i < end; i++) {
      if (unchecked(CHILD_FLAGS[i]) & HIDDEN) continue;
      unchecked(TOUCH_KEYS[n++] = unchecked(CHILD_BOARD[i]));
    }
    touchAll(n, isOr);
  }
  for (let i = start; i < end; i++) {
    if (unchecked(CHILD_FLAGS[i]) & HIDDEN) continue;
    openChild(i, isOr, budget, end, only, hand);
    // A reply that refutes outright settles the node as the others would (see refutesOutright).
    if (!isOr && refutesOutright(i)) { end = i + 1; break; }
  }
  // The first capture of the checker, for the like pieces' captures that wait for it (else -1).
  const taker = !isOr && takerStamp == stamp ? takerAt : -1;
  stamp++;
  // Moves that failed at once open the ones waiting for them.
  for (let i = start; i < end; i++) if (failed(isOr, i)) revealAfter(i, isOr, budget, start, end, only, hand, taker);
  for (let i = start; i < end; i++) {
    if (!(unchecked(CHILD_FLAGS[i]) & ROUND_TRY)) continue;
    followRound(i, isOr, budget, end, only, hand);
    // A reply proven so lets the replies waiting for it be searched, as one proven any other way:
    // until then they count as mated (hide), and the node could be proven without them (無銭旅行
    // at 64 MiB: a mate in 555 passed for the shortest, where none within 87 exists from a
    // position its proof claimed mated in 87).
    if (failed(isOr, i)) revealAfter(i, isOr, budget, start, end, only, hand, taker);
  }
  let pn: u32 = 0, dn: u32 = 0;
  while (true) {
    // Combine the children: OR takes the easiest proof, AND needs them all.
    let best = start, bestValue: u32 = INFINITE + 1, second: u32 = INFINITE + 1, bestOther: u32 = 0;
    // An OR node's disproof number is summed here; an AND node's proof number groups drops
    // (andProofNumber).
    let sum: u32 = 0, largest: u32 = 0, terms: u32 = 0;
    // A useless-interposition candidate is searched only once every real reply is mated: one
    // real reply that escapes refutes the check whatever the candidates do, and their tests (a
    // mate after the capture, see RESTRICTED) took a quarter of tsume-dev #126's nodes and a
    // third of #108's in the search for a shorter mate. They still count in the proof number.
    // tsume-dev under 2 M-node caps: 51.97 M nodes and 189 proven, against 56.27 M and 188;
    // #181 12.4 M nodes to its proof (14.7 M), #108 18.0 M (19.9 M), #126 17.9 M (20.1 M), but
    // #46 3.58 M (3.00 M); 寿 6.61 M (6.69 M), Astral390 2.23 M (2.54 M).
    let candidatesWait = false;
    if (!isOr && hadUseless) {
      for (let i = start; i < end; i++) {
        if (!(unchecked(CHILD_FLAGS[i]) & USELESS) && unchecked(CHILD_PN[i]) != 0) { candidatesWait = true; break; }
      }
    }
    // One loop for each kind of node: this runs for every child at every step of the search
    // (寿, 300 k nodes: 19 M fewer instructions than one loop asking isOr of each child).
    if (isOr) {
      for (let i = start; i < end; i++) {
        const provable = unchecked(CHILD_PN[i]), other = unchecked(CHILD_DN[i]);
        sum = saturatingAdd(sum, other);
        largest = max(largest, other);
        if (other != 0) terms++;
        if (provable < bestValue) { second = bestValue; bestValue = provable; best = i; }
        else if (provable < second) second = provable;
      }
    } else {
      for (let i = start; i < end; i++) {
        const provable = candidatesWait && (unchecked(CHILD_FLAGS[i]) & USELESS) ? INFINITE : unchecked(CHILD_DN[i]);
        const other = unchecked(CHILD_PN[i]);
        // Of replies equally easy to refute, the defender tries the hardest to mate first: the
        // likeliest to refute, and it must be proven anyway (tsume-dev: 5% fewer nodes).
        if (provable < bestValue || (provable == bestValue && other > bestOther)) { second = bestValue; bestValue = provable; best = i; bestOther = other; }
        else if (provable < second) second = provable;
      }
    }
    if (isOr) { pn = bestValue; dn = damped(sum, largest, terms); } else { dn = bestValue; pn = andProofNumber(start, end, taker); }
    if (forced) {
      // Entered to make progress (see below): search at least one child before leaving.
      if (pn < INFINITE && thresholdPn <= pn) thresholdPn = pn + 1;
      if (dn < INFINITE && thresholdDn <= dn) thresholdDn = dn + 1;
    }
    if (pn == 0 || dn == 0 || pn >= thresholdPn || dn >= thresholdDn || aborted) break;
    let childPn: u32, childDn: u32;
    // The 1 + epsilon trick: let the best child run a little past the second best, so the
    // search does not bounce between two children of nearly equal promise. The attacker's
    // checks get more room (epsilon 1/2) than the defender's replies (1/4): 寿 took 21% fewer
    // nodes than with 1/4 for both, tsume-dev 5% fewer. Deeper than DEEP plies, where only long
    // problems go, the checks get epsilon 1: 寿 6% fewer nodes again (13.8 M), Astral Traveler
    // proven in 7.7 M instead of 8.5 M. Everywhere, 1 cost tsume-dev 7%; 3 deep sent 雪月花256
    // round in circles.
    if (isOr) {
      const room = ply - rootPly > DEEP ? second : second >> 1;
      childPn = min(thresholdPn, max(second + 1, second + room));
      childDn = thresholdDn - dn + unchecked(CHILD_DN[best]);
    } else {
      childDn = min(thresholdDn, max(second + 1, second + (second >> 2)));
      childPn = thresholdPn - pn + unchecked(CHILD_PN[best]);
    }
    if (childPn > INFINITE) childPn = INFINITE;
    if (childDn > INFINITE) childDn = INFINITE;
    playMove(unchecked(MOVES[best]), only);
    const childHand = packHand(attacker);
    enterPath(childHand);
    // Threshold control against endless loops (after Kishimoto's TCA): a child searched before
    // nearer the root may hold values from another path (repetitions there count against the
    // attacker), so that it would return at once, unsettled, and the search could go round the
    // same nodes for good. Such a child, and below it every child searched before, must search
    // a child of its own; a node never searched ends the chain, so each such descent reaches a
    // new node. (雪月花 went round 30 MiB of positions for 12 s; with this it keeps growing.)
    const bestFlags = unchecked(CHILD_FLAGS[best]);
    const childForced = (bestFlags & OLD) != 0 || (forced && (bestFlags & FRESH) == 0);
    forced = false;
    mid(!isOr, childPn, childDn, childBudget(isOr, budget, best), end, onlyFor(isOr, best), childForced);
    leavePath();
    takeBack(only);
    if (resultPn == 0) unchecked(CHILD_PIECES[best] = proofToParent(resultPieces, childHand, hand));
    else if (resultDn == 0) unchecked(CHILD_PIECES[best] = disproofToParent(resultPieces, childHand, hand));
    const useless = unchecked(CHILD_FLAGS[best]) & USELESS;
    setChild(best, resultPn, resultDn, resultLength, useless | resultFlags, resultLoop);
    if (useless && resultDn == 0) countAsDefence(best, budget, end);
    if (failed(isOr, best)) revealAfter(best, isOr, budget, start, end, only, hand, taker);
    if (nodesLeft <= 0) aborted = true;
  }
  if (pn == 0) {
    // A useless interposition's drop and capture do not count (see replyLength).
    let length = isOr ? NO_LENGTH : -1, proof: u32 = 0;
    for (let i = start; i < end; i++) {
      if (isOr) {
        if (unchecked(CHILD_PN[i]) == 0 && unchecked(CHILD_LENGTH[i]) < length) {
          length = unchecked(CHILD_LENGTH[i]);
          proof = unchecked(CHILD_PIECES[i]);
        }
      } else {
        const l = replyLength(unchecked(CHILD_LENGTH[i]), (unchecked(CHILD_FLAGS[i]) & USELESS) != 0);
        if (l > length) length = l;
        proof = handUnion(proof, unchecked(CHILD_PIECES[i]));
      }
    }
    finish(0, INFINITE, length + 1, 0, NO_LOOP, key, hand, 0, work(nodesBefore), nodeProof(isOr, proof, hand, only, hadUseless));
    return;
  }
  if (dn == 0) {
    // Which refutations was this one built on: path-dependent or budget-bound ones?
    let flags: u8 = 0, loop = NO_LOOP, pieces: u32 = 0;
    if (isOr) {
      pieces = allPieces(attacker);
      for (let i = start; i < end; i++) {
        flags |= unchecked(CHILD_FLAGS[i]) & BUDGET_CUT;
        loop = min(loop, unchecked(CHILD_LOOP[i]));
        pieces = handIntersection(pieces, unchecked(CHILD_PIECES[i]));
      }
      pieces = only == NO_SQUARE ? keepWhatAttackerLacks(pieces, hand) : hand;
    } else {
      // The one refutation that holds most widely: off the path first, then at any budget.
      flags = BUDGET_CUT; loop = -1;
      let chosen = start;
      for (let i = start; i < end; i++) {
        if (unchecked(CHILD_DN[i]) != 0) continue;
        const f = unchecked(CHILD_FLAGS[i]) & BUDGET_CUT, l = unchecked(CHILD_LOOP[i]);
        if (l > loop || (l == loop && f < flags)) { flags = f; loop = l; chosen = i; }
      }
      pieces = refutedByReply(unchecked(MOVES[chosen]), unchecked(CHILD_PIECES[chosen]), hand);
    }
    finish(INFINITE, 0, NO_LENGTH, flags, loop, key, hand, flags & BUDGET_CUT ? budget : ALWAYS, work(nodesBefore), pieces);
    return;
  }
  finish(pn, dn, NO_LENGTH, 0, NO_LOOP, key, hand, 0, work(nodesBefore));
}

// ---- Small budgets: depth-first ------------------------------------------------------------
// Close to the budget's end a subtree is small, and df-pn's bookkeeping costs more than it
// saves: every reply of an AND node gets a look-ahead, and thresholds send the search back
// into the same nodes again and again. There the node is settled depth-first instead: replies
// one by one until one refutes, checks one by one until one mates. Results are the same as
// mid's and go to the table the same way.
// With 5 plies left rather than 3, the moves are first put in order (orderMoves), as df-pn's
// look-ahead would choose them: tsume-dev at 10 s each took 55.7-56.3 s against 61.1-65.7 s (runs
// side by side), and #108 and #126 are proven shortest within it (6.5-6.9 s and 7.4-7.7 s); 寿
// and Astral390 take as long. Without the order, 5 was mixed (#175 lost its proof); 7 did worse.
// 4 takes fewer nodes but more time: the attacker's nodes with 5 plies left are then df-pn's, and
// each of their checks gets a look-ahead. tsume-dev under 2 M-node caps took 47.70 M nodes
// against 51.63 M, but #108 was proven in 7.0-9.6 s against 4.8-5.0 s and #126 in 6.5-6.8 s
// against 4.6 s (runs in turn), and #46, #145, #152 and #173 to their proofs took 21.22 G
// instructions against 20.23 G with a fifth fewer nodes. Count instructions, not nodes, here.
const DIRECT_BUDGET: i32 = 5; // at least 2: knownChild relies on it
/** From this budget up, direct puts the moves in order first. */
const ORDERED_BUDGET: i32 = 4;
/** Added to a useless-interposition candidate's count in orderMoves: more than any count of checks. */
const CANDIDATE_LATE: u32 = 1 << 20;

/** The board keys of the children about to be looked up (at most MAX_MOVES). */
const TOUCH_KEYS = changetype<StaticArray<u64>>(memory.data(MAX_MOVES * sizeof<u64>(), 16));
/** Touch the buckets of the first n keys of TOUCH_KEYS, worked out beforehand, in a loop that
 * only loads: more of the loads wait for memory at once than when each waits behind the work of
 * computing the next key (寿, five runs each in turn: median 9,319 ms against 9,636, the fastest
 * 9,177 against 9,336; the same nodes). */
function touchAll(n: i32, defences: bool): void {
  for (let j = 0; j < n; j++) touch(unchecked(TOUCH_KEYS[j]));
  if (defences) for (let j = 0; j < n; j++) touchDefences(unchecked(TOUCH_KEYS[j]));
}

/** Put the moves of [start, end) in the order df-pn's look-ahead would try them: the checks
 * that leave the defender fewest replies first (the likeliest mates), the replies that leave the
 * attacker fewest checks first (the likeliest refutations: without this, tsume-dev #108 took
 * 12% longer). direct keeps no per-child state, so CHILD_PN holds the counts.
 * Useless-interposition candidates go after every real reply, as in mid (see candidatesWait):
 * their test, a mate by the capture within the budget plus one, is wasted when a real reply
 * refutes. Node counts (before in brackets): tsume-dev under 2 M-node caps 50.82 M (51.63 M),
 * the same lengths proven; #108 proven shortest in 18.14 M (20.52 M), #126 17.46 M (17.98 M),
 * #175's 29 found at 2.88 M (4.85 M); 寿 the same 6.37 M. 1 M nodes of #126 took 4.7% fewer
 * instructions, 300 k of 寿 0.2% fewer. Long problems move as they do with any change: 墨酔38_H
 * proven at 75.9 M (59.6 M; a second killer on top, 70.2 M), ミクロコスモス 101.0 M (94.9 M), the
 * seven proven in a minute 44.28 M (44.45 M). (Candidates last in the budgets below
 * ORDERED_BUDGET too, where drops come last anyway: 51.58 M.) */
function orderMoves(isOr: bool, start: i32, end: i32): void {
  for (let i = start; i < end; i++) {
    const m = unchecked(MOVES[i]);
    const late: u32 = !isOr && isUselessInterposition(m) ? CANDIDATE_LATE : 0;
    doMove(m);
    unchecked(CHILD_PN[i] = <u32>(isOr ? countDefences(end) : countChecks(end)) + late);
    undoMove();
  }
  // Insertion sort: a few dozen moves at most, and stable, so generation order breaks ties.
  for (let i = start + 1; i < end; i++) {
    const m = unchecked(MOVES[i]), count = unchecked(CHILD_PN[i]);
    let j = i;
    for (; j > start && unchecked(CHILD_PN[j - 1]) > count; j--) {
      unchecked(MOVES[j] = MOVES[j - 1]);
      unchecked(CHILD_PN[j] = CHILD_PN[j - 1]);
    }
    unchecked(MOVES[j] = m);
    unchecked(CHILD_PN[j] = count);
  }
}

/** The defender's last refuting reply found by direct at each ply. */
const KILLER = changetype<StaticArray<u32>>(memory.data((MAX_PLY + 1) * sizeof<u32>(), 16));
/** Move the killer of this ply to the front of [start, end), if it is there. */
function putKillerFirst(start: i32, end: i32): bool {
  const killer = unchecked(KILLER[ply]);
  for (let i = start; i < end; i++) {
    if (unchecked(MOVES[i]) != killer) continue;
    unchecked(MOVES[i] = MOVES[start]);
    unchecked(MOVES[start] = killer);
    return true;
  }
  return false;
}

/** Settle the current position within `budget` plies: sets resultPn/Dn/Length/Flags. */
function direct(isOr: bool, budget: i32, start: i32, only: i32): void {
  if (!isOr) { directReplies(budget, start, only); return; }
  const key = nodeKey(only), hand = packHand(attacker);
  const end = expand(true, start, only, key, hand);
  if (end < 0) return;
  const nodesBefore = nodes;
  if (budget >= ORDERED_BUDGET && only == NO_SQUARE) orderMoves(true, start, end);
  // Every check is looked up in the table unless one mates (as in mid, fetch their buckets
  // together: tsume-dev #46, #108, #126 0-6% faster side by side). Not the replies, of which
  // the first mostly refutes, nor the checks of a mate in one, mostly told without a lookup.
  if (budget >= 3 && tableOutgrowsCaches()) {
    for (let i = start; i < end; i++) unchecked(TOUCH_KEYS[i - start] = boardKeyAfter(unchecked(MOVES[i])));
    touchAll(end - start, false);
  }
  // The shortest mate within the budget: once one is found, the other checks only need to
  // be looked at for a shorter one (the driver would otherwise shorten it 2 plies at a time).
  // With no ply left no check is even tried: no mate within the budget, not none at all.
  let flags: u8 = budget < 1 ? BUDGET_CUT : 0, loop = NO_LOOP, shortest = NO_LENGTH, left = budget, proof: u32 = 0;
  let disproof = allPieces(attacker);
  // The enemy king's escapes, worked out at the first check to filter (see enemyKingStepAfter).
  let escapes = v128.splat<i64>(0), escapesKnown = false, stepped = false;
  for (let i = start; i < end && left >= 1; i++) {
    // With no ply left after the reply, a check the king can step away from fails: most
    // checks there, told without playing them (the node counts the same, so that the table
    // weighs entries by their work as before). A check that repeats a position on the path
    // fails so too: on any path, which the table may keep, where the repetition would hold on
    // this path only. Asking whether it repeats (a board key worked out for every check) took
    // 6% of tsume-dev #126's instructions (3 M nodes, 6.48 G against 6.89 G).
    const filterable = left <= 2 && only == NO_SQUARE;
    if (filterable) {
      if (!escapesKnown) { escapes = enemyKingEscapes(); escapesKnown = true; }
      const first = firstWithoutKingStep(i, end, escapes);
      if (aborted) { unsettled(false); return; }
      if (first > i) { flags |= BUDGET_CUT; stepped = true; } // see below
      i = first;
      if (i == end) break;
    }
    // Told above that the king has no step after it (a leaf need not ask again).
    const m = unchecked(MOVES[i]);
    playMove(m, only);
    settleChild(false, left - 1, end, NO_SQUARE, filterable);
    const childHand = packHand(attacker);
    takeBack(only);
    if (aborted) { unsettled(false); return; }
    if (resultPn == 0) {
      shortest = resultLength + 1;
      left = shortest - 2;
      proof = proofToParent(resultPieces, childHand, hand);
      continue;
    }
    flags |= resultFlags & BUDGET_CUT;
    loop = min(loop, resultLoop);
    disproof = handIntersection(disproof, disproofToParent(resultPieces, childHand, hand));
  }
  if (shortest != NO_LENGTH) finish(0, INFINITE, shortest, 0, NO_LOOP, key, hand, 0, work(nodesBefore), nodeProof(true, proof, hand, only, false));
  else {
    // The checks the king steps away from fail with this hand and any smaller: the disproof
    // narrowed once for them all, not once each (5% of #126's instructions, 7.25 G against 6.89 G).
    if (stepped) disproof = handIntersection(disproof, hand);
    disproof = only == NO_SQUARE ? keepWhatAttackerLacks(disproof, hand) : hand;
    finish(INFINITE, 0, NO_LENGTH, flags, loop, key, hand, flags & BUDGET_CUT ? budget : ALWAYS, work(nodesBefore), disproof);
  }
}

/** The first check of [i, end) after which the enemy king has no step (see direct), or end;
 * each check passed over counts as a node. A loop of its own: in direct's, each check also
 * reloaded and stored again values of direct's own (tsume-dev #126, 3 M nodes: 5.92 G
 * instructions against 6.00 G). */
function firstWithoutKingStep(i: i32, end: i32, escapes: v128): i32 {
  for (; i < end; i++) {
    if (!enemyKingStepAfter(unchecked(MOVES[i]), escapes)) break;
    countNode();
    if (aborted) break;
  }
  return i;
}

/** direct for the defender to move: every reply in turn, until one refutes. The reply that
 * refuted last at this ply (the killer) goes first: it often refutes here too (the positions
 * of one parent differ by the check only), and the others are then never put in order
 * (tsume-dev at 10 s each 56.2 s against 58.0 s side by side, #108 16% and #126 7% faster).
 * With a ply left for the attacker after it, it is tried before the others are even generated,
 * which a refutation spares (the same nodes, searched the same way). */
function directReplies(budget: i32, start: i32, only: i32): void {
  const key = nodeKey(only), hand = packHand(attacker), killer = unchecked(KILLER[ply]);
  const early = budget >= 2 && killer != 0 && ply - rootPly < MAX_DEPTH && start + MAX_MOVES * 3 <= MOVE_SLOTS && isLegalMove(killer, start);
  let end: i32, killerFirst = early;
  if (early) {
    // The killer alone for now: the others are generated once it fails to refute (below).
    countNode();
    unchecked(MOVES[start] = killer);
    end = start + 1;
  } else {
    end = expand(false, start, only, key, hand);
    if (end < 0) return;
  }
  const nodesBefore = nodes;
  // A reply that counts leaves the attacker less than one ply: no mate within budget.
  if (budget < 2 && hasCountedReply(start, end)) {
    finish(INFINITE, 0, NO_LENGTH, BUDGET_CUT, NO_LOOP, key, hand, budget, work(nodesBefore), hand);
    return;
  }
  if (!early) killerFirst = putKillerFirst(start, end);
  const ordered = budget >= ORDERED_BUDGET && only == NO_SQUARE;
  if (ordered && !killerFirst) orderMoves(false, start, end);
  let hadUseless = false, proof: u32 = 0, longest = -1;
  for (let i = start; i < end; i++) {
    if (i == start + 1 && ordered && killerFirst) orderMoves(false, i, end); // the killer did not refute
    const m = unchecked(MOVES[i]);
    const useless = settleReply(m, budget, end);
    if (useless) hadUseless = true;
    if (aborted) { unsettled(false); return; }
    if (resultDn == 0) { refutedByDefence(m, useless, key, hand, budget, nodesBefore); return; }
    longest = max(longest, replyLength(resultLength, useless));
    proof = handUnion(proof, resultPieces); // the defender's move leaves the attacker's hand as it is
    if (early && i == start) {
      end = generate(LEGAL, start);
      putKillerFirst(start, end);
    }
  }
  finish(0, INFINITE, longest + 1, 0, NO_LOOP, key, hand, 0, work(nodesBefore), nodeProof(false, proof, hand, only, hadUseless));
}

/** Settle the defender's reply m (result*); returns whether it is a useless interposition
 * (its test passed: the attacker mates by taking the piece). */
function settleReply(m: u32, budget: i32, scratch: i32): bool {
  let useless = isUselessInterposition(m);
  doMove(m);
  settleChild(true, useless ? budget + 1 : budget - 1, scratch, useless ? moveTo(m) : NO_SQUARE);
  if (useless && resultDn == 0 && !aborted) { // not useless after all: a real defence
    useless = false;
    settleChild(true, budget - 1, scratch, NO_SQUARE);
  }
  undoMove();
  return useless;
}

/** The defender's reply m refuted the check: m becomes this ply's killer, and the node is refuted. */
function refutedByDefence(m: u32, useless: bool, key: u64, hand: u32, budget: i32, nodesBefore: u64): void {
  unchecked(KILLER[ply] = m);
  const flags = resultFlags & BUDGET_CUT;
  const pieces = useless ? hand : refutedByReply(m, resultPieces, hand);
  finish(INFINITE, 0, NO_LENGTH, flags, resultLoop, key, hand, flags & BUDGET_CUT ? budget : ALWAYS, work(nodesBefore), pieces);
}

/** The ply of a node whose result stays out of the table (see settleChild), else -1. */
let unrecordedPly: i32 = -1;
const LEAF_OR_BUDGET: i32 = 2;

/** The result of a child (the current position, just entered): repetition, budget, table,
 * else settled by `direct`. */
function settleChild(isOr: bool, budget: i32, start: i32, only: i32, noKingStep: bool = false): void {
  const loop = repetitionPly();
  if (loop != NO_LOOP) { refuted(0, loop, packHand(attacker)); return; }
  if (isOr && budget < 1) { refuted(BUDGET_CUT, NO_LOOP, allPieces(attacker)); return; }
  if (!isOr && budget < 2 && settleLeaf(start, noKingStep)) return;
  const hand = packHand(attacker);
  // A mate in one: cheaper to settle again than to look up and store.
  const mateInOne = isOr && budget <= LEAF_OR_BUDGET && only == NO_SQUARE;
  if (!mateInOne) {
    const found = probe(nodeKey(only), hand, budget);
    if (found == 1) { proven(foundLength, foundHand); return; }
    if (found == 2) { refuted(refutedKind(), NO_LOOP, foundHand); return; }
  }
  const saved = unrecordedPly;
  if (mateInOne) unrecordedPly = ply;
  enterPath(hand);
  direct(isOr, budget, start, only);
  leavePath();
  unrecordedPly = saved;
}

/** The defender to move, with no ply left for the attacker after its reply: mated, or refuted
 * by any reply that counts. These leaves are half the nodes of a search for a shorter mate, and
 * cheaper to settle again than to look up, so they bypass the table. Returns false when only
 * useless interpositions answer the check: direct tests those. */
function settleLeaf(start: i32, noKingStep: bool): bool {
  // A king step, the usual escape, is found without generating the other replies.
  let mated = false;
  if (noKingStep || !hasKingStep()) {
    const end = evasionsWithoutKingStep(start);
    if (end != start && !hasCountedReply(start, end)) return false;
    mated = end == start;
  }
  countNode();
  if (mated) proven(0, matedProof());
  else refuted(BUDGET_CUT, NO_LOOP, packHand(attacker));
  return true;
}

@inline function countNode(): void {
  nodes++;
  if (--nodesLeft <= 0) aborted = true;
}

@inline function proven(length: i32, pieces: u32): void {
  resultPn = 0; resultDn = INFINITE; resultLength = length; resultFlags = 0; resultLoop = NO_LOOP; resultPieces = pieces;
}

@inline function refuted(flags: u8, loop: i32, pieces: u32): void {
  resultPn = INFINITE; resultDn = 0; resultLength = NO_LENGTH; resultFlags = flags; resultLoop = loop; resultPieces = pieces;
}

/** Stopped before the node was settled: out of nodes (unknown), or out of room on the path
 * (refuted here, on this path only). Nothing is recorded. */
@inline function unsettled(outOfRoom: bool): void {
  if (outOfRoom) { refuted(0, -1, packHand(attacker)); return; }
  resultPn = 1; resultDn = 1; resultLength = NO_LENGTH; resultFlags = 0; resultLoop = NO_LOOP;
}

/** The proof pieces of a node just proven, from its children's (`proof`): whole hands where
 * useless interpositions were involved (their test depends on what the defender holds). */
function nodeProof(isOr: bool, proof: u32, hand: u32, only: i32, hadUseless: bool): u32 {
  if (only != NO_SQUARE || hadUseless) return hand;
  return isOr || !interposable() ? proof : keepWhatDefenderLacks(proof, hand, sideToMove);
}

@inline function work(nodesBefore: u64): u32 { return <u32>min<u64>(nodes - nodesBefore + 1, 0xFFFFFFFF); }

function finish(pn: u32, dn: u32, length: i32, flags: u8, loop: i32, key: u64, hand: u32, refutedBudget: i32, work: u32, pieces: u32 = 0): void {
  resultPn = pn; resultDn = dn; resultLength = length; resultFlags = flags;
  // A proof is stored under its proof pieces, a refutation under its disproof pieces, so that
  // each serves every hand it holds for; an open node under its own hand.
  resultPieces = pn == 0 || dn == 0 ? pieces : hand;
  // A refutation that rests on a repetition above this node is true on this path only: keep
  // it out of the table. One that rests on a repetition of this node or below holds here.
  resultLoop = loop >= ply ? NO_LOOP : loop;
  if (loop >= ply && ply != unrecordedPly) {
    const totalWork = record(key, resultPieces, pn, dn, length, dn == 0 ? refutedBudget : 0, work, ply - rootPly);
    if (ply - rootPly > DEEP && !simulating) {
      if (pn == 0 && totalWork >= ROUND_WORK) rememberRound(key);
      if (dn == 0 && refutedBudget == ALWAYS && work >= REFUTED_ROUND_WORK && sideToMove != attacker) rememberRefutedRound();
    }
  }
}

// ---- Driver: prove, then shorten ---------------------------------------------------------
export const RUNNING: i32 = 0;
export const MATE: i32 = 1;
export const NO_MATE: i32 = 2;

let budget: i32 = 0;
/** The budget of a search that has none: the most plies a solve may take. */
let noBudget: i32 = 0;
export let bestLength: i32 = NO_LENGTH;
let finished: i32 = RUNNING;

/** Begin solving the current position for the side to move, counting useless interpositions as
 * defences when `countEvery` is set. */
export function startSolve(maxPlies: i32, countEvery: bool, first: u32 = 0): void {
  everyInterposition = countEvery;
  firstMove = first;
  attacker = sideToMove;
  lastTokins = i64x2.splat(0); // the tokins' keys depend on the attacker's color
  lastTokinsKey = 0;
  rootPly = pathFloor = ply;
  memory.fill(changetype<usize>(FAILED_TRIES), 0, (1 << FAILED_TRY_BITS) * 8);
  memory.fill(changetype<usize>(ROUND_KEY), 0, (1 << ROUND_BITS) * 8);
  memory.fill(changetype<usize>(REFUTED_ROUND), 0, (1 << ROUND_BITS) * 8);
  memory.fill(changetype<usize>(DEFENCE_KEYS), 0, (1 << DEFENCE_BITS) * 8); // another variant's counts differ
  memory.fill(changetype<usize>(KILLER), 0, (MAX_PLY + 1) * 4); // each solve alike, whatever came before
  nodes = 0;
  budget = noBudget = maxPlies;
  wentDeep = false;
  setShallowSearch(true);
  bestLength = NO_LENGTH;
  bestLineLength = 0;
  bestLineUncounted = 0;
  completionsLeft = 0;
  shortenAt = -1;
  rootNodesLeft = UNCAPPED;
  finished = RUNNING;
  probing = false;
  probed = everyInterposition;
  probeNodesLeft = PROBE_NODES;
  probeLength = NO_LENGTH;
  probeBudget = maxPlies;
}

/** Work for about `nodeBudget` nodes. Returns RUNNING, MATE (bestLength) or NO_MATE. */
export function solveStep(nodeBudget: i64): i32 {
  if (finished != RUNNING) return finished;
  const stopAt = <i64>nodes + nodeBudget;
  enterPath();
  while (finished == RUNNING && <i64>nodes < stopAt) {
    nodesLeft = min(stopAt, (<i64>nodes / MATE_QUANTUM + 1) * MATE_QUANTUM) - <i64>nodes;
    aborted = false;
    searchQuantum();
  }
  leavePath();
  return finished;
}

/** A search stops, unsettled, and starts again from the root after every MATE_QUANTUM nodes of
 * a solve, however the caller slices its work: the table keeps what it learnt, but a restart
 * forgets the path's own state (refutations by repetition, threshold control), so it changes
 * the course of the search. Restarts where the caller's slices end, which follow the clock, made
 * a long problem's answer change from run to run (ミクロコスモス: 1525 or 1529 after 300 s); a
 * caller whose slices end on multiples of MATE_QUANTUM gets the same answer every time. */
export const MATE_QUANTUM: i64 = 1 << 16;

/** Work until the slice (nodesLeft) runs out or the solve ends. */
function searchQuantum(): void {
  while (!aborted) {
    if (!probed && nodes >= PROBE_AFTER && bestLength == NO_LENGTH) probed = probing = true;
    if (probing) { probeStep(); continue; }
    if (completionsLeft > 0 && !bestLineWhole) { completeLine(); continue; }
    if (shortenAt >= 0) { shortenStep(); continue; }
    // Out of its share: the line's positions get four times the nodes, then the root again.
    if (rootNodesLeft <= 0) { startShortening(passNodes * 4); continue; }
    rootNodesLeft -= searchWithin(budget, rootNodesLeft);
    if (aborted && resultPn != 0 && resultDn != 0) break;
    if (resultPn == 0) {
      bestLength = resultLength;
      // Read the line now: the search for a shorter mate may push these entries out.
      saveLine();
      completionsLeft = COMPLETIONS;
      // A shorter mate is at least two plies shorter: look for one within that budget.
      budget = bestLength - 2;
      if (budget < 1) { finished = MATE; break; }
      rootNodesLeft = UNCAPPED;
      if (bestLength >= SHORTEN_FROM) startShortening(SHORTEN_NODES);
    } else if (resultDn == 0) {
      finished = bestLength == NO_LENGTH ? NO_MATE : MATE;
      break;
    }
  }
}

/** Read the line of the mate found again, proving again what the table lost with the slice's
 * nodes: a line that stopped short when the mate was found (proofs it needed replaced while the
 * search went on) is made whole before the search looks for a shorter mate, which would push
 * out more of it. 墨酔38, whose first mate of 133 plies comes after 27.6 M nodes, showed 63 to
 * 77 plies when stopped at 28 to 36 M nodes (at 34.6 M, a line that did not end in mate); one
 * slice (65 k nodes) makes it a line of 79 that does. At most COMPLETIONS slices a mate found:
 * the final reading has larger pools. */
const COMPLETIONS: i32 = 16;
let completionsLeft = 0;
function completeLine(): void {
  completionsLeft--;
  const before = nodes;
  saveLine(max(nodesLeft, 1));
  nodesLeft -= <i64>(nodes - before);
  if (nodesLeft <= 0) aborted = true;
}

// ---- A probe that counts every interposition --------------------------------------------
// The first mate a search finds can be far longer than the shortest, and a search within a
// budget near the shortest finds that one far sooner: tsume-dev #152 first mates in 27 after
// 600 k nodes, then takes 9.2 M more to find the 13 within a budget of 25; within a budget of 13
// the 13 is proven in 516 k. A search that counts every interposition as a defence sometimes
// finds a short mate far sooner (#152: 13 within 5 k nodes; #150: 17 within 60 k, where the
// search proper finds nothing for 900 k). Its length bounds the conventional one: a useless
// interposition is answered by the capture its test proved, and the attacker keeps the piece, so
// such a mate is a mate by the conventions, and no longer. By the same token, no mate that way
// means no mate at all.
// So when the search has found nothing within PROBE_AFTER nodes, it pauses for such a probe of
// at most PROBE_NODES nodes, in the same table under keys of its own (PROBE_SALT), then goes on
// within the probe's length, if it found a mate. Most problems are over before the probe would
// start. tsume-dev at 1 M-node caps: 187 proven, 25,446,529 nodes, against 185 and 25,823,884
// without; only #150, #152 and #184 change, each for the better.
const PROBE_AFTER: u64 = 100000;
const PROBE_NODES: i64 = 100000;
const PROBE_SALT: u64 = 0x2545F4914F6CDD1D;
/** Whether the probe is running (keys salted, every interposition counted), and whether it has
 * run or will not (it runs at most once a solve). */
let probing = false;
let probed = false;
let probeNodesLeft: i64 = 0;
/** The probe's shortest mate so far, and the budget of its next search. */
let probeLength: i32 = NO_LENGTH;
let probeBudget: i32 = 0;

/** Search the current position, the attacker to move, for a mate within `plies`; a search
 * without a budget, or for a shortcut along the line, also fails boards repeated with fewer
 * pieces in hand below it (repetitionPly). */
function searchRoot(plies: i32): void {
  worseLoops = plies == noBudget || shortenAt >= 0;
  worseFrom = ply;
  if (shortenAt >= 0 && positionAlone) pathFloor = ply;
  mid(true, INFINITE, INFINITE, plies, 0, NO_SQUARE);
  worseLoops = false;
  pathFloor = rootPly;
}

/** searchRoot with at most `cap` of the slice's nodes; returns the nodes used, which the slice
 * loses too. */
function searchWithin(plies: i32, cap: i64): i64 {
  const sliceLeft = nodesLeft;
  nodesLeft = min(sliceLeft, cap);
  const before = nodes;
  searchRoot(plies);
  const used = <i64>(nodes - before);
  nodesLeft = sliceLeft - used;
  aborted = nodesLeft <= 0;
  return used;
}

/** Run the probe for the rest of the slice or of its nodes; at its end lower the budget. */
function probeStep(): void {
  probeNodesLeft -= searchWithin(probeBudget, probeNodesLeft);
  if (resultPn == 0) {
    // A mate: look for a shorter one while the probe's nodes last.
    probeLength = resultLength;
    probeBudget = probeLength - 2;
    if (probeBudget >= 1 && probeNodesLeft > 0) return;
  } else if (resultDn == 0) {
    if (probeLength == NO_LENGTH) { probing = false; finished = NO_MATE; aborted = true; return; }
  } else if (probeNodesLeft > 0) return; // the slice ran out: go on next time
  probing = false;
  // A conventional mate within the probe's length exists: search within it.
  if (probeLength != NO_LENGTH) budget = probeLength;
}

// ---- Shortcuts along the line ----------------------------------------------------------
// The first mate found in a long problem is often a few plies longer than the shortest: the
// attacker took a detour somewhere along the line (ミクロコスモス: 1529 plies found, 1525 the
// shortest). The search for a shorter mate from the root must prove the whole line again within
// the smaller budget and rarely gets anywhere; a detour is found far sooner from where it starts.
// So before it, each of the attacker's positions on the line, from the end back, is searched
// for a mate 2 plies shorter than the line's, with a few nodes each. A shortcut found goes to
// the table, where the search from the root finds it: the rest of the line is proven there.
// Lines of 50 plies or more: 墨酔38_H, whose first mate is 81 plies, is proven a mate in 55 at
// 55-57 s (with 100, 81 unproven at 60 s, and a line of 23 plies read at the end). Shorter lines,
// tsume-dev's, do better with the search from the root alone (with 15: #181 13.6 M nodes instead
// of 12.4 M, #126 17.9 M instead of 17.4 M).
const SHORTEN_FROM: i32 = 50;
const SHORTEN_NODES: i64 = 20000; // per position, in the first pass
/** The index in BEST_LINE of the move from the position being searched; -1: not shortening. */
let shortenAt: i32 = -1;
let shortenNodesLeft: i64 = 0;
// A pass that leaves the search from the root unsettled is followed by another with four times
// the nodes per position (positions settled before answer from the table at once), so that a
// detour that takes more than a pass's nodes to see is still found; the root search gets as many
// nodes as the pass before it. Before, a pass that missed the detour left the root search alone
// for good: the tsume-long bench stopped at ミクロコスモス 1529 (found at 180 s, nothing shorter
// in 900 s). With 1,000 nodes a position, where passes miss detours soonest, 1529 at 53.8 M
// nodes stayed 1529 up to 150 M; with the schedule 1525 came at 53.6 M. Where passes find the
// detours the cost is small: 寿 6.51 M nodes (6.43 M), シンメトリー 11.41 M (11.37 M); Astral390,
// Astral Traveler, 無銭旅行 and 橋本 take the same nodes.
/** Nodes per position in the current pass, the node count when it started, and what the search
 * from the root may still use before the next pass (UNCAPPED: no line being shortened). */
let passNodes: i64 = 0;
let passStart: u64 = 0;
const UNCAPPED: i64 = i64.MAX_VALUE;
let rootNodesLeft: i64 = UNCAPPED;

// A pass plays the line up to the position it searches, so the line's earlier positions are on
// the path, and a check that brings one back fails (a repetition). That prunes, and a shortcut
// found so is a real mate; but a refutation that rests on such a repetition holds on that path
// only and is not kept (see finish). In ミクロコスモス, whose king goes back and forth, nearly
// every refutation of a pass rests on one, so each pass refuted the same positions again
// (45-65 k nodes each, pass after pass) and 1525 was never proven (not within 1,500 s). So a
// position refuted so is searched again on its own, with the nodes it has left: repetitions
// count from it down (pathFloor), and its refutation is kept. ミクロコスモス is then proven at
// 94.9 M nodes (142 s at 1000 MiB); ゴゴノソラ takes 4.05 M nodes (4.56 M), 寿 6.33 M (6.36 M),
// 橋本 7.59 M (7.65 M), the other long problems the same to 0.4%. Each position searched on its
// own only, never with the line on the path, finds shortcuts later (ゴゴノソラ 8.23 M nodes);
// the search again in the passes after the first for a length only: ミクロコスモス 110.7 M.
/** Whether the position at shortenAt is searched on its own now (see above). */
let positionAlone = false;

function startShortening(perPosition: i64): void {
  positionAlone = false;
  shortenAt = (bestLineLength - 1) & ~1;
  passNodes = shortenNodesLeft = perPosition;
  passStart = nodes;
}

/** Search the line's position at shortenAt for a shorter mate, until its nodes or the slice's
 * run out; then go on to the attacker's position before it. */
function shortenStep(): void {
  // The line read again while the pass goes on (completeLine) can stop sooner than the one the
  // pass began on: the pass goes on from the new line's end. Past it BEST_LINE holds the old
  // line's moves, which do not follow from the new line's positions: played there, they broke
  // the board (ゴゴノソラ with another first estimate: the attacker's king lost track of its
  // square after a line of 1518 plies was read again as 1379, and 2071 plies passed for the
  // shortest mate, where 1927 is).
  if (shortenAt >= bestLineLength) {
    shortenAt = (bestLineLength - 1) & ~1;
    shortenNodesLeft = passNodes;
    positionAlone = false;
  }
  const at = shortenAt, remaining = bestLength - countedPlies(at, marked(BEST_UNCOUNTED, at));
  // The root's own search is the one that follows, with as many nodes as the pass used.
  if (at < 2) { shortenAt = -1; rootNodesLeft = max(<i64>(nodes - passStart), passNodes); return; }
  // Near the end of the line a shorter mate is a matter of a few plies: the search from the
  // root settles those itself.
  if (remaining - 2 <= DIRECT_BUDGET) { shortenAt -= 2; return; }
  for (let i = 0; i < at; i++) playOnPath(unchecked(BEST_LINE[i]));
  shortenNodesLeft -= searchWithin(remaining - 2, shortenNodesLeft);
  unwindPath(at);
  // Refuted on this path only (the line above it): again on its own, to keep the refutation.
  if (!positionAlone && resultDn == 0 && resultLoop != NO_LOOP && shortenNodesLeft > 0) {
    positionAlone = true;
    return;
  }
  // Done here when settled or out of its own nodes; else the slice ran out: go on next time.
  if (resultPn == 0 || resultDn == 0 || shortenNodesLeft <= 0) {
    shortenAt -= 2;
    shortenNodesLeft = passNodes;
    positionAlone = false;
  }
}

// ---- The solution line -----------------------------------------------------------------
// Read back from the table: at the attacker's turn the check with the shortest proven mate,
// at the defender's the reply with the longest one. Useless interpositions are not shown (they
// do not count, and their test line hands the piece back). Among equally long defences the
// one after which the attacker ends with the fewest pieces in hand is shown (駒余り is a flaw
// of the defence).

/** 1 when the attacker, to move, mates in one, else NO_LENGTH; apart from the search (the node
 * count and its limit are kept), and the result goes to the table. */
function mateInOneLength(hand: u32, scratch: i32): i32 {
  const before = nodes;
  enterPath(hand);
  const settled = searchAside(true, 1, scratch, 1 << 20);
  leavePath();
  nodes = before;
  return settled && resultPn == 0 ? resultLength : NO_LENGTH;
}

/** The move the line takes here, or 0. `remaining` is the ply budget. Asked again of a
 * position within one reading, it answers as the first time (see LINE_KEY); `again` decides
 * anew, after a search has added to the table. */
function lineMove(isOr: bool, remaining: i32, scratch: i32, tieBreak: bool, again: bool = false): u32 {
  const key = lineKey(remaining, tieBreak);
  const kept = again ? -1 : keptSlot(key);
  if (kept >= 0) {
    chosenLength = unchecked(LINE_LENGTH[kept]);
    const flags = unchecked(LINE_FLAGS[kept]);
    defenderMated = (flags & 1) != 0;
    replyUnknown = (flags & 2) != 0;
    chosenUseless = (flags & 4) != 0;
    return unchecked(LINE_MOVE[kept]);
  }
  const chosen = chooseLineMove(isOr, remaining, scratch, tieBreak);
  // The choice's ties may have filled the slot with another position: look again.
  const slot = lineSlot(key);
  if (slot >= 0) {
    unchecked(LINE_KEY[slot] = key);
    unchecked(LINE_STAMP[slot] = lineStamp);
    unchecked(LINE_MOVE[slot] = chosen);
    unchecked(LINE_LENGTH[slot] = chosenLength);
    unchecked(LINE_FLAGS[slot] = (defenderMated ? 1 : 0) | (replyUnknown ? 2 : 0) | (chosenUseless ? 4 : 0));
    unchecked(LINE_LEFT[slot] = NOT_READ);
  }
  return chosen;
}

// ---- What the line reading has decided ------------------------------------------------------
// Ties are broken by reading the line that would follow each tied move, whose own ties, near the
// end, are broken the same way: read anew each time, the reads multiply (tsume-dev #199, a mate
// in 9, took 30 s of reading during its 0.5 M-node solve, once reads went on to the mate). Within
// one reading (readLine) each position's choice, and the pieces its line leaves, are kept under
// the position's key, the plies left and whether ties are broken: each is worked out once, and
// the line shown takes the choices the reads that weighed its ties took.
const LINE_BITS: i32 = 15;
const LINE_KEY = changetype<StaticArray<u64>>(memory.data((1 << LINE_BITS) * sizeof<u64>(), 16));
const LINE_STAMP = changetype<StaticArray<u32>>(memory.data((1 << LINE_BITS) * sizeof<u32>(), 16));
const LINE_MOVE = changetype<StaticArray<u32>>(memory.data((1 << LINE_BITS) * sizeof<u32>(), 16));
const LINE_LENGTH = changetype<StaticArray<i32>>(memory.data((1 << LINE_BITS) * sizeof<i32>(), 16));
const LINE_FLAGS = changetype<StaticArray<u8>>(memory.data((1 << LINE_BITS) * sizeof<u8>(), 16));
/** The pieces left at the end of the line read from the position (NOT_READ: not read yet). */
const LINE_LEFT = changetype<StaticArray<i32>>(memory.data((1 << LINE_BITS) * sizeof<i32>(), 16));
const NOT_READ: i32 = -1;
/** Entries of an earlier reading have another stamp and count as empty. */
let lineStamp: u32 = 0;
const LINE_PROBES: i32 = 8;

@inline function lineKey(remaining: i32, tieBreak: bool): u64 {
  return key() ^ (<u64>(remaining + 1) * 0x9E3779B97F4A7C15) ^ (tieBreak ? 0x632BE59BD9B4E019 : 0) ^ (lineOnly == NO_SQUARE ? 0 : RESTRICTED * <u64>(lineOnly + 1));
}
/** The slot that holds `k`, else an empty one near it, else -1 (the position is not kept). */
function lineSlot(k: u64): i32 {
  const mask = (1 << LINE_BITS) - 1;
  const home = <i32>(k >> 40) & mask;
  let empty = -1;
  for (let i = 0; i < LINE_PROBES; i++) {
    const slot = (home + i) & mask;
    if (unchecked(LINE_STAMP[slot]) != lineStamp) { if (empty < 0) empty = slot; continue; }
    if (unchecked(LINE_KEY[slot]) == k) return slot;
  }
  return empty;
}
/** The slot that holds `k` in this reading, else -1. */
function keptSlot(k: u64): i32 {
  const slot = lineSlot(k);
  return slot >= 0 && unchecked(LINE_STAMP[slot]) == lineStamp && unchecked(LINE_KEY[slot]) == k ? slot : -1;
}

/** The move the line takes here, or 0, decided from the table (see lineMove). */
function chooseLineMove(isOr: bool, remaining: i32, scratch: i32, tieBreak: bool): u32 {
  const end = isOr ? attackerMoves(scratch, lineOnly) : generate(LEGAL, scratch);
  // Each move's proven length from the table (NO_LENGTH: none, or a repetition), and for the
  // defender's interpositions whether they are useless.
  for (let i = scratch; i < end; i++) {
    const m = unchecked(MOVES[i]);
    const candidate = !isOr && isUselessInterposition(m);
    const aside = isOr && isPutAside(m);
    doMove(m);
    const hand = packHand(attacker);
    const repeated = repeatsOnPath();
    const useless = candidate && !repeated && passesUselessTest(moveTo(m), remaining + 1, end);
    // Any proven length: readLine proves a position again when the one chosen is longer than
    // what is left. A mate needs no table (its entry, cheap to find, may have been replaced).
    const mated = isOr && matedInLine(remaining, end);
    unchecked(CHILD_FLAGS[i] = useless ? USELESS : mated && hasLegalMove(end) ? DROPS_LEFT : 0);
    unchecked(CHILD_LENGTH[i] = useless ? uselessTestLength : mated ? 0 : !repeated && !aside && probe(nodeKey(NO_SQUARE), hand, NO_LENGTH - 1) == 1 ? foundLength : NO_LENGTH);
    // Mates in one stay out of the table (see settleChild): found again here.
    if (!isOr && !repeated && unchecked(CHILD_LENGTH[i]) == NO_LENGTH) unchecked(CHILD_LENGTH[i] = mateInOneLength(hand, end));
    undoMove();
  }
  if (isOr) {
    // Near the end, of equally short checks the one that leaves the attacker fewer pieces: the
    // last move may take a piece or not, and a defence weighed by its line's pieces must not lose
    // its tie to a capture that mates no sooner than a move that takes nothing.
    let chosen: u32 = 0, shortest = NO_LENGTH, chosenLeft = 0x7FFFFFFF, chosenDrops = false;
    const breakTies = tieBreak && remaining <= NESTED_TIE_BREAK;
    if (breakTies) searchUnknownChecks(scratch, end);
    for (let i = scratch; i < end; i++) {
      const m = unchecked(MOVES[i]), length = unchecked(CHILD_LENGTH[i]);
      const drops = (unchecked(CHILD_FLAGS[i]) & DROPS_LEFT) != 0;
      if (length < shortest) { shortest = length; chosen = m; chosenLeft = 0x7FFFFFFF; chosenDrops = drops; continue; }
      if (length != shortest || length == NO_LENGTH) continue;
      // Of mates otherwise equal, one that leaves no reply at all shows the mate plainly.
      const plainer = chosenDrops && !drops;
      if (!breakTies) { if (plainer) { chosen = m; chosenDrops = false; } continue; }
      if (chosenLeft == 0x7FFFFFFF) chosenLeft = piecesLeftAfter(chosen, remaining - 1, end, false);
      const left = piecesLeftAfter(m, remaining - 1, end, false);
      if (left < chosenLeft || (left == chosenLeft && plainer)) { chosen = m; chosenLeft = left; chosenDrops = drops; }
    }
    chosenLength = shortest;
    return chosen;
  }
  // The longest real defence; useless interpositions are not shown. The lengths in the table
  // are the shortest mates found so far, not always the shortest there are: a reply whose first
  // mate found was long would pass for the longest defence, and the line after it would show the
  // attacker's detour (図巧98番 showed both). A reply after which the shortest mate takes exactly
  // remaining - 1 plies (none within remaining - 3, one within remaining - 1) is one of the
  // longest that fit the line. Each reply is asked of the table and, once the length is proven
  // shortest (then the position mates in exactly `remaining`, and some reply qualifies), of
  // bounded searches. When none qualifies, the table's lengths decide.
  let chosen: u32 = 0, chosenValue = -1, chosenLeft = 0x7FFFFFFF;
  defenderMated = true;
  replyUnknown = false;
  chosenUseless = false;
  // With no ties to break, any reply the table alone shows to be one of the longest will do,
  // before any reply is searched: 寿's line took 788 k nodes of searches (a ninth of the
  // solve's nodes) to show its first choices longest, where another reply was known to be.
  if (!tieBreak && tests.left > 0) {
    const known = longestKnown(remaining, scratch, end);
    if (known != 0) { defenderMated = false; chosenLength = remaining - 1; return known; }
  }
  for (let i = scratch; i < end; i++) {
    if (unchecked(CHILD_FLAGS[i]) & USELESS) continue;
    defenderMated = false;
    const m = unchecked(MOVES[i]);
    let length = unchecked(CHILD_LENGTH[i]);
    // A longest defence ranks above every length the table gives (at most NO_LENGTH - 1).
    if (matesInExactly(m, remaining - 1, length, end)) length = NO_LENGTH;
    else if (length == NO_LENGTH) { replyUnknown = true; continue; }
    let better = length > chosenValue;
    let left = 0x7FFFFFFF;
    if (!better && tieBreak && length == chosenValue) {
      left = piecesLeftAfter(m, remaining - 1, end, true);
      if (chosenLeft == 0x7FFFFFFF) chosenLeft = piecesLeftAfter(chosen, remaining - 1, end, true);
      better = left < chosenLeft;
    }
    if (better) { chosenValue = length; chosen = m; chosenLeft = left; }
  }
  // A useless interposition whose capture mates later than every real defence sets the length
  // (replyLength): the line shows it, with its capture (a longest real defence, NO_LENGTH
  // here, is as long as any can be).
  if (chosenValue != NO_LENGTH) {
    for (let i = scratch; i < end; i++) {
      if (!(unchecked(CHILD_FLAGS[i]) & USELESS)) continue;
      const length = replyLength(unchecked(CHILD_LENGTH[i]), true);
      if (length > chosenValue) { chosenValue = length; chosen = unchecked(MOVES[i]); chosenUseless = true; defenderMated = false; }
    }
  }
  chosenLength = chosenValue == NO_LENGTH ? remaining - 1 : chosenValue;
  if (chosenValue == NO_LENGTH) replyUnknown = false; // one of the longest is known
  return chosen;
}

/** Whether the defender, to move after a check, is mated as the line counts it: no reply, or
 * only useless interpositions whose tests pass within `budget` plies. Mates in one stay out of
 * the table, so one that leaves the defender drops would otherwise have no length here, and a
 * line read to weigh a tie stopped one move short of such a mate, before its capture. */
function matedInLine(budget: i32, scratch: i32): bool {
  if (hasKingStep()) return false;
  const end = generate(LEGAL, scratch);
  for (let i = scratch; i < end; i++) if (!isUselessInterposition(unchecked(MOVES[i]))) return false;
  let mated = true;
  for (let i = scratch; i < end && mated; i++) {
    const m = unchecked(MOVES[i]);
    doMove(m);
    mated = !repeatsOnPath() && passesUselessTest(moveTo(m), budget, end);
    undoMove();
  }
  return mated;
}

/** Of the checks in [scratch, end), those without a length in the table are searched within
 * the shortest length another has, for the line of a mate proven shortest (the `tests` pool),
 * so that a check that mates as soon can win the tie on the pieces it leaves. The search proves
 * one mate and leaves the checks it never needed unknown: in tsume-dev #39, after 6b6a, L*6b
 * mates as soon as 7c7b+ and uses the lance, and the defence to 6a lost its tie, weighed by a
 * line that ended with the lance in hand, to one as long whose line did as well. */
function searchUnknownChecks(scratch: i32, end: i32): void {
  let shortest = NO_LENGTH;
  for (let i = scratch; i < end; i++) shortest = min(shortest, unchecked(CHILD_LENGTH[i]));
  // A mate in one needs no table (lineMove tells it itself).
  if (shortest == NO_LENGTH || shortest < 2) return;
  for (let i = scratch; i < end && tests.left > 0; i++) {
    if (unchecked(CHILD_LENGTH[i]) != NO_LENGTH) continue;
    playOnPath(unchecked(MOVES[i]));
    if (!repeatsOnPath() && tests.search(false, shortest, end, TIE_SEARCH_NODES) && resultPn == 0) unchecked(CHILD_LENGTH[i] = resultLength);
    unwindPath(1);
  }
}
const TIE_SEARCH_NODES: i64 = 1 << 14;

/** A real reply (of lineMove's, in [scratch, end)) after which the table alone shows the
 * shortest mate to take exactly remaining - 1 plies, or 0. */
function longestKnown(remaining: i32, scratch: i32, end: i32): u32 {
  const left = tests.left;
  tests.left = 0; // mateWithin asks the table alone
  let known: u32 = 0;
  for (let i = scratch; i < end && known == 0; i++) {
    const m = unchecked(MOVES[i]);
    if (!(unchecked(CHILD_FLAGS[i]) & USELESS) && matesInExactly(m, remaining - 1, unchecked(CHILD_LENGTH[i]), end)) known = m;
  }
  tests.left = left;
  return known;
}

/** Whether the interposition just played on `to` is useless within `budget` plies: its test,
 * the capture's mate, is read from the table, and searched again when the table no longer
 * knows it. Were it taken for a real defence, the line would follow it past the mate's length
 * (tsume-dev #46 once showed 19 plies for a mate in 21). */
function passesUselessTest(to: i32, budget: i32, scratch: i32): bool {
  const key = nodeKey(to), hand = packHand(attacker);
  const found = probe(key, hand, budget);
  if (found == 1) uselessTestLength = foundLength;
  if (found == 1 || found == 2) return found == 1;
  const passed = rereads.search(true, budget, scratch, REREAD_SEARCH_NODES, to) && resultPn == 0;
  if (passed) uselessTestLength = resultLength;
  return passed;
}
/** The length of the capture's mate of the last useless interposition passesUselessTest passed. */
let uselessTestLength: i32 = 0;

/** Whether, after the defender's reply m, the attacker's shortest mate takes exactly `length`
 * plies: none within length - 2, one within length (`proven`, the shortest the table holds, may
 * already say so). False when that is not known, and after a repetition, which the line never
 * takes. */
function matesInExactly(m: u32, length: i32, proven: i32, scratch: i32): bool {
  playOnPath(m);
  const exactly = !repeatsOnPath() && mateWithin(length - 2, scratch) == 2
    && (proven <= length || mateWithin(length, scratch) == 1);
  unwindPath(1);
  return exactly;
}

/** Whether the attacker, to move, mates within `budget` plies: 1 yes, 2 no, 0 unknown. From the
 * table, else, for the line of a mate proven shortest, from a search of at most
 * LONGEST_TEST_NODES nodes (see `tests`). Past that, and for lines read while solving, the table
 * alone answers (the final search for a shorter mate left most answers there). */
function mateWithin(budget: i32, scratch: i32): i32 {
  if (budget < 1) return 2;
  const found = probe(nodeKey(NO_SQUARE), packHand(attacker), budget);
  if (found == 1 || found == 2) return found;
  if (!tests.search(true, budget, scratch, LONGEST_TEST_NODES)) return 0;
  return resultPn == 0 ? 1 : resultDn == 0 ? 2 : 0;
}
const LONGEST_TEST_NODES: i64 = 1 << 18;

/** The proven length after the move lineMove chose. */
let chosenLength: i32 = 0;
/** Whether the defender, at the position lineMove looked at last, is mated: it has no reply
 * but useless interpositions. */
let defenderMated = false;
/** Whether a real reply lineMove looked at last has no length in the table (it may be the
 * longest defence). */
let replyUnknown = false;
/** Whether the reply lineMove chose last is a useless interposition shown because its capture's
 * mate sets the length: the capture follows, and neither counts. */
let chosenUseless = false;
/** The square of the useless interposition just shown, whose capture the attacker's next move in
 * the line must be (NO_SQUARE: any check). */
let lineOnly: i32 = NO_SQUARE;

/** Within this many plies of the end, the line after a tied reply breaks its own ties too. */
const NESTED_TIE_BREAK: i32 = 9;
/** Pieces in the attacker's hand at the end of the line after m (a defender's reply when the
 * attacker is to move after it, `isOr`; else an attacker's check). Near the
 * end that line breaks its own ties as the line shown does: read by the lengths alone, it can
 * take a defence that leaves a piece where another as long leaves none, and the reply m then
 * loses its tie to one after which the line shown mates with a piece left. Ties broken inside
 * ties multiply, so only near the end: within fifteen plies, tsume-dev #175 stopped at 10 s
 * showed a line of 25 moves for its 29. */
function piecesLeftAfter(m: u32, remaining: i32, scratch: i32, isOr: bool): i32 {
  // m is a check or a real reply: any check may follow it (a useless interposition is never
  // weighed here, and a capture that must follow one is m itself).
  const only = lineOnly;
  lineOnly = NO_SQUARE;
  playOnPath(m);
  let played = 1, left = UNREAD_TO_MATE;
  const first = readTop;
  while (played < 400) {
    const tieBreak = remaining <= NESTED_TIE_BREAK;
    const key = lineKey(remaining, tieBreak);
    const slot = keptSlot(key), known = slot >= 0;
    if (known && unchecked(LINE_LEFT[slot]) != NOT_READ) { left = unchecked(LINE_LEFT[slot]); break; }
    // Out of reading steps: unread, and nothing kept.
    if (!known && readSteps-- <= 0) { readTop = first; unwindPath(played); lineOnly = only; return UNREAD_TO_MATE; }
    const next = lineMove(isOr, remaining, scratch, tieBreak);
    if (readTop < READ_KEY_SLOTS) unchecked(READ_KEYS[readTop++] = key);
    if (next == 0) {
      // A line that stops short of the mate (the table lacks what it needs) has not counted
      // the captures still to come: it loses its tie to one read to the mate. One that mates
      // before the plies it counts are played (the length came from a useless interposition
      // whose capture mates later, and the line does not show it) loses to one that shows them
      // all: tsume-dev #47 mates in 7 by 5b6a, where S*7b's line ends after 5 moves.
      if (!isOr && defenderMated) left = remaining * UNSHOWN_PLY + piecesInHand();
      break;
    }
    // As readLine goes on: a useless interposition shown is followed by its capture.
    remaining += stepAlong(next, isOr);
    playOnPath(next);
    played++;
    isOr = !isOr;
  }
  lineOnly = only;
  // Every position of this line ends where it does.
  for (let i = first; i < readTop; i++) {
    const slot = keptSlot(unchecked(READ_KEYS[i]));
    if (slot >= 0) unchecked(LINE_LEFT[slot] = left);
  }
  readTop = first;
  unwindPath(played);
  return left;
}
/** The keys of the positions the reads in progress went through (lineKey). */
const READ_KEY_SLOTS = 4096;
const READ_KEYS = changetype<StaticArray<u64>>(memory.data(READ_KEY_SLOTS * sizeof<u64>(), 16));
let readTop = 0;
/** Positions a reading may still work out for its reads (those already known cost nothing): a
 * bound on the work of breaking ties, whatever their number. */
let readSteps: i32 = 0;
const READ_STEPS: i32 = 20000;

@inline function piecesInHand(): i32 {
  let left = 0;
  for (let t = PAWN; t <= GOLD; t++) left += handCount(attacker, t);
  return left;
}
/** What piecesLeftAfter adds for each ply a line counts but does not show: more than any hand
 * holds, so that they decide before the pieces. */
const UNSHOWN_PLY: i32 = 64;
/** What piecesLeftAfter gives a line it could not read to the mate: more than any line it read
 * (at most NESTED_TIE_BREAK plies unshown). */
const UNREAD_TO_MATE: i32 = 1000;

/** The room a line read takes at the start of MOVES (readLine searches in the moves after it),
 * and so the size of the line saved. */
const LINE_SLOTS = 4096;
const BEST_LINE = changetype<StaticArray<u32>>(memory.data(LINE_SLOTS * sizeof<u32>(), 16));
/** The plies a line shows but does not count (a useless interposition and its capture), by index. */
const UNCOUNTED = changetype<StaticArray<bool>>(memory.data(LINE_SLOTS * sizeof<bool>(), 16));
const BEST_UNCOUNTED = changetype<StaticArray<bool>>(memory.data(LINE_SLOTS * sizeof<bool>(), 16));
/** How many plies of the line readLine wrote last, and of the saved one, are not counted. */
let lineUncountedCount = 0;
let bestLineUncounted = 0;
let bestLineLength = 0;
let bestLineWhole = false;

function saveLine(pool: i64 = -1): void {
  bestLineLength = readLine(pool);
  bestLineWhole = lineWhole;
  bestLineUncounted = lineUncountedCount;
  for (let i = 0; i < bestLineLength; i++) {
    unchecked(BEST_LINE[i] = unchecked(MOVES[i]));
    unchecked(BEST_UNCOUNTED[i] = unchecked(UNCOUNTED[i]));
  }
}
/** The line's plies that the length counts: all but the useless interpositions shown and their
 * captures (UNCOUNTED). */
@inline function countedPlies(moves: i32, uncounted: i32): i32 { return moves - uncounted; }
/** How many of the first n plies are marked in `marks` (UNCOUNTED or BEST_UNCOUNTED). */
function marked(marks: StaticArray<bool>, n: i32): i32 {
  let count = 0;
  for (let i = 0; i < n; i++) if (unchecked(marks[i])) count++;
  return count;
}

/** Write the solution of the shortest mate found into MOVES from 0 and return its number of
 * moves. The table holds more proofs now than when the mate was found, so the line read now
 * can show a longer defence; it is taken when it is whole (it ends in mate), and so is a whole
 * line read now when the one saved was not (proofs it needed had been replaced). */
export function solutionLine(): i32 {
  solutionWhole = false;
  if (bestLength == NO_LENGTH) return 0;
  tests.left = finished == MATE ? <i64>(nodes >> 3) + LONGEST_TEST_NODES : 0;
  // Stopped by a limit with a whole line saved, the reading keeps to about the limit: with pools
  // of a 16th and a 32nd of the solve's nodes, 墨酔38 stopped at 60 s answered 3.8 s late.
  const fresh = readLine(finished == RUNNING && bestLineWhole ? REREAD_SEARCH_NODES : -1);
  tests.left = 0;
  solutionWhole = lineWhole;
  // The line saved when the mate was found does not count when it runs past the mate: read while
  // the search went on, it could follow a check whose mate the search had seen (a last check
  // answered only by drops whose capture mates later) and the reading could not (minishogi
  // 3+R1/k4/5/5/B4 b RBP2g2sp showed R*5a's line of 7 for its mate in 5).
  const freshCounted = countedPlies(fresh, lineUncountedCount), saved = countedPlies(bestLineLength, bestLineUncounted);
  const savedFits = savedLineFits();
  if (lineWhole && freshCounted <= bestLength && (freshCounted >= saved || !bestLineWhole || !savedFits)) return fresh;
  // Neither line reaches the mate: the one that goes further.
  if (!lineWhole && (!savedFits || (!bestLineWhole && freshCounted > saved))) return fresh;
  solutionWhole = bestLineWhole;
  return writeSavedLine();
}
/** Whether the saved line counts no more plies than the mate found (see solutionLine). */
@inline function savedLineFits(): bool { return countedPlies(bestLineLength, bestLineUncounted) <= bestLength; }
/** Write the saved line into MOVES and UNCOUNTED from 0; returns its number of moves. */
function writeSavedLine(): i32 {
  for (let i = 0; i < bestLineLength; i++) {
    unchecked(MOVES[i] = unchecked(BEST_LINE[i]));
    unchecked(UNCOUNTED[i] = unchecked(BEST_UNCOUNTED[i]));
  }
  return bestLineLength;
}
/** The line of the shortest mate found so far, as saved when it was found (saveLine), written
 * into MOVES and UNCOUNTED from 0; returns its number of moves, or 0 while none is found or when
 * the saved line stops short of the mate or runs past it (see solutionLine). For reports while
 * the search for a shorter mate goes on: between two solveSteps MOVES is free, as each slice
 * starts again from the root. The solution at the end is read again (solutionLine). */
export function foundLine(): i32 {
  return bestLength == NO_LENGTH || !bestLineWhole || !savedLineFits() ? 0 : writeSavedLine();
}
/** Whether the line solutionLine wrote last ends in mate. It stops short when reading it back
 * takes more than the nodes set aside: proofs the table lost to prove again, or more than 64
 * checks to put aside (see ASIDE_KEYS). 雪月花, stopped with its table full after 56.3 M nodes,
 * once showed 306 plies of its 455 and blamed lost proofs; the line went round, and with checks
 * put aside it shows 463 plies that end in mate. */
export let solutionWhole = false;

/** Nodes that one kind of a line's searches shares (searchAside, apart from the search in
 * progress): each search takes at most `cap` of them, and once they are spent it searches no
 * more. Reading a line happens within one slice, and a stop waits for it. */
class NodePool {
  left: i64 = 0;
  /** Search the current position within `budget` plies; whether it settled (false when the
   * pool is spent). */
  search(isOr: bool, budget: i32, scratch: i32, cap: i64, only: i32 = NO_SQUARE): bool {
    if (this.left <= 0) return false;
    const before = nodes;
    const settled = searchAside(isOr, budget, scratch, min(this.left, cap), only);
    this.left -= <i64>(nodes - before);
    return settled;
  }
}
/** The tests that a defence is one of the longest (mateWithin), for the line of a mate proven
 * shortest: an eighth of the solve's nodes plus LONGEST_TEST_NODES (solutionLine). */
const tests = new NodePool();
/** Searches again of what the table no longer knows (tests of interpositions, defences with
 * replies of unknown length): a sixteenth of the solve's nodes plus REREAD_SEARCH_NODES. */
const rereads = new NodePool();
const REREAD_SEARCH_NODES: i64 = 1 << 16; // the most one such search takes
/** Positions of the line proven again, so that the table holds their proofs: a 32nd of the
 * solve's nodes, at least REPROOF_NODES. 墨酔38_H, stopped after 10 M nodes, once spent 15 M on
 * one position in 11 s; 墨酔38_22, on finding a mate after 28.6 M nodes, re-proved seven
 * positions of its line with 24 M nodes in one slice (with an eighth in all, 3.6 M; the line read
 * at the end was as long either way). */
const reproofs = new NodePool();
const REPROOF_NODES: i64 = 1 << 20;

/** Search the current position within `budget` plies and at most `maxNodes` nodes, apart from
 * the search in progress, whose node limit is kept. Returns whether it settled. `only`: a
 * useless-interposition test (see attackerMoves). */
function searchAside(isOr: bool, budget: i32, scratch: i32, maxNodes: i64, only: i32 = NO_SQUARE): bool {
  const left = nodesLeft, wasAborted = aborted;
  nodesLeft = maxNodes;
  aborted = false;
  mid(isOr, INFINITE, INFINITE, budget, scratch, only);
  const settled = !aborted;
  nodesLeft = left;
  aborted = wasAborted;
  return settled;
}

// Checks the line reading has put aside, each with the position it was played from: on this
// line they lead round to a position already on it (ゴゴノソラ, stopped at 60 s just after its
// first mate of 2025 plies: after 1387 plies every reply repeated one, and the line stopped).
const ASIDE_SLOTS = 64;
const ASIDE_KEYS = changetype<StaticArray<u64>>(memory.data(ASIDE_SLOTS * sizeof<u64>(), 16));
const ASIDE_MOVES = changetype<StaticArray<u32>>(memory.data(ASIDE_SLOTS * sizeof<u32>(), 16));
let asideCount = 0;
/** Whether the attacker's check m, from the current position, was put aside (ASIDE_KEYS). */
function isPutAside(m: u32): bool {
  if (asideCount == 0) return false;
  const k = key();
  for (let i = 0; i < asideCount; i++) if (unchecked(ASIDE_MOVES[i]) == m && unchecked(ASIDE_KEYS[i]) == k) return true;
  return false;
}

/** Whether the line readLine read last ends in mate. */
let lineWhole = false;

/** Read the line of the mate just proven from the table into MOVES from 0. `pool`: the nodes
 * each of its searches again (rereads, reproofs) may take, when not the default share. */
function readLine(pool: i64 = -1): i32 {
  let n = 0, remaining = bestLength, isOr = true;
  lineWhole = false;
  rereads.left = pool >= 0 ? pool : <i64>(nodes >> 4) + REREAD_SEARCH_NODES;
  reproofs.left = pool >= 0 ? pool : max(REPROOF_NODES, <i64>(nodes >> 5));
  lineStamp++;
  readSteps = READ_STEPS;
  const scratch = LINE_SLOTS;
  enterPath();
  asideCount = 0;
  let again = false;
  while (n < 4000) {
    // Breaking ties costs a look down each tied line: only on lines short enough.
    let chosen = lineMove(isOr, remaining, scratch, remaining <= 61, again);
    again = false;
    if (chosen == 0 && !isOr && defenderMated) { lineWhole = true; break; }
    if (!isOr && chosen != 0 && replyUnknown && rereads.left > 0) {
      // A reply the table no longer knows may be the longest: prove the position again, so
      // that every reply has its length, then choose.
      rereads.search(false, remaining, scratch, REREAD_SEARCH_NODES);
      chosen = lineMove(isOr, remaining, scratch, remaining <= 61, true);
    }
    if (chosen == 0 || chosenLength > remaining - 1) {
      // The table lost proofs this line needs (replaced when buckets filled): it has none
      // here, or only longer ones than the mate proven. Prove this position again within
      // what is left, then read on.
      const settled = reproofs.search(isOr, remaining, scratch, i64.MAX_VALUE);
      chosen = lineMove(isOr, remaining, scratch, remaining <= 61, true);
      if (chosen == 0) {
        // The search settled that there is no mate from here on this path: the table's proofs
        // lead back to a position the line has been through (where the defender could go round
        // for good). The attacker's check before is put aside there, and the line chosen again
        // from it. A pool spent settles nothing, and puts nothing aside.
        const back = isOr ? 2 : 1;
        if (!settled || n < back || asideCount == ASIDE_SLOTS) break;
        unwindPath(back);
        for (let k = 0; k < back; k++) remaining += unshow(--n);
        lineOnly = n > 0 && unchecked(UNCOUNTED[n - 1]) ? moveTo(unchecked(MOVES[n - 1])) : NO_SQUARE;
        isOr = true;
        unchecked(ASIDE_KEYS[asideCount] = key());
        unchecked(ASIDE_MOVES[asideCount++] = unchecked(MOVES[n]));
        again = true;
        continue;
      }
    }
    remaining += show(n++, chosen, isOr);
    playOnPath(chosen);
    isOr = !isOr;
  }
  unwindPath(n);
  leavePath();
  lineOnly = NO_SQUARE;
  lineUncountedCount = marked(UNCOUNTED, n);
  return n;
}

/** Put move m (the line's choice, lineMove's last) at index i of the line (MOVES), marking it
 * when it does not count (UNCOUNTED: a useless interposition shown, or its capture); returns the
 * change in the plies left (stepAlong). */
function show(i: i32, m: u32, isOr: bool): i32 {
  unchecked(UNCOUNTED[i] = (!isOr && chosenUseless) || (isOr && lineOnly != NO_SQUARE));
  unchecked(MOVES[i] = m);
  return stepAlong(m, isOr);
}
/** A line (readLine's, or a tie's read in piecesLeftAfter) goes on by m, lineMove's last choice:
 * the change in the plies left, one fewer, but one more after a useless interposition shown
 * (chosenUseless), whose capture's mate has its restricted node's budget, the AND node's plus
 * one; the capture must follow (lineOnly). */
function stepAlong(m: u32, isOr: bool): i32 {
  const shown = !isOr && chosenUseless;
  lineOnly = shown ? moveTo(m) : NO_SQUARE;
  return shown ? 1 : -1;
}
/** The change in the plies left when the line's move at index i is taken back (show's, undone). */
@inline function unshow(i: i32): i32 { return unchecked(UNCOUNTED[i]) && (i & 1) != 0 ? -1 : 1; }

/** Whether the move at index i of the line solutionLine or foundLine wrote is shown but not counted. */
export function lineUncounted(i: i32): bool { return unchecked(UNCOUNTED[i]); }

