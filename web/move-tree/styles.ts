import { css } from 'lit';

export const moveTreeStyles = css`
  :host {
    display: block;
    position: relative;
    overflow-y: auto;
    font: 0.95rem / 1.6 system-ui, sans-serif;
    --_current: var(--shogi-tree-current-color, #1565c0);
    --_current-text: var(--shogi-tree-current-text-color, #fff);
    --_muted: var(--shogi-tree-muted-color, #666);
    --_comment: var(--shogi-tree-comment-color, #2e6b3a);
    --_line: var(--shogi-tree-line-color, rgb(128 128 128 / 0.35));
  }
  button:focus-visible {
    outline: 2px solid var(--_current);
    outline-offset: 1px;
  }
  .line {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.1rem;
  }
  .variation {
    flex-basis: 100%;
    margin: 0.1rem 0 0.1rem 0.6rem;
    padding-left: 0.5rem;
    border-left: 2px solid var(--_line);
    font-size: 0.92em;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.1rem;
  }
  /* Nested variations keep the first one's size and, from the fourth level, indent no further
     but go in brackets: a record analysed 20 variations deep shrank each level by 8% and moved
     it 1.1rem right, to type 3 px high and moves off the tree's side. */
  .variation .variation {
    font-size: inherit;
  }
  .variation .variation .variation .variation {
    margin-left: 0;
    padding-left: 0;
    border-left: 0;
  }
  .variation .variation .variation .variation::before {
    content: '(';
  }
  .variation .variation .variation .variation::after {
    content: ')';
  }
  .step {
    display: inline-flex;
    align-items: baseline;
    gap: 0.1rem;
  }
  .number {
    color: var(--_muted);
    font-size: 0.8em;
    font-variant-numeric: tabular-nums;
    min-width: 1.6em;
    text-align: right;
    margin-left: 0.2rem;
  }
  button {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    border-radius: 3px;
    padding: 0 0.25rem;
    cursor: pointer;
    white-space: nowrap;
  }
  button:hover {
    background: rgb(128 128 128 / 0.18);
  }
  @media (pointer: coarse) {
    button {
      min-height: 2rem;
    }
  }
  button.current {
    background: var(--_current);
    color: var(--_current-text);
  }
  .ending {
    font-style: italic;
  }
  .comment {
    flex-basis: 100%;
    margin: 0 0 0.2rem 2rem;
    color: var(--_comment);
    font-size: 0.88em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .start {
    font-weight: 600;
  }
`;
