import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectErrors, useBrowserAndServer } from './helpers.js';

const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
/** After 7g7f 3c3d: the bishop on 8h may take on 2b promoting or not. */
const BISHOP_TRADE = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3';

describe('rules demo page (rules.html)', () => {
  const e2e = useBrowserAndServer();
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    page = await e2e.browser.newPage({ viewport: { width: 1200, height: 900 } });
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await page.close();
    expect(errors).toEqual([]);
  });

  async function open(query = ''): Promise<void> {
    await page.goto(`${e2e.url}rules.html${query}`);
    await page.locator('.moves button').first().waitFor();
  }
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const moveButtons = () => page.locator('.moves button');
  const pieces = () => page.locator('shogi-board .square svg');
  const squares = () => page.locator('shogi-board .square');
  const text = (selector: string) => page.locator(selector).first().textContent();
  const sfen = () => page.getByRole('textbox', { name: 'Current SFEN' }).inputValue();
  const choose = (preset: string) => page.getByRole('combobox', { name: 'Preset positions' }).selectOption({ label: preset });

  it('opens on the shogi start position', async () => {
    await open();
    expect(await page.title()).toBe('shogi-wasm: rules');
    expect(await moveButtons().count()).toBe(30);
    expect(await squares().count()).toBe(81);
    expect(await pieces().count()).toBe(40);
    expect(await text('.turn')).toContain('sente');
    expect(await sfen()).toBe(START);
      });

  it('plays a move from the list of legal moves', async () => {
    await open();
    await button('7g7f').click();
    await button('7f sente pawn').waitFor();
    expect(await button('7g').count()).toBe(1);
    expect(await text('.turn')).toContain('gote');
    expect(await sfen()).toBe('lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
    await button('Undo').click();
    await button('7g sente pawn').waitFor();
    expect(await text('.turn')).toContain('sente');
  });

  it('plays a move by clicking a piece and then its destination', async () => {
    await open();
    await button('2g sente pawn').click();
    await button('2f (move here)').click();
    await button('2f sente pawn').waitFor();
    expect(await text('.turn')).toContain('gote');
  });

  it('asks whether to promote, then drops the captured piece', async () => {
    await open(`?sfen=${encodeURIComponent(BISHOP_TRADE)}`);
    await button('8h sente bishop').click();
    await button('2b gote bishop (move here)').click();
    await button('promote to horse').click();
    await button('2b sente horse').waitFor();
    await button('3a2b').click();
    await button('sente bishop in hand: 1').click();
    await button('5e (move here)').click();
    await button('5e sente bishop').waitFor();
    expect(await sfen()).toBe('lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6');
  });

  it('refuses a bad SFEN with the reason and keeps the position', async () => {
    await open();
    await button('7g7f').click();
    await button('7f sente pawn').waitFor();
    const before = await sfen();
    const input = page.getByRole('textbox', { name: 'SFEN', exact: true });
    await input.fill(START.replace('LNSGKGSNL', 'LNSGKGSNX'));
    await button('Load').click();
    expect(await page.getByRole('alert').textContent()).toMatch(/Column 57: unknown piece letter 'X'/);
    await input.fill('4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1');
    await button('Load').click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/nifu/);
    expect(await sfen()).toBe(before);
    expect(await pieces().count()).toBe(40);
  });

  it('draws minishogi on 5x5 and dobutsu on 3x4', async () => {
    await open();
    await choose('Minishogi: start');
    await expect.poll(() => squares().count()).toBe(25);
    expect(await pieces().count()).toBe(12);
    expect(await button('5e sente king').count()).toBe(1);
    await choose('Dobutsu: start');
    await expect.poll(() => squares().count()).toBe(12);
    expect(await pieces().count()).toBe(8);
    expect(await button('2d sente lion ライオン').count()).toBe(1);
    expect(await moveButtons().count()).toBe(4);
  });

  it('shows check, checkmate and a refused pawn-drop mate', async () => {
    await open();
    await choose('Shogi: check (the bishop promoted on 3c)');
    await expect.poll(() => text('.alert')).toBe('Check');
    await choose('Shogi: checkmate (gold on the head)');
    await expect.poll(() => text('.alert')).toBe('Checkmate — sente wins');
    expect(await moveButtons().count()).toBe(0);
    await choose('Shogi: mate by pawn drop is illegal (no P*1b)');
    await button('P*1c').waitFor();
    expect(await button('P*1b').count()).toBe(0);
  });

  it('reads the position from ?sfen=', async () => {
    await open(`?sfen=${encodeURIComponent('k2/2K/p2/B1R b rbP 1')}`);
    expect(await squares().count()).toBe(12);
    await button('1b1a').click();
    await expect.poll(() => text('.alert')).toMatch(/^Try .* sente wins$/);
  });
});
