// The engine in a real Chromium: createEngine starts the module worker (src/engine/worker.ts),
// the search runs there in slices, and stop() reaches it while it thinks.

import { createEngine, type SearchInfo } from '../../src/engine/client.js';
import { equal, ok } from './assert.js';

describe('Engine in a Web Worker', () => {
  it('analyses in the worker, streams info, stops, and keeps working', async () => {
    const engine = createEngine({ variant: 'shogi', hashMiB: 16, multiPV: 2 });
    const set = await engine.setPosition('startpos', ['7g7f', '3c3d']);
    ok(set.ok);
    const infos: SearchInfo[] = [];
    const analysis = engine.analyse({ infinite: true }, (info) => infos.push(info));
    // The page stays responsive: timers fire while the worker searches.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await new Promise((resolve) => setTimeout(resolve, 500));
    clearInterval(timer);
    ok(ticks > 10, `only ${ticks} timer ticks in 500 ms`);
    await engine.stop();
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
    const result = await Promise.race([analysis, timeout]);
    if (result === 'timeout') throw new Error('stop() was not answered');
    ok(/^([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i])$/.test(result.bestmove), result.bestmove);
    ok(infos.length >= 2, 'no info streamed');
    equal(infos[0].multipv, 1);
    equal(infos[1].multipv, 2);

    // After stop the same worker searches again.
    const mate = await engine.setPosition('4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1');
    ok(mate.ok);
    const found = await engine.analyse({ depth: 3 });
    equal(found.bestmove, 'G*5b');
    // A call still pending when the worker is disposed rejects, rather than hang for good.
    const pending = engine.analyse({ infinite: true }).then(() => 'resolved', (error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 100));
    engine.dispose();
    const settled = await Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve('hanging'), 5_000))]);
    equal(settled, 'engine disposed');
  });
});
