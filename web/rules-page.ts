import { LitElement, css, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { defineElement } from './define-element.js';
import { checkSquare, initRules, Position, type Outcome } from '../src/rules/position.js';
import {
  START_SFEN, opponent, type Color, type Move, type ParseError, type Setup, type Square, type Variant,
} from '../src/rules/types.js';
import type { ShogiMoveDetail } from './board/component.js';
import './board/component.js';
import { outcomeText } from './outcome.js';

interface Preset {
  name: string;
  sfen: string;
  variant: Variant;
}

const PRESETS: Preset[] = [
  { name: 'Shogi: start', sfen: START_SFEN.shogi, variant: 'shogi' },
  { name: 'Minishogi: start', sfen: START_SFEN.minishogi, variant: 'minishogi' },
  { name: 'Dobutsu: start', sfen: START_SFEN.dobutsu, variant: 'dobutsu' },
  {
    name: 'Shogi: check (the bishop promoted on 3c)',
    sfen: 'lnsgkgsnl/1r5b1/pppppp+Bpp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w - 4',
    variant: 'shogi',
  },
  { name: 'Shogi: checkmate (gold on the head)', sfen: '8k/8G/8P/9/9/9/9/9/4K4 w 2r2b3g4s4n4l17p 1', variant: 'shogi' },
  {
    name: 'Shogi: mate by pawn drop is illegal (no P*1b)',
    sfen: '7lk/7p1/9/7N1/9/9/9/9/4K4 b P2r2b4g4s3n3l16p 1',
    variant: 'shogi',
  },
  { name: 'Dobutsu: try (lion to 1a)', sfen: 'k2/2K/p2/B1R b rbP 1', variant: 'dobutsu' },
];

/** Widths at which the squares of each variant come out about the same size. */
const BOARD_WIDTH: Record<Variant, string> = { shogi: '40rem', minishogi: '28rem', dobutsu: '20rem' };

const MARKS: Record<Color, string> = { sente: '▲', gote: '△' };


/** Everything drawn from the position, taken after each change: Position itself is mutable. */
interface View {
  setup: Setup;
  legalMoves: Move[];
  legalUsi: string[];
  sfen: string;
  check?: Square;
  outcome?: Outcome;
  lastMove?: Move;
}

/**
 * The rules demo: load an SFEN of any variant (typed, picked from presets or given as `?sfen=`),
 * see the position, its legal moves and its outcome, and play moves on the board or from the list.
 */
@defineElement('shogi-rules-page')
export class ShogiRulesPage extends LitElement {
  static override styles = css`
    :host {
      display: block;
      max-width: 72rem;
      margin: 0 auto;
      padding: 1rem;
      font-family: system-ui, sans-serif;
      color: #222;
    }
    h1 {
      margin: 0 0 0.75rem;
      font-size: 1.5rem;
    }
    h2 {
      margin: 1rem 0 0.4rem;
      font-size: 1rem;
    }
    form {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }
    form input {
      flex: 1 1 24rem;
    }
    input,
    select,
    button {
      font: inherit;
    }
    select {
      max-width: 100%;
    }
    input {
      font-family: ui-monospace, monospace;
      padding: 0.3rem 0.4rem;
    }
    .error {
      margin: 0.75rem 0 0;
      padding: 0.5rem 0.75rem;
      border: 1px solid #c33;
      border-radius: 4px;
      background: #fdecea;
      color: #8a1010;
    }
    .error pre {
      margin: 0.4rem 0 0;
      overflow-x: auto;
    }
    main {
      display: flex;
      flex-wrap: wrap;
      gap: 1.5rem;
      margin-top: 1rem;
      align-items: flex-start;
    }
    shogi-board {
      flex: 2 1 20rem;
    }
    .side {
      flex: 1 1 18rem;
    }
    .status {
      margin: 0;
      font-size: 1.1rem;
    }
    .alert {
      font-weight: 700;
      color: #b3140c;
    }
    .moves {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem;
      padding: 0;
      margin: 0;
      list-style: none;
    }
    .moves button {
      font-family: ui-monospace, monospace;
      min-width: 4.5rem;
    }
    .sfen {
      display: flex;
      gap: 0.5rem;
    }
    .sfen input {
      flex: 1;
    }
  `;

  @state() private view?: View;
  @state() private error?: ParseError & { input?: string };
  @state() private input = '';
  @state() private orientation: Color = 'sente';
  private position?: Position;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.start();
  }

  private async start(): Promise<void> {
    try {
      await initRules();
    } catch (error) {
      this.error = { code: 'wasm', message: `The rules engine did not load: ${error}` };
      return;
    }
    const requested = new URLSearchParams(location.search).get('sfen');
    this.input = requested ?? START_SFEN.shogi;
    // The start position stays on show when the requested one is refused.
    this.load(START_SFEN.shogi, 'shogi');
    if (requested) this.load(requested);
  }

  /** Shows the SFEN's position, or says why it was refused and keeps the current one. */
  private load(sfen: string, variant?: Variant): void {
    const result = Position.fromSfen(sfen, variant);
    if (!result.ok) {
      this.error = { ...result.error, input: sfen };
      return;
    }
    this.error = undefined;
    this.position = result.value;
    this.refresh();
  }

  private play(move: Move | string): void {
    const result = this.position?.play(move);
    if (!result) return;
    if (!result.ok) {
      this.error = result.error;
      return;
    }
    this.error = undefined;
    this.refresh();
  }

  private undo(): void {
    if (this.position?.undo()) this.refresh();
  }

  private refresh(): void {
    const pos = this.position;
    if (!pos) return;
    const setup = pos.setup();
    this.view = {
      setup,
      legalMoves: pos.legalMoves(),
      legalUsi: pos.legalUsi().sort(),
      sfen: pos.sfen(),
      check: checkSquare(pos, setup),
      outcome: pos.outcome(),
      lastMove: pos.history.at(-1),
    };
  }

  override render() {
    return html`<h1>shogi-wasm</h1>
      <form @submit=${this.onSubmit}>
        <input aria-label="SFEN" spellcheck="false" autocomplete="off" .value=${this.input}
          @input=${(e: Event) => (this.input = (e.target as HTMLInputElement).value)} />
        <button type="submit">Load</button>
        <select aria-label="Preset positions" @change=${this.onPreset}>
          <option value="">Presets…</option>
          ${PRESETS.map((preset, i) => html`<option value=${i}>${preset.name}</option>`)}
        </select>
      </form>
      ${this.renderError()}
      ${this.view ? this.renderPosition(this.view) : html`<p>Loading the rules…</p>`}`;
  }

  private renderError() {
    const error = this.error;
    if (!error) return nothing;
    const where = error.column ? `Column ${error.column}: ` : '';
    // Point at the column under the text itself, which is shown as text, never as HTML.
    const pointer = error.input !== undefined && error.column
      ? html`<pre>${error.input}\n${' '.repeat(error.column - 1)}^</pre>`
      : nothing;
    return html`<div class="error" role="alert">${where}${error.message}${pointer}</div>`;
  }

  private renderPosition(view: View) {
    const turn = view.setup.turn;
    return html`<main>
      <shogi-board style="max-width: ${BOARD_WIDTH[view.setup.variant]}" .setup=${view.setup} .legalMoves=${view.legalMoves} .lastMove=${view.lastMove}
        .check=${view.check} .orientation=${this.orientation} @shogi-move=${this.onBoardMove}></shogi-board>
      <section class="side">
        <div aria-live="polite">
          <p class="status turn">Side to move: ${turn} (${MARKS[turn]})</p>
          ${this.renderStatus(view)}
        </div>
        <h2>Legal moves (${view.legalUsi.length})</h2>
        <ul class="moves">
          ${view.legalUsi.map((usi) => html`<li><button @click=${() => this.play(usi)}>${usi}</button></li>`)}
        </ul>
        <p>
          <button @click=${this.undo} ?disabled=${view.lastMove === undefined}>Undo</button>
          <button @click=${this.flip}>Flip board</button>
        </p>
        <h2>SFEN</h2>
        <div class="sfen">
          <input readonly aria-label="Current SFEN" .value=${view.sfen} @focus=${selectAll} />
          <button @click=${() => navigator.clipboard?.writeText(view.sfen)}>Copy</button>
        </div>
        <p><a href="?sfen=${encodeURIComponent(view.sfen)}">Link to this position</a></p>
      </section>
    </main>`;
  }

  private renderStatus(view: View) {
    const outcome = view.outcome;
    if (outcome) return html`<p class="status alert outcome">${outcomeText(outcome)}</p>`;
    return view.check !== undefined ? html`<p class="status alert">Check</p>` : nothing;
  }

  private onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.load(this.input);
  }

  private onPreset(event: Event): void {
    const preset = PRESETS[Number((event.target as HTMLSelectElement).value)];
    if (!preset) return;
    this.input = preset.sfen;
    this.load(preset.sfen, preset.variant);
  }

  private onBoardMove(event: CustomEvent<ShogiMoveDetail>): void {
    this.play(event.detail.move);
  }

  private flip(): void {
    this.orientation = opponent(this.orientation);
  }
}

function selectAll(event: FocusEvent): void {
  (event.target as HTMLInputElement).select();
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-rules-page': ShogiRulesPage;
  }
}
