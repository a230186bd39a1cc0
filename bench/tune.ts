/**
 * Fits the shogi evaluation's parameters (assembly/search/eval.ts) to a reference: positions
 * from games, each labelled with Fairy-Stockfish's score at a fixed depth, and the weights of
 * eval.ts's linear terms fitted so that sigmoid(eval) matches sigmoid(label) (Texel's method
 * with a stronger engine's scores in place of game results, which needs far fewer positions).
 *
 *   npm run tune -- [--selfplay=N] [--games=FILE,...] [--depth=D] [--labels=FILE]
 *
 * --selfplay=N  plays N Fairy-Stockfish games against itself (depth 3, the first 8 plies random)
 *               for positions; --games=FILE reads `bench match --log` files as well.
 * --labels=FILE caches sfen<TAB>score lines: an existing file is read instead of labelling again.
 * Prints the fitted tables, to be pasted into eval.ts, and the error before and after.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { initRules, Position, encodeSetup } from '../src/rules/position.js';
import { instantiateEngine } from '../src/engine/wasm.js';
import { START_SFEN } from '../src/rules/types.js';
import { formatUsiMove } from '../src/notation/usi.js';
import * as fairyStockfish from './peers/fairy-stockfish.js';

interface TraceWasm {
  memory: WebAssembly.Memory;
  setupBuffer(): number;
  load(): number;
  searchEval(): number;
  searchTrace(): number;
  searchWeights(): number;
  searchFeatures: WebAssembly.Global;
}

// Feature layout of eval.ts (F_*): board 15, hand 8, attack 8x6, defence 8x6, mobility, king
// danger, piece-square sum, tempo.
const NEAR = 48;
const F_BOARD = 0, F_HAND = 15, F_ATTACK = 23, F_DEFEND = F_ATTACK + NEAR, F_MOBILITY = F_DEFEND + NEAR;
const F_KING_DANGER = F_MOBILITY + 1, F_PST = F_KING_DANGER + 1, F_TEMPO = F_PST + 1;
/** The scale of the sigmoid: a 400 cp lead is about a 90% score. */
const K = 400;

function option(args: string[], name: string): string | undefined {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

/** Quiet positions of a game: not in check, and the move played from it takes nothing. */
function quietPositions(moves: string[], from: number, out: string[]): void {
  const pos = (Position.fromSfen(START_SFEN.shogi) as { ok: true; value: Position }).value;
  for (let i = 0; i < moves.length; i++) {
    if (i >= from && !pos.isCheck()) {
      const captures = new Set(pos.legalMoves('captures').map((m) => formatUsiMove(m, 'shogi')));
      if (!captures.has(moves[i]) && !moves[i].endsWith('+')) out.push(pos.sfen());
    }
    if (!pos.play(moves[i]).ok) return;
  }
}

async function selfPlay(games: number, out: string[]): Promise<void> {
  const rand = random(2024);
  for (let g = 0; g < games; g++) {
    const pos = (Position.fromSfen(START_SFEN.shogi) as { ok: true; value: Position }).value;
    const moves: string[] = [];
    await fairyStockfish.newGame();
    while (moves.length < 240 && !pos.outcome()) {
      let move: string;
      if (moves.length < 8) {
        const legal = pos.legalMoves();
        move = formatUsiMove(legal[Math.floor(rand() * legal.length)], 'shogi');
      } else {
        move = (await fairyStockfish.search('shogi', START_SFEN.shogi, moves, 'depth 3')).bestmove;
        if (move === 'resign' || move === 'win') break;
      }
      if (!pos.play(move).ok) break;
      moves.push(move);
    }
    quietPositions(moves, 8, out);
  }
}

export async function runTune(args: string[]): Promise<void> {
  await initRules();
  const depth = Number(option(args, 'depth') ?? 6);
  const labelsFile = option(args, 'labels');
  let labelled: [string, number][] = [];
  if (labelsFile && existsSync(labelsFile)) {
    labelled = readFileSync(labelsFile, 'utf8').trim().split('\n').map((l) => l.split('\t')).map(([s, v]) => [s, Number(v)]);
  } else {
    await fairyStockfish.configure('shogi', 16);
    const sfens: string[] = [];
    for (const file of (option(args, 'games') ?? '').split(',').filter(Boolean)) {
      for (const line of readFileSync(file, 'utf8').trim().split('\n')) quietPositions(line.split('\t')[3].split(' '), 8, sfens);
    }
    await selfPlay(Number(option(args, 'selfplay') ?? 0), sfens);
    console.log(`${sfens.length} positions; labelling at depth ${depth}`);
    for (const sfen of sfens) {
      const { score } = await fairyStockfish.search('shogi', sfen, [], `depth ${depth}`);
      if (Math.abs(score) >= 3000) continue; // decided: nothing for an evaluation to learn
      const sente = sfen.split(' ')[1] === 'b' ? score : -score;
      labelled.push([sfen, sente]);
    }
    await fairyStockfish.close();
    if (labelsFile) writeFileSync(labelsFile, labelled.map(([s, v]) => `${s}\t${v}`).join('\n') + '\n');
  }

  // Features of every position, and the evaluation the current weights give (sente's view).
  const wasm = (await instantiateEngine('shogi')) as unknown as TraceWasm;
  const n = wasm.searchFeatures.value as number;
  const rows: Int32Array[] = [];
  const labels: number[] = [];
  const current: number[] = [];
  for (const [sfen, label] of labelled) {
    const pos = Position.fromSfen(sfen);
    if (!pos.ok) continue;
    new Uint8Array(wasm.memory.buffer, wasm.setupBuffer(), 128).set(encodeSetup(pos.value.setup()));
    if (wasm.load() !== 0) continue;
    const e = wasm.searchEval();
    rows.push(new Int32Array(wasm.memory.buffer, wasm.searchTrace(), n).slice());
    labels.push(label);
    current.push(sfen.split(' ')[1] === 'b' ? e : -e);
  }
  console.log(`${rows.length} labelled positions, ${n} features`);

  // Start from the engine's current weights (king danger comes per 16 units^2).
  const w = Float64Array.from(new Int32Array(wasm.memory.buffer, wasm.searchWeights(), n));
  w[F_KING_DANGER] /= 16;
  const sigmoid = (x: number) => 1 / (1 + Math.pow(10, -x / K));
  const predict = (row: Int32Array, weights: Float64Array) => {
    let s = row[F_PST];
    for (let i = 0; i < n; i++) if (i !== F_PST) s += weights[i] * row[i];
    return s;
  };
  // The reference counts centipawns on its own scale: the factor that maps its scores onto ours
  // is fitted along with the weights, with the pawn on the board fixed at 90 to pin our scale.
  let scale = 1;
  const lossAt = (weights: Float64Array, s: number) => {
    let sum = 0;
    for (let r = 0; r < rows.length; r++) sum += (sigmoid(predict(rows[r], weights)) - sigmoid(s * labels[r])) ** 2;
    return sum / rows.length;
  };
  for (let s = 0.3; s <= 4; s += 0.05) if (lossAt(w, s) < lossAt(w, scale)) scale = s;
  const loss = (weights: Float64Array) => lossAt(weights, scale);
  let drift = 0;
  for (let r = 0; r < rows.length; r++) drift = Math.max(drift, Math.abs(predict(rows[r], w) - current[r]));
  console.log(`model vs engine: largest difference ${drift.toFixed(0)} cp (rounding of the king danger)`);
  console.log(`error before: ${loss(w).toFixed(6)}`);

  // Adam on the mean squared error, with an L2 pull towards the starting weights so that rare
  // features (a dragon next to its own king) keep their hand-set values.
  const start = Float64Array.from(w);
  // Index n of the Adam state is the label scale.
  const m = new Float64Array(n + 1), v = new Float64Array(n + 1), grad = new Float64Array(n + 1);
  // Fixed: the piece-square sum (an offset), the pawn (the scale), the king (no value).
  const fixed = new Set([F_PST, F_BOARD, F_BOARD + 1, F_BOARD + 8]);
  const lambda = 5e-8, rate = 1.0;
  for (let step = 1; step <= 3000; step++) {
    grad.fill(0);
    for (let r = 0; r < rows.length; r++) {
      const p = sigmoid(predict(rows[r], w)), y = sigmoid(scale * labels[r]);
      const g = 2 * (p - y) * p * (1 - p) * Math.LN10 / K;
      const row = rows[r];
      for (let i = 0; i < n; i++) if (row[i] !== 0) grad[i] += g * row[i];
      grad[n] -= 2 * (p - y) * y * (1 - y) * Math.LN10 / K * labels[r];
    }
    {
      const gs = grad[n] / rows.length;
      m[n] = 0.9 * m[n] + 0.1 * gs;
      v[n] = 0.999 * v[n] + 0.001 * gs * gs;
      scale -= (0.002 * (m[n] / (1 - 0.9 ** step))) / (Math.sqrt(v[n] / (1 - 0.999 ** step)) + 1e-12);
    }
    for (let i = 0; i < n; i++) {
      if (fixed.has(i)) continue;
      const gi = grad[i] / rows.length + 2 * lambda * (w[i] - start[i]);
      m[i] = 0.9 * m[i] + 0.1 * gi;
      v[i] = 0.999 * v[i] + 0.001 * gi * gi;
      const mh = m[i] / (1 - 0.9 ** step), vh = v[i] / (1 - 0.999 ** step);
      w[i] -= (rate * mh) / (Math.sqrt(vh) + 1e-12);
    }
    if (step % 300 === 0) console.log(`step ${step}: error ${loss(w).toFixed(6)}, reference scale ${scale.toFixed(3)}`);
  }
  printWeights(w);
}

function printWeights(w: Float64Array): void {
  const ints = (from: number, count: number) => Array.from(w.slice(from, from + count), (x) => Math.round(x));
  const table = (from: number) => Array.from({ length: 8 }, (_, g) => `  ${ints(from + g * 6, 6).join(', ')},`).join('\n');
  console.log(`const SHOGI_BOARD: StaticArray<i32> = [${ints(F_BOARD, 15).join(', ')}];`);
  console.log(`const SHOGI_HAND: StaticArray<i32> = [${ints(F_HAND, 8).join(', ')}];`);
  console.log(`const SHOGI_ATTACK: StaticArray<i32> = [\n${table(F_ATTACK)}\n];`);
  console.log(`const SHOGI_DEFEND: StaticArray<i32> = [\n${table(F_DEFEND)}\n];`);
  console.log(`mobility ${w[F_MOBILITY].toFixed(2)} cp per square; king danger KS_SCALE ${(w[F_KING_DANGER] * 16).toFixed(2)}; tempo ${w[F_TEMPO].toFixed(1)}`);
}

await runTune(process.argv.slice(2));
