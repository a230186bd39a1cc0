/**
 * The embed: one module a blog includes with `<script type="module" src=".../shogi-wasm.js">`.
 * `<shogi-diagram>` and `<shogi-kifu>` are defined at once; `<shogi-tsume>` and
 * `<shogi-analysis>`, which need the engine's worker, are loaded only when the page has one.
 * Served from another origin, the bundle's files need `Access-Control-Allow-Origin`.
 */
import './diagram.js';
import './kifu.js';

const LAZY: Record<string, () => Promise<unknown>> = {
  'shogi-tsume': () => import('./tsume.js'),
  'shogi-analysis': () => import('../analysis/component.js'),
};

function defineUsed(root: ParentNode): void {
  for (const [tag, load] of Object.entries(LAZY)) {
    if (!customElements.get(tag) && root.querySelector(tag)) {
      delete LAZY[tag];
      void load();
    }
  }
}

defineUsed(document);
if (Object.keys(LAZY).length > 0) {
  new MutationObserver(() => defineUsed(document)).observe(document.documentElement, { childList: true, subtree: true });
}
