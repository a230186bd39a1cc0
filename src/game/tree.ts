/**
 * Moving about a record's tree. Positions come from replaying moves through Position, so a
 * record assembled by hand is checked the moment anyone asks for a position in it.
 */
import { parseSfen } from '../notation/sfen.js';
import { Position } from '../rules/position.js';
import { fail, ok, type Result } from '../rules/types.js';
import { isMoveNode, type GameRecord, type MoveNode, type Node, type Parent, type Root } from './record.js';

/** Child indices from the root down to a node; [] is the root. */
export type Path = number[];

export function startPosition(record: GameRecord): Result<Position> {
  return Position.fromSfen(record.sfen, record.variant);
}

/** The moves the start says came before it (a diagram part way through a game, 手数＝30; an
 * SFEN's move number, 31): a record may count them in its move numbers, and a viewer does. */
export function movesBeforeStart(record: GameRecord): number {
  const start = parseSfen(record.sfen, record.variant);
  return start.ok ? start.value.moveNumber - 1 : 0;
}

/** The nodes of the main line, first children all the way down (an ending included). */
export function mainLine(record: GameRecord): Node[] {
  const line: Node[] = [];
  for (let node: Node | undefined = record.root.children[0]; node; node = isMoveNode(node) ? node.children[0] : undefined) {
    line.push(node);
  }
  return line;
}

/** The path of the main line's last node. */
export function mainLinePath(record: GameRecord): Path {
  return mainLine(record).map(() => 0);
}

export function nodeAt(record: GameRecord, path: Path): Root | Node | undefined {
  let at: Root | Node = record.root;
  for (const index of path) {
    if (!('children' in at)) return undefined;
    const next: Node | undefined = at.children[index];
    if (!next) return undefined;
    at = next;
  }
  return at;
}

/** The position after the node at `path` (an ending leaves the position as it was). */
export function positionAt(record: GameRecord, path: Path): Result<Position> {
  const start = startPosition(record);
  if (!start.ok) return start;
  const pos = start.value;
  let at: Parent = record.root;
  for (const [depth, index] of path.entries()) {
    const node: Node | undefined = at.children[index];
    if (!node) return fail({ code: 'no-such-node', message: `no child ${index} at depth ${depth}` });
    if (!isMoveNode(node)) return depth === path.length - 1 ? ok(pos) : fail({ code: 'no-such-node', message: 'a line ends before the path does' });
    const played = pos.play(node.move);
    if (!played.ok) return played;
    at = node;
  }
  return ok(pos);
}

/**
 * Visits every node depth first, each with the position before its move and its path. The
 * position is reused: read it during the visit, clone it to keep it. Stops at the first move
 * the rules refuse.
 */
export function walk(record: GameRecord, visit: (node: Node, before: Position, path: Path) => void): Result<void> {
  const start = startPosition(record);
  if (!start.ok) return start;
  const pos = start.value;
  const path: Path = [];
  const down = (parent: Parent): Result<void> => {
    for (const [index, node] of parent.children.entries()) {
      path.push(index);
      visit(node, pos, path);
      if (isMoveNode(node)) {
        const played = pos.play(node.move);
        if (!played.ok) return played;
        const below = down(node);
        pos.undo();
        if (!below.ok) return below;
      }
      path.pop();
    }
    return ok(undefined);
  };
  return down(record.root);
}

/** How many variations the record has: alternatives to a move, anywhere in the tree. */
export function variationCount(parent: Parent): number {
  return parent.children.reduce((n, child) => n + (isMoveNode(child) ? variationCount(child) : 0), Math.max(0, parent.children.length - 1));
}

/** Adds `node` after `parent`: as the continuation when there is none, else as a variation. */
export function addVariation<N extends Node>(parent: Parent, node: N): N {
  parent.children.push(node);
  return node;
}

/** Makes the variation at `index` the main continuation of `parent`, keeping the others' order. */
export function promoteVariation(parent: Parent, index: number): void {
  const [node] = parent.children.splice(index, 1);
  if (node) parent.children.unshift(node);
}

export function moveNode(move: MoveNode['move']): MoveNode {
  return { move, comments: [], children: [] };
}
