import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { defineElement } from '../define-element.js';
import { classMap } from 'lit/directives/class-map.js';
import { cssProps } from '../css-props.js';
import {
  DIMENSIONS, HAND_ROLES, fileOf, isDrop, rankOf, squareOf,
  type Color, type Dimensions, type HandRole, type Move, type NormalMove, type Role, type Setup, type Square,
} from '../../src/rules/types.js';
import { formatSquare } from '../../src/notation/square.js';
import { SIDE_NAMES_JA, japaneseSquare } from '../../src/notation/japanese.js';
import { pieceSvg, promotedRole, roleName, type PieceSet } from './piece.js';
import { overlayViewBox, sameShape, shapeSvg, type BoardShape } from './shapes.js';
import { boardStyles, pieceStyles } from './styles.js';

export type { BoardShape, Brush } from './shapes.js';
export type { PieceSet } from './piece.js';

/** Ranks as 一…九 (Japanese diagrams), as a…i (USI, Western books), or not shown. */
export const COORDINATE_STYLES = ['kanji', 'letters', 'none'] as const;
export type CoordinateStyle = (typeof COORDINATE_STYLES)[number];

const RANK_LABELS: Record<Exclude<CoordinateStyle, 'none'>, string> = {
  kanji: '一二三四五六七八九',
  letters: 'abcdefghi',
};

/** Pointer travel, in CSS pixels, that turns a press on a piece into a drag. */
const DRAG_THRESHOLD = 4;
const ANIMATION_MS = 150;

type Selection = { square: Square } | { drop: HandRole };

/** Squares whose piece can move, and where the selected piece can go. */
interface Marks {
  sources: Set<Square>;
  destinations: Set<Square>;
}

interface Press {
  pointerId: number;
  x: number;
  y: number;
  origin: Selection;
  /** The press was on the piece already selected: releasing it in place deselects. */
  again: boolean;
  dragging: boolean;
}

export interface ShogiMoveDetail {
  move: Move;
  /** The user dragged the piece to its square (the board then does not animate it). */
  dragged: boolean;
}
/** A move the user tried that is not among `legalMoves`: the piece on `from` or in hand (`drop`)
 * to `to`; without `to`, a piece of the side to move picked up that no legal move starts from. */
export interface ShogiRefusedDetail {
  from?: Square;
  drop?: HandRole;
  to?: Square;
}
export interface ShogiShapesDetail {
  shapes: BoardShape[];
}
export interface ShogiSquareDetail {
  square: Square;
  button: 'primary' | 'secondary';
}

/**
 * A board with both hands (komadai) for shogi, minishogi and dobutsu shogi. It knows no rules:
 * it draws `setup` and lets the user choose one of `legalMoves`, by clicking a piece (on the
 * board or in hand) and then a destination, by dragging it there (mouse, pen or touch), or from
 * the keyboard (the WAI-ARIA grid pattern: one Tab stop for the board, arrow keys, Home and End
 * move the focus, Enter or Space picks a piece up and puts it down, Escape cancels; the hands'
 * pieces are buttons of their own). When a move may be played
 * both promoting and not, it asks over the square; when only one of them is legal, it plays it.
 * A right-drag draws an arrow, a right-click a ring; a click clears them. With `diagram` it is a
 * picture of a position: a table of named squares, nothing to focus or press.
 *
 * @event shogi-move - `CustomEvent<ShogiMoveDetail>`, bubbles and is composed: the user chose a
 *   move from `legalMoves`. The board does not play it; set `setup` and `legalMoves` again.
 * @event shogi-refused - `CustomEvent<ShogiRefusedDetail>`, bubbles and is composed: the user tried
 *   to put the selected piece where no legal move goes (the page may say why); nothing moved.
 * @event shogi-shapes - `CustomEvent<ShogiShapesDetail>`, bubbles and is composed: the user drew
 *   or cleared arrows and rings; `detail.shapes` is all of the user's shapes now.
 * @event shogi-square - `CustomEvent<ShogiSquareDetail>`, bubbles and is composed: with `editable`,
 *   a square was clicked (secondary: right-click); no moves are made then.
 *
 * @csspart board - the grid of squares
 * @csspart square - a square (a button named like "7g sente pawn"; a cell in a diagram)
 * @csspart piece - a piece's SVG, on the board, in hand and in the promotion choice
 * @csspart hand - a player's hand; also `hand-top` or `hand-bottom`
 * @csspart hand-piece - one kind of piece in hand (a button; an image in a diagram)
 * @csspart count - how many of a kind are in hand, shown from two up
 * @csspart coords - the file numbers and the rank labels
 * @csspart promotion - the promote / don't promote choice
 * @csspart shapes - the SVG of arrows and rings over the board
 *
 * @cssproperty --shogi-board-color - the board's wood
 * @cssproperty --shogi-line-color - grid lines and board border
 * @cssproperty --shogi-hand-color - the komadai
 * @cssproperty --shogi-piece-color - a piece's face
 * @cssproperty --shogi-piece-stroke - a piece's outline and move marks
 * @cssproperty --shogi-text-color - kanji, labels and coordinates
 * @cssproperty --shogi-promoted-color - kanji of promoted pieces
 * @cssproperty --shogi-last-move-color - squares of the last move
 * @cssproperty --shogi-selected-color - the selected piece's square
 * @cssproperty --shogi-focus-color - the ring around the square or hand piece that has the keyboard focus
 * @cssproperty --shogi-destination-color - marks on the squares the selection can go to
 * @cssproperty --shogi-check-color - the glow under a king in check
 * @cssproperty --shogi-font-family - kanji and labels
 * @cssproperty --shogi-brush-pv1 - arrows of the engine's best line; also -pv2 … -pv5
 * @cssproperty --shogi-brush-user - the user's arrows; also --shogi-brush-user-alt
 * @cssproperty --shogi-brush-preview - the arrow of a move under the pointer elsewhere
 */
@defineElement('shogi-board')
export class ShogiBoard extends LitElement {
  static override styles = [pieceStyles, boardStyles];

  /** What to draw. */
  @property({ attribute: false }) setup?: Setup;
  /** What the user may do; nothing is selectable when empty. */
  @property({ attribute: false }) legalMoves: Move[] = [];
  /** Whose side is at the bottom. */
  @property({ reflect: true }) orientation: Color = 'sente';
  @property({ attribute: false }) lastMove?: Move;
  /** The square of a king in check. */
  @property({ attribute: false }) check?: Square;
  /** Arrows and rings from outside (engine lines); the user's own are kept apart. */
  @property({ attribute: false }) shapes: BoardShape[] = [];
  @property({ reflect: true }) coordinates: CoordinateStyle = 'kanji';
  @property({ attribute: 'piece-set', reflect: true }) pieceSet: PieceSet = 'kanji';
  /** Editor mode: squares report clicks (shogi-square) instead of making moves. */
  @property({ type: Boolean, reflect: true }) editable = false;
  /** Diagram mode: nothing is interactive, and the squares are cells of a table, not buttons. */
  @property({ type: Boolean, reflect: true }) diagram = false;
  /** Milliseconds a move slides; 0 for none. Always none under prefers-reduced-motion. */
  @property({ type: Number }) animation = ANIMATION_MS;
  /** Language of the squares' and pieces' accessible names: "7f sente pawn" or "７六 歩 先手". */
  @property({ attribute: 'label-lang' }) labelLang: LabelLang = 'en';

  @state() private selection?: Selection;
  /** A move that is legal both promoting and not: the user is being asked which. */
  @state() private promotionChoice?: NormalMove;
  /** Whether a press began on the promotion choice since it opened: the click of the tap that
   * opened it lands on it too (a finger's tap on the square played 不成 at once). */
  private promotionPressed = false;
  @state() private userShapes: BoardShape[] = [];
  @state() private press?: Press;
  /** The square under a dragged piece. */
  @state() private hover?: Square;
  /** The one square in the Tab order (roving tabindex). */
  @state() private focusSquare?: Square;
  /** A pointer is down on the board: focus that arrives now is not the keyboard's. */
  private pointing = false;
  /** The focus came from the keyboard: arrow keys then move it about the grid. After a click
   * they are left to the page (the analysis page steps through the moves with them). */
  private keyboardFocus = false;
  @query('.promotion button') private promotionButton?: HTMLButtonElement;
  @query('.board') private boardElement?: HTMLElement;
  @query('.ghost') private ghost?: HTMLElement;
  /** Where a right-drag started. */
  private drawFrom?: Square;
  /** The move just emitted came from a drag: it is already where it lands. */
  private dropped = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A selection only makes sense against the moves it was made from.
    if (changed.has('setup') || changed.has('legalMoves')) {
      this.selection = undefined;
      this.promotionChoice = undefined;
      this.press = undefined;
      this.hover = undefined;
    }
  }

  protected override updated(changed: PropertyValues): void {
    // Keyboard users land on the choice they have to make; after the pointer's own focus change.
    if (changed.has('promotionChoice') && this.promotionChoice) setTimeout(() => this.promotionButton?.focus());
    if (changed.has('setup')) {
      const before = changed.get('setup') as Setup | undefined;
      const lastBefore = changed.has('lastMove') ? (changed.get('lastMove') as Move | undefined) : this.lastMove;
      if (!this.dropped) this.slideMove(before, lastBefore);
      this.dropped = false;
    }
  }

  override render() {
    const setup = this.setup;
    if (!setup) return nothing;
    const dims = DIMENSIONS[setup.variant];
    const flipped = this.orientation === 'gote';
    const files = range(dims.files).map((i) => (flipped ? i + 1 : dims.files - i));
    const ranks = range(dims.ranks).map((i) => (flipped ? dims.ranks - i : i + 1));
    const marks: Marks = {
      sources: new Set(this.legalMoves.flatMap((move) => (isDrop(move) ? [] : [move.from]))),
      destinations: new Set(this.selectedMoves().map((move) => move.to)),
    };
    const labels = this.coordinates === 'none' ? undefined : RANK_LABELS[this.coordinates];
    return html`<div class="frame">
      <div class=${classMap({ layout: true, coordinates: !!labels, dragging: !!this.press?.dragging })}
        style=${cssProps({ '--files': String(dims.files), '--ranks': String(dims.ranks) })}
        @pointerdown=${this.onPointerDown} @pointermove=${this.onPointerMove}
        @pointerup=${this.onPointerUp} @pointercancel=${this.onPointerCancel}
        @contextmenu=${(event: Event) => { if (!this.diagram) event.preventDefault(); }}>
        ${this.renderHand(setup, flipped ? 'sente' : 'gote', 'top')}
        ${labels
          ? html`<div class="files" part="coords" aria-hidden="true">
              ${files.map((file) => html`<span>${file}</span>`)}
            </div>
            <div class="ranks" part="coords" aria-hidden="true">
              ${ranks.map((rank) => html`<span>${labels[rank - 1]}</span>`)}
            </div>`
          : nothing}
        <div class="board" part="board" role=${this.diagram ? 'table' : 'grid'} aria-label=${this.labelLang === 'ja' ? '盤' : 'board'}
          @keydown=${this.onBoardKey} @focusin=${this.onBoardFocus}>
          ${ranks.map((rank) => html`<div class="row" role="row">
            ${files.map((file) => this.renderSquare(setup, dims, squareOf(file, rank, dims), marks))}
          </div>`)}
          ${this.renderShapes(setup, dims, flipped)}
          ${this.renderPromotionChoice(setup, dims)}
        </div>
        ${this.renderHand(setup, this.orientation, 'bottom')}
        ${this.renderGhost(setup)}
      </div>
    </div>`;
  }

  private renderSquare(setup: Setup, dims: Dimensions, sq: Square, marks: Marks): TemplateResult {
    const piece = setup.board[sq];
    const last = this.lastMove;
    const destination = marks.destinations.has(sq);
    const selected = this.selection !== undefined && 'square' in this.selection && this.selection.square === sq;
    const classes = {
      square: true,
      occupied: !!piece,
      movable: marks.sources.has(sq),
      selected,
      destination,
      hover: this.hover === sq && destination,
      origin: selected && !!this.press?.dragging,
      last: !!last && (last.to === sq || (!isDrop(last) && last.from === sq)),
      check: this.check === sq,
    };
    const ja = this.labelLang === 'ja';
    const name = ja
      ? japaneseSquare(sq, dims) + (piece ? ` ${roleName(piece.role, setup.variant, 'ja')} ${SIDE_NAMES_JA[piece.color]}` : '')
      : formatSquare(sq, dims) + (piece ? ` ${piece.color} ${roleName(piece.role, setup.variant)}` : '');
    const face = piece ? pieceSvg(piece, setup.variant, piece.color !== this.orientation, this.pieceSet) : nothing;
    if (this.diagram) return html`<div part="square" class=${classMap(classes)} data-square=${sq} role="cell" aria-label=${name}>${face}</div>`;
    // The cell is for the grid's accessibility tree; the button inside is the square.
    return html`<div class="cell" role="gridcell"><button part="square" class=${classMap(classes)} data-square=${sq}
      tabindex=${sq === this.tabSquare(setup, marks) ? 0 : -1}
      aria-label=${destination ? (ja ? `${name}（ここへ）` : `${name} (move here)`) : name}
      aria-pressed=${marks.sources.has(sq) ? String(selected) : nothing}
      @click=${(event: MouseEvent) => this.onSquareClick(event, sq)}>${face}</button></div>`;
  }

  private renderHand(setup: Setup, color: Color, side: 'top' | 'bottom'): TemplateResult {
    const hand = setup.hands[color];
    const selectedRole = this.selection && 'drop' in this.selection ? this.selection.drop : undefined;
    const ja = this.labelLang === 'ja', owner = SIDE_NAMES_JA[color];
    return html`<div class="hand ${side}" part="hand hand-${side}" role="group" aria-label=${ja ? `${owner}の持駒` : `${color} hand`}>
      ${HAND_ROLES.filter((role) => hand[role] > 0).map((role) => {
        // The side to move's pieces are live while it has moves, droppable or not: one that cannot
        // be dropped (its king in check, nifu on every file) is picked up to be told why.
        const live = color === setup.turn && this.legalMoves.length > 0;
        const selected = color === setup.turn && selectedRole === role;
        const origin = selected && !!this.press?.dragging && hand[role] === 1;
        const label = ja
          ? `${owner}の持駒 ${roleName(role, setup.variant, 'ja')} ${hand[role]}枚`
          : `${color} ${roleName(role, setup.variant)} in hand: ${hand[role]}`;
        const face = html`${pieceSvg({ color, role }, setup.variant, color !== this.orientation, this.pieceSet)}
          ${hand[role] > 1 ? html`<span class="count" part="count" data-count=${hand[role]}></span>` : nothing}`;
        if (this.diagram) return html`<span part="hand-piece" class="hand-piece" role="img" aria-label=${label}>${face}</span>`;
        return html`<button part="hand-piece" class=${classMap({ 'hand-piece': true, selected, origin })}
          data-role=${live ? role : nothing}
          ?disabled=${!live} aria-pressed=${selected} aria-label=${label}
          @click=${(event: MouseEvent) => this.onHandClick(event, role)}>${face}</button>`;
      })}
    </div>`;
  }

  private renderShapes(setup: Setup, dims: Dimensions, flipped: boolean) {
    const shapes = [...this.shapes, ...this.userShapes];
    if (shapes.length === 0) return nothing;
    return html`<svg class="shapes" part="shapes" viewBox=${overlayViewBox(dims)} preserveAspectRatio="none"
      aria-hidden="true">${shapes.map((shape) => shapeSvg(shape, dims, flipped, setup.variant, this.pieceSet))}</svg>`;
  }

  private renderGhost(setup: Setup) {
    const press = this.press;
    if (!press?.dragging) return nothing;
    const piece = 'square' in press.origin ? setup.board[press.origin.square] : { color: setup.turn, role: press.origin.drop };
    if (!piece) return nothing;
    return html`<div class="ghost" aria-hidden="true">
      ${pieceSvg(piece, setup.variant, piece.color !== this.orientation, this.pieceSet)}
    </div>`;
  }

  private renderPromotionChoice(setup: Setup, dims: Dimensions) {
    const choice = this.promotionChoice;
    const piece = choice && setup.board[choice.from];
    if (!choice || !piece) return nothing;
    const flipped = this.orientation === 'gote';
    // Placed on the destination's grid cell; the explicit spans keep an absolutely positioned
    // grid item from stretching to the board's edge.
    const column = flipped ? fileOf(choice.to, dims) : dims.files - fileOf(choice.to, dims) + 1;
    const row = flipped ? dims.ranks - rankOf(choice.to, dims) + 1 : rankOf(choice.to, dims);
    const promoted = { ...piece, role: promotedRole(piece.role) };
    const ja = this.labelLang === 'ja', name = (role: Role) => roleName(role, setup.variant, this.labelLang);
    const option = (promotion: boolean, label: string) =>
      html`<button aria-label=${label} @click=${(event: MouseEvent) => this.choosePromotion(event, { ...choice, promotion })}>
        ${pieceSvg(promotion ? promoted : piece, setup.variant, piece.color !== this.orientation, this.pieceSet)}
      </button>`;
    return html`<div class="promotion" part="promotion" role="group" aria-label=${ja ? '成りますか' : 'promote?'}
      style=${cssProps({ 'grid-area': `${row} / ${column} / span 1 / span 1` })} @keydown=${this.onPromotionKey}>
      ${option(true, ja ? `成る（${name(promoted.role)}）` : `promote to ${name(promoted.role)}`)}
      ${option(false, ja ? `成らない（${name(piece.role)}）` : `keep ${name(piece.role)}`)}
    </div>`;
  }

  /** A promotion choice clicked: by a press on it, or from the keyboard (a click of detail 0). */
  private choosePromotion(event: MouseEvent, move: NormalMove): void {
    if (event.detail !== 0 && !this.promotionPressed) return;
    this.emit(move);
  }

  /** The square that takes the Tab stop: the focused one, else the selection, the last move, a
   * piece that can move, or the top-left corner. */
  private tabSquare(setup: Setup, marks: Marks): Square {
    const size = setup.board.length;
    const selected = this.selection && 'square' in this.selection ? this.selection.square : undefined;
    const candidates = [this.focusSquare, selected, this.lastMove?.to, marks.sources.values().next().value];
    const found = candidates.find((sq) => sq !== undefined && sq < size);
    if (found !== undefined) return found;
    const dims = DIMENSIONS[setup.variant];
    return this.orientation === 'gote' ? squareOf(1, dims.ranks, dims) : squareOf(dims.files, 1, dims);
  }

  // ---- Keyboard: the grid's roving focus ----------------------------------------------------

  private onBoardFocus(event: FocusEvent): void {
    const sq = (event.composedPath()[0] as Element).closest?.<HTMLElement>('[data-square]')?.dataset.square;
    if (sq !== undefined) this.focusSquare = Number(sq);
    this.keyboardFocus = !this.pointing;
  }

  private onBoardKey(event: KeyboardEvent): void {
    const element = (event.composedPath()[0] as Element).closest?.<HTMLElement>('[data-square]');
    const setup = this.setup;
    if (!element || !setup || !this.keyboardFocus) return;
    if (event.key === 'Escape') {
      this.selection = undefined;
      this.promotionChoice = undefined;
      return;
    }
    const dims = DIMENSIONS[setup.variant];
    const flipped = this.orientation === 'gote';
    const sq = Number(element.dataset.square);
    // Screen coordinates: column 0 on the left, row 0 at the top.
    let column = flipped ? fileOf(sq, dims) - 1 : dims.files - fileOf(sq, dims);
    let row = flipped ? dims.ranks - rankOf(sq, dims) : rankOf(sq, dims) - 1;
    switch (event.key) {
      case 'ArrowLeft': column--; break;
      case 'ArrowRight': column++; break;
      case 'ArrowUp': row--; break;
      case 'ArrowDown': row++; break;
      case 'Home': column = 0; if (event.ctrlKey) row = 0; break;
      case 'End': column = dims.files - 1; if (event.ctrlKey) row = dims.ranks - 1; break;
      default: return;
    }
    event.preventDefault();
    column = Math.max(0, Math.min(dims.files - 1, column));
    row = Math.max(0, Math.min(dims.ranks - 1, row));
    const file = flipped ? column + 1 : dims.files - column;
    const rank = flipped ? dims.ranks - row : row + 1;
    this.focusOn(squareOf(file, rank, dims));
  }

  /** Moves the keyboard's focus to `sq` once drawn. */
  private focusOn(sq: Square): void {
    this.focusSquare = sq;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[data-square="${sq}"]`)?.focus());
  }

  /** The promotion choice is closing: if it held the focus, which would drop to the page, the
   * focus goes to `sq` (the move's square, or its start when the move was given up). */
  private keepFocusFromChoice(sq: Square): void {
    if ((this.renderRoot as ShadowRoot).activeElement?.closest('.promotion')) this.focusOn(sq);
  }

  /** Legal moves of the selected piece. */
  private selectedMoves(): Move[] {
    const selection = this.selection;
    if (!selection) return [];
    return this.legalMoves.filter((move) =>
      'drop' in selection ? isDrop(move) && move.role === selection.drop : !isDrop(move) && move.from === selection.square,
    );
  }

  /** Whether a legal move starts from `origin`; if not, and it is a piece of the side to move,
   * or the other side's picked up with nothing selected (not a capture tried), says so
   * (shogi-refused without `to`). */
  private pickUp(origin: Selection): boolean {
    const setup = this.setup, { square: from, drop } = origin as { square?: Square; drop?: HandRole };
    if (this.legalMoves.some((move) => (isDrop(move) ? move.role === drop : move.from === from))) return true;
    const piece = from === undefined ? undefined : setup?.board[from];
    if (setup && (drop || piece?.color === setup.turn || (piece && !this.selection)) && this.legalMoves.length > 0) this.emitRefused({ from, drop });
    return false;
  }

  /** Plays the selection's move to `sq` (asking about promotion); false when there is none. */
  private moveTo(sq: Square, dragged: boolean): boolean {
    const moves = this.selectedMoves().filter((move) => move.to === sq);
    // Two moves to one square differ only in promotion.
    if (moves.length > 1) {
      this.promotionChoice = moves[0] as NormalMove;
      this.promotionPressed = false;
    }
    else if (moves.length === 1) this.emit(moves[0], dragged);
    return moves.length > 0;
  }

  // ---- Keyboard (and programmatic) activation: clicks without a pointer press --------------
  // Pointer clicks are handled from pointerdown/pointerup, where drags are told apart.

  private onSquareClick(event: MouseEvent, sq: Square): void {
    if (event.detail !== 0) return;
    if (this.editable) return this.emitSquare(sq, 'primary');
    this.promotionChoice = undefined;
    if (this.moveTo(sq, false)) return;
    this.refuse(sq);
    const again = this.selection && 'square' in this.selection && this.selection.square === sq;
    this.selection = this.pickUp({ square: sq }) && !again ? { square: sq } : undefined;
  }

  private onHandClick(event: MouseEvent, role: HandRole): void {
    if (event.detail !== 0) return;
    this.promotionChoice = undefined;
    const again = this.selection && 'drop' in this.selection && this.selection.drop === role;
    this.selection = again || !this.pickUp({ drop: role }) ? undefined : { drop: role };
  }

  // ---- Pointer: click-click, drag and drop, right-drag arrows -------------------------------

  private onPointerDown(event: PointerEvent): void {
    if (this.diagram) return;
    this.pointing = true;
    const target = event.composedPath()[0] as Element;
    if (target.closest?.('.promotion')) { this.promotionPressed = true; return; }
    const squareElement = target.closest?.<HTMLElement>('[data-square]');
    const sq = squareElement ? Number(squareElement.dataset.square) : undefined;
    if (event.button === 2) {
      if (sq !== undefined && !this.editable) {
        this.drawFrom = sq;
        this.capture(event);
      } else if (sq !== undefined) this.emitSquare(sq, 'secondary');
      return;
    }
    if (event.button !== 0) return;
    if (this.editable) {
      if (sq !== undefined) this.emitSquare(sq, 'primary');
      return;
    }
    if (this.userShapes.length > 0) this.setUserShapes([]);
    // A press anywhere but on the open promotion choice cancels the move it asked about.
    if (this.promotionChoice) {
      this.promotionChoice = undefined;
      this.selection = undefined;
      return;
    }
    const role = target.closest?.<HTMLElement>('[data-role]')?.dataset.role as HandRole | undefined;
    if (sq !== undefined && this.moveTo(sq, false)) return;
    if (sq !== undefined) this.refuse(sq);
    let origin: Selection | undefined;
    if (role) origin = { drop: role };
    else if (sq !== undefined) origin = { square: sq };
    if (!origin || !this.pickUp(origin)) {
      this.selection = undefined;
      return;
    }
    const selection = this.selection;
    const again = !!selection && ('drop' in origin
      ? 'drop' in selection && selection.drop === origin.drop
      : 'square' in selection && selection.square === origin.square);
    this.selection = origin;
    this.press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, origin, again, dragging: false };
    this.capture(event);
    // No text selection, no native drag of the button, no page scroll under a finger.
    event.preventDefault();
  }

  private onPointerMove(event: PointerEvent): void {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      this.press = { ...press, dragging: true };
    }
    this.hover = this.squareAt(event.clientX, event.clientY);
    this.placeGhost(event.clientX, event.clientY);
  }

  private onPointerUp(event: PointerEvent): void {
    this.pointing = false;
    if (this.drawFrom !== undefined && event.button === 2) {
      const to = this.squareAt(event.clientX, event.clientY);
      if (to !== undefined) this.toggleUserShape(this.drawFrom, to, event.shiftKey || event.ctrlKey || event.altKey);
      this.drawFrom = undefined;
      return;
    }
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    this.press = undefined;
    this.hover = undefined;
    if (!press.dragging) {
      if (press.again) this.selection = undefined;
      return;
    }
    const to = this.squareAt(event.clientX, event.clientY);
    const home = 'square' in press.origin && press.origin.square === to;
    if (to === undefined || home || !this.moveTo(to, true)) {
      if (to !== undefined && !home) this.refuse(to);
      if (!home) this.selection = undefined;
    }
  }

  private onPointerCancel(): void {
    this.pointing = false;
    this.press = undefined;
    this.hover = undefined;
    this.drawFrom = undefined;
  }

  private capture(event: PointerEvent): void {
    try {
      (event.currentTarget as Element).setPointerCapture(event.pointerId);
    } catch {
      // A synthetic event has no active pointer to capture; moves still reach the board.
    }
  }

  private placeGhost(x: number, y: number): void {
    const place = () => {
      const ghost = this.ghost;
      if (!ghost) return;
      // Where a fixed element's origin lies depends on its ancestors (a container, a transform
      // or a filter on the blogger's page moves it): measured where it stands untransformed.
      ghost.style.transform = 'none';
      const at = ghost.getBoundingClientRect();
      ghost.style.transform = `translate(${x - at.left - at.width / 2}px, ${y - at.top - at.height / 2}px)`;
    };
    place();
    // The ghost appears in the render the first move triggers.
    if (!this.ghost) void this.updateComplete.then(place);
  }

  /** The square under a point of the viewport. */
  private squareAt(x: number, y: number): Square | undefined {
    const board = this.boardElement;
    const setup = this.setup;
    if (!board || !setup) return undefined;
    const dims = DIMENSIONS[setup.variant];
    const rect = board.getBoundingClientRect();
    const border = board.clientLeft;
    const column = Math.floor(((x - rect.left - border) / (rect.width - 2 * border)) * dims.files);
    const row = Math.floor(((y - rect.top - border) / (rect.height - 2 * border)) * dims.ranks);
    if (column < 0 || column >= dims.files || row < 0 || row >= dims.ranks) return undefined;
    const flipped = this.orientation === 'gote';
    const file = flipped ? column + 1 : dims.files - column;
    const rank = flipped ? dims.ranks - row : row + 1;
    return squareOf(file, rank, dims);
  }

  private toggleUserShape(from: Square, to: Square, alt: boolean): void {
    const shape: BoardShape = from === to ? { to, brush: alt ? 'user-alt' : 'user' } : { from, to, brush: alt ? 'user-alt' : 'user' };
    const existing = this.userShapes.find((s) => sameShape(s, shape));
    const others = this.userShapes.filter((s) => !sameShape(s, shape));
    this.setUserShapes(existing && existing.brush === shape.brush ? others : [...others, shape]);
  }

  /** Replaces the user's arrows and rings (e.g. to clear them when the position changes). */
  setUserShapes(shapes: BoardShape[]): void {
    this.userShapes = shapes;
    this.dispatchEvent(new CustomEvent<ShogiShapesDetail>('shogi-shapes', { detail: { shapes }, bubbles: true, composed: true }));
  }

  /** The user's arrows and rings. */
  get drawnShapes(): BoardShape[] {
    return this.userShapes;
  }

  // ---- Animation ----------------------------------------------------------------------------

  /**
   * Slides the piece of a move one ply forward (the new last move) or back (the old one undone),
   * from the square it left; any other change of position just appears.
   */
  private slideMove(before: Setup | undefined, lastBefore: Move | undefined): void {
    const setup = this.setup;
    if (!before || !setup || before.variant !== setup.variant || this.animation <= 0) return;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const last = this.lastMove;
    let slide: [Square, Square] | undefined;
    if (last && !isDrop(last) && before.board[last.from] && !setup.board[last.from]) slide = [last.from, last.to];
    else if (lastBefore && !isDrop(lastBefore) && !before.board[lastBefore.from] && setup.board[lastBefore.from]) {
      slide = [lastBefore.to, lastBefore.from];
    }
    if (!slide) return;
    const [from, to] = slide;
    const square = (sq: Square) => this.renderRoot.querySelector<HTMLElement>(`[data-square="${sq}"]`);
    const start = square(from)?.getBoundingClientRect();
    const end = square(to);
    const piece = end?.querySelector('.piece');
    if (!start || !end || !piece) return;
    const rect = end.getBoundingClientRect();
    end.classList.add('animating');
    const animation = piece.animate(
      [{ translate: `${start.left - rect.left}px ${start.top - rect.top}px` }, { translate: '0 0' }],
      { duration: this.animation, easing: 'ease-out' },
    );
    const done = () => end.classList.remove('animating');
    animation.onfinish = done;
    animation.oncancel = done;
  }

  private onPromotionKey(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    if (this.promotionChoice) this.keepFocusFromChoice(this.promotionChoice.from);
    this.promotionChoice = undefined;
    this.selection = undefined;
  }

  private emit(move: Move, dragged = false): void {
    if (this.promotionChoice) this.keepFocusFromChoice(move.to);
    this.selection = undefined;
    this.promotionChoice = undefined;
    this.dropped = dragged;
    this.dispatchEvent(
      new CustomEvent<ShogiMoveDetail>('shogi-move', { detail: { move, dragged }, bubbles: true, composed: true }),
    );
  }

  /** The selected piece cannot go to `sq`, where no legal move goes: say so. A square holding a
   * piece of the side to move is a new selection (or none), not a try. */
  private refuse(sq: Square): void {
    const selection = this.selection, setup = this.setup;
    if (!selection || !setup || setup.board[sq]?.color === setup.turn) return;
    this.emitRefused('drop' in selection ? { drop: selection.drop, to: sq } : { from: selection.square, to: sq });
  }

  private emitRefused(detail: ShogiRefusedDetail): void {
    this.dispatchEvent(new CustomEvent<ShogiRefusedDetail>('shogi-refused', { detail, bubbles: true, composed: true }));
  }

  private emitSquare(square: Square, button: ShogiSquareDetail['button']): void {
    this.dispatchEvent(
      new CustomEvent<ShogiSquareDetail>('shogi-square', { detail: { square, button }, bubbles: true, composed: true }),
    );
  }
}

/** The sides in the board's Japanese names. */

/** The language of the accessible names of squares and pieces. */
export type LabelLang = 'en' | 'ja';

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-board': ShogiBoard;
  }
  interface HTMLElementEventMap {
    'shogi-move': CustomEvent<ShogiMoveDetail>;
    'shogi-refused': CustomEvent<ShogiRefusedDetail>;
    'shogi-shapes': CustomEvent<ShogiShapesDetail>;
    'shogi-square': CustomEvent<ShogiSquareDetail>;
  }
}
