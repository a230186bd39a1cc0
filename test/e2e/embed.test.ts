import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, fixture, useBrowserAndServer } from './helpers.js';

const SHOTS = new URL('../../test-results/', import.meta.url);

describe('embed bundle and demo page', () => {
  const e2e = useBrowserAndServer();

  /** A page on another origin (http://blog.test) that includes dist/embed/shogi-wasm.js from the
   * server; the server's answers get the CORS header a CDN would send. */
  async function blogPage(body: string, { block, path = 'post.html' }: { block?: string; path?: string } = {}): Promise<{ page: Page; errors: string[]; workers: string[] }> {
    const page = await e2e.browser.newPage();
    const errors = collectErrors(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const bundle = new URL('embed/shogi-wasm.js', e2e.url).href;
    await page.route('http://blog.test/**', (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html><html lang="en"><title>blog</title>
        <script type="module" src="${bundle}"></script><body>${body}</body></html>` }));
    await page.route(`${new URL('/', e2e.url).href}**`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
    });
    // A file of the bundle that the host does not serve (a partial upload, a CDN without the CORS header).
    if (block) await page.route(block, (route) => route.abort());
    await page.goto(`http://blog.test/${path}`);
    return { page, errors, workers };
  }

  it('diagrams and viewers from another origin: they render and start no worker', async () => {
    const { page, errors, workers } = await blogPage(`
      <shogi-diagram sfen="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1" caption="start"></shogi-diagram>
      <shogi-kifu><script type="text/plain">1 ７六歩(77)\n2 ３四歩(33)\n</script></shogi-kifu>`);
    await page.locator('shogi-kifu shogi-move-tree').waitFor();
    await page.locator('shogi-diagram shogi-board .square .piece').first().waitFor();
    expect(await page.locator('shogi-diagram shogi-board .square .piece').count()).toBe(40);
    await page.locator('shogi-kifu button[aria-label="Last move"]').click();
    await expect.poll(() => page.locator('shogi-kifu shogi-board .square[aria-label^="3d gote pawn"]').count()).toBe(1);
    await page.waitForTimeout(300);
    expect(workers).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the tsume player from another origin starts its worker from a blob and answers', async () => {
    const { page, errors, workers } = await blogPage(`<shogi-tsume sfen="7kl/9/6G1p/9/9/9/9/9/9 b RS 1"></shogi-tsume>`);
    const message = page.locator('shogi-tsume .message');
    await expect.poll(() => message.textContent(), { timeout: 30_000 }).toMatch(/Mate in 3/);
    expect(workers.some((url) => url.startsWith('blob:'))).toBe(true);
    const square = (name: string) => page.locator(`shogi-tsume shogi-board .square[aria-label^="${name}"]`);
    await page.locator('shogi-tsume shogi-board [aria-label^="sente rook in hand"]').click();
    await square('2b').click();
    await expect.poll(() => message.textContent(), { timeout: 30_000 }).toMatch(/defender answers/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a page that includes the bundle twice, from two URLs, still gets every widget', async () => {
    // A theme's copy and a post's with a version query are two modules: the second must not stop.
    const copy = new URL('embed/shogi-wasm.js?v=2', e2e.url).href;
    const { page, errors } = await blogPage(`
      <shogi-kifu><script type="text/plain">1 ７六歩(77)\n2 ３四歩(33)\n</script></shogi-kifu>
      <shogi-tsume sfen="4k4/9/4P4/9/9/9/9/9/9 b G 1"></shogi-tsume>
      <script type="module" src="${copy}"></script>`);
    await page.locator('shogi-kifu shogi-move-tree').waitFor();
    await expect.poll(() => page.locator('shogi-tsume .message').textContent(), { timeout: 30_000 }).toMatch(/Mate in 1/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a widget whose files the host does not serve says so, in place of "Loading…"', async () => {
    const widgets = `<shogi-kifu><script type="text/plain">1 ７六歩(77)\n</script></shogi-kifu>
      <shogi-tsume sfen="4k4/9/4P4/9/9/9/9/9/9 b G 1"></shogi-tsume>`;
    for (const [block, failing] of [['**/kif-*.js', ['shogi-kifu']], ['**/*.wasm', ['shogi-kifu', 'shogi-tsume']], ['**/worker-*.js', ['shogi-tsume']]] as const) {
      const { page } = await blogPage(widgets, { block });
      for (const tag of failing) {
        await expect.poll(() => page.locator(`${tag} [role="alert"]`).count(), { timeout: 15_000, message: `${tag} without ${block}` }).toBe(1);
        expect(await page.locator(`${tag} [role="alert"]`).textContent()).toMatch(block === '**/*.wasm' ? /could not load.*engine.*\.wasm/ : /could not load/);
      }
      // The widgets that did load may still be fetching.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it('a hard problem on the page holds up no easy one', async () => {
    // ミクロコスモス (1525 plies) takes minutes; the problem after it, one move.
    const { page, errors } = await blogPage(`
      <shogi-tsume id="hard" sfen="g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1"></shogi-tsume>
      <shogi-tsume id="easy" sfen="4k4/9/4P4/9/9/9/9/9/9 b G 1"></shogi-tsume>`);
    await expect.poll(() => page.locator('#easy .message').textContent(), { timeout: 20_000 }).toMatch(/Mate in 1/);
    expect(await page.locator('#hard .message').textContent()).toMatch(/reading the problem/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('game viewers share one engine: a second analysis ends the first; an engine that cannot start says so', async () => {
    const viewers = `<shogi-kifu id="a"><script type="text/plain">1 ７六歩(77)\n</script></shogi-kifu>
      <shogi-kifu id="b"><script type="text/plain">1 ２六歩(27)\n</script></shogi-kifu>
      <shogi-kifu id="c"><script type="text/plain">${fixture('minishogi.kif').toString('utf8')}</script></shogi-kifu>`;
    const { page, errors, workers } = await blogPage(viewers);
    const analyse = (id: string) => page.locator(`#${id} button.analyse`);
    const best = (id: string) => page.locator(`#${id} .pv`);
    await analyse('a').click();
    await expect.poll(() => best('a').textContent(), { timeout: 30_000 }).toMatch(/Best line/);
    await analyse('b').click();
    await expect.poll(() => best('b').textContent(), { timeout: 30_000 }).toMatch(/Best line/);
    expect(await analyse('a').getAttribute('aria-pressed')).toBe('false');
    expect(await best('a').count()).toBe(0);
    // Another variant on the same engine.
    await page.locator('#c shogi-board .square').first().waitFor();
    await analyse('c').click();
    await expect.poll(() => best('c').textContent(), { timeout: 30_000 }).toMatch(/Best line/);
    expect(await analyse('b').getAttribute('aria-pressed')).toBe('false');
    expect(workers.length).toBe(1);
    expect(errors).toEqual([]);
    await page.close();

    const blocked = await blogPage(viewers, { block: '**/worker-*.js' });
    await blocked.page.locator('#a button.analyse').click();
    await expect.poll(() => blocked.page.locator('#a [role="alert"]').count(), { timeout: 15_000 }).toBe(1);
    expect(await blocked.page.locator('#a [role="alert"]').textContent()).toMatch(/could not load/);
    expect(await blocked.page.locator('#a button.analyse').getAttribute('aria-pressed')).toBe('false');
    await blocked.page.close();
  });

  it('game viewers asked one after the other while the analysis loads: the last one asked analyses', async () => {
    const viewers = `<shogi-kifu id="a"><script type="text/plain">1 ７六歩(77)\n</script></shogi-kifu>
      <shogi-kifu id="b"><script type="text/plain">1 ２六歩(27)\n</script></shogi-kifu>`;
    for (let run = 0; run < 3; run++) {
      const { page, errors } = await blogPage(viewers);
      // A slow network: the analysis's module and the engine's client arrive late.
      for (const [chunk, ms] of [['**/analysis-pool-*.js', 150], ['**/client-*.js', 300]] as const) {
        await page.route(chunk, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          await route.fallback();
        });
      }
      const analyse = (id: string) => page.locator(`#${id} button.analyse`);
      await page.locator('#b shogi-board .square').first().waitFor();
      await analyse('a').click();
      await page.waitForTimeout(80);
      await analyse('b').click();
      await expect.poll(async () => (await page.locator('shogi-kifu .pv').count()) > 0, { timeout: 30_000 }).toBe(true);
      expect(await page.locator('#b .pv').count(), `run ${run}: b's line`).toBe(1);
      expect(await analyse('a').getAttribute('aria-pressed'), `run ${run}`).toBe('false');
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('an analysis board in a blog post leaves the host\'s address and history alone', async () => {
    // The post's own query, which looks like the analysis page's parameters.
    const address = 'http://blog.test/post.html?sfen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4%20b%20-%201&ply=0&page=2';
    const { page, errors } = await blogPage('<shogi-analysis></shogi-analysis>', { path: address.slice('http://blog.test/'.length) });
    const square = (name: string) => page.locator(`shogi-analysis shogi-board .square[aria-label^="${name}"]`);
    // The board opens on its own start position, not on the host's sfen parameter.
    await square('7g sente pawn').waitFor({ timeout: 30_000 });
    const historyLength = await page.evaluate(() => history.length);
    await square('7g sente pawn').click();
    await square('7f').click();
    await square('3c gote pawn').click();
    await square('3d').click();
    await expect.poll(() => page.locator('shogi-analysis shogi-move-tree button:not(.start)').count()).toBe(2);
    // Longer than the analysis page waits before it follows the game in its address.
    await page.waitForTimeout(1000);
    expect(page.url()).toBe(address);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('shogi-wasm:')))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an analysis board in a blog post leaves the host\'s keys and pastes alone', async () => {
    const { page, errors } = await blogPage('<p id="text">A post.</p><shogi-analysis></shogi-analysis>');
    const square = (name: string) => page.locator(`shogi-analysis shogi-board .square[aria-label^="${name}"]`);
    await square('7g sente pawn').waitFor({ timeout: 30_000 });
    await square('7g sente pawn').click();
    await square('7f').click();
    const moves = page.locator('shogi-analysis shogi-move-tree button:not(.start)');
    await expect.poll(() => moves.count()).toBe(1);
    // The reader scrolls the post with the keys, outside the board.
    await page.evaluate(() => {
      (window as unknown as { prevented: string[] }).prevented = [];
      window.addEventListener('keydown', (event) => { if (event.defaultPrevented) (window as unknown as { prevented: string[] }).prevented.push(event.key); });
      (document.activeElement as HTMLElement | null)?.blur();
    });
    for (const key of ['ArrowLeft', 'Home', 'ArrowDown', 'f']) await page.keyboard.press(key);
    expect(await page.evaluate(() => (window as unknown as { prevented: string[] }).prevented)).toEqual([]);
    expect(await page.locator('shogi-analysis shogi-move-tree button.current').textContent()).toMatch(/７六歩|7f/);
    // A paste on the post is the host's too: the game stays.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'position startpos moves 2g2f 8c8d');
      document.getElementById('text')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, composed: true }));
    });
    await page.waitForTimeout(300);
    expect(await moves.count()).toBe(1);
    // Inside the board, its keys still work.
    await page.locator('shogi-analysis button', { hasText: 'Flip board' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.locator('shogi-analysis shogi-board .square[aria-label^="7g sente pawn"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an analysis board in a blog sidebar lays itself out for its own width, not the window\'s', async () => {
    const { page, errors } = await blogPage('<div style="width: 420px"><shogi-analysis id="side"></shogi-analysis></div>'
      + '<div style="display: flex; width: 900px"><shogi-analysis id="flexed"></shogi-analysis></div>');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('#side shogi-board .square').first().waitFor({ timeout: 30_000 });
    const sizes = (id: string) => page.evaluate((id) => {
      const host = document.getElementById(id)!, root = host.shadowRoot!;
      const width = (selector: string) => root.querySelector(selector)!.getBoundingClientRect().width;
      return { host: host.getBoundingClientRect().width, board: width('shogi-board'), side: width('.side'), main: root.querySelector('main')!.scrollWidth };
    }, id);
    // Before, the window's width chose two columns and the board got none of the 420 px.
    const side = await sizes('side');
    expect(side.board).toBeGreaterThan(300);
    expect(side.side).toBeLessThanOrEqual(420);
    expect(side.main).toBeLessThanOrEqual(420);
    // An item of a flex row takes the row's width (its content, sized by the element, gives none).
    const flexed = await sizes('flexed');
    expect(flexed.host).toBe(900);
    expect(flexed.board).toBeGreaterThan(300);
    await page.screenshot({ path: new URL('embed-analysis-sidebar.png', SHOTS).pathname, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the demo page renders every widget; screenshot', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 900, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(new URL('embed-demo.html', e2e.url).href);
    await page.locator('#game shogi-move-tree').waitFor();
    await expect.poll(() => page.locator('#tsume .message').textContent(), { timeout: 30_000 }).toMatch(/Mate in 3/);
    expect(await page.locator('#broken [role="alert"]').textContent()).toMatch(/cannot be shown/);
    await expect.poll(() => page.locator('#missing [role="alert"]').count()).toBe(1);
    // The analysis board in the post's column (44rem, narrower than the window): one column,
    // the board as wide as most of it.
    await page.locator('#analysis shogi-board .square').first().waitFor({ timeout: 30_000 });
    const column = await page.evaluate(() => {
      const host = document.getElementById('analysis')!;
      return { host: host.getBoundingClientRect().width, board: host.shadowRoot!.querySelector('shogi-board')!.getBoundingClientRect().width };
    });
    expect(column.board).toBeGreaterThan(column.host * 0.7);
    await page.screenshot({ path: new URL('embed-demo.png', SHOTS).pathname, fullPage: true });
    for (const id of ['game', 'tsume']) await page.locator(`#${id}`).screenshot({ path: new URL(`embed-demo-${id}.png`, SHOTS).pathname });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: new URL('embed-demo-phone.png', SHOTS).pathname, fullPage: false });
    // The missing file is the demo's own deliberate 404.
    expect(errors.filter((e) => !e.includes('no-such-record'))).toEqual([]);
    await page.close();
  });
});
