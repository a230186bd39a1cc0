// Transposition table: one block of linear memory, sized in MiB, allocated once and reused
// (the runtime is "stub": nothing is ever collected, so the table is never reallocated unless
// its size changes).
//
// Layout: buckets of 4 entries of 16 bytes (one 64-byte cache line per probe).
//   +0  u32  key check: the high 32 bits of the position key (the low bits chose the bucket)
//   +4  u16  best move (the low 16 bits of the move encoding, types.ts)
//   +6  i16  score (mate scores relative to this node, see scoreToTT)
//   +8  i16  static evaluation
//   +10 u8   depth + 1 (quiescence stores depth 0 as 1)
//   +11 u8   generation << 2 | bound
//   +12 u32  game: the entry holds something only when this is the current game (see ttClear)
//
// Replacement: a probe that finds its key reuses that entry; otherwise it takes the entry of
// the bucket with the least worth = depth - 8 * age, where age is how many searches ago the
// entry was written (the generation counts searches modulo 64). An entry with the same key is
// overwritten unless it holds a deeper result of the current search with a non-exact bound
// kept deeper by more than 3 plies; the old best move is kept when the new result has none.
export const BOUND_NONE: i32 = 0;
export const BOUND_UPPER: i32 = 1;
export const BOUND_LOWER: i32 = 2;
export const BOUND_EXACT: i32 = 3;

const ENTRY_BYTES: usize = 16;
const BUCKET_ENTRIES: usize = 4;
const BUCKET_BYTES: usize = ENTRY_BYTES * BUCKET_ENTRIES;
/** The stub allocator's blocks stay under 1 GiB (its header takes a few bytes of it): a
 * 1024 MiB table is one bucket short of 1 GiB. */
const MAX_TABLE_BYTES: usize = (1 << 30) - BUCKET_BYTES;

let table: usize = 0;
let tableBytes: usize = 0;
let buckets: u64 = 0;
let generation: i32 = 0;
/** Entries written in an earlier game count as empty: a new game only counts up, and touches
 * none of the table. Clearing it byte by byte made USI's usinewgame take time in proportion to
 * USI_Hash (40-60 ms for 1 GiB, 1.2 s when it made the system commit pages no search had
 * touched), time the first move's clock paid. Memory that was never written holds game 0,
 * which is never current. */
let game: u32 = 1;
/** Size 0 turns the table off (for tests): nothing is stored, every probe misses. */
let disabled = false;

/** Size the table; a size change reallocates and clears it. Returns the size in MiB. */
export function ttResize(mib: i32): i32 {
  disabled = mib <= 0;
  if (disabled) {
    if (table != 0) heap.free(table);
    table = 0;
    tableBytes = 0;
    buckets = 0;
    return 0;
  }
  if (mib > 1024) mib = 1024; // and mib << 20 fits in 32 bits
  const bytes = min(<usize>mib << 20, MAX_TABLE_BYTES);
  if (bytes != tableBytes) {
    // heap.free only gives memory back when the block is the last one allocated, which it is
    // unless something was allocated after it; otherwise the old table is left unused.
    if (table != 0) heap.free(table);
    const grownFrom = <usize>memory.size() << 16;
    table = heap.alloc(bytes);
    tableBytes = bytes;
    buckets = <u64>(bytes / BUCKET_BYTES);
    // Memory that existed before the table may hold anything (an earlier block, another
    // table), so it is zeroed; what memory.grow added is zero already, and zeroing it would only
    // make the system commit 1 GiB that no search has touched yet (isready took seconds).
    if (grownFrom > table) memory.fill(table, 0, min(grownFrom - table, bytes));
  }
  ttClear();
  return mib;
}

/** Forget every entry (a new game): they all belong to an earlier game from now on. */
export function ttClear(): void {
  generation = 0;
  game++;
  if (game != 0) return;
  // Once in 2^32 new games the count comes back to where the oldest entries may still be.
  if (table != 0) memory.fill(table, 0, tableBytes);
  game = 1;
}

/** A new search: entries of earlier searches age by one. */
export function ttNewSearch(): void { generation = (generation + 1) & 63; }

@inline export function ttReady(): bool { return table != 0 || disabled; }

/** The bucket of a key: the high half of (low 32 bits * buckets) spreads keys over any count. */
@inline function bucketOf(key: u64): usize {
  return table + <usize>(((key & 0xFFFFFFFF) * buckets) >> 32) * BUCKET_BYTES;
}

/** Whether an entry holds something: it was written in the current game. */
@inline function live(e: usize): bool { return load<u32>(e, 12) == game; }

/** The entry holding key, or 0. */
export function ttProbe(key: u64): usize {
  if (table == 0) return 0;
  const check = <u32>(key >> 32);
  const bucket = bucketOf(key);
  for (let i: usize = 0; i < BUCKET_ENTRIES; i++) {
    const e = bucket + i * ENTRY_BYTES;
    if (load<u32>(e) == check && live(e)) return e;
  }
  return 0;
}

@inline export function entryMove(e: usize): u32 { return <u32>load<u16>(e, 4); }
@inline export function entryScore(e: usize): i32 { return <i32>load<i16>(e, 6); }
@inline export function entryEval(e: usize): i32 { return <i32>load<i16>(e, 8); }
@inline export function entryDepth(e: usize): i32 { return <i32>load<u8>(e, 10) - 1; }
@inline export function entryBound(e: usize): i32 { return <i32>load<u8>(e, 11) & 3; }

export function ttStore(key: u64, move: u32, score: i32, evalScore: i32, depth: i32, bound: i32): void {
  if (table == 0) return;
  const check = <u32>(key >> 32);
  const bucket = bucketOf(key);
  let target: usize = 0;
  let worst: i32 = i32.MAX_VALUE;
  for (let i: usize = 0; i < BUCKET_ENTRIES; i++) {
    const e = bucket + i * ENTRY_BYTES;
    const stored = live(e) ? <i32>load<u8>(e, 10) : 0;
    if (stored == 0 || load<u32>(e) == check) {
      if (stored != 0) {
        if (move == 0) move = <u32>load<u16>(e, 4);
        if (bound != BOUND_EXACT && depth + 1 < stored - 1 - 3) {
          // A much deeper result stays, of this search or an earlier one (the search of the
          // previous move of a game, an analysis that was stopped); it only gets younger.
          store<u8>(e, <u8>((generation << 2) | (load<u8>(e, 11) & 3)), 11);
          return;
        }
      }
      target = e;
      break;
    }
    const age = (generation - (<i32>load<u8>(e, 11) >> 2)) & 63;
    const worth = stored - 8 * age;
    if (worth < worst) { worst = worth; target = e; }
  }
  store<u32>(target, check);
  store<u16>(target, <u16>move, 4);
  store<i16>(target, <i16>score, 6);
  store<i16>(target, <i16>evalScore, 8);
  store<u8>(target, <u8>(max(depth, 0) + 1), 10);
  store<u8>(target, <u8>((generation << 2) | bound), 11);
  store<u32>(target, game, 12);
}

/** Permille of a sample of entries written by the current search (USI hashfull). */
export function ttHashfull(): i32 {
  if (table == 0) return 0;
  let n = 0;
  const sample: usize = min<usize>(1000, <usize>buckets * BUCKET_ENTRIES);
  for (let i: usize = 0; i < sample; i++) {
    const e = table + i * ENTRY_BYTES;
    if (live(e) && (<i32>load<u8>(e, 11) >> 2) == generation) n++;
  }
  return <i32>(n * 1000 / sample);
}
