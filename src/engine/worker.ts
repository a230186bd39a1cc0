/**
 * The engine's Web Worker: one EngineWorker per worker, exposed with comlink. The search runs
 * in slices (slices.ts), so while it thinks this worker still reads its messages: stop() and
 * ponderhit() land between two slices, and the hash table survives them.
 *
 * Long computations share one shape, `analyse(limits, onInfo)` and `solveMate(sfen, limits,
 * onProgress)`: the call resolves with the result, progress goes to a callback (a
 * comlink.proxy) that is never awaited, and the same stop() ends either.
 */
import * as Comlink from 'comlink';
import { EngineCore, defaultHashMiB } from './core.js';
import type { EngineOptions, SearchInfo, SearchLimits, SearchResult } from './search-types.js';
import type { Result } from '../rules/types.js';
import type { MateLimits, MateProgress, MateResult } from './mate-types.js';

export class EngineWorker {
  private core = new EngineCore();

  /** Variant, hash and lines; the variant change also forgets the position. */
  async configure(options: EngineOptions): Promise<Result<void, string>> {
    const steps: [string, string | number][] = [
      ['UCI_Variant', options.variant],
      ['USI_Hash', options.hashMiB ?? defaultHashMiB()],
      ['MultiPV', options.multiPV ?? 1],
    ];
    for (const [name, value] of steps) {
      const result = await this.core.setOption(name, value);
      if (!result.ok) return result;
    }
    await this.core.ready();
    return { ok: true, value: undefined };
  }

  setPosition(sfen: string, moves: string[] = []): Promise<Result<void, string>> {
    return this.core.setPosition(sfen, moves);
  }

  analyse(limits: SearchLimits, onInfo?: (info: SearchInfo) => void): Promise<SearchResult> {
    return this.core.analyse(limits, onInfo ? (info) => { void onInfo(info); } : undefined);
  }

  solveMate(sfen: string, limits: MateLimits, onProgress?: (progress: MateProgress) => void): Promise<MateResult> {
    return this.core.solveMate(sfen, limits, onProgress ? (progress) => { void onProgress(progress); } : undefined);
  }

  stop(): void { this.core.stop(); }

  ponderhit(): void { this.core.ponderhit(); }

  setOption(name: string, value: string | number): Promise<Result<void, string>> {
    return this.core.setOption(name, value);
  }

  newGame(): Promise<void> { return this.core.newGame(); }
}

// Exposed only inside a worker; Node imports the class and runs it in-process.
const scope = globalThis as { WorkerGlobalScope?: unknown };
if (typeof scope.WorkerGlobalScope !== 'undefined') Comlink.expose(new EngineWorker());
