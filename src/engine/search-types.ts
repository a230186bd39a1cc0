/**
 * What an analysis is asked for and what it reports: the vocabulary of the Engine API
 * (client.ts), the worker (worker.ts) and the USI loop (src/cli/usi.ts).
 */
import type { Variant } from '../rules/types.js';

/** When to stop. Nothing given: search until stop(). Times in milliseconds. */
export interface SearchLimits {
  depth?: number;
  /** Nodes to search; depth 1 is searched whatever the limit. */
  nodes?: number;
  movetime?: number;
  /** Search until stop() even when the depth limit is reached or a mate is proven. */
  infinite?: boolean;
  /** Pondering: search until ponderhit() (then the clocks apply, counted from then) or stop(). */
  ponder?: boolean;
  /** Game clocks: remaining time, increment and byoyomi of sente (b) and gote (w). */
  btime?: number;
  wtime?: number;
  binc?: number;
  winc?: number;
  byoyomi?: number;
  /** When the request arrived (performance.now() in the engine's thread), if earlier than the
   * call: the time limits count from then. The USI engine passes when it read the go line,
   * which may wait behind a search still running or a position to set up. */
  receivedAt?: number;
  /** Lines to report; default the engine's MultiPV option. */
  multiPV?: number;
  /** Search only these root moves (USI); those not legal are left out, and a list with no
   * legal move restricts nothing. */
  searchmoves?: string[];
}

/** From the side to move: centipawns, or a mate in plies (negative: being mated). */
export type Score = { cp: number } | { mate: number };

export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** 1 for the best line. */
  multipv: number;
  score: Score;
  nodes: number;
  nps: number;
  timeMs: number;
  /** Permille of the hash table written by this search. */
  hashfull: number;
  /** USI moves. */
  pv: string[];
}

export interface SearchResult {
  /** A USI move; 'win' when the side to move declares (27-point rule); 'resign' without a
   * legal move or when the game is already over. */
  bestmove: string;
  ponder?: string;
  /** The lines of the last completed iteration, best first; after a stop within an iteration
   * in which another move beat line 1, that move's line first. */
  lines: SearchInfo[];
  nodes: number;
  timeMs: number;
  /** Why nothing was searched: no position was set (bestmove 'resign'). */
  error?: string;
}

export interface EngineOptions {
  variant: Variant;
  /** Hash table size; default 64 in browsers, 256 in Node. */
  hashMiB?: number;
  /** Lines reported (1 to 10); default 1. */
  multiPV?: number;
}

/** setOption names: USI's spellings. */
export type EngineOptionName = 'USI_Hash' | 'MultiPV' | 'UCI_Variant';
