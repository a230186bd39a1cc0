import { css } from 'lit';

export const evalGraphStyles = css`
  :host {
    display: block;
    font: 0.75rem / 1.3 system-ui, sans-serif;
    --_sente: var(--shogi-graph-sente-color, #3a3a3a);
    --_gote: var(--shogi-graph-gote-color, #f4f1ea);
    --_current: var(--shogi-graph-current-color, #d32f2f);
    --_muted: var(--shogi-graph-muted-color, #666);
  }
  .chart {
    position: relative;
    height: var(--shogi-graph-height, 6rem);
    border: 1px solid rgb(128 128 128 / 0.5);
    border-radius: 3px;
    overflow: hidden;
    cursor: pointer;
    background: var(--_gote);
  }
  svg {
    display: block;
    width: 100%;
    height: 100%;
  }
  .area {
    fill: var(--_sente);
  }
  .middle {
    stroke: rgb(128 128 128 / 0.8);
    stroke-width: 1;
    vector-effect: non-scaling-stroke;
  }
  .cursor {
    stroke: var(--_current);
    stroke-width: 2;
    vector-effect: non-scaling-stroke;
  }
  .hover {
    stroke: var(--_muted);
    stroke-width: 1;
    stroke-dasharray: 3 3;
    vector-effect: non-scaling-stroke;
  }
  .tip {
    position: absolute;
    top: 2px;
    padding: 0 0.3rem;
    border-radius: 3px;
    background: rgb(0 0 0 / 0.7);
    color: #fff;
    pointer-events: none;
    white-space: nowrap;
  }
  .status {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin-top: 0.25rem;
    color: var(--_muted);
    min-height: 1.2em;
  }
  progress {
    flex: 1;
    height: 0.5rem;
  }
`;
