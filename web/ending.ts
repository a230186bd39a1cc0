/**
 * How a game ended, in the few words a game viewer shows in English (the analysis page names the
 * rule too: outcome.ts). Apart from outcome.ts, so that the viewers' page does not load every
 * outcome's name.
 */
import type { Special } from '../src/game/record.js';
import type { Outcome } from '../src/rules/position.js';
import { opponent, type Color } from '../src/rules/types.js';

/** Who wins by each ending a record may give, from the side to move when it was recorded
 * (record.ts: a resignation is the side to move's, KIF's 反則勝ち theirs). The others (an
 * interrupted game, a takeback, an error) decide nothing. */
const MOVER_WINS: readonly Special[] = ['illegal-win', 'entering-king', 'win-by-default'];
const OTHER_WINS: readonly Special[] = ['resign', 'time-up', 'illegal-loss', 'mate', 'loss-by-default', 'try'];
const DRAWS: readonly Special[] = ['sennichite', 'jishogi', 'draw', 'max-moves'];

/** "Game over — sente wins" for a line the record ends with `special`, `toMove` to move: the
 * ending's own word is the last of the moves shown. Undefined when it decides nothing. */
export function endingText(special: Special, toMove: Color): string | undefined {
  const other = opponent(toMove);
  const winner = MOVER_WINS.includes(special) ? toMove : OTHER_WINS.includes(special) ? other : undefined;
  return winner || DRAWS.includes(special) ? resultText('Game over', winner) : undefined;
}

export function resultText(label: string, winner?: Color): string {
  return `${label} — ${winner ? `${winner} wins` : 'draw'}`;
}

/** The record's word for a game the rules ended on the board, for its summary line (まで76手で
 * 先手の勝ち): a side to move with no way on (mated, its lion taken or tried) loses as a player who
 * resigns does, a perpetual checker by a foul, a declaration wins as 入玉勝ち. */
export const OUTCOME_SPECIAL: Record<Outcome['reason'], Special> = {
  checkmate: 'resign', 'no-moves': 'resign', 'lion-captured': 'resign', try: 'resign',
  repetition: 'sennichite', 'perpetual-check': 'illegal-win', declaration: 'entering-king', impasse: 'jishogi',
};
