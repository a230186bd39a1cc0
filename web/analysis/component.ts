import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { defineElement } from '../define-element.js';
import type { MateProgress, MateResult, SearchInfo, SearchLimits } from '../../src/engine/client.js';
import {
  HEADER, emptyRecord, headerValue, isMoveNode, mainLine, mainLinePath, movesBeforeStart, nodeAt, positionAt, type GameRecord, type Node, type Path, type Root,
} from '../../src/game/index.js';
import { formatRecord, leftOut, RECORD_FORMATS, type RecordFormat } from '../../src/notation/records.js';
import { formatUsiMove, parseUsiMove } from '../../src/notation/usi.js';
import { checkSquare, initRules, Position, type Outcome } from '../../src/rules/position.js';
import { whyRefused } from '../../src/rules/refusal.js';
import type { RecordError } from '../../src/notation/record-error.js';
import { japaneseSquare } from '../../src/notation/japanese.js';
import { alternativeKinds, findAlternatives, type Alternative } from '../../src/engine/alternatives.js';
import { noMatesIn } from '../../src/engine/mate.js';
import { isDrop, opponent, START_SFEN, VARIANTS, type Color, type Move, type Setup, type Square, type Variant } from '../../src/rules/types.js';
import '../board/component.js';
import '../board-editor/component.js';
import '../eval-bar/component.js';
import '../eval-graph/component.js';
import '../move-tree/component.js';
import '../pv-lines/component.js';
import { COORDINATE_STYLES, type BoardShape, type Brush, type ShogiBoard, type ShogiMoveDetail, type ShogiRefusedDetail } from '../board/component.js';
import { PIECE_SETS } from '../board/piece.js';
import type { ShogiBoardEditor, ShogiEditorCancelDetail, ShogiEditorDoneDetail } from '../board-editor/component.js';
import type { ShogiGraphDetail } from '../eval-graph/component.js';
import { lineNames, movesInText, MOVE_NOTATIONS, type MoveNotation } from '../move-names.js';
import type { ShogiNavigateDetail } from '../move-tree/component.js';
import { isNavigationKey, navigate } from '../move-tree/navigate.js';
import { outcomeText } from '../outcome.js';
import type { Reported } from '../errors-ja.js';
import { langOf, type Lang } from '../embed/i18n.js';
import { REFUSAL_JA } from '../refusal-ja.js';
import type { ShogiPvDetail } from '../pv-lines/component.js';
import { fromTextEntry } from '../typing.js';
import { outcomeScore, senteScore, type Score } from '../score.js';
import { GameAnalysis } from './game-analysis.js';
import { LiveEngine } from './live-engine.js';
import { describeRecordError, recordFromPosition, recordFromText, recordFromUrl } from './load.js';
import { deleteAt, mainLinePly, movesTo, playAt, promoteAt, restoreAt } from './record-edit.js';
import { HASH_SIZES, LIMIT_KINDS, THEMES, loadSettings, saveSettings, type Settings } from './settings.js';
import { analysisStyles } from './styles.js';
import { ANALYSIS_EN, type AnalysisText, type Copied } from './text.js';
import { pageQuery, readParams, shareLink, type PageGame, type ShareState } from './url.js';

/** Everything drawn from the current position, taken after each change: Position is mutable. */
interface View {
  position: Position;
  setup: Setup;
  legalMoves: Move[];
  check?: Square;
  outcome?: Outcome;
  /** The win the side to move may declare (入玉宣言, the 27-point rule): the engine answers
   * 'win' without a line there, and in infinite mode waits for stop (Thinking… for ever). */
  declaration?: Outcome;
  lastMove?: Move;
}

interface Message {
  kind: 'error' | 'info';
  text: string;
  /** A button in the banner (Undo after the game was replaced). */
  action?: { label: string; run: () => void };
}

type Dialog = 'import' | 'export' | 'settings';
/** The position a solver's line starts from, and whether it is the board's (solvedPosition). */
interface Solved { position: Position; onBoard: boolean }
/** A solver's line: where it starts, and its moves named in the board's notation (namedLine). */
interface NamedLine { solved?: Solved; names: string[] }

/** Export formats offered; SFEN is the current position (the words say so), the others the
 * whole record. */
const EXPORTS: { format: RecordFormat; label: string; extension: string }[] = [
  { format: 'kif', label: 'KIF', extension: 'kifu' },
  { format: 'ki2', label: 'KI2', extension: 'ki2u' }, // UTF-8, as .kifu: a .ki2 is read as Shift_JIS
  { format: 'csa', label: 'CSA', extension: 'csa' },
  { format: 'jkf', label: 'JKF', extension: 'jkf' },
  { format: 'sfen', label: 'SFEN', extension: 'sfen' },
  { format: 'usi', label: 'USI', extension: 'usi' },
];

/** The board's largest width, and its width for a unit of height with the hands beside it (a
 * board at least 32rem wide; narrower, they go above and below), per variant. Dobutsu's largest
 * width keeps the hands beside it too: at 30rem its board and hands stood 922 px tall. */
const BOARD_SIZE: Record<Variant, { max: string; ratio: number }> = {
  shogi: { max: '50rem', ratio: 1.22 },
  minishogi: { max: '38rem', ratio: 1.45 },
  dobutsu: { max: '36rem', ratio: 1.38 },
};

const BRUSHES: Brush[] = ['pv1', 'pv2', 'pv3', 'pv4', 'pv5'];
// Find mate runs until the solver decides or the user stops it (the progress line says how
// long it has run): a long problem (寿, 611 plies) takes tens of seconds, and a time limit would
// only throw that work away. The table grows from 1 MiB as the problem needs it, up to 256 MiB
// (寿 grows to 256; with 64 it needs twice the nodes).
const MATE_LIMITS = { memoryMiB: 256 };

/**
 * The analysis board: a record (loaded from a URL, pasted, dropped as a file, or played on the
 * board) with its variations and comments, the engine's lines on the current position, the
 * evaluation over the game, a board editor, the tsume solver, export and shareable links.
 * Every search runs in a worker; bad input shows a message and leaves the game as it was.
 *
 * URL parameters (see url.ts): sfen, moves, variant, ply, kif, analyse=1, read and followed only
 * with the `address` attribute (the analysis page).
 *
 * @csspart board - the <shogi-board>
 *
 * @cssproperty --shogi-page-background - the page
 * @cssproperty --shogi-page-text - text
 * @cssproperty --shogi-panel-background - panels, the header and dialogs
 * @cssproperty --shogi-panel-border - their borders
 * @cssproperty --shogi-accent-color - the engine switch and highlights
 */
@defineElement('shogi-analysis')
export class ShogiAnalysis extends LitElement {
  static override styles = analysisStyles;

  /** The page's address is this board's: it opens the game the address holds and keeps the
   * address (and the tab's copy of the game) on the game. Only the analysis page (index.html)
   * sets it: a board embedded in a blog must never read, rewrite or add to its host's address
   * or history, which belong to the blog post. */
  @property({ type: Boolean }) address = false;

  @state() private record: GameRecord = emptyRecord();
  @state() private path: Path = [];
  /** Bumped when the record changes in place. */
  @state() private revision = 0;
  /** Of the revisions, those that only changed a comment (see onComment). */
  private commentEdits = 0;
  @state() private view?: View;
  @state() private settings: Settings = loadSettings();
  @state() private orientation: Color = 'sente';
  @state() private engineOn = false;
  @state() private searching = false;
  @state() private lines: SearchInfo[] = [];
  @state() private preview?: { setup: Setup; lastMove?: Move };
  /** Why the move the user just tried on the board is not legal, until the next move. */
  @state() private refusal?: string;
  @state() private message?: Message;
  @state() private dialog?: Dialog;
  /** What the open dialog has to say (the page's banner would be under its backdrop). */
  @state() private dialogMessage?: Message;
  @state() private exportFormat: RecordFormat = 'kif';
  @state() private editing = false;
  /** A position set up in the editor and left, which Undo opens the editor on again. */
  private editorDraft?: Setup;
  @state() private dragging = false;
  @state() private graphProgress?: number;
  /** Counts the game analyses begun and stopped (analyseGame). */
  private graphRun = 0;
  @state() private scoreRevision = 0;
  @state() private mate?: { running: boolean; progress?: MateProgress; result?: MateResult; error?: string; sfen: string };
  /** The search for other mates (余詰) along the solution shown: the move it is at while it
   * runs, then what it found. A new run, or a new position, ends the one before. */
  @state() private others?: { running: boolean; at: number; found: Alternative[] };
  private othersRun?: object;
  /** The last game with anything in it that replaceGame replaced, which its Undo brings back. */
  private replaced?: { record: GameRecord; path: Path };
  /** What Delete from here removed, which Undo puts back while the record is as it left it. */
  @state() private deleted?: { path: Path; node: Node; revision: number };
  @query('dialog') private dialogElement?: HTMLDialogElement;
  @query('dialog textarea[readonly]') private exportArea?: HTMLTextAreaElement;
  @query('shogi-board') private board?: ShogiBoard;
  @query('shogi-board-editor') private editor?: ShogiBoardEditor;

  /** The record fetched from the kif parameter, while it is as fetched: the address keeps the
   * parameter then (a reload fetches it again, comments and variations with it). */
  private fetched?: { url: string; record: GameRecord; revision: number };
  private addressTimer?: ReturnType<typeof setTimeout>;
  /** Whether start() has loaded the game the address asked for: before that the address is
   * left alone (the rules loading for longer than the address's delay, the empty game that
   * stands in meanwhile wiped the parameters before start() read them: a flaky CI run). */
  private started = false;
  /** The game as the page opened it, while the address had parameters it refused: the address
   * stays as typed, for the user to mend, until the game changes. */
  private addressRefused?: { record: GameRecord; revision: number; path: Path };

  /** The board's language (its `lang`, an ancestor's or the page's) and its words. */
  private uiLang: Lang = 'en';
  private t: AnalysisText = ANALYSIS_EN;
  /** In Japanese, the Japanese of src/'s messages (errors-ja.ts). */
  private ja?: typeof import('../errors-ja.js');
  /** Whether the words of its language are there: a board in Japanese draws nothing before. */
  @state() private ready = true;

  private readonly live = new LiveEngine();
  private readonly gameAnalysis = new GameAnalysis();
  /** Background analysis scores, by node (the root for the start), from sente's side. */
  private readonly scores = new WeakMap<Root | Node, Score>();

  /** Where the board's keys and pastes are heard: the whole page on the analysis page; in a
   * blog, only the board itself, or the host's arrow keys (scrolling), its Home and End, an 'f'
   * and any paste went to the board. */
  private get keyTarget(): EventTarget {
    return this.address ? window : this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.uiLang = langOf(this);
    this.ready = this.uiLang !== 'ja';
    this.keyTarget.addEventListener('keydown', this.onKey as EventListener);
    this.keyTarget.addEventListener('paste', this.onPaste as EventListener);
    this.addEventListener('dragover', this.onDragOver);
    this.addEventListener('dragleave', this.onDragLeave);
    this.addEventListener('drop', this.onDrop);
    void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.keyTarget.removeEventListener('keydown', this.onKey as EventListener);
    this.keyTarget.removeEventListener('paste', this.onPaste as EventListener);
    clearTimeout(this.addressTimer);
    this.live.dispose();
    this.gameAnalysis.dispose();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('settings')) {
      this.setAttribute('theme', this.settings.theme);
      saveSettings(this.settings);
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (['record', 'path', 'revision', 'engineOn'].some((key) => changed.has(key))) this.followInAddress();
    // The button that opened the editor is disabled now: focus goes into the editor, whose keys
    // (Escape, f) then work at once.
    if (changed.has('editing') && this.editing) void this.editor?.updateComplete.then(() => this.editor?.focus());
    if (changed.has('dialog')) {
      const dialog = this.dialogElement;
      if (this.dialog && dialog && !dialog.open) dialog.showModal();
    }
  }

  // ---- Loading --------------------------------------------------------------------------------

  private async start(): Promise<void> {
    // The address as the page opened with it: it follows the game only once that is loaded.
    const search = this.address ? location.search : '';
    const language = this.loadLanguage();
    try {
      await initRules();
    } catch (error) {
      await language;
      this.message = { kind: 'error', text: `${this.t.rulesNotLoaded}: ${error}` };
      return;
    }
    await language;
    const params = readParams(search);
    const kept = this.address ? keptGame(search) : undefined;
    if (kept) {
      // A reload: the tab kept the whole game the address stands for.
      this.engineOn = params.analyse;
      this.load(kept.record, kept.path);
      // The address was a kif link only while the game stood as fetched: it stays one.
      if (params.kif) this.fetched = { url: params.kif, record: this.record, revision: this.revision };
      this.started = true;
      return;
    }
    const problems = params.problems.map((problem) => this.said(problem));
    let record = emptyRecord(params.variant ?? 'shogi');
    let ply: number | undefined = params.ply;
    let fetchedOk = false;
    if (params.kif) {
      const fetched = await recordFromUrl(params.kif, location.href, (error) => this.describe(error));
      if (fetched.ok) {
        record = fetched.value;
        fetchedOk = true;
        ply ??= 0;
      } else problems.push(`${this.t.recordNotLoaded}: ${this.said(fetched.error)}`);
    } else if (params.sfen || params.moves || params.variant) {
      const loaded = recordFromPosition(params.sfen, params.moves ?? [], params.variant);
      if (loaded.ok) {
        record = loaded.value.record;
        if (loaded.value.problem) problems.push(this.said(loaded.value.problem));
      } else problems.push(`${this.t.positionNotLoaded}: ${this.said(loaded.error)}`);
    }
    const length = mainLine(record).filter(isMoveNode).length;
    const at = Math.min(Math.max(ply ?? length, 0), length);
    this.engineOn = params.analyse;
    this.load(record, Array.from({ length: at }, () => 0));
    // A record with no moves (a diagram, a tsume problem) stands for its address as well.
    if (params.kif && fetchedOk) this.fetched = { url: params.kif, record, revision: this.revision };
    if (problems.length > 0) {
      this.message = { kind: 'error', text: problems.join('\n') };
      this.addressRefused = { record: this.record, revision: this.revision, path: this.path };
    }
    this.started = true;
  }

  /** A board in Japanese loads its words and the Japanese of src/'s messages (text-ja.ts,
   * errors-ja.ts, chunks that an English page does not load) before it draws anything; the
   * English stands where the host does not serve them. */
  private async loadLanguage(): Promise<void> {
    if (this.uiLang === 'ja') {
      const [words, errors] = await Promise.all([import('./text-ja.js').catch(() => undefined), import('../errors-ja.js').catch(() => undefined)]);
      if (words) this.t = words.ANALYSIS_JA;
      this.ja = errors;
    }
    this.ready = true;
  }

  /** Replaces the game; nothing of the previous one is kept. */
  private load(record: GameRecord, path: Path = []): void {
    void this.gameAnalysis.cancel();
    this.graphProgress = undefined;
    // Scores stay with their nodes: a game brought back by Undo keeps its graph.
    this.scoreRevision++;
    this.record = record;
    this.revision++;
    this.goTo(path);
  }

  /** Replaces the game on the user's word (an import, a variant, the editor's position) and
   * says `text`. A game with anything in it stays one click away: Undo in the banner brings it
   * back, and Undo there the one it replaced. A new game of another variant that replaces
   * nothing (`quiet`) needs no word: the board says it. */
  private replaceGame(record: GameRecord, text: string, path: Path = [], quiet = false): void {
    // An empty game (a variant just switched to) passes on the Undo of the game it replaced: a
    // second switch lost the first game for good.
    const previous = !isEmptyGame(this.record) ? { record: this.record, path: this.path }
      : this.replaced?.record !== record ? this.replaced : undefined;
    this.load(record, path);
    this.replaced = previous;
    this.message = previous
      ? { kind: 'info', text, action: { label: this.t.undo, run: () => this.replaceGame(previous.record, this.t.previousBack, previous.path) } }
      : quiet ? undefined : { kind: 'info', text };
  }

  /** Loads text or bytes of a record and closes the dialog; on failure says why and keeps the
   * current game. */
  private loadText(input: string | Uint8Array, source: string): void {
    const parsed = recordFromText(input, source, (error) => this.describe(error));
    if (!parsed.ok) {
      this.say('error', `${this.t.notLoaded} — ${parsed.error}`);
      return;
    }
    this.closeDialog();
    this.replaceGame(parsed.value, this.t.loaded(source));
  }

  /** A message of src/ (in its English) in the board's language. */
  private said(error: Reported | string): string {
    const reported = typeof error === 'string' ? { message: error } : error;
    return this.ja?.japaneseError(reported) ?? reported.message;
  }

  /** Where a record's error is (line, and column in English) and what it is. */
  private describe(error: RecordError): string {
    return this.ja ? `${error.line}行目: ${this.said(error)}` : describeRecordError(error);
  }

  /** Tells the user: in the open dialog, where they look (the banner is under its backdrop), or
   * in the page's banner. */
  private say(kind: Message['kind'], text: string): void {
    if (this.dialog) this.dialogMessage = { kind, text };
    else this.message = { kind, text };
  }

  // ---- Moving about the record -------------------------------------------------------------------

  private goTo(path: Path): void {
    const position = positionAt(this.record, path);
    if (!position.ok) {
      this.message = { kind: 'error', text: this.said(position.error) };
      return;
    }
    const pos = position.value;
    const setup = pos.setup();
    const declared = pos.clone().declare();
    this.path = path;
    this.view = {
      position: pos,
      setup,
      legalMoves: pos.legalMoves(),
      check: checkSquare(pos, setup),
      outcome: pos.outcome(),
      declaration: declared.ok ? declared.value : undefined,
      lastMove: pos.history.at(-1),
    };
    this.preview = undefined;
    this.refusal = undefined;
    this.lines = [];
    this.mate = undefined;
    this.others = undefined;
    this.othersRun = undefined;
    this.board?.setUserShapes([]);
    this.analyse();
  }

  private play(moves: Move[]): void {
    let path = this.path;
    for (const move of moves) path = playAt(this.record, path, move);
    this.revision++;
    this.goTo(path);
  }

  private onBoardMove(event: CustomEvent<ShogiMoveDetail>): void {
    this.play([event.detail.move]);
  }

  /** A new try on the board: the last refusal was about another, and goes (in the capture phase,
   * before the board may refuse this one). */
  private readonly forgetRefusal = { handleEvent: () => { this.refusal = undefined; }, capture: true };

  private onBoardRefused(event: CustomEvent<ShogiRefusedDetail>): void {
    // Squares named as the moves are: ７六 beside ☗７六歩, 7f beside P-7f.
    const square = this.settings.notation === 'japanese' ? japaneseSquare : undefined;
    if (this.view) this.refusal = whyRefused(this.view.position, event.detail, square, this.uiLang === 'ja' ? REFUSAL_JA : undefined);
  }

  private onNavigate(event: CustomEvent<ShogiNavigateDetail>): void {
    this.goTo(event.detail.path);
  }

  private onKey = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || this.dialog || this.editing) return;
    if (fromTextEntry(event)) return;
    if (isNavigationKey(event.key)) {
      event.preventDefault();
      const next = navigate(this.record, this.path, event.key);
      if (next) this.goTo(next);
    } else if (event.key === 'f') this.flip();
  };

  private flip(): void {
    this.orientation = opponent(this.orientation);
  }

  private promoteVariation(): void {
    const path = promoteAt(this.record, this.path);
    if (!path) return;
    this.revision++;
    this.goTo(path);
  }

  private deleteMove(): void {
    const path = this.path;
    const { path: parent, removed } = deleteAt(this.record, path);
    this.revision++;
    this.deleted = removed && { path, node: removed, revision: this.revision };
    this.goTo(parent);
  }

  private undoDelete(): void {
    const deleted = this.deleted;
    if (!deleted || deleted.revision !== this.revision) return;
    restoreAt(this.record, deleted.path, deleted.node);
    this.deleted = undefined;
    this.revision++;
    this.goTo(deleted.path);
  }

  /** Keeps the comment typed for `node` as it is typed: saved only when the box lost focus, it
   * went to the move played meanwhile on the board. */
  private onComment(node: Root | Node, event: Event): void {
    const text = (event.target as HTMLTextAreaElement).value;
    node.comments = text === '' ? [] : text.split('\n');
    this.revision++;
    // The move tree shows the comment without naming its moves again, which its revision would
    // make it do at each key (at the end of a game of 300 plies: 30-33 ms a key, 20-22 without).
    this.commentEdits++;
    this.renderRoot.querySelector<LitElement>('shogi-move-tree')?.requestUpdate();
  }

  // ---- Engine ------------------------------------------------------------------------------------

  private limits(): SearchLimits {
    const { limit, depth, seconds } = this.settings;
    if (limit === 'depth') return { depth };
    if (limit === 'time') return { movetime: seconds * 1000 };
    return { infinite: true };
  }

  /** Starts the engine on the current position (stopping what it did), or stops it. */
  private analyse(): void {
    const view = this.view;
    this.lines = [];
    // The solver has the worker (Find mate, Other mates): the engine switched or its settings
    // changed meanwhile stopped it, throwing its work away. Its end starts the analysis instead;
    // moving to another position clears `mate` and `others` first, which does stop it.
    if (this.mate?.running || this.others?.running) {
      this.searching = false;
      return;
    }
    if (!this.engineOn || !view || view.outcome || view.declaration || this.editing) {
      this.searching = false;
      void this.live.stop();
      return;
    }
    this.searching = true;
    const variant = this.record.variant;
    const moves = movesTo(this.record, this.path).map((m) => formatUsiMove(m, variant));
    this.live.analyse(
      { variant, sfen: this.record.sfen, moves, limits: this.limits(), multiPV: this.settings.multiPV, hashMiB: this.settings.hashMiB },
      (info) => this.onInfo(info),
      () => (this.searching = false),
    ).catch((error: unknown) => {
      this.searching = false;
      this.message = { kind: 'error', text: `${this.t.engineStopped}: ${this.said(error instanceof Error ? error.message : String(error))}` };
    });
  }

  private onInfo(info: SearchInfo): void {
    if (info.multipv > this.settings.multiPV) return;
    const lines = this.lines.filter((line) => line.multipv !== info.multipv);
    lines.push(info);
    this.lines = lines.sort((a, b) => a.multipv - b.multipv);
  }

  private setEngine(on: boolean): void {
    this.engineOn = on;
    this.analyse();
  }

  private changeSettings(change: Partial<Settings>, restart = false): void {
    this.settings = { ...this.settings, ...change };
    if (restart) this.analyse();
  }

  private async solveMate(): Promise<void> {
    const view = this.view;
    if (!view) return;
    const sfen = view.position.sfen();
    const mine = () => this.mate?.sfen === sfen;
    this.mate = { running: true, sfen };
    this.others = undefined;
    this.othersRun = undefined;
    this.searching = false;
    this.lines = [];
    try {
      const result = await this.live.exclusive(this.record.variant, (engine) =>
        engine.solveMate(sfen, MATE_LIMITS, (progress) => {
          if (mine() && this.mate?.running) this.mate = { ...this.mate, progress };
        }));
      if (mine()) this.mate = { running: false, result, sfen };
    } catch (error) {
      if (mine()) this.mate = { running: false, error: error instanceof Error ? error.message : String(error), sfen };
    }
    if (mine() && this.engineOn) this.analyse();
  }

  private stopMate(): void {
    void this.live.stop();
  }

  /** For composers: the other checks that mate within the plies left at each attacker move of
   * the solution shown (src/engine/alternatives.ts), in the worker, until done or stopped. */
  private async findOthers(): Promise<void> {
    const result = this.mate?.result;
    if (result?.status !== 'mate') return;
    const run = {};
    this.othersRun = run;
    const mine = () => this.othersRun === run;
    this.others = { running: true, at: 1, found: [] };
    this.searching = false;
    this.lines = [];
    let found: Alternative[] = [];
    try {
      found = await this.live.exclusive(this.record.variant, (engine) =>
        findAlternatives((sfen, limits) => engine.solveMate(sfen, limits), result.sfen, result.moves, result.uncounted, { memoryMiB: MATE_LIMITS.memoryMiB },
          (at) => { if (mine()) this.others = { running: true, at, found: [] }; }, () => !mine()));
    } catch {
      // The worker failed or was stopped: what was found so far is lost, the position stays.
    }
    if (!mine()) return;
    this.others = { running: false, at: 0, found };
    this.othersRun = undefined;
    if (this.engineOn) this.analyse();
  }

  private stopOthers(): void {
    this.othersRun = undefined;
    this.others = undefined;
    // The analysis takes the worker back, as after a solve (it stops the search on its way).
    if (this.engineOn) this.analyse();
    else void this.live.stop();
  }

  private playMateLine(): void {
    const result = this.mate?.result, view = this.view;
    if (!result || !view) return;
    if (result.sfen === this.mate?.sfen) { this.play(this.usiToMoves(result.moves)); return; }
    // The solver completed the position (see solvedPosition): the line is played from that
    // one, as a new game, which renderMate offers only when the game has no moves to lose.
    // The problem's headers and comments (作者, 表題) stay with it, and the game replaced is one
    // Undo away.
    const loaded = recordFromPosition(result.sfen, result.moves, this.record.variant);
    if (!loaded.ok) return;
    const record = { ...loaded.value.record, headers: [...this.record.headers] };
    record.root.comments = [...this.record.root.comments];
    this.replaceGame(record, this.t.matePlayed, mainLinePath(record));
  }

  /** The position the solver solved, and whether it is the board's (this.mate always belongs to
   * the board's position: moving clears it): it is not when a tsume SFEN left pieces out, which
   * the solver gives to the defender (result.notes says so). Undefined if it cannot be read. */
  private solvedPosition(view: View, sfen: string): Solved | undefined {
    if (sfen === this.mate?.sfen) return { position: view.position.clone(), onBoard: true };
    const solved = Position.fromSfen(sfen, this.record.variant);
    return solved.ok ? { position: solved.value, onBoard: false } : undefined;
  }

  /** The position a line of the solver starts from (solvedPosition) and the names of its moves in
   * the board's notation: a result's line, or the line of a mate found so far. */
  private namedLine(view: View, sfen: string, moves: readonly string[]): NamedLine {
    const solved = this.solvedPosition(view, sfen);
    const names = solved ? lineNames(solved.position, moves, this.settings.notation, solved.onBoard ? view.lastMove?.to : undefined) : [];
    return { solved, names };
  }

  /** The solved position and the names of the mate's moves, worked out once a result and
   * notation: the panel renders again on every engine update, and naming a line of 611 moves
   * replays it. */
  private mateLine(view: View, result: MateResult): NamedLine {
    const notation = this.settings.notation, cached = this.namedMate;
    if (cached?.result === result && cached.notation === notation) return cached;
    this.namedMate = { result, notation, ...this.namedLine(view, result.sfen, result.moves) };
    return this.namedMate;
  }
  private namedMate?: NamedLine & { result: MateResult; notation: MoveNotation };

  /** The names of the moves of the mate found so far (a progress report), worked out once a line
   * and notation: reports come five times a second, the line only changes with a shorter mate. */
  private foundLineNames(view: View, progress: MateProgress): string[] {
    const { moves, sfen } = progress;
    if (!moves || sfen === undefined) return [];
    const key = `${this.settings.notation} ${sfen} ${moves.join(' ')}`;
    if (this.namedFound?.key === key) return this.namedFound.names;
    this.namedFound = { key, names: this.namedLine(view, sfen, moves).names };
    return this.namedFound.names;
  }
  private namedFound?: { key: string; names: string[] };

  private usiToMoves(usi: readonly string[]): Move[] {
    const moves: Move[] = [];
    for (const text of usi) {
      const move = parseUsiMove(text, this.record.variant);
      if (!move.ok) break;
      moves.push(move.value);
    }
    return moves;
  }

  // ---- Engine lines: preview and play ------------------------------------------------------------

  private onPvHover(event: CustomEvent<ShogiPvDetail | null>): void {
    const view = this.view;
    if (!event.detail || !view) {
      this.preview = undefined;
      return;
    }
    const pos = view.position.clone();
    let lastMove: Move | undefined;
    for (const move of this.usiToMoves(event.detail.moves)) {
      if (!pos.play(move).ok) break;
      lastMove = move;
    }
    this.preview = { setup: pos.setup(), lastMove };
  }

  private onPvPlay(event: CustomEvent<ShogiPvDetail>): void {
    this.play(this.usiToMoves(event.detail.moves));
  }

  private engineShapes(): BoardShape[] {
    if (this.preview || !this.engineOn) return [];
    const color = this.view?.setup.turn ?? 'sente';
    return this.lines.flatMap((line) => {
      const first = line.pv[0] && parseUsiMove(line.pv[0], this.record.variant);
      if (!first || !first.ok) return [];
      const move = first.value;
      // The colour the list of lines marks this line with (see brushes.ts).
      const brush = BRUSHES[line.multipv - 1] ?? 'pv5';
      return [isDrop(move) ? { to: move.to, drop: move.role, color, brush } : { from: move.from, to: move.to, brush }];
    }).reverse();
  }

  // ---- Game analysis ------------------------------------------------------------------------------

  private async analyseGame(): Promise<void> {
    const record = this.record;
    // A run stopped ends a moment later, when its search returns: by then Analyse game may have
    // started the next one, whose progress it must leave alone.
    const run = ++this.graphRun;
    const ours = () => this.record === record && run === this.graphRun;
    this.graphProgress = 0;
    await this.gameAnalysis.analyse(
      record,
      (node, _ply, score) => {
        if (this.record !== record) return;
        if (score) this.scores.set(node, score);
        this.scoreRevision++;
      },
      (fraction) => {
        if (ours()) this.graphProgress = fraction;
      },
    ).catch((error: unknown) => {
      this.message = { kind: 'error', text: `${this.t.gameAnalysisStopped}: ${this.said(error instanceof Error ? error.message : String(error))}` };
    });
    if (ours()) this.graphProgress = undefined;
  }

  private stopGameAnalysis(): void {
    this.graphRun++;
    void this.gameAnalysis.cancel();
    this.graphProgress = undefined;
  }

  private graphScores(): (Score | undefined)[] {
    const nodes: (Root | Node)[] = [this.record.root, ...mainLine(this.record).filter(isMoveNode)];
    return nodes.map((node) => this.scores.get(node));
  }

  private onGraphSelect(event: CustomEvent<ShogiGraphDetail>): void {
    this.goTo(Array.from({ length: event.detail.ply }, () => 0));
  }

  // ---- Import, export, link, editor, variant -------------------------------------------------------

  private openDialog(dialog: Dialog): void {
    this.dialogMessage = undefined;
    this.dialog = dialog;
  }

  private closeDialog(): void {
    this.dialogElement?.close();
    this.dialog = undefined;
  }

  private importText(): void {
    this.loadText(this.renderRoot.querySelector<HTMLTextAreaElement>('#import-text')?.value ?? '', this.t.pasted);
  }

  private async importFile(file: File): Promise<void> {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      this.say('error', `${this.t.notLoaded} — ${this.t.fileUnread(file.name)}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    this.loadText(bytes, file.name);
  }

  private exportText(): { text?: string; error?: string; note?: string } {
    if (this.exportFormat === 'sfen') return { text: this.view?.position.sfen() ?? '' };
    const written = formatRecord(this.record, this.exportFormat);
    const note = leftOut(this.record, this.exportFormat);
    // In English the note is a clause; its Japanese is a sentence.
    return written.ok ? { text: written.value, note: note && (this.ja ? this.said(note) : `${note}.`) } : { error: this.said(written.error) };
  }

  /** Copies `text`. Where the browser refuses the clipboard, selects it in `field` for the user
   * to copy (a whole record written out would fill the page), or else shows it. */
  private async copy(text: string, what: Copied, field?: HTMLTextAreaElement): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.say('info', this.t.copied(what));
    } catch {
      if (!field) {
        this.say('info', `${this.t.copyThis(what)}\n${text}`);
        return;
      }
      field.focus();
      field.select();
      this.say('info', this.t.copySelected(what));
    }
  }

  private download(text: string): void {
    const extension = EXPORTS.find((e) => e.format === this.exportFormat)?.extension ?? 'txt';
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `game.${extension}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** A link to the line the board is on, to its end, opening at the current move: the URL
   * holds one line, so a variation's link gives it as the main line. */
  private link(): string {
    return shareLink(location.origin + location.pathname, this.lineState());
  }

  private lineState(): ShareState {
    const variant = this.record.variant;
    const end = navigate(this.record, this.path, 'End') ?? this.path;
    return {
      variant,
      sfen: this.record.sfen,
      moves: movesTo(this.record, end).map((m) => formatUsiMove(m, variant)),
      ply: movesTo(this.record, this.path).length,
    };
  }

  /** Keeps the address bar on the game, so that a reload or a bookmark finds it again. Late by a
   * moment: a held arrow key must not flood the browser's history API (it throttles). */
  private followInAddress(): void {
    if (!this.started || !this.address) return;
    clearTimeout(this.addressTimer);
    this.addressTimer = setTimeout(() => {
      const refused = this.addressRefused;
      if (refused?.record === this.record && refused.revision === this.revision && refused.path === this.path) return;
      this.addressRefused = undefined;
      const query = pageQuery(location.search, this.pageGame(), this.engineOn);
      if (query !== location.search) history.replaceState(history.state, '', location.pathname + query + location.hash);
      keepGame(query, this.record, this.revision, this.path);
    }, 300);
  }

  private pageGame(): PageGame {
    const { record, path, fetched } = this;
    const onMainLine = path.every((i) => i === 0);
    if (fetched?.record === record && fetched.revision === this.revision && onMainLine) {
      return { kind: 'kif', url: fetched.url, ply: movesTo(record, path).length };
    }
    if (isEmptyGame(record)) return { kind: 'new', variant: record.variant };
    return { kind: 'line', state: this.lineState() };
  }

  /** Opens the editor on the board's position, or on a draft left with Escape or Cancel. */
  private startEditor(draft?: Setup): void {
    this.editorDraft = draft;
    this.editing = true;
    this.analyse();
  }

  private onEditorDone(event: CustomEvent<ShogiEditorDoneDetail>): void {
    this.editing = false;
    this.replaceGame(emptyRecord(this.record.variant, event.detail.sfen), this.t.edited);
  }

  private onEditorCancel(event: CustomEvent<ShogiEditorCancelDetail>): void {
    this.editing = false;
    this.analyse();
    const draft = event.detail.draft;
    if (draft && JSON.stringify(draft) !== JSON.stringify(this.view?.setup)) {
      this.message = { kind: 'info', text: this.t.editorLeft, action: { label: this.t.undo, run: () => {
        this.message = undefined;
        this.startEditor(draft);
      } } };
    }
  }

  private onVariant(event: Event): void {
    const variant = (event.target as HTMLSelectElement).value as Variant;
    if (variant === this.record.variant) return;
    this.replaceGame(emptyRecord(variant), this.t.newGame(this.t.variants[variant]), [], true);
  }

  private onDragOver = (event: DragEvent): void => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    // Taken while the editor is open too (the browser would open the file), but not offered.
    event.preventDefault();
    this.dragging = !this.editing;
  };

  private onDragLeave = (event: DragEvent): void => {
    if (event.relatedTarget === null) this.dragging = false;
  };

  /** A record pasted on the page (Ctrl+V, ⌘V) outside a text field loads as the Import dialog's
   * Load does: one Undo brings back the game it replaced. */
  private onPaste = (event: ClipboardEvent): void => {
    if (event.defaultPrevented || this.dialog || this.editing) return;
    if (fromTextEntry(event)) return;
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (text.trim() === '') return;
    event.preventDefault();
    this.loadText(text, this.t.pasted);
  };

  private onDrop = (event: DragEvent): void => {
    const file = event.dataTransfer?.files[0];
    this.dragging = false;
    if (!file) return;
    event.preventDefault();
    // As Import and a paste do, a drop waits while the editor is open: the game loaded reset the
    // editor behind it, and the position set up there was lost.
    if (this.editing) return;
    void this.importFile(file);
  };

  // ---- Rendering ------------------------------------------------------------------------------------

  override render() {
    const variant = this.record.variant, t = this.t;
    if (!this.ready) return nothing;
    return html`
      <header>
        <h1>shogi-wasm</h1>
        <select aria-label=${t.variant} .value=${variant} @change=${this.onVariant} ?disabled=${this.editing}>
          ${VARIANTS.map((v) => html`<option value=${v} ?selected=${v === variant}>${t.variants[v]}</option>`)}
        </select>
        <button @click=${() => this.openDialog('import')} ?disabled=${this.editing}>${t.import}</button>
        <button @click=${() => this.openDialog('export')} ?disabled=${this.editing}>${t.export}</button>
        <button @click=${() => this.startEditor()} ?disabled=${this.editing}>${t.edit}</button>
        <button @click=${() => this.copy(this.link(), 'link')} ?disabled=${this.editing}>${t.copyLink}</button>
        <span class="spacer"></span>
        <button @click=${() => this.openDialog('settings')}>${t.settings}</button>
      </header>
      ${this.message
        ? html`<div class="message ${this.message.kind}" role=${this.message.kind === 'error' ? 'alert' : 'status'}>
            <span>${this.message.text}</span>
            ${this.message.action
              // Undo brings a game back, which the editor open would be reset to.
              ? html`<button @click=${this.message.action.run} ?disabled=${this.editing}>${this.message.action.label}</button>`
              : nothing}
            <button aria-label=${t.dismiss} @click=${() => (this.message = undefined)}>✕</button>
          </div>`
        : nothing}
      ${this.editing ? this.renderEditor() : this.renderMain()}
      ${this.renderDialog()}
      ${this.dragging ? html`<div class="drop-zone">${t.dropZone}</div>` : nothing}
    `;
  }

  private renderEditor() {
    return html`<main class="editor">
      <shogi-board-editor .initial=${this.editorDraft ?? this.view?.setup} .orientation=${this.orientation}
        label-lang=${this.uiLang} .explain=${(error: Reported) => this.said(error)}
        .pieceSet=${this.settings.pieceSet} .coordinates=${this.settings.coordinates}
        @shogi-editor-done=${this.onEditorDone} @shogi-editor-cancel=${this.onEditorCancel}></shogi-board-editor>
    </main>`;
  }

  private renderMain() {
    const view = this.view;
    const t = this.t;
    if (!view) return html`<main><p>${t.loadingRules}</p></main>`;
    const variant = this.record.variant;
    const size = BOARD_SIZE[variant];
    const preview = this.preview;
    const best = this.lines[0];
    const liveScore = best ? senteScore(best.score, view.setup.turn) : undefined;
    const node = nodeAt(this.record, this.path);
    // A game that is over shows its result, and a declarable win the win: no engine searches there.
    const ended = view.outcome ?? view.declaration;
    const score = liveScore ?? (ended ? outcomeScore(ended) : node ? this.scores.get(node) : undefined);
    const scoreStyle = this.settings.notation === 'japanese' ? 'japanese' : 'western';
    const ply = mainLinePly(this.path);
    const graphScores = this.graphScores();
    return html`<main class="analysis" style="--board-max: ${size.max}; --board-ratio: ${size.ratio}">
      <section class="board-column" aria-label=${t.board}>
        <div class="board-row">
          <shogi-eval-bar .score=${score} .orientation=${this.orientation} .notation=${scoreStyle} label-lang=${this.uiLang}></shogi-eval-bar>
          <shogi-board part="board" class=${preview ? 'preview' : ''}
            .setup=${preview?.setup ?? view.setup} .legalMoves=${preview ? [] : view.legalMoves}
            .lastMove=${preview ? preview.lastMove : view.lastMove} .check=${preview ? undefined : view.check}
            .orientation=${this.orientation} .shapes=${this.engineShapes()}
            .pieceSet=${this.settings.pieceSet} .coordinates=${this.settings.coordinates} label-lang=${this.uiLang}
            @shogi-move=${this.onBoardMove} @shogi-refused=${this.onBoardRefused}
            @pointerdown=${this.forgetRefusal} @keydown=${this.forgetRefusal}></shogi-board>
        </div>
        <div class="controls">
          <span class="nav" role="group" aria-label=${t.moves}>
            <button aria-label=${t.first} title="Home" @click=${() => this.goTo([])}>${icon('M5 4v16M19 4 8 12l11 8z')}</button>
            <button aria-label=${t.previous} title="←" @click=${() => this.key('ArrowLeft')}>${icon('M17 4 6 12l11 8z')}</button>
            <button aria-label=${t.next} title="→" @click=${() => this.key('ArrowRight')}>${icon('M7 4l11 8-11 8z')}</button>
            <button aria-label=${t.last} title="End" @click=${() => this.key('End')}>${icon('M19 4v16M5 4l11 8-11 8z')}</button>
          </span>
          <button @click=${this.flip} title="f">${t.flip}</button>
          <div class="status" aria-live="polite">${this.renderStatus(view)}</div>
        </div>
      </section>
      <section class="side">
        ${this.renderEngine(view)}
        <section class="panel" aria-label=${t.recordPanel}>
          <h2>${t.movesHeading}</h2>
          ${this.renderPlayers()}
          <shogi-move-tree .record=${this.record} .path=${this.path} .revision=${this.revision - this.commentEdits}
            .notation=${this.settings.notation} label-lang=${this.uiLang} @shogi-navigate=${this.onNavigate}></shogi-move-tree>
          <div class="tree-actions">
            <button @click=${this.promoteVariation} ?disabled=${this.path.every((i) => i === 0)}>${t.promote}</button>
            <button @click=${this.deleteMove} ?disabled=${this.path.length === 0}>${t.deleteFrom}</button>
            ${this.deleted?.revision === this.revision ? html`<button @click=${this.undoDelete}>${t.undoDelete}</button>` : nothing}
          </div>
        </section>
        <section class="panel comment" aria-label=${t.comment}>
          <h2>${t.commentHeading}</h2>
          <textarea aria-label=${t.commentLabel} .value=${(node?.comments ?? []).join('\n')}
            @input=${(event: Event) => node && this.onComment(node, event)}></textarea>
        </section>
      </section>
      <section class="panel graph" aria-label=${t.graph}>
        <div class="graph-head">
          <h2>${t.graphHeading}</h2>
          ${this.graphProgress === undefined
            ? html`<button @click=${this.analyseGame} ?disabled=${graphScores.length < 2}>${t.analyseGame}</button>`
            : html`<button @click=${this.stopGameAnalysis}>${t.stopGameAnalysis}</button>`}
        </div>
        <shogi-eval-graph .scores=${graphScores} .ply=${ply === undefined ? -1 : Math.min(ply, graphScores.length - 1)} .firstPly=${movesBeforeStart(this.record)}
          .progress=${this.graphProgress} .notation=${scoreStyle} data-revision=${this.scoreRevision} label-lang=${this.uiLang}
          placeholder=${graphScores.length < 2 ? t.graphEmpty : t.graphUnanalysed}
          @shogi-graph-select=${this.onGraphSelect}></shogi-eval-graph>
      </section>
    </main>`;
  }

  private key(key: 'ArrowLeft' | 'ArrowRight' | 'End'): void {
    const next = navigate(this.record, this.path, key);
    if (next) this.goTo(next);
  }

  /** Who played the game, as the record names them (KIF 先手/後手, also 下手/上手; CSA N+/N-):
   * a record loaded without them on the page lost the one thing that says whose game it is. */
  private renderPlayers() {
    const sente = headerValue(this.record, HEADER.sente), gote = headerValue(this.record, HEADER.gote);
    if (!sente && !gote) return nothing;
    return html`<p class="players" aria-label=${this.t.players}><span>☗ ${sente ?? '?'}</span> <span>☖ ${gote ?? '?'}</span></p>`;
  }

  private renderStatus(view: View) {
    const t = this.t;
    if (this.preview) return html`${t.previewing}`;
    if (view.outcome) return html`<span class="alert">${outcomeText(view.outcome, this.uiLang)}</span>`;
    if (this.refusal) return html`<span class="alert">${this.refusal}</span>`;
    const turn = t.toMove(view.setup.turn);
    if (view.check === undefined) return html`${turn}`;
    // Dobutsu has no check, as the solver says: a lion may even walk into capture, and loses.
    return html`${turn} — <span class="alert">${this.record.variant === 'dobutsu' ? t.lionAttacked : t.check}</span>`;
  }

  private renderEngine(view: View) {
    const s = this.settings, t = this.t;
    const over = !!view.outcome;
    return html`<section class="panel engine" aria-label=${t.engine}>
      <div class="engine-bar">
        <button class="switch" aria-pressed=${this.engineOn} @click=${() => this.setEngine(!this.engineOn)}>
          ${t.engineOn(this.engineOn)}</button>
        <label>${t.lines}
          <select aria-label=${t.linesLabel} @change=${(e: Event) => this.changeSettings({ multiPV: Number((e.target as HTMLSelectElement).value) }, true)}>
            ${[1, 2, 3, 4, 5].map((n) => html`<option value=${n} ?selected=${n === s.multiPV}>${n}</option>`)}
          </select>
        </label>
        <label>
          <select aria-label=${t.limit} @change=${(e: Event) => this.changeSettings({ limit: (e.target as HTMLSelectElement).value as Settings['limit'] }, true)}>
            ${LIMIT_KINDS.map((kind) => html`<option value=${kind} ?selected=${kind === s.limit}>${t.limits[kind]}</option>`)}
          </select>
          ${s.limit === 'depth'
            ? html`<input type="number" min="1" max="60" aria-label=${t.depth} .value=${String(s.depth)}
                @change=${(e: Event) => this.changeSettings({ depth: clampInput(e, 1, 60, s.depth) }, true)} />`
            : s.limit === 'time'
              ? html`<input type="number" min="1" max="600" aria-label=${t.seconds} .value=${String(s.seconds)}
                  @change=${(e: Event) => this.changeSettings({ seconds: clampInput(e, 1, 600, s.seconds) }, true)} />${t.secondsUnit}`
              : nothing}
        </label>
        <label>${t.hash}
          <select aria-label=${t.hashSize} @change=${(e: Event) => this.changeSettings({ hashMiB: Number((e.target as HTMLSelectElement).value) }, true)}>
            ${HASH_SIZES.map((mib) => html`<option value=${mib} ?selected=${mib === s.hashMiB}>${mib} MiB</option>`)}
          </select>
        </label>
        ${this.mate?.running
          ? html`<button @click=${this.stopMate}>${t.stopSolving}</button>`
          : noMatesIn(this.record.variant)
            ? nothing // e.g. dobutsu: without check there are no mate problems
            : html`<button @click=${this.solveMate} ?disabled=${over} title=${t.findMateTitle}>${t.findMate}</button>`}
      </div>
      ${this.renderMate(view)}
      <shogi-pv-lines .lines=${this.lines} .position=${view.position} .lastTo=${view.lastMove?.to}
        .notation=${s.notation} label-lang=${this.uiLang}
        placeholder=${over ? t.over : !this.engineOn ? t.engineOff : this.mate?.running ? t.mateWaits
          : view.declaration ? t.declarable(view.declaration.winner ?? 'gote') : t.thinking}
        @shogi-pv-hover=${this.onPvHover} @shogi-pv-play=${this.onPvPlay}></shogi-pv-lines>
      ${this.engineOn && !over && !view.declaration && !this.mate?.running
        ? html`<div class="searching" aria-live="polite">${this.searching ? t.searching : t.searched}</div>`
        : nothing}
    </section>`;
  }

  private renderMate(view: View) {
    const mate = this.mate, t = this.t;
    if (!mate) return nothing;
    if (mate.running) {
      const progress = mate.progress;
      // The line of the mate found so far, while a shorter one is looked for: outside the status,
      // which is read out as its counts change.
      const names = progress ? this.foundLineNames(view, progress) : [];
      return html`<div class="mate-result"><p class="progress" role="status">${t.lookingForMate}
        ${progress ? t.mateProgress(Math.floor(progress.timeMs / 1000), progress.nodes, progress.plies) : ''}</p>
        ${names.length ? html`<span class="line" tabindex="0">${movesInText(names)}</span>` : nothing}</div>`;
    }
    if (mate.error) return html`<p class="mate-result" role="status">${t.solverFailed}: ${this.said(mate.error)}</p>`;
    const result = mate.result;
    if (!result) return nothing;
    if (result.error) return html`<p class="mate-result" role="status">${t.solverRefused}: ${this.said(result.error)}</p>`;
    const notes = result.notes.length > 0 ? html`<span class="line">${result.notes.map((note) => this.said(note)).join(' ')}</span>` : nothing;
    if (result.status === 'mate') {
      const { solved, names } = this.mateLine(view, result);
      // "Play the mate" plays the line on the board or, from a completed position, as a new game
      // when the current one has no moves (a set-up problem), so that nothing is lost.
      const playable = solved !== undefined && names.length === result.moves.length && (solved.onBoard || !mainLine(this.record).some(isMoveNode));
      const plies = result.plies ?? result.moves.length;
      return html`<div class="mate-result" role="status">
        <strong>${t.mateIn(plies, result.shortest !== false)}</strong>
        <span class="line" tabindex="0">${movesInText(names)}</span>
        ${notes}
        ${playable ? html`<button @click=${this.playMateLine}>${t.playMate}</button>` : nothing}
        ${this.renderOthers(result)}
      </div>`;
    }
    return html`<p class="mate-result" role="status">
      ${result.status === 'nomate' ? t.noMate : t.mateStopped} ${notes}</p>`;
  }

  private renderOthers(result: MateResult) {
    const others = this.others, t = this.t;
    if (!others) return html`<button @click=${this.findOthers} title=${t.otherMatesTitle}>${t.otherMates}</button>`;
    const attackerMoves = Math.ceil(result.moves.length / 2);
    if (others.running) {
      return html`<span class="line">${t.lookingForOthers(Math.ceil(others.at / 2), attackerMoves)}</span>
        <button @click=${this.stopOthers}>${t.stop}</button>`;
    }
    if (others.found.length === 0) return html`<span class="line others">${t.noOtherMate}</span>`;
    const name = (a: Alternative) => lineNames(a.position, [a.move], this.settings.notation, a.position.history.at(-1)?.to)[0] ?? a.move;
    return html`<ul class="line others" tabindex="0">${others.found.map((a) => html`<li>${t.otherMate(a.moveNumber, name(a), a.plies, alternativeKinds(a))}</li>`)}</ul>`;
  }

  private renderDialog() {
    if (!this.dialog) return nothing;
    // Only the dialog shown may close the state: close() queues its event, which can come after
    // the next dialog opened (Export clicked right after an import closed Import's).
    return html`<dialog aria-label=${this.t.dialogs[this.dialog]} @close=${(event: Event) => { if (event.target === this.dialogElement) this.dialog = undefined; }}>
      ${this.dialog === 'import' ? this.renderImport() : this.dialog === 'export' ? this.renderExport() : this.renderSettings()}
    </dialog>`;
  }

  private renderImport() {
    const t = this.t, [before, after] = t.importHelp;
    return html`<h2>${t.importHeading}</h2>
      <p>${before}<code>position startpos moves …</code>${after}</p>
      <textarea id="import-text" aria-label=${t.recordText} spellcheck="false"></textarea>
      ${this.renderDialogMessage()}
      <div class="row">
        <input type="file" aria-label=${t.recordFile} accept=".kif,.kifu,.ki2,.ki2u,.csa,.jkf,.json,.sfen,.usi,.txt"
          @change=${(e: Event) => { const file = (e.target as HTMLInputElement).files?.[0]; if (file) void this.importFile(file); }} />
        <span class="spacer"></span>
        <button @click=${this.importText}>${t.load}</button>
        <button @click=${this.closeDialog}>${t.cancel}</button>
      </div>`;
  }

  private renderExport() {
    const { text, error, note } = this.exportText();
    const t = this.t;
    return html`<h2>${t.exportHeading}</h2>
      <div class="row">
        <label>${t.format}
          <select aria-label=${t.exportFormat} @change=${this.onExportFormat}>
            ${EXPORTS.filter((e) => (RECORD_FORMATS as readonly string[]).includes(e.format)).map((e) =>
              html`<option value=${e.format} ?selected=${e.format === this.exportFormat}>${e.format === 'sfen' ? t.sfenHere : e.label}</option>`)}
          </select>
        </label>
      </div>
      ${error
        ? html`<p class="error" role="alert">${error}</p>`
        : html`<textarea aria-label=${t.exported} readonly spellcheck="false" .value=${text ?? ''}></textarea>`}
      ${note ? html`<p class="info" role="note">${note}</p>` : nothing}
      ${this.renderDialogMessage()}
      <div class="row">
        <span class="spacer"></span>
        <button ?disabled=${!text} @click=${() => text && this.copy(text, 'record', this.exportArea)}>${t.copy}</button>
        <button ?disabled=${!text} @click=${() => text && this.download(text)}>${t.download}</button>
        <button @click=${this.closeDialog}>${t.close}</button>
      </div>`;
  }

  private renderDialogMessage() {
    const message = this.dialogMessage;
    return message ? html`<p class=${message.kind} role=${message.kind === 'error' ? 'alert' : 'status'}>${message.text}</p>` : nothing;
  }

  private onExportFormat(event: Event): void {
    this.exportFormat = (event.target as HTMLSelectElement).value as RecordFormat;
    this.dialogMessage = undefined;
  }

  private renderSettings() {
    const s = this.settings;
    const select = <T extends string>(label: string, values: readonly T[], value: T, key: keyof Settings, names?: Record<T, string>) =>
      html`<label>${label}
        <select aria-label=${label} @change=${(e: Event) => this.changeSettings({ [key]: (e.target as HTMLSelectElement).value })}>
          ${values.map((v) => html`<option value=${v} ?selected=${v === value}>${names?.[v] ?? v}</option>`)}
        </select>
      </label>`;
    const t = this.t;
    return html`<h2>${t.settingsHeading}</h2>
      ${select(t.notationLabel, MOVE_NOTATIONS, s.notation, 'notation', t.notations)}
      ${select(t.piecesLabel, PIECE_SETS, s.pieceSet, 'pieceSet', t.pieceSets)}
      ${select(t.coordinatesLabel, COORDINATE_STYLES, s.coordinates, 'coordinates', t.coordinates)}
      ${select(t.themeLabel, THEMES, s.theme, 'theme', t.themes)}
      <div class="row"><span class="spacer"></span><button @click=${this.closeDialog}>${t.close}</button></div>`;
  }
}

/** A 24×24 icon drawn with one path, in the text's colour. */
function icon(path: string) {
  return svg`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d=${path} /></svg>`;
}

/** A number field's value within [min, max] (the previous one for an empty or unreadable entry),
 * written back to the field: Lit renders nothing when the setting stays the same, and the field
 * went on showing -3 while depth 1 was searched. */
function clampInput(event: Event, min: number, max: number, fallback: number): number {
  const input = event.target as HTMLInputElement;
  const value = input.value.trim() === '' ? NaN : Math.round(Number(input.value));
  const clamped = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
  input.value = String(clamped);
  return clamped;
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-analysis': ShogiAnalysis;
  }
}

/** Whether a game holds nothing a user made or loaded: the variant's start, no moves, no notes. */
function isEmptyGame(record: GameRecord): boolean {
  const { root } = record;
  return record.sfen === START_SFEN[record.variant] && record.headers.length === 0 && root.children.length === 0
    && root.comments.length === 0 && root.bookmark === undefined;
}

// The address holds one line of the game; the tab keeps the whole of it (variations, comments,
// headers) for a reload, under the address it stands for. The record is written only when it
// changed: moving about a long game rewrites the address and the path, not the whole game.
const KEPT_GAME = 'shogi-wasm:game';
const KEPT_RECORD = 'shogi-wasm:record';
let keptRecord: { record: GameRecord; revision: number; id: string } | undefined;

function keepGame(query: string, record: GameRecord, revision: number, path: Path): void {
  try {
    if (keptRecord?.record !== record || keptRecord.revision !== revision) {
      const id = `${Date.now()}-${Math.random()}`;
      sessionStorage.setItem(KEPT_RECORD, JSON.stringify({ id, record }));
      keptRecord = { record, revision, id };
    }
    sessionStorage.setItem(KEPT_GAME, JSON.stringify({ query, path, record: keptRecord.id }));
  } catch {
    // Storage refused or full: a reload gets the address's line.
    keptRecord = undefined;
  }
}

/** The game the tab kept for the address `query`, if it still reads. */
function keptGame(query: string): { record: GameRecord; path: Path } | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT_GAME) ?? 'null') as { query: string; path: Path; record: string } | null;
    if (!kept || kept.query !== query) return undefined;
    const stored = JSON.parse(sessionStorage.getItem(KEPT_RECORD) ?? 'null') as { id: string; record: GameRecord } | null;
    if (!stored || stored.id !== kept.record || !positionAt(stored.record, kept.path).ok) return undefined;
    return { record: stored.record, path: kept.path };
  } catch {
    return undefined;
  }
}
