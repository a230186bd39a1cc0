// Browser tests: test/browser/**/*.test.ts in the system Chromium, served from the repo root so
// that `new URL('../../build/engine.wasm', import.meta.url)` in src/ resolves to the built engine.

import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { summaryReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { jsonReporter } from './scripts/wtr-json-reporter.mjs';

const root = (path) => fileURLToPath(new URL(path, import.meta.url));

/** Flags that let Chromium start as root on a closed network (see ../shared/docs/TOOLCHAIN.md). */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default {
  rootDir: root('.'),
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  plugins: [esbuildPlugin({ ts: true, tsconfig: root('tsconfig.json') })],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS },
    }),
  ],
  // Two cores on CI: one page at a time keeps timings stable.
  concurrency: 1,
  browserStartTimeout: 60_000,
  testsStartTimeout: 60_000,
  testsFinishTimeout: 300_000,
  testFramework: { config: { ui: 'bdd', timeout: 60_000 } },
  reporters: [summaryReporter({}), jsonReporter({ outputFile: root('test-results/wtr.json') })],
};
