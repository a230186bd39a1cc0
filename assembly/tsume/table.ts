// The solver's transposition table: a bounded block of memory (size in MiB) of buckets of 8
// entries. An entry is a position (board key with side to move, and the attacker's hand), its
// proof and disproof numbers, the length of the shortest mate proven from it so far, and the
// largest ply budget within which it is known not to mate.
//
// Lookups use superiority of hands: a mate proven with fewer attacker pieces in hand holds
// with more, and a refutation proven with more holds with fewer, so all the hands of a board
// go to its bucket (and the next one, when it has many: see SPILL_AT). When no slot is free, the
// entry that cost the least work to find is replaced (so the table garbage-collects itself
// under a memory limit); unfinished entries go before proven or refuted ones.
//
// Bucket layout (256 bytes, aligned to 64): the 8 keys first, so that a lookup, and a store
// that finds its entry or a free slot, reads one cache line unless a key matches; then what a
// lookup compares, 8 summaries of 8 bytes in the next line (a lookup reads at most these two):
//   0 hand u32 | 4 provenLength u16 | 6 refutedBudget u16
// then the rest, 8 details of 16 bytes, read for an unfinished entry of the very hand asked:
//   0 pn u32 | 4 dn u32 | 8 work u32 | 12 minDepth u16 (the shallowest ply from the root it was
//   searched at; the solver's threshold control reads it) | 14 unused u16
// (Before, 24-byte records followed the keys, and a lookup read up to three lines besides the
// keys' one. 寿 and tsume-dev #126, 3 M nodes: 2-5% faster, about the noise of this machine.)
// A slot is free when its key is 0 (a key that is 0 is stored as 1). Each problem starts with
// its first buckets cleared, and a doubling clears the buckets it fills, so nothing of an
// earlier problem is ever read.
//
// The table in use grows with the problem: it starts at 1 MiB and doubles, up to the size
// reserved, once it is 5/8 full and replacements have thrown out entries that cost work (see
// setShallowSearch) as many as 1/16 of its slots. A small problem then touches little memory, and
// probes in a small table miss the cache and the TLB far less (a short problem ran 1.6x faster
// in 16 MiB than in 1000 MiB, with the same nodes). Most entries are first estimates and other
// cheap ones, and in long problems losing them costs little (in short ones their look-aheads are
// done again, see setShallowSearch): 寿 searched the same 19.7 M nodes in 128 MiB as in
// 800 MiB, but 39 M in 64 MiB; growing at 5/8 full alone took it to 800 MiB. Doubling splits
// each bucket b into 2b and 2b + 1, because a key's bucket is its high bits scaled to the
// bucket count.
import { handCovers } from './hand';

export const INFINITE: u32 = 0x3FFFFFFF;
export const NO_LENGTH: i32 = 0xFFFF;
/** refutedBudget meaning "no mate at any length". */
export const ALWAYS: i32 = 0xFFFF;

const BUCKET: usize = 8;
const SUMMARY: usize = 8;
const DETAIL: usize = 16;
/** An entry's summary and detail together, as grow moves them. */
const RECORD: usize = SUMMARY + DETAIL;
const BUCKET_BYTES: usize = BUCKET * (8 + RECORD);

let base: usize = 0;
/** Buckets in use, and the most the reserved block holds (an initial count times a power of two). */
let bucketCount: u64 = 1;
let maxBuckets: u64 = 1;
const INITIAL_BUCKETS: u64 = (1 << 20) / BUCKET_BYTES;
export let entriesUsed: i32 = 0;
export let entriesTotal: i32 = 0;

/** The largest table: the runtime's allocator hands out blocks of less than 1 GiB. */
export const MAX_TABLE_MIB: i32 = 1000;

/** Reserve `mib` MiB (at most MAX_TABLE_MIB). The block comes from the runtime's allocator, so
 * later allocations never overlap it. Only the part in use is ever cleared (clearing 1 GiB
 * took seconds). */
export function resizeTable(mib: i32): void {
  const bytes = <usize>min(max(mib, 1), MAX_TABLE_MIB) << 20;
  let buckets = <u64>(bytes / BUCKET_BYTES), doublings = 0;
  while ((buckets >> (doublings + 1)) >= INITIAL_BUCKETS) doublings++;
  buckets = (buckets >> doublings) << doublings;
  const need = <usize>buckets * BUCKET_BYTES;
  if (need > tableBytes) {
    if (block != 0) heap.free(block);
    block = heap.alloc(need + 64);
    base = (block + 63) & ~(<usize>63);
    tableBytes = need;
  }
  maxBuckets = buckets;
  firstBuckets = buckets >> doublings;
  entriesTotal = <i32>(buckets * BUCKET);
  startProblem();
}
let firstBuckets: u64 = 1;
let block: usize = 0;
let tableBytes: usize = 0;

/** Whether resizeTable has been called. */
export function tableReady(): bool { return base != 0; }

/** Start a new problem with an empty table of the first size (1 to 2 MiB). */
export function startProblem(): void {
  memory.fill(base, 0, <usize>firstBuckets * BUCKET_BYTES);
  entriesUsed = 0;
  costlyEvictions = 0;
  bucketCount = firstBuckets;
}

/** Double the buckets in use: bucket b splits into 2b and 2b + 1. From the top down, so that
 * every bucket written to has been emptied already (2b and 2b + 1 are above b, or were moved). */
function grow(): void {
  const keys = changetype<usize>(MOVED_KEYS), records = changetype<usize>(MOVED_RECORDS);
  for (let b = <i64>bucketCount - 1; b >= 0; b--) {
    const from = base + <usize>b * BUCKET_BYTES;
    let n: usize = 0;
    for (let i: usize = 0; i < BUCKET; i++) {
      const key = load<u64>(from + i * 8);
      if (key == 0) continue;
      // An entry spilled here from the bucket before (see SPILL_AT) is dropped.
      if (<i64>bucketIndex(key, bucketCount) != b) { entriesUsed--; continue; }
      store<u64>(keys + n * 8, key);
      // An entry moves by plain loads and stores, not by memory.copy calls of 8 and 16 bytes.
      store<u64>(records + n * RECORD, load<u64>(summaryOf(from, i)));
      v128.store(records + n * RECORD + SUMMARY, v128.load(detailOf(from, i)));
      n++;
    }
    clearKeys(base + <usize>b * 2 * BUCKET_BYTES);
    clearKeys(base + (<usize>b * 2 + 1) * BUCKET_BYTES);
    let low: usize = 0, high: usize = 0;
    for (let i: usize = 0; i < n; i++) {
      const key = load<u64>(keys + i * 8);
      const half = <usize>bucketIndex(key, bucketCount << 1) - <usize>b * 2;
      const to = base + (<usize>b * 2 + half) * BUCKET_BYTES;
      const slot = half == 0 ? low++ : high++;
      store<u64>(to + slot * 8, key);
      store<u64>(summaryOf(to, slot), load<u64>(records + i * RECORD));
      v128.store(detailOf(to, slot), v128.load(records + i * RECORD + SUMMARY));
    }
  }
  bucketCount <<= 1;
}
/** Free a bucket's 8 key slots (its first 64 bytes). */
@inline function clearKeys(b: usize): void {
  const zero = i64x2.splat(0);
  v128.store(b, zero); v128.store(b, zero, 16); v128.store(b, zero, 32); v128.store(b, zero, 48);
}
const MOVED_KEYS = new StaticArray<u64>(BUCKET);
const MOVED_RECORDS = new StaticArray<u8>(<i32>(BUCKET * RECORD));

/** The index of a key's bucket among `count`: its high half scaled to the count (any count,
 * not only powers of two; doubling the count sends index b to 2b or 2b + 1). */
@inline function bucketIndex(key: u64, count: u64): u64 { return ((key >> 32) * count) >> 32; }
/** A key as stored: 0 marks a free slot. */
@inline function storedKey(key: u64): u64 { return key == 0 ? 1 : key; }
/** Bucket of a key. */
@inline function bucketOf(key: u64): usize { return base + <usize>bucketIndex(key, bucketCount) * BUCKET_BYTES; }
@inline function summaryOf(b: usize, i: usize): usize { return b + BUCKET * 8 + i * SUMMARY; }
@inline function detailOf(b: usize, i: usize): usize { return b + BUCKET * (8 + SUMMARY) + i * DETAIL; }

/** Start reading the bucket of a key about to be looked up. A lookup waits for memory (the
 * table is far larger than the caches); the loads of several touches in a row overlap, where
 * lookups one after another, with moves played between them, each wait in turn. All four lines
 * of the bucket: a lookup reads the keys, then a summary, then often a detail, and the store
 * that follows a new child's estimate reads the details to choose a victim. With the keys' line
 * alone the later reads still missed the cache (perf annotate, 寿: half of the stores' time and
 * a third of the lookups' on one load each); with all four, 寿's first 2 M nodes took 4.66 s
 * instead of 5.29 s (the fastest of five runs each; the same nodes). */
export let touched: u64 = 0;
@inline export function touch(key: u64): void {
  // The keys' line, the summaries' and the two of the details (see the bucket layout above).
  const b = bucketOf(key);
  touched += load<u64>(b) + load<u64>(b, BUCKET * 8) + load<u64>(b, BUCKET * (8 + SUMMARY)) + load<u64>(b, BUCKET * (8 + SUMMARY + DETAIL / 2));
}
/** Whether lookups wait for memory: a table of up to 8 MiB mostly stays in the caches, where
 * touching it first is only overhead (a key computed and a load per child), a larger one does
 * not. */
@inline export function tableOutgrowsCaches(): bool { return bucketCount * BUCKET_BYTES > (8 << 20); }

// What a lookup found, read by the caller right after the call.
export let foundPn: u32 = 1;
export let foundDn: u32 = 1;
export let foundLength: i32 = NO_LENGTH;
export let foundRefutedBudget: i32 = 0;
/** The shallowest ply from the root an unfinished entry found was searched at. */
export let foundMinDepth: i32 = 0;
/** The hand of the entry found: a proof's proof pieces, a refutation's disproof pieces. */
export let foundHand: u32 = 0;

/** Look up (key, hand) for a search that may use at most `budget` plies from here.
 * Returns 1 proven (foundLength), 2 refuted, 3 unfinished (foundPn, foundDn), 0 unknown. */
export function probe(key: u64, hand: u32, budget: i32): i32 {
  const home = bucketOf(key), stored = storedKey(key);
  scanExact = 0;
  scanBest = NO_LENGTH;
  const same = scan(home, stored, hand, budget);
  if (same < 0 || (same >= SPILL_AT && scan(spillOf(home), stored, hand, budget) < 0)) return 2;
  if (scanBest != NO_LENGTH) { foundLength = scanBest; return 1; }
  if (scanExact != 0) {
    foundPn = load<u32>(scanExact);
    foundDn = load<u32>(scanExact, 4);
    foundMinDepth = <i32>load<u16>(scanExact, 12);
    // Proven only beyond the budget, or refuted only within a smaller one: unfinished here,
    // and the caller's first estimate (its look-ahead) says more than its old 0 or infinity.
    if (foundPn == 0 || foundDn == 0) return 0;
    return 3;
  }
  return 0;
}

// What scan found: the shortest proof that holds, and the entry of this very hand.
let scanBest: i32 = NO_LENGTH;
let scanExact: usize = 0;

/** Look through one bucket for the key's entries; returns how many there are, or -1 once a
 * refutation that holds is found (foundHand, foundRefutedBudget set). */
function scan(b: usize, stored: u64, hand: u32, budget: i32): i32 {
  let same = 0;
  for (let matches = keysEqual(b, stored); matches != 0; matches &= matches - 1) {
    const i = <usize>ctz(matches);
    same++;
    const e = summaryOf(b, i);
    const h = load<u32>(e);
    const len = <i32>load<u16>(e, 4);
    if (len <= budget && len < scanBest && handCovers(hand, h)) { scanBest = len; foundHand = h; }
    const refuted = <i32>load<u16>(e, 6); // 0: never refuted
    if (refuted != 0 && refuted >= budget && handCovers(h, hand)) {
      foundRefutedBudget = refuted; foundHand = h;
      return -1;
    }
    if (h == hand) scanExact = detailOf(b, i);
  }
  return same;
}

/** The slots of bucket b whose key is `key`, as bits 0-7. */
@inline function keysEqual(b: usize, key: u64): u32 {
  const k = i64x2.splat(key);
  return <u32>i64x2.bitmask(i64x2.eq(v128.load(b), k))
    | <u32>i64x2.bitmask(i64x2.eq(v128.load(b, 16), k)) << 2
    | <u32>i64x2.bitmask(i64x2.eq(v128.load(b, 32), k)) << 4
    | <u32>i64x2.bitmask(i64x2.eq(v128.load(b, 48), k)) << 6;
}

// A board can come with many hands (a long problem that repeats a manoeuvre with one pawn
// fewer each time), and its entries all go to one bucket, so that superiority can compare them.
// Eight were too few: in 寿 nearly every replacement threw out an entry of the same board, and
// the search went round the same 600,000 positions. A board with SPILL_AT entries in its bucket
// also uses the next bucket.
const SPILL_AT = 4;
@inline function spillOf(home: usize): usize {
  const next = home + BUCKET_BYTES;
  return next == base + <usize>bucketCount * BUCKET_BYTES ? base : next;
}

/** Record what a search of (key, hand) found. length: a proven mate length or NO_LENGTH;
 * refutedBudget: the budget within which it cannot mate (ALWAYS for never), or 0. Returns the
 * entry's work: every search of it so far. */
export function record(key: u64, hand: u32, pn: u32, dn: u32, length: i32, refutedBudget: i32, work: u32, depth: i32): u32 {
  const home = bucketOf(key), stored = storedKey(key);
  let slot = place(home, stored, hand);
  if (placeSame >= SPILL_AT && !placeExact) {
    const homeFree = placeFree, homeScore = placeScore;
    const spill = place(spillOf(home), stored, hand);
    // Its own entry where it is, else a free slot at home, then in the next bucket, else the
    // cheaper of the two to replace.
    if (placeExact || (!homeFree && (placeFree || placeScore < homeScore))) slot = spill;
  }
  const b = slotBucket(slot), i = slotIndex(slot);
  const e = summaryOf(b, i), d = detailOf(b, i);
  const fresh = load<u64>(slot) != stored || load<u32>(e) != hand;
  if (fresh) {
    if (load<u64>(slot) == 0) entriesUsed++;
    else if (load<u32>(d, 8) >= costlyWork) costlyEvictions++;
    store<u64>(slot, stored);
    store<u32>(e, hand);
    store<u16>(e, <u16>NO_LENGTH, 4);
    store<u16>(e, 0, 6);
    store<u32>(d, 0, 8);
    store<u16>(d, <u16>depth, 12);
  }
  store<u32>(d, pn);
  store<u32>(d, dn, 4);
  if (depth < <i32>load<u16>(d, 12)) store<u16>(d, <u16>depth, 12);
  if (length < <i32>load<u16>(e, 4)) store<u16>(e, <u16>length, 4);
  if (refutedBudget > <i32>load<u16>(e, 6)) store<u16>(e, <u16>min(refutedBudget, ALWAYS), 6);
  const total = <u64>load<u32>(d, 8) + <u64>work;
  const totalWork = total > 0xFFFFFFFF ? 0xFFFFFFFF : <u32>total;
  store<u32>(d, totalWork, 8);
  if (fresh && bucketCount < maxBuckets && <u64>entriesUsed * 8 > bucketCount * BUCKET * 5 && <u64>costlyEvictions * COSTLY_SHARE > bucketCount * BUCKET) {
    costlyEvictions = 0;
    grow();
  }
  return totalWork;
}

/** Entries replaced since the last doubling whose work was at least costlyWork. */
let costlyEvictions: u64 = 0;
const COSTLY_SHARE: u64 = 16;
/** The work from which a replaced entry counts toward a doubling: while the search stays shallow,
 * any entry searched at all (a first estimate's work is 1); once it has gone deep, 8 nodes or
 * more (see wentDeep in dfpn.ts for why). */
const COSTLY_WORK_SHALLOW: u32 = 2;
const COSTLY_WORK_DEEP: u32 = 8;
let costlyWork: u32 = COSTLY_WORK_DEEP;
export function setShallowSearch(shallow: bool): void { costlyWork = shallow ? COSTLY_WORK_SHALLOW : COSTLY_WORK_DEEP; }

// What place found in a bucket: the address of the key slot chosen, whether it holds this very
// entry or is free, the score of the entry it would replace, and how many of the key's are there.
let placeExact = false;
let placeFree = false;
let placeScore: u64 = 0;
let placeSame = 0;

/** The key slot for (stored, hand) in bucket b: its own, else a free one, else the entry that
 * cost least work (unfinished before proven or refuted). The records are read only for keys
 * that match, and for the choice of a victim in a full bucket. */
function place(b: usize, stored: u64, hand: u32): usize {
  placeSame = 0;
  for (let matches = keysEqual(b, stored); matches != 0; matches &= matches - 1) {
    const i = <usize>ctz(matches);
    placeSame++;
    if (load<u32>(summaryOf(b, i)) == hand) { placeExact = true; placeFree = false; return b + i * 8; }
  }
  const free = keysEqual(b, 0);
  placeExact = false;
  placeFree = free != 0;
  if (free != 0) return b + <usize>ctz(free) * 8;
  let victim: usize = b, lowest: u64 = 0xFFFFFFFFFFFFFFFF;
  for (let i: usize = 0; i < BUCKET; i++) {
    // provenLength and refutedBudget read as one: NO_LENGTH and 0 when unfinished.
    const settled = load<u32>(summaryOf(b, i), 4) != <u32>NO_LENGTH;
    const score = (<u64>load<u32>(detailOf(b, i), 8)) + (settled ? <u64>1 << 32 : 0);
    if (score < lowest) {
      lowest = score;
      victim = b + i * 8;
      if (score == 1) break; // an unfinished first estimate: none is cheaper
    }
  }
  placeScore = lowest;
  return victim;
}
@inline function slotBucket(slot: usize): usize { return slot - (slot - base) % BUCKET_BYTES; }
@inline function slotIndex(slot: usize): usize { return (slot - slotBucket(slot)) / 8; }

/** The size of the table in use, in bytes. */
export function tableBytesInUse(): f64 { return <f64>bucketCount * <f64>BUCKET_BYTES; }

/** Permille of entries in use, for hashfull-style reports. */
export function tableFill(): i32 { return entriesTotal == 0 ? 0 : <i32>(<i64>min(entriesUsed, entriesTotal) * 1000 / entriesTotal); }

/** For tests: the number of this problem's entries that a lookup could not find (stored in
 * another bucket than their key's or the one after it), plus the difference between the
 * entries present and the count kept. 0 when the table is sound, after any number of doublings. */
export function tableFaults(): i32 {
  let faults = 0, present = 0;
  for (let b: u64 = 0; b < bucketCount; b++) {
    const at = base + <usize>b * BUCKET_BYTES;
    for (let i: usize = 0; i < BUCKET; i++) {
      if (load<u64>(at + i * 8) == 0) continue;
      present++;
      const home = bucketOf(load<u64>(at + i * 8));
      if (home != at && spillOf(home) != at) faults++;
    }
  }
  return faults + abs(present - entriesUsed);
}
