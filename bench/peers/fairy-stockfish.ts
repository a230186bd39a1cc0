/**
 * Perft with Fairy-Stockfish WASM 1.1.12 (`go perft`), all three variants. Its own uci.js cannot
 * load in Node 20 (the emscripten glue fetches a file path), so the module gets the wasm bytes.
 * `go perft` runs on the engine's search thread while the command loop goes on, so each command
 * waits for the engine's answer before the next is sent (a variant change mid-perft corrupts it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Variant } from '../../src/rules/types.js';

interface Engine {
  postMessage(command: string): void;
  addMessageListener(listener: (line: string) => void): void;
  terminate(): void;
}

let engine: Promise<Engine> | undefined;
/** The one pending command's answer; the engine prints to the console when nobody listens. */
let waiter: ((line: string) => void) | undefined;

async function start(): Promise<Engine> {
  const require = createRequire(import.meta.url);
  const script = require.resolve('fairy-stockfish-nnue.wasm/stockfish.js');
  const Stockfish = require(script) as (options: { wasmBinary: Buffer }) => Promise<Engine>;
  const sf = await Stockfish({ wasmBinary: readFileSync(join(dirname(script), 'stockfish.wasm')) });
  sf.addMessageListener((line) => waiter?.(String(line)));
  // usi (not uci) makes positions SFEN and moves USI.
  await ask(sf, 'usi', /^usiok/);
  return sf;
}

function ask(sf: Engine, command: string, answer: RegExp): Promise<RegExpMatchArray> {
  return new Promise(resolve => {
    waiter = line => {
      const match = line.match(answer);
      if (match) {
        waiter = undefined;
        resolve(match);
      }
    };
    sf.postMessage(command);
  });
}

/** Fairy-Stockfish names the dobutsu pieces lion, giraffe, elephant, chick (l g e c), where
 * our SFEN uses the shogi letters k r b p; only the board and hands fields hold pieces. */
function toFairySfen(variant: Variant, sfen: string): string {
  if (variant !== 'dobutsu') return sfen;
  const letters: Record<string, string> = { k: 'l', r: 'g', b: 'e', p: 'c' };
  const rename = (field: string) =>
    field.replace(/[krbp]/gi, c => {
      const fairy = letters[c.toLowerCase()];
      return c === c.toLowerCase() ? fairy : fairy.toUpperCase();
    });
  const [board, turn, hands, ...rest] = sfen.split(' ');
  return [rename(board), turn, rename(hands ?? '-'), ...rest].join(' ');
}

export async function perft(variant: Variant, sfen: string, depth: number): Promise<number> {
  engine ??= start();
  const sf = await engine;
  sf.postMessage(`setoption name UCI_Variant value ${variant}`);
  sf.postMessage(`position sfen ${toFairySfen(variant, sfen)}`);
  await ask(sf, 'isready', /^readyok/);
  const [, nodes] = await ask(sf, `go perft ${depth}`, /^Nodes searched: (\d+)/);
  return Number(nodes);
}

/** Ends the engine's threads, which would otherwise keep Node running. */
export async function close(): Promise<void> {
  if (engine) (await engine).terminate();
  engine = undefined;
}

/** What a Fairy-Stockfish search printed: its move and the last nodes/nps it reported. */
export interface PeerSearch {
  bestmove: string;
  nodes: number;
  nps: number;
  depth: number;
  /** The last score it reported, from the side to move: centipawns, or mate as +-(30000 - n). */
  score: number;
}

/** Options for searches (USI_Hash in MiB, one thread), applied before the next search. */
export async function configure(variant: Variant, hashMiB: number): Promise<void> {
  engine ??= start();
  const sf = await engine;
  sf.postMessage(`setoption name UCI_Variant value ${variant}`);
  sf.postMessage(`setoption name USI_Hash value ${hashMiB}`);
  sf.postMessage('setoption name Threads value 1');
  await ask(sf, 'isready', /^readyok/);
}

export async function newGame(): Promise<void> {
  const sf = await (engine ??= start());
  sf.postMessage('usinewgame');
  await ask(sf, 'isready', /^readyok/);
}

/** One search from an SFEN and USI moves, with `go` arguments such as `movetime 200`. */
export async function search(variant: Variant, sfen: string, moves: string[], go: string): Promise<PeerSearch> {
  const sf = await (engine ??= start());
  sf.postMessage(`position sfen ${toFairySfen(variant, sfen)}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
  await ask(sf, 'isready', /^readyok/);
  let nodes = 0, nps = 0, depth = 0, score = 0;
  const [, bestmove] = await new Promise<RegExpMatchArray>((resolve) => {
    waiter = (line) => {
      const info = line.match(/^info depth (\d+).* nodes (\d+) nps (\d+)/);
      if (info) [depth, nodes, nps] = [Number(info[1]), Number(info[2]), Number(info[3])];
      const value = line.match(/ score (cp|mate) (-?\d+)/);
      if (value) score = value[1] === 'cp' ? Number(value[2]) : Math.sign(Number(value[2])) * (30000 - Math.abs(Number(value[2])));
      const done = line.match(/^bestmove (\S+)/);
      if (done) {
        waiter = undefined;
        resolve(done);
      }
    };
    sf.postMessage(`go ${go}`);
  });
  return { bestmove, nodes, nps, depth, score };
}
