// The attacker's hand packed in a u32, so that "holds at least as much of every kind"
// (superiority of hands) is one subtraction. Each kind has a field wide enough for its
// count and a guard bit above it; a borrow from a field clears its guard bit.
//   pawn 0-4 (guard 5), lance 6-8 (9), knight 10-12 (13), silver 14-16 (17),
//   gold 18-20 (21), bishop 22-23 (24), rook 25-26 (27)
import { PAWN, GOLD, HAND_TYPE_NB } from '../types';
import { hand } from '../position';

const SHIFT: StaticArray<u32> = [0, 0, 6, 10, 14, 22, 25, 18];
const GUARDS: u32 = (1 << 5) | (1 << 9) | (1 << 13) | (1 << 17) | (1 << 21) | (1 << 24) | (1 << 27);

export function packHand(color: i32): u32 {
  let packed: u32 = 0;
  const base = color * HAND_TYPE_NB;
  for (let t = PAWN; t <= GOLD; t++) packed |= (<u32>unchecked(hand[base + t])) << unchecked(SHIFT[t]);
  return packed;
}

/** Whether hand a holds at least as many pieces of every kind as hand b. */
@inline export function handCovers(a: u32, b: u32): bool {
  return (((a | GUARDS) - b) & GUARDS) == GUARDS;
}
