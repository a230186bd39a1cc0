import { css } from 'lit';
import { pvBrushColors } from '../brushes.js';

/** How pieces look (piece.ts draws them), wherever they are drawn: the board, its hands, an editor's palette. */
export const pieceStyles = css`
  .piece {
    width: 90%;
    height: 90%;
    pointer-events: none;
  }
  .piece.flipped {
    transform: rotate(180deg);
  }
  .shape {
    fill: var(--shogi-piece-color, #fbe3b0);
    stroke: var(--shogi-piece-stroke, #7a5a2c);
    stroke-width: 2.5;
    stroke-linejoin: round;
  }
  .kanji,
  .letter,
  .animal {
    fill: var(--shogi-text-color, #1d1a16);
    text-anchor: middle;
    dominant-baseline: central;
  }
  .kanji {
    font-size: 50px;
    font-weight: 600;
  }
  .letter {
    font-family: system-ui, 'Segoe UI', Roboto, sans-serif;
    font-weight: 700;
  }
  .slide {
    stroke: var(--shogi-piece-stroke, #7a5a2c);
    stroke-width: 5;
    stroke-linecap: round;
  }
  .kanji.promoted,
  .letter.promoted {
    fill: var(--shogi-promoted-color, #c0201a);
  }
  .tile {
    stroke: var(--shogi-piece-stroke, #7a5a2c);
    stroke-width: 2.5;
  }
  .step {
    fill: var(--shogi-piece-stroke, #7a5a2c);
  }
  .animal {
    font-family: 'Noto Sans CJK JP', sans-serif;
    font-weight: 700;
  }

`;

export const boardStyles = css`
  :host {
    display: block;
    --_board: var(--shogi-board-color, #e9c47f);
    --_line: var(--shogi-line-color, #5b4326);
    --_hand: var(--shogi-hand-color, #d2a35d);
    --_piece: var(--shogi-piece-color, #fbe3b0);
    --_piece-stroke: var(--shogi-piece-stroke, #7a5a2c);
    --_text: var(--shogi-text-color, #1d1a16);
    --_promoted: var(--shogi-promoted-color, #c0201a);
    --_last: var(--shogi-last-move-color, #d6a84f);
    --_selected: var(--shogi-selected-color, #9dc36f);
    --_focus: var(--shogi-focus-color, #0b57d0);
    --_destination: var(--shogi-destination-color, rgb(40 90 30 / 0.55));
    --_check: var(--shogi-check-color, rgb(230 20 10 / 0.85));
    ${pvBrushColors}
    --_user: var(--shogi-brush-user, #15803d);
    --_user-alt: var(--shogi-brush-user-alt, #c62828);
    --_preview: var(--shogi-brush-preview, #1e88e5);
    font-family: var(--shogi-font-family, 'Noto Serif CJK JP', 'Hiragino Mincho ProN', 'Yu Mincho',
      'Noto Sans CJK JP', serif);
    color: var(--_text);
  }
  /* The frame is the size container: every length below is a multiple of --sq, one square's
     width, so the board fills its container's width whatever the number of files. */
  .frame {
    container-type: inline-size;
  }
  .layout {
    --gap: calc(var(--sq) * 0.1);
    --sq: calc((100cqi - 1rem) / (var(--files) + 3.7));
    --sq-h: calc(var(--sq) * 12 / 11);
    display: grid;
    grid-template-columns: calc(var(--sq) * 1.4) auto calc(var(--sq) * 0.6) calc(var(--sq) * 1.4);
    grid-template-areas:
      'top files . bottom'
      'top board ranks bottom';
    gap: 0 var(--gap);
    justify-content: center;
  }
  .layout:not(.coordinates) {
    grid-template-columns: calc(var(--sq) * 1.4) auto calc(var(--sq) * 1.4);
    grid-template-areas: 'top board bottom';
  }
  /* Narrow containers: hands above and below the board, so the squares get the full width.
     From 32rem on, the analysis page counts on the hands being beside it. */
  @container (width < 32rem) {
    .layout {
      --sq: calc((100cqi - 1rem) / (var(--files) + 0.7));
      grid-template-columns: auto calc(var(--sq) * 0.6);
      grid-template-areas: 'top top' 'files .' 'board ranks' 'bottom bottom';
      gap: var(--gap);
    }
    .layout:not(.coordinates) {
      grid-template-columns: auto;
      grid-template-areas: 'top' 'board' 'bottom';
    }
    .layout .hand {
      flex-direction: row;
      min-height: var(--sq-h);
      padding: 0 var(--gap);
    }
    .layout .hand.bottom {
      justify-content: flex-end;
    }
  }

  button {
    font: inherit;
    color: inherit;
    margin: 0;
    padding: 0;
    border: 0;
    background: none;
    cursor: pointer;
  }
  /* A dark ring with a light one inside stands out on the board's tan, on pieces and on the
     highlight colours alike (the selection's green did not: about 1.3:1 against the board). */
  button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: -3px;
    box-shadow: inset 0 0 0 5px rgb(255 255 255 / 0.85);
  }

  .files,
  .ranks {
    display: grid;
    place-items: center;
    font-size: calc(var(--sq) * 0.32);
  }
  .files {
    grid-area: files;
    grid-template-columns: repeat(var(--files), var(--sq));
    height: calc(var(--sq) * 0.45);
    /* Line up with the squares inside the board's border and grid gaps. */
    padding: 0 2px;
    column-gap: 1px;
  }
  .ranks {
    grid-area: ranks;
    grid-template-rows: repeat(var(--ranks), var(--sq-h));
    padding: 2px 0;
    row-gap: 1px;
  }

  .board {
    grid-area: board;
    position: relative;
    display: grid;
    grid-template-columns: repeat(var(--files), var(--sq));
    grid-template-rows: repeat(var(--ranks), var(--sq-h));
    gap: 1px;
    background: var(--_line);
    border: 2px solid var(--_line);
  }
  .layout {
    user-select: none;
    -webkit-user-select: none;
    -webkit-touch-callout: none;
  }
  /* Rows and cells exist for the grid's accessibility tree; the squares lay out in the board's grid. */
  .row,
  .cell {
    display: contents;
  }
  .square {
    position: relative;
    display: grid;
    place-items: center;
    background: var(--_board);
  }
  /* A finger on a piece drags it rather than scrolling the page. */
  .square.movable,
  .square.destination,
  button.hand-piece:not(:disabled) {
    touch-action: none;
  }
  .square.hover {
    box-shadow: inset 0 0 0 3px var(--_destination);
  }
  .square.origin .piece,
  .hand-piece.origin .piece {
    opacity: 0.3;
  }
  .square.animating {
    z-index: 2;
  }
  .dragging,
  .dragging button {
    cursor: grabbing;
  }
  .square.last {
    background: var(--_last);
  }
  .square.check {
    background: radial-gradient(circle, var(--_check) 0%, transparent 72%), var(--_board);
  }
  .square.selected {
    background: var(--_selected);
  }
  .square.destination::after {
    content: '';
    position: absolute;
    width: 30%;
    aspect-ratio: 1;
    border-radius: 50%;
    background: var(--_destination);
  }
  .square.destination.occupied::after {
    width: auto;
    inset: 3px;
    border-radius: 6px;
    background: none;
    border: 3px solid var(--_destination);
  }

  .hand {
    display: flex;
    flex-direction: column;
    gap: var(--gap);
    padding: var(--gap) 0;
    min-height: calc(var(--sq) * 2);
    background: var(--_hand);
    border-radius: calc(var(--sq) * 0.12);
    align-items: center;
  }
  .hand.top {
    grid-area: top;
    align-self: start;
  }
  .hand.bottom {
    grid-area: bottom;
    align-self: end;
  }
  .hand-piece {
    position: relative;
    width: var(--sq);
    height: var(--sq-h);
    display: grid;
    place-items: center;
    border-radius: 4px;
  }
  .hand-piece:disabled {
    cursor: default;
  }
  .hand-piece.selected {
    background: var(--_selected);
  }
  /* The count is drawn, not written: the button's name already says it (axe's
     label-content-name-mismatch reads a written count as text missing from the name). */
  .count::before {
    content: attr(data-count);
  }
  .count {
    position: absolute;
    right: -8%;
    bottom: 0;
    min-width: 1.2em;
    padding: 0 0.15em;
    border-radius: 0.6em;
    font: 700 calc(var(--sq) * 0.3) / 1.2 sans-serif;
    color: #fff;
    background: var(--_line);
  }

  .shapes {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    pointer-events: none;
    z-index: 1;
  }
  .arrow line {
    stroke-width: 2.2;
    stroke-linecap: round;
    opacity: 0.75;
  }
  .arrow polygon {
    stroke: none;
    opacity: 0.75;
  }
  /* The engine's other lines: thinner and fainter than its best move. */
  .arrow.brush-pv2 line, .arrow.brush-pv3 line, .arrow.brush-pv4 line, .arrow.brush-pv5 line {
    stroke-width: 1.5;
  }
  .arrow.brush-pv2 > *, .arrow.brush-pv3 > *, .arrow.brush-pv4 > *, .arrow.brush-pv5 > * {
    opacity: 0.55;
  }
  .ring {
    fill: none;
    stroke-width: 0.9;
    opacity: 0.8;
  }
  .ghost-drop svg {
    opacity: 0.55;
  }
  .brush-pv1 { stroke: var(--_pv1); fill: var(--_pv1); }
  .brush-pv2 { stroke: var(--_pv2); fill: var(--_pv2); }
  .brush-pv3 { stroke: var(--_pv3); fill: var(--_pv3); }
  .brush-pv4 { stroke: var(--_pv4); fill: var(--_pv4); }
  .brush-pv5 { stroke: var(--_pv5); fill: var(--_pv5); }
  .brush-user { stroke: var(--_user); fill: var(--_user); }
  .brush-user-alt { stroke: var(--_user-alt); fill: var(--_user-alt); }
  .brush-preview { stroke: var(--_preview); fill: var(--_preview); }
  .ring.brush-pv1, .ring.brush-pv2, .ring.brush-pv3, .ring.brush-pv4, .ring.brush-pv5,
  .ring.brush-user, .ring.brush-user-alt, .ring.brush-preview {
    fill: none;
  }
  .ghost-drop .shape {
    stroke: var(--_piece-stroke);
    fill: var(--_piece);
  }
  .ghost {
    position: fixed;
    left: 0;
    top: 0;
    z-index: 10;
    width: calc(var(--sq) * 1.15);
    height: calc(var(--sq-h) * 1.15);
    pointer-events: none;
    display: grid;
    place-items: center;
    filter: drop-shadow(0 4px 6px rgb(0 0 0 / 0.35));
  }

  .promotion {
    position: absolute;
    inset: -40% -10%;
    z-index: 3;
    display: grid;
    grid-template-rows: repeat(2, minmax(0, 1fr));
    background: var(--_piece);
    border: 2px solid var(--_line);
    border-radius: 6px;
    box-shadow: 0 4px 12px rgb(0 0 0 / 0.45);
  }
  .promotion button {
    display: grid;
    place-items: center;
  }
  .promotion button:hover {
    background: var(--_selected);
  }
  /* A finger needs about 44 px a choice, more than a phone's square; centred on the square. */
  @media (pointer: coarse) {
    .promotion {
      inset: auto;
      left: 50%;
      top: 50%;
      translate: -50% -50%;
      width: max(120%, 48px);
      height: max(180%, 96px);
    }
  }
`;
