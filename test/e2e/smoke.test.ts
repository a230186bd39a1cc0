import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useBrowserAndServer } from './helpers.js';

describe('built index page', () => {
  const e2e = useBrowserAndServer();

  it('loads with a title, fetches the engine and reports no error', async () => {
    const page = await e2e.browser.newPage();
    const errors = collectErrors(page);
    const wasmResponses: Response[] = [];
    // Context-wide, so a fetch made by a worker counts as well as one made by the page.
    page.context().on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.wasm')) wasmResponses.push(response);
    });
    const wasmFetched = page.context().waitForEvent('response', {
      predicate: (response) => new URL(response.url()).pathname.endsWith('.wasm'),
      timeout: 20_000,
    });

    const response = await page.goto(e2e.url, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await wasmFetched;
    // Let the page finish instantiating the module, so a failure there shows up as an error.
    await page.waitForLoadState('networkidle');

    expect((await page.title()).trim()).not.toBe('');
    expect(wasmResponses.map((r) => r.status())).toContain(200);
    expect(wasmResponses.every((r) => r.status() === 200)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
