/**
 * The tsume solver's driver: sets the problem up (a missing attacker king means the defender
 * holds every other piece), runs the wasm df-pn (assembly/tsume/) in slices so stop() lands
 * between two, and reads back the solution line.
 */
import { runInSlices, cutToTimeLeft, type SliceControl } from './slices.js';
import type { EngineExports } from './wasm.js';
import { decodeMove, encodeMove, encodeSetup, initRules, Position, readSetup, writeSetup } from '../rules/position.js';
import { HAND_ROLES, fail, kingSquare, ok, opponent, type Color, type Result, type Setup, type Variant } from '../rules/types.js';
import { formatSfen, parseSfen } from '../notation/sfen.js';
import { formatUsiMove, parseUsiMove } from '../notation/usi.js';
import { pieceName } from '../notation/letters.js';
import type { MateLimits, MateProgress, MateResult } from './mate-types.js';

/** The exports of assembly/index.ts's tsume section. */
export interface MateExports {
  completeTsume(): number;
  mateTable(mib: number): void;
  /** everyInterposition 1: every interposition counts as a defence, useless ones too;
   * firstMove, unless 0, the attacker's first move (encodeMove); maxPlies, unless 0, the
   * longest mate that counts. */
  mateStart(everyInterposition?: number, firstMove?: number, maxPlies?: number): void;
  mateStep(nodes: number): number;
  mateQuantum(): number;
  mateLength(): number;
  mateNodes(): number;
  mateLine(): number;
  /** 1 when the line mateLine wrote ends in mate, 0 when it stops short of it. */
  mateLineWhole(): number;
  /** Between mateSteps: the line of the shortest mate found so far, where mateLine writes its
   * own; 0 while none that ends in mate is saved. */
  mateFoundLine(): number;
  /** 1 when the move at index i of the line mateLine or mateFoundLine wrote is shown but not counted. */
  mateUncounted(i: number): number;
  mateTableFill(): number;
  mateTableMiB(): number;
}

const RUNNING = 0, MATE = 1, NO_MATE = 2;
export const NO_LENGTH = 0xffff;
/** assembly/tsume/table.ts: the allocator's blocks stay under 1 GiB. */
export const MAX_TABLE_MIB = 1000;

/** Why the solver takes no problem of a variant, if it takes none. */
export function noMatesIn(variant: Variant): string | undefined {
  return variant === 'dobutsu' ? 'dobutsu has no check, so it has no mate problems' : undefined;
}

/** Read a problem: the attacker is the side to move; the variant follows from the board. */
export function readProblem(sfen: string): Result<Setup, string> {
  const parsed = parseSfen(sfen);
  if (!parsed.ok) return fail(parsed.error.message + (parsed.error.column ? ` (column ${parsed.error.column})` : ''));
  const none = noMatesIn(parsed.value.variant);
  if (none) return fail(none);
  return ok(parsed.value);
}

export interface Problem {
  /** The position as solved: the defender's hand completed for tsume. */
  sfen: string;
  notes: string[];
}

/** Why a problem is not tried; `nomate` when that alone rules a mate out. */
export interface Refusal {
  error: string;
  nomate?: boolean;
}

/** Check the problem and load it into the instance of its variant. */
export async function loadProblem(wasm: EngineExports & MateExports, setup: Setup): Promise<Result<Problem, Refusal>> {
  await initRules();
  const checked = Position.fromSetup(setup);
  if (!checked.ok) return fail({ error: checked.error.message });
  // The rules take a position whose side to move has the only king (a tsume solution at the
  // defender's turn); the side to move mates here, and has no one to mate.
  const defender = opponent(setup.turn);
  if (kingSquare(setup, defender) === undefined) {
    return fail({ error: `${defender} has no king to mate (the side to move is the attacker)`, nomate: true });
  }
  writeSetup(wasm, encodeSetup(setup));
  if (wasm.load() !== 0) return fail({ error: 'the engine refused the position' });
  const completed = wasm.completeTsume() > 0;
  const solved = readSetup(wasm, setup.variant, setup.moveNumber);
  const notes = completed ? [`the defender was given the pieces the position leaves out: ${handGain(setup, solved, defender)}`] : [];
  if (checked.value.outcome()?.reason === 'checkmate') notes.push(`${setup.turn}, the attacker, is checkmated already`);
  return ok({ sfen: formatSfen(solved), notes });
}

/** What the defender's hand gained, in words. */
function handGain(before: Setup, after: Setup, defender: Color): string {
  return HAND_ROLES.flatMap((role) => {
    const added = after.hands[defender][role] - before.hands[defender][role];
    return added > 0 ? [`${added} ${pieceName(role, before.variant)}${added > 1 ? 's' : ''}`] : [];
  }).join(', ');
}

/** Each slice starts again from the root, and what rests on a repetition on the path is
 * forgotten between slices: a long solve gets longer slices (25 ms at first, up to 80 ms from
 * 1.6 s on). A stop waits for the slice running: with 200 ms slices, go mate took 225 ms to
 * stop on a loaded machine, past the 100 ms a stop may take. */
export const MAX_MATE_SLICE_MS = 80;
export const mateSliceMs = (runMs: number) => Math.min(MAX_MATE_SLICE_MS, Math.max(25, runMs / 20));

/** Nodes a millisecond that any machine solves at (this one does 1,000-2,500). */
const SLOWEST_NODES_PER_MS = 200;

/** Solve the loaded problem until it is decided, a limit is reached or control.stopped, with
 * a table of memoryMiB. */
export async function solveLoaded(
  wasm: EngineExports & MateExports,
  variant: Variant,
  limits: MateLimits & { memoryMiB: number },
  control: SliceControl,
  problem: Problem,
  onProgress?: (progress: MateProgress) => void,
): Promise<MateResult> {
  const refused = (error: string): MateResult => ({ status: 'unknown', error, moves: [], nodes: 0, timeMs: 0, sfen: problem.sfen, notes: problem.notes });
  // A limit that is not a number would bound nothing (the solver ran until stop, or spun).
  for (const key of ['timeMs', 'nodes', 'memoryMiB'] as const) {
    const value = limits[key];
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) return refused(`${key}: ${value} is not a number from 0`);
  }
  let firstMove = 0;
  if (limits.firstMove !== undefined) {
    const move = parseUsiMove(limits.firstMove, variant);
    if (!move.ok) return refused(`firstMove: ${move.error.message}`);
    firstMove = encodeMove(move.value);
  }
  const maxPlies = limits.maxPlies ?? 0;
  if (limits.maxPlies !== undefined && !(Number.isInteger(maxPlies) && maxPlies >= 1)) {
    return refused(`maxPlies: ${limits.maxPlies} is not a number of plies (1 or more)`);
  }
  const tableMiB = Math.max(1, Math.min(Math.floor(limits.memoryMiB), MAX_TABLE_MIB));
  const notes = [...problem.notes];
  if (tableMiB !== limits.memoryMiB) notes.push(`the table took ${tableMiB} MiB, not ${limits.memoryMiB} (1 to ${MAX_TABLE_MIB})`);
  const start = performance.now();
  wasm.mateTable(tableMiB);
  wasm.mateStart(limits.everyInterposition ? 1 : 0, firstMove, maxPlies);
  let status = RUNNING;
  let lastReport = 0;
  let foundMs: number | undefined, foundLength: number | undefined;
  const elapsed = () => performance.now() - start;
  const length = () => (wasm.mateLength() === NO_LENGTH ? undefined : wasm.mateLength());
  const quantum = wasm.mateQuantum();
  await runInSlices((budget) => {
    // Slices end on the solver's restarts, so that the answer does not depend on their sizes.
    budget = Math.ceil((wasm.mateNodes() + budget) / quantum) * quantum - wasm.mateNodes();
    if (limits.nodes !== undefined) budget = Math.max(1, Math.min(budget, limits.nodes - wasm.mateNodes()));
    // Under a time limit the last slice is cut to the time left; before any speed is seen, the
    // first is cut to what the slowest machine does in the time (a whole restart, 65,536 nodes,
    // ran 30-130 ms past `go mate 50`).
    if (limits.timeMs !== undefined) {
      budget = wasm.mateNodes() > 0 ? cutToTimeLeft(budget, wasm.mateNodes(), elapsed(), limits.timeMs - elapsed()) : Math.min(budget, Math.max(1000, limits.timeMs * SLOWEST_NODES_PER_MS));
    }
    const before = wasm.mateNodes();
    status = wasm.mateStep(budget);
    const spent = wasm.mateNodes() - before;
    const timeMs = elapsed();
    if (length() !== foundLength) { foundLength = length(); foundMs = Math.round(timeMs); }
    if (onProgress && (status !== RUNNING || timeMs - lastReport >= 200)) {
      lastReport = timeMs;
      onProgress({ nodes: wasm.mateNodes(), timeMs: Math.round(timeMs), plies: length(), shortest: status === MATE, tableFill: wasm.mateTableFill(), ...foundLine(wasm, variant, problem.sfen) });
    }
    const outOfTime = limits.timeMs !== undefined && timeMs >= limits.timeMs;
    const outOfNodes = limits.nodes !== undefined && wasm.mateNodes() >= limits.nodes;
    return { done: status !== RUNNING || outOfTime || outOfNodes, spent };
  }, control, mateSliceMs);
  const plies = length();
  const moves = plies === undefined ? [] : readLine(wasm, variant);
  const uncounted = uncountedOf(wasm, moves);
  const counted = moves.length - uncounted.length;
  const shown = `${counted} ${counted === 1 ? 'ply' : 'plies'}`;
  for (let i = 0; i + 1 < uncounted.length; i += 2) {
    notes.push(`moves ${uncounted[i] + 1} and ${uncounted[i] + 2} (${moves[uncounted[i]]} ${moves[uncounted[i + 1]]}) are a useless interposition and its capture: shown, as the mate after them is the longest defence, but not counted`);
  }
  // The line follows the table's shortest proofs, which can end sooner than the length counted
  // (see checkTsumeLine), or, when reading it back took more nodes than were set aside (proofs
  // the table lost, proven again), stop short of the mate: said, rather than left to wonder.
  if (plies !== undefined && wasm.mateLineWhole() === 0) {
    notes.push(`the line shown stops after ${shown}, short of the mate in ${plies}: reading the rest back from the table took more nodes than were set aside`);
  } else if (plies !== undefined && counted < plies) {
    notes.push(`the line shown ends in mate after ${shown}, sooner than the ${plies} counted: a longer defence was not read back`);
  }
  return {
    status: plies !== undefined ? 'mate' : status === NO_MATE ? 'nomate' : 'unknown',
    plies,
    shortest: plies !== undefined ? status === MATE : undefined,
    moves,
    ...(uncounted.length ? { uncounted } : {}),
    nodes: wasm.mateNodes(),
    timeMs: Math.round(elapsed()),
    foundMs: plies !== undefined ? foundMs : undefined,
    tableFill: wasm.mateTableFill(),
    tableMiB: wasm.mateTableMiB(),
    sfen: problem.sfen,
    notes,
  };
}

/** The solution line the solver read last, in USI. */
export function readLine(wasm: EngineExports & MateExports, variant: Variant): string[] {
  return lineMoves(wasm, wasm.mateLine(), variant);
}

/** The line of the shortest mate found so far, as the solver saved it when it found it, and the
 * position it starts from, for a progress report (none while no saved line ends in mate). */
function foundLine(wasm: EngineExports & MateExports, variant: Variant, sfen: string): Pick<MateProgress, 'moves' | 'uncounted' | 'sfen'> {
  const moves = lineMoves(wasm, wasm.mateFoundLine(), variant);
  if (moves.length === 0) return {};
  const uncounted = uncountedOf(wasm, moves);
  return uncounted.length ? { moves, uncounted, sfen } : { moves, sfen };
}

/** The first n moves the solver wrote, in USI. */
function lineMoves(wasm: EngineExports & MateExports, n: number, variant: Variant): string[] {
  return Array.from(new Uint32Array(wasm.memory.buffer, wasm.movesBuffer(), n), (code) => formatUsiMove(decodeMove(code), variant));
}

/** The indices of the moves of the line just written that are shown but not counted. */
function uncountedOf(wasm: EngineExports & MateExports, moves: readonly string[]): number[] {
  return moves.flatMap((_, i) => (wasm.mateUncounted(i) ? [i] : []));
}
