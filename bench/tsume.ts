/**
 * Tsume solving: every problem of ../shared/data/tsume-dev.tsv (`tsume`) or the famous long
 * ones of tsume-long.tsv (`tsume-long`), each under a time limit. Prints, per problem, the
 * status, the length found against the reference length, whether the length is proven
 * shortest, time and nodes; then totals and nodes per second.
 */
import { readFileSync } from 'node:fs';
import { EngineCore } from '../src/engine/core.js';

interface Problem { name: string; sfen: string; plies: number }

function problems(file: string, long: boolean): Problem[] {
  return readFileSync(new URL(`../../shared/data/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line, i) => {
      const cols = line.split('\t');
      return long ? { name: cols[0], sfen: cols[1], plies: Number(cols[2]) } : { name: `#${i + 1}`, sfen: cols[0], plies: Number(cols[1]) };
    });
}

function option(args: string[], name: string, fallback: number): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.slice(name.length + 3)) : fallback;
}

async function run(list: Problem[], timeMs: number, memoryMiB: number, quiet: boolean): Promise<void> {
  const engine = new EngineCore('shogi');
  let solved = 0, exact = 0, agree = 0, nodes = 0, ms = 0;
  const slow: string[] = [];
  console.log(`${list.length} problems, ${timeMs} ms each, ${memoryMiB} MiB table`);
  for (const p of list) {
    const r = await engine.solveMate(p.sfen, { timeMs, memoryMiB });
    nodes += r.nodes;
    ms += r.timeMs;
    if (r.status === 'mate') solved++;
    if (r.shortest) exact++;
    if (r.plies === p.plies) agree++;
    if (r.timeMs > 2000) slow.push(p.name);
    const verdict = r.status !== 'mate' ? r.status : r.plies === p.plies ? 'ok' : `DIFFERS (reference ${p.plies})`;
    if (!quiet || verdict !== 'ok') {
      console.log(`${p.name.padEnd(24)} ${String(r.plies ?? '-').padStart(5)} ${r.shortest ? 'shortest' : '        '} ${String(r.timeMs).padStart(7)} ms ${String(r.nodes).padStart(10)} nodes  ${verdict}`);
    }
  }
  console.log(`solved ${solved}/${list.length}, proven shortest ${exact}, length as the reference ${agree}/${list.length}`);
  console.log(`total ${ms} ms, ${nodes} nodes, ${Math.round((nodes * 1000) / Math.max(ms, 1))} nodes/s; over 2 s: ${slow.length}${slow.length ? ` (${slow.join(' ')})` : ''}`);
}

export async function runTsumeBench(args: string[]): Promise<void> {
  await run(problems('tsume-dev.tsv', false), option(args, 'time', 10_000), option(args, 'memory', 256), args.includes('--quiet'));
}

export async function runTsumeLongBench(args: string[]): Promise<void> {
  await run(problems('tsume-long.tsv', true), option(args, 'time', 60_000), option(args, 'memory', 1000), false);
}
