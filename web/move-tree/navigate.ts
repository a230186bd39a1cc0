/**
 * Where the record's keys take the cursor: ←/→ one move back and forward along the line,
 * ↑/↓ to the previous or next variation of the current move, Home and End to the start and to
 * the end of the line. Shared by the move tree and the page, which both answer these keys.
 */
import { isMoveNode, nodeAt, type GameRecord, type Path } from '../../src/game/index.js';

export const NAVIGATION_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'] as const;
export type NavigationKey = (typeof NAVIGATION_KEYS)[number];

export function isNavigationKey(key: string): key is NavigationKey {
  return (NAVIGATION_KEYS as readonly string[]).includes(key);
}

/** The path a key leads to from `path`, or undefined when it leads nowhere. */
export function navigate(record: GameRecord, path: Path, key: NavigationKey): Path | undefined {
  const node = nodeAt(record, path);
  if (!node) return undefined;
  const children = 'children' in node ? node.children : [];
  switch (key) {
    case 'ArrowLeft': return path.length > 0 ? path.slice(0, -1) : undefined;
    case 'ArrowRight': return children.length > 0 ? [...path, 0] : undefined;
    case 'ArrowUp':
    case 'ArrowDown': {
      if (path.length === 0) return children.length > 1 && key === 'ArrowDown' ? [1] : undefined;
      const parent = nodeAt(record, path.slice(0, -1));
      const siblings = parent && 'children' in parent ? parent.children.length : 1;
      const index = path[path.length - 1] + (key === 'ArrowUp' ? -1 : 1);
      if (index >= 0 && index < siblings) return [...path.slice(0, -1), index];
      // On a move without alternatives, ↓ steps into the first variation after it.
      if (key === 'ArrowDown' && siblings === 1 && children.length > 1) return [...path, 1];
      return undefined;
    }
    case 'Home': return path.length > 0 ? [] : undefined;
    case 'End': {
      const end = [...path];
      for (let at = node; 'children' in at && at.children.length > 0; at = at.children[0]) {
        end.push(0);
        if (!isMoveNode(at.children[0])) break;
      }
      return end.length > path.length ? end : undefined;
    }
  }
}

export function samePath(a: Path, b: Path): boolean {
  return a.length === b.length && a.every((index, i) => index === b[i]);
}
