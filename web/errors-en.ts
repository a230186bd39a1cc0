/**
 * Why a record's move is illegal, for an English widget: the readers alone say only that it is
 * (the game viewers load them, and no more, to stay small). A chunk of its own, loaded when a
 * viewer has an error to show, as errors-ja.ts is for a Japanese one, which finds the move here.
 */
import { refusalIn } from '../src/game/builder.js';
import { formatUsiMove } from '../src/notation/usi.js';
import { attemptOf, refusalClause } from '../src/rules/refusal.js';
import type { Reported } from './errors-ja.js';

/** The move an error reports the rules refused, with the position it was tried in. */
export function refusedMove(error: Reported): ReturnType<typeof refusalIn> {
  if (error.code !== 'illegal-move') return undefined;
  const refused = refusalIn(error.record);
  // The builder keeps the record's last refusal, which may be a foul move read before this one.
  const usi = /^(\S+) is not a legal move here/.exec(error.message)?.[1];
  return refused && usi === formatUsiMove(refused.move, refused.position.variant) ? refused : undefined;
}

export function englishError(error: Reported): string {
  const refused = refusedMove(error);
  // A message that says why already (records.ts, for the analysis board) stays as it is.
  if (!refused || !error.message.endsWith(' is not a legal move here')) return error.message;
  return `${error.message}: ${refusalClause(refused.position, attemptOf(refused.move))}`;
}
