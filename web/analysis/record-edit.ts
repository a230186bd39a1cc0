/**
 * Changes the analysis page makes to its record: a move played where the user stands (a new
 * variation unless the move is already there), a variation promoted or deleted. Paths are child
 * indices from the start (src/game/tree.ts).
 */
import {
  isMoveNode, moveNode, nodeAt, promoteVariation, type GameRecord, type Node, type Parent, type Path,
} from '../../src/game/index.js';
import { encodeMove } from '../../src/rules/position.js';
import type { Move } from '../../src/rules/types.js';

/** The path of the node the next move continues from: an ending hands over to its parent. */
function parentPathAt(record: GameRecord, path: Path): Path {
  const node = nodeAt(record, path);
  return node && 'special' in node ? path.slice(0, -1) : path;
}

/** Plays `move` after the node at `path` and returns the new node's path. */
export function playAt(record: GameRecord, path: Path, move: Move): Path {
  const at = parentPathAt(record, path);
  const parent = nodeAt(record, at) as Parent;
  const code = encodeMove(move);
  const existing = parent.children.findIndex((child) => isMoveNode(child) && encodeMove(child.move) === code);
  if (existing >= 0) return [...at, existing];
  parent.children.push(moveNode(move));
  return [...at, parent.children.length - 1];
}

/** The moves from the start to the node at `path` (an ending adds none). */
export function movesTo(record: GameRecord, path: Path): Move[] {
  const moves: Move[] = [];
  let at: Parent = record.root;
  for (const index of path) {
    const node: Node | undefined = at.children[index];
    if (!node || !isMoveNode(node)) break;
    moves.push(node.move);
    at = node;
  }
  return moves;
}

/** Removes the node at `path` and everything after it; returns its parent's path and the node. */
export function deleteAt(record: GameRecord, path: Path): { path: Path; removed?: Node } {
  if (path.length === 0) return { path };
  const parentPath = path.slice(0, -1);
  const parent = nodeAt(record, parentPath) as Parent;
  const [removed] = parent.children.splice(path[path.length - 1], 1);
  return { path: parentPath, removed };
}

/** Puts back at `path` the node deleteAt removed from there, the record unchanged since. */
export function restoreAt(record: GameRecord, path: Path, node: Node): void {
  (nodeAt(record, path.slice(0, -1)) as Parent).children.splice(path[path.length - 1], 0, node);
}

/**
 * Makes the deepest variation the node at `path` lies in the main continuation of its branch
 * point; returns the node's path afterwards (undefined when it was on the main line already).
 */
export function promoteAt(record: GameRecord, path: Path): Path | undefined {
  let depth = -1;
  path.forEach((index, i) => { if (index !== 0) depth = i; });
  if (depth < 0) return undefined;
  promoteVariation(nodeAt(record, path.slice(0, depth)) as Parent, path[depth]);
  return [...path.slice(0, depth), 0, ...path.slice(depth + 1)];
}

/** The main line's ply of the node at `path`, or undefined when it is in a variation. */
export function mainLinePly(path: Path): number | undefined {
  return path.every((index) => index === 0) ? path.length : undefined;
}
