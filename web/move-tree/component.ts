import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define-element.js';
import { isMoveNode, movesBeforeStart, walk, type GameRecord, type Node, type Parent, type Path, type Special } from '../../src/game/index.js';
import { moveName, type MoveNotation } from '../move-names.js';
import type { LabelLang } from '../board/component.js';
import { isNavigationKey, navigate, samePath } from './navigate.js';
import { moveTreeStyles } from './styles.js';

export interface ShogiNavigateDetail {
  /** Child indices from the start; [] is the start position. */
  path: Path;
}

const SPECIAL_NAMES: Record<Special, [japanese: string, english: string]> = {
  resign: ['投了', 'resigns'],
  interrupt: ['中断', 'interrupted'],
  sennichite: ['千日手', 'repetition'],
  jishogi: ['持将棋', 'impasse'],
  'entering-king': ['入玉勝ち', 'entering-king win'],
  'time-up': ['切れ負け', 'time up'],
  'illegal-win': ['反則勝ち', 'illegal move: win'],
  'illegal-loss': ['反則負け', 'illegal move: loss'],
  mate: ['詰み', 'checkmate'],
  'no-mate': ['不詰', 'no mate'],
  draw: ['引き分け', 'draw'],
  'max-moves': ['最大手数', 'move limit'],
  matta: ['待った', 'takeback'],
  'win-by-default': ['不戦勝', 'win by default'],
  'loss-by-default': ['不戦敗', 'loss by default'],
  try: ['トライ', 'try'],
  error: ['エラー', 'error'],
};

/**
 * A game record as text: the main line with numbered moves, every variation indented under the
 * move it replaces (nested as deep as the record goes), comments under their moves, and the
 * current move highlighted. Clicking a move goes there; so do the keys when the tree has focus:
 * ←/→ back and forward, ↑/↓ between variations, Home/End to the start and the end of the line.
 * The tree is one Tab stop, the current move (a roving tabindex: a long game is not a hundred
 * stops), and the focus follows the current move. Comments and names are shown as text, never
 * as HTML.
 *
 * @event shogi-navigate - `CustomEvent<ShogiNavigateDetail>`, bubbles and is composed: the user
 *   asked to go to a move. The tree does not move by itself; set `path`.
 *
 * @csspart move - a move (a button); also `current` on the current one
 * @csspart variation - a variation's block
 * @csspart comment - a comment
 *
 * @cssproperty --shogi-tree-current-color - background of the current move
 * @cssproperty --shogi-tree-current-text-color - text of the current move
 * @cssproperty --shogi-tree-muted-color - move numbers
 * @cssproperty --shogi-tree-comment-color - comments
 * @cssproperty --shogi-tree-line-color - the rule beside a variation
 */
@defineElement('shogi-move-tree')
export class ShogiMoveTree extends LitElement {
  static override styles = moveTreeStyles;

  @property({ attribute: false }) record?: GameRecord;
  /** The current node. */
  @property({ attribute: false }) path: Path = [];
  @property() notation: MoveNotation = 'japanese';
  /** The language of its words (the start, the endings, its name): Japanese also where the moves
   * are in Japanese notation, whose endings (投了) are part of the record. */
  @property({ attribute: 'label-lang' }) labelLang: LabelLang = 'en';
  /**
   * Bump when the record changed in place (a move added, a variation promoted): names are
   * worked out again only when the record, its revision, the notation or the language change.
   */
  @property({ type: Number }) revision = 0;

  private names = new Map<Node, string>();

  override connectedCallback(): void {
    super.connectedCallback();
    // A group, not a tree: the moves are buttons, not treeitems (axe: aria-required-children).
    // Its name is the page's where it gives one (a Japanese viewer's 棋譜).
    this.setAttribute('role', 'group');
    if (!this.hasAttribute('aria-label')) this.setAttribute('aria-label', this.labelLang === 'ja' ? '棋譜' : 'moves');
    this.addEventListener('keydown', this.onKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.onKey);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('record') || changed.has('revision') || changed.has('notation') || changed.has('labelLang')) this.nameMoves();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!(changed.has('path') || changed.has('record') || changed.has('revision'))) return;
    this.scrollToCurrent();
    // A key or a click inside the tree moved the current move: the focus goes with it.
    if (this.renderRoot instanceof ShadowRoot && this.renderRoot.activeElement) {
      this.renderRoot.querySelector<HTMLElement>('button.current')?.focus({ preventScroll: true });
    }
  }

  private get japanese(): boolean {
    return this.notation === 'japanese' || this.labelLang === 'ja';
  }

  private nameMoves(): void {
    this.names = new Map();
    const record = this.record;
    if (!record) return;
    walk(record, (node, before) => {
      if (isMoveNode(node)) {
        this.names.set(node, moveName(before, node.move, this.notation, before.history.at(-1)?.to));
      } else {
        this.names.set(node, SPECIAL_NAMES[node.special][this.japanese ? 0 : 1]);
      }
    });
  }

  override render() {
    const record = this.record;
    if (!record) return nothing;
    return html`<div class="line">
      <button part="move${this.path.length === 0 ? ' current' : ''}" class="start ${this.path.length === 0 ? 'current' : ''}"
        aria-current=${this.path.length === 0 ? 'step' : nothing} tabindex=${this.path.length === 0 ? 0 : -1}
        @click=${() => this.go([])}>${this.japanese ? '開始局面' : 'Start'}</button>
      ${this.renderComments(record.root.comments)}
      ${this.renderLine(record.root, [], movesBeforeStart(record))}
    </div>`;
  }

  /** The line that continues `parent` by first children, with each move's alternatives after it;
   * `ply` is the number of `parent`, in the game's numbering (on from 手数＝N, as KIF numbers it). */
  private renderLine(parent: Parent, path: Path, ply: number): TemplateResult[] {
    const out: TemplateResult[] = [];
    let at: Parent = parent;
    let atPath = path;
    let n = ply;
    // A move that starts the game's line, or resumes the line after a variation block or a
    // comment, is numbered, whoever plays it: the reader's eye has left the line.
    let resumes = path.length === 0;
    while (at.children.length > 0) {
      const [main, ...alternatives] = at.children;
      out.push(this.renderNode(main, [...atPath, 0], n + 1, resumes));
      resumes = alternatives.length > 0 || main.comments.length > 0;
      alternatives.forEach((node, i) => {
        const variationPath = [...atPath, i + 1];
        out.push(html`<div class="variation" part="variation">
          ${this.renderNode(node, variationPath, n + 1, true)}
          ${isMoveNode(node) ? this.renderLine(node, variationPath, n + 1) : nothing}
        </div>`);
      });
      if (!isMoveNode(main)) break;
      at = main;
      atPath = [...atPath, 0];
      n++;
    }
    return out;
  }

  private renderNode(node: Node, path: Path, ply: number, starts: boolean): TemplateResult {
    const current = samePath(path, this.path);
    const name = this.names.get(node) ?? '?';
    // Move numbers on sente's moves (odd plies in an even game) and where a line starts or
    // resumes (`starts`).
    const numbered = starts || ply % 2 === 1 || !isMoveNode(node);
    // The number and its move are one item of the line, so that a line break never parts them.
    return html`<span class="step">${numbered ? html`<span class="number">${ply}</span>` : nothing}<button
        part="move${current ? ' current' : ''}" class=${`${current ? 'current' : ''} ${isMoveNode(node) ? '' : 'ending'}`}
        data-path=${path.join('.')} aria-current=${current ? 'step' : nothing} tabindex=${current ? 0 : -1}
        @click=${() => this.go(path)}>${name}</button></span>${this.renderComments(node.comments)}`;
  }

  private renderComments(comments: string[]) {
    const text = comments.join('\n').trim();
    return text ? html`<div class="comment" part="comment">${text}</div>` : nothing;
  }

  private onKey = (event: KeyboardEvent): void => {
    if (!this.record || !isNavigationKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = navigate(this.record, this.path, event.key);
    event.preventDefault();
    // The page answers the same keys; one press must move once.
    event.stopPropagation();
    if (next) this.go(next);
  };

  private go(path: Path): void {
    this.dispatchEvent(new CustomEvent<ShogiNavigateDetail>('shogi-navigate', { detail: { path }, bubbles: true, composed: true }));
  }

  /** Keeps the current move in view inside the tree without scrolling the page. */
  private scrollToCurrent(): void {
    const current = this.renderRoot.querySelector<HTMLElement>('button.current');
    if (!current || this.scrollHeight <= this.clientHeight) return;
    const top = current.offsetTop;
    if (top < this.scrollTop || top + current.offsetHeight > this.scrollTop + this.clientHeight) {
      this.scrollTop = top - this.clientHeight / 2;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-move-tree': ShogiMoveTree;
  }
  interface HTMLElementEventMap {
    'shogi-navigate': CustomEvent<ShogiNavigateDetail>;
  }
}
