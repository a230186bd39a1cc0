/** Just enough assertions for the browser tests (no assertion library is a dependency). */

export class AssertionError extends Error {
  override name = 'AssertionError';
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

export function ok(value: unknown, message = `expected ${show(value)} to be truthy`): asserts value {
  if (!value) throw new AssertionError(message);
}

export function equal<T>(actual: T, expected: T, message?: string): void {
  if (!Object.is(actual, expected)) {
    throw new AssertionError(message ?? `expected ${show(actual)} to equal ${show(expected)}`);
  }
}

/** Structural equality of JSON-like values (plain objects, arrays, primitives). */
export function deepEqual(actual: unknown, expected: unknown, message?: string): void {
  if (show(sortKeys(actual)) !== show(sortKeys(expected))) {
    throw new AssertionError(message ?? `expected ${show(actual)} to deeply equal ${show(expected)}`);
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}
