/**
 * createEngine: the engine API for pages and Node. In a browser the engine runs in a module
 * Web Worker (worker.ts) reached through comlink, so the page never blocks; in Node (no global
 * Worker) the same EngineWorker runs in-process, its slices yielding to the event loop.
 *
 * A crashed worker rejects the pending calls; the next call starts a fresh worker with the
 * same options and position. stop() works on pages that are not cross-origin isolated: the
 * search runs in slices and reads the stop message between two of them.
 */
import * as Comlink from 'comlink';
import type { EngineWorker } from './worker.js';
import { CrossOriginWorker } from './cross-origin-worker.js';
import type { EngineOptions, SearchInfo, SearchLimits, SearchResult } from './search-types.js';
import type { Result } from '../rules/types.js';

export type { EngineOptions, SearchInfo, SearchLimits, SearchResult, Score } from './search-types.js';
export type { MateLimits, MateProgress, MateResult } from './mate-types.js';
import type { MateLimits, MateProgress, MateResult } from './mate-types.js';

export interface Engine {
  /** An SFEN (or 'startpos') and USI moves; refused with the reason when invalid. */
  setPosition(sfen: string, moves?: string[]): Promise<Result<void, string>>;
  /** Resolves with the move to play; every finished iteration's lines go to onInfo. */
  analyse(limits: SearchLimits, onInfo?: (info: SearchInfo) => void): Promise<SearchResult>;
  /** Solve a mate problem (the side to move checks on every move), or find a forced mate in
   * a game position; progress goes to onProgress. stop() ends it with what it has. */
  solveMate(sfen: string, limits?: MateLimits, onProgress?: (progress: MateProgress) => void): Promise<MateResult>;
  /** Ends the running analysis, which then resolves; does nothing when idle. */
  stop(): Promise<void>;
  /** The pondering analysis goes on under the clock. */
  ponderhit(): Promise<void>;
  /** USI_Hash (MiB), MultiPV (1-10), UCI_Variant (shogi, minishogi, dobutsu). */
  setOption(name: string, value: string | number): Promise<Result<void, string>>;
  /** Forget the hash table and history (a new game). */
  newGame(): Promise<void>;
  /** Ends the worker; the engine can no longer be used, and calls still pending reject. */
  dispose(): void;
}

type Backend = Comlink.Remote<EngineWorker> | EngineWorker;

interface Started {
  api: Backend;
  worker?: Worker;
  /** Rejects when the worker dies. */
  crashed: Promise<never>;
}

export function createEngine(options: EngineOptions): Engine {
  let current: Promise<Started> | undefined;
  let disposed = false;
  let position: [string, string[]] | undefined;
  const settings = new Map<string, string | number>();

  async function start(): Promise<Started> {
    let started: Started;
    if (typeof Worker !== 'undefined') {
      const worker = spawnWorker();
      const crashed = new Promise<never>((_, reject) => {
        const fail = (event: Event) => {
          current = undefined;
          worker.terminate();
          reject(new Error(`engine worker failed: ${(event as ErrorEvent).message ?? event.type}`));
        };
        worker.addEventListener('error', fail);
        worker.addEventListener('messageerror', fail);
      });
      crashed.catch(() => undefined);
      started = { api: Comlink.wrap<EngineWorker>(worker), worker, crashed };
    } else {
      const { EngineWorker } = await import('./worker.js');
      started = { api: new EngineWorker(), crashed: new Promise<never>(() => undefined) };
    }
    // A restarted worker gets back the options and the position the last one had. A worker that
    // fails to start (its script not served) never answers: its error ends the wait.
    const configure = async () => {
      const configured = await started.api.configure(options);
      if (!configured.ok) throw new Error(configured.error);
      for (const [name, value] of settings) await started.api.setOption(name, value);
      if (position) await started.api.setPosition(...position);
    };
    await Promise.race([configure(), started.crashed]);
    return started;
  }

  // dispose() settles the calls still pending (a terminated worker would leave them hanging).
  let rejectPending: (error: Error) => void = () => undefined;
  const gone = new Promise<never>((_, reject) => { rejectPending = reject; });
  gone.catch(() => undefined);

  async function call<T>(use: (api: Backend) => Promise<T> | T): Promise<T> {
    if (disposed) throw new Error('engine disposed');
    current ??= start();
    let started: Started;
    try {
      started = await current;
    } catch (error) {
      current = undefined;
      throw error;
    }
    return Promise.race([Promise.resolve(use(started.api)), started.crashed, gone]);
  }

  return {
    async setPosition(sfen, moves = []) {
      const result = await call((api) => api.setPosition(sfen, moves));
      if (result.ok) position = [sfen, moves];
      return result;
    },
    analyse(limits, onInfo) {
      return call((api) => {
        if (!onInfo) return api.analyse(limits);
        // Across the worker boundary the callback travels as a comlink proxy.
        return typeof Worker !== 'undefined'
          ? (api as Comlink.Remote<EngineWorker>).analyse(limits, Comlink.proxy(onInfo))
          : (api as EngineWorker).analyse(limits, onInfo);
      });
    },
    solveMate(sfen, limits = {}, onProgress) {
      return call((api) => {
        if (!onProgress) return api.solveMate(sfen, limits);
        return typeof Worker !== 'undefined'
          ? (api as Comlink.Remote<EngineWorker>).solveMate(sfen, limits, Comlink.proxy(onProgress))
          : (api as EngineWorker).solveMate(sfen, limits, onProgress);
      });
    },
    async stop() {
      if (current) await call((api) => api.stop());
    },
    async ponderhit() {
      if (current) await call((api) => api.ponderhit());
    },
    async setOption(name, value) {
      const result = await call((api) => api.setOption(name, value));
      if (result.ok) settings.set(name, value);
      if (result.ok && name === 'UCI_Variant') position = undefined;
      return result;
    },
    newGame() {
      return call((api) => api.newGame());
    },
    dispose() {
      disposed = true;
      rejectPending(new Error('engine disposed'));
      void current?.then((started) => {
        started.worker?.terminate();
        if (!started.worker) (started.api as EngineWorker).stop();
      }, () => undefined);
      current = undefined;
    },
  };
}

/** The engine's worker, also from another origin (see cross-origin-worker.ts). */
function spawnWorker(): Worker {
  const Worker = CrossOriginWorker;
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
}
