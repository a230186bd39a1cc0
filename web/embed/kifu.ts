import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define-element.js';
import type { Score, SearchInfo } from '../../src/engine/client.js';
import { isMoveNode, mainLine, nodeAt, positionAt, type GameRecord, type Path } from '../../src/game/index.js';
import { detectFormat, type DetectedFormat } from '../../src/notation/detect.js';
import { formatUsiMove } from '../../src/notation/usi.js';
import { decode } from '../../src/notation/encoding.js';
import { handicapPlayers, summary } from '../../src/notation/summary.js';
import type { RecordResult } from '../../src/notation/record-error.js';
import { checkSquare, initRules, type Position } from '../../src/rules/position.js';
import type { Move } from '../../src/rules/types.js';
import '../board/component.js';
import type { CoordinateStyle, PieceSet } from '../board/component.js';
import '../eval-bar/component.js';
import '../move-tree/component.js';
import type { ShogiNavigateDetail } from '../move-tree/component.js';
import { lineNames, moveName, movesInText, type MoveNotation } from '../move-names.js';
import { isNavigationKey, navigate } from '../move-tree/navigate.js';
import { OUTCOME_SPECIAL, endingText, resultText } from '../ending.js';
import { senteScore } from '../score.js';
import type { Reported } from '../errors-ja.js';
import { errorText, langOf, text, type Lang } from './i18n.js';
import { inlineText } from './inline-text.js';
import { widgetStyles } from './styles.js';

/** The analysis shared by the viewers of the page, loaded when a reader first asks. */
let analysisPool: Promise<typeof import('./analysis-pool.js')> | undefined;

/**
 * The reader of each format, loaded when a record of it is met: the analysis page shares the
 * modules of src/notation (with their writers), so importing records.ts here would put every
 * format's reader and writer into what a page of viewers loads.
 */
const READERS: Record<DetectedFormat, () => Promise<(text: string) => RecordResult>> = {
  kif: () => import('../../src/notation/kif.js').then((m) => m.parseKif),
  ki2: () => import('../../src/notation/ki2.js').then((m) => m.parseKi2),
  csa: () => import('../../src/notation/csa.js').then((m) => m.parseCsa),
  jkf: () => import('../../src/notation/jkf.js').then((m) => m.parseJkf),
  usi: () => import('../../src/notation/usi-record.js').then((m) => m.parseUsiRecord),
  sfen: () => import('../../src/notation/usi-record.js').then((m) => m.parseSfenRecord),
};

/**
 * A game viewer: the record comes from `src` or from the text inside the element (any format
 * src/notation reads); the rules (wasm, main thread) replay it. The engine's worker starts only
 * when the reader presses "analyse".
 *
 * @csspart board - the `<shogi-board>`
 * @csspart controls - the navigation buttons
 * @csspart moves - the `<shogi-move-tree>`
 * @csspart result - how the game ended, where it ended
 * @csspart comment - the current move's comment
 * @csspart eval-bar - the `<shogi-eval-bar>`
 * @csspart error - the message for a record that cannot be read
 */
@defineElement('shogi-kifu')
export class ShogiKifu extends LitElement {
  static override styles = [widgetStyles, css`
    :host { width: 52rem; }
    .main { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 0.5rem; align-items: start; }
    .main.alone { grid-template-columns: minmax(0, 1fr); }
    .with-tree { display: grid; grid-template-columns: minmax(0, 3fr) minmax(10rem, 1.3fr); gap: 0.75rem; }
    shogi-eval-bar { height: 100%; }
    shogi-move-tree { max-height: 24rem; overflow: auto; border: 1px solid color-mix(in srgb, var(--_muted) 40%, transparent); border-radius: 0.4rem; }
    /* The tree's own greys and green are for a light page: it takes the theme's colours. */
    shogi-move-tree { --shogi-tree-muted-color: var(--_muted); --shogi-tree-comment-color: var(--_accent); }
    .comment { white-space: pre-wrap; margin: 0.5rem 0 0; padding: 0.4rem 0.6rem; border-left: 3px solid var(--_accent); }
    .result { margin: 0.5rem 0 0; font-weight: bold; }
    .pv { margin: 0.4rem 0 0; color: var(--_muted); font-size: 0.9em; }
    .pv .move { white-space: nowrap; }
    @container (max-width: 40rem) { .with-tree { grid-template-columns: 1fr; } }
    .widget { container-type: inline-size; }
  `];

  /** URL of the record; read from inside the element when not given. */
  @property() src?: string;
  /** The ply to show on the main line: where the viewer starts, and where it goes when set. */
  @property({ type: Number }) ply = 0;
  @property({ type: Boolean, reflect: true }) flip = false;
  /** Show the evaluation bar (the record's evaluations, or the engine's once it analyses). */
  @property({ type: Boolean, attribute: 'eval-bar' }) evalBar = false;
  /** Hide the analyse button. */
  @property({ type: Boolean, attribute: 'no-analyse' }) noAnalyse = false;
  @property() notation: MoveNotation = 'japanese';
  @property() coordinates: CoordinateStyle = 'kanji';
  @property({ attribute: 'piece-set' }) pieceSet: PieceSet = 'kanji';

  @state() private record?: GameRecord;
  @state() private path: Path = [];
  @state() private error?: string;
  @state() private analysing = false;
  @state() private info?: SearchInfo;
  @state() private announcement = '';
  /** Why the engine could not analyse, shown until the reader asks again. */
  @state() private engineError?: string;
  private position?: Position;
  /** This viewer as the page's shared analysis engine knows it (analysis-pool.ts). */
  private readonly analyst = { ended: () => { this.analysing = false; this.info = undefined; } };
  private pool?: typeof import('./analysis-pool.js');
  private uiLang: Lang = 'en';
  /** The `src` the record was last loaded from (a script may set one later, or change it). */
  private loadedFrom?: string;
  /** Counts the loads begun: one that a later load overtook (a slower fetch) is dropped. */
  private loads = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    this.uiLang = langOf(this);
    void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.pool?.leaveAnalysis(this.analyst);
    this.analysing = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('src') && this.src !== this.loadedFrom) void this.load();
    else if (changed.has('ply') && changed.get('ply') !== undefined) this.goTo(this.plyPath());
  }

  /** The main line up to `ply`, as far as the record goes. */
  private plyPath(): Path {
    const length = this.record ? mainLine(this.record).filter(isMoveNode).length : 0;
    return Array.from({ length: Math.max(0, Math.min(this.ply, length)) }, () => 0);
  }

  private async load(): Promise<void> {
    this.loadedFrom = this.src;
    const load = ++this.loads;
    const t = text(this.uiLang);
    let source: string;
    if (this.src) {
      try {
        const response = await fetch(new URL(this.src, document.baseURI));
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        source = decode(new Uint8Array(await response.arrayBuffer()));
      } catch (error) {
        if (load === this.loads) this.error = `${t.missingFile} (${this.src}: ${(error as Error).message})`;
        return;
      }
      if (load !== this.loads) return;
    } else source = inlineText(this);
    if (!source.trim()) {
      this.error = t.noRecord;
      return;
    }
    const format = detectFormat(source);
    if (!format) return this.refused({ code: 'unknown-format', message: 'KIF, KI2, CSA, JKF, USI, SFEN?' }, load);
    let read: (text: string) => RecordResult;
    try {
      [read] = await Promise.all([READERS[format](), initRules()]);
    } catch (error) {
      // The bundle's own files: a chunk or the wasm the host does not serve (or a
      // Content-Security-Policy without 'wasm-unsafe-eval').
      if (load === this.loads) this.error = `${t.notLoaded}: ${(error as Error).message}`;
      return;
    }
    if (load !== this.loads) return;
    const parsed = read(source);
    if (!parsed.ok) return this.refused(parsed.error, load);
    this.error = undefined;
    this.record = parsed.value;
    this.goTo(this.plyPath(), false);
  }

  /** A record that cannot be read, and why, unless a later load overtook this one. */
  private async refused(error: Reported, load: number): Promise<void> {
    const why = await errorText(this.uiLang, error);
    if (load === this.loads) this.error = `${text(this.uiLang).badRecord}: ${why}`;
  }

  private goTo(path: Path, announce = true): void {
    const record = this.record;
    if (!record) return;
    const pos = positionAt(record, path);
    if (!pos.ok) return void this.refused(pos.error, this.loads);
    this.position = pos.value;
    this.path = path;
    this.info = undefined;
    if (announce) this.announcement = this.describe();
    if (this.analysing) void this.analyse();
  }

  /** "☗７六歩" and the comment, for the live region. */
  private describe(): string {
    const record = this.record!;
    const node = nodeAt(record, this.path);
    if (!node || this.path.length === 0) return text(this.uiLang).start;
    if (!('move' in node)) return this.result() ?? '';
    const before = positionAt(record, this.path.slice(0, -1));
    const name = before.ok ? moveName(before.value, node.move, this.notation) : '';
    return [name, ...node.comments, this.result() ?? ''].join(' ');
  }

  /** How the game ended, where the viewer stands: the rules' outcome of the position (a mate on
   * the board, which a record need not mark), else the ending the record gives there (投了),
   * in the words of a KIF's summary line in Japanese. */
  private result(): string | undefined {
    const pos = this.position!, node = nodeAt(this.record!, this.path);
    const outcome = pos.outcome();
    const special = outcome ? OUTCOME_SPECIAL[outcome.reason] : node && 'special' in node ? node.special : undefined;
    if (!special) return undefined;
    // Counted as the record's summary counts them, with the moves before a diagram (手数＝N).
    if (this.uiLang === 'ja') return summary(special, pos.setup().moveNumber - 1, pos.turn, handicapPlayers(this.record!));
    // A mate is named; the board's other endings (repetition, a declaration) say who won alone.
    return outcome ? resultText(outcome.reason === 'checkmate' ? 'Checkmate' : 'Game over', outcome.winner) : endingText(special, pos.turn);
  }

  /** Goes where `key` leads, from a button or a key; false when it leads nowhere. */
  private step(key: 'Home' | 'ArrowLeft' | 'ArrowRight' | 'End'): boolean {
    const path = this.record && navigate(this.record, this.path, key);
    if (!path) return false;
    const focused = this.shadowRoot?.activeElement;
    this.goTo(path);
    // A button disabled at the start or the end would drop the focus to the page, and the arrow
    // keys with it: the focus goes to the button that leads back.
    void this.updateComplete.then(() => {
      if (!(focused instanceof HTMLButtonElement) || !focused.disabled) return;
      const t = text(this.uiLang), back = key === 'Home' || key === 'ArrowLeft' ? t.next : t.previous;
      this.renderRoot.querySelector<HTMLButtonElement>(`.control[aria-label="${back}"]`)?.focus();
    });
    return true;
  }

  private onKey(event: KeyboardEvent): void {
    // The board's grid (when focused from the keyboard) and the move tree keep their own keys.
    const inTree = event.composedPath().some((el) => el instanceof HTMLElement && el.tagName === 'SHOGI-MOVE-TREE');
    if (event.defaultPrevented || inTree || !isNavigationKey(event.key) || event.key === 'ArrowUp' || event.key === 'ArrowDown') return;
    if (this.step(event.key)) event.preventDefault();
  }

  private async toggleAnalysis(): Promise<void> {
    if (this.analysing) {
      // The best line goes with the eval bar: both are the analysis's.
      this.analysing = false;
      this.info = undefined;
      this.pool?.stopAnalysis(this.analyst);
      return;
    }
    this.analysing = true;
    this.engineError = undefined;
    this.announcement = text(this.uiLang).engineLoading;
    await this.analyse();
  }

  private async analyse(): Promise<void> {
    const pos = this.position, record = this.record;
    if (!pos || !record) return;
    try {
      // Every request awaits the one load of the module, so that requests reach the pool in the
      // order the reader made them: each viewer's own import() of it, while it was still on its
      // way, resolved in any order, and the viewer asked first could take the engine back.
      this.pool = await (analysisPool ??= import('./analysis-pool.js'));
      // The game's moves, not the position alone: the engine then sees repetitions.
      const moves = pos.history.map((move) => formatUsiMove(move, pos.variant));
      await this.pool.analyseShared(this.analyst, record.sfen, moves, pos.variant, { movetime: 3000 }, (info) => {
        if (this.position === pos && this.analysing && info.multipv === 1) this.info = info;
      });
    } catch (error) {
      // The engine's files not served, or its worker failed: said where the analysis would be.
      if (!this.analysing) return;
      this.analysing = false;
      this.info = undefined;
      this.engineError = `${text(this.uiLang).notLoaded}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  override render() {
    const t = text(this.uiLang);
    if (this.error) return html`<div class="widget"><p class="error" part="error" role="alert">${this.error}</p></div>`;
    const record = this.record;
    const pos = this.position;
    if (!record || !pos) return html`<div class="widget"><p class="message" role="status">${t.loading}</p></div>`;
    const setup = pos.setup();
    const node = nodeAt(record, this.path);
    const lastMove: Move | undefined = node && 'move' in node ? node.move : undefined;
    const children = node && 'children' in node ? node.children : [];
    const score = this.score(node);
    const best = this.info ? lineNames(pos, this.info.pv, this.notation, lastMove?.to).slice(0, 8) : [];
    const comments = node?.comments.filter((c) => c.trim() !== '') ?? [];
    const result = this.result();
    return html`<div class="widget" @keydown=${this.onKey}>
      <div class="with-tree">
        <div>
          <div class=${this.evalBar || this.analysing ? 'main' : 'main alone'}>
            ${this.evalBar || this.analysing
              ? html`<shogi-eval-bar part="eval-bar" .score=${score} orientation=${this.flip ? 'gote' : 'sente'}
                notation=${this.uiLang === 'ja' ? 'japanese' : 'western'} label-lang=${this.uiLang}></shogi-eval-bar>`
              : nothing}
            <shogi-board part="board" .setup=${setup} .lastMove=${lastMove} .check=${checkSquare(pos, setup)}
              orientation=${this.flip ? 'gote' : 'sente'} coordinates=${this.coordinates} piece-set=${this.pieceSet}
              label-lang=${this.uiLang}></shogi-board>
          </div>
          <div class="controls" part="controls">
            <button class="control" aria-label=${t.first} title=${t.first} ?disabled=${this.path.length === 0} @click=${() => this.step('Home')}>«</button>
            <button class="control" aria-label=${t.previous} title=${t.previous} ?disabled=${this.path.length === 0} @click=${() => this.step('ArrowLeft')}>‹</button>
            <button class="control" aria-label=${t.next} title=${t.next} ?disabled=${children.length === 0} @click=${() => this.step('ArrowRight')}>›</button>
            <button class="control" aria-label=${t.last} title=${t.last} ?disabled=${children.length === 0} @click=${() => this.step('End')}>»</button>
            <button class="control" aria-label=${t.flip} title=${t.flip} aria-pressed=${String(this.flip)} @click=${() => (this.flip = !this.flip)}>⇅</button>
            ${this.noAnalyse ? nothing : html`<button class="control analyse" aria-pressed=${String(this.analysing)}
              @click=${this.toggleAnalysis}>${this.analysing ? t.stopAnalysis : t.analyse}</button>`}
          </div>
          ${result ? html`<p class="result" part="result">${result}</p>` : nothing}
          ${comments.length ? html`<p class="comment" part="comment" aria-label=${t.comment}>${comments.join('\n')}</p>` : nothing}
          ${best.length > 0 ? html`<p class="pv">${t.best}: ${movesInText(best)}</p>` : nothing}
          ${this.engineError ? html`<p class="pv" role="alert">${this.engineError}</p>` : nothing}
        </div>
        <shogi-move-tree part="moves" aria-label=${t.moves} .record=${record} .path=${this.path} notation=${this.notation}
          label-lang=${this.uiLang}
          @shogi-navigate=${(e: CustomEvent<ShogiNavigateDetail>) => this.goTo(e.detail.path)}></shogi-move-tree>
      </div>
      <p class="sr-only" role="status" aria-live="polite">${this.announcement}</p>
    </div>`;
  }

  /** The engine's score here, else the record's evaluation of this move. */
  private score(node: ReturnType<typeof nodeAt>): Score | undefined {
    if (this.info && this.position) return senteScore(this.info.score, this.position.turn);
    const evaluation = node && 'evaluation' in node ? node.evaluation : undefined;
    return evaluation ? { cp: evaluation.score } : undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-kifu': ShogiKifu;
  }
}
