import { svg, type TemplateResult } from 'lit';
import { fileOf, rankOf, type Color, type Dimensions, type HandRole, type Square, type Variant } from '../../src/rules/types.js';
import { pieceFace, type PieceSet } from './piece.js';

/**
 * Colours of shapes: the engine's lines pv1…pv5 (best first), the user's own (`user`, and
 * `user-alt` drawn with Shift or Ctrl held), and `preview` for a move under the pointer.
 */
export const BRUSHES = ['pv1', 'pv2', 'pv3', 'pv4', 'pv5', 'user', 'user-alt', 'preview'] as const;
export type Brush = (typeof BRUSHES)[number];

/**
 * Something drawn over the board: an arrow from `from` to `to`; a ring on `to` without `from`;
 * a drop, `drop` set, as a faint piece of `color` (default sente) on `to` with a ring.
 */
export interface BoardShape {
  from?: Square;
  to: Square;
  drop?: HandRole;
  color?: Color;
  brush: Brush;
}

/** A square is 11 wide and 12 high in the overlay's units, the proportions of a real board. */
const W = 11;
const H = 12;

export function sameShape(a: BoardShape, b: BoardShape): boolean {
  return a.from === b.from && a.to === b.to && a.drop === b.drop;
}

/** The centre of a square in overlay units, as seen with `flipped` orientation. */
function centre(sq: Square, dims: Dimensions, flipped: boolean): [number, number] {
  const column = flipped ? fileOf(sq, dims) - 1 : dims.files - fileOf(sq, dims);
  const row = flipped ? dims.ranks - rankOf(sq, dims) : rankOf(sq, dims) - 1;
  return [(column + 0.5) * W, (row + 0.5) * H];
}

export function overlayViewBox(dims: Dimensions): string {
  return `0 0 ${dims.files * W} ${dims.ranks * H}`;
}

/** One shape as SVG; `weight` thins the lines of lesser engine lines. */
export function shapeSvg(shape: BoardShape, dims: Dimensions, flipped: boolean, variant: Variant, set: PieceSet): TemplateResult {
  const [tx, ty] = centre(shape.to, dims, flipped);
  const brush = `brush-${shape.brush}`;
  if (shape.from === undefined || shape.from === shape.to) {
    const ring = svg`<circle class="ring ${brush}" cx=${tx} cy=${ty} r="4.7" />`;
    if (!shape.drop) return ring;
    const facing = (shape.color ?? 'sente') === 'gote' ? !flipped : flipped;
    return svg`<g class="ghost-drop ${brush}">
      <svg x=${tx - 4.6} y=${ty - 4.6} width="9.2" height="9.2" viewBox="0 0 100 100">
        <g transform=${facing ? 'rotate(180 50 50)' : ''}>${pieceFace({ role: shape.drop, color: shape.color ?? 'sente' }, variant, set)}</g>
      </svg>${ring}</g>`;
  }
  const [fx, fy] = centre(shape.from, dims, flipped);
  const length = Math.hypot(tx - fx, ty - fy);
  const ux = (tx - fx) / length;
  const uy = (ty - fy) / length;
  const head = 3.6;
  const half = 2.4;
  // The head's tip stops short of the centre so that the piece there stays readable.
  const tipX = tx - ux * 1.2;
  const tipY = ty - uy * 1.2;
  const baseX = tipX - ux * head;
  const baseY = tipY - uy * head;
  const points = [
    [tipX, tipY], [baseX - uy * half, baseY + ux * half], [baseX + uy * half, baseY - ux * half],
  ].map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' ');
  return svg`<g class="arrow ${brush}">
    <line x1=${fx} y1=${fy} x2=${baseX + ux * 0.3} y2=${baseY + uy * 0.3} />
    <polygon points=${points} />
  </g>`;
}
