import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { cssProps } from '../css-props.js';
import { defineElement } from '../define-element.js';
import type { Color } from '../../src/rules/types.js';
import type { LabelLang } from '../board/component.js';
import { DEFAULT_WIN_CHANCE_SCALE, formatScore, winChance, type Score, type ScoreStyle } from '../score.js';
import { evalBarStyles } from './styles.js';

/**
 * Sente's winning chance as a vertical bar: sente's share (dark, like sente's ☗) grows from
 * the bottom when sente sits there, from the top when the board is flipped. A forced mate fills
 * the bar and reads 詰 N / #N. Without a score the bar sits at even, unlabelled.
 *
 * @csspart bar - the whole bar
 * @csspart sente - sente's share
 * @csspart label - the score, on the winning side's end
 *
 * @cssproperty --shogi-eval-width - the bar's width
 * @cssproperty --shogi-eval-sente-color - sente's share
 * @cssproperty --shogi-eval-gote-color - gote's share
 * @cssproperty --shogi-eval-border-color - the outline
 */
@defineElement('shogi-eval-bar')
export class ShogiEvalBar extends LitElement {
  static override styles = evalBarStyles;

  /** From sente's side (see score.ts). */
  @property({ attribute: false }) score?: Score;
  /** Whose side is at the bottom, as on the board beside it. */
  @property({ reflect: true }) orientation: Color = 'sente';
  /**
   * Centipawns of the logistic curve: chance = 1 / (1 + exp(-cp / scale)). 600 by default,
   * so that +600 reads as 73%.
   */
  @property({ type: Number }) scale = DEFAULT_WIN_CHANCE_SCALE;
  @property() notation: ScoreStyle = 'western';
  /** The language of what it says to a screen reader, as the board's. */
  @property({ attribute: 'label-lang' }) labelLang: LabelLang = 'en';

  override render() {
    const score = this.score;
    const chance = score ? winChance(score, this.scale) : 0.5;
    const label = score ? formatScore(score, this.notation) : '';
    const senteAhead = chance >= 0.5;
    // The label sits at the leader's end: bottom when that is the leader's side of the board.
    const bottom = (this.orientation === 'sente') === senteAhead;
    const percent = Math.round(chance * 1000) / 10;
    const ja = this.labelLang === 'ja';
    return html`<div class="bar" part="bar" role="meter" aria-label=${ja ? '形勢' : 'evaluation'}
      aria-valuemin="0" aria-valuemax="100" aria-valuenow=${percent}
      aria-valuetext=${score ? (ja ? `${label}、先手 ${percent}%` : `${label}, sente ${percent}%`) : ja ? '評価値なし' : 'no evaluation'}>
      <div class="sente" part="sente" style=${cssProps({ height: `${chance * 100}%` })}></div>
      <div class="middle"></div>
      ${label
        ? html`<span part="label" class="label ${bottom ? 'bottom' : 'top'} ${senteAhead ? 'on-sente' : 'on-gote'}">${label}</span>`
        : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-eval-bar': ShogiEvalBar;
  }
}
