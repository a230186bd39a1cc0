/**
 * Move names as the page shows them, in the notation the user picked: Japanese (▲７六歩,
 * △同　銀), Western (Hodges: P-7f, Bx2b+) or USI (7g7f). The rules come from Position; the names
 * from src/notation.
 */
import { html, type TemplateResult } from 'lit';
import type { Position } from '../src/rules/position.js';
import { formatJapaneseMove } from '../src/notation/japanese.js';
import { formatWesternMove } from '../src/notation/western.js';
import { formatUsiMove, parseUsiMove } from '../src/notation/usi.js';
import type { Move, Square } from '../src/rules/types.js';

export const MOVE_NOTATIONS = ['japanese', 'western', 'usi'] as const;
export type MoveNotation = (typeof MOVE_NOTATIONS)[number];

const MARKS = { sente: '☗', gote: '☖' } as const;

/** The name of `move` played from `pos` (not played by this); `lastTo` gives 同. */
export function moveName(pos: Position, move: Move, notation: MoveNotation, lastTo?: Square): string {
  switch (notation) {
    case 'western': return formatWesternMove(pos, move);
    case 'usi': return formatUsiMove(move, pos.variant);
    // Japanese, also for a notation attribute a page got wrong.
    default: return MARKS[pos.turn] + formatJapaneseMove(pos, move, { lastTo, animals: pos.variant === 'dobutsu' });
  }
}

/**
 * Names of a line of USI moves from `pos`, which is left as it was; the line is cut at the first
 * move that is not legal there (an engine line always is; a stale one may not be).
 */
export function lineNames(pos: Position, usi: readonly string[], notation: MoveNotation, lastTo?: Square): string[] {
  const names: string[] = [];
  let previous = lastTo;
  for (const text of usi) {
    const move = parseUsiMove(text, pos.variant);
    if (!move.ok || !pos.isLegal(move.value)) break;
    names.push(moveName(pos, move.value, notation, previous));
    pos.play(move.value);
    previous = move.value.to;
  }
  for (let i = 0; i < names.length; i++) pos.undo();
  return names;
}

/** Move names as running text, each in a `.move` span that the component's styles keep on one
 * line (a Japanese name such as ☖同　玉 holds a space, where the text would otherwise wrap). */
export function movesInText(names: readonly string[]): TemplateResult[] {
  return names.map((name, i) => html`${i > 0 ? ' ' : ''}<span class="move">${name}</span>`);
}
