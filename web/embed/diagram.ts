import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define-element.js';
import { BodReader } from '../../src/notation/bod.js';
import { parseSfen } from '../../src/notation/sfen.js';
import { parseSquare } from '../../src/notation/square.js';
import { parseUsiMove } from '../../src/notation/usi.js';
import { DIMENSIONS, fail, isDrop, ok, type Move, type Result, type Setup } from '../../src/rules/types.js';
import type { Reported } from '../errors-ja.js';
import '../board/component.js';
import type { BoardShape, CoordinateStyle, PieceSet } from '../board/component.js';
import { errorText, langOf, text, type Lang } from './i18n.js';
import { inlineText } from './inline-text.js';
import { widgetStyles } from './styles.js';

/**
 * A static diagram: pure rendering, no wasm and no worker. The position comes from `sfen` or
 * from a KIF/KI2 board diagram (BOD) written inside the element. Like the other widgets it
 * stands on its theme's background, which its caption is coloured for (`theme="dark"`, or a
 * dark system theme, on a light blog).
 *
 * @csspart figure - the diagram and its caption
 * @csspart board - the `<shogi-board>`; its own parts are exported as board-*
 * @csspart caption - the caption
 * @csspart error - the message shown for a diagram that cannot be read
 */
@defineElement('shogi-diagram')
export class ShogiDiagram extends LitElement {
  static override styles = [widgetStyles, css`
    figure { margin: 0; }
    figcaption { text-align: center; margin-top: 0.4rem; color: var(--_muted); }
  `];

  @property() sfen?: string;
  @property() caption?: string;
  /** The last move, in USI (7g7f, P*5e). */
  @property({ attribute: 'last-move' }) lastMove?: string;
  /** Arrows, USI-like, separated by spaces or commas: "7g7f 2b8h"; a drop ("P*5e") is drawn as
   * the side to move's piece, faint, in a ring, as the analysis board draws one. */
  @property() arrows?: string;
  /** Squares to ring: "5e 3c". */
  @property() marks?: string;
  @property({ type: Boolean, reflect: true }) flip = false;
  @property() coordinates: CoordinateStyle = 'kanji';
  @property({ attribute: 'piece-set' }) pieceSet: PieceSet = 'kanji';

  @state() private setup?: Setup;
  @state() private error?: string;
  private uiLang: Lang = 'en';

  override connectedCallback(): void {
    super.connectedCallback();
    this.uiLang = langOf(this);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('sfen') || !this.hasUpdated) {
      const read = this.sfen ? readSfen(this.sfen) : readDiagram(inlineText(this));
      this.setup = read.ok ? read.value : undefined;
      this.error = undefined;
      if (!read.ok) void this.refused(read.error);
    }
  }

  /** Why the position cannot be shown, in the widget's language, unless another took its place. */
  private async refused(error: Reported): Promise<void> {
    const sfen = this.sfen, why = await errorText(this.uiLang, error);
    if (this.sfen === sfen) this.error = why;
  }

  override render() {
    const t = text(this.uiLang);
    if (!this.setup) return html`<div class="widget">${this.error ? html`<p class="error" part="error" role="alert">${t.badSfen}: ${this.error}</p>` : nothing}</div>`;
    const setup = this.setup;
    const dims = DIMENSIONS[setup.variant];
    const last = this.lastMove ? parseUsiMove(this.lastMove, setup.variant) : undefined;
    const move: Move | undefined = last?.ok ? last.value : undefined;
    const shapes: BoardShape[] = [];
    for (const item of words(this.arrows)) {
      const arrow = parseUsiMove(item, setup.variant);
      const move = arrow.ok ? arrow.value : undefined;
      if (move) shapes.push(isDrop(move) ? { to: move.to, drop: move.role, color: setup.turn, brush: 'pv1' } : { from: move.from, to: move.to, brush: 'pv1' });
    }
    for (const item of words(this.marks)) {
      const sq = parseSquare(item, dims);
      if (sq !== undefined) shapes.push({ to: sq, brush: 'user' });
    }
    return html`<figure class="widget" part="figure" aria-label=${this.caption ?? t.board}>
      <shogi-board part="board" exportparts="board: board-grid, square: board-square, piece: board-piece, hand: board-hand"
        diagram .setup=${setup} .lastMove=${move} .shapes=${shapes} orientation=${this.flip ? 'gote' : 'sente'}
        coordinates=${this.coordinates} piece-set=${this.pieceSet} label-lang=${this.uiLang}></shogi-board>
      ${this.caption ? html`<figcaption part="caption">${this.caption}</figcaption>` : nothing}
    </figure>`;
  }
}

function words(list?: string): string[] {
  return (list ?? '').split(/[\s,]+/).filter(Boolean);
}

function readSfen(sfen: string): Result<Setup, Reported> {
  return parseSfen(sfen.trim());
}

/** A BOD diagram (hands, board rows, side to move) or, failing that, an SFEN as text. */
function readDiagram(source: string): Result<Setup, Reported> {
  if (!source.trim()) return fail({ message: 'no sfen attribute and no board diagram inside' });
  if (!source.includes('|')) return readSfen(source);
  const reader = new BodReader();
  for (const [index, line] of source.split('\n').entries()) {
    const taken = reader.take(line.trimEnd(), index + 1);
    if (typeof taken === 'string') return fail({ message: taken, line: index + 1 });
  }
  const setup = reader.setup();
  return setup.ok ? ok(setup.value) : fail({ message: setup.error.message, line: setup.error.row?.lineNumber });
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-diagram': ShogiDiagram;
  }
}
