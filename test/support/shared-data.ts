/**
 * The reference data in ../shared/data, and wasm instances for tests that talk to the engine's
 * exports directly.
 */
import { readFileSync } from 'node:fs';
import { instantiateEngine, type EngineExports } from '../../src/engine/wasm.js';
import type { Variant } from '../../src/rules/types.js';

/** The rows of a tab-separated file of ../shared/data, comment lines left out. */
export function sharedRows(file: string): string[][] {
  return readFileSync(new URL(`../../../shared/data/${file}`, import.meta.url), 'utf8')
    .split('\n').filter((line) => line.trim() && !line.startsWith('#')).map((line) => line.split('\t'));
}

/** One engine instance per variant, made on first use; `T` names the exports a test needs. */
export function instancePerVariant<T extends EngineExports>(): (variant: Variant) => Promise<T> {
  const instances = new Map<Variant, Promise<T>>();
  return (variant) => {
    let instance = instances.get(variant);
    if (!instance) {
      instance = instantiateEngine(variant) as unknown as Promise<T>;
      instances.set(variant, instance);
    }
    return instance;
  };
}
