// The analysis page's other components in Chromium: eval bar, engine lines, move tree (with
// its keys), eval graph and board editor.

import { sendKeys } from '@web/test-runner-commands';
import type { SearchInfo } from '../../src/engine/client.js';
import { emptyRecord, moveNode, walk, type GameRecord, type MoveNode, type Parent } from '../../src/game/index.js';
import { parseRecord } from '../../src/notation/records.js';
import { initRules, Position } from '../../src/rules/position.js';
import { START_SFEN, type Setup } from '../../src/rules/types.js';
import '../../web/board/component.js';
import '../../web/board-editor/component.js';
import '../../web/eval-bar/component.js';
import '../../web/eval-graph/component.js';
import '../../web/move-tree/component.js';
import '../../web/pv-lines/component.js';
import { navigate } from '../../web/move-tree/navigate.js';
import type { ShogiPvDetail } from '../../web/pv-lines/component.js';
import { deepEqual, equal, ok } from './assert.js';

const mounted: HTMLElement[] = [];
function mount<K extends keyof HTMLElementTagNameMap>(tag: K): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  document.body.append(element);
  mounted.push(element);
  return element;
}

function info(multipv: number, score: SearchInfo['score'], pv: string[]): SearchInfo {
  return { depth: 12, seldepth: 18, multipv, score, nodes: 1_234_567, nps: 456_789, timeMs: 2700, hashfull: 120, pv };
}

async function record(url: string): Promise<GameRecord> {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const parsed = parseRecord(bytes);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('analysis components', () => {
  before(() => initRules());
  afterEach(() => mounted.splice(0).forEach((element) => element.remove()));

  describe('<shogi-eval-bar>', () => {
    it('fills sente’s share on the logistic curve, a mate fully, and flips', async () => {
      const bar = mount('shogi-eval-bar');
      bar.style.height = '200px';
      await bar.updateComplete;
      const sente = () => bar.shadowRoot!.querySelector<HTMLElement>('.sente')!;
      equal(sente().style.height, '50%');
      bar.score = { cp: 600 };
      await bar.updateComplete;
      equal(Math.round(parseFloat(sente().style.height)), 73);
      equal(bar.shadowRoot!.querySelector('.label')!.textContent, '+600');
      bar.score = { mate: -5 };
      bar.notation = 'japanese';
      await bar.updateComplete;
      equal(sente().style.height, '0%');
      equal(bar.shadowRoot!.querySelector('.label')!.textContent, '△詰5');
      bar.score = { mate: 3 };
      bar.notation = 'western';
      bar.orientation = 'gote';
      await bar.updateComplete;
      equal(sente().style.height, '100%');
      equal(bar.shadowRoot!.querySelector('.label')!.textContent, '#3');
      ok(bar.shadowRoot!.querySelector('.label.top'), 'sente leads at the top when flipped');
    });
  });

  describe('<shogi-pv-lines>', () => {
    it('names the lines, scores them from sente’s side, previews and plays', async () => {
      const lines = mount('shogi-pv-lines');
      const pos = Position.fromSfen(START_SFEN.shogi);
      ok(pos.ok);
      pos.value.play('7g7f');
      lines.position = pos.value;
      lines.lines = [info(2, { cp: -40 }, ['8c8d', '2g2f']), info(1, { cp: 30 }, ['3c3d', '8h2b+', '3a2b'])];
      await lines.updateComplete;
      const rows = lines.shadowRoot!.querySelectorAll('li');
      equal(rows.length, 2);
      equal(rows[0].querySelector('.score')!.textContent, '−30');
      ok(rows[0].textContent!.includes('☖３四歩'), rows[0].textContent!);
      ok(rows[0].textContent!.includes('☗２二角成'));
      ok(rows[0].textContent!.includes('☖同　銀'));
      ok(lines.shadowRoot!.querySelector('.stats')!.textContent!.includes('depth 12/18'));

      const hovers: (ShogiPvDetail | null)[] = [];
      lines.addEventListener('shogi-pv-hover', (e) => hovers.push(e.detail));
      const second = rows[0].querySelectorAll('button')[1];
      second.dispatchEvent(new PointerEvent('pointerenter'));
      deepEqual(hovers.at(-1), { moves: ['3c3d', '8h2b+'], multipv: 1 });
      second.dispatchEvent(new PointerEvent('pointerleave'));
      equal(hovers.at(-1), null);
      const played = new Promise<ShogiPvDetail>((resolve) => lines.addEventListener('shogi-pv-play', (e) => resolve(e.detail), { once: true }));
      second.click();
      deepEqual((await played).moves, ['3c3d', '8h2b+']);

      lines.notation = 'western';
      await lines.updateComplete;
      ok(lines.shadowRoot!.querySelector('li')!.textContent!.includes('Bx2b+'));
      lines.notation = 'usi';
      await lines.updateComplete;
      ok(lines.shadowRoot!.querySelector('li')!.textContent!.includes('8h2b+'));
    });

    it('marks each line in the colour of its arrow on the board, which a page may set', async () => {
      const pos = Position.fromSfen(START_SFEN.shogi);
      ok(pos.ok);
      const lines = mount('shogi-pv-lines');
      lines.position = pos.value;
      lines.lines = [info(1, { cp: 30 }, ['2g2f']), info(2, { cp: 10 }, ['7g7f']), info(3, { cp: 0 }, ['1g1f'])];
      const board = mount('shogi-board');
      board.setup = pos.value.setup();
      board.shapes = [{ from: 61, to: 52, brush: 'pv1' }, { from: 56, to: 47, brush: 'pv2' }, { from: 62, to: 53, brush: 'pv3' }];
      await Promise.all([lines.updateComplete, board.updateComplete]);
      const marker = (multipv: number) => getComputedStyle(lines.shadowRoot!.querySelector(`li[data-multipv="${multipv}"] .score`)!).borderLeftColor;
      const arrow = (brush: string) => getComputedStyle(board.shadowRoot!.querySelector(`.arrow.brush-${brush} line`)!);
      for (const [multipv, brush] of [[1, 'pv1'], [2, 'pv2'], [3, 'pv3']] as const) equal(marker(multipv), arrow(brush).stroke);
      // Three different colours, and the best move's arrow stands out from the others.
      equal(new Set([1, 2, 3].map(marker)).size, 3);
      ok(parseFloat(arrow('pv1').strokeWidth) > parseFloat(arrow('pv2').strokeWidth), `${arrow('pv1').strokeWidth} ${arrow('pv2').strokeWidth}`);
      ok(parseFloat(arrow('pv1').opacity) > parseFloat(arrow('pv2').opacity));
      // A page's colour for a line reaches both.
      document.body.style.setProperty('--shogi-brush-pv2', 'rgb(200, 10, 20)');
      try {
        equal(marker(2), 'rgb(200, 10, 20)');
        equal(arrow('pv2').stroke, 'rgb(200, 10, 20)');
      } finally {
        document.body.style.removeProperty('--shogi-brush-pv2');
      }
    });

    it('is one Tab stop whose arrow keys move along and between the lines', async () => {
      const lines = mount('shogi-pv-lines');
      const pos = Position.fromSfen(START_SFEN.shogi);
      ok(pos.ok);
      lines.position = pos.value;
      lines.lines = [info(1, { cp: 30 }, ['7g7f', '3c3d', '8h2b+']), info(2, { cp: 20 }, ['2g2f', '8c8d'])];
      await lines.updateComplete;
      const root = lines.shadowRoot!;
      deepEqual([...root.querySelectorAll('button[tabindex="0"]')].map((b) => b.textContent), ['☗７六歩']);
      equal(root.querySelectorAll('button[tabindex="-1"]').length, 4);
      const hovers: (ShogiPvDetail | null)[] = [];
      lines.addEventListener('shogi-pv-hover', (e) => hovers.push(e.detail));
      root.querySelector<HTMLButtonElement>('button[tabindex="0"]')!.focus();
      const keys: string[] = [];
      // The page answers arrow keys by moving about the record: these must not reach it.
      document.addEventListener('keydown', (e) => keys.push(e.key), { once: true });
      for (const press of ['ArrowRight', 'ArrowRight', 'ArrowDown']) {
        await sendKeys({ press });
        await lines.updateComplete;
      }
      equal(root.activeElement?.textContent, '☖８四歩', 'the last move of line 2 under the third of line 1');
      equal(root.activeElement?.getAttribute('tabindex'), '0');
      deepEqual(hovers.at(-1), { moves: ['2g2f', '8c8d'], multipv: 2 });
      await sendKeys({ press: 'Home' });
      equal(root.activeElement?.textContent, '☗２六歩');
      deepEqual(keys, []);
    });

    it('keeps the preview on the line under a still pointer as the lines change', async () => {
      const lines = mount('shogi-pv-lines');
      const pos = Position.fromSfen(START_SFEN.shogi);
      ok(pos.ok);
      lines.position = pos.value;
      lines.lines = [info(1, { cp: 30 }, ['7g7f', '3c3d', '2g2f'])];
      await lines.updateComplete;
      const hovers: (ShogiPvDetail | null)[] = [];
      lines.addEventListener('shogi-pv-hover', (e) => hovers.push(e.detail));
      const second = () => lines.shadowRoot!.querySelectorAll<HTMLButtonElement>('li button')[1];
      second().dispatchEvent(new PointerEvent('pointerenter'));
      deepEqual(hovers.at(-1), { moves: ['7g7f', '3c3d'], multipv: 1 });
      // A deeper search changes the line: the button under the pointer now names another move.
      lines.lines = [info(1, { cp: 40 }, ['2g2f', '8c8d', '7g7f'])];
      await lines.updateComplete;
      deepEqual(hovers.at(-1), { moves: ['2g2f', '8c8d'], multipv: 1 });
      const played = new Promise<ShogiPvDetail>((resolve) => lines.addEventListener('shogi-pv-play', (e) => resolve(e.detail), { once: true }));
      second().click();
      deepEqual((await played).moves, ['2g2f', '8c8d'], 'a click plays what the preview shows');
      // Only the score changed: nothing new to preview.
      const count = hovers.length;
      lines.lines = [info(1, { cp: 45 }, ['2g2f', '8c8d', '7g7f'])];
      await lines.updateComplete;
      equal(hovers.length, count);
      // The line got shorter than the move pointed at: the preview ends.
      lines.lines = [info(1, { cp: 45 }, ['2g2f'])];
      await lines.updateComplete;
      equal(hovers.at(-1), null);
    });

    it('shows a forced mate as such', async () => {
      const lines = mount('shogi-pv-lines');
      const pos = Position.fromSfen('4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1');
      ok(pos.ok);
      lines.position = pos.value;
      lines.lines = [info(1, { mate: 1 }, ['G*5b'])];
      await lines.updateComplete;
      ok(lines.shadowRoot!.querySelector('.mate')!.textContent!.includes('sente mates in 1 ply'));
      equal(lines.shadowRoot!.querySelector('.score')!.textContent, '▲詰1');
    });

    it('shows a forced win in dobutsu as a win, not a mate (a try wins too)', async () => {
      const lines = mount('shogi-pv-lines');
      const pos = Position.fromSfen('rkb/1p1/1P1/BKR b - 1');
      ok(pos.ok);
      lines.position = pos.value;
      lines.lines = [info(1, { mate: 3 }, ['2c2b'])];
      await lines.updateComplete;
      ok(lines.shadowRoot!.querySelector('.mate')!.textContent!.includes('Forced win: sente wins in 3 plies (3手勝ち)'));
      lines.labelLang = 'ja';
      await lines.updateComplete;
      ok(lines.shadowRoot!.querySelector('.mate')!.textContent!.includes('必勝: 先手の3手勝ち'));
    });

    it('drops a stale line’s illegal moves instead of failing', async () => {
      const lines = mount('shogi-pv-lines');
      const pos = Position.fromSfen(START_SFEN.shogi);
      ok(pos.ok);
      lines.position = pos.value;
      lines.lines = [info(1, { cp: 0 }, ['7g7f', '7g7f'])];
      await lines.updateComplete;
      equal(lines.shadowRoot!.querySelectorAll('li button').length, 1);
    });
  });

  describe('<shogi-move-tree>', () => {
    it('never parts a move number from its move, nor a move name, however narrow', async () => {
      const game = await record('/test/fixtures/records/even-variations.kif');
      for (const width of [120, 157, 203, 260]) {
        const tree = mount('shogi-move-tree');
        tree.style.width = `${width}px`;
        tree.record = game;
        await tree.updateComplete;
        for (const number of tree.shadowRoot!.querySelectorAll('.number')) {
          const move = number.nextElementSibling!;
          const a = number.getBoundingClientRect(), b = move.getBoundingClientRect();
          ok(Math.abs(a.bottom - b.bottom) < b.height / 2 && a.right <= b.left + 1, `${width}px: ${number.textContent} apart from ${move.textContent}`);
          ok(b.height < 2 * parseFloat(getComputedStyle(move).lineHeight), `${width}px: ${move.textContent} broken over lines`);
        }
        tree.remove();
      }
    });

    it('numbers a move that resumes the line after a variation or a comment', async () => {
      const game = await record('/test/fixtures/records/even-variations.kif');
      const tree = mount('shogi-move-tree');
      tree.record = game;
      await tree.updateComplete;
      // Each main-line move after a variation block or a comment carries its number.
      const line = tree.shadowRoot!.querySelector('.line')!;
      let resumes = false;
      for (const child of line.children) {
        if (child.classList.contains('variation') || child.classList.contains('comment')) { resumes = true; continue; }
        if (!child.classList.contains('step')) continue;
        if (resumes) ok(child.querySelector('.number'), `${child.textContent} resumes the line without its number`);
        resumes = false;
      }
      tree.remove();
    });

    it('numbers a game from a position part way through it on from its move number, its first move whoever plays it', async () => {
      const tree = mount('shogi-move-tree');
      const numbers = async (usi: string) => {
        const read = parseRecord(usi, { format: 'usi' });
        if (!read.ok) throw new Error(read.error.message);
        tree.record = read.value;
        await tree.updateComplete;
        return [...tree.shadowRoot!.querySelectorAll('.number')].map((n) => n.textContent);
      };
      deepEqual(await numbers('sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 31 moves 7g7f 3c3d 2g2f'), ['31', '33']);
      deepEqual(await numbers('sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 32 moves 3c3d 2g2f'), ['32', '33']);
    });

    it('shows the record with variations and comments as text, and answers keys', async () => {
      const game = await record('/test/fixtures/records/even-variations.kif');
      game.root.children[0].comments.push('<b>not bold</b>');
      const tree = mount('shogi-move-tree');
      tree.record = game;
      tree.path = [0];
      await tree.updateComplete;
      const root = tree.shadowRoot!;
      ok(root.querySelectorAll('.variation').length >= 2, 'variations are indented blocks');
      ok(root.textContent!.includes('角道を開ける'));
      ok(root.textContent!.includes('<b>not bold</b>'), 'markup in a comment stays text');
      equal(root.querySelector('b'), null);
      equal(root.querySelector('button.current')!.textContent, '☗７六歩');

      const paths: number[][] = [];
      tree.addEventListener('shogi-navigate', (e) => {
        paths.push(e.detail.path);
        tree.path = e.detail.path;
      });
      // One Tab stop, the current move; the focus follows it.
      equal(tree.tabIndex, -1, 'the tree itself is no Tab stop');
      deepEqual([...root.querySelectorAll('button[tabindex="0"]')].map((b) => b.textContent), ['☗７六歩']);
      equal(root.querySelectorAll('button[tabindex="-1"]').length, root.querySelectorAll('button').length - 1);
      root.querySelector<HTMLButtonElement>('button.current')!.focus();
      await sendKeys({ press: 'ArrowRight' });
      await tree.updateComplete;
      equal(root.activeElement?.textContent, '☖３四歩');
      equal(root.activeElement?.getAttribute('tabindex'), '0');
      await sendKeys({ press: 'ArrowDown' });
      await tree.updateComplete;
      await sendKeys({ press: 'ArrowUp' });
      await sendKeys({ press: 'End' });
      await tree.updateComplete;
      await sendKeys({ press: 'Home' });
      await tree.updateComplete;
      deepEqual(paths, [[0, 0], [0, 1], [0, 0], [0, 0, 0, 0, 0, 0], []]);
      ok(root.activeElement?.classList.contains('start'), 'the focus is on the start');

      (root.querySelector('[data-path="0.1.0"]') as HTMLButtonElement).click();
      deepEqual(paths.at(-1), [0, 1, 0]);
    });

    it('keeps variations nested 20 deep as large as the first and inside the tree', async () => {
      // At each level a move's alternative, answered, then branched again: 20 variations deep.
      const game = emptyRecord('shogi');
      const start = Position.fromSfen(game.sfen, 'shogi');
      if (!start.ok) throw new Error(start.error.message);
      const pos = start.value;
      const path: number[] = [];
      let parent: Parent = game.root;
      for (let depth = 0; depth < 20; depth++) {
        const [main, alternative] = pos.legalMoves();
        parent.children.push(moveNode(main), moveNode(alternative));
        pos.play(alternative);
        const branch: MoveNode = parent.children[1] as MoveNode;
        const reply = pos.legalMoves()[0];
        branch.children.push(moveNode(reply));
        pos.play(reply);
        parent = branch.children[0] as MoveNode;
        path.push(1, 0);
      }
      const tree = mount('shogi-move-tree');
      tree.style.width = '300px';
      tree.record = game;
      tree.path = path;
      await tree.updateComplete;
      const root = tree.shadowRoot!;
      const size = (selector: string) => parseFloat(getComputedStyle(root.querySelector(selector)!).fontSize);
      ok(size('button.current') >= size('.variation button'), `the deepest move's type: ${size('button.current')}px`);
      const box = tree.getBoundingClientRect(), current = root.querySelector('button.current')!.getBoundingClientRect();
      ok(current.right <= box.right && current.left >= box.left, `the deepest move at ${current.left}-${current.right}, the tree ${box.left}-${box.right}`);
      ok(tree.scrollWidth <= tree.clientWidth, 'no sideways scrolling');
    });

    it('navigates between variations at the start and off the end', async () => {
      const game = await record('/test/fixtures/records/even-variations.kif');
      equal(navigate(game, [], 'ArrowLeft'), undefined);
      deepEqual(navigate(game, [0, 0, 0, 0, 0], 'ArrowRight'), [0, 0, 0, 0, 0, 0]);
      equal(navigate(game, [0, 0, 0, 0, 0, 0], 'ArrowRight'), undefined);
      deepEqual(navigate(game, [0, 1, 1], 'ArrowUp'), [0, 1, 0]);
      deepEqual(navigate(game, [0, 1], 'ArrowDown'), undefined);
      deepEqual(navigate(game, [0, 1, 0], 'ArrowDown'), [0, 1, 1]);
      let nodes = 0;
      walk(game, () => nodes++);
      ok(nodes > 8);
    });
  });

  describe('<shogi-eval-graph>', () => {
    it('draws the analysed scores, the progress, and jumps on a click', async () => {
      const graph = mount('shogi-eval-graph');
      graph.style.width = '400px';
      graph.scores = [{ cp: 0 }, { cp: 100 }, undefined, { cp: -300 }, { mate: 2 }];
      graph.ply = 1;
      graph.progress = 0.5;
      await graph.updateComplete;
      const root = graph.shadowRoot!;
      ok(root.querySelector('polygon.area'));
      ok(root.querySelector('line.cursor'));
      ok(root.querySelector('.status')!.textContent!.includes('50%'));
      const chart = root.querySelector('.chart')!;
      const rect = chart.getBoundingClientRect();
      const selected = new Promise<number>((resolve) => graph.addEventListener('shogi-graph-select', (e) => resolve(e.detail.ply), { once: true }));
      chart.dispatchEvent(new MouseEvent('click', { clientX: rect.left + rect.width * 0.74, clientY: rect.top + 5, bubbles: true, composed: true }));
      equal(await selected, 3);
      // A record from 手数＝30 names its plies as the game does.
      graph.firstPly = 30;
      chart.dispatchEvent(new PointerEvent('pointermove', { clientX: rect.left + rect.width * 0.74, clientY: rect.top + 5, bubbles: true, composed: true }));
      await graph.updateComplete;
      ok(root.querySelector('.tip')!.textContent!.includes('ply 33'), root.querySelector('.tip')!.textContent!);
    });
  });

  describe('<shogi-board-editor>', () => {
    /** An editor mounted on `sfen`, rendered. */
    async function editorAt(sfen: string) {
      const editor = mount('shogi-board-editor');
      const start = Position.fromSfen(sfen);
      ok(start.ok);
      editor.initial = start.value.setup();
      await editor.updateComplete;
      return editor;
    }

    it('places and removes pieces, and refuses an impossible position with the reason', async () => {
      const editor = await editorAt('4k4/9/9/9/9/9/9/9/4K4 b - 1');
      const board = editor.shadowRoot!.querySelector('shogi-board')!;
      await board.updateComplete;
      const square = (name: string) => board.shadowRoot!.querySelector<HTMLButtonElement>(`[aria-label^="${name}"]`)!;
      const palette = (label: string) => editor.shadowRoot!.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)!;
      palette('place sente pawn').click();
      await editor.updateComplete;
      square('5g').click();
      square('5f').click();
      await editor.updateComplete;
      await board.updateComplete;
      ok(square('5g sente pawn') && square('5f sente pawn'));

      let done: string | undefined;
      editor.addEventListener('shogi-editor-done', (e) => (done = e.detail.sfen));
      [...editor.shadowRoot!.querySelectorAll("button")].find((b) => b.textContent === "Done")!.click();
      await editor.updateComplete;
      ok(editor.shadowRoot!.querySelector('[role="alert"]')!.textContent!.includes('nifu'));
      equal(done, undefined);

      square('5f sente pawn').click();
      await editor.updateComplete;
      [...editor.shadowRoot!.querySelectorAll("button")].find((b) => b.textContent === "Done")!.click();
      equal(done, '4k4/9/9/9/9/9/4P4/9/4K4 b - 1');
    });

    it('refuses Done while the SFEN field holds a position it refused, and takes a good one typed', async () => {
      const editor = await editorAt(START_SFEN.shogi);
      let done: string | undefined;
      editor.addEventListener('shogi-editor-done', (e) => (done = e.detail.sfen));
      const field = editor.shadowRoot!.querySelector<HTMLInputElement>('input.sfen')!;
      const doneButton = [...editor.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Done')!;
      // Typed, then Done at once: the field's change event comes first, as in a browser.
      field.value = '4k4/9/9/9/9/9/9/9/4K4 x - 1';
      field.dispatchEvent(new Event('change'));
      doneButton.click();
      await editor.updateComplete;
      equal(done, undefined);
      ok(editor.shadowRoot!.querySelector('[role="alert"]')!.textContent!.includes('SFEN'));
      equal(field.value, '4k4/9/9/9/9/9/9/9/4K4 x - 1');
      // Typed with no change event (Enter not pressed, focus not moved): Done reads the field.
      field.value = '4k4/9/9/9/9/9/9/9/4K4 w - 1';
      doneButton.click();
      equal(done, '4k4/9/9/9/9/9/9/9/4K4 w - 1');
      // Escape is Cancel; a position typed and not yet taken is the draft it leaves.
      let draft: Setup | undefined;
      editor.addEventListener('shogi-editor-cancel', (e) => (draft = e.detail.draft));
      await editor.updateComplete; // the field shows the position Done took
      field.value = '4k4/9/9/9/4G4/9/9/9/4K4 b - 1';
      field.focus();
      await sendKeys({ press: 'Escape' });
      equal(draft?.board.filter(Boolean).length, 3);
    });

    it('turns its board with Flip board or f, but not while the SFEN is typed', async () => {
      const editor = await editorAt(START_SFEN.shogi);
      const root = editor.shadowRoot!;
      const board = root.querySelector('shogi-board')!;
      const flip = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Flip board')!;
      flip.click();
      await editor.updateComplete;
      equal(board.orientation, 'gote');
      equal(flip.getAttribute('aria-pressed'), 'true');
      board.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true, composed: true }));
      await editor.updateComplete;
      equal(board.orientation, 'sente');
      root.querySelector<HTMLInputElement>('input.sfen')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true, composed: true }));
      await editor.updateComplete;
      equal(board.orientation, 'sente');
    });

    it('keeps its buttons a fingertip wide and its hand columns apart on a phone', async () => {
      const editor = mount('shogi-board-editor');
      editor.style.width = '358px';
      const start = Position.fromSfen(START_SFEN.shogi);
      ok(start.ok);
      editor.initial = start.value.setup();
      await editor.updateComplete;
      const root = editor.shadowRoot!;
      for (const button of root.querySelectorAll('.palette button')) {
        const { width, height } = button.getBoundingClientRect();
        ok(width >= 24 && height >= 24, `${button.getAttribute('aria-label')}: ${width}x${height}`);
      }
      for (const head of root.querySelectorAll<HTMLElement>('.hands > span')) {
        ok(head.scrollWidth <= head.clientWidth, `"${head.textContent!.trim()}" overflows its column`);
      }
    });
  });
});
