// The analysis page (npm start) built into dist/, in Chromium: loading from URL parameters,
// files and pasted text; playing on the board by click and drag; the engine's lines; the move
// tree and its keys; export; the board editor; variants; the mate button. Screenshots of the
// page at desktop and phone widths, light and dark, go to test-results/screenshots/.

import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectErrors, fixture, useBrowserAndServer } from './helpers.js';

const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
const SHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
/** The engine's first lines come in well under 3 s here; the tests allow for a loaded machine. */
const ENGINE_TIMEOUT = 30_000;

describe('analysis page (npm start)', () => {
  const e2e = useBrowserAndServer();
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });
  beforeEach(async () => {
    // The page speaks the browser's language: these tests read its English.
    context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await context.close();
    expect(errors).toEqual([]);
  });

  async function open(query = ''): Promise<void> {
    await page.goto(e2e.url + query);
    await page.locator('shogi-board .square').first().waitFor();
  }
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const square = (name: string) => page.locator(`shogi-board .square[aria-label^="${name}"]`);
  const current = () => page.locator('shogi-move-tree button.current').textContent();
  const treeMoves = () => page.locator('shogi-move-tree button:not(.start)');
  const pvLines = () => page.locator('shogi-pv-lines li');
  const alert = () => page.locator('.message.error');
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

  /** axe-core's violations on the page, one line each. */
  async function axeViolations(): Promise<string[]> {
    await page.addScriptTag({ path: AXE });
    return page.evaluate(async () => {
      const results = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run();
      return results.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    });
  }

  async function drag(from: string, to: string): Promise<void> {
    const a = (await square(from).boundingBox())!;
    const b = (await square(to).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2 + b.width / 2, (a.y + b.y) / 2 + b.height / 2, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
    await page.mouse.up();
  }

  async function paste(text: string): Promise<void> {
    await button('Import').click();
    await page.getByRole('textbox', { name: 'record text' }).fill(text);
    await button('Load').click();
  }

  it('opens on the shogi start position with the engine off', async () => {
    await open();
    expect(await page.title()).toBe('shogi-wasm');
    expect(await page.locator('shogi-board .square').count()).toBe(81);
    expect(await page.locator('shogi-board .square .piece').count()).toBe(40);
    expect(await current()).toBe('開始局面');
    expect(await button('Engine off').getAttribute('aria-pressed')).toBe('false');
    await shot('desktop-start');
  });

  it('loads sfen, moves and ply from the URL, percent-encoded', async () => {
    await open(`?sfen=${encodeURIComponent(START)}&moves=${encodeURIComponent('7g7f 3c3d 8h2b+')}&ply=1`);
    expect(await current()).toBe('☗７六歩');
    expect(await treeMoves().count()).toBe(3);
    await square('7f sente pawn').waitFor();
    await square('3c gote pawn').waitFor();
    await page.keyboard.press('End');
    await square('2b sente horse').waitFor();
    expect(await current()).toBe('☗２二角成');
  });

  it('takes the variant from the board size or the parameter, and clamps ply', async () => {
    await open(`?sfen=${encodeURIComponent('rbsgk/4p/5/P4/KGSBR b - 1')}&moves=5e4d&ply=99`);
    expect(await page.locator('shogi-board .square').count()).toBe(25);
    expect(await current()).toBe('☗４四玉');
    await open('?variant=dobutsu');
    expect(await page.locator('shogi-board .square').count()).toBe(12);
    await square('2d sente lion').waitFor();
  });

  it('loads a record from kif=, and says so when it cannot', async () => {
    await page.route('**/games/variations.kif', (route) => route.fulfill({ body: fixture('even-variations.sjis.kif') }));
    await open('?kif=games%2Fvariations.kif&ply=3');
    expect(await current()).toBe('☗２二角成');
    expect(await page.locator('shogi-move-tree .variation').count()).toBeGreaterThanOrEqual(2);
    // A reload keeps the link to the record, not just its main line.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => new URL(page.url()).searchParams.get('ply')).toBe('2');
    await page.reload();
    await page.locator('shogi-board .square').first().waitFor();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('ply')).toBe('3');
    expect(new URL(page.url()).searchParams.get('kif')).toBe('games/variations.kif');
    // A diagram without moves (a tsume problem) keeps its address too.
    const diagram = fixture('tsume.kif').toString('utf8').replace(/手数-{4}[^]*$/, '');
    await page.route('**/games/problem.kif', (route) => route.fulfill({ body: diagram, contentType: 'text/plain; charset=utf-8' }));
    await open('?kif=games%2Fproblem.kif');
    await page.locator('shogi-board [aria-label^="sente gold in hand"]').waitFor();
    await page.waitForTimeout(600);
    expect(new URL(page.url()).searchParams.get('kif')).toBe('games/problem.kif');
    await open('?kif=missing.kif&moves=7g7f');
    expect(await alert().textContent()).toMatch(/not loaded.*HTTP 404/);
    expect(await page.locator('shogi-board .square .piece').count()).toBe(40);
    expect(errors.splice(0).every((e) => e.includes('404'))).toBe(true);
  });

  it('reports bad URL parameters and keeps what it could read', async () => {
    await open(`?sfen=${encodeURIComponent(START)}&moves=${encodeURIComponent('7g7f 7g7f')}`);
    expect(await alert().textContent()).toMatch(/move 2 \(7g7f\) was not played/);
    expect(await treeMoves().count()).toBe(1);
    await open(`?sfen=${encodeURIComponent('4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1')}`);
    expect(await alert().textContent()).toMatch(/nifu/);
    expect(await page.locator('shogi-board .square .piece').count()).toBe(40);
  });

  it('says why a move tried on the board is not legal, until the next move', async () => {
    const status = page.locator('.controls .status');
    await open(`?sfen=${encodeURIComponent('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1')}`);
    const handPawn = page.locator('shogi-board [aria-label^="sente pawn in hand"]');
    await handPawn.waitFor();
    await square('7g sente pawn').click();
    await square('7e').click();
    await expect.poll(() => status.textContent()).toBe('The pawn on ７七 cannot move to ７五.');
    await handPawn.click();
    await square('5e').click();
    await expect.poll(() => status.textContent()).toMatch(/nifu/);
    await drag('2h sente rook', '2c');
    await expect.poll(() => status.textContent()).toBe('The rook on ２八 cannot move to ２三.');
    await square('8i sente knight').click();
    await expect.poll(() => status.textContent()).toBe('The knight on ８九 has nowhere to go.');
    // A new try takes the last one's reason away: it was about another piece.
    await square('3g sente pawn').click();
    await expect.poll(() => status.textContent()).toMatch(/Sente to move$/);
    await square('3g sente pawn').click();
    await square('8b gote rook').click();
    await expect.poll(() => status.textContent()).toBe("It is sente's turn.");
    await drag('7g sente pawn', '7f');
    await expect.poll(() => status.textContent()).toMatch(/Gote to move/);
  });

  it('plays moves by click and by drag, and keeps variations in the move tree', async () => {
    await open();
    await square('7g sente pawn').click();
    await square('7f').click();
    await square('7f sente pawn').waitFor();
    await drag('3c gote pawn', '3d');
    await square('3d gote pawn').waitFor();
    expect(await current()).toBe('☖３四歩');
    await page.keyboard.press('ArrowLeft');
    await drag('8c gote pawn', '8d');
    await square('8d gote pawn').waitFor();
    expect(await page.locator('shogi-move-tree .variation').count()).toBe(1);
    expect(await current()).toBe('☖８四歩');
    // Playing a move that is already there follows it instead of adding a copy.
    await page.keyboard.press('ArrowLeft');
    await drag('3c gote pawn', '3d');
    expect(await page.locator('shogi-move-tree .variation').count()).toBe(1);
    await button('Promote variation').isDisabled();
    await page.keyboard.press('ArrowDown');
    expect(await current()).toBe('☖８四歩');
    await button('Promote variation').click();
    expect(await page.locator('shogi-move-tree .line > .step > button').nth(1).textContent()).toBe('☖８四歩');
  });

  it('deletes from a move on, and undoes the delete until the record changes again', async () => {
    await open(`?moves=${encodeURIComponent('7g7f 3c3d 2g2f 8c8d')}&ply=2`);
    await button('Delete from here').click();
    expect(await treeMoves().allTextContents()).toEqual(['☗７六歩']);
    expect(await current()).toBe('☗７六歩');
    await button('Undo delete').click();
    expect(await treeMoves().allTextContents()).toEqual(['☗７六歩', '☖３四歩', '☗２六歩', '☖８四歩']);
    expect(await current()).toBe('☖３四歩');
    expect(await button('Undo delete').count()).toBe(0);
    // Once another change is made, the deleted moves stay deleted.
    await button('Delete from here').click();
    await square('3c gote pawn').click();
    await square('3d').click();
    expect(await button('Undo delete').count()).toBe(0);
  });

  it('steps through a record with the keys and the buttons', async () => {
    await open(`?moves=${encodeURIComponent('7g7f 3c3d 2g2f 8c8d')}&ply=0`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await current()).toBe('☖３四歩');
    await page.keyboard.press('End');
    expect(await current()).toBe('☖８四歩');
    await page.keyboard.press('Home');
    expect(await current()).toBe('開始局面');
    await button('next move').click();
    expect(await current()).toBe('☗７六歩');
    await button('last move').click();
    expect(await current()).toBe('☖８四歩');
    await page.locator('shogi-move-tree button', { hasText: '☗２六歩' }).click();
    await square('2f sente pawn').waitFor();
    expect(await square('8c gote pawn').count()).toBe(1);
  });

  it('analyses: three lines and the eval bar appear, the page answers clicks, and stop works', async () => {
    await open(`?moves=${encodeURIComponent('7g7f 3c3d')}&analyse=1`);
    await expect.poll(() => pvLines().count(), { timeout: ENGINE_TIMEOUT }).toBe(3);
    await expect.poll(() => page.locator('shogi-eval-bar .label').count()).toBe(1);
    expect(await page.locator('shogi-board .shapes .arrow').count()).toBeGreaterThanOrEqual(1);
    await shot('desktop-analysis');

    // While the worker searches, the board still answers at once.
    const started = Date.now();
    await square('2g sente pawn').click();
    await square('2f').click();
    await square('2f sente pawn').waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(() => pvLines().count(), { timeout: ENGINE_TIMEOUT }).toBe(3);

    // Hovering a move of a line previews it; clicking plays the line into the record.
    const secondMove = page.locator('shogi-pv-lines li').first().locator('button').nth(1);
    await secondMove.hover();
    await page.locator('shogi-board.preview').waitFor();
    await secondMove.click();
    expect(await treeMoves().count()).toBe(5);

    await button('Engine on').click();
    await expect.poll(() => pvLines().count()).toBe(0);
    expect(await page.locator('.searching').count()).toBe(0);
    await button('Engine off').waitFor();
  });

  it('says that the side to move can declare a win (入玉宣言), where the engine does not search', async () => {
    // Sente's king in gote's camp with twelve pieces, 28 points: the engine answers 'win' at once.
    await open(`?sfen=${encodeURIComponent('RRBBGGGGK/SSSS5/9/9/9/9/9/9/4k4 b 4n4l18p 1')}&analyse=1`);
    await expect.poll(() => page.locator('shogi-pv-lines').getAttribute('placeholder'), { timeout: ENGINE_TIMEOUT })
      .toContain('☗ Sente can declare a win');
    expect(await page.locator('.searching').count()).toBe(0);
    // The bar shows the win, as it shows a game won (it stood at even).
    expect(await page.locator('shogi-eval-bar [role="meter"]').getAttribute('aria-valuenow')).toBe('100');
    // One move on, gote's king is far from it: the engine analyses as ever.
    await square('1a sente king').click();
    await square('1b').click();
    await expect.poll(() => pvLines().count(), { timeout: ENGINE_TIMEOUT }).toBe(3);
  });

  it('limits the search by depth and shows a forced mate as such', async () => {
    await open(`?sfen=${encodeURIComponent('4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1')}`);
    await page.getByRole('combobox', { name: 'search limit' }).selectOption('depth');
    const depth = page.getByRole('spinbutton', { name: 'depth' });
    // The field shows the depth searched: an entry out of range is clamped there, an empty one
    // leaves the depth as it was (it showed -3 while depth 1 was searched).
    for (const [typed, shown] of [['-3', '1'], ['3', '3'], ['', '3'], ['99', '60'], ['3', '3']]) {
      await depth.fill(typed);
      await depth.press('Enter');
      expect(await depth.inputValue(), `typed '${typed}'`).toBe(shown);
    }
    await button('Engine off').click();
    await page.locator('shogi-pv-lines .mate').waitFor({ timeout: ENGINE_TIMEOUT });
    expect(await page.locator('shogi-pv-lines .mate').textContent()).toMatch(/sente mates in 1 ply \(1手詰\)/);
    await expect.poll(() => page.locator('.searching').textContent(), { timeout: ENGINE_TIMEOUT }).toBe('search finished');
    expect(await page.locator('shogi-eval-bar .label').textContent()).toBe('▲詰1');
  });

  it('finds a mate with the tsume solver and plays it', async () => {
    await open(`?sfen=${encodeURIComponent('4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1')}`);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: 'Mate in 1 (1手詰)' }).waitFor({ timeout: ENGINE_TIMEOUT });
    await button('Play the mate').click();
    expect(await page.locator('.controls .status').textContent()).toMatch(/Checkmate — sente wins/);
    expect(await button('Find mate').isDisabled()).toBe(true);
    // The eval bar shows the result, where it stood even for want of a search.
    expect(await page.locator('shogi-eval-bar [role="meter"]').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.locator('shogi-eval-bar .label').textContent()).toMatch(/^(▲勝ち|☗ wins)$/);
    await open(`?sfen=${encodeURIComponent(START)}`);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: 'No forced mate (不詰)' }).waitFor({ timeout: ENGINE_TIMEOUT });
  });

  it('names and plays a mate from a tsume SFEN that leaves the defender\'s hand out', async () => {
    // A problem without the defender's pieces: the solver gives them to the defender, whose
    // answer P*9b (any drop on 9b lasts as long) the board's own position could not name or play.
    // (tsume-dev #16, below, answers 7b7a, as long as its P*6b and leaving as much in hand.)
    await open(`?sfen=${encodeURIComponent('k8/2+S6/9/3+N5/9/9/9/9/9 b LB 1')}`);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: 'Mate in 3 (3手詰)' }).waitFor({ timeout: ENGINE_TIMEOUT });
    expect(await page.locator('.mate-result .line').first().textContent()).toBe('☗９三香 ☖９二歩 ☗８二角');
    await button('Play the mate').click();
    expect(await treeMoves().allTextContents()).toEqual(['☗９三香', '☖９二歩', '☗８二角']);
    expect(await page.locator('.controls .status').textContent()).toMatch(/Checkmate — sente wins/);

    // A problem read from a record keeps its headers and comment, and the record replaced is one
    // Undo away.
    const problem = ['作者：詠み人知らず', '後手の持駒：なし', '  ９ ８ ７ ６ ５ ４ ３ ２ １', '+---------------------------+',
      '| ・ ・ ・ ・ 飛 ・ ・ ・ ・|一', '| ・ ・v玉 ・ ・ ・ ・ ・ ・|二', '| 圭 ・v桂 ・ ・ ・ ・ ・ ・|三', '| 杏 金 ・ ・ ・ ・ ・ ・ ・|四',
      ...Array.from({ length: 5 }, (_, i) => `| ・ ・ ・ ・ ・ ・ ・ ・ ・|${'五六七八九'[i]}`), '+---------------------------+',
      '先手の持駒：金　香二', '手数----指手---------消費時間--', '*三手の詰み'].join('\n');
    await paste(problem);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: 'Mate in 3 (3手詰)' }).waitFor({ timeout: ENGINE_TIMEOUT });
    await button('Play the mate').click();
    await expect.poll(() => treeMoves().count()).toBe(3);
    await button('Export').click();
    const kif = await page.getByRole('textbox', { name: 'exported text' }).inputValue();
    expect(kif).toContain('作者：詠み人知らず');
    expect(kif).toContain('*三手の詰み');
    await button('Close').click();
    await page.locator('.message.info').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => treeMoves().count()).toBe(0);
  });

  it('never breaks a move name of the mate\'s line across lines', async () => {
    // A mate in 7 whose line has ☖同　玉 twice; in a narrow window the line wraps, between names.
    // (With a bishop in hand too, 3b2a+ … B*3d … G*2e mates as soon and uses it: that line is shown.)
    await page.setViewportSize({ width: 390, height: 844 });
    await open(`?sfen=${encodeURIComponent('7gk/6S2/9/5N3/9/9/9/9/9 b GS2r2b2g2s3n4l18p 1')}`);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: 'Mate in 7 (7手詰)' }).waitFor({ timeout: ENGINE_TIMEOUT });
    const line = page.locator('.mate-result .line').first();
    expect(await line.textContent()).toBe('☗１二銀 ☖同　玉 ☗２三金 ☖１一玉 ☗２一銀成 ☖同　玉 ☗２二金打');
    const names = line.locator('.move');
    expect(await names.count()).toBe(7);
    // Each name is one box (a name split over two lines has two); the line has several rows.
    const boxes = await names.evaluateAll((spans) => spans.map((span) => span.getClientRects().length));
    expect(boxes).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const tops = await names.evaluateAll((spans) => new Set(spans.map((span) => Math.round(span.getBoundingClientRect().top))).size);
    expect(tops).toBeGreaterThan(1);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('lists the other mates (余詰) along a solution', async () => {
    // tsume-dev #47, a mate in 7 by 5b6a: S*7b and G*7b mate in 7 too, and after 7a8a S*9b and
    // B*7b mate in 5 as S*7b does (B*7b, another piece on the same square: 駒種非限定).
    await open(`?sfen=${encodeURIComponent('2kn5/1s2+LG3/p4+R3/9/9/9/9/9/9 b BGSrb2g2s3n3l17p 1')}`);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: 'Mate in 7 (7手詰)' }).waitFor({ timeout: ENGINE_TIMEOUT });
    await button('Other mates (余詰)').click();
    await page.locator('.mate-result ul.others li').nth(3).waitFor({ timeout: ENGINE_TIMEOUT });
    const items = await page.locator('.mate-result ul.others li').allTextContents();
    expect(items).toHaveLength(4);
    expect(items.slice(0, 2).every((t) => /^Move 1: .* also mates in 7$/.test(t))).toBe(true);
    expect(items[2]).toMatch(/^Move 3: .* also mates in 5$/);
    expect(items[3]).toMatch(/^Move 3: .* also mates in 5 \(another piece dropped on the same square: 駒種非限定\)$/);
  });

  it('lets the keyboard scroll a list of other mates longer than its box (axe)', async () => {
    // R*2b … mates in 3 as S*3b does, and so do eight other rook drops: ten items, more than
    // the list's 12rem show at once.
    await open(`?sfen=${encodeURIComponent('7kl/9/6G1p/9/9/9/9/9/9 b RS 1')}`);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: 'Mate in 3 (3手詰)' }).waitFor({ timeout: ENGINE_TIMEOUT });
    await button('Other mates (余詰)').click();
    await page.locator('.mate-result ul.others li').nth(9).waitFor({ timeout: ENGINE_TIMEOUT });
    const list = page.locator('.mate-result ul.others');
    expect(await list.evaluate((ul) => ul.scrollHeight > ul.clientHeight)).toBe(true);
    expect(await axeViolations()).toEqual([]);
  });

  it('solves until stopped, showing how long it has run', async () => {
    // 驚愕の曠野 (59 plies): far beyond a few seconds, so the search is still running when stopped.
    await open(`?sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1')}`);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: /Looking for a mate…\s+[1-9]\d* s, [\d,]+ nodes/ }).waitFor({ timeout: ENGINE_TIMEOUT });
    await button('Stop solving').click();
    await page.locator('.mate-result', { hasText: /Stopped before a mate was found|maybe not the shortest/ }).waitFor({ timeout: ENGINE_TIMEOUT });
    expect(await button('Find mate').isEnabled()).toBe(true);
  });

  it('shows the line of the mate found so far while it looks for a shorter one', async () => {
    // tsume-dev #175: a mate in 31 within a second, a mate in 29 after a few seconds, and no proof
    // that nothing is shorter for minutes.
    await open(`?sfen=${encodeURIComponent('4p4/1sk6/3sB4/9/9/9/9/9/9 b 2RSb4gs4n4l17p 1')}`);
    await button('Find mate').click();
    const found = page.locator('.mate-result', { hasText: /Looking for a mate…[\s\S]*mate in \d+ found so far/ });
    await found.waitFor({ timeout: ENGINE_TIMEOUT });
    await found.locator('.line .move').first().waitFor({ timeout: ENGINE_TIMEOUT });
    const said = Number(/mate in (\d+) found so far/.exec((await found.locator('.progress').textContent())!)![1]);
    const moves = await found.locator('.line .move').count();
    // The line shown is the one found; a shorter mate can come between the two reads.
    expect(moves).toBeGreaterThanOrEqual(said - 2);
    expect(moves % 2).toBe(1);
    expect(await found.locator('.line .move').first().textContent()).toMatch(/^☗/);
    expect(await axeViolations()).toEqual([]);
    await button('Stop solving').click();
    await page.locator('.mate-result', { hasText: /maybe not the shortest/ }).waitFor({ timeout: ENGINE_TIMEOUT });
  });

  it('goes on solving when the engine is switched or its settings changed, then analyses', async () => {
    await open(`?sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1')}`);
    await button('Find mate').click();
    await page.locator('.mate-result', { hasText: /Looking for a mate…\s+\d+ s/ }).waitFor({ timeout: ENGINE_TIMEOUT });
    await button('Engine off').click();
    await page.getByRole('combobox', { name: 'lines' }).selectOption('2');
    await button('Engine on').click();
    await button('Engine off').click();
    await page.waitForTimeout(500);
    expect(await page.locator('.mate-result').textContent()).toMatch(/Looking for a mate…/);
    // The analysis says it waits, not that it thinks and has finished at once.
    expect(await page.locator('shogi-pv-lines').getAttribute('placeholder')).toBe('The analysis waits while the mate is solved.');
    expect(await page.locator('.searching').count()).toBe(0);
    await button('Stop solving').click();
    await expect.poll(() => pvLines().count(), { timeout: ENGINE_TIMEOUT }).toBe(2);
  });

  it('names the players of a loaded KIF or CSA record', async () => {
    await open();
    await expect.poll(() => page.locator('.players').count()).toBe(0);
    await paste('先手：羽生善治\n後手：藤井聡太\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n');
    await expect.poll(() => page.locator('.players').textContent()).toBe('☗ 羽生善治 ☖ 藤井聡太');
    await paste('V2.2\nN+Sato\nN-Suzuki\nPI\n+\n+7776FU\n');
    await expect.poll(() => page.locator('.players').textContent()).toBe('☗ Sato ☖ Suzuki');
  });

  it('imports pasted KIF, refuses a broken one, and exports round trip', async () => {
    await open();
    const kif = fixture('even-variations.kif').toString('utf8');
    await paste(kif);
    expect(await treeMoves().count()).toBeGreaterThanOrEqual(9);
    expect(await page.locator('shogi-move-tree .comment').first().textContent()).toBe('対局前のコメント');
    const moves = await treeMoves().allTextContents();
    const MAIN_LINE = ['☗７六歩', '☖３四歩', '☗２二角成', '☖同　銀', '☗４五角', '投了'];

    await paste('手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３三角(22)\n');
    expect(await page.locator('dialog .error').textContent()).toMatch(/line 4/);
    await button('Cancel').click();
    expect(await treeMoves().allTextContents()).toEqual(moves);

    for (const format of ['KIF', 'KI2', 'CSA', 'JKF', 'USI']) {
      await paste(kif);
      await button('Export').click();
      await page.getByRole('combobox', { name: 'export format' }).selectOption({ label: format });
      const text = await page.getByRole('textbox', { name: 'exported text' }).inputValue();
      if (format === 'CSA') expect(text).toContain('+7776FU');
      const note = page.getByRole('note');
      if (format === 'CSA' || format === 'USI') expect(await note.textContent(), format).toMatch(/main line only: \d+ variations? left out/);
      else expect(await note.count(), format).toBe(0);
      // KIF and KI2 are written in UTF-8: their UTF-8 names, which readers do not take for Shift_JIS.
      const [file] = await Promise.all([page.waitForEvent('download'), button('Download').click()]);
      expect(file.suggestedFilename(), format).toBe(`game.${{ KIF: 'kifu', KI2: 'ki2u', CSA: 'csa', JKF: 'jkf', USI: 'usi' }[format]}`);
      await button('Close').click();
      await paste(text);
      // CSA and USI keep the main line only; USI has no endings either.
      const expected = format === 'CSA' ? MAIN_LINE : format === 'USI' ? MAIN_LINE.slice(0, -1) : moves;
      expect((await treeMoves().allTextContents()).slice(0, expected.length), format).toEqual(expected);
    }
    await button('Export').click();
    await page.getByRole('combobox', { name: 'export format' }).selectOption({ label: 'SFEN (this position)' });
    expect(await page.getByRole('textbox', { name: 'exported text' }).inputValue()).toBe(START);
    await shot('desktop-export');
  });

  it('says what became of an import or a copy inside the dialog, over its backdrop', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    await open();
    const banner = page.locator('.message');
    await button('Import').click();
    await page.locator('dialog input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a game record') });
    await page.locator('dialog .error', { hasText: 'Not loaded' }).waitFor();
    expect(await banner.count()).toBe(0);
    await button('Cancel').click();

    await button('Export').click();
    await button('Copy').click();
    await page.locator('dialog .info', { hasText: 'Record copied.' }).waitFor();
    expect(await banner.count()).toBe(0);
    // Without the clipboard the record is selected in the dialog for the user to copy.
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError')); });
    await button('Copy').click();
    await page.locator('dialog .info', { hasText: /is selected/ }).waitFor();
    const selection = await page.getByRole('textbox', { name: 'exported text' }).evaluate((area: HTMLTextAreaElement) =>
      [area.selectionStart, area.selectionEnd, area.value.length]);
    expect(selection).toEqual([0, selection[2], selection[2]]);
    expect(await banner.count()).toBe(0);
  });

  /** Drag a fixture file over the page and drop it, as a user's file manager does. */
  const dropFile = (name: string) => page.locator('shogi-analysis').evaluate((element, [data, file]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data as number[])], file as string));
    element.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    element.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, [[...fixture(name)], name] as const);

  it('loads a dropped file (Shift_JIS CSA)', async () => {
    await open();
    await dropFile('v22-handicap.sjis.csa');
    await expect.poll(() => treeMoves().count()).toBeGreaterThan(0);
    expect(await page.locator('shogi-board .square .piece').count()).toBeLessThan(40);
    expect(await alert().count()).toBe(0);
  });

  it('leaves the editor alone while it is open: a dropped file and the banner\'s Undo wait for it', async () => {
    await open(`?moves=${encodeURIComponent('7g7f 3c3d')}`);
    await paste('position startpos moves 2g2f');
    await button('Edit board').click();
    const editorSfen = () => page.getByRole('textbox', { name: 'editor SFEN' }).inputValue();
    const before = await editorSfen();
    expect(await button('Undo').isDisabled()).toBe(true);
    await dropFile('even-variations.kif');
    expect(await page.locator('.drop-zone').count(), 'no drop offered').toBe(0);
    await page.waitForTimeout(300);
    expect(await editorSfen()).toBe(before);
    await button('Cancel').click();
    expect(await treeMoves().allTextContents()).toEqual(['☗２六歩']);
  });

  it('loads a record pasted on the page, outside any text field', async () => {
    await open();
    const pasteOn = (selector: string, text: string) => page.locator(selector).first().evaluate((element, data) => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', data);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, composed: true, cancelable: true }));
    }, text);
    await pasteOn('shogi-analysis', 'position startpos moves 7g7f 3c3d');
    await expect.poll(() => treeMoves().allTextContents()).toEqual(['☗７六歩', '☖３四歩']);
    // Into the comment box it is text, as anywhere one types.
    await pasteOn('textarea[aria-label="comment on this move"]', 'position startpos moves 2g2f');
    expect(await treeMoves().allTextContents()).toEqual(['☗７六歩', '☖３四歩']);
  });

  it('edits the board: refuses an illegal position with the reason, accepts a legal one', async () => {
    await open();
    // Focus goes into the editor: its keys work at once (f flips, Escape leaves).
    await button('Edit board').click();
    await page.keyboard.press('f');
    await expect.poll(() => page.locator('shogi-board-editor button[title="f"]').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('shogi-board-editor').count()).toBe(0);
    await button('Edit board').click();
    expect(await page.getByRole('main').count(), 'the editor is the main content').toBe(1);
    const editorSquare = (name: string) => page.locator(`shogi-board-editor shogi-board .square[aria-label^="${name}"]`);
    await page.getByRole('combobox', { name: 'start from' }).selectOption({ label: 'empty board (kings only)' });
    await button('place sente pawn').click();
    await editorSquare('5g').click();
    await editorSquare('5f').click();
    await button('Done').click();
    expect(await page.locator('shogi-board-editor [role="alert"]').textContent()).toMatch(/nifu/);
    await shot('desktop-editor');
    await editorSquare('5f sente pawn').click({ button: 'right' });
    await page.getByRole('spinbutton', { name: 'sente gold in hand' }).fill('1');
    await page.getByRole('spinbutton', { name: 'sente gold in hand' }).press('Tab');
    await button('Done').click();
    await square('5g sente pawn').waitFor();
    expect(await page.locator('shogi-board .hand-piece').count()).toBe(1);
    expect(await square('5f').getAttribute('aria-label')).toBe('5f');

    // Cancel keeps the game as it was. Import, Export, the variant and Copy link wait for the editor.
    await button('Edit board').click();
    for (const name of ['Import', 'Export', 'Copy link']) expect(await button(name).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'variant' }).isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'start from' }).selectOption({ label: 'clear everything' });
    await button('Cancel').click();
    await square('5g sente pawn').waitFor();
    // Escape (or Cancel) after edits leaves the draft one Undo away; without edits, says nothing.
    await button('Edit board').click();
    await button('place sente gold').click();
    await editorSquare('1a').click();
    await page.getByRole('spinbutton', { name: 'sente gold in hand' }).press('Escape');
    await square('5g sente pawn').waitFor();
    await page.locator('.message.info').getByRole('button', { name: 'Undo' }).click();
    await editorSquare('1a sente gold').waitFor();
    await button('Cancel').click();
    await page.locator('.message.info').getByRole('button', { name: 'dismiss' }).click();
    await button('Edit board').click();
    await page.keyboard.press('Escape');
    await square('5g sente pawn').waitFor();
    expect(await page.locator('.message').allTextContents()).not.toContainEqual(expect.stringMatching(/Left the editor/));
  });

  it('keeps the game in the address, so that a reload finds it, and leaves a refused address as typed', async () => {
    await open();
    await square('7g sente pawn').click();
    await square('7f').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('moves')).toBe('7g7f');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => new URL(page.url()).searchParams.get('ply')).toBe('0');
    await page.reload();
    await page.locator('shogi-board .square').first().waitFor();
    expect(await treeMoves().allTextContents()).toEqual(['☗７六歩']);
    await square('7g sente pawn').waitFor();

    // The address holds one line; the tab keeps the whole game for a reload.
    await paste(fixture('even-variations.kif').toString('utf8'));
    await page.keyboard.press('ArrowRight');
    const moves = await treeMoves().allTextContents();
    const comments = await page.locator('shogi-move-tree .comment').allTextContents();
    expect(await page.locator('shogi-move-tree .variation').count()).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('ply')).toBe('1');
    await page.reload();
    await page.locator('shogi-board .square').first().waitFor();
    expect(await treeMoves().allTextContents()).toEqual(moves);
    expect(await page.locator('shogi-move-tree .comment').allTextContents()).toEqual(comments);
    expect(await current()).toBe('☗７六歩');

    // Rules that load slower than the address's delay: the address still brings its position.
    await page.route('**/*.wasm', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await open(`?sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/4K4 b G 1')}`);
    await page.locator('shogi-board [aria-label^="sente gold in hand"]').waitFor();
    await page.unrouteAll();

    const typed = `?sfen=${encodeURIComponent('4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1')}`;
    await open(typed);
    expect(await alert().textContent()).toMatch(/nifu/);
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).search).toBe(typed);
  });

  it('keeps a comment with the move it was typed for, though a move is played before the box loses focus', async () => {
    await open();
    await square('7g sente pawn').click();
    await square('7f').click();
    await page.getByRole('textbox', { name: 'comment on this move' }).fill('important idea');
    // The tree shows it as it is typed (its moves are not named again for a comment).
    await expect.poll(() => page.locator('shogi-move-tree .comment').allTextContents()).toEqual(['important idea']);
    await page.keyboard.type('!');
    await expect.poll(() => page.locator('shogi-move-tree .comment').allTextContents()).toEqual(['important idea!']);
    await page.keyboard.press('Backspace');
    await drag('3c gote pawn', '3d');
    await expect.poll(() => current()).toBe('☖３四歩');
    expect(await page.getByRole('textbox', { name: 'comment on this move' }).inputValue()).toBe('');
    expect(await page.locator('shogi-move-tree .comment').allTextContents()).toEqual(['important idea']);
    await treeMoves().first().click();
    expect(await page.getByRole('textbox', { name: 'comment on this move' }).inputValue()).toBe('important idea');
  });

  it('keeps a game that a variant switch, an import or the editor replaced one Undo away', async () => {
    await open();
    await square('7g sente pawn').click();
    await square('7f').click();
    const banner = page.locator('.message.info');
    await page.getByRole('combobox', { name: 'variant' }).selectOption('minishogi');
    await expect.poll(() => page.locator('shogi-board .square').count()).toBe(25);
    expect(await banner.textContent()).toMatch(/new game: Minishogi/);
    await banner.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('shogi-board .square').count()).toBe(81);
    expect(await treeMoves().allTextContents()).toEqual(['☗７六歩']);
    expect(await current()).toBe('☗７六歩');
    expect(await page.getByRole('combobox', { name: 'variant' }).inputValue()).toBe('shogi');
    // Two switches in a row (arrow keys on the select switch at each press): the empty game
    // between them passes the Undo on, which used to be lost with the game.
    await page.getByRole('combobox', { name: 'variant' }).selectOption('minishogi');
    await page.getByRole('combobox', { name: 'variant' }).selectOption('dobutsu');
    await expect.poll(() => page.locator('shogi-board .square').count()).toBe(12);
    await banner.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('shogi-board .square').count()).toBe(81);
    expect(await treeMoves().allTextContents()).toEqual(['☗７六歩']);

    await button('Edit board').click();
    await page.getByRole('combobox', { name: 'start from' }).selectOption({ label: 'empty board (kings only)' });
    await button('Done').click();
    await expect.poll(() => page.locator('shogi-board .square .piece').count()).toBe(2);
    await banner.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('shogi-board .square .piece').count()).toBe(40);
    expect(await treeMoves().allTextContents()).toEqual(['☗７六歩']);
    await paste('1 ２六歩(27)\n2 ８四歩(83)\n');
    await expect.poll(() => treeMoves().count()).toBe(2);
    expect(await banner.textContent()).toMatch(/Loaded pasted record/);
    await banner.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => treeMoves().allTextContents()).toEqual(['☗７六歩']);
    // A new game replacing nothing says nothing.
    await open();
    await page.getByRole('combobox', { name: 'variant' }).selectOption('dobutsu');
    await expect.poll(() => page.locator('shogi-board .square').count()).toBe(12);
    expect(await page.locator('.message').count()).toBe(0);
    // An import says so, though it replaces nothing.
    await paste('position sfen rkb/1p1/1P1/BKR b - 1 moves 2c2b');
    await expect.poll(() => treeMoves().count()).toBe(1);
    expect(await banner.textContent()).toMatch(/Loaded pasted record/);
  });

  it('draws the editor’s coordinates in the colour of the board’s, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await open();
      const coordinates = (board: string) => page.locator(board).evaluate((element) =>
        getComputedStyle(element.shadowRoot!.querySelector('[part~="coords"]')!).color);
      const onBoard = await coordinates('shogi-board');
      await button('Edit board').click();
      expect(await coordinates('shogi-board-editor shogi-board'), colorScheme).toBe(onBoard);
      await button('Cancel').click();
    }
  });

  it('speaks the browser\'s language, Japanese or English, unless ?lang= chooses', async () => {
    await open('?lang=ja&ply=abc');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await button('詰み探索').waitFor();
    // What it could not read in the address too.
    expect((await alert().textContent())?.trim()).toMatch(/^「ply」は手数で書きます（「abc」があります）。/);
    await context.close();
    context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
    page = await context.newPage();
    errors = collectErrors(page);
    await open();
    await button('詰み探索').waitFor();
    expect(await page.locator('shogi-move-tree button.current').textContent()).toBe('開始局面');
    await open('?lang=en');
    await button('Find mate').waitFor();
    // The choice is kept in the address as the game goes on.
    await square('7g sente pawn').click();
    await square('7f').click();
    await expect.poll(() => page.evaluate(() => location.search)).toMatch(/^\?lang=en&sfen=/);
  });

  it('asks a finger about promotion, with 44 px or more a choice, on a phone', async () => {
    await context.close();
    context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    page = await context.newPage();
    errors = collectErrors(page);
    await open(`?sfen=${encodeURIComponent('4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1')}`);
    // The tap on the destination opens the choice and no more: its click landed on the choice
    // and played 不成 at once.
    await square('5c').tap();
    await square('5b').tap();
    const choices = page.locator('shogi-board .promotion button');
    await expect.poll(() => choices.count()).toBe(2);
    expect(await treeMoves().count()).toBe(0);
    // Each was 35 x 30 here, a phone's square being 33 px wide; centred on the square now.
    for (const box of await choices.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON()))) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await choices.first().tap();
    await expect.poll(() => treeMoves().allTextContents()).toEqual(['☗５二歩成']);
  });

  it('fits the board editor and the Import dialog in a 320 px phone', async () => {
    await page.setViewportSize({ width: 320, height: 800 });
    await open();
    await button('Edit board').click();
    await page.locator('shogi-board-editor .hands input').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const box = (await page.locator('shogi-board-editor fieldset').nth(1).boundingBox())!;
    const rights = await page.locator('shogi-board-editor .hands input').evaluateAll((inputs) => inputs.map((i) => i.getBoundingClientRect().right));
    expect(Math.max(...rights)).toBeLessThanOrEqual(box.x + box.width);
    // The Import dialog's file input stays inside the dialog.
    await button('Cancel').click();
    await button('Import').click();
    const dialog = (await page.locator('dialog').boundingBox())!;
    const file = (await page.locator('dialog input[type=file]').boundingBox())!;
    expect(file.x + file.width).toBeLessThanOrEqual(dialog.x + dialog.width);
    // A player's name with no space in it wraps: the page does not widen.
    await button('Cancel').click();
    await paste(`先手：${'VeryLongSenteName'.repeat(8)}\n後手：${'長い名前'.repeat(12)}\n手数----指手---------消費時間--\n   1 ７六歩(77)\n`);
    await page.locator('.players').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  it('switches variants', async () => {
    await open();
    await page.getByRole('combobox', { name: 'variant' }).selectOption('minishogi');
    await expect.poll(() => page.locator('shogi-board .square').count()).toBe(25);
    await square('5e sente king').waitFor();
    await page.getByRole('combobox', { name: 'variant' }).selectOption('dobutsu');
    await expect.poll(() => page.locator('shogi-board .square').count()).toBe(12);
    await square('2c sente chick').click();
    await square('2b').click();
    expect(await current()).toBe('☗２二ひよこ');
    // Dobutsu has no check, so neither the word nor the tsume solver.
    expect(await page.locator('.controls .status').textContent()).toMatch(/Gote to move — lion under attack$/);
    expect(await button('Find mate').count()).toBe(0);
  });

  it('fits the board, its hands and the buttons in a desktop window, in every variant', async () => {
    for (const [variant, height] of [['shogi', 600], ['shogi', 900], ['minishogi', 700], ['dobutsu', 800], ['dobutsu', 600]] as const) {
      await page.setViewportSize({ width: 1280, height });
      await open(`?variant=${variant}`);
      const controls = (await page.locator('.controls').boundingBox())!;
      expect(controls.y + controls.height, `${variant} at 1280x${height}`).toBeLessThanOrEqual(height);
      const board = (await page.locator('shogi-board').boundingBox())!;
      expect(board.width, `${variant} at 1280x${height}: hands beside the board`).toBeGreaterThan(board.height);
    }
  });

  it('passes axe in light and dark, with the engine off and on', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await open(`?moves=${encodeURIComponent('7g7f 3c3d')}`);
      // The graph's placeholder is text on the page, where axe checks its contrast.
      expect(await page.locator('shogi-eval-graph .status').textContent()).toMatch(/Analyse the game/);
      expect(await axeViolations(), `${colorScheme}, engine off`).toEqual([]);
      await button('Engine off').click();
      await expect.poll(() => pvLines().count(), { timeout: ENGINE_TIMEOUT }).toBe(3);
      expect(await axeViolations(), `${colorScheme}, engine on`).toEqual([]);
    }
  });

  it('copies a link that opens the same position', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    await open(`?moves=${encodeURIComponent('7g7f 3c3d 8h2b+')}&ply=2`);
    await button('Copy link').click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    // The whole line, opening at the current move.
    expect(link).toContain(`moves=${encodeURIComponent('7g7f 3c3d 8h2b+')}&ply=2`);
    await page.goto(link);
    await page.locator('shogi-board .square').first().waitFor();
    expect(await current()).toBe('☖３四歩');
    expect(await treeMoves().allTextContents()).toEqual(['☗７六歩', '☖３四歩', '☗２二角成']);
  });

  it('graphs the game from a background analysis and jumps on a click', async () => {
    await open(`?moves=${encodeURIComponent('7g7f 3c3d 8h2b+ 3a2b')}&ply=0`);
    await button('Analyse game').click();
    await page.locator('shogi-eval-graph progress').waitFor();
    await page.locator('shogi-eval-graph polygon.area').waitFor({ timeout: ENGINE_TIMEOUT });
    await button('Analyse game').waitFor({ timeout: ENGINE_TIMEOUT });
    const chart = (await page.locator('shogi-eval-graph .chart').boundingBox())!;
    await page.mouse.click(chart.x + chart.width - 2, chart.y + chart.height / 2);
    expect(await current()).toBe('☖同　銀');
    // A game an import replaced comes back by Undo with its graph: the scores stay with the moves.
    const scored = () => page.locator('shogi-eval-graph').evaluate((graph: HTMLElement & { scores: unknown[] }) =>
      graph.scores.map((score) => score !== undefined));
    expect(await scored()).toEqual([true, true, true, true, true]);
    await paste('1 ２六歩(27)\n2 ８四歩(83)\n');
    await expect.poll(() => treeMoves().count()).toBe(2);
    await page.locator('.message.info').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => treeMoves().count()).toBe(4);
    expect(await scored()).toEqual([true, true, true, true, true]);
  });

  it('graphs the main line as it is when the game analysis reaches it: moves played meanwhile too', async () => {
    await open(`?moves=${encodeURIComponent('7g7f 3c3d 2g2f 8c8d')}`);
    await button('Analyse game').click();
    // Two more moves at the end while the first positions are searched.
    await square('2f sente pawn').click();
    await square('2e').click();
    await square('8d gote pawn').click();
    await square('8e').click();
    expect(await current()).toBe('☖８五歩');
    await button('Analyse game').waitFor({ timeout: ENGINE_TIMEOUT });
    const scored = await page.locator('shogi-eval-graph').evaluate((graph: HTMLElement & { scores: unknown[] }) =>
      graph.scores.map((score) => score !== undefined));
    expect(scored).toEqual([true, true, true, true, true, true, true]);
  });

  it('keeps a game analysis started again at once after Stop: the stopped one ends without touching it', async () => {
    await open(`?moves=${encodeURIComponent('7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b')}`);
    await button('Analyse game').click();
    await button('Stop game analysis').click();
    await button('Analyse game').click();
    // Sampled in the page, each frame for a second: the button must stay Stop game analysis.
    const flickered = await page.locator('shogi-analysis').evaluate((element) => new Promise<boolean>((resolve) => {
      const end = performance.now() + 1000;
      const sample = () => {
        const labels = [...element.shadowRoot!.querySelectorAll('button')].map((b) => b.textContent);
        if (labels.includes('Analyse game')) return resolve(true);
        if (performance.now() > end) return resolve(false);
        requestAnimationFrame(sample);
      };
      sample();
    }));
    expect(flickered).toBe(false);
    await button('Analyse game').waitFor({ timeout: ENGINE_TIMEOUT });
  });

  it('graphs a game that ends in mate to the end: the mated position scores as won', async () => {
    // A game one move long, which mates.
    await open(`?sfen=${encodeURIComponent('4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1')}&moves=G*5b`);
    await button('Analyse game').click();
    await button('Analyse game').waitFor({ timeout: ENGINE_TIMEOUT });
    const scores = await page.locator('shogi-eval-graph').evaluate((graph: HTMLElement & { scores: unknown[] }) => graph.scores);
    expect(scores).toHaveLength(2);
    expect(scores[1]).toEqual({ mate: 0 });
  });

  it('graphs a game over by repetition as its result: a draw as even, perpetual check as the checked side\'s win', async () => {
    const lastScore = async () => {
      await button('Analyse game').click();
      await button('Stop game analysis').waitFor();
      await button('Analyse game').waitFor({ timeout: ENGINE_TIMEOUT });
      return page.locator('shogi-eval-graph').evaluate((graph: HTMLElement & { scores: unknown[] }) => graph.scores.at(-1));
    };
    // The rooks swing back and forth: the start position comes round a fourth time.
    await open(`?moves=${encodeURIComponent('2h4h 8b6b 4h2h 6b8b '.repeat(3).trim())}`);
    expect(await page.locator('.controls .status').textContent()).toContain('Repetition (sennichite) — draw');
    expect(await lastScore()).toEqual({ cp: 0 });
    // Sente checks with the rook on every move: gote wins (mate -0, gote's).
    await open(`?sfen=${encodeURIComponent('k8/9/9/9/9/9/9/9/1R2K4 b - 1')}&moves=${encodeURIComponent('8i9i 9a8a 9i8i 8a9a '.repeat(3).trim())}`);
    expect(await page.locator('.controls .status').textContent()).toContain('Perpetual check — gote wins');
    const score = await lastScore() as { mate: number };
    expect(Object.is(score.mate, -0)).toBe(true);
  });

  it('looks right at phone width, in dark mode, with letter pieces and flipped', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(`?moves=${encodeURIComponent('7g7f 3c3d 8h2b+ 3a2b B*4e')}&analyse=1`);
    await expect.poll(() => pvLines().count(), { timeout: ENGINE_TIMEOUT }).toBeGreaterThan(0);
    const board = (await page.locator('shogi-board').boundingBox())!;
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(390);
    await shot('phone-analysis');
    await page.emulateMedia({ colorScheme: 'dark' });
    await button('Settings').click();
    await page.getByRole('combobox', { name: 'Pieces' }).selectOption('letters');
    await page.getByRole('combobox', { name: 'Coordinates' }).selectOption('letters');
    await button('Close').click();
    await button('Flip board').click();
    await shot('phone-dark-letters-flipped');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot('desktop-dark-letters-flipped');
    expect(await page.locator('shogi-board .ranks').textContent()).toMatch(/i\s*h\s*g/);
  });
});
