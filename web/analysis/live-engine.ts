/**
 * The page's engine: one worker (src/engine/client.ts) that analyses whatever the board shows.
 * Every new request supersedes the one before: it stops the running search, waits for it to
 * end, and only the latest request goes on to search; lines from older searches are dropped.
 * Long tasks that need the worker to themselves (the tsume solver) run through `exclusive`.
 */
import { createEngine, type Engine, type SearchInfo, type SearchLimits, type SearchResult } from '../../src/engine/client.js';
import type { Variant } from '../../src/rules/types.js';

export interface AnalysisRequest {
  variant: Variant;
  /** The record's initial position and the moves since: the engine then knows the repetitions. */
  sfen: string;
  moves: string[];
  limits: SearchLimits;
  multiPV: number;
  hashMiB: number;
}

export class LiveEngine {
  private engine?: Engine;
  private configured: { variant?: Variant; multiPV?: number; hashMiB?: number } = {};
  private generation = 0;
  private running?: Promise<unknown>;
  private idle: Promise<void> = Promise.resolve();

  /**
   * Analyses `request`; `onInfo` gets its lines, `onDone` its result when the search ends by
   * itself (depth or time reached), neither once another request or stop() came after it.
   */
  async analyse(request: AnalysisRequest, onInfo: (info: SearchInfo) => void, onDone: (result: SearchResult) => void): Promise<void> {
    const generation = ++this.generation;
    await this.halt();
    if (generation !== this.generation) return;
    const engine = await this.configure(request);
    if (generation !== this.generation) return;
    const set = await engine.setPosition(request.sfen, request.moves);
    if (generation !== this.generation) return;
    if (!set.ok) throw new Error(set.error);
    const search = engine.analyse({ ...request.limits, multiPV: request.multiPV }, (info) => {
      if (generation === this.generation) onInfo(info);
    });
    this.running = search.catch(() => undefined);
    const result = await search;
    if (generation === this.generation) {
      this.running = undefined;
      onDone(result);
    }
  }

  /** Stops the search, if any, and resolves once it has ended. */
  async stop(): Promise<void> {
    this.generation++;
    await this.halt();
  }

  /**
   * Runs `task` (the tsume solver) on the engine of `variant` once no search runs; the next
   * request or stop() stops it like a search, and it then resolves with what it has.
   */
  async exclusive<T>(variant: Variant, task: (engine: Engine) => Promise<T>): Promise<T> {
    await this.stop();
    const engine = await this.configure({ variant });
    const run = task(engine);
    this.running = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    this.generation++;
    this.engine?.dispose();
    this.engine = undefined;
  }

  private halt(): Promise<void> {
    const running = this.running;
    if (running) {
      this.running = undefined;
      const engine = this.engine;
      this.idle = (async () => {
        await engine?.stop();
        await running;
      })().catch(() => undefined);
    }
    return this.idle;
  }

  private async configure(request: { variant: Variant; multiPV?: number; hashMiB?: number }): Promise<Engine> {
    if (!this.engine) {
      this.engine = createEngine({ variant: request.variant, hashMiB: request.hashMiB, multiPV: request.multiPV });
      this.configured = { ...request };
      return this.engine;
    }
    const engine = this.engine;
    const want: [keyof typeof this.configured, string, string | number | undefined][] = [
      ['variant', 'UCI_Variant', request.variant],
      ['hashMiB', 'USI_Hash', request.hashMiB],
      ['multiPV', 'MultiPV', request.multiPV],
    ];
    for (const [key, option, value] of want) {
      if (value === undefined || this.configured[key] === value) continue;
      const result = await engine.setOption(option, value);
      if (!result.ok) throw new Error(result.error);
      (this.configured as Record<string, unknown>)[key] = value;
    }
    return engine;
  }
}
