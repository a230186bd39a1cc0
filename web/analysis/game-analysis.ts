/**
 * The background analysis behind the eval graph: every position of the main line, one after
 * the other, a short fixed search each, in a worker of its own so that the live analysis goes on
 * meanwhile. Scores come back from sente's side, with the main line node they belong to.
 */
import { createEngine, type Engine } from '../../src/engine/client.js';
import { isMoveNode, mainLine, type GameRecord, type Node, type Root } from '../../src/game/index.js';
import { formatUsiMove } from '../../src/notation/usi.js';
import type { Color, Variant } from '../../src/rules/types.js';
import { senteScore, type Score } from '../score.js';

/** Milliseconds per position: a 100-ply game takes about half a minute on two cores. */
export const MOVETIME_MS = 300;
const HASH_MIB = 16;

export class GameAnalysis {
  private engine?: Engine;
  private variant?: Variant;
  private run = 0;

  /**
   * Scores the main line's positions, the start first; `onScore` gets each (its node is
   * `record.root` for the start), `onProgress` the fraction done. Resolves when done or cancelled.
   */
  async analyse(
    record: GameRecord,
    onScore: (node: Root | Node, ply: number, score: Score | undefined) => void,
    onProgress: (fraction: number) => void,
  ): Promise<void> {
    const run = ++this.run;
    const engine = this.engineFor(record.variant);
    const line = mainLine(record).filter(isMoveNode);
    const usi = line.map((node) => formatUsiMove(node.move, record.variant));
    const firstTurn: Color = record.sfen.split(' ')[1] === 'w' ? 'gote' : 'sente';
    await engine.newGame();
    for (let ply = 0; ply <= line.length; ply++) {
      if (run !== this.run) return;
      onProgress(ply / (line.length + 1));
      const set = await engine.setPosition(record.sfen, usi.slice(0, ply));
      if (!set.ok || run !== this.run) return;
      const result = await engine.analyse({ movetime: MOVETIME_MS, multiPV: 1 });
      if (run !== this.run) return;
      const best = result.lines[0];
      const turn: Color = ply % 2 === 0 ? firstTurn : firstTurn === 'sente' ? 'gote' : 'sente';
      onScore(ply === 0 ? record.root : line[ply - 1], ply, best ? senteScore(best.score, turn) : undefined);
    }
    if (run === this.run) onProgress(1);
  }

  async cancel(): Promise<void> {
    this.run++;
    await this.engine?.stop();
  }

  dispose(): void {
    this.run++;
    this.engine?.dispose();
    this.engine = undefined;
  }

  private engineFor(variant: Variant): Engine {
    if (!this.engine || this.variant !== variant) {
      this.engine?.dispose();
      this.engine = createEngine({ variant, hashMiB: HASH_MIB, multiPV: 1 });
      this.variant = variant;
    }
    return this.engine;
  }
}
