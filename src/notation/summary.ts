/**
 * How a KIF or KI2 line says a game ended: the ending's word (投了) and the summary line after it
 * (まで76手で先手の勝ち). Apart from kakinoki.ts, so that the game viewer, which says how a game
 * ended in these words, does not load every record reader with them.
 */
import { isHandicap, isHandicapName, namedStartOf } from '../game/handicap.js';
import { HEADER, headerValue, type GameRecord, type Special } from '../game/record.js';
import { opponent, type Color } from '../rules/types.js';

/** The words written for the endings: Kifu for Windows' where it has one; a draw declared or by
 * the move limit (CSA %HIKIWAKE, %MAX_MOVES) is 持将棋 as ShogiHome writes it, KIF having no other
 * word; トライ is ShogiHome's; 待った and エラー (CSA %MATTA, %ERROR) are the CSA standard's glosses. */
export const KIF_SPECIALS: Record<Special, string> = {
  resign: '投了', interrupt: '中断', sennichite: '千日手', jishogi: '持将棋', 'entering-king': '入玉勝ち',
  'time-up': '切れ負け', 'illegal-win': '反則勝ち', 'illegal-loss': '反則負け', mate: '詰み', 'no-mate': '不詰',
  draw: '持将棋', 'max-moves': '持将棋', matta: '待った', 'win-by-default': '不戦勝', 'loss-by-default': '不戦敗',
  try: 'トライ', error: 'エラー',
};

/** Whether the players are 下手 and 上手: in a game from a standard handicap, or from a diagram
 * whose 手合割 names a handicap (その他). */
export function handicapPlayers(record: GameRecord): boolean {
  const named = namedStartOf(record.sfen);
  const header = headerValue(record, HEADER.handicap);
  const diagram = named === undefined || named.variant !== record.variant;
  return isHandicap(record.sfen) || (diagram && header !== undefined && isHandicapName(header));
}

/** `まで76手で先手の勝ち`: how a line ended, in the words KI2 relies on (KIF repeats them). */
export function summary(special: Special, moves: number, toMove: Color, handicap: boolean): string {
  const name = (c: Color) => (c === 'sente' ? (handicap ? '下手' : '先手') : handicap ? '上手' : '後手');
  const other = name(opponent(toMove));
  const words: Partial<Record<Special, string>> = {
    resign: `${other}の勝ち`,
    'time-up': `時間切れにより${other}の勝ち`,
    'illegal-win': `${name(toMove)}の反則勝ち`,
    'illegal-loss': `${name(toMove)}の反則負け`,
    'entering-king': `${name(toMove)}の入玉勝ち`,
  };
  return `まで${moves}手で${words[special] ?? KIF_SPECIALS[special]}`;
}

