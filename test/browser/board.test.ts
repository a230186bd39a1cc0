// <shogi-board> in Chromium: rendering, clicks, drags, drops, the promotion choice, flip,
// coordinates, piece sets and arrows, driven with real mouse input where it matters.

import { emulateMedia, resetMouse, sendMouse } from '@web/test-runner-commands';
import { initRules, Position } from '../../src/rules/position.js';
import { START_SFEN, type Move, type NormalMove } from '../../src/rules/types.js';
import '../../web/board/component.js';
import type { ShogiBoard, ShogiMoveDetail, ShogiRefusedDetail, ShogiShapesDetail } from '../../web/board/component.js';
import { deepEqual, equal, ok } from './assert.js';
import { axeCheck } from './axe.js';

/** After 7g7f 3c3d: the bishop on 8h may take on 2b promoting or not. */
const BISHOP_TRADE = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3';

let board: ShogiBoard;

async function show(sfen: string): Promise<Position> {
  const result = Position.fromSfen(sfen);
  if (!result.ok) throw new Error(result.error.message);
  board.setup = result.value.setup();
  board.legalMoves = result.value.legalMoves();
  await board.updateComplete;
  return result.value;
}

const square = (name: string) => board.shadowRoot!.querySelector<HTMLButtonElement>(`[aria-label^="${name}"]`)!;

function centre(element: Element): [number, number] {
  const rect = element.getBoundingClientRect();
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
}

/** The next shogi-move event's move. */
function nextMove(): Promise<ShogiMoveDetail> {
  return new Promise((resolve) => board.addEventListener('shogi-move', (e) => resolve(e.detail), { once: true }));
}

async function mouseClick(element: Element): Promise<void> {
  await sendMouse({ type: 'click', position: centre(element) });
  await board.updateComplete;
}

describe('<shogi-board>', () => {
  before(() => initRules());
  beforeEach(() => {
    board = document.createElement('shogi-board');
    board.style.width = '560px';
    document.body.append(board);
  });
  afterEach(async () => {
    board.remove();
    await resetMouse();
  });

  it('draws the position with both hands and coordinates', async () => {
    await show(START_SFEN.shogi);
    const root = board.shadowRoot!;
    equal(root.querySelectorAll('.square').length, 81);
    equal(root.querySelectorAll('.square .piece').length, 40);
    equal(root.querySelectorAll('.hand').length, 2);
    equal(root.querySelector('.ranks')!.textContent!.replace(/\s/g, ''), '一二三四五六七八九');
    equal(root.querySelector('.files')!.textContent!.replace(/\s/g, ''), '987654321');
    ok(square('5i sente king'));
    ok(board.offsetWidth <= 560, 'fits its container');
  });

  it('plays a move by click and click with the mouse', async () => {
    await show(START_SFEN.shogi);
    const move = nextMove();
    await mouseClick(square('7g sente pawn'));
    ok(square('7g').classList.contains('selected'));
    ok(square('7f').classList.contains('destination'));
    await mouseClick(square('7f'));
    deepEqual((await move).move, { from: 60, to: 59, promotion: false });
  });

  it('plays a move from the keyboard', async () => {
    await show(START_SFEN.shogi);
    const move = nextMove();
    square('2g sente pawn').click();
    await board.updateComplete;
    square('2f (move here)').click();
    const detail = await move;
    deepEqual(detail.move, { from: 15, to: 14, promotion: false });
    equal(detail.dragged, false);
  });

  it('plays a move by drag and drop, and cancels a drag to nowhere', async () => {
    await show(START_SFEN.shogi);
    // Away from the page's corner, where an offset of the ghost would show.
    board.style.margin = '60px 90px';
    await board.updateComplete;
    const [fx, fy] = centre(square('2g sente pawn'));
    const [tx, ty] = centre(square('2f'));
    const move = nextMove();
    await sendMouse({ type: 'move', position: [fx, fy] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [Math.round((fx + tx) / 2), Math.round((fy + ty) / 2)] });
    await board.updateComplete;
    const ghost = board.shadowRoot!.querySelector('.ghost');
    ok(ghost, 'a ghost piece follows the pointer');
    const [gx, gy] = centre(ghost as HTMLElement);
    ok(Math.abs(gx - (fx + tx) / 2) <= 2 && Math.abs(gy - (fy + ty) / 2) <= 2, `the ghost is centred on the pointer: ${gx},${gy} against ${(fx + tx) / 2},${(fy + ty) / 2}`);
    await sendMouse({ type: 'move', position: [tx, ty] });
    await sendMouse({ type: 'up' });
    const detail = await move;
    deepEqual(detail.move, { from: 15, to: 14, promotion: false });
    equal(detail.dragged, true);

    // Dropped on a square it cannot reach: no move, nothing stays selected.
    let moved = false;
    board.addEventListener('shogi-move', () => (moved = true), { once: true });
    const [bx, by] = centre(square('7g sente pawn'));
    const [cx, cy] = centre(square('7d'));
    await sendMouse({ type: 'move', position: [bx, by] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [cx, cy] });
    await sendMouse({ type: 'up' });
    await board.updateComplete;
    equal(moved, false);
    equal(board.shadowRoot!.querySelectorAll('.selected').length, 0);
  });

  it('drops a piece from the hand, by click and by drag', async () => {
    await show('4k4/9/9/9/9/9/9/9/4K4 b G2r2b3g4s4n4l18p 1');
    const hand = () => board.shadowRoot!.querySelector<HTMLButtonElement>('[aria-label="sente gold in hand: 1"]')!;
    let move = nextMove();
    await mouseClick(hand());
    await mouseClick(square('5b'));
    deepEqual((await move).move, { role: 'gold', to: 37 });

    move = nextMove();
    const [fx, fy] = centre(hand());
    const [tx, ty] = centre(square('4b'));
    await sendMouse({ type: 'move', position: [fx, fy] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [tx, ty] });
    await sendMouse({ type: 'up' });
    deepEqual((await move).move, { role: 'gold', to: 28 });
  });

  it('says why a piece in hand cannot be dropped: picked up, by mouse or keyboard, it is refused', async () => {
    // The gold on 5h checks the king, which takes it: no drop answers the check.
    await show('4k4/9/9/9/9/9/9/4g4/3SK4 b GP 1');
    const refusals: ShogiRefusedDetail[] = [];
    board.addEventListener('shogi-refused', (e) => refusals.push(e.detail));
    const gold = () => board.shadowRoot!.querySelector<HTMLButtonElement>('[aria-label="sente gold in hand: 1"]')!;
    equal(gold().disabled, false);
    await mouseClick(gold());
    gold().focus();
    gold().click();
    await board.updateComplete;
    deepEqual(refusals.map((r) => [r.drop, r.to, r.from]), [['gold', undefined, undefined], ['gold', undefined, undefined]]);
    equal(board.shadowRoot!.querySelectorAll('.selected, .destination').length, 0);
    // The other side's hand stays out of reach.
    await show('4k4/9/9/9/9/9/9/9/4K4 w Gr 1');
    ok(board.shadowRoot!.querySelector<HTMLButtonElement>('[aria-label="sente gold in hand: 1"]')!.disabled);
  });

  it('asks about promotion when both are legal, and not when only one is', async () => {
    await show(BISHOP_TRADE);
    let move = nextMove();
    await mouseClick(square('8h sente bishop'));
    await mouseClick(square('2b gote bishop'));
    const choice = board.shadowRoot!.querySelector('.promotion')!;
    ok(choice, 'the choice is shown');
    await new Promise((resolve) => setTimeout(resolve));
    equal(board.shadowRoot!.activeElement?.getAttribute('aria-label'), 'promote to horse');
    (choice.querySelector('[aria-label="keep bishop"]') as HTMLButtonElement).click();
    equal(((await move).move as NormalMove).promotion, false);
    // The focus the choice held goes to the move's square, not to the page.
    await board.updateComplete;
    ok(board.shadowRoot!.activeElement?.getAttribute('aria-label')?.startsWith('2b'), board.shadowRoot!.activeElement?.outerHTML);

    // A press elsewhere cancels the choice, and plays nothing; so does Escape.
    await show(BISHOP_TRADE);
    let played = false;
    const count = () => { played = true; };
    board.addEventListener('shogi-move', count);
    for (const cancel of ['press', 'Escape']) {
      await mouseClick(square('8h sente bishop'));
      await mouseClick(square('2b gote bishop'));
      ok(board.shadowRoot!.querySelector('.promotion'), 'the choice is shown');
      if (cancel === 'press') await mouseClick(square('5e'));
      else {
        await new Promise((resolve) => setTimeout(resolve)); // the choice takes the focus
        (board.shadowRoot!.querySelector('.promotion [aria-label="keep bishop"]') as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
      }
      await board.updateComplete;
      equal(board.shadowRoot!.querySelector('.promotion'), null, `${cancel}: the choice is gone`);
      equal(board.shadowRoot!.querySelectorAll('.selected').length, 0, `${cancel}: nothing stays selected`);
      if (cancel === 'Escape') ok(board.shadowRoot!.activeElement?.getAttribute('aria-label')?.startsWith('8h'), 'Escape: the focus goes back to the piece');
    }
    board.removeEventListener('shogi-move', count);
    equal(played, false, 'no move was played');

    await show('4k4/P8/9/9/9/9/9/9/4K4 b - 1');
    move = nextMove();
    await mouseClick(square('9b sente pawn'));
    await mouseClick(square('9a'));
    deepEqual((await move).move, { from: 73, to: 72, promotion: true });
  });

  it('asks about promotion in the language of its labels', async () => {
    board.labelLang = 'ja';
    await show(BISHOP_TRADE);
    await mouseClick(square('８八 角 先手'));
    await mouseClick(square('２二 角 後手'));
    const choice = board.shadowRoot!.querySelector('.promotion')!;
    equal(choice.getAttribute('aria-label'), '成りますか');
    deepEqual([...choice.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')), ['成る（馬）', '成らない（角）']);
  });

  it('flips: gote at the bottom, files 1 to 9 from the left', async () => {
    await show(START_SFEN.shogi);
    board.orientation = 'gote';
    await board.updateComplete;
    const squares = board.shadowRoot!.querySelectorAll('.square');
    ok(squares[0].getAttribute('aria-label')!.startsWith('1i sente lance'));
    equal(board.shadowRoot!.querySelector('.files')!.textContent!.replace(/\s/g, ''), '123456789');
    ok(board.shadowRoot!.querySelector('.hand.bottom')!.getAttribute('aria-label')!.startsWith('gote'));
    ok(square('1c gote pawn').querySelector('.piece:not(.flipped)'), 'gote pieces face up');
  });

  it('shows ranks as letters, no coordinates, and letter pieces', async () => {
    await show(START_SFEN.shogi);
    board.coordinates = 'letters';
    board.pieceSet = 'letters';
    await board.updateComplete;
    equal(board.shadowRoot!.querySelector('.ranks')!.textContent!.replace(/\s/g, ''), 'abcdefghi');
    equal(square('5i').querySelector('.letter')!.textContent, 'K');
    ok(square('8h').querySelectorAll('.slide').length === 4, 'the bishop shows its four diagonals');
    board.coordinates = 'none';
    await board.updateComplete;
    equal(board.shadowRoot!.querySelector('.ranks'), null);
  });

  it('highlights the last move and a king in check', async () => {
    await show(START_SFEN.shogi);
    const move: Move = { from: 60, to: 59, promotion: false };
    board.lastMove = move;
    board.check = 40;
    await board.updateComplete;
    ok(square('7g').classList.contains('last'));
    ok(square('7f').classList.contains('last'));
    ok(square('5e').classList.contains('check'));
  });

  it('draws engine arrows, and user arrows and rings by right-drag, cleared by a click', async () => {
    await show(START_SFEN.shogi);
    board.shapes = [{ from: 60, to: 59, brush: 'pv1' }, { to: 40, drop: 'pawn', brush: 'pv2' }];
    await board.updateComplete;
    equal(board.shadowRoot!.querySelectorAll('.shapes .arrow.brush-pv1').length, 1);
    equal(board.shadowRoot!.querySelectorAll('.shapes .ghost-drop').length, 1);

    const shapes: ShogiShapesDetail[] = [];
    board.addEventListener('shogi-shapes', (e) => shapes.push(e.detail));
    const [fx, fy] = centre(square('2g'));
    const [tx, ty] = centre(square('2c'));
    await sendMouse({ type: 'move', position: [fx, fy] });
    await sendMouse({ type: 'down', button: 'right' });
    await sendMouse({ type: 'move', position: [tx, ty] });
    await sendMouse({ type: 'up', button: 'right' });
    await sendMouse({ type: 'down', button: 'right' });
    await sendMouse({ type: 'up', button: 'right' });
    await board.updateComplete;
    deepEqual(shapes.at(-1)!.shapes, [{ from: 15, to: 11, brush: 'user' }, { to: 11, brush: 'user' }]);
    equal(board.shadowRoot!.querySelectorAll('.shapes .brush-user').length, 2);
    await mouseClick(square('5e'));
    deepEqual(shapes.at(-1)!.shapes, []);
    equal(board.shadowRoot!.querySelectorAll('.shapes .brush-user').length, 0);
  });

  it('slides a played move, unless the user prefers reduced motion', async () => {
    const pos = await show(START_SFEN.shogi);
    const playAndCount = async () => {
      pos.play('7g7f');
      board.setup = pos.setup();
      board.lastMove = pos.history.at(-1);
      await board.updateComplete;
      const animations = square('7f sente pawn').querySelector('.piece')!.getAnimations().length;
      pos.undo();
      board.setup = pos.setup();
      board.lastMove = undefined;
      await board.updateComplete;
      return animations;
    };
    equal(await playAndCount(), 1);
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      equal(await playAndCount(), 0);
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('reports squares instead of moving in editor mode', async () => {
    await show(START_SFEN.shogi);
    board.editable = true;
    await board.updateComplete;
    const clicked = new Promise<number>((resolve) => board.addEventListener('shogi-square', (e) => resolve(e.detail.square), { once: true }));
    await mouseClick(square('5e'));
    equal(await clicked, 40);
  });

  it('draws dobutsu animals on 3x4 and minishogi on 5x5', async () => {
    await show(START_SFEN.dobutsu);
    equal(board.shadowRoot!.querySelectorAll('.square').length, 12);
    ok(square('2d sente lion').querySelector('.animal'));
    await show(START_SFEN.minishogi);
    equal(board.shadowRoot!.querySelectorAll('.square').length, 25);
  });

  it('names dobutsu tiles with the word written on them', async () => {
    await show('rkb/3/3/BKR b Pp 1');
    ok(square('2a gote lion ライオン'));
    ok(board.shadowRoot!.querySelector('[aria-label="sente chick ひよこ in hand: 1"]'));
    await axeCheck(board);
    board.labelLang = 'ja';
    await board.updateComplete;
    ok(square('２四 ライオン 先手'));
    ok(board.shadowRoot!.querySelector('[aria-label="先手の持駒 ひよこ 1枚"]'), 'pieces in hand in Japanese too');
  });
  // Last in this file: the policy stays on the page once set.
  it('lays out under a page policy that forbids inline styles (a strict blog CSP)', async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
    const policy = document.createElement('meta');
    policy.httpEquiv = 'Content-Security-Policy';
    policy.content = "style-src 'self'";
    document.head.append(policy);
    await show(BISHOP_TRADE);
    const top = (name: string) => square(name).getBoundingClientRect().top;
    equal(top('9a gote lance'), top('1a gote lance'), 'rank a is one row');
    await mouseClick(square('8h sente bishop'));
    await mouseClick(square('2b gote bishop'));
    const choice = board.shadowRoot!.querySelector('.promotion')!.getBoundingClientRect();
    const target = square('2b gote bishop').getBoundingClientRect();
    // On its square's cell (blocked, the cell would be the board's first, 9a's).
    ok(Math.abs(choice.left - target.left) < target.width / 2 && Math.abs(choice.top - target.top) < target.height / 2, `the choice stands on its square: ${JSON.stringify([choice.left, choice.top, target.left, target.top])}`);
    // Drawn letter pieces size their text without inline styles too.
    board.pieceSet = 'letters';
    await board.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 50));
    deepEqual(violations, []);
  });
});
