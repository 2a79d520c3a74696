// Serves dist/ under a sub-path (/tools/studio/), as a static host would, to check relative URLs.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const port = Number(process.argv[2] ?? 4175);
const prefix = '/tools/studio/';
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
    const body = await readFile(join('dist', rel));
    res.writeHead(200, { 'Content-Type': types[extname(rel)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
}).listen(port, '127.0.0.1');
