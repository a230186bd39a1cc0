/**
 * The tsume player's own interface text, which only its chunk loads: the viewers' page loads
 * i18n.ts, and these words are not for it.
 */
import { REFUSAL_WORDS } from '../../src/rules/refusal.js';
import { REFUSAL_JA } from '../refusal-ja.js';
import type { Lang } from './i18n.js';

const EN = {
  noProblem: 'No problem was given: the sfen attribute is empty.',
  tsumeIntro: (plies: number, shortest: boolean) => `Mate in ${plies}${shortest ? '' : ' or fewer (the solver ran out of time looking for a shorter one)'}. You are the attacker: every move must check.`,
  yourMove: 'Your move: give check.',
  /** Sentences said one after the other: apart by a space in English, none in Japanese. */
  sentences: (parts: string[]) => parts.join(' '),
  /** What the solver says of the problem as it took it (the defender's hand completed…). */
  note: (note: string) => `Note: ${note}.`,
  notCheck: 'That move is not check. Every move in tsume must check.',
  notMating: 'That check does not lead to mate.',
  defended: (name: string) => `The defender answers ${name}.`,
  solved: (plies: number) => `Solved: mate in ${plies}!`,
  solvedLonger: (plies: number, known: number, shortest: boolean) => `Mate in ${plies}: solved, though ${shortest ? `the shortest mate takes ${known}` : `a mate in ${known} exists`}.`,
  solving: (seconds: number) => `The solver is reading the problem… ${seconds} s`,
  thinking: 'The defender is thinking…',
  hint: 'Hint', solution: 'Show solution', reset: 'Reset', takeBack: 'Take back',
  hintText: (name: string) => `Try ${name}.`,
  solutionText: 'Solution:',
  noMate: 'The solver finds no mate in this position.',
  cannotSolve: 'This problem cannot be solved',
  unknownMate: 'The solver could not decide this problem in time.',
  refusal: REFUSAL_WORDS,
};

const JA: typeof EN = {
  noProblem: '問題がありません（sfen 属性が空です）。',
  tsumeIntro: (plies: number, shortest: boolean) => `${shortest ? `${plies}手詰` : `${plies}手以内の詰み（より短い詰みは時間内に調べきれませんでした）`}。攻方を持って王手を続けてください。`,
  yourMove: 'あなたの番です。王手をかけてください。',
  sentences: (parts: string[]) => parts.join(''),
  note: (note: string) => `※${note}。`, // not in brackets: the note has its own (飛1枚・…)
  notCheck: 'その手は王手ではありません。詰将棋では毎手王手です。',
  notMating: 'その王手では詰みません。',
  defended: (name: string) => `玉方の応手は${name}。`,
  solved: (plies: number) => `正解！${plies}手詰です。`,
  solvedLonger: (plies: number, known: number, shortest: boolean) => `${plies}手で詰みました（${shortest ? `最短は${known}手詰` : `${known}手の詰みもあります`}）。`,
  solving: (seconds: number) => `問題を解いています… ${seconds}秒`,
  thinking: '玉方が考えています…',
  hint: 'ヒント', solution: '解答を見る', reset: '最初から', takeBack: '一手戻す',
  hintText: (name: string) => `${name}を考えてみましょう。`,
  solutionText: '解答：',
  noMate: 'この局面に詰みは見つかりません。',
  cannotSolve: 'この問題は解けません',
  unknownMate: '時間内に解けませんでした。',
  refusal: REFUSAL_JA,
};

export function tsumeText(lang: Lang): typeof EN {
  return lang === 'ja' ? JA : EN;
}
