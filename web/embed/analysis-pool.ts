/**
 * The engine that the game viewers of a page share for their analysis. An engine is a worker
 * holding a wasm instance and its tables, about 110 MB in Chromium, and each viewer a reader
 * pressed Analyse on kept its own. Here there is one, started when a reader first asks and ended
 * when the last viewer that asked leaves the page. A reader follows one analysis at a time:
 * starting another viewer's ends the first one's, which is told so (`ended`).
 */
import { createEngine, type Engine, type SearchInfo, type SearchLimits } from '../../src/engine/client.js';
import type { Variant } from '../../src/rules/types.js';

export interface Analyst {
  /** Called when another viewer's analysis took the engine. */
  ended(): void;
}

let engine: Engine | undefined;
let engineVariant: Variant | undefined;
let holder: Analyst | undefined;
const members = new Set<Analyst>();
/** Settles when the last request's stop and set-up have ended: requests go one at a time. */
let tail: Promise<unknown> = Promise.resolve();

/** Analyse the position after `moves` (USI) from `sfen` for `analyst` until `limits` or
 * stopAnalysis; lines go to onInfo. The moves, not the position alone, so that the engine sees
 * repetitions. Rejects when the engine could not start (its files not served). */
export function analyseShared(analyst: Analyst, sfen: string, moves: string[], variant: Variant, limits: SearchLimits, onInfo: (info: SearchInfo) => void): Promise<void> {
  members.add(analyst);
  if (holder && holder !== analyst) holder.ended();
  holder = analyst;
  const turn = tail.then(async () => {
    if (holder !== analyst) return;
    engine ??= createEngine({ variant });
    engineVariant ??= variant;
    try {
      await engine.stop();
      if (engineVariant !== variant) {
        const switched = await engine.setOption('UCI_Variant', variant);
        if (!switched.ok) throw new Error(switched.error);
        engineVariant = variant;
      }
      const set = await engine.setPosition(sfen, moves);
      if (!set.ok) throw new Error(set.error);
    } catch (error) {
      // A worker that failed is started again on the next request.
      endEngine();
      throw error;
    }
    if (holder !== analyst) return;
    // The search runs outside the queue, which a stop from the next request ends.
    return { search: engine.analyse(limits, (info) => holder === analyst && onInfo(info)) };
  });
  tail = turn.catch(() => undefined);
  return turn.then(async (started) => { await started?.search; });
}

/** Ends `analyst`'s analysis, if it is the one running. */
export function stopAnalysis(analyst: Analyst): void {
  if (holder !== analyst) return;
  holder = undefined;
  // A stop the engine is disposed under (the last viewer left) has nothing left to stop.
  engine?.stop().catch(() => undefined);
}

/** A viewer leaves the page: its analysis ends, and with the last viewer the engine. */
export function leaveAnalysis(analyst: Analyst): void {
  stopAnalysis(analyst);
  if (!members.delete(analyst) || members.size > 0) return;
  endEngine();
}

function endEngine(): void {
  engine?.dispose();
  engine = engineVariant = undefined;
}
