// Perft: the number of leaf positions at a depth, for checking move generation against
// reference counts. The last ply is counted without being played (bulk counting).
import { generate, countLegal, LEGAL, MOVES } from './movegen';
import { doMove, undoMove } from './position';

// The count runs in slices (perftStart, then perftStep until it returns true), so that a caller
// can stop it: at a depth a GUI's user may type it takes minutes. The walk keeps its place in
// these stacks, one entry per ply below the position counted.
const MAX_PERFT_PLY = 32;
const stepEnd = new StaticArray<i32>(MAX_PERFT_PLY);
const stepAt = new StaticArray<i32>(MAX_PERFT_PLY);
let stepDepth = 0;
let stepPly = 0;
let stepDone = true;
export let perftCounted: u64 = 0;

/** Start counting the leaves at `depth` (at most MAX_PERFT_PLY) from the current position. */
export function perftStart(depth: i32): void {
  perftStop();
  perftCounted = 0;
  stepDepth = depth;
  stepDone = depth <= 1;
  if (stepDone) {
    perftCounted = depth == 1 ? <u64>countLegal(0) : 1;
    return;
  }
  unchecked(stepEnd[0] = generate(LEGAL, 0));
  unchecked(stepAt[0] = 0);
}

/** Go on counting for about `budget` moves played; true once the count is complete, with the
 * position as perftStart found it. */
export function perftStep(budget: i32): bool {
  while (!stepDone && budget-- > 0) {
    const p = stepPly;
    const at = unchecked(stepAt[p]);
    if (at == unchecked(stepEnd[p])) {
      if (p == 0) { stepDone = true; break; }
      undoMove();
      stepPly = p - 1;
      unchecked(stepAt[p - 1]++);
      continue;
    }
    doMove(unchecked(MOVES[at]));
    const left = stepDepth - p - 1;
    if (left <= 1) {
      perftCounted += left == 1 ? <u64>countLegal(unchecked(stepEnd[p])) : 1;
      undoMove();
      unchecked(stepAt[p] = at + 1);
      continue;
    }
    const start = unchecked(stepEnd[p]);
    stepPly = p + 1;
    unchecked(stepEnd[p + 1] = generate(LEGAL, start));
    unchecked(stepAt[p + 1] = start);
  }
  return stepDone;
}

/** Abandon a count: the moves it has played are taken back. */
export function perftStop(): void {
  if (!stepDone) for (; stepPly > 0; stepPly--) undoMove();
  stepPly = 0;
  stepDone = true;
}

/** The whole count at once: perft's slices run back to back. */
export function perft(depth: i32): u64 {
  perftStart(depth);
  while (!perftStep(1 << 30)) {}
  return perftCounted;
}
