import { css } from 'lit';
import { pvBrushColors } from '../brushes.js';

export const pvLinesStyles = css`
  :host {
    display: block;
    font: 0.9rem / 1.4 system-ui, sans-serif;
    color: var(--shogi-pv-text-color, inherit);
    --_muted: var(--shogi-pv-muted-color, #666);
    --_hover: var(--shogi-pv-hover-color, rgb(21 101 192 / 0.15));
    ${pvBrushColors}
  }
  .stats {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1rem;
    color: var(--_muted);
    font-size: 0.8rem;
    font-variant-numeric: tabular-nums;
  }
  .mate {
    margin: 0.3rem 0;
    padding: 0.25rem 0.5rem;
    border-radius: 4px;
    font-weight: 700;
    background: var(--shogi-pv-mate-background, #fde8e8);
    color: var(--shogi-pv-mate-color, #a01010);
  }
  ol {
    list-style: none;
    margin: 0.25rem 0 0;
    padding: 0;
  }
  li {
    display: flex;
    gap: 0.5rem;
    align-items: baseline;
    padding: 0.15rem 0;
    border-top: 1px solid rgb(128 128 128 / 0.2);
  }
  .score {
    /* Each line is marked in the colour of its arrow on the board (below). */
    border-left: 4px solid transparent;
    flex: 0 0 4.2rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
  li[data-multipv='1'] .score { border-left-color: var(--_pv1); }
  li[data-multipv='2'] .score { border-left-color: var(--_pv2); }
  li[data-multipv='3'] .score { border-left-color: var(--_pv3); }
  li[data-multipv='4'] .score { border-left-color: var(--_pv4); }
  li[data-multipv='5'] .score { border-left-color: var(--_pv5); }
  .score.mate-score {
    color: var(--shogi-pv-mate-color, #a01010);
  }
  .moves {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.15rem;
  }
  button {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    border-radius: 3px;
    padding: 0 0.2rem;
    cursor: pointer;
  }
  button:hover,
  button:focus-visible {
    background: var(--_hover);
  }
  button.first {
    font-weight: 700;
  }
  .depth {
    color: var(--_muted);
    font-size: 0.75rem;
  }
  .empty {
    color: var(--_muted);
    margin: 0.25rem 0;
  }
`;
