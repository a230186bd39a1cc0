/**
 * Loads build/engine.wasm: `fetch` in browsers and workers, `fs` in Node (Node 20's fetch
 * cannot read file: URLs). The module is compiled once; each variant gets its own instance,
 * because an instance holds the tables and the one position of the variant it was made for.
 */
import type { Variant } from '../rules/types.js';

/** The exports of assembly/index.ts. */
export interface EngineExports {
  memory: WebAssembly.Memory;
  init(variant: number): void;
  setupBuffer(): number;
  movesBuffer(): number;
  load(): number;
  errorInfo(): number;
  save(): void;
  moves(kind: number): number;
  reachers(square: number): number;
  play(move: number): number;
  /** The other side to move on the same board, kept in the record; 0 when in check or full. */
  pass(): number;
  undo(): number;
  plies(): number;
  check(): number;
  result(): number;
  declaration(): number;
  impasse(): number;
  points(color: number, campOnly: number): number;
  campPieces(color: number): number;
  keyLow(): number;
  keyHigh(): number;
  perft(depth: number): number;
  perftStart(depth: number): void;
  /** 1 once the count is complete. */
  perftStep(budget: number): number;
  perftStop(): void;
  perftNodes(): number;
  /** The most plies play() takes from the set-up position. */
  maxRecordPlies: WebAssembly.Global;
}

const VARIANT_CODE: Record<Variant, number> = { shogi: 0, minishogi: 1, dobutsu: 2 };

let compiled: Promise<WebAssembly.Module> | undefined;

async function wasmBytes(): Promise<BufferSource> {
  const url = new URL('../../build/engine.wasm', import.meta.url);
  if (url.protocol === 'file:') {
    // From the sources (src/engine/) or from a Node bundle in build/ (the CLI, the bench).
    const { readFile } = await import(/* @vite-ignore */ 'node:fs/promises');
    return readFile(url).catch(() => readFile(new URL('./engine.wasm', import.meta.url)));
  }
  // A network failure says only "Failed to fetch": the file is named, for the page's author.
  const response = await fetch(url).catch((error: unknown) => {
    throw new Error(`cannot load ${url.href}: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (!response.ok) throw new Error(`cannot load ${url.href}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

export function compileEngine(): Promise<WebAssembly.Module> {
  compiled ??= wasmBytes().then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/** A fresh instance playing `variant`. */
export async function instantiateEngine(variant: Variant): Promise<EngineExports> {
  const module = await compileEngine();
  const instance = await WebAssembly.instantiate(module, {
    env: {
      abort(_message: number, _file: number, line: number, column: number) {
        throw new Error(`engine aborted at ${line}:${column}`);
      },
      // The clock a search slice's deadline is set on (searchStep's `until`).
      now: () => performance.now(),
    },
  });
  const exports = instance.exports as unknown as EngineExports;
  exports.init(VARIANT_CODE[variant]);
  return exports;
}
