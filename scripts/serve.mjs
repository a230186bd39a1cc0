#!/usr/bin/env node
// A zero-dependency static file server for the built site (dist/), on 127.0.0.1 only.
// `node scripts/serve.mjs` serves dist/ until killed; end-to-end tests import `serve`.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = '127.0.0.1';
const DEFAULT_PORT = 5173;

/** Content types by extension; `application/wasm` lets the page use `WebAssembly.compileStreaming`. */
const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.kif': 'text/plain; charset=utf-8',
  '.csa': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the files under `root`.
 * @param {object} options
 * @param {string} options.root directory to serve
 * @param {number} [options.port] 0 (the default) picks a free port; a busy port falls back to a free one
 * @param {boolean} [options.crossOriginIsolated] send COOP/COEP headers (SharedArrayBuffer); off by
 *   default because the pages must work where the host cannot set them (a blog)
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function serve({ root, port = 0, crossOriginIsolated = false }) {
  const base = resolve(root);
  if (!(await stat(base).catch(() => undefined))?.isDirectory()) {
    throw new Error(`serve: ${base} is not a directory (run \`npm run build\` first?)`);
  }
  const server = createServer((request, response) => {
    handle(base, crossOriginIsolated, request, response).catch((error) => {
      if (!response.headersSent) send(response, 500, String(error));
      else response.destroy();
    });
  });
  const actualPort = await listen(server, port).catch((error) => {
    if (error?.code === 'EADDRINUSE' && port !== 0) return listen(server, 0);
    throw error;
  });
  return {
    url: `http://${HOST}:${actualPort}/`,
    port: actualPort,
    close: () =>
      new Promise((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
}

/** @returns {Promise<number>} */
function listen(server, port) {
  return new Promise((done, fail) => {
    const onError = (error) => fail(error);
    server.once('error', onError);
    server.listen(port, HOST, () => {
      server.off('error', onError);
      done(server.address().port);
    });
  });
}

async function handle(base, crossOriginIsolated, request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return send(response, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const url = new URL(request.url ?? '/', 'http://localhost');
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return send(response, 400, 'Bad request');
  }
  const path = join(base, pathname);
  if (pathname.includes('\0') || (path !== base && !path.startsWith(base + sep))) {
    return send(response, 403, 'Forbidden');
  }
  let file = path;
  let info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) {
    if (!url.pathname.endsWith('/')) {
      return send(response, 301, 'Moved', { Location: `${url.pathname}/${url.search}` });
    }
    file = join(path, 'index.html');
    info = await stat(file).catch(() => undefined);
  }
  if (!info?.isFile()) return send(response, 404, 'Not found');

  const headers = {
    'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  if (crossOriginIsolated) {
    headers['Cross-Origin-Opener-Policy'] = 'same-origin';
    headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
  }
  response.writeHead(200, headers);
  if (request.method === 'HEAD') return response.end();
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}

function send(response, status, text, headers = {}) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  response.end(text);
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = fileURLToPath(new URL('../dist/', import.meta.url));
  const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT;
  try {
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad PORT: ${process.env.PORT}`);
    const { url } = await serve({ root, port });
    console.log(`Serving shogi-wasm at ${url}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
