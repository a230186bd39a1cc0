/**
 * Starts a module worker even when its script lives on another origin than the page (an embed
 * served from a CDN). Browsers refuse `new Worker(url)` for a cross-origin URL, so the worker
 * starts from a same-origin blob whose only line imports the script by its absolute URL. The
 * script, its chunks and build/engine.wasm must then be served with
 * `Access-Control-Allow-Origin` (any module or fetch from another origin needs it).
 *
 * Call sites name it `Worker` (`const Worker = CrossOriginWorker`) so that bundlers still see
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })` and build the worker.
 */
function startWorker(url: URL | string, options?: WorkerOptions): Worker {
  const href = new URL(url, globalThis.location?.href).href;
  if (typeof location === 'undefined' || new URL(href).origin === location.origin) return new globalThis.Worker(href, options);
  const blob = new Blob([`import ${JSON.stringify(href)};`], { type: 'text/javascript' });
  return new globalThis.Worker(URL.createObjectURL(blob), { ...options, type: 'module' });
}

export const CrossOriginWorker = startWorker as unknown as new (url: URL | string, options?: WorkerOptions) => Worker;
