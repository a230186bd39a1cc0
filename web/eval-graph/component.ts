import { LitElement, html, nothing, svg } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define-element.js';
import { DEFAULT_WIN_CHANCE_SCALE, formatScore, winChance, type Score, type ScoreStyle } from '../score.js';
import type { LabelLang } from '../board/component.js';
import { evalGraphStyles } from './styles.js';

export interface ShogiGraphDetail {
  /** Plies from the start of the main line. */
  ply: number;
}

const WIDTH = 1000;
const HEIGHT = 100;

/**
 * Sente's winning chance over the whole main line, filled as a background analysis scores each
 * position, with that analysis's progress under it. Clicking (or tapping) the graph asks to go
 * to the move under the pointer.
 *
 * @event shogi-graph-select - `CustomEvent<ShogiGraphDetail>`, bubbles and is composed: the user
 *   clicked the graph at a ply.
 *
 * @csspart chart - the graph's box
 * @csspart status - the progress line under it, or the placeholder (on the page's background:
 *   over the graph it would have to contrast with the gote colour)
 *
 * @cssproperty --shogi-graph-height - the graph's height
 * @cssproperty --shogi-graph-sente-color - sente's share
 * @cssproperty --shogi-graph-gote-color - gote's share
 * @cssproperty --shogi-graph-current-color - the current move's line
 * @cssproperty --shogi-graph-muted-color - texts
 */
@defineElement('shogi-eval-graph')
export class ShogiEvalGraph extends LitElement {
  static override styles = evalGraphStyles;

  /** Index = plies from the start (0 = the initial position); from sente's side; gaps allowed. */
  @property({ attribute: false }) scores: (Score | undefined)[] = [];
  /** The current ply, or -1 when the current move is off the main line. */
  @property({ type: Number }) ply = -1;
  /** Moves played before the first score's position (a record from 手数＝30 starts at 30): the
   * plies it names are numbered as the game's moves are. */
  @property({ type: Number, attribute: 'first-ply' }) firstPly = 0;
  /** The background analysis's progress, 0 to 1; undefined when none runs. */
  @property({ type: Number }) progress?: number;
  /** See <shogi-eval-bar>. */
  @property({ type: Number }) scale = DEFAULT_WIN_CHANCE_SCALE;
  @property() notation: ScoreStyle = 'western';
  @property() placeholder = '';
  /** The language of what it says (its name, the ply pointed at, the progress), as the board's. */
  @property({ attribute: 'label-lang' }) labelLang: LabelLang = 'en';

  @state() private hover?: number;

  override render() {
    const scores = this.scores;
    const plies = Math.max(scores.length - 1, 1);
    const x = (ply: number) => (ply / plies) * WIDTH;
    const y = (score: Score | undefined) => HEIGHT * (1 - (score ? winChance(score, this.scale) : 0.5));
    const analysed = scores.some((s) => s !== undefined);
    let previous: Score | undefined;
    const points = scores.map((score, ply) => {
      // A position not scored yet draws level with the one before it.
      previous = score ?? previous;
      return `${x(ply).toFixed(1)},${y(previous).toFixed(1)}`;
    });
    const area = analysed ? `0,${HEIGHT} ${points.join(' ')} ${x(scores.length - 1).toFixed(1)},${HEIGHT}` : '';
    const hover = this.hover;
    const hoverScore = hover !== undefined ? scores[hover] : undefined;
    const ja = this.labelLang === 'ja';
    const label = ja ? `評価値グラフ（${analysed ? `${scores.length - 1}手` : '未解析'}）`
      : analysed ? `evaluation graph over ${scores.length - 1} plies` : 'evaluation graph (not analysed yet)';
    return html`<div class="chart" part="chart" role="img" aria-label=${label}
        @click=${this.onClick} @pointermove=${this.onMove} @pointerleave=${() => (this.hover = undefined)}>
        <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" aria-hidden="true">
          ${analysed ? svg`<polygon class="area" points=${area} />` : nothing}
          <line class="middle" x1="0" x2=${WIDTH} y1=${HEIGHT / 2} y2=${HEIGHT / 2} />
          ${this.ply >= 0 && this.ply < scores.length
            ? svg`<line class="cursor" x1=${x(this.ply)} x2=${x(this.ply)} y1="0" y2=${HEIGHT} />`
            : nothing}
          ${hover !== undefined ? svg`<line class="hover" x1=${x(hover)} x2=${x(hover)} y1="0" y2=${HEIGHT} />` : nothing}
        </svg>
        ${hover !== undefined
          ? html`<span class="tip" style=${`left: min(${(hover / plies) * 100}%, calc(100% - 7rem))`}>
              ${ja ? `${hover + this.firstPly}手目` : `ply ${hover + this.firstPly}`}${hoverScore ? `: ${formatScore(hoverScore, this.notation)}` : ''}</span>`
          : nothing}
      </div>
      <div class="status" part="status" aria-live="polite">
        ${this.progress !== undefined
          ? html`<progress max="1" .value=${this.progress}></progress>
              <span>${ja ? '棋譜解析中' : 'analysing the game'}: ${Math.round(this.progress * 100)}%</span>`
          : analysed ? nothing : this.placeholder}
      </div>`;
  }

  /** The ply under a viewport x coordinate. */
  private plyAt(clientX: number): number | undefined {
    const chart = this.renderRoot.querySelector('.chart');
    if (!chart || this.scores.length === 0) return undefined;
    const rect = chart.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    return Math.round(fraction * Math.max(this.scores.length - 1, 0));
  }

  private onMove(event: PointerEvent): void {
    this.hover = this.plyAt(event.clientX);
  }

  private onClick(event: MouseEvent): void {
    const ply = this.plyAt(event.clientX);
    if (ply === undefined) return;
    this.dispatchEvent(new CustomEvent<ShogiGraphDetail>('shogi-graph-select', { detail: { ply }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-eval-graph': ShogiEvalGraph;
  }
  interface HTMLElementEventMap {
    'shogi-graph-select': CustomEvent<ShogiGraphDetail>;
  }
}
