/**
 * Perft with shogiops 0.18.0 (shogi and minishogi; it has no dobutsu). shogiops has no undo, so
 * each child is a clone. Leaves are bulk counted from the legal destination sets, as our engine
 * and Fairy-Stockfish do, so that nodes per second compare like with like.
 */
import type { MoveOrDrop } from 'shogiops/types';
import type { Position } from 'shogiops/variant/position';
import { parseSfen } from 'shogiops/sfen';
import { parsePieceName } from 'shogiops/util';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';
import type { Variant } from '../../src/rules/types.js';

const RULES = { shogi: 'standard', minishogi: 'minishogi' } as const;

export async function perft(variant: Variant, sfen: string, depth: number): Promise<number> {
  if (variant === 'dobutsu') throw new Error('shogiops has no dobutsu');
  return count(parseSfen(RULES[variant], sfen).unwrap(), depth);
}

function count(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  if (depth === 1) return legalMoves(pos);
  const moves: MoveOrDrop[] = [];
  legalMoves(pos, moves);
  let nodes = 0;
  for (const move of moves) {
    const child = pos.clone();
    child.play(move);
    nodes += count(child, depth - 1);
  }
  return nodes;
}

/** Counts the legal moves and, given `out`, lists them. Promotion and non-promotion are two
 * moves wherever both are legal. */
function legalMoves(pos: Position, out?: MoveOrDrop[]): number {
  const ctx = pos.ctx();
  const canPromote = pieceCanPromote(pos.rules);
  const mustPromote = pieceForcePromote(pos.rules);
  let n = 0;
  for (const [from, dests] of pos.allMoveDests(ctx)) {
    const piece = pos.board.get(from)!;
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) {
        n++;
        out?.push({ from, to, promotion: true });
      }
      if (!mustPromote(piece, to)) {
        n++;
        out?.push({ from, to });
      }
    }
  }
  for (const [name, dests] of pos.allDropDests(ctx)) {
    const role = parsePieceName(name).role;
    for (const to of dests) {
      n++;
      out?.push({ role, to });
    }
  }
  return n;
}
