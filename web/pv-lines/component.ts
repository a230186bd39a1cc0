import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define-element.js';
import type { SearchInfo } from '../../src/engine/client.js';
import type { Position } from '../../src/rules/position.js';
import { opponent, type Square } from '../../src/rules/types.js';
import { SIDE_NAMES_JA } from '../../src/notation/japanese.js';
import { lineNames, type MoveNotation } from '../move-names.js';
import type { LabelLang } from '../board/component.js';
import { formatScore, senteScore } from '../score.js';
import { pvLinesStyles } from './styles.js';

export interface ShogiPvDetail {
  /** USI moves from the lines' position, up to and including the one pointed at. */
  moves: string[];
  /** The line's rank, 1 for the best. */
  multipv: number;
}

/**
 * The engine's lines (multi-PV), best first, each with its score from sente's side, and the
 * search's depth, nodes and speed. Moves are named in Japanese, Western or USI notation; each is
 * a button: pointing at it (or focusing it) previews the position after it, clicking plays the
 * line up to it. The lines are one Tab stop (a roving tabindex: five lines of fourteen moves are
 * not seventy stops on the way to the move tree); ←/→, Home/End move along a line, ↑/↓ between
 * lines. New lines arrive under a still pointer: the move under it is then announced
 * again, so that the preview always shows what a click would play.
 *
 * @event shogi-pv-hover - `CustomEvent<ShogiPvDetail | null>`, bubbles and is composed: the
 *   pointer or focus is on a move of a line, or that line changed under it; `null` when it left
 *   the lines, or the move under it is gone.
 * @event shogi-pv-play - `CustomEvent<ShogiPvDetail>`, bubbles and is composed: a move was
 *   clicked; play the line up to it.
 *
 * @csspart stats - depth, nodes, speed
 * @csspart line - one line (a list item)
 * @csspart score - a line's score
 * @csspart move - a move of a line (a button)
 * @csspart mate - the notice of a forced mate
 *
 * @cssproperty --shogi-pv-text-color - text
 * @cssproperty --shogi-pv-muted-color - the figures and the empty state
 * @cssproperty --shogi-pv-hover-color - background of the move pointed at
 * @cssproperty --shogi-pv-mate-color - mate scores and the mate notice
 * @cssproperty --shogi-pv-mate-background - the mate notice's background
 * @cssproperty --shogi-brush-pv1 - the marker of the best line, the colour of its arrow on the board; also -pv2 … -pv5
 */
@defineElement('shogi-pv-lines')
export class ShogiPvLines extends LitElement {
  static override styles = pvLinesStyles;

  /** The latest info of each line (multipv 1…n), scores from the side to move as the engine gives them. */
  @property({ attribute: false }) lines: SearchInfo[] = [];
  /** The position the lines start from. */
  @property({ attribute: false }) position?: Position;
  /** The move that led to `position`, for 同 in Japanese names. */
  @property({ attribute: false }) lastTo?: Square;
  @property() notation: MoveNotation = 'japanese';
  /** Moves shown per line; the rest are left out. */
  @property({ type: Number, attribute: 'max-moves' }) maxMoves = 14;
  /** What to say when there are no lines. */
  @property() placeholder = '';
  /** The language of its figures and its mate notice, as the board's. */
  @property({ attribute: 'label-lang' }) labelLang: LabelLang = 'en';

  /** The move under the pointer or focus, and the moves last announced for it. */
  private hovered?: { multipv: number; index: number; moves: string[] };
  /** The move that takes the Tab stop: the one last focused, else the best line's first. */
  @state() private tabStop = { multipv: 1, index: 0 };

  protected override updated(changed: PropertyValues<this>): void {
    const hovered = this.hovered;
    if (!hovered || !(changed.has('lines') || changed.has('position') || changed.has('maxMoves'))) return;
    // The button stays where it was; what it names is the new line's move at that place.
    const button = this.renderRoot.querySelector(`li[data-multipv="${hovered.multipv}"] .moves button:nth-of-type(${hovered.index + 1})`);
    const line = this.lines.find((l) => l.multipv === hovered.multipv);
    if (!button || !line) return this.leave();
    const moves = line.pv.slice(0, hovered.index + 1);
    if (moves.join(' ') !== hovered.moves.join(' ')) this.emitHover(line, hovered.index);
  }

  override render() {
    const position = this.position;
    const lines = [...this.lines].sort((a, b) => a.multipv - b.multipv);
    const best = lines[0];
    if (!position || !best) return this.placeholder ? html`<p class="empty">${this.placeholder}</p>` : nothing;
    const turn = position.turn;
    const work = position.clone();
    const style = this.notation === 'japanese' ? 'japanese' : 'western';
    const stop = lines.some((line) => line.multipv === this.tabStop.multipv) ? this.tabStop : { multipv: best.multipv, index: 0 };
    const ja = this.labelLang === 'ja';
    return html`<div class="stats" part="stats">
        <span>${ja ? '深さ' : 'depth'} ${best.depth}/${best.seldepth}</span>
        <span>${formatCount(best.nodes)} ${ja ? '局面' : 'nodes'}</span>
        <span>${formatCount(best.nps)} ${ja ? '局面/秒' : 'nps'}</span>
        ${best.hashfull ? html`<span>${ja ? 'ハッシュ' : 'hash'} ${(best.hashfull / 10).toFixed(1)}%</span>` : nothing}
      </div>
      ${this.renderMate(best, position)}
      <ol @keydown=${this.onKey}>
        ${lines.map((line) => {
          const score = senteScore(line.score, turn);
          const names = lineNames(work, line.pv.slice(0, this.maxMoves), this.notation, this.lastTo);
          return html`<li part="line" data-multipv=${line.multipv}>
            <span part="score" class="score ${'mate' in score ? 'mate-score' : ''}">${formatScore(score, style)}</span>
            <span class="moves">
              ${names.map((name, i) => html`<button part="move" class=${i === 0 ? 'first' : ''}
                tabindex=${line.multipv === stop.multipv && Math.min(stop.index, names.length - 1) === i ? 0 : -1}
                @pointerenter=${() => this.emitHover(line, i)} @focus=${() => this.onFocus(line, i)}
                @pointerleave=${this.leave} @blur=${this.leave}
                @click=${() => this.emitPlay(line, i)}>${name}</button>`)}
              ${line.pv.length > names.length ? html`<span class="depth">…</span>` : nothing}
            </span>
          </li>`;
        })}
      </ol>`;
  }

  /** A forced mate; in dobutsu a forced win, which may be a try rather than a mate. */
  private renderMate(best: SearchInfo, position: Position) {
    if (!('mate' in best.score)) return nothing;
    const plies = Math.abs(best.score.mate), count = `${plies} ${plies === 1 ? 'ply' : 'plies'}`;
    const winner = best.score.mate > 0 ? position.turn : opponent(position.turn);
    const ja = this.labelLang === 'ja', side = SIDE_NAMES_JA[winner];
    return html`<p class="mate" part="mate" role="status">
      ${position.variant === 'dobutsu'
        ? (ja ? `必勝: ${side}の${plies}手勝ち` : `Forced win: ${winner} wins in ${count} (${plies}手勝ち)`)
        : (ja ? `詰みあり: ${side}の${plies}手詰` : `Forced mate: ${winner} mates in ${count} (${plies}手詰)`)}
    </p>`;
  }

  private onFocus(line: SearchInfo, index: number): void {
    this.tabStop = { multipv: line.multipv, index };
    this.emitHover(line, index);
  }

  /** Arrow keys, Home and End move the focus among the moves; the page, which answers the same
   * keys by moving about the record, does not see them. */
  private onKey(event: KeyboardEvent): void {
    const button = (event.composedPath()[0] as Element).closest?.('button');
    const rows = [...this.renderRoot.querySelectorAll('li')];
    const row = button?.closest('li');
    if (!button || !row || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = (li: Element) => [...li.querySelectorAll<HTMLButtonElement>('.moves button')];
    const index = moves(row).indexOf(button as HTMLButtonElement);
    const at = rows.indexOf(row);
    const target = (li: Element | undefined, i: number) => li && moves(li)[Math.max(0, Math.min(i, moves(li).length - 1))];
    const next = {
      ArrowLeft: () => target(row, index - 1),
      ArrowRight: () => target(row, index + 1),
      ArrowUp: () => target(rows[at - 1], index),
      ArrowDown: () => target(rows[at + 1], index),
      Home: () => target(row, 0),
      End: () => target(row, Infinity),
    }[event.key];
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    next()?.focus();
  }

  private emitHover(line: SearchInfo, index: number): void {
    const moves = line.pv.slice(0, index + 1);
    this.hovered = { multipv: line.multipv, index, moves };
    this.dispatchEvent(new CustomEvent<ShogiPvDetail | null>('shogi-pv-hover', {
      detail: { moves, multipv: line.multipv }, bubbles: true, composed: true,
    }));
  }

  private leave = (): void => {
    this.hovered = undefined;
    this.dispatchEvent(new CustomEvent<ShogiPvDetail | null>('shogi-pv-hover', { detail: null, bubbles: true, composed: true }));
  };

  private emitPlay(line: SearchInfo, index: number): void {
    this.dispatchEvent(new CustomEvent<ShogiPvDetail>('shogi-pv-play', {
      detail: { moves: line.pv.slice(0, index + 1), multipv: line.multipv }, bubbles: true, composed: true,
    }));
  }
}

/** 1234567 → "1.23M". */
function formatCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-pv-lines': ShogiPvLines;
  }
  interface HTMLElementEventMap {
    'shogi-pv-hover': CustomEvent<ShogiPvDetail | null>;
    'shogi-pv-play': CustomEvent<ShogiPvDetail>;
  }
}
