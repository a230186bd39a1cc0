import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { serve } from '../../scripts/serve.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** A record of test/fixtures/records, as bytes. */
export const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/records/${name}`, import.meta.url)));

/** Flags that let Chromium start as root on a closed network (see ../shared/docs/TOOLCHAIN.md). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The system Chromium, headless; nothing here downloads a browser. */
export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

/** Serves the built dist/ on a free port of 127.0.0.1. */
export function startServer(): Promise<{ url: string; close: () => Promise<void> }> {
  if (!existsSync(`${DIST}index.html`)) throw new Error(`${DIST}index.html is missing: run \`npm run build\``);
  return serve({ root: DIST, port: 0 });
}

/**
 * The built pages served locally and one Chromium for the tests of a file: started before them,
 * closed after. Read `browser` and `url` inside the tests (they exist once beforeAll has run).
 */
export function useBrowserAndServer(): { readonly browser: Browser; readonly url: string } {
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get browser() { return browser!; },
    get url() { return server!.url; },
  };
}

/**
 * Records everything that went wrong on a page (and its workers): console errors, uncaught
 * exceptions and failed requests. Call before `page.goto`.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    errors.push(`requestfailed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('worker', (worker) => {
    worker.on('console', (message) => {
      if (message.type() === 'error') errors.push(`worker console: ${message.text()}`);
    });
  });
  return errors;
}
