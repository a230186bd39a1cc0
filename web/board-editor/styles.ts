import { css } from 'lit';
import { pieceStyles } from '../board/styles.js';

export const boardEditorStyles = [pieceStyles, css`
  :host {
    display: block;
    font: 0.95rem / 1.4 system-ui, sans-serif;
    --shogi-font-family: 'Noto Serif CJK JP', 'Hiragino Mincho ProN', 'Yu Mincho', serif;
    --_selected: var(--shogi-editor-selected-color, #9dc36f);
    --_panel: var(--shogi-editor-panel-color, rgb(128 128 128 / 0.1));
  }
  .layout {
    display: flex;
    flex-wrap: wrap;
    gap: 1rem;
    align-items: flex-start;
  }
  shogi-board {
    flex: 1 1 20rem;
    max-width: var(--shogi-editor-board-width, 36rem);
  }
  .tools {
    flex: 1 1 16rem;
    display: grid;
    gap: 0.75rem;
  }
  /* A fieldset is as wide as its content by default (min-width: min-content), which pushed the
     page sideways on a phone. */
  fieldset {
    min-width: 0;
    margin: 0;
    border: 1px solid rgb(128 128 128 / 0.4);
    border-radius: 6px;
    background: var(--_panel);
  }
  legend {
    font-weight: 600;
  }
  /* One block of pieces per side, which wraps on a phone rather than shrink its buttons below
     a fingertip. */
  .palette {
    display: grid;
    gap: 0.4rem;
  }
  .side {
    display: grid;
    grid-template-columns: repeat(auto-fill, 2.4rem);
    gap: 0.2rem;
  }
  .palette button {
    aspect-ratio: 11 / 12;
    display: grid;
    place-items: center;
    padding: 2px;
    border: 1px solid transparent;
    border-radius: 4px;
    background: var(--shogi-board-color, #e9c47f);
    font-family: var(--shogi-font-family);
    cursor: pointer;
  }
  .palette button[aria-pressed='true'] {
    border-color: #333;
    background: var(--_selected);
  }
  .palette .eraser {
    font-size: 1.1rem;
    background: none;
  }
  .hands {
    display: grid;
    grid-template-columns: auto repeat(var(--roles), minmax(1.75rem, 1fr));
    gap: 0.2rem;
    align-items: center;
    font-size: 0.85rem;
  }
  /* The columns are headed by the pieces, which need no room for their names; the inputs are
     named in full. */
  .hands .role {
    display: grid;
    place-items: center;
    height: 2rem;
  }
  .hands input {
    width: 100%;
    box-sizing: border-box;
    padding: 1px;
    font: inherit;
    text-align: center;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  input.sfen {
    flex: 1 1 100%;
    font: 0.85rem ui-monospace, monospace;
  }
  .error {
    margin: 0;
    padding: 0.5rem 0.75rem;
    border: 1px solid #c33;
    border-radius: 4px;
    background: #fdecea;
    color: #8a1010;
  }
  button,
  select {
    font: inherit;
  }
  .primary {
    font-weight: 700;
  }
`];
