/**
 * The background analysis behind the eval graph: every position of the main line, one after
 * the other, a short fixed search each, in a worker of its own so that the live analysis goes on
 * meanwhile. Scores come back from sente's side, with the main line node they belong to.
 */
import { createEngine, type Engine } from '../../src/engine/client.js';
import { isMoveNode, mainLine, mainLinePath, positionAt, type GameRecord, type Node, type Root } from '../../src/game/index.js';
import { formatUsiMove } from '../../src/notation/usi.js';
import { opponent, type Color, type Variant } from '../../src/rules/types.js';
import { outcomeScore, senteScore, type Score } from '../score.js';

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
   * The main line is read again before each position: moves the user plays, deletes or promotes
   * meanwhile change the record in place, and a list taken at the start left moves played at
   * the end unscored and went on searching moves deleted.
   */
  async analyse(
    record: GameRecord,
    onScore: (node: Root | Node, ply: number, score: Score | undefined) => void,
    onProgress: (fraction: number) => void,
  ): Promise<void> {
    const run = ++this.run;
    const engine = this.engineFor(record.variant);
    const firstTurn: Color = record.sfen.split(' ')[1] === 'w' ? 'gote' : 'sente';
    const done = new WeakSet<Root | Node>();
    await engine.newGame();
    for (;;) {
      if (run !== this.run) return;
      const line = mainLine(record).filter(isMoveNode);
      const nodes = [record.root, ...line];
      const ply = nodes.findIndex((node) => !done.has(node));
      if (ply < 0) break;
      onProgress(nodes.filter((node) => done.has(node)).length / nodes.length);
      // A game the rules ended here (a repetition, perpetual check) scores as its result, as the
      // eval bar shows it: the engine searches such a position on (a draw's end graphed +61, a
      // perpetual check's sente's mate).
      const here = positionAt(record, mainLinePath(record).slice(0, ply));
      const outcome = here.ok ? here.value.outcome() : undefined;
      if (outcome) {
        done.add(nodes[ply]);
        onScore(nodes[ply], ply, outcomeScore(outcome));
        continue;
      }
      const usi = line.slice(0, ply).map((node) => formatUsiMove(node.move, record.variant));
      const set = await engine.setPosition(record.sfen, usi);
      if (!set.ok || run !== this.run) return;
      const result = await engine.analyse({ movetime: MOVETIME_MS, multiPV: 1 });
      if (run !== this.run) return;
      done.add(nodes[ply]);
      const best = result.lines[0];
      const turn: Color = ply % 2 === 0 ? firstTurn : opponent(firstTurn);
      // No line where the game is over: the side to move has lost (no legal move, a lion taken
      // or a try: 'resign') or wins by declaration ('win'), which the graph shows as mate 0.
      const over = result.error ? undefined : result.bestmove === 'resign' ? { mate: -0 } : result.bestmove === 'win' ? { mate: 0 } : undefined;
      const score = best?.score ?? over;
      onScore(nodes[ply], ply, score && senteScore(score, turn));
    }
    onProgress(1);
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
