import { css } from 'lit';

export const evalBarStyles = css`
  :host {
    display: block;
    width: var(--shogi-eval-width, 1.1rem);
    min-height: 4rem;
    --_sente: var(--shogi-eval-sente-color, #2b2b2b);
    --_gote: var(--shogi-eval-gote-color, #f4f1ea);
    --_border: var(--shogi-eval-border-color, #888);
  }
  .bar {
    position: relative;
    height: 100%;
    overflow: hidden;
    border: 1px solid var(--_border);
    border-radius: 3px;
    background: var(--_gote);
    display: flex;
    flex-direction: column-reverse;
  }
  :host([orientation='gote']) .bar {
    flex-direction: column;
  }
  .sente {
    background: var(--_sente);
    transition: height 0.3s ease-out;
  }
  @media (prefers-reduced-motion: reduce) {
    .sente {
      transition: none;
    }
  }
  .middle {
    position: absolute;
    left: 0;
    right: 0;
    top: 50%;
    border-top: 1px solid rgb(128 128 128 / 0.8);
  }
  .label {
    position: absolute;
    left: 0;
    right: 0;
    text-align: center;
    font: 700 0.6rem / 1.2 system-ui, sans-serif;
    writing-mode: vertical-rl;
    padding: 0.2rem 0;
  }
  .label.bottom {
    bottom: 0;
  }
  .label.top {
    top: 0;
  }
  .label.on-sente {
    color: var(--_gote);
  }
  .label.on-gote {
    color: var(--_sente);
  }
`;
