/**
 * The engines that the tsume players of a page share. Each engine is a worker holding a wasm
 * instance and its table, about 110 MB in Chromium, and a post with twenty problems started
 * twenty. Here there are at most two, started when first needed and ended when the last player
 * leaves the page: one solves the problems as they load, one after another; the other answers the
 * readers (a check played off the line, a hint), so that a reader never waits behind the solve of
 * another problem.
 */
import { createEngine, type Engine, type MateLimits, type MateProgress, type MateResult } from '../../src/engine/client.js';

export type Lane = 'load' | 'play';

class Queue {
  engine?: Engine;
  /** Settles when the solves asked for so far have ended. */
  tail: Promise<unknown> = Promise.resolve();
  /** Whose solve runs now. */
  running?: object;
}

const queues: Record<Lane, Queue> = { load: new Queue(), play: new Queue() };
let members = 0;

/** A player joins the page: the engines stay while any player is on it. */
export function joinPool(): void {
  members++;
}

/** A player leaves: its running solves stop; with the last one the engines end. */
export function leavePool(owner: object): void {
  stopShared(owner);
  if (--members > 0) return;
  for (const queue of Object.values(queues)) {
    queue.engine?.dispose();
    queue.engine = undefined;
  }
}

/** Solve on the lane's engine once the solves before have ended; a solve whose owner no longer
 * `wants` it by then is not run (it resolves as unknown). */
export function solveShared(
  owner: object, lane: Lane, wants: () => boolean, sfen: string, limits: MateLimits, onProgress?: (progress: MateProgress) => void,
): Promise<MateResult> {
  const queue = queues[lane];
  const turn = queue.tail.then(async (): Promise<MateResult> => {
    if (!wants()) return { status: 'unknown', moves: [], nodes: 0, timeMs: 0, sfen, notes: [] };
    queue.running = owner;
    try {
      queue.engine ??= createEngine({ variant: 'shogi' });
      return await queue.engine.solveMate(sfen, limits, onProgress);
    } finally {
      queue.running = undefined;
    }
  });
  queue.tail = turn.catch(() => undefined);
  return turn;
}

/** Stops the owner's running solves, which then resolve with what they have. */
export function stopShared(owner: object): void {
  for (const queue of Object.values(queues)) if (queue.running === owner) void queue.engine?.stop();
}
