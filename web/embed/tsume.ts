import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define-element.js';
import type { MateLimits, MateProgress, MateResult } from '../../src/engine/client.js';
import { formatUsiMove, parseUsiMove } from '../../src/notation/usi.js';
import { checkSquare, initRules, Position } from '../../src/rules/position.js';
import { whyRefused } from '../../src/rules/refusal.js';
import { japaneseSquare } from '../../src/notation/japanese.js';
import '../board/component.js';
import type { BoardShape, CoordinateStyle, PieceSet, ShogiMoveDetail, ShogiRefusedDetail } from '../board/component.js';
import { lineNames, moveName, movesInText, type MoveNotation } from '../move-names.js';
import type { Reported } from '../errors-ja.js';
import { errorText, langOf, text, type Lang } from './i18n.js';
import { tsumeText } from './tsume-text.js';
import { joinPool, leavePool, solveShared, stopShared, type Lane } from './solver-pool.js';
import { widgetStyles } from './styles.js';

/** Time the solver gets for the problem itself, and for each later question (how the defender
 * answers a check off the solution's line, a hint from there). The problems of a page are solved
 * one after another, each first for FIRST_PASS_MS: one that needs longer then waits behind the
 * others' first passes, so that a hard problem holds up no easy one. */
const PROBLEM_MS = 30_000;
const FIRST_PASS_MS = 3000;
const SOLVE_MS = 5000;
/** The most table each solve may grow to (it starts at 1 MiB). */
const TABLE_MIB = 64;

/** A solver's line, with the indices of the plies it shows but does not count. */
interface SolverLine { moves: string[]; uncounted: number[] }
const lineOf = (result: MateResult): SolverLine => ({ moves: result.moves, uncounted: result.uncounted ?? [] });

/** The words of a language: the widgets' and the tsume player's own. */
function wordsIn(lang: Lang) {
  return { ...text(lang), ...tsumeText(lang) };
}

type Status = 'loading' | 'play' | 'thinking' | 'wrong' | 'solved' | 'error';

/**
 * A tsume player: the reader plays the attacker of the `sfen` problem, the solver (in the
 * engine's worker) plays the defender's longest resistance. A move that is not check, or
 * after which there is no mate any more, is said so and can be taken back. A new `sfen`
 * replaces the problem; the solver's work on the old one is stopped. The attacker's side of the
 * board is at the bottom, as in a book: a problem for gote is drawn from gote's seat.
 *
 * @csspart board - the `<shogi-board>`
 * @csspart controls - hint, solution, take back, reset
 * @csspart message - what happened, also announced
 * @csspart solution - the solution line
 * @csspart error - the message for a problem that cannot be played
 */
@defineElement('shogi-tsume')
export class ShogiTsume extends LitElement {
  static override styles = [widgetStyles, css`
    .solution { display: block; margin: 0.25rem 0 0; }
    .solution .move { white-space: nowrap; }
    .message.solved { color: var(--_accent); font-weight: 600; }
    shogi-board + .error { margin-top: 0.5rem; }
  `];

  @property() sfen = '';
  @property() notation: MoveNotation = 'japanese';
  @property() coordinates: CoordinateStyle = 'kanji';
  @property({ attribute: 'piece-set' }) pieceSet: PieceSet = 'kanji';

  @state() private position?: Position;
  @state() private status: Status = 'loading';
  @state() private message = '';
  @state() private hint?: BoardShape;
  @state() private solution?: string[];
  @state() private revision = 0;
  private start?: Position;
  private length = 0;
  /** Whether no mate shorter than `length` exists (false: the solver ran out of time first). */
  private shortest = true;
  /** The solver's line (USI) from each position the reader is to move in, by plies played: its
   * defences follow tsume conventions (the longest resistance; a useless interposition only when
   * the mate after its capture is that, and then neither it nor the capture counts). */
  private lines = new Map<number, SolverLine>();
  /** Plies played (history indices) where the defender dropped a useless interposition that the
   * line showed: with the reader's capture after it, two plies that do not count. */
  private useless = new Set<number>();
  /** This player's last solve (the page's players share their engines, solver-pool.ts). */
  private running?: Promise<unknown>;
  /** Counts the problems loaded: what a solve for an earlier one finds is dropped. */
  private problem = 0;
  private uiLang: Lang = 'en';
  /** The words of the player's language: the widgets' and its own (tsume-text.ts). */
  private t = wordsIn(this.uiLang);

  override connectedCallback(): void {
    super.connectedCallback();
    joinPool();
    this.uiLang = langOf(this);
    this.t = wordsIn(this.uiLang);
    void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    leavePool(this);
    this.running = undefined;
    this.problem++;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('sfen') && changed.get('sfen') !== undefined) void this.load();
  }


  /** The solver's notes on the problem, in the player's language. */
  private notes: string[] = [];
  /** A message about the problem, with the solver's notes after it. */
  private said(message: string): string { return this.t.sentences([message, ...this.notes]); }

  private fail(message: string): void {
    this.status = 'error';
    this.message = message;
  }

  /** Problem `problem` cannot be played: `frame`, and why in src/'s words in the player's language. */
  private async refuse(problem: number, frame: string, error: Reported): Promise<void> {
    const why = await errorText(this.uiLang, error);
    if (problem === this.problem) this.fail(`${frame}: ${why}`);
  }

  private async load(): Promise<void> {
    const problem = ++this.problem;
    try {
      await this.loadProblem(problem);
    } catch (error) {
      // The wasm or the worker, when the host does not serve them: said in place of "Loading…".
      await this.refuse(problem, this.t.notLoaded, error as Error);
    }
  }

  private async loadProblem(problem: number): Promise<void> {
    this.position = undefined;
    this.start = undefined;
    this.notes = [];
    this.status = 'loading';
    this.hint = undefined;
    this.solution = undefined;
    this.lines = new Map();
    this.useless.clear();
    const previous = this.running;
    if (previous) {
      stopShared(this);
      await previous;
    }
    await initRules();
    if (problem !== this.problem) return;
    if (!this.sfen.trim()) return this.fail(this.t.noProblem);
    const given = Position.fromSfen(this.sfen.trim());
    if (!given.ok) return this.refuse(problem, this.t.badSfen, given.error);
    this.position = given.value;
    // The solver completes the defender's hand (tsume convention); play goes on from its SFEN.
    // A hard problem takes a while: the reader sees the seconds go by.
    this.message = this.t.solving(0);
    const pass = (spentMs: number, timeMs: number) => this.solve('load', given.value.sfen(), { timeMs }, (progress) => {
      if (this.status === 'loading' && problem === this.problem) this.message = this.t.solving(Math.floor((spentMs + progress.timeMs) / 1000));
    });
    const first = await pass(0, FIRST_PASS_MS);
    if (problem !== this.problem) return;
    const decided = first.error || first.status === 'nomate' || (first.status === 'mate' && first.shortest);
    const second = decided ? undefined : await pass(first.timeMs, PROBLEM_MS - first.timeMs);
    if (problem !== this.problem) return;
    const solved = second && (second.status !== 'unknown' || first.status !== 'mate') ? second : first;
    // The position is drawn by now: what the solver refuses (no king to mate, dobutsu) is a
    // problem that cannot be solved, not a position that cannot be shown.
    if (solved.error) return this.refuse(problem, this.t.cannotSolve, { message: solved.error });
    // What the solver did to the problem (the defender given the pieces the SFEN leaves out), or
    // why there is none to play (the attacker mated already): said after the message.
    const notes = await Promise.all(solved.notes.map((note) => errorText(this.uiLang, { message: note })));
    if (problem !== this.problem) return;
    this.notes = notes.map(this.t.note);
    if (solved.status !== 'mate') return this.fail(this.said(solved.status === 'nomate' ? this.t.noMate : this.t.unknownMate));
    const start = Position.fromSfen(solved.sfen);
    if (!start.ok) return this.refuse(problem, this.t.cannotSolve, start.error);
    this.start = start.value;
    this.length = solved.plies ?? 0;
    this.shortest = solved.shortest ?? false;
    this.lines = new Map([[0, lineOf(solved)]]);
    this.reset();
  }

  private solve(lane: Lane, sfen: string, limits: MateLimits = {}, onProgress?: (progress: MateProgress) => void): Promise<MateResult> {
    const problem = this.problem;
    const wanted = () => this.isConnected && problem === this.problem;
    const run = solveShared(this, lane, wanted, sfen, { timeMs: SOLVE_MS, memoryMiB: TABLE_MIB, ...limits }, onProgress);
    this.running = run.catch(() => undefined);
    return run;
  }

  private reset(): void {
    if (!this.start) return;
    this.position = this.start.clone();
    this.status = 'play';
    this.message = this.said(this.t.tsumeIntro(this.length, this.shortest));
    this.moved();
  }

  /** The board's position changed: a hint or solution shown was for the one before. */
  private moved(): void {
    this.hint = undefined;
    this.solution = undefined;
    this.revision++;
  }

  private async onMove(event: CustomEvent<ShogiMoveDetail>): Promise<void> {
    const pos = this.position;
    if (!pos || this.status !== 'play') return;
    const name = moveName(pos, event.detail.move, this.notation);
    pos.play(event.detail.move);
    this.moved();
    if (!pos.isCheck()) return this.wrong(`${name}: ${this.t.notCheck}`);
    if (pos.outcome()?.reason === 'checkmate') return this.solved(name, this.counted(pos));
    // The solver's line from here on: the one known, when the reader followed it, else the
    // solver's answer to the reader's own check (the same conventions either way).
    const usi = formatUsiMove(event.detail.move, pos.variant);
    let line = this.lines.get(pos.history.length - 1);
    if (line?.moves[0] !== usi) {
      this.status = 'thinking';
      this.message = `${name} — ${this.t.thinking}`;
      const before = pos.clone();
      before.undo();
      const result = await this.solve('play', before.sfen(), { firstMove: usi }).catch((error: Error) => error);
      if (this.position !== pos) return;
      // The engine failed (its worker could not start): the reader takes the check back.
      if (result instanceof Error) {
        const why = await errorText(this.uiLang, result);
        if (this.position === pos) this.wrong(`${name}: ${this.t.notLoaded}: ${why}`);
        return;
      }
      if (result.status === 'nomate') return this.wrong(`${name}: ${this.t.notMating}`);
      if (result.status !== 'mate') return this.wrong(`${name}: ${this.t.unknownMate}`);
      line = lineOf(result);
    }
    // A line that ends here mates: what is left is useless interpositions, no defence.
    const reply = line.moves.length > 1 ? parseUsiMove(line.moves[1], pos.variant) : undefined;
    if (!reply?.ok) return this.solved(name, this.counted(pos));
    const replyName = moveName(pos, reply.value, this.notation, event.detail.move.to);
    pos.play(reply.value);
    if (line.uncounted.includes(1)) this.useless.add(pos.history.length - 1);
    else this.useless.delete(pos.history.length - 1);
    // Keyed by plies played: every arrival writes its own (an earlier try may have left one).
    this.lines.set(pos.history.length, { moves: line.moves.slice(2), uncounted: line.uncounted.map((i) => i - 2).filter((i) => i >= 0) });
    this.status = 'play';
    this.message = this.t.sentences([this.t.defended(replyName), this.t.yourMove]);
    this.revision++;
  }

  /** A move the board refused (a pawn drop that mates, a pinned piece): why, in the rules'
   * words, squares named as the moves are. */
  private onRefused(event: CustomEvent<ShogiRefusedDetail>): void {
    const pos = this.position;
    if (!pos || this.status !== 'play') return;
    this.message = whyRefused(pos, event.detail, this.notation === 'japanese' ? japaneseSquare : undefined, this.t.refusal);
    this.solution = undefined; // a solution shown stood under the message it belonged to (a hint ring stays: still true)
  }

  /** The plies played that count: all but each useless interposition the defender played from
   * the solver's line and the reader's capture of it. */
  private counted(pos: Position): number {
    const history = pos.history;
    let plies = history.length;
    for (const i of this.useless) if (i + 1 < history.length && history[i + 1].to === history[i].to) plies -= 2;
    return plies;
  }

  private solved(name: string, plies: number): void {
    this.status = 'solved';
    this.message = `${name} — ${plies > this.length ? this.t.solvedLonger(plies, this.length, this.shortest) : this.t.solved(plies)}`;
  }

  private wrong(message: string): void {
    this.status = 'wrong';
    this.message = message;
  }

  private takeBack(): void {
    const pos = this.position;
    if (!pos) return;
    // Back to the reader's previous turn: a refused check, a mating one (to look for a shorter
    // way), or a check and the defender's reply.
    pos.undo();
    if (pos.history.length % 2 === 1) pos.undo();
    this.status = 'play';
    this.message = this.t.yourMove;
    this.moved();
    // Back at the start Take back is disabled, which would drop its focus to the page: the focus
    // goes to the first control (Hint), as the kifu viewer's does to the button leading back.
    if (pos.history.length > 0) return;
    const button = this.shadowRoot?.activeElement;
    void this.updateComplete.then(() => {
      if (button instanceof HTMLButtonElement && button.disabled) this.renderRoot.querySelector<HTMLButtonElement>('.control')?.focus();
    });
  }

  /** The solution from here: the first move as an arrow (hint) or the whole line. */
  private async help(whole: boolean): Promise<void> {
    const pos = this.position;
    if (!pos || this.status !== 'play') return;
    let line = this.lines.get(pos.history.length);
    if (!line) {
      this.status = 'thinking';
      const result = await this.solve('play', pos.sfen()).catch(() => undefined);
      if (this.position !== pos) return;
      this.status = 'play';
      if (result?.status === 'mate') this.lines.set(pos.history.length, (line = lineOf(result)));
    }
    const first = line?.moves[0] ? parseUsiMove(line.moves[0], pos.variant) : undefined;
    if (!line || !first?.ok) {
      this.message = this.t.unknownMate;
      return;
    }
    const move = first.value;
    // The solution and the hint each replace the other: a hint ring left on the board beside the
    // solution's text drew one move of it twice, and stayed after the reader had read the line.
    this.hint = undefined;
    this.solution = undefined;
    if (whole) {
      this.solution = lineNames(pos, line.moves, this.notation);
      this.message = this.t.solutionText;
    } else {
      this.hint = 'from' in move ? { from: move.from, to: move.to, brush: 'pv1' } : { to: move.to, drop: move.role, color: pos.turn, brush: 'pv1' };
      this.message = this.t.hintText(moveName(pos, move, this.notation));
    }
  }

  override render() {
    const t = this.t;
    const pos = this.position;
    if (this.status === 'error' && !pos) return html`<div class="widget"><p class="error" part="error" role="alert">${this.message}</p></div>`;
    if (!pos) return html`<div class="widget"><p class="message" role="status">${t.loading}</p></div>`;
    void this.revision;
    const setup = pos.setup();
    const history = pos.history;
    const playing = this.status === 'play';
    const busy = this.status === 'thinking' || this.status === 'loading';
    return html`<div class="widget">
      <shogi-board part="board" .setup=${setup} orientation=${this.start?.turn ?? 'sente'} .legalMoves=${playing ? pos.legalMoves() : []}
        .lastMove=${history[history.length - 1]} .check=${checkSquare(pos, setup)}
        .shapes=${this.hint ? [this.hint] : []} coordinates=${this.coordinates} piece-set=${this.pieceSet}
        label-lang=${this.uiLang} @shogi-move=${this.onMove} @shogi-refused=${this.onRefused}></shogi-board>
      ${this.status === 'error'
        ? html`<p class="error" part="error" role="alert">${this.message}</p>`
        : html`<p class="message ${this.status}" part="message" role="status" aria-live="polite">${this.message}${this.solution
          ? html`<span class="solution" part="solution">${movesInText(this.solution)}</span>` : ''}</p>`}
      <div class="controls" part="controls">
        <button class="control" ?disabled=${!playing} @click=${() => this.help(false)}>${t.hint}</button>
        <button class="control" ?disabled=${!playing} @click=${() => this.help(true)}>${t.solution}</button>
        <button class="control" ?disabled=${busy || history.length === 0} @click=${this.takeBack}>${t.takeBack}</button>
        <button class="control" ?disabled=${busy || !this.start} @click=${this.reset}>${t.reset}</button>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-tsume': ShogiTsume;
  }
}
