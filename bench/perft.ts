/**
 * Perft speed of our engine and of the peers, measured in the same run. Every count is checked
 * against ../shared/data/perft.tsv. A peer that would need more than about a minute at our depth
 * runs shallower (depths fixed below, from its speed on the 2-core dev machine), so engines
 * compare by nodes per second, not by time. */
import { readFileSync } from 'node:fs';
import { initRules, Position } from '../src/rules/position.js';
import type { Variant } from '../src/rules/types.js';
import * as fairyStockfish from './peers/fairy-stockfish.js';
import * as shogiops from './peers/shogiops.js';
import * as tsshogi from './peers/tsshogi.js';

type Perft = (variant: Variant, sfen: string, depth: number) => Promise<number>;

const OURS = 'shogi-wasm';

async function oursPerft(variant: Variant, sfen: string, depth: number): Promise<number> {
  const pos = Position.fromSfen(sfen, variant);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value.perft(depth);
}

const ENGINES: Record<string, Perft> = {
  [OURS]: oursPerft,
  shogiops: shogiops.perft,
  tsshogi: tsshogi.perft,
  'fairy-stockfish': fairyStockfish.perft,
};

/** Depth per engine; an engine left out does not play the variant. Measured peer speeds, which
 * grow with the branching factor since leaves are counted, not played: shogiops 0.4M nps at the
 * shogi start (3M on matsuri; 0.25M on minishogi, where depth 6 takes ~35 s), tsshogi 0.15M
 * (0.45M on matsuri: ~11 s at depth 3), Fairy-Stockfish ~5M (~90 s for matsuri at depth 4). */
const CASES: { variant: Variant; name: string; depths: Record<string, number> }[] = [
  { variant: 'shogi', name: 'start', depths: { [OURS]: 5, shogiops: 4, tsshogi: 4, 'fairy-stockfish': 5 } },
  { variant: 'shogi', name: 'matsuri', depths: { [OURS]: 4, shogiops: 3, tsshogi: 3, 'fairy-stockfish': 3 } },
  { variant: 'minishogi', name: 'start', depths: { [OURS]: 6, shogiops: 5, 'fairy-stockfish': 6 } },
  { variant: 'dobutsu', name: 'start', depths: { [OURS]: 6, 'fairy-stockfish': 6 } },
];

interface Reference {
  sfen: string;
  /** counts[d - 1] is perft(d). */
  counts: number[];
}

function readReferences(): Map<string, Reference> {
  // Relative to the bundle, build/bench.mjs.
  const text = readFileSync(new URL('../../shared/data/perft.tsv', import.meta.url), 'utf8');
  const references = new Map<string, Reference>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [variant, name, sfen, counts] = line.split('\t');
    references.set(`${variant} ${name}`, { sfen, counts: counts.split(',').map(Number) });
  }
  return references;
}

const COLUMNS: [string, number][] = [
  ['position', -17], ['engine', -15], ['depth', 5], ['nodes', 11], ['ms', 9], ['nps', 11], ['ours/peer', 9], ['check', -1],
];

function printRow(cells: (string | number)[]): void {
  const text = cells.map((cell, i) => {
    const width = COLUMNS[i][1];
    return width < 0 ? String(cell).padEnd(-width) : String(cell).padStart(width);
  });
  console.log(text.join('  ').trimEnd());
}

interface Measurement {
  nodes: number;
  ms: number;
  nps: number;
}

async function measure(perft: Perft, variant: Variant, sfen: string, depth: number): Promise<Measurement> {
  // Warm-up: starts the engine and lets the JIT compile before the clock runs.
  await perft(variant, sfen, 2);
  const start = performance.now();
  const nodes = await perft(variant, sfen, depth);
  const ms = performance.now() - start;
  return { nodes, ms, nps: Math.round((nodes * 1000) / ms) };
}

/** `npm run bench -- perft [--quick]`; --quick takes one ply off every depth. */
export async function runPerftBench(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--quick');
  if (unknown.length > 0) {
    console.error(`perft bench: unknown argument ${unknown[0]}; usage: perft [--quick]`);
    process.exitCode = 2;
    return;
  }
  const plyOff = args.includes('--quick') ? 1 : 0;
  await initRules();
  const references = readReferences();
  const mismatches: string[] = [];
  console.log(`perft${plyOff ? ' --quick' : ''}: ours/peer is the ratio of nodes per second (above 1: ${OURS} is faster)`);
  printRow(COLUMNS.map(([title]) => title));
  try {
    for (const { variant, name, depths } of CASES) {
      const position = `${variant} ${name}`;
      const { sfen, counts } = references.get(position)!;
      let oursNps = 0;
      for (const [engine, fullDepth] of Object.entries(depths)) {
        const depth = fullDepth - plyOff;
        const expected = counts[depth - 1];
        let row: Measurement;
        try {
          row = await measure(ENGINES[engine], variant, sfen, depth);
        } catch (error) {
          printRow([position, engine, depth, '', '', '', '', `ERROR: ${(error as Error).message}`]);
          process.exitCode = 1;
          continue;
        }
        if (engine === OURS) oursNps = row.nps;
        let check = expected === undefined ? 'no reference' : 'ok';
        if (expected !== undefined && row.nodes !== expected) {
          check = `MISMATCH: expected ${expected}`;
          mismatches.push(`${position} ${engine} depth ${depth}: ${row.nodes}, expected ${expected}`);
        }
        const ratio = engine === OURS || !oursNps ? '' : `${(oursNps / row.nps).toFixed(2)}x`;
        printRow([position, engine, depth, row.nodes, row.ms.toFixed(0), row.nps, ratio, check]);
      }
    }
  } finally {
    await fairyStockfish.close();
  }
  if (mismatches.length > 0) {
    console.log(`\n*** ${mismatches.length} PERFT MISMATCH${mismatches.length > 1 ? 'ES' : ''} ***`);
    for (const mismatch of mismatches) console.log(`MISMATCH ${mismatch}`);
    process.exitCode = 1;
  }
}
