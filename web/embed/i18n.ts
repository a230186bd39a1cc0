/**
 * The widgets' interface text in Japanese and English, chosen from the element's `lang`, the
 * nearest ancestor's, or the page's.
 */
import type { Reported } from '../errors-ja.js';

export type Lang = 'en' | 'ja';

export function langOf(element: Element): Lang {
  const lang = element.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || navigator.language || 'en';
  return lang.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

const EN = {
  first: 'Start position', previous: 'Previous move', next: 'Next move', last: 'Last move',
  flip: 'Flip board', analyse: 'Analyse', stopAnalysis: 'Stop analysis', moves: 'Moves',
  start: 'Start', loading: 'Loading…', engineLoading: 'Starting the engine…',
  best: 'Best line', comment: 'Comment',
  badSfen: 'This position cannot be shown', badRecord: 'This game record cannot be read',
  missingFile: 'The game record could not be loaded', noRecord: 'No game record was given',
  notLoaded: 'The widget could not load',
  board: 'Board diagram', line: (n: number) => `line ${n}: `,
};

type Text = typeof EN;

const JA: Text = {
  first: '開始局面へ', previous: '一手戻る', next: '一手進む', last: '最終手へ',
  flip: '盤を反転', analyse: '検討', stopAnalysis: '検討を止める', moves: '棋譜',
  start: '開始局面', loading: '読み込み中…', engineLoading: 'エンジンを起動中…',
  best: '読み筋', comment: 'コメント',
  badSfen: 'この局面は表示できません', badRecord: 'この棋譜は読み込めません',
  missingFile: '棋譜ファイルを読み込めませんでした', noRecord: '棋譜がありません',
  notLoaded: '読み込みに失敗しました',
  board: '局面図', line: (n: number) => `${n}行目: `,
};

export function text(lang: Lang): Text {
  return lang === 'ja' ? JA : EN;
}

/** Why input was refused, after the line it is on, in `lang`: src/ says it in English, and a
 * Japanese widget loads the Japanese (errors-ja.ts, a chunk of its own) when it has one to show,
 * an English one the reason a move is illegal (errors-en.ts); src/'s words stand where the host
 * does not serve those chunks. */
export async function errorText(lang: Lang, error: Reported): Promise<string> {
  const words = await (lang === 'ja' ? import('../errors-ja.js').then((m) => m.japaneseError) : import('../errors-en.js').then((m) => m.englishError))
    .catch(() => undefined);
  return (error.line ? text(lang).line(error.line) : '') + (words ? words(error) : error.message);
}
