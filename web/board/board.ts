import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import {
  DIMENSIONS, HAND_ROLES, fileOf, isDrop, rankOf, squareOf,
  type Color, type Dimensions, type HandRole, type Move, type NormalMove, type Setup, type Square,
} from '../../src/rules/types.js';
import { formatSquare } from '../../src/notation/square.js';
import { pieceSvg, promotedRole, roleName } from './piece.js';
import { boardStyles } from './styles.js';

const RANK_KANJI = '一二三四五六七八九';

type Selection = { square: Square } | { drop: HandRole };

/** Squares whose piece can move, and where the selected piece can go. */
interface Marks {
  sources: Set<Square>;
  destinations: Set<Square>;
}

export interface ShogiMoveDetail {
  move: Move;
}

/**
 * A board with both hands (komadai) for shogi, minishogi and dobutsu shogi. It knows no rules:
 * it draws `setup` and lets the user choose one of `legalMoves` by clicking a piece (on the
 * board or in hand) and then a destination. When a move may be played both promoting and not,
 * it asks; when only one of them is legal, it plays that one.
 *
 * @event shogi-move - `CustomEvent<{ move: Move }>`, bubbles and is composed: the user chose a
 *   move from `legalMoves`. The board does not play it; set `setup` and `legalMoves` again.
 *
 * @csspart board - the grid of squares
 * @csspart square - a square (a button named like "7g sente pawn")
 * @csspart piece - a piece's SVG, on the board, in hand and in the promotion choice
 * @csspart hand - a player's hand; also `hand-top` or `hand-bottom`
 * @csspart hand-piece - one kind of piece in hand (a button)
 * @csspart count - how many of a kind are in hand, shown from two up
 * @csspart coords - the file numbers and the rank labels
 * @csspart promotion - the promote / don't promote choice
 *
 * @cssproperty --shogi-board-color - the board's wood
 * @cssproperty --shogi-line-color - grid lines and board border
 * @cssproperty --shogi-hand-color - the komadai
 * @cssproperty --shogi-piece-color - a piece's face
 * @cssproperty --shogi-piece-stroke - a piece's outline
 * @cssproperty --shogi-text-color - kanji, labels and coordinates
 * @cssproperty --shogi-promoted-color - kanji of promoted pieces
 * @cssproperty --shogi-last-move-color - squares of the last move
 * @cssproperty --shogi-selected-color - the selected piece's square
 * @cssproperty --shogi-destination-color - marks on the squares the selection can go to
 * @cssproperty --shogi-check-color - the glow under a king in check
 * @cssproperty --shogi-font-family - kanji and labels
 */
@customElement('shogi-board')
export class ShogiBoard extends LitElement {
  static override styles = boardStyles;

  /** What to draw. */
  @property({ attribute: false }) setup?: Setup;
  /** What the user may do; nothing is selectable when empty. */
  @property({ attribute: false }) legalMoves: Move[] = [];
  /** Whose side is at the bottom. */
  @property({ reflect: true }) orientation: Color = 'sente';
  @property({ attribute: false }) lastMove?: Move;
  /** The square of a king in check. */
  @property({ attribute: false }) check?: Square;

  @state() private selection?: Selection;
  /** A move that is legal both promoting and not: the user is being asked which. */
  @state() private promotionChoice?: NormalMove;
  @query('.promotion button') private promotionButton?: HTMLButtonElement;

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A selection only makes sense against the moves it was made from.
    if (changed.has('setup') || changed.has('legalMoves')) {
      this.selection = undefined;
      this.promotionChoice = undefined;
    }
  }

  protected override updated(changed: PropertyValues): void {
    // Keyboard users land on the choice they have to make.
    if (changed.has('promotionChoice') && this.promotionChoice) this.promotionButton?.focus();
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
    return html`<div class="frame">
      <div class="layout" style="--files: ${dims.files}; --ranks: ${dims.ranks}">
        ${this.renderHand(setup, flipped ? 'sente' : 'gote', 'top')}
        <div class="files" part="coords" aria-hidden="true">
          ${files.map((file) => html`<span>${file}</span>`)}
        </div>
        <div class="ranks" part="coords" aria-hidden="true">
          ${ranks.map((rank) => html`<span>${RANK_KANJI[rank - 1]}</span>`)}
        </div>
        <div class="board" part="board" role="group" aria-label="board">
          ${ranks.map((rank) =>
            files.map((file) => this.renderSquare(setup, dims, squareOf(file, rank, dims), marks)),
          )}
          ${this.renderPromotionChoice(setup, dims)}
        </div>
        ${this.renderHand(setup, this.orientation, 'bottom')}
      </div>
    </div>`;
  }

  private renderSquare(setup: Setup, dims: Dimensions, sq: Square, marks: Marks): TemplateResult {
    const piece = setup.board[sq];
    const last = this.lastMove;
    const destination = marks.destinations.has(sq);
    const classes = {
      square: true,
      occupied: !!piece,
      selected: this.selection !== undefined && 'square' in this.selection && this.selection.square === sq,
      destination,
      last: !!last && (last.to === sq || (!isDrop(last) && last.from === sq)),
      check: this.check === sq,
    };
    const name = formatSquare(sq, dims) + (piece ? ` ${piece.color} ${roleName(piece.role, setup.variant)}` : '');
    return html`<button part="square" class=${classMap(classes)}
      aria-label=${destination ? `${name} (move here)` : name}
      aria-pressed=${marks.sources.has(sq) ? String(classes.selected) : nothing}
      @click=${() => this.onSquare(sq)}>
      ${piece ? pieceSvg(piece, setup.variant, piece.color !== this.orientation) : nothing}
    </button>`;
  }

  private renderHand(setup: Setup, color: Color, side: 'top' | 'bottom'): TemplateResult {
    const hand = setup.hands[color];
    const selectedRole = this.selection && 'drop' in this.selection ? this.selection.drop : undefined;
    return html`<div class="hand ${side}" part="hand hand-${side}" role="group" aria-label="${color} hand">
      ${HAND_ROLES.filter((role) => hand[role] > 0).map((role) => {
        const droppable = color === setup.turn && this.legalMoves.some((m) => isDrop(m) && m.role === role);
        const selected = color === setup.turn && selectedRole === role;
        return html`<button part="hand-piece" class=${classMap({ 'hand-piece': true, selected })}
          ?disabled=${!droppable} aria-pressed=${selected}
          aria-label="${color} ${roleName(role, setup.variant)} in hand: ${hand[role]}"
          @click=${() => this.onHandPiece(role)}>
          ${pieceSvg({ color, role }, setup.variant, color !== this.orientation)}
          ${hand[role] > 1 ? html`<span class="count" part="count">${hand[role]}</span>` : nothing}
        </button>`;
      })}
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
    const option = (promotion: boolean, label: string) =>
      html`<button aria-label=${label} @click=${() => this.emit({ ...choice, promotion })}>
        ${pieceSvg(promotion ? promoted : piece, setup.variant, piece.color !== this.orientation)}
      </button>`;
    return html`<div class="promotion" part="promotion" role="group" aria-label="promote?"
      style="grid-area: ${row} / ${column} / span 1 / span 1" @keydown=${this.onPromotionKey}>
      ${option(true, `promote to ${roleName(promoted.role, setup.variant)}`)}
      ${option(false, `keep ${roleName(piece.role, setup.variant)}`)}
    </div>`;
  }

  /** Legal moves of the selected piece. */
  private selectedMoves(): Move[] {
    const selection = this.selection;
    if (!selection) return [];
    return this.legalMoves.filter((move) =>
      'drop' in selection ? isDrop(move) && move.role === selection.drop : !isDrop(move) && move.from === selection.square,
    );
  }

  private onSquare(sq: Square): void {
    this.promotionChoice = undefined;
    const moves = this.selectedMoves().filter((move) => move.to === sq);
    // Two moves to one square differ only in promotion.
    if (moves.length > 1) this.promotionChoice = moves[0] as NormalMove;
    else if (moves.length === 1) this.emit(moves[0]);
    else {
      const movable = this.legalMoves.some((move) => !isDrop(move) && move.from === sq);
      const again = this.selection && 'square' in this.selection && this.selection.square === sq;
      this.selection = movable && !again ? { square: sq } : undefined;
    }
  }

  private onHandPiece(role: HandRole): void {
    this.promotionChoice = undefined;
    const again = this.selection && 'drop' in this.selection && this.selection.drop === role;
    this.selection = again ? undefined : { drop: role };
  }

  private onPromotionKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') this.promotionChoice = undefined;
  }

  private emit(move: Move): void {
    this.selection = undefined;
    this.promotionChoice = undefined;
    this.dispatchEvent(
      new CustomEvent<ShogiMoveDetail>('shogi-move', { detail: { move }, bubbles: true, composed: true }),
    );
  }
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-board': ShogiBoard;
  }
  interface HTMLElementEventMap {
    'shogi-move': CustomEvent<ShogiMoveDetail>;
  }
}
