import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(repoRoot, 'web');

/** Every top-level page of web/ is an entry, so a new demo page needs no config change. */
function pages(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of readdirSync(webRoot)) {
    if (file.endsWith('.html')) entries[file.slice(0, -'.html'.length)] = resolve(webRoot, file);
  }
  if (Object.keys(entries).length === 0) throw new Error(`no page to build: ${webRoot} has no .html file`);
  return entries;
}

export default defineConfig({
  root: webRoot,
  // Relative URLs: dist/ works from any sub-path (a blog, GitHub Pages), not only from /.
  base: './',
  server: {
    // The wasm lives in build/ and the sources in src/, both outside the web/ root.
    fs: { allow: [repoRoot] },
  },
  worker: { format: 'es' },
  build: {
    outDir: resolve(repoRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Never inline the engine as a data: URL; the browser compiles it from its own fetch.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: { input: pages() },
  },
});
