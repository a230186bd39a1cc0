/**
 * Why a move is not legal, in Japanese (whyRefused's sentences, src/rules/refusal.ts); squares come
 * as ７六. Said by the tsume player to a move it refuses, and by a Japanese page's error for an
 * illegal move in a record (errors-ja.ts).
 */
import type { RefusalWords } from '../src/rules/refusal.js';
import { japanesePieceName } from '../src/notation/japanese.js';

export const REFUSAL_JA: RefusalWords = {
  name: japanesePieceName,
  over: '対局は終わっています。',
  notTurn: (sente: boolean) => `${sente ? '先手' : '後手'}の手番です。`,
  inHand: '持駒の',
  on: (sq) => `${sq}の`,
  checkUnanswered: (name, there) => `王手がかかっています。${there}${name}では王手を防げません。`,
  pinned: (name, there) => `${there}${name}は動かせません。動かすと玉に王手がかかります。`,
  stuck: (name, there) => `${there}${name}は動ける場所がありません。`,
  own: (here) => `${here}には自分の駒があります。`,
  dropOnPiece: (here) => `駒は空いている升にしか打てません。${here}には駒があります。`,
  noneInHand: (sente, name) => `${sente ? '先手' : '後手'}の持駒に${name}はありません。`,
  cannotReach: (name, from, here) => `${from}の${name}は${here}へ動けません。`,
  nifu: '二歩です。同じ筋に成っていない歩を二枚置けません。',
  dead: (name, here) => `${here}の${name}は二度と動けません（行き所のない駒）。`,
  kingInCheck: (here) => `${here}では玉に王手がかかります。`,
  checkNotAnswered: '王手がかかっています。この手では王手を防げません。',
  leavesCheck: (name) => `その${name}を動かすと玉に王手がかかります。`,
  uchifuzume: '打ち歩詰めです。歩を打って詰ますことはできません。',
  cannotGo: (name, here) => `${name}は${here}へ行けません。`,
  mustPromote: (name, here) => `${name}は${here}で成らなければなりません。`,
};
