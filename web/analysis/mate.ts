/**
 * The tsume solver as the engine client offers it: `solveMate(sfen, limits, onProgress)`. The
 * page asks the client whether it has one, so the mate button works as soon as the client does.
 */
import { createEngine, type Engine } from '../../src/engine/client.js';

export interface MateLimits {
  timeMs?: number;
  nodes?: number;
  memoryMiB?: number;
}

export interface MateResult {
  status: 'mate' | 'nomate' | 'unknown';
  plies?: number;
  /** USI moves of the mating line. */
  moves?: string[];
  nodes?: number;
  timeMs?: number;
  notes?: string | string[];
}

export type MateSolver = (sfen: string, limits: MateLimits, onProgress?: (progress: unknown) => void) => Promise<MateResult>;

/** The engine's solver, or undefined while the client has none. */
export function mateSolver(engine: Engine): MateSolver | undefined {
  const solve = (engine as Engine & { solveMate?: MateSolver }).solveMate;
  return typeof solve === 'function' ? solve.bind(engine) : undefined;
}

/** Whether the engine client has a solver, without starting a worker. */
export function hasMateSolver(): boolean {
  // A client starts its worker on the first call, so this one never does.
  const probe = createEngine({ variant: 'shogi' });
  const found = mateSolver(probe) !== undefined;
  probe.dispose();
  return found;
}
