/**
 * Western move names. Hodges: P-7f, Bx2b+, B*5e, S-4c= (promotion declined), with the origin
 * (G6i-5h) only when another piece of the same kind could go to the same square by its movement,
 * pinned or not: the rivals that Japanese names count (see rivalsOf in japanese.ts), and
 * shogiops (lishogi) too. A name with the origin is never misread; one without it is ambiguous
 * to a reader that counts the pinned piece. Kitao–Kawasaki is the same with numeric ranks:
 * P-76, Bx22+, B*55.
 */
import type { Position } from '../rules/position.js';
import { fileOf, isDrop, rankOf, type Dimensions, type Move, type Square } from '../rules/types.js';
import { westernLetter } from './letters.js';
import { formatSquare } from './square.js';

export type WesternStyle = 'hodges' | 'kitao-kawasaki';

function squareName(sq: Square, dims: Dimensions, style: WesternStyle): string {
  return style === 'hodges' ? formatSquare(sq, dims) : `${fileOf(sq, dims)}${rankOf(sq, dims)}`;
}

export function formatWesternMove(pos: Position, move: Move, style: WesternStyle = 'hodges'): string {
  const { dims, variant } = pos;
  const to = squareName(move.to, dims, style);
  if (isDrop(move)) return `${westernLetter(move.role, variant)}*${to}`;
  const { board } = pos.setup();
  const role = board[move.from]?.role ?? 'pawn';
  const ambiguous = pos.reachers(move.to).some((sq) => sq !== move.from && board[sq]?.role === role);
  const couldPromote = !move.promotion && pos.legalMoves().some((m) => !isDrop(m) && m.from === move.from && m.to === move.to && m.promotion);
  return westernLetter(role, variant)
    + (ambiguous ? squareName(move.from, dims, style) : '')
    + (board[move.to] ? 'x' : '-')
    + to
    + (move.promotion ? '+' : couldPromote ? '=' : '');
}
