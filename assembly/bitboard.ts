// Bitboards: one bit per square in a v128 seen as two u64 lanes.
// Square sq < 63 is bit sq of lane 0; square sq >= 63 is bit (sq - 63) of lane 1. The split
// at 63 = 7 files x 9 ranks keeps every file inside one lane, so no file straddles lanes.
// Minishogi (25 squares) and dobutsu (12) live entirely in lane 0.
import { MAX_SQUARES } from './types';

export const EMPTY: v128 = i64x2(0, 0);
export const LANE_SPLIT: i32 = 63;

// Fixed arrays: the hot tables and stacks of the rules core and the tsume solver live in static
// memory (memory.data), not on the heap, so that their addresses are constants that the compiled
// code folds into its loads. A StaticArray allocated at start has its address in a mutable global,
// loaded again at every access: perft from the start position ran 81 M nodes/s that way, 93 M
// this way, and 寿's first 300 k nodes took 9.6% fewer instructions (valgrind). Such an array has
// no header, so it is read and written with unchecked() only, and its size is a named constant
// (.length would read the bytes before it).
export const SQUARE_BB = changetype<StaticArray<v128>>(memory.data((MAX_SQUARES + 1) * sizeof<v128>(), 16));
for (let sq = 0; sq < MAX_SQUARES; sq++) {
  unchecked(SQUARE_BB[sq] = sq < LANE_SPLIT ? i64x2(1 << sq, 0) : i64x2(0, 1 << (sq - LANE_SPLIT)));
}

@inline export function squareBB(sq: i32): v128 { return unchecked(SQUARE_BB[sq]); }
@inline export function lo(b: v128): u64 { return <u64>i64x2.extract_lane(b, 0); }
@inline export function hi(b: v128): u64 { return <u64>i64x2.extract_lane(b, 1); }
@inline export function any(b: v128): bool { return v128.any_true(b); }
@inline export function none(b: v128): bool { return !v128.any_true(b); }
@inline export function and(a: v128, b: v128): v128 { return v128.and(a, b); }
@inline export function or(a: v128, b: v128): v128 { return v128.or(a, b); }
@inline export function xor(a: v128, b: v128): v128 { return v128.xor(a, b); }
/** a & ~b */
@inline export function andNot(a: v128, b: v128): v128 { return v128.andnot(a, b); }
@inline export function has(b: v128, sq: i32): bool { return v128.any_true(v128.and(b, squareBB(sq))); }
@inline export function popcount(b: v128): i32 { return <i32>(popcnt(lo(b)) + popcnt(hi(b))); }
@inline export function moreThanOne(b: v128): bool {
  const l = lo(b), h = hi(b);
  return (l & (l - 1)) != 0 || (h & (h - 1)) != 0 || (l != 0 && h != 0);
}

/** Lowest square of a non-empty bitboard. */
@inline export function lsb(b: v128): i32 {
  const l = lo(b);
  return l != 0 ? <i32>ctz(l) : LANE_SPLIT + <i32>ctz(hi(b));
}
/** Highest square of a non-empty bitboard. */
@inline export function msb(b: v128): i32 {
  const h = hi(b);
  return h != 0 ? LANE_SPLIT + 63 - <i32>clz(h) : 63 - <i32>clz(lo(b));
}

/** Bit loops run lane by lane, over the two u64 halves (lsb order, as everywhere): V8 pops bits
 * off a u64 far more cheaply than off a v128 (checkingMoves: 5% of its instructions in 寿).
 *   for (let lane = 0, first = 0; lane < 2; lane++, first = LANE_SPLIT)
 *     for (let bits = laneBits(b, lane); bits != 0; bits &= bits - 1) { const sq = laneSquare(bits, first); … } */
@inline export function laneBits(b: v128, lane: i32): u64 { return lane == 0 ? lo(b) : hi(b); }
/** The square of the lowest bit of a lane's bits; `first`: the lane's first square. */
@inline export function laneSquare(bits: u64, first: i32): i32 { return first + <i32>ctz(bits); }

/** Remove the lowest set bit. */
@inline export function popLsb(b: v128): v128 {
  const l = lo(b);
  if (l != 0) return i64x2.replace_lane(b, 0, <i64>(l & (l - 1)));
  const h = hi(b);
  return i64x2.replace_lane(b, 1, <i64>(h & (h - 1)));
}
