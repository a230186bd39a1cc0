/**
 * The USI engine: `node build/cli.mjs usi` reads commands on stdin and answers on stdout, as
 * desktop GUIs (ShogiHome, Shogidokoro) expect. Commands run in order; `go` starts a search that
 * runs in slices (src/engine/slices.ts), so `stop`, `ponderhit`, `isready` and `quit` are read
 * while it thinks, and `position`, `go`, `setoption` and `usinewgame` wait for it to end.
 * Nothing on the input can end the process but `quit` or the end of stdin (which acts as
 * `quit` once the searches with a limit have answered): a malformed command is answered with
 * `info string` saying why. A closed stdout ends it too.
 */
import { createInterface } from 'node:readline';
import { ENTERING_KING_RULES, EngineCore, type SearchCounts, MAX_HASH_MIB, MAX_MULTI_PV, MIN_HASH_MIB, NETWORK_DELAY, defaultHashMiB } from '../engine/core.js';
import type { SearchInfo, SearchLimits } from '../engine/search-types.js';
import type { MateProgress, MateResult } from '../engine/mate-types.js';
import { noMatesIn } from '../engine/mate.js';
import { VARIANTS } from '../rules/types.js';
import { MAX_PERFT_DEPTH } from '../rules/position.js';

const NAME = 'shogi-wasm 0.1';
const AUTHOR = 'the shogi-wasm authors';

/** `go` parameters that take a number, mapped to SearchLimits. */
const NUMERIC_GO: Record<string, keyof SearchLimits> = {
  depth: 'depth', nodes: 'nodes', movetime: 'movetime', btime: 'btime', wtime: 'wtime',
  binc: 'binc', winc: 'winc', byoyomi: 'byoyomi',
};
const GO_WORDS = new Set(['infinite', 'ponder', 'mate', 'searchmoves', ...Object.keys(NUMERIC_GO)]);

export type GoLimits = SearchLimits & {
  /** go mate: the solver's time in ms, Infinity until stop. */
  mate?: number;
};

/**
 * Reads go's parameters (but perft), or ponderhit's clocks (`command`, named in the notes). A
 * GUI waits for the answer to every go, so nothing here refuses one: what cannot be read is left
 * out and named in a note (an info string), and a negative number, such as a clock that ran
 * out, counts as 0.
 */
export function parseGo(args: string[], command = 'go'): { limits: GoLimits; notes: string[] } {
  const limits: GoLimits = {};
  const notes: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    const next = args[i + 1];
    const value = next === undefined || GO_WORDS.has(next) ? undefined : next;
    if (word === 'infinite') limits.infinite = true;
    else if (word === 'ponder') limits.ponder = true;
    else if (word in NUMERIC_GO) {
      if (value !== undefined) i++;
      const number = Number(value);
      if (value === undefined || !Number.isFinite(number)) notes.push(`${command} ${word}: expected a number, got '${value ?? ''}', left out`);
      else (limits as Record<string, number>)[NUMERIC_GO[word]] = Math.max(0, number);
    } else if (word === 'mate') {
      // go mate <ms> | go mate infinite: the tsume solver on the current position. A bare
      // `go mate`, which some GUIs send, searches until stop, like infinite.
      if (value !== undefined) i++;
      const number = Number(value);
      if (value === undefined || value === 'infinite') limits.mate = Infinity;
      else if (Number.isFinite(number)) limits.mate = Math.max(0, number);
      else {
        notes.push(`${command} mate: expected a time in ms or 'infinite', got '${value}', searching until stop`);
        limits.mate = Infinity;
      }
    } else if (word === 'searchmoves') {
      const moves: string[] = [];
      while (i + 1 < args.length && !GO_WORDS.has(args[i + 1])) moves.push(args[++i]);
      limits.searchmoves = moves;
    } else notes.push(`${command}: unknown parameter '${word}', left out`);
  }
  return { limits, notes };
}

export function formatInfo(info: SearchInfo): string {
  const score = 'mate' in info.score ? `mate ${info.score.mate}` : `cp ${info.score.cp}`;
  return `info depth ${info.depth} seldepth ${info.seldepth} multipv ${info.multipv} score ${score} `
    + `nodes ${info.nodes} nps ${info.nps} time ${info.timeMs} hashfull ${info.hashfull} pv ${info.pv.join(' ')}`;
}

/** What a long search (go, go mate) has done so far, between its results. */
function formatProgress(counts: SearchCounts): string {
  return `info time ${counts.timeMs} nodes ${counts.nodes} nps ${counts.nps} hashfull ${counts.hashfull}`;
}

const MAX_SAY = 300;

export class UsiSession {
  private readonly engine: EngineCore;
  private search?: Promise<void>;
  /**
   * Why the last position command was refused. The GUI's game is then in a position the engine
   * does not have, and a move searched in any other one (the previous position, the start) may
   * be illegal in the game, which loses it as surely and says nothing. So until a position is
   * accepted, go answers `bestmove resign` (after stop or ponderhit under infinite or ponder, as
   * always), go mate `checkmate timeout` (nothing was found; nomate would claim a proof) and go
   * perft nothing, each after an info string that names the refusal.
   */
  private refusal?: string;
  /** Whether a search that ends writes its bestmove or checkmate (not after gameover). */
  private answers = true;
  /** Set by runUsi: the first stop, ponderhit, isready, quit or gameover still queued that may
   * reach the running search (taken off the queue; see nextUrgent there), given the command that
   * waits for it and whether that search waits for stop; and a promise of the next line read. */
  nextUrgent?: (waiting: string, runningWaitsForStop: boolean) => { line: string; receivedAt: number } | undefined;
  lineRead?: () => Promise<void>;
  /** Whether quit came. */
  quitting = false;
  /** Set by runUsi at the end of the input: nothing can come any more to stop a search. */
  inputEnded = false;

  constructor(private readonly write: (line: string) => void) {
    this.engine = new EngineCore('shogi', defaultHashMiB(), 1);
  }

  /** An info string; one that quotes a huge line (a 1 MB word) is cut, for a GUI's log. */
  private say(text: string): void { this.write(`info string ${text.length > MAX_SAY ? `${text.slice(0, MAX_SAY)}…` : text}`); }

  /** Waits for the running search, if any, to end, handling meanwhile the commands that reach a
   * search (see runUsi); false when quit came. */
  private async searchEnded(waiting: string): Promise<boolean> {
    while (this.search && !this.quitting) {
      const urgent = this.nextUrgent?.(waiting, this.engine.waitsForStop);
      if (urgent) await this.handle(urgent.line, urgent.receivedAt);
      else if (this.inputEnded && this.engine.waitsForStop) await this.handle('stop');
      else await Promise.race([this.search, this.lineRead?.() ?? this.search]);
    }
    return !this.quitting;
  }

  /** The end of the input, once the commands before it are handled: a search with a limit ends
   * as it would (a script piped whole wants its answers), one that waits for stop is stopped
   * (nothing can come any more to stop it), then the engine quits. */
  async endOfInput(): Promise<void> {
    if (this.search && !this.quitting && !this.engine.waitsForStop) await this.search;
    if (!this.quitting) await this.handle('quit');
  }

  /** Handle one line, read at `receivedAt` (performance.now(): a search's clock runs from
   * then); resolves when the next command may be handled (a search goes on); after quit,
   * `quitting` is set. */
  async handle(line: string, receivedAt = performance.now()): Promise<void> {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return;
    const [command, ...args] = words;
    switch (command) {
      case 'usi': return this.usi();
      case 'isready':
        // Loads the wasm and sizes the hash; answered at once even while a search runs, and
        // also when that failed: the GUI waits for readyok, and the engine goes on.
        try {
          await this.engine.ready();
        } catch (error) {
          this.say(`isready: ${(error as Error).message}`);
        }
        this.write('readyok');
        return;
      case 'setoption':
      case 'usinewgame':
      case 'position':
      case 'go':
        // These wait for a running search to end, as in Stockfish, so that a script that sends
        // them without waiting for bestmove still gets every answer, in order.
        if (!(await this.searchEnded(command))) return;
        if (command === 'setoption') return this.setOption(args);
        if (command === 'usinewgame') return this.engine.newGame();
        if (command === 'position') return this.position(args);
        return this.go(args, receivedAt);
      case 'stop':
        this.engine.stop();
        await this.search;
        return;
      case 'ponderhit': {
        // `ponderhit btime <ms> wtime <ms> byoyomi|binc winc <ms>`: the clocks of a go ponder sent
        // without them (ShogiHome's early ponder, a YaneuraOu extension).
        const { limits, notes } = parseGo(args, 'ponderhit');
        for (const note of notes) this.say(note);
        this.engine.ponderhit(receivedAt, limits);
        return;
      }
      case 'gameover':
        // The game is over: a search still running (the GUI's ponder on the opponent's time,
        // which resigned or lost on time) ends without its answer. A bestmove written now
        // would reach the GUI in its next game, as if it answered that game's first go.
        this.answers = false;
        this.engine.stop();
        await this.search;
        this.answers = true;
        return;
      case 'quit':
        this.quitting = true;
        this.engine.stop();
        await this.search;
        return;
      default:
        return this.say(`unknown command '${command}'`);
    }
  }

  private usi(): void {
    this.write(`id name ${NAME}`);
    this.write(`id author ${AUTHOR}`);
    this.write(`option name USI_Hash type spin default ${defaultHashMiB()} min ${MIN_HASH_MIB} max ${MAX_HASH_MIB}`);
    this.write('option name USI_Ponder type check default false');
    this.write(`option name MultiPV type spin default 1 min 1 max ${MAX_MULTI_PV}`);
    this.write(`option name UCI_Variant type combo default shogi ${VARIANTS.map((v) => `var ${v}`).join(' ')}`);
    this.write(`option name NetworkDelay type spin default ${NETWORK_DELAY.default} min ${NETWORK_DELAY.min} max ${NETWORK_DELAY.max}`);
    this.write(`option name EnteringKingRule type combo default ${ENTERING_KING_RULES[0]} ${ENTERING_KING_RULES.map((r) => `var ${r}`).join(' ')}`);
    this.write('usiok');
  }

  private async setOption(args: string[]): Promise<void> {
    // setoption name <id> [value <x>]; names and values may hold spaces.
    const valueAt = args.indexOf('value');
    if (args[0] !== 'name' || args.length < 2) return this.say('setoption: expected "setoption name <id> [value <x>]"');
    const name = args.slice(1, valueAt < 0 ? undefined : valueAt).join(' ');
    const value = valueAt < 0 ? '' : args.slice(valueAt + 1).join(' ');
    // Option names are read without regard to case, as EngineCore.setOption reads the others.
    const id = name.toLowerCase();
    // Pondering needs no setting (go ponder says it), and the search has one thread.
    if (id === 'usi_ponder' && value !== 'true' && value !== 'false') return this.say(`setoption: USI_Ponder must be true or false, got '${value}'`);
    if (id === 'usi_ponder' || id === 'threads') return;
    const result = await this.engine.setOption(name, value);
    if (!result.ok) return this.say(`setoption: ${result.error}`);
    if (id === 'uci_variant') this.refusal = undefined;
  }

  private async position(args: string[]): Promise<void> {
    const movesAt = args.indexOf('moves');
    const head = movesAt < 0 ? args : args.slice(0, movesAt);
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    let sfen: string;
    if (head[0] === 'startpos' && head.length === 1) sfen = 'startpos';
    else if (head[0] === 'sfen' && head.length >= 4) sfen = head.slice(1).join(' ');
    else return this.refusePosition('expected "position startpos|sfen <sfen> [moves <move>...]"');
    const result = await this.engine.setPosition(sfen, moves);
    if (!result.ok) return this.refusePosition(result.error);
    this.refusal = undefined;
  }

  private refusePosition(reason: string): void {
    this.refusal = reason;
    this.engine.clearPosition();
    this.say(`position refused: ${reason}`);
  }

  /** go searchmoves: the moves legal here, the others named in an info string. */
  private async legalOnly(moves: string[]): Promise<string[]> {
    const legal = new Set(await this.engine.legalMoves());
    const illegal = moves.filter((move) => !legal.has(move));
    if (illegal.length > 0) this.say(`go searchmoves: left out, not legal here: ${illegal.join(' ')}`);
    if (illegal.length === moves.length) this.say('go searchmoves: no legal move given, searching them all');
    return moves.filter((move) => legal.has(move));
  }

  /** go perft <depth>, a debugging aid: leaf counts by root move as they come, and no
   * bestmove; it runs as a search does, so that isready is answered and stop ends it. */
  private goPerft(args: string[]): void {
    const depth = Number(args[0]);
    if (args.length !== 1 || !Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) return this.say(`go perft: expected a depth from 0 to ${MAX_PERFT_DEPTH}, got '${args.join(' ')}'`);
    this.search = this.engine.perft(depth, (move, count) => this.write(`${move}: ${count}`)).then(
      ({ nodes, stopped }) => {
        if (stopped) this.say('go perft: stopped, the count below is of the moves above');
        this.write(`Nodes searched: ${nodes}`);
      },
      (error: unknown) => this.say(`go perft failed: ${(error as Error).message}`),
    ).finally(() => { this.search = undefined; });
  }

  private goMate(timeMs: number): void {
    const none = noMatesIn(this.engine.currentVariant);
    if (none) {
      this.say(`go mate: ${none}`);
      return this.write('checkmate notimplemented');
    }
    const limits = Number.isFinite(timeMs) ? { timeMs } : {};
    // A long solve says it is alive: once a second, what it has done, and a mate once found.
    let lastInfo = 0, lastPlies: number | undefined;
    const progress = (p: MateProgress) => {
      if (p.plies !== undefined && p.plies !== lastPlies) {
        lastPlies = p.plies;
        this.say(`mate in ${p.plies} found${p.shortest ? '' : ', looking for a shorter one'}`);
      }
      if (p.timeMs - lastInfo < 1000) return;
      lastInfo = p.timeMs;
      this.write(formatProgress({ timeMs: p.timeMs, nodes: p.nodes, nps: Math.round(p.nodes * 1000 / Math.max(1, p.timeMs)), hashfull: p.tableFill }));
    };
    this.search = this.engine.solveMate(this.engine.positionSfen, limits, progress).then(
      (result) => {
        if (result.error) this.say(`go mate: ${result.error}`);
        // What the solver assumed, as the CLI prints it: the GUI's position may lack the pieces
        // it gave the defender, which the line's defences then drop.
        for (const note of result.notes) this.say(note);
        if (this.answers) this.write(checkmateReply(result));
      },
      (error: unknown) => {
        this.say(`go mate failed: ${(error as Error).message}`);
        this.write('checkmate timeout');
      },
    ).finally(() => { this.search = undefined; });
  }

  private async go(args: string[], receivedAt: number): Promise<void> {
    // No position given yet (none since the start or a variant change): the start position.
    if (this.engine.positionSfen === '' && this.refusal === undefined) await this.engine.setPosition('startpos', []);
    const refused = this.refusal !== undefined;
    if (refused) this.say(`go: no position to search, the last one was refused (${this.refusal})`);
    if (args[0] === 'perft') return refused ? undefined : this.goPerft(args.slice(1));
    const { limits: { mate, ...limits }, notes } = parseGo(args);
    for (const note of notes) this.say(note);
    if (mate !== undefined) return refused ? this.write('checkmate timeout') : this.goMate(mate);
    if (limits.searchmoves && !refused) limits.searchmoves = await this.legalOnly(limits.searchmoves);
    const search = this.engine.analyse({ ...limits, receivedAt }, (info) => this.write(formatInfo(info)),
      (counts) => this.write(formatProgress(counts))).then(
      (result) => {
        if (this.answers) this.write(`bestmove ${result.bestmove}${result.ponder ? ` ponder ${result.ponder}` : ''}`);
      },
      (error: unknown) => {
        this.say(`search failed: ${(error as Error).message}`);
        this.write('bestmove resign');
      },
    ).finally(() => { this.search = undefined; });
    this.search = search;
  }
}

/** USI's answer to `go mate`: the solution, `nomate`, or `timeout` (also after stop); goMate
 * answers `notimplemented` for a variant the solver does not take. */
export function checkmateReply(result: MateResult): string {
  if (result.status === 'mate') return `checkmate ${result.moves.join(' ')}`;
  return result.status === 'nomate' ? 'checkmate nomate' : 'checkmate timeout';
}

/** Commands a command waiting for the running search to end lets through first. */
const WHILE_WAITING = new Set(['stop', 'ponderhit', 'isready', 'quit', 'gameover']);
/** Those of them that act on a search: one queued behind a go is meant for that go's search. */
const FOR_A_SEARCH = new Set(['stop', 'ponderhit', 'gameover']);

const commandOf = (line: string) => line.trim().split(/\s+/)[0];

/** A line read, and when (performance.now(): a search's clock runs from then). */
interface Received { line: string; receivedAt: number }

/** The loop over stdin. Resolves at `quit` or the end of the input. */
export async function runUsi(): Promise<void> {
  // The GUI closed the engine's output (it crashed, or quit without `quit`): no answer can
  // reach it, so the engine ends. Left to the handlers below, each failed write reported its
  // error with another write, which failed in turn, at full CPU forever.
  process.stdout.on('error', () => process.exit(1));
  const write = (line: string) => { process.stdout.write(`${line}\n`); };
  const session = new UsiSession(write);
  // A bug must not take the engine down in the middle of a game.
  process.on('uncaughtException', (error) => write(`info string internal error: ${error.message}`));
  process.on('unhandledRejection', (error) => write(`info string internal error: ${String(error)}`));
  const input = createInterface({ input: process.stdin, terminal: false });
  // Commands run in order, and a search runs on while the next ones are read. A command that
  // waits for the search to end (position, go, setoption, usinewgame) first takes the stop,
  // ponderhit, isready, quit or gameover queued behind it, whenever it was read: a script that
  // pipes `go infinite`, `go depth 1`, `stop` at once would otherwise wait for good.
  const queue: Received[] = [];
  let arrived: () => void = () => undefined;
  // A stop, ponderhit or gameover behind a queued go is that go's: taken for the running search,
  // it ended that search early and left the next to run until a stop that never came (go depth
  // 12, go infinite, stop piped at once). Only a search that waits for stop takes it, since
  // nothing else can end it (go infinite, go depth 1, stop would otherwise wait for good).
  session.nextUrgent = (waiting, runningWaitsForStop) => {
    const queuedGo = queue.findIndex(({ line }) => commandOf(line) === 'go');
    const nextGo = waiting === 'go' ? -1 : queuedGo < 0 ? Infinity : queuedGo;
    const at = queue.findIndex(({ line }, i) => WHILE_WAITING.has(commandOf(line))
      && (runningWaitsForStop || i < nextGo || !FOR_A_SEARCH.has(commandOf(line))));
    return at < 0 ? undefined : queue.splice(at, 1)[0];
  };
  session.lineRead = () => new Promise<void>((resolve) => { arrived = resolve; });
  // The queue's one runner while it has lines to handle; a line read meanwhile joins its queue.
  const run = async () => {
    for (let next = queue.shift(); next && !session.quitting; next = queue.shift()) {
      try {
        await session.handle(next.line, next.receivedAt);
      } catch (error) {
        write(`info string error: ${(error as Error).message}`);
      }
    }
    if (session.quitting) input.close();
  };
  let pumping: Promise<void> | undefined;
  const pump = (): Promise<void> => (pumping ??= run().finally(() => { pumping = undefined; }));
  await new Promise<void>((resolve) => {
    input.on('line', (line) => {
      queue.push({ line, receivedAt: performance.now() });
      arrived();
      void pump();
    });
    // The end of the input quits after the commands before it (see endOfInput); a command
    // waiting on a search that runs until stop is woken to stop it.
    input.on('close', () => {
      session.inputEnded = true;
      arrived();
      void pump().then(() => session.endOfInput()).then(resolve);
    });
  });
}
