/**
 * The slicing loop shared by every long wasm computation (the search, the tsume solver): a wasm
 * call blocks its thread, so work runs in calls of a node budget, and between calls the loop
 * yields to the event loop, where a stop request (a comlink message, a USI line on stdin) can
 * arrive. The budget adapts so that one slice takes about `sliceMs`.
 */

export interface SliceControl {
  /** Set by whoever wants the work to end; checked between slices. */
  stopped: boolean;
}

/** One slice: spend at most `budget` nodes; say whether the work is complete and how many
 * nodes it spent (a slice may end early, e.g. at the end of an iteration). */
export type SliceStep = (budget: number) => { done: boolean; spent: number };

const FIRST_BUDGET = 20_000;
const MIN_BUDGET = 2_000;
const MAX_BUDGET = 50_000_000;

/** Run `step` until it says it is done or `control.stopped`. Resolves with true when done.
 * `sliceMs` is the time one slice aims at, or a function of the time run so far. */
export async function runInSlices(step: SliceStep, control: SliceControl, sliceMs: number | ((runMs: number) => number) = 25): Promise<boolean> {
  let budget = FIRST_BUDGET;
  const begin = performance.now();
  while (!control.stopped) {
    const start = performance.now();
    const { done, spent } = step(budget);
    if (done) return true;
    const elapsed = performance.now() - start;
    // Aim the next slice at sliceMs from the speed just seen; a slice too short to time (it
    // ended early) changes nothing, and the budget grows at most 2x per slice.
    if (elapsed >= 2 && spent > 0) {
      const aim = typeof sliceMs === 'number' ? sliceMs : sliceMs(performance.now() - begin);
      const target = (spent / elapsed) * aim;
      budget = Math.round(Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, Math.min(target, budget * 2))));
    }
    await yieldToEventLoop();
  }
  return false;
}

/** The smallest slice worth a restart from the root near a time limit. */
const MIN_LAST_SLICE = 1000;

/** A slice's budget cut to the `leftMs` before a time limit at the speed seen so far
 * (`nodesSoFar` in `runMs`), so that work under a time limit ends close to it instead of up to a
 * slice past it. The speed is the search's own: a search pondered on has a clock that starts at
 * ponderhit, long after its nodes began. */
export function cutToTimeLeft(budget: number, nodesSoFar: number, runMs: number, leftMs: number): number {
  return Math.max(MIN_LAST_SLICE, Math.min(budget, (leftMs * nodesSoFar) / Math.max(runMs, 1)));
}

/** Let pending messages and timers run. A MessageChannel round trip avoids the 4 ms clamp of
 * nested setTimeout in browsers and workers; Node has setImmediate. */
export function yieldToEventLoop(): Promise<void> {
  const g = globalThis as { setImmediate?: (callback: () => void) => void };
  if (g.setImmediate) return new Promise((resolve) => g.setImmediate!(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
