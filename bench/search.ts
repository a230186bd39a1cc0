/**
 * Search speed: nodes per second of our engine and of Fairy-Stockfish WASM (one thread, the same
 * hash size) from the same positions for the same time, in the same run. Node counts are not
 * comparable between engines (each counts its own way, prunes differently); nps is.
 */
import { EngineCore } from '../src/engine/core.js';
import { START_SFEN, type Variant } from '../src/rules/types.js';
import * as fairyStockfish from './peers/fairy-stockfish.js';

const HASH_MIB = 64;
const ROUNDS = 3;
const POSITIONS: { variant: Variant; name: string; sfen: string }[] = [
  { variant: 'shogi', name: 'start', sfen: START_SFEN.shogi },
  { variant: 'shogi', name: 'matsuri', sfen: 'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1' },
  { variant: 'minishogi', name: 'start', sfen: START_SFEN.minishogi },
];

export async function runSearchBench(args: string[]): Promise<void> {
  const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 5);
  const ms = seconds * 1000;
  console.log(`search: ${seconds} s per position and engine in ${ROUNDS} turns each, one thread, ${HASH_MIB} MiB hash`);
  console.log(`${'position'.padEnd(18)} ${'engine'.padEnd(16)} ${'depth'.padStart(5)} ${'nodes'.padStart(11)} ${'nps'.padStart(10)}  ours/peer`);
  try {
    for (const { variant, name, sfen } of POSITIONS) {
      const ours = new EngineCore(variant, HASH_MIB, 1);
      await ours.setPosition(sfen, []);
      await ours.analyse({ depth: 4 }); // warm-up: the JIT compiles the wasm
      await fairyStockfish.configure(variant, HASH_MIB);
      await fairyStockfish.search(variant, sfen, [], 'depth 4');
      // The machine may be shared: the engines take turns in ROUNDS searches each, from a
      // cleared hash, so that a change of load hits both alike; nps is over all the rounds.
      const mine = { depth: 0, nodes: 0, ms: 0 }, theirs = { depth: 0, nodes: 0, ms: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        await ours.newGame();
        let depth = 0;
        const result = await ours.analyse({ movetime: ms / ROUNDS + 10 }, (info) => { depth = info.depth; });
        mine.depth = Math.max(mine.depth, depth);
        mine.nodes += result.nodes;
        mine.ms += result.timeMs;
        await fairyStockfish.newGame();
        const peer = await fairyStockfish.search(variant, sfen, [], `movetime ${ms / ROUNDS}`);
        theirs.depth = Math.max(theirs.depth, peer.depth);
        theirs.nodes += peer.nodes;
        theirs.ms += (peer.nodes * 1000) / Math.max(peer.nps, 1);
      }
      const oursNps = Math.round((mine.nodes * 1000) / mine.ms), peerNps = Math.round((theirs.nodes * 1000) / theirs.ms);
      row(`${variant} ${name}`, 'shogi-wasm', mine.depth, mine.nodes, oursNps, '');
      row(`${variant} ${name}`, 'fairy-stockfish', theirs.depth, theirs.nodes, peerNps, `${(oursNps / peerNps).toFixed(2)}x`);
    }
  } finally {
    await fairyStockfish.close();
  }
  await stopLatency();
}

/** How long a stop request waits to be answered during an infinite analysis: measured from the
 * moment the request was due (a timer, which itself can only fire between two slices) to the
 * analysis resolving, so the wait for the running slice is included. */
async function stopLatency(): Promise<void> {
  const engine = new EngineCore('shogi', HASH_MIB, 1);
  await engine.setPosition(START_SFEN.shogi, []);
  const latencies: number[] = [];
  for (let i = 0; i < 5; i++) {
    const analysis = engine.analyse({ infinite: true });
    const delay = 300 + 100 * i;
    const due = performance.now() + delay;
    await new Promise((resolve) => setTimeout(resolve, delay));
    engine.stop();
    await analysis;
    latencies.push(performance.now() - due);
  }
  console.log(`stop latency (ms, 5 stops): ${latencies.map((ms) => ms.toFixed(1)).join(' ')}; max ${Math.max(...latencies).toFixed(1)}`);
}

function row(position: string, engine: string, depth: number, nodes: number, nps: number, ratio: string): void {
  console.log(`${position.padEnd(18)} ${engine.padEnd(16)} ${String(depth).padStart(5)} ${String(nodes).padStart(11)} ${String(nps).padStart(10)}  ${ratio}`);
}
