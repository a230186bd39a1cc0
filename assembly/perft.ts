// Perft: the number of leaf positions at a depth, for checking move generation against
// reference counts. The last ply is counted without being played (bulk counting).
import { generate, countLegal, LEGAL, MOVES } from './movegen';
import { doMove, undoMove } from './position';

export function perft(depth: i32, start: i32): u64 {
  if (depth <= 1) return depth == 1 ? <u64>countLegal(start) : 1;
  const end = generate(LEGAL, start);
  let nodes: u64 = 0;
  for (let i = start; i < end; i++) {
    doMove(unchecked(MOVES[i]));
    nodes += perft(depth - 1, end);
    undoMove();
  }
  return nodes;
}
