/** A scripted USI session with `node build/cli.mjs usi` (built by `npm run build`). */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseGo } from '../../src/cli/usi.js';

const CLI = fileURLToPath(new URL('../../build/cli.mjs', import.meta.url));
const LAUNCHER = fileURLToPath(new URL('../../bin/shogi-wasm-usi', import.meta.url));

class Session {
  readonly lines: string[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;

  constructor() {
    this.child = spawn(process.execPath, [CLI, 'usi']);
    let partial = '';
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      this.lines.push(...parts);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  send(...commands: string[]): void {
    for (const command of commands) this.child.stdin.write(`${command}\n`);
  }

  /** Waits for a line matching `pattern` after line index `from`; returns it. */
  async expect(pattern: RegExp, from = 0): Promise<string> {
    for (;;) {
      const line = this.lines.slice(from).find((l) => pattern.test(l));
      if (line !== undefined) return line;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Sends the commands and waits for the first line after them that matches `pattern`. */
  async answer(pattern: RegExp, ...commands: string[]): Promise<string> {
    const mark = this.lines.length;
    this.send(...commands);
    return this.expect(pattern, mark);
  }

  /** The GUI ends the engine's input (stdin's end of file). */
  closeInput(): void { this.child.stdin.end(); }

  /** The GUI stops reading: the engine's next write finds its stdout closed. */
  closeOutput(): void { this.child.stdout.destroy(); }

  /** The exit code, or 'running' when the process is still there after `ms`. */
  exitWithin(ms: number): Promise<number | null | 'running'> {
    return Promise.race([this.exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), ms))]);
  }

  kill(): void { this.child.kill(); }

  /** The engine's resident memory in MiB: what the system gave it, not what it reserved. */
  residentMiB(): number {
    return Number(spawnSync('ps', ['-o', 'rss=', '-p', String(this.child.pid)], { encoding: 'utf8' }).stdout.trim()) / 1024;
  }
}

/** A hard tsume (the solver takes seconds), for searches that must be stopped. */
const HARD_TSUME = 'position sfen l7g/4kp1Sn/1P+R1gs3/3+p+p1s2/B1p+r1P3/L8/+n3NgB+pP/1+p3G1+p1/P1PsP4 b Lnl5p 1';

describe('bin/shogi-wasm-usi', () => {
  it.skipIf(process.platform === 'win32')('starts the engine through symbolic links to it', () => {
    // A GUI's engine folder often holds a link; the folder name has a space, as such names do.
    const dir = mkdtempSync(join(tmpdir(), 'shogi wasm '));
    try {
      symlinkSync(LAUNCHER, join(dir, 'engine'));
      mkdirSync(join(dir, 'more'));
      symlinkSync('../engine', join(dir, 'more', 'engine'));
      for (const path of [LAUNCHER, join(dir, 'engine'), join(dir, 'more', 'engine')]) {
        const run = spawnSync(path, { input: 'usi\nquit\n', encoding: 'utf8', cwd: join(dir, 'more') });
        expect(run.stderr).toBe('');
        expect(run.stdout).toMatch(/^usiok$/m);
      }
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe('parseGo', () => {
  it('reads what it can and names the rest', () => {
    expect(parseGo('btime -100 wtime 1000 byoyomi 1000'.split(' '))).toEqual({ limits: { btime: 0, wtime: 1000, byoyomi: 1000 }, notes: [] });
    expect(parseGo(['btime'])).toEqual({ limits: {}, notes: ["go btime: expected a number, got '', left out"] });
    expect(parseGo('btime abc wtime 0'.split(' '))).toEqual({ limits: { wtime: 0 }, notes: ["go btime: expected a number, got 'abc', left out"] });
    expect(parseGo('btime wtime 0'.split(' '))).toEqual({ limits: { wtime: 0 }, notes: ["go btime: expected a number, got '', left out"] });
    expect(parseGo('infinite extra'.split(' '))).toEqual({ limits: { infinite: true }, notes: ["go: unknown parameter 'extra', left out"] });
    expect(parseGo('searchmoves 7g7f 2g2f depth 3'.split(' '))).toEqual({ limits: { searchmoves: ['7g7f', '2g2f'], depth: 3 }, notes: [] });
    expect(parseGo('ponder searchmoves'.split(' '))).toEqual({ limits: { ponder: true, searchmoves: [] }, notes: [] });
    expect(parseGo(['mate'])).toEqual({ limits: { mate: Infinity }, notes: [] });
    expect(parseGo('mate 1000'.split(' '))).toEqual({ limits: { mate: 1000 }, notes: [] });
    expect(parseGo('mate x'.split(' ')).limits).toEqual({ mate: Infinity });
  });
});

let session: Session | undefined;
afterEach(() => session?.kill());

/** A new session (killed after the test) past usi and isready, with a 16 MiB hash. */
async function readySession(): Promise<Session> {
  session = new Session();
  session.send('usi', 'setoption name USI_Hash value 16', 'isready');
  await session.expect(/^readyok$/);
  return session;
}

describe('USI engine', () => {
  it('plays through a scripted session', async () => {
    session = new Session();
    const s = session;
    s.send('usi');
    await s.expect(/^usiok$/);
    expect(s.lines).toContain('id name shogi-wasm 0.1');
    expect(s.lines.some((l) => /^option name USI_Hash type spin/.test(l))).toBe(true);
    expect(s.lines).toContain('option name UCI_Variant type combo default shogi var shogi var minishogi var dobutsu');

    s.send('setoption name USI_Hash value 16', 'isready');
    await s.expect(/^readyok$/);

    s.send('usinewgame', 'position startpos moves 7g7f 3c3d', 'go depth 5');
    const best = await s.expect(/^bestmove /);
    expect(best).toMatch(/^bestmove ([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i])( ponder \S+)?$/);
    const info = s.lines.find((l) => l.startsWith('info depth 5 '));
    expect(info).toMatch(/^info depth 5 seldepth \d+ multipv 1 score cp -?\d+ nodes \d+ nps \d+ time \d+ hashfull \d+ pv( \S+)+$/);

    // Malformed input is answered, never fatal.
    let mark = s.lines.length;
    s.send('frobnicate', 'position sfen', 'position startpos moves 7g7e', 'setoption name USI_Ponder value maybe', 'setoption name Foo value 1');
    await s.expect(/unknown option/, mark);
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info string '))).toHaveLength(5);
    expect(s.lines.slice(mark)).toContain("info string setoption: USI_Ponder must be true or false, got 'maybe'");
    // A huge unknown word is quoted cut, not echoed whole into the GUI's log.
    mark = s.lines.length;
    s.send('x'.repeat(100_000));
    const cut = await s.expect(/^info string unknown command/, mark);
    expect(cut.length).toBeLessThan(400);

    mark = s.lines.length;
    s.send('position startpos', 'go perft 2');
    await s.expect(/^Nodes searched: 900$/, mark);
    expect(s.lines.slice(mark).filter((l) => /^\S+: 30$/.test(l))).toHaveLength(30);
    // A depth the engine's stack could not take is refused, and the engine goes on.
    mark = s.lines.length;
    s.send('go perft 20000', 'go perft 1');
    await s.expect(/^Nodes searched: 30$/, mark);
    expect(s.lines.slice(mark)).toContain("info string go perft: expected a depth from 0 to 30, got '20000'");
    // A long perft answers isready while it counts, and stop ends it with what it counted.
    mark = s.lines.length;
    s.send('go perft 7', 'isready');
    await s.expect(/^readyok$/, mark);
    expect(s.lines.slice(mark).some((l) => l.startsWith('Nodes searched'))).toBe(false);
    s.send('stop');
    await s.expect(/^Nodes searched: \d+$/, mark);
    expect(s.lines.slice(mark)).toContain('info string go perft: stopped, the count below is of the moves above');

    // Infinite search, isready while thinking, then stop.
    mark = s.lines.length;
    s.send('go infinite');
    await s.expect(/^info depth 3 /, mark);
    s.send('isready');
    await s.expect(/^readyok$/, mark);
    expect(s.lines.slice(mark).some((l) => l.startsWith('bestmove'))).toBe(false);
    s.send('stop');
    await s.expect(/^bestmove \S+/, mark);

    // Ponder, then ponderhit under a clock.
    mark = s.lines.length;
    s.send('position startpos moves 2g2f', 'go ponder btime 0 wtime 0 byoyomi 300');
    await s.expect(/^info depth 2 /, mark);
    s.send('ponderhit');
    await s.expect(/^bestmove \S+/, mark);

    // A move number of 0, which some GUIs send, is taken as 1.
    mark = s.lines.length;
    expect(await s.answer(/^bestmove/, 'position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0', 'go depth 1')).not.toBe('bestmove resign');
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info string'))).toEqual([]);

    // The 27-point declaration, and a mated side.
    expect(await s.answer(/^bestmove/, 'position sfen RB2K2BR/GGGG1SSSS/9/9/9/9/9/9/4k4 b - 1', 'go byoyomi 1000')).toBe('bestmove win');
    expect(await s.answer(/^bestmove/, 'position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w 2r2b2g4s4n4l18p 1', 'go depth 3')).toBe('bestmove resign');

    // Minishogi through UCI_Variant: startpos is its start position.
    await s.answer(/^Nodes searched: 2512$/, 'setoption name UCI_Variant value minishogi', 'position startpos', 'go perft 3');

    s.send('gameover win', 'quit');
    expect(await s.exited).toBe(0);
  });

  it('takes every USI_Hash the option line allows, and refuses the rest', async () => {
    session = new Session();
    const s = session;
    s.send('usi');
    await s.expect(/^usiok$/);
    expect(s.lines).toContain('option name USI_Hash type spin default 256 min 1 max 1024');
    let mark = s.lines.length;
    s.send('setoption name USI_Hash value 0', 'setoption name USI_Hash', 'setoption name USI_Hash value 1025', 'isready');
    await s.expect(/^readyok$/, mark);
    expect(s.lines.slice(mark, -1)).toEqual([
      "info string setoption: USI_Hash must be 1 to 1024 MiB, got '0'",
      "info string setoption: USI_Hash must be 1 to 1024 MiB, got ''",
      "info string setoption: USI_Hash must be 1 to 1024 MiB, got '1025'",
    ]);
    // The largest: the allocator's blocks stay under 1 GiB, the table fits all the same.
    mark = s.lines.length;
    s.send('setoption name USI_Hash value 1024', 'isready');
    await s.expect(/^readyok$/, mark);
    expect(await s.answer(/^bestmove/, 'position startpos', 'go depth 2')).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info string'))).toEqual([]);
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('answers isready after the largest USI_Hash without touching the table it reserved', async () => {
    // Clearing the 1 GiB table memory.grow had just zeroed made isready take seconds (5 s on a
    // loaded machine, a GUI's timeout) and made the system commit all of it before any search.
    // What is touched tells, not a clock: the memory stays reserved (a table that does not fit is
    // refused at isready), but untouched until the search fills it.
    const s = await readySession();
    const mark = s.lines.length;
    s.send('setoption name USI_Hash value 1024', 'isready');
    await s.expect(/^readyok$/, mark);
    expect(s.residentMiB()).toBeLessThan(512);
    await s.answer(/^readyok$/, 'usinewgame', 'isready');
    expect(s.residentMiB()).toBeLessThan(512);
    expect(await s.answer(/^bestmove/, 'position startpos', 'go depth 3')).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info string'))).toEqual([]);
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('forgets the table at usinewgame without touching it, after a search wrote to it', async () => {
    // usinewgame cleared the whole table byte by byte once a search had stored anything: with
    // USI_Hash 1024, 40-60 ms, and 1.2 s when that made the system commit pages no search had
    // touched, all before the game's first go, whose clock runs from when it is read. A short
    // search touches a small part of the table; clearing it made the engine's resident memory
    // 1.1 GiB, which is what tells here rather than a clock.
    const s = await readySession();
    await s.answer(/^readyok$/, 'setoption name USI_Hash value 1024', 'isready');
    expect(await s.answer(/^bestmove/, 'position startpos', 'go depth 3')).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
    await s.answer(/^readyok$/, 'usinewgame', 'isready');
    expect(s.residentMiB()).toBeLessThan(512);
    expect(await s.answer(/^bestmove/, 'position startpos moves 7g7f', 'go depth 3')).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('stops go perft at stop or quit in the middle of a root move', async () => {
    // Each root move was counted in one wasm call, so a stop waited for the move being counted:
    // hours at depth 9, and nothing (not even isready) was read meanwhile. The count now runs
    // in slices; a stop sent before any root move is done reports none.
    const s = await readySession();
    const mark = s.lines.length;
    s.send('position startpos', 'go perft 9', 'isready');
    await s.expect(/^readyok$/, mark);
    s.send('stop');
    expect(await s.expect(/^Nodes searched/, mark)).toBe('Nodes searched: 0');
    expect(s.lines.slice(mark)).toContain('info string go perft: stopped, the count below is of the moves above');
    // Its position stays as it was: the moves a stopped count played are taken back.
    await s.answer(/^Nodes searched: 900$/, 'go perft 2');
    await s.answer(/^readyok$/, 'go perft 9', 'isready');
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('applies a setoption sent without isready to the next go', async () => {
    // Some GUIs send setoption, then position and go, with no isready between them.
    session = new Session();
    const s = session;
    s.send('usi', 'setoption name USI_Hash value 1', 'setoption name MultiPV value 2', 'position startpos');
    let mark = s.lines.length;
    await s.answer(/^bestmove/, 'go depth 11');
    const hashfull = () => Number(/ hashfull (\d+) /.exec(s.lines.slice(mark).filter((l) => l.startsWith('info depth 11 ')).at(-1)!)![1]);
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info depth 11 ')).map((l) => l.split(' ')[6])).toEqual(['1', '2']);
    // 35,000 nodes fill a good part of a 1 MiB table, next to nothing of 1 GiB.
    expect(hashfull()).toBeGreaterThan(50);
    s.send('setoption name USI_Hash value 1024', 'setoption name MultiPV value 1');
    mark = s.lines.length;
    await s.answer(/^bestmove/, 'go depth 11');
    expect(hashfull()).toBeLessThan(10);
    const declares = 'position sfen RB2K2BR/GGGG1SSSS/9/9/9/9/9/9/4k4 b - 1';
    s.send('setoption name EnteringKingRule value NoEnteringKing');
    expect(await s.answer(/^bestmove/, declares, 'go depth 1')).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
    await s.answer(/^Nodes searched: 2512$/, 'setoption name UCI_Variant value minishogi', 'position startpos', 'go perft 3');
    expect(s.lines.filter((l) => l.startsWith('info string'))).toEqual([]);
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('takes a pass (pass or 0000) in the moves as the other side to move on the same board', async () => {
    // ShogiGUI's study mode sends a pass as `pass`; the token was read as a square ('pa') and the
    // position refused, so that go answered bestmove resign.
    const s = await readySession();
    const mark = s.lines.length;
    const counted = (...commands: string[]) => s.answer(/^Nodes searched/, ...commands, 'go perft 3');
    const same = await counted('position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1');
    expect(await counted('position startpos moves 7g7f pass 2g2f')).toBe(same);
    expect(await counted('position startpos moves 7g7f 0000 2g2f')).toBe(same);
    expect(await s.answer(/^bestmove/, 'position startpos moves pass', 'go depth 2')).toMatch(/^bestmove [1-9][a-d][1-9][a-e]/);
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info string'))).toEqual([]);
    // A side in check cannot pass: refused, the token named.
    await s.answer(/^bestmove resign$/, 'position sfen 4k4/9/9/9/9/9/9/4r4/4K4 b - 1 moves pass', 'go depth 1');
    expect(s.lines.slice(mark)).toContain('info string position refused: pass: sente is in check and cannot pass');
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('counts a position repeated across passes as a repetition, in the position and in the search', async () => {
    // A pass was set up afresh from the board after it, which dropped the moves before it: the
    // search saw no repetition across one, and a position command went on past a game over.
    // Sente, a rook and a bishop down, moves its king while gote passes: 5h5i brings back the
    // first position for the fourth time, a draw the search takes (it played another king move,
    // at about -1600).
    const s = await readySession();
    const start = 'position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL w - 1 moves';
    const cycles = 'pass 5i5h pass 5h5i pass 5i5h pass 5h5i pass 5i5h pass';
    const mark = s.lines.length;
    expect(await s.answer(/^bestmove/, `${start} ${cycles}`, 'go depth 6')).toMatch(/^bestmove 5h5i( |$)/);
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info depth 6 ')).at(-1)).toMatch(/ score cp 0 /);
    await s.answer(/^bestmove resign$/, `${start} ${cycles} 5h5i 7c7d`, 'go depth 1');
    expect(s.lines.slice(mark)).toContain('info string position refused: 7c7d: the game is over (repetition)');
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('keeps NetworkDelay back from the clock, and declares only under the 27-point rule', async () => {
    const s = await readySession();
    expect(s.lines).toContain('option name NetworkDelay type spin default 120 min 0 max 10000');
    expect(s.lines).toContain('option name EnteringKingRule type combo default CSARule27 var CSARule27 var NoEnteringKing');
    const mark = s.lines.length;
    // No value is no number: Number('') is 0, which took NetworkDelay to 0 and the byoyomi's
    // margin with it.
    s.send('setoption name NetworkDelay value -1', 'setoption name NetworkDelay', 'setoption name NetworkDelay value', 'setoption name MultiPV value ', 'setoption name EnteringKingRule value CSARule24', 'isready');
    await s.expect(/^readyok$/, mark);
    expect(s.lines.slice(mark, -1)).toEqual([
      "info string setoption: NetworkDelay must be 0 to 10000 ms, got '-1'",
      "info string setoption: NetworkDelay must be 0 to 10000 ms, got ''",
      "info string setoption: NetworkDelay must be 0 to 10000 ms, got ''",
      "info string setoption: MultiPV must be 1 to 10, got ''",
      "info string setoption: EnteringKingRule must be CSARule27 or NoEnteringKing, got 'CSARule24'",
    ]);
    // A game without the declaration goes on from a position that would declare.
    const declares = 'position sfen RB2K2BR/GGGG1SSSS/9/9/9/9/9/9/4k4 b - 1';
    expect(await s.answer(/^bestmove/, declares, 'go depth 3')).toBe('bestmove win');
    s.send('setoption name EnteringKingRule value NoEnteringKing');
    expect(await s.answer(/^bestmove/, declares, 'go depth 3')).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
    // 1 s of byoyomi: with 900 ms kept back the engine thinks 100 ms, with none the whole
    // second. Its nodes tell, not a clock in the test, which a loaded machine would stretch: the
    // last info line before bestmove counts the whole search.
    const searched = async (delay: number) => {
      s.send(`setoption name NetworkDelay value ${delay}`);
      const from = s.lines.length;
      await s.answer(/^bestmove/, 'position startpos', 'go btime 0 wtime 0 byoyomi 1000');
      const counts = s.lines.slice(from).flatMap((l) => /^info .* nodes (\d+)/.exec(l)?.[1] ?? []);
      return Number(counts.at(-1));
    };
    const whole = await searched(0), kept = await searched(900);
    expect(kept).toBeGreaterThan(0);
    expect(kept * 3, `${kept} nodes with 900 ms kept back, ${whole} with none`).toBeLessThan(whole);
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('reads option names in any case, as the options it lists', async () => {
    // The options are matched without regard to case, but USI_Ponder and Threads, handled
    // before them, were not: 'setoption name usi_ponder value true' was an unknown option.
    const s = await readySession();
    const mark = s.lines.length;
    s.send('setoption name usi_ponder value true', 'setoption name THREADS value 1', 'setoption name multipv value 2', 'setoption name Usi_Hash value 8', 'isready');
    await s.expect(/^readyok$/, mark);
    expect(s.lines.slice(mark, -1)).toEqual([]);
    await s.answer(/^bestmove/, 'position startpos', 'go depth 2');
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info depth 2 ')).map((l) => l.split(' ')[6])).toEqual(['1', '2']);
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('answers every go with one bestmove, searching only the searchmoves', async () => {
    session = new Session();
    const s = session;
    s.send('usi', 'setoption name USI_Hash value 16', 'isready', 'position startpos');
    await s.expect(/^readyok$/);
    // Those without a limit left search until stop, like a bare go.
    for (const [go, notes, untilStop] of [
      ['go btime -100 wtime 1000 byoyomi 100', 0, false],
      ['go btime', 1, true],
      ['go btime abc wtime 0 byoyomi 100', 1, false],
      ['go infinite extra', 1, true],
      ['go wait 1', 2, true],
      ['go searchmoves 1g1f depth 3', 0, false],
      ['go searchmoves 7g7f 9g9e 2g2f depth 4', 1, false],
    ] as const) {
      const mark = s.lines.length;
      s.send(go);
      if (untilStop) {
        await s.expect(/^info depth 2 /, mark);
        s.send('stop');
      }
      await s.expect(/^bestmove/, mark);
      await s.answer(/^readyok$/, 'isready');
      const out = s.lines.slice(mark);
      expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
      expect(out.filter((l) => l.startsWith('info string'))).toHaveLength(notes);
      // The move played and the first move of every line shown.
      const firsts = out.flatMap((l) => (l.startsWith('bestmove') ? [l.split(' ')[1]] : l.startsWith('info depth') ? [l.split(' pv ')[1].split(' ')[0]] : []));
      if (go.includes('1g1f')) expect(new Set(firsts)).toEqual(new Set(['1g1f']));
      if (go.includes('2g2f')) {
        expect(out).toContain('info string go searchmoves: left out, not legal here: 9g9e');
        for (const move of firsts) expect(['7g7f', '2g2f']).toContain(move);
      }
    }
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('runs a position, go, setoption or usinewgame sent during a search after it, in order', async () => {
    const s = await readySession();
    const mark = s.lines.length;
    // A script that does not wait for bestmove: each go is answered, each in its own position.
    s.send('position startpos', 'go depth 3', 'position startpos moves 7g7f', 'go depth 3', 'setoption name MultiPV value 2',
      'position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1', 'go mate 1000', 'usinewgame', 'position startpos moves 2g2f', 'go depth 2', 'isready');
    await s.expect(/^bestmove .* ponder .*\n?$/, mark);
    const answers = async () => { for (;;) { const out = s.lines.slice(mark).filter((l) => /^(bestmove|checkmate)/.test(l)); if (out.length === 4) return out; await s.expect(/^(bestmove|checkmate)/, s.lines.length); } };
    const [first, second, mate, last] = await answers();
    expect(first).toMatch(/^bestmove [1-9][a-i][1-9][a-i] /);
    // After 7g7f, gote's move: from rank c down (a sente move would be illegal).
    expect(second).toMatch(/^bestmove [1-9][a-d][1-9][a-i]|^bestmove [A-Z]\*/);
    expect(mate).toBe('checkmate G*5b');
    expect(last).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
    expect(s.lines.slice(mark).filter((l) => l.startsWith('info string')).map((l) => l.split(':')[0])).not.toContain('info string position refused');
    // The MultiPV set during the second search took effect for the last one.
    expect(s.lines.slice(mark).some((l) => / multipv 2 /.test(l))).toBe(true);
    // While a go waits behind a search that runs until stop, stop reaches that search: sent
    // later, or piped at once behind the waiting go.
    for (const piped of [false, true]) {
      const mark2 = s.lines.length;
      s.send('go infinite', 'position startpos', 'go depth 1');
      if (!piped) await s.expect(/^info depth 2 /, mark2);
      s.send('stop');
      await s.expect(/^bestmove/, mark2);
      for (;;) { if (s.lines.slice(mark2).filter((l) => l.startsWith('bestmove')).length === 2) break; await s.expect(/^bestmove/, s.lines.length); }
    }
    // A stop piped behind a go is that go's: the search before it ends by itself, at its depth.
    const mark3 = s.lines.length;
    s.send('position startpos', 'go depth 6', 'go infinite', 'stop');
    await s.expect(/^bestmove/, mark3);
    const beforeFirst = s.lines.slice(mark3, s.lines.findIndex((l, i) => i >= mark3 && l.startsWith('bestmove')));
    expect(beforeFirst.filter((l) => l.startsWith('info depth')).at(-1)).toMatch(/^info depth 6 /);
    for (;;) { if (s.lines.slice(mark3).filter((l) => l.startsWith('bestmove')).length === 2) break; await s.expect(/^bestmove/, s.lines.length); }
    // The end of the input ends a search that waits for stop, also one a go waits behind.
    s.send('go infinite', 'go depth 1');
    s.closeInput();
    expect(await s.exitWithin(10_000)).toBe(0);
  });

  it('after a refused position, plays no move from another position', async () => {
    const s = await readySession();
    const refusals = [
      ['position startpos moves 7g7f 3c3d 7g7f', /^info string position refused: 7g7f is not a legal move here$/],
      ['position sfen xyz', /^info string position refused: /],
      ['position startpos extra', /^info string position refused: expected "position startpos\|sfen/],
    ] as const;
    for (const [position, refused] of refusals) {
      let mark = s.lines.length;
      // The position before is a legal one, which a search must not fall back on.
      s.send('position startpos moves 2g2f', position, 'go btime 0 wtime 0 byoyomi 100');
      expect(await s.expect(/^bestmove/, mark)).toBe('bestmove resign');
      expect(s.lines.slice(mark).filter((l) => l.startsWith('info string'))).toEqual([
        expect.stringMatching(refused),
        expect.stringMatching(/^info string go: no position to search, the last one was refused \(.+\)$/),
      ]);
      mark = s.lines.length;
      expect(await s.answer(/^checkmate/, 'go mate 1000')).toBe('checkmate timeout');
      s.send('go perft 1', 'isready');
      await s.expect(/^readyok$/, mark);
      expect(s.lines.slice(mark).some((l) => l.startsWith('Nodes searched'))).toBe(false);
      // Under infinite the answer still waits for stop.
      mark = s.lines.length;
      s.send('go infinite', 'isready');
      await s.expect(/^readyok$/, mark);
      expect(s.lines.slice(mark).some((l) => l.startsWith('bestmove'))).toBe(false);
      expect(await s.answer(/^bestmove/, 'stop')).toBe('bestmove resign');
    }
    // An accepted position ends it.
    expect(await s.answer(/^bestmove/, 'position startpos moves 7g7f 3c3d', 'go depth 1')).toMatch(/^bestmove [1-9][a-i][1-9][a-i]/);
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('answers go infinite and go ponder only after stop or ponderhit, also with nothing to search', async () => {
    const s = await readySession();
    const mated = 'position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w 2r2b2g4s4n4l18p 1';
    const declares = 'position sfen RB2K2BR/GGGG1SSSS/9/9/9/9/9/9/4k4 b - 1';
    for (const [position, go, release, reply] of [
      [mated, 'go infinite', 'stop', 'bestmove resign'],
      [declares, 'go infinite', 'stop', 'bestmove win'],
      [mated, 'go ponder btime 0 wtime 0 byoyomi 1000', 'ponderhit', 'bestmove resign'],
      [declares, 'go ponder btime 0 wtime 0 byoyomi 1000', 'stop', 'bestmove win'],
    ]) {
      const mark = s.lines.length;
      s.send(position, go, 'isready');
      await s.expect(/^readyok$/, mark);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(s.lines.slice(mark).filter((l) => l.startsWith('bestmove'))).toEqual([]);
      s.send(release);
      await s.expect(/^bestmove/, mark);
      await s.answer(/^readyok$/, 'isready');
      expect(s.lines.slice(mark).filter((l) => l.startsWith('bestmove'))).toEqual([reply]);
    }
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('takes the clocks from ponderhit when go ponder came without them (early ponder)', async () => {
    // ShogiHome's early ponder (a YaneuraOu extension) sends a bare 'go ponder' and the clocks
    // with ponderhit. They were not read: the search went on until stop, and lost on time.
    const s = await readySession();
    const mark = s.lines.length;
    s.send('position startpos moves 7g7f 3c3d', 'go ponder');
    await s.expect(/^info depth 3 /, mark);
    s.send('ponderhit btime 0 wtime 0 byoyomi 500 binc x');
    const answered = await Promise.race([s.expect(/^bestmove/, mark).then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 20_000))]);
    expect(answered).toBe(true);
    expect(s.lines.slice(mark)).toContain("info string ponderhit binc: expected a number, got 'x', left out");
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('ends a ponder or mate search at gameover without an answer, and answers the next game', async () => {
    const s = await readySession();
    for (const [position, go] of [
      ['position startpos moves 7g7f', 'go ponder btime 0 wtime 0 byoyomi 1000'],
      [HARD_TSUME, 'go mate infinite'],
    ]) {
      const mark = s.lines.length;
      s.send(position, go);
      await s.expect(/^info /, mark);
      // gameover is handled once the search has ended: readyok comes after it.
      await s.answer(/^readyok$/, 'gameover lose', 'isready');
      expect(s.lines.slice(mark).filter((l) => /^(bestmove|checkmate)/.test(l))).toEqual([]);
      const next = s.lines.length;
      s.send('usinewgame', 'position startpos', 'go depth 2');
      await s.expect(/^bestmove /, next);
    }
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('quits at the end of its input, also in the middle of a search that waits for stop', async () => {
    for (const [position, go, reply] of [
      ['position startpos', 'go infinite', /^bestmove /],
      ['position startpos moves 7g7f', 'go ponder btime 0 wtime 0 byoyomi 1000', /^bestmove /],
      [HARD_TSUME, 'go mate infinite', /^checkmate timeout$/],
    ] as const) {
      const s = await readySession();
      s.send(position, go);
      await s.expect(/^info /);
      s.closeInput();
      // Generous: it takes a slice of the search (tens of ms).
      expect(await s.exitWithin(10_000)).toBe(0);
      expect(s.lines.filter((l) => reply.test(l))).toHaveLength(1);
    }
  });

  it('at the end of its input, lets the searches with a limit end before it quits', async () => {
    // A script piped whole (printf ... | shogi-wasm-usi, a subprocess's input): the end of the
    // input stopped every search at once, so go depth 6 answered from depth 1 and go mate 60000
    // 'checkmate timeout' for a mate in five. Only a search that waits for stop is stopped.
    session = new Session();
    const s = session;
    s.send('usi', 'setoption name USI_Hash value 16', 'isready', 'position startpos', 'go depth 6', 'go infinite',
      'position sfen 2kn5/1s2+LG3/p4+R3/9/9/9/9/9/9 b BGSrb2g2s3n3l17p 1', 'go mate 60000');
    s.closeInput();
    expect(await s.exitWithin(30_000)).toBe(0);
    expect(s.lines.some((l) => l.startsWith('info depth 6 '))).toBe(true);
    expect(s.lines.filter((l) => l.startsWith('bestmove'))).toHaveLength(2);
    expect(s.lines.filter((l) => l.startsWith('checkmate'))).toEqual(['checkmate 5b6a 7a8a S*7b 8a7b N*8d 7b6a G*7b']);
  });

  it('exits when its output is closed, idle or searching', async () => {
    for (const [commands, last] of [[['go infinite'], 'stop'], [[], 'isready']] as const) {
      const s = await readySession();
      s.send('position startpos', ...commands, 'isready');
      await s.expect(/^readyok$/, s.lines.length);
      s.closeOutput();
      // The next answer finds no reader; before, the engine then wrote the error and spun.
      s.send(last);
      expect(await s.exitWithin(10_000)).not.toBe('running');
    }
  });

  it('reports the move played as the last line, seldepth at least depth, notimplemented for dobutsu mates', async () => {
    const s = await readySession();
    // go nodes stops these within an iteration in which another move has beaten line 1 (found
    // with random games: before, the bestmove differed from the last line shown).
    for (const [sfen, nodes] of [
      ['l2s3G1/3n3p+R/n1p1rk3/pP2p4/6GP1/2PBP4/4GS2P/5P1+p1/2+nPK1P1L w 5Pbg2sn2l 116', 7000],
      ['b3s3l/S+N1kl4/2p1pgbp1/1p1p4p/5p3/6S1P/3P1PG2/5NRGL/1P1K5 w RSN2Pgnl5p 118', 30000],
      ['1n4g2/l1rPp2s1/pp1+S1B3/n8/2p6/r7P/5k3/1sPK5/L2G2B2 w GN2L4Pgsn7p 134', 7000],
    ] as const) {
      const mark = s.lines.length;
      const best = await s.answer(/^bestmove/, 'usinewgame', `position sfen ${sfen}`, `go nodes ${nodes}`);
      const last = s.lines.slice(mark).filter((l) => / multipv 1 /.test(l)).at(-1)!;
      expect(last.split(' pv ')[1].split(' ')[0]).toBe(best.split(' ')[1]);
    }
    // The ponder move is the reply the last line shown expects (the unfinished iteration had
    // changed the search's own line: ponder S*6c, P*5e and S*6c after lines of 6i5i, S*6c, P*5e).
    for (const nodes of [3000, 5000, 7000]) {
      const mark = s.lines.length;
      const best = await s.answer(/^bestmove/, 'usinewgame', 'position sfen b3s3l/S+N1kl4/2p1pgbp1/1p1p4p/5p3/6S1P/3P1PG2/5NRGL/1P1K5 w RSN2Pgnl5p 118', `go nodes ${nodes}`);
      const pv = s.lines.slice(mark).filter((l) => / multipv 1 /.test(l)).at(-1)!.split(' pv ')[1].split(' ');
      expect(best).toBe(`bestmove ${pv[0]} ponder ${pv[1]}`);
    }
    // Dobutsu's iterations end early on repetitions, and its mates are no tsume.
    const mark = s.lines.length;
    await s.answer(/^bestmove/, 'setoption name UCI_Variant value dobutsu', 'position startpos', 'go depth 30');
    const infos = s.lines.slice(mark).filter((l) => l.startsWith('info depth'));
    expect(infos.length).toBeGreaterThan(0);
    for (const line of infos) {
      const [, depth, seldepth] = /^info depth (\d+) seldepth (\d+)/.exec(line)!;
      expect(Number(seldepth)).toBeGreaterThanOrEqual(Number(depth));
    }
    expect(await s.answer(/^checkmate/, 'go mate 1000')).toBe('checkmate notimplemented');
    expect(s.lines.at(-2)).toBe('info string go mate: dobutsu has no check, so it has no mate problems');
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('searches depth 1 whatever the node limit', async () => {
    // go nodes below depth 1's few hundred nodes played the first move generated, unsearched
    // (2h1h, leaving the rook on 8h untaken; G*3b beside a mate in one) with no info line or an
    // 'info depth 0' one, as a stop before depth 1 once did.
    const s = await readySession();
    for (const [sfen, moves] of [['4k4/9/9/9/9/9/9/1r5R1/4K4 b - 1', ['2h8h', '2h8h+']], ['4k4/9/4P4/9/9/9/9/9/4K4 b G 1', ['G*5b']]] as const) {
      for (const nodes of [1, 20, 50]) {
        const mark = s.lines.length;
        const best = await s.answer(/^bestmove/, 'usinewgame', `position sfen ${sfen}`, `go nodes ${nodes}`);
        expect(moves, `go nodes ${nodes}`).toContain(best.split(' ')[1]);
        const infos = s.lines.slice(mark).filter((l) => l.startsWith('info depth'));
        expect(infos.length).toBeGreaterThan(0);
        for (const info of infos) expect(info).not.toMatch(/^info depth 0 /);
      }
    }
    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('says a long iteration is alive: nodes, nps and hashfull once a second', async () => {
    const s = await readySession();
    const mark = s.lines.length;
    s.send('position startpos', 'go infinite');
    // Iterations grow until one takes longer than a second; its counts come meanwhile.
    const alive = await s.expect(/^info time \d+ nodes \d+ nps \d+ hashfull \d+$/, mark);
    const [time, nodes] = [Number(alive.split(' ')[2]), Number(alive.split(' ')[4])];
    expect(time).toBeGreaterThanOrEqual(1000);
    expect(nodes).toBeGreaterThan(0);
    s.send('stop');
    await s.expect(/^bestmove /, mark);
    s.send('quit');
    expect(await s.exited).toBe(0);
  }, 60_000);

  it('answers go mate with the solution, nomate or timeout', async () => {
    const s = await readySession();

    // A tsume (no attacker king: the defender holds the rest), tsume-dev #47 (a mate in five
    // once its useless interposition is left out), a game position whose side to move mates
    // in one, and one with no mate.
    const mate = (sfen: string, time: string) => s.answer(/^checkmate /, `position sfen ${sfen}`, `go mate ${time}`);
    const start = s.lines.length;
    expect(await mate('4k4/9/4P4/9/9/9/9/9/9 b G 1', '60000')).toBe('checkmate G*5b');
    // A mate proven the shortest is not said to be looked past.
    expect(s.lines.slice(start)).toContain('info string mate in 1 found');
    expect(await mate('2kn5/1s2+LG3/p4+R3/9/9/9/9/9/9 b BGSrb2g2s3n3l17p 1', 'infinite')).toBe('checkmate 5b6a 7a8a S*7b 8a7b N*8d 7b6a G*7b');
    expect(await mate('4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l16p 1', '60000')).toBe('checkmate G*5b');
    expect(await mate('4k4/9/9/9/9/9/9/9/4K4 b P2r2b4g4s4n4l16p 1', '60000')).toBe('checkmate nomate');
    // No king to mate: no mate, and the reason (timeout would have the GUI try again longer).
    const kingless = s.lines.length;
    expect(await mate('9/9/9/9/9/9/9/9/4K4 b G 1', '60000')).toBe('checkmate nomate');
    expect(s.lines.slice(kingless)).toContain('info string go mate: gote has no king to mate (the side to move is the attacker)');
    // A bare `go mate` (some GUIs send it) searches as `go mate infinite`.
    expect(await s.answer(/^checkmate /, 'position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1', 'go mate')).toBe('checkmate G*5b');

    // Stopped before anything is found (驚愕の曠野, 59 plies): timeout. Then the engine is
    // ready for more.
    expect(await s.answer(/^checkmate /, 'position sfen 4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1', 'go mate infinite', 'stop')).toBe('checkmate timeout');
    // A longer solve reports what it has done once a second (info lines a GUI can show).
    const before = s.lines.length;
    expect(await s.answer(/^checkmate /, 'position sfen 4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1', 'go mate 1500')).toBe('checkmate timeout');
    expect(s.lines.slice(before).some((l) => /^info time \d+ nodes \d+ nps \d+ hashfull \d+$/.test(l))).toBe(true);
    const mark = s.lines.length;
    expect(await s.answer(/^checkmate /, 'position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1', 'go mate x')).toBe('checkmate G*5b');
    expect(s.lines.slice(mark)).toContain("info string go mate: expected a time in ms or 'infinite', got 'x', searching until stop");

    s.send('quit');
    expect(await s.exited).toBe(0);
  });

  it('says in info strings what go mate assumed: the pieces it gave the defender, the attacker mated already', async () => {
    // Without them a GUI reads a defence such as P*6b, from a hand its position leaves empty, as
    // an illegal move. (Here P*6b G*8b lasts as long as 7b7a G*7b and leaves as much in hand.)
    const s = await readySession();
    let mark = s.lines.length;
    expect(await s.answer(/^checkmate /, 'position sfen 4R4/2k6/+N1n6/+LG7/9/9/9/9/9 b G2L 1', 'go mate 60000')).toBe('checkmate 5a5b+ 7b7a G*7b');
    expect(s.lines.slice(mark)).toContain('info string the defender was given the pieces the position leaves out: 1 rook, 2 bishops, 2 golds, 4 silvers, 2 knights, 1 lance, 18 pawns');
    mark = s.lines.length;
    expect(await s.answer(/^checkmate /, 'position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1', 'go mate 60000')).toBe('checkmate nomate');
    expect(s.lines.slice(mark)).toContain('info string gote, the attacker, is checkmated already');
    s.send('quit');
    expect(await s.exited).toBe(0);
  });
});
