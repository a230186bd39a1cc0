import { css } from 'lit';

/**
 * What every widget shares: its colours (light, dark from prefers-color-scheme or
 * `theme="dark"`), buttons, the error box and a visually hidden live region.
 *
 * Why (here, as comments inside the css`` would ship to every reader):
 * - A width of its own: the board inside has none (it takes its container's width), so in a flex
 *   row or an auto grid column the widget would collapse. As wide as 36rem where there is room,
 *   the container's width where there is less, and not squeezed narrower than a phone's column by
 *   its neighbours in a row.
 * - Its text wraps anywhere: a caption, a comment or a message may hold a word wider than a
 *   blog's narrow column (an address).
 * - It sets the text properties a blog's may pass down to it: in a vertical (縦書き) or
 *   right-to-left column the board came out transposed or mirrored, and a body's text-indent,
 *   letter-spacing or white-space moved its coordinates onto the hands and stretched the counts.
 *
 * @cssproperty --shogi-widget-background - the widget's background
 * @cssproperty --shogi-widget-text - its text
 * @cssproperty --shogi-widget-muted - secondary text and borders
 * @cssproperty --shogi-widget-accent - buttons and highlights
 * @cssproperty --shogi-widget-error - the error box
 */
export const widgetStyles = css`
  :host {
    --_bg: var(--shogi-widget-background, #fffdf8);
    --_text: var(--shogi-widget-text, #222);
    --_muted: var(--shogi-widget-muted, #6b6357);
    --_accent: var(--shogi-widget-accent, #8a4b12);
    --_error: var(--shogi-widget-error, #a01818);
    display: block;
    width: 36rem;
    max-width: 100%;
    min-width: min(100%, 18rem);
    margin: 1rem auto;
    color: var(--_text);
    font: 1rem/1.5 system-ui, 'Noto Sans JP', sans-serif;
    writing-mode: horizontal-tb;
    direction: ltr;
    text-align: start;
    text-indent: 0;
    text-transform: none;
    letter-spacing: normal;
    word-spacing: normal;
    white-space: normal;
    box-sizing: border-box;
  }
  :host([hidden]) {
    display: none;
  }
  :host([theme='dark']) {
    --_bg: var(--shogi-widget-background, #1f1d1a);
    --_text: var(--shogi-widget-text, #eee8dc);
    --_muted: var(--shogi-widget-muted, #b3a998);
    --_accent: var(--shogi-widget-accent, #f0b060);
    --_error: var(--shogi-widget-error, #ff8a80);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      --_bg: var(--shogi-widget-background, #1f1d1a);
      --_text: var(--shogi-widget-text, #eee8dc);
      --_muted: var(--shogi-widget-muted, #b3a998);
      --_accent: var(--shogi-widget-accent, #f0b060);
      --_error: var(--shogi-widget-error, #ff8a80);
    }
  }
  /* The coordinates stand on the widget's background, not on the board's wood. */
  shogi-board::part(coords) {
    color: var(--_muted);
  }
  .widget {
    overflow-wrap: anywhere;
    background: var(--_bg);
    border: 1px solid color-mix(in srgb, var(--_muted) 40%, transparent);
    border-radius: 0.5rem;
    padding: 0.75rem;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    justify-content: center;
    margin-top: 0.5rem;
  }
  button.control {
    font: inherit;
    min-width: 2.75rem;
    min-height: 2.75rem;
    padding: 0.25rem 0.75rem;
    border-radius: 0.4rem;
    border: 1px solid var(--_accent);
    background: transparent;
    color: var(--_text);
    cursor: pointer;
  }
  button.control:hover:not(:disabled) {
    background: color-mix(in srgb, var(--_accent) 15%, transparent);
  }
  button.control:disabled {
    opacity: 0.45;
    cursor: default;
  }
  button.control:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
  }
  .error {
    color: var(--_error);
    border: 1px solid var(--_error);
    border-radius: 0.4rem;
    padding: 0.5rem 0.75rem;
    margin: 0;
    white-space: pre-wrap;
  }
  .message {
    min-height: 1.5em;
    margin: 0.5rem 0 0;
    text-align: center;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
      animation: none !important;
    }
  }
`;
