import { css } from 'lit';

const LIGHT = css`
  --_bg: var(--shogi-page-background, #f6f1e7);
  --_fg: var(--shogi-page-text, #1f1d1a);
  --_panel: var(--shogi-panel-background, #fffdf8);
  --_border: var(--shogi-panel-border, #d9cfbd);
  --_muted: #6d655a;
  --_accent: var(--shogi-accent-color, #1565c0);
  --_on-accent: #fff;
  --_error-bg: #fdecea;
  --_error-fg: #8a1010;
`;

const DARK = css`
  --_bg: var(--shogi-page-background, #1c1d20);
  --_fg: var(--shogi-page-text, #e4e1da);
  --_panel: var(--shogi-panel-background, #26282c);
  --_border: var(--shogi-panel-border, #3c3f45);
  --_muted: #a29d94;
  --_accent: var(--shogi-accent-color, #64a8f0);
  --_on-accent: #1c1d20;
  --_error-bg: #4a1d1d;
  --_error-fg: #ffc9c4;
  --shogi-board-color: #d9b068;
  --shogi-hand-color: #a8834a;
  --shogi-line-color: #3d2c17;
  --shogi-last-move-color: #c49338;
  --shogi-eval-sente-color: #0d0d0d;
  --shogi-eval-gote-color: #d8d4cc;
  --shogi-eval-border-color: #555;
  --shogi-graph-sente-color: #0d0d0d;
  --shogi-graph-gote-color: #77726a;
  --shogi-pv-mate-background: #4a1d1d;
  --shogi-pv-mate-color: #ffb4ab;
  --shogi-tree-comment-color: #8fd19e;
  --shogi-tree-current-color: #2f6fb5;
  --shogi-editor-panel-color: rgb(255 255 255 / 0.04);
  color-scheme: dark;
`;

export const analysisStyles = css`
  :host {
    display: block;
    /* The layout follows the element's own width (the @container rules below), not the
       window's: embedded in a blog's column or sidebar it is narrower than the screen. */
    container-type: inline-size;
    /* Its content then gives it no width of its own: as an item of a flex row or an auto grid
       column it would shrink to nothing. It takes the width it is given, as a block does. */
    width: 100%;
    box-sizing: border-box;
    font: 15px / 1.45 system-ui, -apple-system, 'Segoe UI', sans-serif;
    ${LIGHT}
    background: var(--_bg);
    color: var(--_fg);
    /* The components' own greys are too light on a dark panel, and just too light on a light one. */
    --shogi-pv-muted-color: var(--_muted);
    --shogi-tree-muted-color: var(--_muted);
    --shogi-graph-muted-color: var(--_muted);
  }
  :host([address]) {
    min-height: 100vh;
  }
  :host([theme='dark']) {
    ${DARK}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${DARK}
    }
  }
  * {
    box-sizing: border-box;
  }
  button,
  select,
  input,
  textarea {
    font: inherit;
    color: inherit;
  }
  button,
  select {
    background: var(--_panel);
    border: 1px solid var(--_border);
    border-radius: 5px;
    padding: 0.25rem 0.6rem;
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  input,
  textarea {
    background: var(--_panel);
    border: 1px solid var(--_border);
    border-radius: 4px;
    padding: 0.25rem 0.4rem;
  }
  header {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem 0.6rem;
    align-items: center;
    padding: 0.5rem 1rem;
    border-bottom: 1px solid var(--_border);
    background: var(--_panel);
  }
  h1 {
    margin: 0 0.5rem 0 0;
    font-size: 1.15rem;
  }
  header .spacer {
    flex: 1;
  }
  .message {
    display: flex;
    gap: 0.75rem;
    align-items: flex-start;
    margin: 0.75rem 1rem 0;
    padding: 0.5rem 0.75rem;
    border-radius: 5px;
    border: 1px solid var(--_border);
    background: var(--_panel);
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .message.error {
    background: var(--_error-bg);
    color: var(--_error-fg);
    border-color: currentColor;
  }
  .message span {
    flex: 1;
  }
  .message button {
    flex: none;
    padding: 0 0.4rem;
  }
  main.analysis {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(20rem, 27rem);
    grid-template-rows: auto 1fr;
    grid-template-areas: 'board side' 'graph side';
    align-items: start;
    gap: 1rem 1.25rem;
    max-width: 92rem;
    margin: 0 auto;
    padding: 0.75rem 1rem 1.5rem;
  }
  .board-column {
    grid-area: board;
  }
  .side {
    grid-area: side;
  }
  .graph {
    grid-area: graph;
  }
  .board-column,
  .side {
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
    min-width: 0;
  }
  .board-row {
    display: flex;
    gap: 0.5rem;
    align-items: stretch;
    justify-content: center;
  }
  shogi-eval-bar {
    flex: none;
  }
  shogi-board {
    flex: 1 1 auto;
    min-width: 0;
    /* As large as the window allows without scrolling: the width that fits its height. Not
       below 32rem, where the board puts its hands above and below (board/styles.ts), which
       makes it taller, not shorter. */
    max-width: min(var(--board-max), max(32rem, calc((100vh - 12rem) * var(--board-ratio))));
  }
  shogi-board::part(coords),
  shogi-board-editor::part(coords) {
    color: var(--_muted);
  }
  shogi-board.preview {
    opacity: 0.92;
    outline: 3px dashed var(--_accent);
    outline-offset: 2px;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    align-items: center;
    justify-content: center;
  }
  .controls .status {
    flex: 1 1 100%;
    text-align: center;
    min-height: 1.4em;
  }
  .nav {
    display: inline-flex;
    gap: 0.3rem;
  }
  .nav button {
    min-width: 2.6rem;
    display: inline-grid;
    place-items: center;
  }
  /* A fingertip needs about 44 px (WCAG 2.5.5): the record's buttons grow on touch screens. */
  @media (pointer: coarse) {
    .nav button {
      min-width: 2.75rem;
      min-height: 2.75rem;
    }
  }
  .icon {
    width: 1.1rem;
    height: 1.1rem;
    fill: currentColor;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linejoin: round;
  }
  .alert {
    color: #c62828;
    font-weight: 700;
  }
  :host([theme='dark']) .alert {
    color: #ff8a80;
  }
  .panel {
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_panel);
    padding: 0.6rem 0.75rem;
  }
  .panel h2 {
    margin: 0 0 0.4rem;
    font-size: 0.95rem;
  }
  .players {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    margin: 0 0 0.4rem;
  }
  /* A name with no space in it breaks rather than widen the page. */
  .players span {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .engine-bar {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    align-items: center;
    margin-bottom: 0.4rem;
  }
  .engine-bar label {
    display: inline-flex;
    gap: 0.25rem;
    align-items: center;
  }
  .engine-bar input[type='number'] {
    width: 4.2rem;
  }
  .switch {
    font-weight: 700;
  }
  .switch[aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_on-accent);
    border-color: var(--_accent);
  }
  .searching {
    color: var(--_muted);
    font-size: 0.8rem;
  }
  .mate-result {
    margin: 0.4rem 0 0;
    padding: 0.4rem 0.5rem;
    border-radius: 5px;
    background: rgb(128 128 128 / 0.12);
  }
  .mate-result .progress {
    margin: 0;
  }
  .mate-result .line {
    display: block;
    margin-top: 0.2rem;
    /* A long problem's line (寿: 611 plies) scrolls instead of pushing the move tree away; the
       line and the list of other mates take the focus, so that the keyboard scrolls them. */
    max-height: 12rem;
    overflow-y: auto;
  }
  .mate-result .move {
    white-space: nowrap;
  }
  .mate-result ul.others {
    margin: 0.2rem 0 0;
    padding-left: 1.2rem;
  }
  shogi-move-tree {
    max-height: 38vh;
    min-height: 6rem;
  }
  .tree-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    margin-top: 0.4rem;
  }
  .comment textarea {
    width: 100%;
    min-height: 3.2rem;
    resize: vertical;
  }
  .graph-head {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    justify-content: space-between;
    margin-bottom: 0.3rem;
  }
  .graph-head h2 {
    margin: 0;
  }
  dialog {
    width: min(44rem, calc(100vw - 2rem));
    max-height: calc(100vh - 2rem);
    border: 1px solid var(--_border);
    border-radius: 10px;
    background: var(--_panel);
    color: var(--_fg);
    padding: 1rem;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  dialog h2 {
    margin: 0 0 0.6rem;
    font-size: 1.1rem;
  }
  dialog textarea {
    width: 100%;
    min-height: 14rem;
    font: 0.85rem / 1.4 ui-monospace, 'Noto Sans Mono CJK JP', monospace;
    white-space: pre;
  }
  dialog .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
    margin-top: 0.6rem;
  }
  dialog .row .spacer {
    flex: 1;
  }
  /* A file input is as wide as its button and file name, wider than a phone's dialog. */
  dialog input[type='file'] {
    max-width: 100%;
  }
  dialog .error,
  dialog .info {
    margin: 0.6rem 0 0;
    padding: 0.4rem 0.6rem;
    border-radius: 4px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  dialog .error {
    background: var(--_error-bg);
    color: var(--_error-fg);
  }
  dialog .info {
    border: 1px solid var(--_border);
  }
  dialog label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    justify-content: space-between;
    margin: 0.3rem 0;
  }
  .editor {
    padding: 0.75rem 1rem;
    max-width: 80rem;
    margin: 0 auto;
  }
  .drop-zone {
    position: fixed;
    inset: 0;
    z-index: 20;
    display: grid;
    place-items: center;
    font-size: 1.4rem;
    font-weight: 700;
    color: #fff;
    background: rgb(21 101 192 / 0.55);
    pointer-events: none;
  }
  @container (max-width: 60rem) {
    main.analysis {
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: none;
      grid-template-areas: 'board' 'side' 'graph';
    }
    shogi-board {
      max-width: var(--board-max);
    }
  }
  @container (max-width: 30rem) {
    header {
      padding: 0.4rem 0.5rem;
    }
    main {
      padding: 0.5rem 0.4rem 1rem;
    }
    h1 {
      flex-basis: 100%;
    }
  }
`;
