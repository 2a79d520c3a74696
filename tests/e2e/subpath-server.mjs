// Serves a build under a sub-path, as a static host would: `node subpath-server.mjs PORT [ROOT] [PREFIX]`
// (defaults dist/ and /tools/studio/). Files are read on every request, so a test can swap them.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const port = Number(process.argv[2] ?? 4175);
const root = process.argv[3] ?? 'dist';
const prefix = process.argv[4] ?? '/tools/studio/';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json', '.json': 'application/json' };
createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (!url.pathname.startsWith(prefix)) {
    res.writeHead(404);
    return res.end('not under the sub-path');
  }
  let rel = url.pathname.slice(prefix.length) || 'index.html';
  rel = normalize(rel).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(root, rel));
    res.writeHead(200, { 'Content-Type': types[extname(rel)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
}).listen(port, '127.0.0.1');
