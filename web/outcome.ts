import { SIDE_NAMES_JA } from '../src/notation/japanese.js';
import type { Outcome } from '../src/rules/position.js';
import { resultText } from './ending.js';
import type { Lang } from './embed/i18n.js';

const OUTCOME_TEXT: Record<Outcome['reason'], string> = {
  checkmate: 'Checkmate',
  'no-moves': 'No legal moves',
  repetition: 'Repetition (sennichite)',
  'perpetual-check': 'Perpetual check',
  'lion-captured': 'Lion captured',
  try: 'Try (the lion reached the far rank)',
  declaration: 'Impasse declaration',
  impasse: 'Impasse (jishogi)',
};

/** The same in Japanese (dobutsu's キャッチ and トライ as its rules name them). */
export const OUTCOME_JA: Record<Outcome['reason'], string> = {
  checkmate: '詰み',
  'no-moves': '指せる手なし',
  repetition: '千日手',
  'perpetual-check': '連続王手の千日手',
  'lion-captured': 'キャッチ（ライオンを取られた）',
  try: 'トライ（ライオンが最奥の段に入った）',
  declaration: '入玉宣言',
  impasse: '持将棋',
};

/** "Checkmate — sente wins", "Repetition (sennichite) — draw"; 詰み — 先手の勝ち in Japanese. */
export function outcomeText(outcome: Outcome, lang: Lang = 'en'): string {
  if (lang !== 'ja') return resultText(OUTCOME_TEXT[outcome.reason], outcome.winner);
  return `${OUTCOME_JA[outcome.reason]} — ${outcome.winner ? `${SIDE_NAMES_JA[outcome.winner]}の勝ち` : '引き分け'}`;
}
