/**
 * Perft with shogiops 0.18.0 (shogi and minishogi; it has no dobutsu). shogiops has no undo, so
 * each child is a clone. Leaves are bulk counted from the legal destination sets, as our engine
 * and Fairy-Stockfish do, so that nodes per second compare like with like.
 */
import type { MoveOrDrop } from 'shogiops/types';
import type { Position } from 'shogiops/variant/position';
import { parseSfen } from 'shogiops/sfen';
import { makeUsi, parsePieceName } from 'shogiops/util';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';
import type { Variant } from '../../src/rules/types.js';

/** shogiops' names of the variants it has. */
export const RULES = { shogi: 'standard', minishogi: 'minishogi' } as const;

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
export function legalMoves(pos: Position, out?: MoveOrDrop[]): number {
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

/** An independent witness for mate lengths: the shortest mate within `maxPlies` in which the
 * attacker checks on every move and every defence counts (no useless-interposition rule), by
 * iterative deepening; its moves in USI, or undefined when there is none. With `withoutDrops`,
 * no drop counts as a defence (a check answered only by drops mates): the most any convention on
 * useless interpositions could leave out, so no mate then means none under any convention. */
export function rawMate(sfen: string, maxPlies: number, variant: keyof typeof RULES = 'shogi', withoutDrops = false): string[] | undefined {
  const pos = parseSfen(RULES[variant], sfen).unwrap();
  for (let plies = 1; plies <= maxPlies; plies += 2) {
    const line = attackerMates(pos, plies, withoutDrops);
    if (line) return line;
  }
  return undefined;
}

function attackerMates(pos: Position, plies: number, withoutDrops: boolean): string[] | undefined {
  const moves: MoveOrDrop[] = [];
  legalMoves(pos, moves);
  for (const move of moves) {
    const child = pos.clone();
    child.play(move);
    if (!child.isCheck()) continue;
    const rest = defenderMated(child, plies - 1, withoutDrops);
    if (rest) return [makeUsi(move), ...rest];
  }
  return undefined;
}

/** The longest defence when every one is mated within `plies`, else undefined. */
function defenderMated(pos: Position, plies: number, withoutDrops: boolean): string[] | undefined {
  let moves: MoveOrDrop[] = [];
  legalMoves(pos, moves);
  if (withoutDrops) moves = moves.filter((move) => !('role' in move));
  if (moves.length === 0) return [];
  if (plies < 2) return undefined;
  let longest: string[] = [];
  for (const move of moves) {
    const child = pos.clone();
    child.play(move);
    const rest = attackerMates(child, plies - 1, withoutDrops);
    if (!rest) return undefined;
    if (rest.length + 1 > longest.length) longest = [makeUsi(move), ...rest];
  }
  return longest;
}
