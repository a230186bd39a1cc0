/**
 * Checks a tsume solution independently of the solver, on the rules core: every move legal,
 * every attacker move a check, and the line ends in mate, where a last check that leaves only
 * useless interpositions (drops that are taken with mate) counts as mate. Used by the tsume
 * benches and tests.
 */
import { Position } from '../rules/position.js';
import type { Move } from '../rules/types.js';

/** Why the line is not a solution of a mate in `plies` (undefined: it is one). `uncounted`: the
 * indices of plies shown but not counted (a useless interposition whose capture's mate is the
 * longest defence, and that capture; MateResult.uncounted). Other useless interpositions are not
 * shown, and count in no length, but a line may still be shorter than its
 * length: one read before the length is proven shortest follows the table's proofs, which can be
 * shorter than the one the length came from; and whether an interposition is useless is tested
 * within the ply budget of its node, so a proven length can exceed the longest real defence's
 * line (rare: tsume-dev #110 showed 11 moves for 13 in one of five bench runs). */
export function checkTsumeLine(sfen: string, moves: string[], plies: number, uncounted: number[] = []): string | undefined {
  const pos = Position.fromSfen(sfen);
  if (!pos.ok) return pos.error.message;
  const p = pos.value;
  // Plies shown but not counted come in pairs: the defender's drop, then a capture on its square.
  for (let k = 0; k < uncounted.length; k += 2) {
    const [drop, capture] = [uncounted[k], uncounted[k + 1]];
    if (drop % 2 !== 1 || capture !== drop + 1 || !moves[drop]?.includes('*') || moves[capture]?.slice(2, 4) !== moves[drop].slice(2, 4)) {
      return `moves ${drop + 1} and ${drop + 2} are not a drop and its capture, yet not counted`;
    }
  }
  for (const [i, move] of moves.entries()) {
    if (!p.play(move).ok) return `move ${i + 1} (${move}) is illegal`;
    if (i % 2 === 0 && !p.isCheck()) return `move ${i + 1} (${move}) does not check`;
  }
  const counted = moves.length - uncounted.length;
  if (moves.length % 2 === 0 || !matedAllowingUselessDrops(p, 8)) return 'the line does not end in mate';
  if (counted > plies || (plies - counted) % 2 !== 0) return `${counted} moves for a mate in ${plies}`;
  return undefined;
}

/** Mated, or every reply is a drop that a capture on its square answers with such a mate.
 * Chains of drops between a long-range checker and the king are followed one drop per
 * square (which piece is dropped hardly matters to a capture that mates). */
function matedAllowingUselessDrops(p: Position, depth: number): boolean {
  const squares = new Map<number, Move>();
  for (const reply of p.legalMoves()) {
    if (!('role' in reply) || depth === 0) return false;
    if (!squares.has(reply.to)) squares.set(reply.to, reply);
  }
  for (const reply of squares.values()) {
    p.play(reply);
    const answered = p.legalMoves('checks').some((m) => {
      if ('role' in m || m.to !== reply.to) return false;
      p.play(m);
      const mated = matedAllowingUselessDrops(p, depth - 1);
      p.undo();
      return mated;
    });
    p.undo();
    if (!answered) return false;
  }
  return true;
}
