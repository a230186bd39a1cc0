/** The search, in-process in Node: results that a broken search cannot produce by chance. */
import { describe, expect, it } from 'vitest';
import { EngineCore, scoreOf, timePlan } from '../../src/engine/core.js';
import { createEngine } from '../../src/engine/client.js';
import type { SearchInfo } from '../../src/engine/search-types.js';
import { encodeSetup, initRules, Position, writeSetup } from '../../src/rules/position.js';
import { instantiateEngine, type EngineExports } from '../../src/engine/wasm.js';
import type { Variant } from '../../src/rules/types.js';
import { LONG_RECORD_SFEN, longRecord } from '../support/long-record.js';

async function engineAt(sfen: string, moves: string[] = [], variant: Variant = 'shogi', hashMiB = 16, multiPV = 1) {
  const engine = new EngineCore(variant, hashMiB, multiPV);
  const set = await engine.setPosition(sfen, moves);
  if (!set.ok) throw new Error(set.error);
  return engine;
}

/** Plays the line and says whether it ends in checkmate (rules facade, not the search). */
async function endsInMate(sfen: string, line: string[]): Promise<boolean> {
  await initRules();
  const pos = Position.fromSfen(sfen);
  if (!pos.ok) throw new Error(pos.error.message);
  for (const move of line) if (!pos.value.play(move).ok) return false;
  return pos.value.outcome()?.reason === 'checkmate';
}

describe('mates', () => {
  it('finds a mate in 1 with the score mate 1', async () => {
    const sfen = '4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1';
    const result = await (await engineAt(sfen)).analyse({ depth: 4 });
    expect(result.bestmove).toBe('G*5b');
    expect(result.lines[0].score).toEqual({ mate: 1 });
  });

  // Tsume problems of ../shared/data/tsume-dev.tsv (3 plies, one mating first move).
  const MATES_IN_3: [string, string][] = [
    ['nk1s5/9/1Ss6/3L5/9/9/9/9/9 b RSr2b4g3n3l18p 1', 'S*9b'],
    ['1p7/kL7/l1l6/+S8/L8/9/9/9/9 b 2r2b4g3s4n17p 1', '9d9c'],
  ];
  for (const [sfen, first] of MATES_IN_3) {
    for (const hashMiB of [16, 0]) {
      it(`mates in 3 with the only winning move ${first}, hash ${hashMiB ? 'on' : 'off'}`, async () => {
        const engine = await engineAt(sfen, [], 'shogi', hashMiB);
        const { bestmove, score } = await engine.fixedDepthSearch(5);
        expect(bestmove).toBe(first);
        expect(score).toEqual({ mate: 3 });
        const result = await engine.analyse({ depth: 5 });
        expect(result.lines[0].pv.length).toBe(3);
        expect(await endsInMate(sfen, result.lines[0].pv)).toBe(true);
      });
    }
  }

  it('scores mate for the side to move from the right perspective', () => {
    expect(scoreOf(32000 - 3)).toEqual({ mate: 3 });
    expect(scoreOf(-32000 + 4)).toEqual({ mate: -4 });
    expect(scoreOf(150)).toEqual({ cp: 150 });
  });
});

describe('material', () => {
  it('takes a hanging rook', async () => {
    const result = await (await engineAt('4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1')).analyse({ depth: 4 });
    expect(result.bestmove).toBe('5h5e');
    expect('cp' in result.lines[0].score && result.lines[0].score.cp).toBeGreaterThan(500);
  });

  it('takes the lion in dobutsu', async () => {
    // Sente's giraffe next to gote's lion: taking it ends the game.
    const result = await (await engineAt('1k1/1R1/3/1K1 b - 1', [], 'dobutsu')).analyse({ depth: 3 });
    expect(result.bestmove).toBe('2b2a');
    expect(result.lines[0].score).toEqual({ mate: 1 });
  });
});

describe('repetition', () => {
  // Kings walk 5i-4i and 5a-4a. From the position after 5i4i, eleven plies of the walk lead back
  // to where 5i4i makes that position's fourth occurrence: sennichite.
  const WALK = ['5a4a', '4i5i', '4a5a', '5i4i'];
  const THIRD_TIME = [...WALK, ...WALK, ...WALK.slice(0, 3)];
  const gotesRook = '4k4/9/r8/9/9/9/9/9/4K4 b - 1', sentesRook = '4k4/9/9/9/9/9/R8/9/4K4 b - 1';
  const afterStep = (sfen: string) => sfen.replace('4K4 b - 1', '5K3 w - 2');

  it('seeks the fourth occurrence when behind: a draw', async () => {
    const result = await (await engineAt(afterStep(gotesRook), THIRD_TIME)).analyse({ depth: 4 });
    expect(result.bestmove).toBe('5i4i');
    expect(result.lines[0].score).toEqual({ cp: 0 });
  });

  it('sees the fourth occurrence at depth 1, where the move into it is followed by quiescence alone', async () => {
    const result = await (await engineAt(afterStep(gotesRook), THIRD_TIME)).analyse({ depth: 1 });
    expect(result.bestmove).toBe('5i4i');
    expect(result.lines[0].score).toEqual({ cp: 0 });
  });

  it('avoids the fourth occurrence when ahead', async () => {
    const result = await (await engineAt(afterStep(sentesRook), THIRD_TIME)).analyse({ depth: 4 });
    expect(result.bestmove).not.toBe('5i4i');
    expect('cp' in result.lines[0].score && result.lines[0].score.cp).toBeGreaterThan(500);
  });

  it('takes a position the game has seen once for no draw: the opponent may leave the cycle', async () => {
    const result = await (await engineAt(gotesRook, ['5i4i', ...WALK.slice(0, 3)])).analyse({ depth: 4 });
    expect('cp' in result.lines[0].score && result.lines[0].score.cp).toBeLessThan(-500);
  });

  // Sente's rook checks from 4h and 5h while gote's king steps between 5a and 4a: from the
  // position after the first `skip` moves of CHECKING, eleven plies of the cycle lead back to
  // where the next move makes that position's fourth occurrence.
  const SFEN_CHECKS = '4k4/9/9/9/9/9/9/5R3/K8 b rb2g 1';
  const CHECKING = ['4h5h', '5a4a', '5h4h', '4a5a'];
  const checkingFrom = async (skip: number) => {
    await initRules();
    const start = Position.fromSfen(SFEN_CHECKS);
    if (!start.ok) throw new Error(start.error.message);
    for (const move of CHECKING.slice(0, skip)) start.value.play(move);
    const cycle = [...CHECKING.slice(skip), ...CHECKING.slice(0, skip)];
    return engineAt(start.value.sfen(), [...cycle, ...cycle, ...cycle.slice(0, 3)]);
  };

  it('scores the fourth occurrence as a win for the side that is checked every move', async () => {
    const result = await (await checkingFrom(2)).analyse({ depth: 3 });
    expect(result.bestmove).toBe('5a4a');
    const score = result.lines[0].score;
    expect('mate' in score && score.mate).toBeGreaterThan(0);
  });

  it('scores dobutsu\'s third occurrence, which ends its game, as a draw', async () => {
    // The lions step out and back: 3b2a brings the start position back for the third time.
    const walk = ['2d3c', '2a3b', '3c2d', '3b2a', '2d3c', '2a3b', '3c2d'];
    const result = await (await engineAt('rkb/1p1/1P1/BKR b - 1', walk, 'dobutsu')).analyse({ depth: 6, searchmoves: ['3b2a'] });
    expect(result.lines[0].score).toEqual({ cp: 0 });
    // Seen twice, the start is no draw yet.
    const once = await (await engineAt('rkb/1p1/1P1/BKR b - 1', walk.slice(0, 3), 'dobutsu')).analyse({ depth: 6, searchmoves: ['3b2a'] });
    expect(once.lines[0].score).not.toEqual({ cp: 0 });
  });

  it('never repeats by perpetual check, even when behind', async () => {
    // Gote's material in hand outweighs the rook: a draw would be welcome, this one loses.
    const result = await (await checkingFrom(1)).analyse({ depth: 3 });
    expect(result.bestmove).not.toBe('4h5h');
    expect('cp' in result.lines[0].score && result.lines[0].score.cp).toBeLessThan(0);
  });
});

describe('declaration', () => {
  it('declares a win under the 27-point rule', async () => {
    const result = await (await engineAt('RB2K2BR/GGGG1SSSS/9/9/9/9/9/9/4k4 b - 1')).analyse({ depth: 3 });
    expect(result.bestmove).toBe('win');
  });

  it('counts the declaration as a move: declaring after a move of each side is a mate in 3', async () => {
    // Nine pieces in the camp: a tenth dropped there, the reply, then the declaration.
    const result = await (await engineAt('GGGG1SSSS/4K4/P8/9/9/9/9/9/8k b 2R2B3P 1')).analyse({ depth: 3 });
    expect(result.lines[0].score).toEqual({ mate: 3 });
    expect(result.lines[0].pv).toHaveLength(2);
  });
});

describe('multi-PV', () => {
  it('reports distinct lines, best first', async () => {
    const infos: SearchInfo[] = [];
    const engine = await engineAt('startpos', [], 'shogi', 16, 4);
    const result = await engine.analyse({ depth: 5 }, (info) => infos.push(info));
    expect(result.lines.map((line) => line.multipv)).toEqual([1, 2, 3, 4]);
    expect(new Set(result.lines.map((line) => line.pv[0])).size).toBe(4);
    const scores = result.lines.map((line) => ('cp' in line.score ? line.score.cp : NaN));
    for (let k = 1; k < scores.length; k++) expect(scores[k]).toBeLessThanOrEqual(scores[k - 1]);
    expect(result.bestmove).toBe(result.lines[0].pv[0]);
    expect(infos.filter((info) => info.depth === 5)).toHaveLength(4);
  });
});

describe('limits and stop', () => {
  it('stops an infinite analysis and keeps its hash for the next one', async () => {
    // Where the analysis stops depends on timing, and so does what a search after it gains from
    // the table: a stop inside a new iteration can leave entries that change the depth-8
    // search's mind at the root and cost it more than a fresh one (over 16 stops it took 1,801 to
    // 4,494 nodes, a fresh one 5,075; once three stops in a row summed to 17,106 against 15,225).
    // So the table's survival is judged by the best of three stops: a table that was lost would
    // leave every one of them near a fresh engine's work.
    const cold = (await (await engineAt('startpos', ['7g7f'])).analyse({ depth: 8 })).nodes;
    const warm: number[] = [];
    for (let trial = 0; trial < 3; trial++) {
      const engine = createEngine({ variant: 'shogi', hashMiB: 16 });
      expect((await engine.setPosition('startpos', ['7g7f'])).ok).toBe(true);
      const infos: SearchInfo[] = [];
      // Stop once the search has stored a tree at least 12 plies deep (or after 30 s at worst).
      let deepEnough: () => void = () => undefined;
      const reached = new Promise<void>((resolve) => { deepEnough = resolve; });
      const analysis = engine.analyse({ infinite: true }, (info) => {
        infos.push(info);
        if (info.depth >= 12) deepEnough();
      });
      await Promise.race([reached, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      await engine.stop();
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
      const result = await Promise.race([analysis, timeout]);
      expect(result).not.toBe('timeout');
      if (result === 'timeout') return;
      expect(result.bestmove).toMatch(/^[1-9][a-i][1-9][a-i]\+?$|^[RBGSNLP]\*[1-9][a-i]$/);
      expect(infos.some((info) => info.depth >= 12)).toBe(true);
      // The engine goes on working, with its table.
      const after = await engine.analyse({ depth: 8 });
      expect(after.bestmove).toMatch(/^[1-9][a-i][1-9][a-i]\+?$|^[RBGSNLP]\*[1-9][a-i]$/);
      warm.push(after.nodes);
      engine.dispose();
    }
    expect(Math.min(...warm)).toBeLessThan(cold);
  });

  it('says whether the running work ends only at stop (the USI engine stops it at the end of its input)', async () => {
    const engine = await engineAt('startpos');
    expect(engine.waitsForStop).toBe(false);
    const cases: [string, () => Promise<unknown>, boolean][] = [
      ['infinite', () => engine.analyse({ infinite: true }), true],
      ['infinite under a clock', () => engine.analyse({ infinite: true, byoyomi: 60_000 }), true],
      ['no limit', () => engine.analyse({}), true],
      ['depth', () => engine.analyse({ depth: 60 }), false],
      ['nodes', () => engine.analyse({ nodes: 1e9 }), false],
      ['clock', () => engine.analyse({ btime: 0, wtime: 0, byoyomi: 60_000 }), false],
      ['mate, no limit', () => engine.solveMate('4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1'), true],
      ['mate in 60 s', () => engine.solveMate('4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1', { timeMs: 60_000 }), false],
    ];
    for (const [name, start, waits] of cases) {
      const work = start();
      expect(engine.waitsForStop, name).toBe(waits);
      engine.stop();
      await work;
    }
    // A ponder waits for ponderhit or stop; after a ponderhit that brings a clock, for neither.
    const ponder = engine.analyse({ ponder: true });
    expect(engine.waitsForStop).toBe(true);
    engine.ponderhit(performance.now(), { byoyomi: 60_000 });
    expect(engine.waitsForStop).toBe(false);
    engine.stop();
    await ponder;
    expect(engine.waitsForStop).toBe(false);
  });

  it('answers a stop that comes at once with a searched move, not the first one generated', async () => {
    // The rook on 2h takes the rook on 8h for nothing; it used to answer the first move generated
    // (2h1h, from 0 nodes). Depth 1 is searched whatever the stop.
    for (const limits of [{ infinite: true }, { movetime: 10, receivedAt: performance.now() - 1000 }]) {
      const engine = await engineAt('4k4/9/9/9/9/9/9/1r5R1/4K4 b - 1');
      const analysis = engine.analyse(limits);
      engine.stop();
      const result = await analysis;
      expect(result.bestmove).toMatch(/^2h8h\+?$/);
      expect(result.lines[0].depth).toBeGreaterThanOrEqual(1);
    }
  });

  it('counts the time limits from when the request arrived', async () => {
    const engine = await engineAt('startpos');
    // The go came a second ago (it waited behind a search that was ending, say): its time is spent,
    // and the first iteration is all there is time for.
    const result = await engine.analyse({ movetime: 500, receivedAt: performance.now() - 1000 });
    expect(result.lines.map((line) => line.depth)).toEqual([1]);
    expect(result.bestmove).toMatch(/^[1-9][a-i][1-9][a-i]\+?$/);
  });

  it('never plans past the clock under a Fischer increment, which comes after the move', () => {
    // GUIs add the increment once the move is made (ShogiHome's clock does): btime is all the
    // move may take. Before, 5 s + 5 s planned 6.9 s, and 2 s + 2 s planned 2.7 s.
    for (const btime of [0, 50, 100, 500, 2000, 5000, 60_000]) {
      for (const binc of [0, 100, 1000, 2000, 5000, 30_000]) {
        const plan = timePlan({ btime, wtime: btime, binc, winc: binc }, 0)!;
        expect(plan.hard, `btime ${btime} binc ${binc}`).toBeLessThanOrEqual(Math.max(btime - 50, 10));
        expect(plan.soft).toBeLessThanOrEqual(plan.hard);
      }
    }
    // A clock without this side's time is a clock with none left: not a search until stop.
    expect(timePlan({ byoyomi: 0 }, 0)).toEqual({ soft: 0, hard: 10 });
    expect(timePlan({ binc: 1000, winc: 1000 }, 1)!.hard).toBeLessThanOrEqual(1000);
    expect(timePlan({}, 0)).toBeUndefined();
    // NetworkDelay is kept back from the clock and from the byoyomi.
    expect(timePlan({ btime: 0, wtime: 0, byoyomi: 1000 }, 0)).toEqual({ soft: 880, hard: 880 });
    expect(timePlan({ btime: 0, wtime: 0, byoyomi: 1000 }, 0, 300)).toEqual({ soft: 700, hard: 700 });
    expect(timePlan({ btime: 1000, wtime: 0 }, 0, 0)!.hard).toBeLessThanOrEqual(400);
  });

  it('forgets its table for a new game: the next search is the same as from a new engine', async () => {
    const engine = await engineAt('startpos', [], 'shogi', 64);
    const cold = (await engine.analyse({ depth: 6 })).nodes;
    expect((await engine.analyse({ depth: 6 })).nodes).toBeLessThan(cold);
    // The entries of the earlier game stay in memory, marked as old: none may be read, and
    // each slot they hold is taken as a free one.
    await engine.newGame();
    expect((await engine.analyse({ depth: 6 })).nodes).toBe(cold);
    const fresh = (await (await engineAt('startpos', ['7g7f', '3c3d'], 'shogi', 64)).analyse({ depth: 7 })).nodes;
    await engine.newGame();
    await engine.setPosition('startpos', ['7g7f', '3c3d']);
    expect((await engine.analyse({ depth: 7 })).nodes).toBe(fresh);
  });

  it('plays no move that failed low when an iteration that ran out of nodes ran again', async () => {
    // Slices of 8,000 nodes from the position after 7g7f 3c3d 2g2f 8c8d, stopped at 220,000: a
    // move had beaten line 1 in a pass the slice cut short, then failed low when the iteration
    // ran again; it was still taken as line 1, with the score -INF, shown as "mate 1".
    await initRules();
    const wasm = await instantiateEngine('shogi') as unknown as EngineExports & Record<string, (...args: number[]) => number>;
    wasm.searchHash(16);
    const pos = Position.fromSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    if (!pos.ok) throw new Error(pos.error.message);
    for (const m of ['7g7f', '3c3d', '2g2f', '8c8d']) pos.value.play(m);
    writeSetup(wasm, encodeSetup(pos.value.setup()));
    wasm.load();
    wasm.searchStart(64, 1);
    while (wasm.searchNodes() < 220_000) wasm.searchStep(8_000, Infinity);
    wasm.searchSettle();
    expect(scoreOf(wasm.searchLineScore(0))).toHaveProperty('cp');
  });

  it('ends a slice at its deadline, whatever its budget', async () => {
    // Under a clock, a slice's budget is sized by the speed seen so far, which on a loaded
    // machine can drop tenfold within the slice: it ran hundreds of ms past a 1 s byoyomi.
    await initRules();
    const wasm = await instantiateEngine('shogi') as unknown as EngineExports & Record<string, (...args: number[]) => number>;
    wasm.searchHash(16);
    const pos = Position.fromSfen('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    if (!pos.ok) throw new Error(pos.error.message);
    writeSetup(wasm, encodeSetup(pos.value.setup()));
    wasm.load();
    wasm.searchStart(64, 1);
    // Past the iterations that take a few hundred nodes.
    while (wasm.searchDepth() < 10) wasm.searchStep(Infinity, Infinity);
    // A billion nodes, but a deadline already passed: the slice ends at the first reading of
    // the clock, 256 nodes on, its iteration (thousands of nodes) unfinished.
    const before = wasm.searchNodes();
    expect(wasm.searchStep(1e9, performance.now() - 1)).toBe(0);
    expect(wasm.searchNodes() - before).toBeLessThanOrEqual(256);
    // Without a deadline the budget alone bounds it, as before.
    expect(wasm.searchStep(50, Infinity)).toBe(0);
  });

  it('obeys a node limit, and its last info counts the whole search (an iteration left unfinished too)', async () => {
    const engine = await engineAt('startpos');
    const infos: SearchInfo[] = [];
    const result = await engine.analyse({ nodes: 20_000 }, (info) => infos.push(info));
    expect(result.nodes).toBeLessThanOrEqual(20_000);
    expect(result.bestmove).not.toBe('resign');
    expect(infos.at(-1)?.nodes).toBe(result.nodes);
    expect(infos.at(-1)?.pv[0]).toBe(result.bestmove);
  });

  it('searches on top of the longest record it accepts, and refuses a longer one', async () => {
    // Before, 8,191 plies were accepted and the search trapped ("engine aborted"): its plies
    // went past the end of the history's arrays.
    const engine = await engineAt(LONG_RECORD_SFEN, longRecord(8000));
    const result = await engine.analyse({ nodes: 30_000 });
    expect(result.error).toBeUndefined();
    expect(await engine.legalMoves()).toContain(result.bestmove);
    expect(await engine.setPosition(LONG_RECORD_SFEN, longRecord(8001))).toEqual({ ok: false, error: expect.stringMatching(/a record holds at most 8000 plies$/) });
  });

  it('with several lines, the last report of each counts the whole search, also after a settle', async () => {
    // 20,000 nodes end within an iteration in which another move beat line 1 (searchSettle):
    // before, only line 1 was reported again with the whole search's counts, and the lines
    // after it, the last info a GUI reads before bestmove, kept those of an earlier iteration.
    const sfen = '1ns1g2nl/l1r1ksgb1/pppp2ppp/9/4pp3/2PPP1P1P/PPK2P1P1/1B4GRL/LNS1G1SN1 w - 26';
    const engine = await engineAt(sfen, [], 'shogi', 16, 3);
    const infos: SearchInfo[] = [];
    const result = await engine.analyse({ nodes: 20_000 }, (info) => infos.push(info));
    const last = infos.slice(-3);
    expect(last.map((info) => info.multipv)).toEqual([1, 2, 3]);
    expect(last[0].pv[0]).toBe(result.bestmove);
    for (const info of last) expect(info.nodes).toBe(result.nodes);
  });

  it('resigns when mated', async () => {
    const result = await (await engineAt('4k4/4G4/4G4/9/9/9/9/9/4K4 w 2r2b2g4s4n4l18p 1')).analyse({ depth: 2 });
    expect(result.bestmove).toBe('resign');
  });

  it('refuses an illegal position or move with the reason', async () => {
    const engine = new EngineCore('shogi', 16, 1);
    const bad = await engine.setPosition('startpos', ['7g7e']);
    expect(bad.ok).toBe(false);
    const nifu = await engine.setPosition('4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1');
    expect(nifu.ok).toBe(false);
  });
});

describe('memory', () => {
  it('holds one hash table, of the size last set', async () => {
    const engine = new EngineCore('shogi', 64, 1);
    const search = async () => {
      expect((await engine.setPosition('startpos')).ok).toBe(true);
      expect((await engine.analyse({ depth: 2 })).bestmove).not.toBe('resign');
    };
    await search();
    for (const variant of ['minishogi', 'dobutsu', 'shogi']) {
      expect((await engine.setOption('UCI_Variant', variant)).ok).toBe(true);
      await search();
    }
    expect((await engine.setOption('USI_Hash', 32)).ok).toBe(true);
    await search();
    // The table and a few MiB of the engine's own, not the four tables used so far (224 MiB).
    expect(await engine.memoryMiB()).toBeLessThan(64);
  });
});

describe('bench signature', () => {
  it('is deterministic', async () => {
    const a = await (await engineAt('startpos')).fixedDepthSearch(7);
    const b = await (await engineAt('startpos')).fixedDepthSearch(7);
    expect(a.nodes).toBe(b.nodes);
    expect(a.bestmove).toBe(b.bestmove);
  });
});
