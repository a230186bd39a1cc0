import { beforeAll, describe, expect, it } from 'vitest';
import { emptyRecord, headerValue, isMoveNode, type MoveNode } from '../../src/game/record.js';
import { addVariation, mainLine, moveNode, nodeAt, positionAt, promoteVariation, walk } from '../../src/game/tree.js';
import { formatUsiMove, parseUsiMove } from '../../src/notation/usi.js';
import { initRules } from '../../src/rules/position.js';

beforeAll(initRules);

const m = (usi: string) => {
  const r = parseUsiMove(usi, 'shogi');
  if (!r.ok) throw new Error(r.error.message);
  return moveNode(r.value);
};

describe('the move tree', () => {
  it('adds variations, walks them with their positions, and promotes one to the main line', () => {
    const record = emptyRecord();
    record.headers.push({ key: '先手', value: 'A' });
    const first = addVariation(record.root, m('7g7f'));
    addVariation(first, m('3c3d'));
    const alt = addVariation(first, m('8c8d'));
    addVariation(alt, { special: 'resign', comments: ['早投げ'] });
    expect(headerValue(record, '先手')).toBe('A');
    expect(mainLine(record).map((n) => (isMoveNode(n) ? formatUsiMove(n.move, 'shogi') : n.special))).toEqual(['7g7f', '3c3d']);

    const seen: string[] = [];
    const walked = walk(record, (node, before, path) => {
      seen.push(`${path.join('.')} ${before.turn} ${isMoveNode(node) ? formatUsiMove(node.move, 'shogi') : node.special}`);
    });
    expect(walked.ok).toBe(true);
    expect(seen).toEqual(['0 sente 7g7f', '0.0 gote 3c3d', '0.1 gote 8c8d', '0.1.0 sente resign']);

    const pos = positionAt(record, [0, 1, 0]);
    expect(pos.ok && pos.value.sfen()).toBe('lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');
    expect((nodeAt(record, [0, 1, 0]) as { special?: string }).special).toBe('resign');
    expect(nodeAt(record, [0, 5])).toBeUndefined();

    promoteVariation(first, 1);
    expect(mainLine(record).map((n) => (isMoveNode(n) ? formatUsiMove(n.move, 'shogi') : n.special))).toEqual(['7g7f', '8c8d', 'resign']);
  });

  it('reports a move the rules refuse when replaying', () => {
    const record = emptyRecord();
    const first: MoveNode = addVariation(record.root, m('7g7f'));
    addVariation(first, m('7g7f'));
    expect(positionAt(record, [0, 0]).ok).toBe(false);
    expect(walk(record, () => {}).ok).toBe(false);
  });
});
