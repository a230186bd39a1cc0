/**
 * `node build/cli.mjs mate "<sfen>" [--variant <v>] [--time <ms>] [--memory <MiB>]
 * [--every-interposition]`: solve a mate problem. Prints the solution in USI and in Japanese,
 * then a last line `mate <plies>`, `nomate` or `unknown`.
 */
import { EngineCore } from '../engine/core.js';
import { Position } from '../rules/position.js';
import { fail, ok, type Result } from '../rules/types.js';
import { parseSfen } from '../notation/sfen.js';
import { japaneseLine } from '../notation/japanese.js';
import { parseUsiMove } from '../notation/usi.js';
import { ALTERNATIVE_KIND_NAMES, ALTERNATIVE_NODES, alternativeKinds, findAlternatives, nonLimitation } from '../engine/alternatives.js';
import { parseOptions } from './args.js';
import type { MateLimits, MateProgress } from '../engine/mate-types.js';
import { MAX_TABLE_MIB } from '../engine/mate.js';

export const MATE_USAGE = `  mate "<sfen>" [--variant shogi|minishogi] [--time <ms>] [--memory <MiB>] [--every-interposition] [--alternatives]
      Solves a mate problem: the side to move checks on every move. Without a king the
      attacker's opponent holds every piece left over. Prints the solution in USI and in
      Japanese, then 'mate <plies>', 'nomate' or 'unknown' (a limit came first).
      --every-interposition counts useless interpositions (無駄合) as defences too.
      --alternatives also looks for other mates (余詰) along the solution: at each of the
      attacker's moves, every other check that mates within the plies left.`;

const DEFAULT_TIME_MS = 60_000;

function positiveNumber(name: string, text: string | undefined, fallback: number): Result<number, string> {
  if (text === undefined) return ok(fallback);
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? ok(value) : fail(`--${name} must be a positive number, got '${text}'`);
}

/** On a terminal, a long solve shows on stderr, in place, what it has done so far (stdout keeps
 * only the answer); twice a second at most. */
function progressLine(): (p: MateProgress) => void {
  let shownAt = -Infinity;
  return (p) => {
    if (p.timeMs - shownAt < 500) return;
    shownAt = p.timeMs;
    const found = p.plies !== undefined ? `, mate in ${p.plies} found` : '';
    process.stderr.write(`\r\x1b[K${(p.timeMs / 1000).toFixed(0)} s, ${p.nodes.toLocaleString('en')} nodes${found}`);
  };
}

export async function mateCommand(args: string[]): Promise<Result<void, string>> {
  const parsed = parseOptions(args, {
    variant: { type: 'string' }, time: { type: 'string' }, memory: { type: 'string' }, 'every-interposition': { type: 'boolean' }, alternatives: { type: 'boolean' },
  });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  if (positionals.length !== 1) return fail('mate takes one SFEN (quote it)');
  const time = positiveNumber('time', values.time, DEFAULT_TIME_MS);
  if (!time.ok) return time;
  const memory = positiveNumber('memory', values.memory, 256);
  if (!memory.ok) return memory;
  // The API takes the largest table in place of a larger one, with a note; a command line is
  // told so before it runs.
  if (memory.value > MAX_TABLE_MIB) return fail(`--memory is at most ${MAX_TABLE_MIB} MiB, got '${values.memory}'`);
  if (values.variant !== undefined) {
    if (values.variant !== 'shogi' && values.variant !== 'minishogi') return fail(`mate problems are shogi or minishogi, got '${values.variant}'`);
    const checked = parseSfen(positionals[0], values.variant);
    if (!checked.ok) return fail(checked.error.message);
  }
  const limits = { timeMs: time.value, memoryMiB: memory.value, everyInterposition: values['every-interposition'] };
  const engine = new EngineCore();
  const result = await engine.solveMate(positionals[0], limits, process.stderr.isTTY ? progressLine() : undefined);
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  if (result.error) return fail(result.error);
  for (const note of result.notes) console.log(`note: ${note}`);
  if (result.status === 'mate') {
    console.log(result.moves.join(' '));
    const pos = Position.fromSfen(result.sfen);
    const moves = result.moves.flatMap((usi) => { const m = parseUsiMove(usi, pos.ok ? pos.value.variant : 'shogi'); return m.ok ? [m.value] : []; });
    const names = pos.ok ? japaneseLine(pos.value, moves) : undefined;
    if (names?.ok) console.log(names.value.join(' '));
    if (!result.shortest) console.log(`note: the time ran out before a shorter mate could be ruled out`);
    if (values.alternatives) await printAlternatives(engine, result.sfen, result.moves, result.uncounted ?? [], limits);
  }
  console.log(result.status === 'mate' ? `mate ${result.plies}` : result.status);
  return ok(undefined);
}

/** 余詰 along the solution (src/engine/alternatives.ts): one line each, then a count;
 * non-limitations of the solution's own move (非限定) are counted apart. */
async function printAlternatives(engine: EngineCore, sfen: string, line: string[], uncounted: number[], limits: MateLimits): Promise<void> {
  const found = await findAlternatives((position, l) => engine.solveMate(position, l), sfen, line, uncounted, limits);
  for (const a of found) {
    const move = parseUsiMove(a.move, a.position.variant);
    const name = move.ok ? japaneseLine(a.position, [move.value], a.position.history.at(-1)?.to) : undefined;
    const label = `alternative: move ${a.moveNumber} ${a.move}${name?.ok ? ` ${name.value[0]}` : ''}`;
    if (a.plies === undefined) console.log(`${label} undecided within ${ALTERNATIVE_NODES.toLocaleString('en')} nodes`);
    else {
      const kinds = alternativeKinds(a).map((kind) => ALTERNATIVE_KIND_NAMES[kind]);
      console.log(`${label} mates in ${a.plies} too${kinds.length ? ` (${kinds.join('; ')})` : ''}`);
    }
  }
  const decided = found.filter((a) => a.plies !== undefined), undecided = found.length - decided.length;
  const choices = decided.filter(nonLimitation).length, mates = decided.length - choices;
  console.log(`note: ${mates || 'no'} other mate${mates === 1 || mates === 0 ? '' : 's'} (余詰) along the solution${choices ? `, ${choices} non-limitation${choices === 1 ? '' : 's'} (非限定)` : ''}${undecided ? `, ${undecided} check${undecided === 1 ? '' : 's'} undecided` : ''}`);
}
