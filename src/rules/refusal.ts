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
import { DIMENSIONS, type Dimensions, type HandRole, type Setup, type Square } from './types.js';

/** A move tried: the piece on `from`, or one of the side to move's `drop` from hand, to `to`;
 * without `to`, a piece picked up that has no legal move. */
export interface Attempt {
  from?: Square;
  drop?: HandRole;
  to?: Square;
}

/** Why `attempt` is not a legal move in `pos`, as a sentence; squares are named by `square`
 * (formatSquare's 7f, or the ７六 of Japanese move names). */
export function whyRefused(pos: Position, attempt: Attempt, square: (sq: Square, dims: Dimensions) => string = formatSquare): string {
  const over = pos.outcome();
  if (over) return 'The game is over: no more moves.';
  const before = pos.setup();
  const { variant, turn } = before;
  const dims = DIMENSIONS[variant];
  const { from, drop, to } = attempt;
  const piece = from === undefined ? undefined : before.board[from];
  const role = drop ?? piece?.role;
  if (!role || (piece && piece.color !== turn)) return 'Not a move of the side to move.';
  const name = spokenName(role, variant);
  if (to === undefined) {
    // Picked up with nowhere to go: whatever its movement reaches, the rules refuse.
    const there = from === undefined ? 'in hand' : `on ${square(from, dims)}`;
    if (pos.isCheck()) return `Your king is in check, and the ${name} ${there} cannot answer it.`;
    const reaches = from !== undefined && before.board.some((other, sq) => other?.color !== turn && pos.reachers(sq).includes(from));
    return reaches ? `The ${name} ${there} is pinned: any move of it would leave your king in check.` : `The ${name} ${there} has nowhere to go.`;
  }
  const here = square(to, dims);
  const taken = before.board[to];
  if (taken?.color === turn) return `Your own piece stands on ${here}.`;
  if (drop && taken) return `A piece is dropped on an empty square only: ${here} is taken.`;
  if (drop && before.hands[turn][drop] === 0) return `${turn === 'sente' ? 'Sente' : 'Gote'} has no ${name} in hand.`;
  if (from !== undefined && !pos.reachers(to).includes(from)) {
    return `The ${name} on ${square(from, dims)} cannot move to ${here}.`;
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
  if (!placed.ok && placed.error.rule === 'nifu') return `Two unpromoted pawns of one side on a file are not allowed (nifu).`;
  if (!placed.ok && placed.error.rule === 'dead-piece') return `A ${name} on ${here} could never move again.`;

  // The opponent to move: the mover's king must not be left in check.
  const moved = Position.fromSetup({ ...after, turn: turn === 'sente' ? 'gote' : 'sente' });
  if (!moved.ok && moved.error.rule === 'opponent-in-check') {
    if (role === 'king') return `The king would be in check on ${here}.`;
    if (pos.isCheck()) return 'Your king is in check, and this move does not answer it.';
    return `Moving the ${name} would leave your king in check.`;
  }
  if (moved.ok && drop === 'pawn' && moved.value.outcome()?.reason === 'checkmate') {
    return 'A pawn drop may not give mate (uchifuzume).';
  }
  return `The ${name} cannot go to ${here}.`;
}

/** whyRefused as a clause to follow a colon: "…: the bishop on 8h cannot move to 5e". */
export function refusalClause(...args: Parameters<typeof whyRefused>): string {
  const sentence = whyRefused(...args);
  return sentence[0].toLowerCase() + sentence.slice(1).replace(/\.$/, '');
}
