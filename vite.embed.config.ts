/**
 * The embed bundle: web/embed/shogi-wasm.ts -> dist/embed/shogi-wasm.js, with its lazy chunks,
 * the engine's worker and engine.wasm beside it, all found from import.meta.url so the folder
 * works from any origin (a CDN: serve it with `Access-Control-Allow-Origin: *`). Prints the
 * gzipped sizes, among them what a page with only diagrams and game viewers loads.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compactTemplates } from './scripts/compact-templates.js';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(repoRoot, 'dist/embed');
/** What the issue allows a page of diagrams and viewers to load, gzipped. */
const VIEWER_BUDGET = 40 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (file: string) => gzipSync(readFileSync(resolve(outDir, file)), { level: 9 }).length;

/** After writing: the gzipped size of each file, and of the entry with its static imports. */
function sizeReport(): Plugin {
  return {
    name: 'shogi-embed-sizes',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])));
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) throw new Error('embed build: no entry chunk');
      const loaded = new Set<string>();
      const visit = (file: string) => {
        if (loaded.has(file)) return;
        loaded.add(file);
        for (const next of chunks.get(file)?.imports ?? []) visit(next);
      };
      visit(entry.fileName);
      // A viewer of a KIF record (what blogs show) also loads the KIF reader.
      const kif = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.endsWith('src/notation/kif.ts')));
      if (kif) visit(kif.fileName);
      const viewer = [...loaded].reduce((sum, file) => sum + gzipped(file), 0);
      const files = Object.keys(bundle).sort();
      const lines = files.map((file) => `  ${file.padEnd(36)} ${kb(gzipped(file)).padStart(9)} gzipped`);
      const within = viewer <= VIEWER_BUDGET ? 'within' : 'OVER';
      console.log(`\nembed bundle (dist/embed/):\n${lines.join('\n')}\n` +
        `  diagrams + KIF viewers page loads ${kb(viewer)} (${viewer} bytes) of JavaScript gzipped (${[...loaded].join(', ')}), ${within} the ${kb(VIEWER_BUDGET)} budget\n`);
      // The budget is the issue's: a build past it fails, so that no change slips over unseen.
      if (viewer > VIEWER_BUDGET) throw new Error(`embed build: the viewers page loads ${viewer} bytes gzipped, over its budget of ${VIEWER_BUDGET}`);
    },
  };
}


/** Vite wraps every dynamic import in a preload helper (0.9 KB gzipped, loaded by every page)
 * that fetches the chunk's CSS and preloads its imports; the embed has no CSS files and does not
 * preload (modulePreload: false), yet Vite keeps the helper. It becomes a plain call. */
function noPreloadHelper(): Plugin {
  return {
    name: 'embed-no-preload-helper',
    enforce: 'pre',
    resolveId: (id) => (id === '\0vite/preload-helper.js' ? id : undefined),
    load: (id) => (id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : undefined),
  };
}

/** The templates of Lit components without their source's indentation (see compactTemplates). */
function compactLitTemplates(): Plugin {
  return {
    name: 'embed-compact-templates',
    enforce: 'pre',
    transform: (code, id) => (/\/(web|src)\/.*\.ts$/.test(id) ? { code: compactTemplates(code), map: null } : undefined),
  };
}

const names = { entryFileNames: 'shogi-wasm.js', chunkFileNames: '[name]-[hash].js', assetFileNames: '[name]-[hash][extname]' };

export default defineConfig({
  root: resolve(repoRoot, 'web'),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  worker: { format: 'es', rolldownOptions: { output: { ...names, entryFileNames: 'worker-[hash].js' } } },
  plugins: [noPreloadHelper(), compactLitTemplates(), sizeReport()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: {
      input: resolve(repoRoot, 'web/embed/shogi-wasm.ts'),
      preserveEntrySignatures: 'allow-extension',
      output: names,
    },
  },
});
