/**
 * EngineCore: the search engine over one wasm instance per variant, with its own position.
 * The worker (worker.ts) exposes it through comlink; Node (the USI loop, the in-process client,
 * the benches) uses it directly. Long work runs in slices (slices.ts), so stop() lands between
 * two slices and the instance keeps its hash table and history afterwards.
 */
import { instantiateEngine, type EngineExports } from './wasm.js';
import { runInSlices, cutToTimeLeft, yieldToEventLoop, type SliceControl } from './slices.js';
import { checkPerftDepth, decodeMove, encodeMove, encodeSetup, initRules, PASS_CODE, Position, replay, writeSetup } from '../rules/position.js';
import { START_SFEN, fail, ok, type Result, type Variant } from '../rules/types.js';
import { formatUsiMove, parseUsiMove } from '../notation/usi.js';
import type { SearchInfo, SearchLimits, SearchResult, Score } from './search-types.js';
import { loadProblem, readProblem, solveLoaded, type MateExports } from './mate.js';
import type { MateLimits, MateProgress, MateResult } from './mate-types.js';

/** The exports of assembly/index.ts's search section. */
interface SearchExports {
  searchHash(mib: number): number;
  searchClear(): void;
  searchStart(depth: number, lines: number): number;
  searchOnly(count: number): number;
  searchStep(budget: number, until: number): number;
  searchNodes(): number;
  searchSelDepth(): number;
  searchDepth(): number;
  searchLines(): number;
  searchLineMove(k: number): number;
  searchLineScore(k: number): number;
  searchLinePv(k: number): number;
  searchLinePvLength(k: number): number;
  searchBestMove(): number;
  searchSettle(): number;
  searchPonderMove(): number;
  searchHashfull(): number;
  searchDeclare(): number;
  searchDeclaration(on: number): void;
  searchEval(): number;
  searchMate: WebAssembly.Global;
}
export type SearchWasm = EngineExports & SearchExports & MateExports;

const STEP_ITERATION = 1;
const STEP_DONE = 2;
const MATE = 32000;
const MAX_MATE_PLY = 200;
const MAX_DEPTH = 98;
/** NetworkDelay: milliseconds kept back from every clock for the GUI, the operating system and
 * the network between them (the USI option YaneuraOu named, and its default): with 60 ms a
 * 1 s byoyomi was overrun by up to 190 ms on a loaded machine. */
export const NETWORK_DELAY = { default: 120, min: 0, max: 10_000 };
/** EnteringKingRule: the 27-point declaration (CSA's rule, `bestmove win`), or none. */
export const ENTERING_KING_RULES = ['CSARule27', 'NoEnteringKing'] as const;
/** A fixed movetime is not a clock the GUI keeps: only the reply's latency is kept back. */
const MOVETIME_MARGIN_MS = 10;
export const MAX_MULTI_PV = 10;
/** A pass (null move) in a position command's moves: ShogiGUI's `pass`, UCI's `0000`. */
const PASS_MOVES = new Set(['pass', '0000']);
/** What a search has done so far, as its info lines and progress reports give it. */
export type SearchCounts = Pick<SearchInfo, 'nodes' | 'nps' | 'timeMs' | 'hashfull'>;
/** How often a long iteration reports its counts (onProgress). */
const PROGRESS_MS = 1000;

function searchCounts(wasm: SearchWasm, timeMs: number): SearchCounts {
  const nodes = wasm.searchNodes();
  return { nodes, nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0, timeMs: Math.round(timeMs), hashfull: wasm.searchHashfull() };
}

/** USI_Hash's range in MiB (assembly/search/tt.ts takes up to 1024). */
export const MIN_HASH_MIB = 1;
export const MAX_HASH_MIB = 1024;

export function defaultHashMiB(): number {
  return typeof process !== 'undefined' && process.versions?.node ? 256 : 64;
}

export function scoreOf(value: number): Score {
  if (Math.abs(value) >= MATE - MAX_MATE_PLY) return { mate: value > 0 ? MATE - value : -(MATE + value) };
  return { cp: value };
}

interface Loaded {
  variant: Variant;
  setup: Uint8Array;
  /** The moves from the setup, passes among them as PASS_CODE. */
  moves: number[];
  /** Side to move at the end of the moves: 0 sente, 1 gote. */
  turn: number;
  /** The position after the moves. */
  sfen: string;
}

function noPosition(variant: Variant): Loaded {
  return { variant, setup: new Uint8Array(0), moves: [], turn: 0, sfen: '' };
}

/** Time budget of one search, in ms after its start (or after ponderhit). */
interface TimePlan {
  /** Stop at the end of an iteration past this. */
  soft: number;
  /** Stop whatever happens past this. */
  hard: number;
}

/** A running analysis or solve: stop() and ponderhit() reach it between two slices. */
type Control = SliceControl & {
  ponder: boolean;
  /** When its time limits start (performance.now()). */
  startedAt: number;
  /** Its time budget (none: no clock), which a ponderhit that brings the clocks sets. */
  plan?: TimePlan;
  /** Whether it ends only at stop(), whatever else is given: go infinite, a solve with no limit. */
  infinite: boolean;
  /** Whether a depth or node limit (or a solve's time) ends it, if the clock does not. */
  limited: boolean;
};

export class EngineCore {
  private readonly instances = new Map<Variant, Promise<SearchWasm>>();
  private variant: Variant;
  private hashMiB: number;
  private multiPV: number;
  private position: Loaded;
  private control?: Control;
  private hashApplied = new Map<Variant, number>();
  private networkDelay = NETWORK_DELAY.default;
  private declaration = true;

  constructor(variant: Variant = 'shogi', hashMiB = defaultHashMiB(), multiPV = 1) {
    this.variant = variant;
    this.hashMiB = hashMiB;
    this.multiPV = clampLines(multiPV);
    this.position = noPosition(variant);
  }

  get currentVariant(): Variant { return this.variant; }

  private instance(variant: Variant): Promise<SearchWasm> {
    let instance = this.instances.get(variant);
    if (!instance) {
      instance = instantiateEngine(variant).then((wasm) => wasm as SearchWasm);
      this.instances.set(variant, instance);
    }
    return instance;
  }

  /**
   * The instance of the variant played, its hash table of the size asked for. A wasm memory
   * never shrinks, and the stub runtime reuses a freed block only when it was the last one, so a
   * new size gets a fresh instance rather than a second table in the old one (setOption drops
   * the other variants' instances): USI_Hash bounds the memory.
   */
  private async wasm(): Promise<SearchWasm> {
    const applied = this.hashApplied.get(this.variant);
    if (applied === this.hashMiB) return this.instance(this.variant);
    if (applied !== undefined) this.drop(this.variant);
    const wasm = await this.instance(this.variant);
    try {
      wasm.searchHash(this.hashMiB);
    } catch (error) {
      // Out of memory (a trap): the instance may be half resized, so it goes, and the size
      // that worked before comes back for the next call.
      this.drop(this.variant);
      const wanted = this.hashMiB;
      this.hashMiB = applied ?? defaultHashMiB();
      throw new Error(`no room for a ${wanted} MiB hash table (${(error as Error).message}); USI_Hash is ${this.hashMiB} again`);
    }
    this.hashApplied.set(this.variant, this.hashMiB);
    return wasm;
  }

  private drop(variant: Variant): void {
    this.instances.delete(variant);
    this.hashApplied.delete(variant);
  }

  /** USI option names; values as strings or numbers. Unknown names and bad values fail. */
  async setOption(name: string, value: string | number): Promise<Result<void, string>> {
    if (this.control) return fail('cannot change options while searching');
    const text = String(value).trim();
    // A spin option's value; none is no number (Number('') is 0, which set NetworkDelay to 0).
    const number = text === '' ? NaN : Number(text);
    switch (name.toLowerCase()) {
      case 'usi_hash':
      case 'hash': {
        const mib = number;
        if (!Number.isInteger(mib) || mib < MIN_HASH_MIB || mib > MAX_HASH_MIB) return fail(`USI_Hash must be ${MIN_HASH_MIB} to ${MAX_HASH_MIB} MiB, got '${text}'`);
        this.hashMiB = mib;
        return ok(undefined);
      }
      case 'multipv': {
        const lines = number;
        if (!Number.isInteger(lines) || lines < 1 || lines > MAX_MULTI_PV) return fail(`MultiPV must be 1 to ${MAX_MULTI_PV}, got '${text}'`);
        this.multiPV = lines;
        return ok(undefined);
      }
      case 'networkdelay': {
        const ms = number;
        if (!Number.isInteger(ms) || ms < NETWORK_DELAY.min || ms > NETWORK_DELAY.max) return fail(`NetworkDelay must be ${NETWORK_DELAY.min} to ${NETWORK_DELAY.max} ms, got '${text}'`);
        this.networkDelay = ms;
        return ok(undefined);
      }
      case 'enteringkingrule': {
        const rule = ENTERING_KING_RULES.find((r) => r.toLowerCase() === text.toLowerCase());
        if (!rule) return fail(`EnteringKingRule must be ${ENTERING_KING_RULES.join(' or ')}, got '${text}'`);
        this.declaration = rule === 'CSARule27';
        return ok(undefined);
      }
      case 'uci_variant': {
        if (text !== 'shogi' && text !== 'minishogi' && text !== 'dobutsu') return fail(`unknown variant '${text}'`);
        for (const variant of this.instances.keys()) if (variant !== text) this.drop(variant);
        this.variant = text;
        this.clearPosition();
        return ok(undefined);
      }
      default:
        return fail(`unknown option '${name}'`);
    }
  }

  /** Load the wasm and the rules now rather than at the first search. */
  async ready(): Promise<void> {
    await Promise.all([this.wasm(), initRules()]);
  }

  /** Forget what earlier searches learnt (USI usinewgame). The hash table is not cleared byte
   * by byte but marked as of an earlier game, so this takes the same time whatever USI_Hash:
   * the GUI's go follows at once, with the clock running. */
  async newGame(): Promise<void> {
    (await this.wasm()).searchClear();
  }

  /** The position to analyse: an SFEN (or 'startpos') and USI moves from it. Refused with the
   * reason when the SFEN or a move is not valid. */
  async setPosition(sfen: string, moves: string[] = []): Promise<Result<void, string>> {
    await initRules();
    const text = sfen === 'startpos' ? START_SFEN[this.variant] : sfen;
    const parsed = Position.fromSfen(text, this.variant);
    if (!parsed.ok) return fail(parsed.error.message);
    const pos = parsed.value;
    const setup = encodeSetup(pos.setup());
    const codes: number[] = [];
    for (const usi of moves) {
      // A pass (ShogiGUI's study mode, YaneuraOu's null move) stays in the record: a position
      // repeated across passes is a repetition, for the rules and the search. (It was set up
      // afresh from the board after it, which dropped the moves before it.)
      const played = PASS_MOVES.has(usi) ? pos.pass() : pos.play(usi);
      // Named once: the rules' messages mostly name the move already.
      if (!played.ok) return fail(played.error.message.startsWith(usi) ? played.error.message : `${usi}: ${played.error.message}`);
      codes.push(played.value ? encodeMove(played.value) : PASS_CODE);
    }
    this.position = { variant: this.variant, setup, moves: codes, turn: pos.turn === 'sente' ? 0 : 1, sfen: pos.sfen() };
    return ok(undefined);
  }

  /** Forget the position: analyse has nothing to search until the next setPosition (the USI
   * engine's answer to a position it refused, see src/cli/usi.ts). */
  clearPosition(): void {
    this.position = noPosition(this.variant);
  }

  /** Load the position into the instance; false when none was set. */
  private load(wasm: SearchWasm): boolean {
    const { setup, moves, variant } = this.position;
    if (setup.length === 0 || variant !== this.variant) return false;
    writeSetup(wasm, setup);
    if (wasm.load() !== 0) return false;
    replay(wasm, moves);
    return true;
  }

  private usi(code: number): string { return formatUsiMove(decodeMove(code), this.variant); }

  /** Analyse the position until the limits or stop(); every finished iteration's lines go to
   * onInfo. Resolves with the move to play ('resign' with an error without a position);
   * infinite and ponder resolve only after stop() (or ponderhit()), whatever there was to search. */
  async analyse(limits: SearchLimits = {}, onInfo?: (info: SearchInfo) => void, onProgress?: (counts: SearchCounts) => void): Promise<SearchResult> {
    if (this.control) throw new Error('already analysing; stop() first');
    // A limit that is not a number would bound nothing: the search would run until stop().
    for (const key of ['depth', 'nodes', 'movetime', 'btime', 'wtime', 'binc', 'winc', 'byoyomi', 'multiPV'] as const) {
      const value = limits[key];
      if (value !== undefined && !Number.isFinite(value)) throw new RangeError(`${key}: ${value} is not a number`);
    }
    const control: Control = {
      stopped: false, ponder: !!limits.ponder, startedAt: limits.receivedAt ?? performance.now(), plan: timePlan(limits, this.position.turn, this.networkDelay),
      infinite: !!limits.infinite, limited: limits.depth !== undefined || limits.nodes !== undefined,
    };
    this.control = control;
    try {
      const result = await this.think(limits, control, onInfo, onProgress);
      // Also when the search ended by itself, or had nothing to search (no legal move, a
      // declaration win): a GUI takes a bestmove during go infinite or ponder for a protocol
      // error, and after stop it waits for exactly one.
      while (!control.stopped && (control.infinite || control.ponder)) await new Promise((resolve) => setTimeout(resolve, 5));
      return result;
    } finally {
      this.control = undefined;
    }
  }

  private async think(limits: SearchLimits, control: Control, onInfo?: (info: SearchInfo) => void, onProgress?: (counts: SearchCounts) => void): Promise<SearchResult> {
    const wasm = await this.wasm();
    if (!this.load(wasm)) return { bestmove: 'resign', lines: [], nodes: 0, timeMs: 0, error: 'no position to search' };
    const begin = performance.now();
    wasm.searchDeclaration(this.declaration ? 1 : 0);
    if (wasm.searchDeclare()) return { bestmove: 'win', lines: [], nodes: 0, timeMs: 0 };
    const lines = clampLines(limits.multiPV ?? this.multiPV);
    const depth = Math.min(limits.depth ?? MAX_DEPTH, MAX_DEPTH);
    let rootMoves = wasm.searchStart(depth, lines);
    if (limits.searchmoves?.length && rootMoves > 0) rootMoves = this.searchOnly(wasm, limits.searchmoves);
    if (rootMoves === 0) {
      // No legal move (or dobutsu's game already over): nothing to search.
      return { bestmove: 'resign', lines: [], nodes: 0, timeMs: 0 };
    }
    let latest: SearchInfo[] = [];
    let reported = performance.now();
    const elapsed = () => performance.now() - control.startedAt;
    const step = (budget: number) => {
      // The node limit, as the clock, counts once depth 1 is searched: before, the move played
      // would be the first one generated, unsearched (go nodes 1).
      if (limits.nodes !== undefined && latest.length > 0) budget = Math.max(1, Math.min(budget, limits.nodes - wasm.searchNodes()));
      // Under a time limit the last slice is cut to the time left, and ends at the limit
      // whatever the speed (once depth 1 is searched).
      const plan = control.ponder ? undefined : control.plan;
      if (plan && wasm.searchNodes() > 0) budget = cutToTimeLeft(budget, wasm.searchNodes(), performance.now() - begin, plan.hard - elapsed());
      const before = wasm.searchNodes();
      const status = wasm.searchStep(budget, plan && latest.length > 0 ? control.startedAt + plan.hard : Infinity);
      const spent = wasm.searchNodes() - before;
      if (status === STEP_ITERATION) {
        latest = this.readLines(wasm, performance.now() - begin);
        for (const info of latest) onInfo?.(info);
        reported = performance.now();
        // A forced move needs no thought under a clock.
        if (plan && (rootMoves === 1 || elapsed() > plan.soft)) return { done: true, spent };
      }
      // A long iteration says it is alive: its counts once a second since the last report.
      if (onProgress && performance.now() - reported >= PROGRESS_MS) {
        reported = performance.now();
        onProgress(searchCounts(wasm, reported - begin));
      }
      if (limits.nodes !== undefined && wasm.searchNodes() >= limits.nodes && latest.length > 0) return { done: true, spent };
      if (plan && elapsed() > plan.hard && latest.length > 0) return { done: true, spent };
      return { done: status === STEP_DONE, spent };
    };
    // The first iteration always ends (depth 1 takes a few hundred nodes): a stop or a spent
    // clock before it would play the first move generated, unsearched.
    await runInSlices(step, { get stopped() { return control.stopped && latest.length > 0; } });
    // Where the search went on past its last info (an iteration left unfinished), the lines
    // are reported again, every one with the nodes and time of the whole search, which a GUI
    // shows until the next move.
    const counts = searchCounts(wasm, performance.now() - begin);
    const settled = wasm.searchSettle() !== 0;
    const best = wasm.searchBestMove();
    // The move played is the first of the last line shown: a GUI shows that line as the
    // engine's choice (a pass of an unfinished iteration can also reorder the moves).
    if (settled || (latest.length > 0 && latest[0].pv[0] !== this.usi(best))) {
      // Stopped within an iteration where another move beat line 1: that move is played, and
      // the lines are shown again with its line first, so that the GUI shows what is played.
      // The other lines are those of the last completed iteration: in the unfinished one the
      // moves that failed low got no score.
      const [line] = this.readLines(wasm, performance.now() - begin, 1);
      latest = [line, ...latest.filter((info) => info.pv[0] !== line.pv[0])]
        .slice(0, Math.max(latest.length, 1))
        .map((info, k) => ({ ...info, ...counts, multipv: k + 1 }));
      for (const info of latest) onInfo?.(info);
    } else if (latest.length > 0 && wasm.searchNodes() > latest[0].nodes) {
      latest = latest.map((info) => ({ ...info, ...counts }));
      for (const info of latest) onInfo?.(info);
    }
    // The reply expected is the one the line shown expects; the unfinished iteration may have
    // changed the line the search holds.
    const searchedReply = () => { const move = wasm.searchPonderMove(); return move ? this.usi(move) : undefined; };
    const ponder = latest[0]?.pv[1] ?? searchedReply();
    return {
      bestmove: this.usi(best),
      ponder,
      lines: latest,
      nodes: wasm.searchNodes(),
      timeMs: performance.now() - begin,
    };
  }

  /** Restrict the search started to these USI moves (see searchOnly in assembly/index.ts). */
  private searchOnly(wasm: SearchWasm, moves: string[]): number {
    const codes = new Set<number>();
    for (const text of moves) {
      const move = parseUsiMove(text, this.variant);
      if (move.ok) codes.add(encodeMove(move.value));
    }
    new Uint32Array(wasm.memory.buffer, wasm.movesBuffer(), codes.size).set([...codes]);
    return wasm.searchOnly(codes.size);
  }

  /** The first `count` lines of the search, as info. */
  private readLines(wasm: SearchWasm, timeMs: number, count = wasm.searchLines()): SearchInfo[] {
    const depth = wasm.searchDepth();
    const seldepth = wasm.searchSelDepth();
    const counts = searchCounts(wasm, timeMs);
    const infos: SearchInfo[] = [];
    for (let k = 0; k < count; k++) {
      const length = wasm.searchLinePvLength(k);
      const pv = Array.from(new Uint32Array(wasm.memory.buffer, wasm.searchLinePv(k), length), (m) => this.usi(m));
      infos.push({ depth, seldepth, multipv: k + 1, score: scoreOf(wasm.searchLineScore(k)), ...counts, pv });
    }
    return infos;
  }

  /** Solve a mate problem (tsume: the side to move checks on every move) or look for a
   * forced mate in a game position. The variant follows from the SFEN's board size. Bad input
   * resolves with status 'unknown' and the reason in `error`; stop() ends it like analyse. */
  async solveMate(sfen: string, limits: MateLimits = {}, onProgress?: (progress: MateProgress) => void): Promise<MateResult> {
    if (this.control) throw new Error('already analysing; stop() first');
    const limited = limits.timeMs !== undefined || limits.nodes !== undefined;
    const control: Control = { stopped: false, ponder: false, startedAt: performance.now(), infinite: !limited, limited };
    this.control = control;
    try {
      const refused = (error: string, nomate = false): MateResult => ({ status: nomate ? 'nomate' : 'unknown', error, moves: [], nodes: 0, timeMs: 0, sfen, notes: [] });
      const setup = readProblem(sfen);
      if (!setup.ok) return refused(setup.error);
      const wasm = await this.instance(setup.value.variant);
      const problem = await loadProblem(wasm, setup.value);
      if (!problem.ok) return refused(problem.error.error, problem.error.nomate);
      // The table takes the engine's hash size (USI_Hash) unless the limits say otherwise.
      const memoryMiB = limits.memoryMiB ?? this.hashMiB;
      return await solveLoaded(wasm, setup.value.variant, { ...limits, memoryMiB }, control, problem.value, onProgress);
    } finally {
      this.control = undefined;
    }
  }

  /** The position set by setPosition, as SFEN ('' when none). */
  get positionSfen(): string { return this.position.sfen; }

  /** End the running analysis; it resolves with the best move found so far. */
  stop(): void {
    if (this.control) this.control.stopped = true;
  }

  /** The opponent played the expected move: the pondering search goes on under the clock,
   * which runs from `receivedAt` (performance.now(), by default now). `clock`, when it holds
   * a clock, replaces go's: a GUI may send the clocks with ponderhit rather than with go ponder
   * (ShogiHome's early ponder, YaneuraOu's extension), and a ponder without them would then
   * search on until stop. */
  ponderhit(receivedAt = performance.now(), clock: SearchLimits = {}): void {
    if (this.control?.ponder) {
      this.control.ponder = false;
      this.control.startedAt = receivedAt;
      const plan = timePlan(clock, this.position.turn, this.networkDelay);
      if (plan) this.control.plan = plan;
    }
  }

  get searching(): boolean { return this.control !== undefined; }

  /** Whether the running analysis, solve or perft ends only at stop() (a ponder, at ponderhit
   * or stop()): go infinite, ponder, or nothing to bound it (no depth, nodes or clock). */
  get waitsForStop(): boolean {
    const control = this.control;
    return !!control && (control.ponder || control.infinite || (!control.limited && control.plan === undefined));
  }

  /** The wasm memory the engine holds, in MiB, over all its instances. */
  async memoryMiB(): Promise<number> {
    const instances = await Promise.all(this.instances.values());
    return instances.reduce((sum, wasm) => sum + wasm.memory.buffer.byteLength, 0) / 2 ** 20;
  }

  /**
   * A search to a fixed depth in one call, with no slicing, from a cleared hash and history:
   * its node count depends on nothing but the engine, which makes it a signature (bench).
   */
  async fixedDepthSearch(depth: number): Promise<{ bestmove: string; nodes: number; score: Score }> {
    const wasm = await this.wasm();
    if (!this.load(wasm)) throw new Error('no position: call setPosition first');
    wasm.searchClear();
    if (wasm.searchStart(depth, 1) === 0) return { bestmove: 'resign', nodes: 0, score: { mate: 0 } };
    while (wasm.searchStep(Infinity, Infinity) !== STEP_DONE);
    return { bestmove: this.usi(wasm.searchBestMove()), nodes: wasm.searchNodes(), score: scoreOf(wasm.searchLineScore(0)) };
  }

  /** The legal moves of the position set, in USI (none without a position). */
  async legalMoves(): Promise<string[]> {
    const wasm = await this.wasm();
    return this.load(wasm) ? legalCodes(wasm).map((code) => this.usi(code)) : [];
  }

  /** Leaf count at depth from the current position, divided by root move, each root move's
   * count passed to onMove as it comes. It counts in slices, so stop() and other calls get
   * their turn within a root move too (one of them takes minutes at depth 8); after stop() it
   * resolves with the root moves counted in full so far (`stopped`). */
  async perft(depth: number, onMove?: (move: string, count: number) => void): Promise<{ moves: [string, number][]; nodes: number; stopped?: boolean }> {
    if (this.control) throw new Error('already analysing; stop() first');
    checkPerftDepth(depth);
    const control: Control = { stopped: false, ponder: false, startedAt: performance.now(), infinite: false, limited: true };
    this.control = control;
    try {
      const wasm = await this.wasm();
      if (!this.load(wasm)) throw new Error('no position: call setPosition first');
      if (depth < 1) return { moves: [], nodes: 1 };
      const codes = legalCodes(wasm);
      const moves: [string, number][] = [];
      let nodes = 0;
      for (const code of codes) {
        await yieldToEventLoop();
        if (control.stopped) return { moves, nodes, stopped: true };
        wasm.play(code);
        wasm.perftStart(depth - 1);
        // The budget counts moves played: a step that is not done played all of it.
        const done = await runInSlices((budget) => ({ done: wasm.perftStep(budget) !== 0, spent: budget }), control);
        if (!done) wasm.perftStop();
        wasm.undo();
        if (!done) return { moves, nodes, stopped: true };
        const n = wasm.perftNodes();
        const move = this.usi(code);
        moves.push([move, n]);
        onMove?.(move, n);
        nodes += n;
      }
      return { moves, nodes };
    } finally {
      this.control = undefined;
    }
  }

  /** Static evaluation of the position (from the side to move), for tests and tools. */
  async evaluate(): Promise<number> {
    const wasm = await this.wasm();
    if (!this.load(wasm)) throw new Error('no position: call setPosition first');
    return wasm.searchEval();
  }
}

/** The legal moves of the position loaded in the instance. */
function legalCodes(wasm: SearchWasm): number[] {
  const count = wasm.moves(2);
  return Array.from(new Uint32Array(wasm.memory.buffer, wasm.movesBuffer(), count));
}

function clampLines(lines: number): number {
  return Math.max(1, Math.min(MAX_MULTI_PV, Math.floor(lines) || 1));
}

/**
 * Time management. A fixed movetime is used to the full. Under a clock the search aims at
 * a 1/30 share of the remaining time plus the increment (a shogi game lasts about 30 more
 * moves for each side from any point), may run to four times that but never beyond 40% of
 * the clock plus the increment, nor beyond the clock itself: GUIs add the increment once the
 * move is made (ShogiHome's clock does), so the move has the remaining time and no more. It
 * ends at the first iteration finished past 55% of its aim, since the next iteration would
 * take longer than what is left. Byoyomi cannot be saved, so it is all used.
 */
export function timePlan(limits: SearchLimits, turn: number, networkDelay = NETWORK_DELAY.default): TimePlan | undefined {
  if (limits.movetime !== undefined) {
    const t = Math.max(limits.movetime - MOVETIME_MARGIN_MS, 10);
    return { soft: t, hard: t };
  }
  const time = turn === 0 ? limits.btime : limits.wtime;
  const inc = (turn === 0 ? limits.binc : limits.winc) ?? 0;
  const byoyomi = limits.byoyomi ?? 0;
  // Any clock field makes it a clock: a side's time not given is none (a go with only
  // 'byoyomi 0' or increments searched until stop).
  const clock = [limits.btime, limits.wtime, limits.binc, limits.winc, limits.byoyomi].some((v) => v !== undefined);
  if (!clock) return undefined;
  const remaining = time ?? 0;
  const aim = remaining / 30 + inc;
  if (byoyomi > 0) {
    const t = Math.max(Math.min(aim, remaining * 0.4) + byoyomi - networkDelay, 10);
    return { soft: t, hard: t };
  }
  const hard = Math.max(Math.min(aim * 4, remaining * 0.4 + inc, remaining) - networkDelay, 10);
  return { soft: Math.min(aim * 0.55, hard), hard };
}
