/**
 * The widgets' interface text in Japanese and English, chosen from the element's `lang`, the
 * nearest ancestor's, or the page's.
 */
export type Lang = 'en' | 'ja';

export function langOf(element: Element): Lang {
  const lang = element.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || navigator.language || 'en';
  return lang.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

const EN = {
  first: 'First move', previous: 'Previous move', next: 'Next move', last: 'Last move',
  flip: 'Flip board', analyse: 'Analyse', stopAnalysis: 'Stop analysis', moves: 'Moves',
  start: 'Start', loading: 'Loading…', engineLoading: 'Starting the engine…',
  best: 'Best line', comment: 'Comment',
  badSfen: 'This position cannot be shown', badRecord: 'This game record cannot be read',
  missingFile: 'The game record could not be loaded', noRecord: 'No game record was given',
  notLoaded: 'The widget could not load',
  noProblem: 'No problem was given: the sfen attribute is empty.',
  tsumeIntro: (plies: number) => `Mate in ${plies}. You are the attacker: every move must check.`,
  yourMove: 'Your move: give check.',
  notCheck: 'That move is not check. Every move in tsume must check.',
  notMating: 'That check no longer leads to mate.',
  defended: (name: string) => `The defender answers ${name}.`,
  solved: (plies: number) => `Solved: mate in ${plies}!`,
  solvedLonger: (plies: number, shortest: number) => `Mate in ${plies}: solved, though the shortest mate takes ${shortest}.`,
  solving: (seconds: number) => `The solver is reading the problem… ${seconds} s`,
  thinking: 'The defender is thinking…',
  hint: 'Hint', solution: 'Show solution', reset: 'Reset', takeBack: 'Take back',
  hintText: (name: string) => `Try ${name}.`,
  solutionText: 'Solution',
  noMate: 'The solver finds no mate in this position.',
  unknownMate: 'The solver could not decide this problem in time.',
  board: 'Board diagram',
};

type Text = typeof EN;

const JA: Text = {
  first: '初手へ', previous: '一手戻る', next: '一手進む', last: '最終手へ',
  flip: '盤を反転', analyse: '検討', stopAnalysis: '検討を止める', moves: '棋譜',
  start: '開始局面', loading: '読み込み中…', engineLoading: 'エンジンを起動中…',
  best: '読み筋', comment: 'コメント',
  badSfen: 'この局面は表示できません', badRecord: 'この棋譜は読み込めません',
  missingFile: '棋譜ファイルを読み込めませんでした', noRecord: '棋譜がありません',
  notLoaded: '読み込みに失敗しました',
  noProblem: '問題がありません（sfen 属性が空です）。',
  tsumeIntro: (plies: number) => `${plies}手詰。攻方を持って王手を続けてください。`,
  yourMove: 'あなたの番です。王手をかけてください。',
  notCheck: 'その手は王手ではありません。詰将棋では毎手王手です。',
  notMating: 'その王手では詰みません。',
  defended: (name: string) => `玉方の応手は${name}。`,
  solved: (plies: number) => `正解！${plies}手詰です。`,
  solvedLonger: (plies: number, shortest: number) => `${plies}手で詰みました（最短は${shortest}手詰）。`,
  solving: (seconds: number) => `問題を解いています… ${seconds}秒`,
  thinking: '玉方が考えています…',
  hint: 'ヒント', solution: '解答を見る', reset: '最初から', takeBack: '一手戻す',
  hintText: (name: string) => `${name}を考えてみましょう。`,
  solutionText: '解答',
  noMate: 'この局面に詰みは見つかりません。',
  unknownMate: '時間内に解けませんでした。',
  board: '局面図',
};

export function text(lang: Lang): Text {
  return lang === 'ja' ? JA : EN;
}
