// A tiny static HTTP server on 127.0.0.1 for browser tests. No dependencies.
//
//   import { startServer } from './lib/server.mjs';
//   const server = await startServer({
//     mounts: { '/': 'www', '/corpus/': corpusRoot() },     // URL prefix -> directory
//     headers: { 'Content-Security-Policy': "script-src 'self'" }, // added to every response
//   });
//   await page.goto(server.url + '/index.html');             // server.url = 'http://127.0.0.1:PORT'
//   await server.close();
//
// Options:
//   mounts   URL prefix -> directory. The longest matching prefix wins. Paths cannot escape
//            their directory (`..` is refused with 403).
//   headers  extra headers for every response, or a function (urlPath) -> headers object, e.g. to
//            give only corpus pages a strict Content-Security-Policy.
//   routes   exact URL path -> handler (req, res) for anything dynamic; checked before mounts.
//   port     default 0 (a free port).
//
// Files are served as their raw bytes. `.html` goes out as `text/html` WITHOUT a charset, so the
// browser decodes a corpus page the way it would on the web (BOM, <meta charset>, else its default).
// Every request's path is recorded in `server.requests` (handy to assert what a page fetched).

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

export async function startServer({ mounts = {}, headers = {}, routes = {}, port = 0 } = {}) {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const requests = [];
  const extraHeaders = (p) => (typeof headers === 'function' ? headers(p) || {} : headers);

  const server = createServer(async (req, res) => {
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad URL');
      return;
    }
    requests.push(urlPath);
    try {
      if (routes[urlPath]) {
        await routes[urlPath](req, res);
        return;
      }
      const prefix = prefixes.find((p) => urlPath.startsWith(p));
      if (prefix === undefined) return send(res, 404, 'not found', {});
      const dir = path.resolve(mounts[prefix]);
      let file = path.resolve(dir, '.' + path.sep + urlPath.slice(prefix.length));
      if (file !== dir && !file.startsWith(dir + path.sep)) return send(res, 403, 'forbidden', {});
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file).catch(() => null);
      if (body === null) return send(res, 404, 'not found', extraHeaders(urlPath));
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream',
        'Cache-Control': 'no-store',
        ...extraHeaders(urlPath),
      });
      res.end(body);
    } catch (err) {
      send(res, 500, String(err?.stack || err), {});
    }
  });

  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function send(res, status, text, headers) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}
