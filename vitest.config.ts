import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    // Deep perft and search tests take seconds on a 2-core CI machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
