import { css } from 'lit';

/**
 * The colours of the engine's lines, best first (--_pv1 … --_pv5, each set by
 * --shogi-brush-pv1 … -pv5): the board draws each line's first move as an arrow in its colour,
 * and the list of lines marks each line with the same one, so that an arrow can be told to its
 * line. For a component's :host.
 */
export const pvBrushColors = css`
  --_pv1: var(--shogi-brush-pv1, #1565c0);
  --_pv2: var(--shogi-brush-pv2, #2e7d32);
  --_pv3: var(--shogi-brush-pv3, #8e44ad);
  --_pv4: var(--shogi-brush-pv4, #b26a00);
  --_pv5: var(--shogi-brush-pv5, #00838f);
`;
