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
import { formatUsiMove, parseUsiMove } from '../notation/usi.js';
import { parseOptions } from './args.js';
import type { MateLimits, MateProgress } from '../engine/mate-types.js';

export const MATE_USAGE = `  mate "<sfen>" [--variant shogi|minishogi] [--time <ms>] [--memory <MiB>] [--every-interposition] [--alternatives]
      Solves a mate problem: the side to move checks on every move. Without a king the
      attacker's opponent holds every piece left over. Prints the solution in USI and in
      Japanese, then 'mate <plies>', 'nomate' or 'unknown' (a limit came first).
      --every-interposition counts useless interpositions (無駄合) as defences too.
      --alternatives also looks for other mates (余詰) along the solution: at each of the
      attacker's moves, every other check that mates within the plies left.`;

const DEFAULT_TIME_MS = 60_000;
/** The most nodes --alternatives spends on one other check, and the plies it allows beyond the
 * solution's (a useless interposition counts as one only when its capture mates within the
 * budget: tsume-dev #47's mate in 5 needs a budget of 7). */
const ALTERNATIVE_NODES = 300_000;
const ALTERNATIVE_MARGIN = 4;

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
    if (values.alternatives && pos.ok) await printAlternatives(engine, pos.value, result.moves, limits);
  }
  console.log(result.status === 'mate' ? `mate ${result.plies}` : result.status);
  return ok(undefined);
}

/**
 * 余詰: at each of the attacker's moves on the solution, every other check that mates within
 * the plies left there, found by the solver with that check as its fixed first move. A check it
 * cannot decide within ALTERNATIVE_NODES is listed as undecided. (A mate through another check
 * that takes longer is a detour, not an alternative: the solution is the shortest.)
 */
async function printAlternatives(engine: EngineCore, start: Position, line: string[], limits: MateLimits): Promise<void> {
  const pos = start.clone();
  let found = 0, undecided = 0;
  for (let ply = 0; ply < line.length; ply += 2) {
    const left = line.length - ply;
    for (const move of pos.legalMoves()) {
      const usi = formatUsiMove(move, pos.variant);
      const after = pos.clone();
      after.play(move);
      if (usi === line[ply] || !after.isCheck()) continue;
      const r = await engine.solveMate(pos.sfen(), { ...limits, timeMs: undefined, nodes: ALTERNATIVE_NODES, firstMove: usi, maxPlies: left + ALTERNATIVE_MARGIN });
      const name = japaneseLine(pos, [move], pos.history.at(-1)?.to);
      const label = `alternative: move ${ply + 1} ${usi}${name.ok ? ` ${name.value[0]}` : ''}`;
      if (r.status === 'mate' && r.plies !== undefined && r.plies <= left) {
        found++;
        console.log(`${label} mates in ${r.plies} too${ply + 1 === line.length ? ' (the last move: 最終手余詰)' : ''}`);
      } else if (r.status === 'unknown' || (r.status === 'mate' && !r.shortest)) {
        // Nothing found, or only a longer mate: a shorter one may still be there.
        undecided++;
        console.log(`${label} undecided within ${ALTERNATIVE_NODES.toLocaleString('en')} nodes`);
      }
    }
    for (const usi of line.slice(ply, ply + 2)) {
      const m = parseUsiMove(usi, pos.variant);
      if (m.ok) pos.play(m.value);
    }
  }
  console.log(`note: ${found} other mate${found === 1 ? '' : 's'} (余詰) along the solution${undecided ? `, ${undecided} check${undecided === 1 ? '' : 's'} undecided` : ''}`);
}
