/**
 * Scores as the page shows them. The engine scores from the side to move; everything drawn
 * (eval bar, lines, graph) scores from sente's side, so a position reads the same whoever moves.
 */
import type { Score } from '../src/engine/client.js';
import type { Color } from '../src/rules/types.js';

export type { Score };

/**
 * Centipawns at which the winning chance is 1/(1+e⁻¹) ≈ 73%: the logistic scale that Japanese
 * engines (and the win rates floodgate reports) use, 600 since Ponanza.
 */
export const DEFAULT_WIN_CHANCE_SCALE = 600;

/** A score from the side to move's view, turned to sente's. */
export function senteScore(score: Score, turn: Color): Score {
  if (turn === 'sente') return score;
  return 'mate' in score ? { mate: -score.mate } : { cp: -score.cp };
}

/** The score of a game that is over: mate 0 for the winner (sente's 0, gote's -0), or even. */
export function outcomeScore(outcome: { winner?: Color }): Score {
  return outcome.winner === undefined ? { cp: 0 } : { mate: outcome.winner === 'sente' ? 0 : -0 };
}

/** Whether a mate score is sente's: mate 0 (the game won) has a sign too, -0 for gote. */
const senteMates = (mate: number) => mate > 0 || Object.is(mate, 0);

/** Sente's winning chance, 0 to 1: a logistic of the centipawns; 1 or 0 for a forced mate. */
export function winChance(score: Score, scale = DEFAULT_WIN_CHANCE_SCALE): number {
  if ('mate' in score) return senteMates(score.mate) ? 1 : 0;
  return 1 / (1 + Math.exp(-score.cp / scale));
}

export type ScoreStyle = 'japanese' | 'western';

/** "+123", "−45", a mate as "▲詰5" / "△詰5" or "#5" / "#-5" (plies, sente's view), a game won as
 * "▲勝ち" / "△勝ち" or "☗ wins" / "☖ wins". */
export function formatScore(score: Score, style: ScoreStyle = 'western'): string {
  if ('mate' in score) {
    const n = Math.abs(score.mate);
    const sente = senteMates(score.mate);
    if (n === 0) return style === 'japanese' ? `${sente ? '▲' : '△'}勝ち` : `${sente ? '☗' : '☖'} wins`;
    return style === 'japanese' ? `${sente ? '▲' : '△'}詰${n}` : `#${sente ? '' : '-'}${n}`;
  }
  return score.cp > 0 ? `+${score.cp}` : score.cp < 0 ? `−${-score.cp}` : '0';
}
