/**
 * `node build/cli.mjs bench`: the search's signature. Fixed positions searched to fixed depths
 * from a cleared 16 MiB hash, without slicing, so the node count is the same on every machine
 * and changes only when the search or the evaluation does. Prints `Nodes searched: <N>` and the
 * speed (`nps: <N>`, which of course varies).
 */
import { EngineCore } from '../engine/core.js';
import { START_SFEN, ok, type Result, type Variant } from '../rules/types.js';

const BENCH_HASH_MIB = 16;

/** Positions of ../shared/data/perft.tsv plus the start positions, each at a depth that takes
 * well under a second. */
export const BENCH_POSITIONS: { variant: Variant; name: string; sfen: string; depth: number }[] = [
  { variant: 'shogi', name: 'start', sfen: START_SFEN.shogi, depth: 16 },
  { variant: 'shogi', name: 'opening', sfen: 'lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9', depth: 14 },
  { variant: 'shogi', name: 'middle-1', sfen: 'l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1', depth: 12 },
  { variant: 'shogi', name: 'middle-2', sfen: '6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1', depth: 11 },
  { variant: 'shogi', name: 'matsuri', sfen: 'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1', depth: 12 },
  { variant: 'shogi', name: 'random-6', sfen: 'lns3sn1/r2gk1gbl/p1pp2p1p/1p2p2p1/1P3p3/5PPP1/P1PPP3P/LB3G1RL/1NSGK1SN1 b - 31', depth: 14 },
  { variant: 'minishogi', name: 'start', sfen: START_SFEN.minishogi, depth: 16 },
  { variant: 'dobutsu', name: 'start', sfen: START_SFEN.dobutsu, depth: 20 },
];

export async function runBench(): Promise<Result<void, string>> {
  let total = 0;
  let ms = 0;
  const engines = new Map<Variant, EngineCore>();
  for (const { variant, name, sfen, depth } of BENCH_POSITIONS) {
    let engine = engines.get(variant);
    if (!engine) {
      engine = new EngineCore(variant, BENCH_HASH_MIB, 1);
      engines.set(variant, engine);
    }
    const set = await engine.setPosition(sfen, []);
    if (!set.ok) return { ok: false, error: `${variant} ${name}: ${set.error}` };
    const start = performance.now();
    const { nodes, bestmove, score } = await engine.fixedDepthSearch(depth);
    const elapsed = performance.now() - start;
    total += nodes;
    ms += elapsed;
    const shown = 'mate' in score ? `mate ${score.mate}` : `cp ${score.cp}`;
    console.log(`${`${variant} ${name}`.padEnd(18)} depth ${String(depth).padStart(2)}  nodes ${String(nodes).padStart(9)}  bestmove ${bestmove.padEnd(6)}  score ${shown}`);
  }
  console.log('===========================');
  console.log(`Total time (ms) : ${Math.round(ms)}`);
  console.log(`Nodes searched: ${total}`);
  console.log(`nps: ${Math.round((total * 1000) / Math.max(ms, 1))}`);
  return ok(undefined);
}
