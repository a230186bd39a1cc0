/** What the tsume solver is asked for and what it reports (client.ts, worker.ts, usi.ts). */

export interface MateLimits {
  /** Give up after this long (ms); default: until stop(). */
  timeMs?: number;
  /** Give up after this many nodes. */
  nodes?: number;
  /** Size of the solver's table, 1 to 1000 MiB; default: the engine's hash size (USI_Hash:
   * 64 MiB in browsers, 256 in Node unless set). */
  memoryMiB?: number;
  /** Count every interposition as a defence, useless ones (無駄合) too: the length under the
   * strictest reading, which no convention on useless interpositions exceeds. Default false:
   * useless interpositions are no defence. */
  everyInterposition?: boolean;
  /** The attacker's first move (USI), fixed: how the defender answers that check and how long
   * the mate then takes (status nomate when it does not mate, or is not a legal check). */
  firstMove?: string;
  /** Only mates within this many plies count: status nomate then means none within them. An
   * interposition passes for useless only when its capture mates within them too, so a mate
   * whose useless interpositions take long to refute needs a few plies more than its length. */
  maxPlies?: number;
}

export interface MateProgress {
  nodes: number;
  timeMs: number;
  /** The shortest mate found so far, in plies (none yet: undefined). */
  plies?: number;
  /** Whether that mate is proven the shortest (the search for a shorter one is over). */
  shortest?: boolean;
  /** The line of that mate (USI), as read when it was found, while the search for a shorter one
   * goes on; absent when that reading stopped short of the mate. The result's line is read
   * again at the end and can show another defence of the same length. */
  moves?: string[];
  /** Indices in moves of the plies shown but not counted, as in MateResult. */
  uncounted?: number[];
  /** With moves: the position they start from (the result's sfen: the defender's hand completed). */
  sfen?: string;
  /** Permille of the table in use. */
  tableFill: number;
}

export interface MateResult {
  /** mate: a forced mate exists; nomate: none does; unknown: a limit came first. */
  status: 'mate' | 'nomate' | 'unknown';
  /** Length of the solution in plies (mate only). */
  plies?: number;
  /** Whether no shorter mate exists: false when a limit stopped the search for one. */
  shortest?: boolean;
  /** The solution as USI moves: the attacker's shortest mate against the longest defence. */
  moves: string[];
  /** Indices in moves of the plies shown but not counted in `plies`: a useless interposition
   * (無駄合) whose capture's mate is the longest defence there, and that capture. */
  uncounted?: number[];
  nodes: number;
  timeMs: number;
  /** When the mate of this length was found (ms); the rest of timeMs went to ruling out a shorter one. */
  foundMs?: number;
  /** Permille of the solver's table in use at the end. */
  tableFill?: number;
  /** MiB of table memory the problem grew into (at most the memoryMiB reserved). */
  tableMiB?: number;
  /** The position solved: the input, with the defender's hand completed for tsume. */
  sfen: string;
  /** What was assumed about the position, e.g. pieces given to the defender. */
  notes: string[];
  /** Why the problem could not be tried at all (a bad SFEN, an illegal position); status
   * nomate when that rules a mate out (the defender has no king), unknown otherwise. */
  error?: string;
}
