/**
 * Why a move the user tried is not legal, in words: a board offers only legal moves, and a
 * piece that will not go where it was put should say why (nifu, a pawn drop that mates, a king
 * left in check). No rule is written again here: the position the move would leave is built as
 * data and handed to the rules core, whose refusal names the rule; what a piece's movement
 * allows is asked of the rules core too (Position.reachers).
 */
import { spokenName } from '../notation/letters.js';
import { unpromoted } from '../notation/promotion.js';
import { formatSquare } from '../notation/square.js';
import { Position } from './position.js';
import { DIMENSIONS, isDrop, opponent, type Dimensions, type HandRole, type Move, type Role, type Setup, type Square, type Variant } from './types.js';

/** A move tried: the piece on `from`, or one of the side to move's `drop` from hand, to `to`;
 * without `to`, a piece picked up that has no legal move. */
export interface Attempt {
  from?: Square;
  drop?: HandRole;
  to?: Square;
}

/** The attempt that is `move`, for whyRefused: a move a record gives, which the rules refused. */
export function attemptOf(move: Move): Attempt {
  return isDrop(move) ? { drop: move.role, to: move.to } : { from: move.from, to: move.to };
}

/** The sentences whyRefused says, in English; a page in another language gives its own (the
 * Japanese of the tsume player and of a Japanese page's record errors, web/refusal-ja.ts). `there`
 * is `inHand` or `on(square)`. */
export const REFUSAL_WORDS = {
  name: (role: Role, variant: Variant) => spokenName(role, variant),
  over: 'The game is over: no more moves.',
  notTurn: (sente: boolean) => `It is ${sente ? 'sente' : 'gote'}'s turn.`,
  inHand: 'in hand',
  on: (sq: string) => `on ${sq}`,
  checkUnanswered: (name: string, there: string) => `Your king is in check, and the ${name} ${there} cannot answer it.`,
  pinned: (name: string, there: string) => `The ${name} ${there} is pinned: any move of it would leave your king in check.`,
  stuck: (name: string, there: string) => `The ${name} ${there} has nowhere to go.`,
  own: (here: string) => `Your own piece stands on ${here}.`,
  dropOnPiece: (here: string) => `A piece is dropped on an empty square only: ${here} is taken.`,
  noneInHand: (sente: boolean, name: string) => `${sente ? 'Sente' : 'Gote'} has no ${name} in hand.`,
  cannotReach: (name: string, from: string, here: string) => `The ${name} on ${from} cannot move to ${here}.`,
  nifu: 'Two unpromoted pawns of one side on a file are not allowed (nifu).',
  dead: (name: string, here: string) => `A ${name} on ${here} could never move again.`,
  kingInCheck: (here: string) => `The king would be in check on ${here}.`,
  checkNotAnswered: 'Your king is in check, and this move does not answer it.',
  leavesCheck: (name: string) => `Moving the ${name} would leave your king in check.`,
  uchifuzume: 'A pawn drop may not give mate (uchifuzume).',
  cannotGo: (name: string, here: string) => `The ${name} cannot go to ${here}.`,
  mustPromote: (name: string, here: string) => `The ${name} must promote on ${here}.`,
};
export type RefusalWords = typeof REFUSAL_WORDS;

/** Why `attempt` is not a legal move in `pos`, as a sentence in `words`; squares are named by
 * `square` (formatSquare's 7f, or the ７六 of Japanese move names). */
export function whyRefused(pos: Position, attempt: Attempt, square: (sq: Square, dims: Dimensions) => string = formatSquare, words: RefusalWords = REFUSAL_WORDS): string {
  const w = words;
  const over = pos.outcome();
  if (over) return w.over;
  const before = pos.setup();
  const { variant, turn } = before;
  const dims = DIMENSIONS[variant];
  const { from, drop, to } = attempt;
  const piece = from === undefined ? undefined : before.board[from];
  const role = drop ?? piece?.role;
  if (!role || (piece && piece.color !== turn)) return w.notTurn(turn === 'sente');
  const name = w.name(role, variant);
  if (to === undefined) {
    // Picked up with nowhere to go: whatever its movement reaches, the rules refuse.
    const there = from === undefined ? w.inHand : w.on(square(from, dims));
    if (pos.isCheck()) return w.checkUnanswered(name, there);
    const reaches = from !== undefined && before.board.some((other, sq) => other?.color !== turn && pos.reachers(sq).includes(from));
    return reaches ? w.pinned(name, there) : w.stuck(name, there);
  }
  const here = square(to, dims);
  const taken = before.board[to];
  if (taken?.color === turn) return w.own(here);
  if (drop && taken) return w.dropOnPiece(here);
  if (drop && before.hands[turn][drop] === 0) return w.noneInHand(turn === 'sente', name);
  if (from !== undefined && !pos.reachers(to).includes(from)) {
    return w.cannotReach(name, square(from, dims), here);
  }

  // The position the move would leave, as data (promotion aside: the board asks about it).
  const board = [...before.board];
  const hands = { sente: { ...before.hands.sente }, gote: { ...before.hands.gote } };
  if (drop) hands[turn][drop]--;
  else if (from !== undefined) board[from] = undefined;
  if (taken) {
    const base = unpromoted(taken.role);
    if (base !== 'king') hands[turn][base]++;
  }
  board[to] = { color: turn, role };
  const after: Setup = { variant, board, hands, turn, moveNumber: 1 };

  // Pieces as they would stand, the mover still to move: nifu and dead pieces.
  const placed = Position.fromSetup(after);
  if (!placed.ok && placed.error.rule === 'nifu') return w.nifu;
  if (!placed.ok && placed.error.rule === 'dead-piece') return w.dead(name, here);

  // The opponent to move: the mover's king must not be left in check.
  const moved = Position.fromSetup({ ...after, turn: opponent(turn) });
  if (!moved.ok && moved.error.rule === 'opponent-in-check') {
    if (role === 'king') return w.kingInCheck(here);
    if (pos.isCheck()) return w.checkNotAnswered;
    return w.leavesCheck(name);
  }
  if (moved.ok && drop === 'pawn' && moved.value.outcome()?.reason === 'checkmate') {
    return w.uchifuzume;
  }
  // A move the rules allow only as a promotion (dobutsu's chick reaching the far rank, where a
  // chick may yet stand, dropped).
  if (from !== undefined && pos.isLegal({ from, to, promotion: true })) return w.mustPromote(name, here);
  return w.cannotGo(name, here);
}

/** whyRefused as a clause to follow a colon: "…: the bishop on 8h cannot move to 5e". */
export function refusalClause(...args: Parameters<typeof whyRefused>): string {
  const sentence = whyRefused(...args);
  return sentence[0].toLowerCase() + sentence.slice(1).replace(/\.$/, '');
}
