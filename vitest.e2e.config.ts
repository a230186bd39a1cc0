import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** End-to-end tests: playwright-core drives /usr/bin/chromium against the built dist/. */
export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time: CI has two cores and each browser wants more than one.
    fileParallelism: false,
  },
});
