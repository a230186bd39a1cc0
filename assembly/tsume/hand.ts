// The attacker's hand packed in a u32, so that "holds at least as much of every kind"
// (superiority of hands) is one subtraction. Each kind has a field wide enough for its
// count and a guard bit above it; a borrow from a field clears its guard bit.
//   pawn 0-4 (guard 5), lance 6-8 (9), knight 10-12 (13), silver 14-16 (17),
//   gold 18-20 (21), bishop 22-23 (24), rook 25-26 (27)
import { PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING, NO_PIECE, HAND_TYPE_NB, isDrop, moveDroppedType, moveTo, typeOf, baseType } from '../types';
import { hand, board } from '../position';

const PAWN_AT: u32 = 0, LANCE_AT: u32 = 6, KNIGHT_AT: u32 = 10, SILVER_AT: u32 = 14, GOLD_AT: u32 = 18, BISHOP_AT: u32 = 22, ROOK_AT: u32 = 25;
/** The largest count a field holds, by its width: 5 bits (pawns), 3, 2 (bishops, rooks). */
const MOST_5: u32 = 31, MOST_3: u32 = 7, MOST_2: u32 = 3;
/** Each kind's field, by piece type: where it starts, and the largest count it holds. */
const SHIFT: StaticArray<u32> = [0, PAWN_AT, LANCE_AT, KNIGHT_AT, SILVER_AT, BISHOP_AT, ROOK_AT, GOLD_AT];
const WIDTH: StaticArray<u32> = [0, MOST_5, MOST_3, MOST_3, MOST_3, MOST_2, MOST_2, MOST_3];
/** The guard bits, just above each field, by the field's width. */
const GUARD_5: u32 = (MOST_5 + 1) << PAWN_AT;
const GUARDS_3: u32 = ((MOST_3 + 1) << LANCE_AT) | ((MOST_3 + 1) << KNIGHT_AT) | ((MOST_3 + 1) << SILVER_AT) | ((MOST_3 + 1) << GOLD_AT);
const GUARDS_2: u32 = ((MOST_2 + 1) << BISHOP_AT) | ((MOST_2 + 1) << ROOK_AT);
const GUARDS: u32 = GUARD_5 | GUARDS_3 | GUARDS_2;

/** The attacker's packed hand after its move m from the current position, without playing it:
 * a drop spends a piece, a capture gains one (unless `returned`: a useless-interposition test
 * hands the piece taken back to the defender). */
export function handAfter(m: u32, packed: u32, returned: bool): u32 {
  if (isDrop(m)) return packed - (1 << unchecked(SHIFT[moveDroppedType(m)]));
  const captured = unchecked(board[moveTo(m)]);
  if (captured == NO_PIECE || returned) return packed;
  const type = baseType(typeOf(captured));
  return type == KING ? packed : packed + (1 << unchecked(SHIFT[type])); // dobutsu: a lion taken is not held
}

export function packHand(color: i32): u32 {
  // Unrolled, the shifts constants: the solver packs a hand several times a node, and a loop
  // over SHIFT took 2.8% more of tsume-dev #126's instructions (3 M nodes, 6.48 G against 6.30 G).
  const at = changetype<usize>(hand) + <usize>(color * HAND_TYPE_NB) * sizeof<i32>();
  return (load<u32>(at, PAWN * 4) << PAWN_AT) | (load<u32>(at, LANCE * 4) << LANCE_AT) | (load<u32>(at, KNIGHT * 4) << KNIGHT_AT)
    | (load<u32>(at, SILVER * 4) << SILVER_AT) | (load<u32>(at, GOLD * 4) << GOLD_AT) | (load<u32>(at, BISHOP * 4) << BISHOP_AT)
    | (load<u32>(at, ROOK * 4) << ROOK_AT);
}

// Per-field operations on whole hands at once (no loop over the kinds): a field's guard bit
// marks a comparison's outcome, and fieldsOf widens marked guards to their fields' bits.
/** The bits of the fields whose guard bits are set in g: each guard less its field's lowest bit. */
@inline function fieldsOf(g: u32): u32 {
  return g - (((g & GUARD_5) >> 5) | ((g & GUARDS_3) >> 3) | ((g & GUARDS_2) >> 2));
}
/** Every field's bits, and each field's lowest bit. */
const FIELDS: u32 = (GUARD_5 - (GUARD_5 >> 5)) | (GUARDS_3 - (GUARDS_3 >> 3)) | (GUARDS_2 - (GUARDS_2 >> 2));
const LOWS: u32 = (GUARD_5 >> 5) | (GUARDS_3 >> 3) | (GUARDS_2 >> 2);
/** The guard bits of the fields where a holds at least as many as b. */
@inline function atLeast(a: u32, b: u32): u32 { return ((a | GUARDS) - b) & GUARDS; }
/** The fields of h that hold at least one piece. */
@inline function heldFields(h: u32): u32 { return fieldsOf(atLeast(h, LOWS)); }

/** Whether hand a holds at least as many pieces of every kind as hand b. */
@inline export function handCovers(a: u32, b: u32): bool { return atLeast(a, b) == GUARDS; }

/** One kind's count in a hand, and the hand with that count replaced. */
@inline function field(h: u32, t: i32): u32 { return (h >> unchecked(SHIFT[t])) & unchecked(WIDTH[t]); }
@inline function withField(h: u32, t: i32, v: u32): u32 {
  const shift = unchecked(SHIFT[t]);
  return (h & ~(unchecked(WIDTH[t]) << shift)) | (v << shift);
}

// ---- Proof pieces (証明駒) ------------------------------------------------------------------
// The part of the attacker's hand a proof needs: the same mate works with any hand holding at
// least that much (the defender then holds less), so the table stores proofs under it.

/** A child's proof pieces seen from its parent: a piece the move dropped is needed one more,
 * a piece it took one less; never more than the parent holds. */
export function proofToParent(proof: u32, childHand: u32, parentHand: u32): u32 {
  return toParent(proof, childHand, parentHand, true);
}

/** Pieces counted in a child's hand, counted in its parent's: shifted by what the move dropped
 * or took, then kept within what a proof (at most the parent's hand) or a disproof (at least
 * the parent's hand) can be. */
function toParent(pieces: u32, childHand: u32, parentHand: u32, proof: bool): u32 {
  // Unrolled, each field's shift and width constants (see packHand).
  return kindToParent(pieces, childHand, parentHand, proof, PAWN_AT, MOST_5) | kindToParent(pieces, childHand, parentHand, proof, LANCE_AT, MOST_3)
    | kindToParent(pieces, childHand, parentHand, proof, KNIGHT_AT, MOST_3) | kindToParent(pieces, childHand, parentHand, proof, SILVER_AT, MOST_3)
    | kindToParent(pieces, childHand, parentHand, proof, GOLD_AT, MOST_3) | kindToParent(pieces, childHand, parentHand, proof, BISHOP_AT, MOST_2)
    | kindToParent(pieces, childHand, parentHand, proof, ROOK_AT, MOST_2);
}
@inline function kindToParent(pieces: u32, childHand: u32, parentHand: u32, proof: bool, shift: u32, width: u32): u32 {
  const held = <i32>((parentHand >> shift) & width);
  const count = <i32>((pieces >> shift) & width) - <i32>((childHand >> shift) & width) + held;
  return <u32>(proof ? min(max(count, 0), held) : min(max(count, held), <i32>width)) << shift;
}

/** Per kind, the larger of two hands: what every one of several proofs needs. */
export function handUnion(a: u32, b: u32): u32 {
  const aLarger = fieldsOf(atLeast(a, b));
  return (a & aLarger) | (b & ~aLarger & FIELDS);
}

/** Kinds the defender lacks stay with the attacker in full: with fewer of them the defender
 * would hold some and could drop them (to interpose). */
export function keepWhatDefenderLacks(proof: u32, attackerHand: u32, defender: i32): u32 {
  const lacks = ~heldFields(packHand(defender)) & FIELDS;
  return (proof & ~lacks) | (attackerHand & lacks);
}

// ---- Disproof pieces (反証駒) ---------------------------------------------------------------
// The most the attacker could hold and still fail: a refutation is stored under it, so that it
// serves every hand holding no more than that.

/** Everything the attacker could hold: its hand and the defender's. */
export function allPieces(attacker: i32): u32 {
  // A field holds every piece of its kind in the game: the sum never carries into the next.
  return packHand(attacker) + packHand(attacker ^ 1);
}

/** A child's disproof pieces seen from its parent: a piece the move dropped one more, a piece
 * it took one less; never less than the parent holds. */
export function disproofToParent(disproof: u32, childHand: u32, parentHand: u32): u32 {
  return toParent(disproof, childHand, parentHand, false);
}

/** Per kind, the smaller of two hands: what every one of several refutations allows. */
export function handIntersection(a: u32, b: u32): u32 {
  const aLarger = fieldsOf(atLeast(a, b));
  return (b & aLarger) | (a & ~aLarger & FIELDS);
}

/** Kinds the attacker does not hold stay at none: one of them might give a new check by a drop. */
export function keepWhatAttackerLacks(disproof: u32, attackerHand: u32): u32 {
  return disproof & heldFields(attackerHand);
}

/** A refutation by the defender's drop of `type` needs the defender to keep one. */
export function leaveDefenderOne(disproof: u32, type: i32, attackerHand: u32, defender: i32): u32 {
  const most = field(attackerHand, type) + <u32>unchecked(hand[defender * HAND_TYPE_NB + type]) - 1;
  return field(disproof, type) > most ? withField(disproof, type, most) : disproof;
}
