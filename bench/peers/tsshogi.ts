/**
 * Perft with tsshogi 2.2.0 (shogi only). tsshogi has no move generator: every from/to pair with
 * and without promotion, and every drop of a piece in hand on every square, is a candidate, kept when its own
 * legality check (isValidMove) accepts it. Leaves are bulk counted, as in the other engines.
 */
import { handPieceTypes, Position, Square, type Move } from 'tsshogi';
import type { Variant } from '../../src/rules/types.js';

export async function perft(variant: Variant, sfen: string, depth: number): Promise<number> {
  if (variant !== 'shogi') throw new Error(`tsshogi has no ${variant}`);
  const pos = Position.newBySFEN(sfen);
  if (!pos) throw new Error(`tsshogi refuses the SFEN ${sfen}`);
  return count(pos, depth);
}

function count(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) {
    pos.doMove(move, { ignoreValidation: true });
    nodes += count(pos, depth - 1);
    pos.undoMove(move);
  }
  return nodes;
}

function legalMoves(pos: Position): Move[] {
  const legal: Move[] = [];
  const keep = (move: Move | null) => {
    if (move && pos.isValidMove(move)) legal.push(move);
  };
  for (const from of Square.all) {
    if (pos.board.at(from)?.color !== pos.color) continue;
    for (const to of Square.all) {
      const move = pos.createMove(from, to);
      keep(move);
      keep(move?.withPromote() ?? null);
    }
  }
  const hand = pos.hand(pos.color);
  for (const type of handPieceTypes) {
    if (hand.count(type) === 0) continue;
    for (const to of Square.all) keep(pos.createMove(type, to));
  }
  return legal;
}
