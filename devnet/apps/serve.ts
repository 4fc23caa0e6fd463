/**
 * One of the devnet's Safe Apps served on its OWN http origin, the way a developer serves the app they are
 * building (docs/safe-app-development.md, decision 0052): not on the gateway, on any free port of this computer.
 *
 *   npx tsx devnet/apps/serve.ts [--app probe|hello] [--port N] [--host 127.0.0.1] [--name "My Local Safe App"]
 *
 * Prints one line of JSON once it listens: {"url":"http://127.0.0.1:<port>","pid":<pid>}. `--port 0` (the
 * default) takes a free port. Serves index.html, main.js (bundled from devnet/apps/<app>/main.ts on first
 * request), manifest.json (the app's, with `--name` as its name when given) and icon.svg; manifest.json and the
 * icon carry `Access-Control-Allow-Origin: *`, which a Safe App needs so that the wallet on another origin can
 * read its manifest. SIGINT/SIGTERM stop it.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDevnetApp } from './index.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

const { values } = parseArgs({
  options: {
    app: { type: 'string', default: 'probe' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    name: { type: 'string' },
  },
});

const app = values.app === 'hello' ? 'hello' : values.app === 'probe' ? 'probe' : null;
if (!app) throw new Error(`--app must be probe or hello, not ${values.app}`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not ${values.port}`);

const file = (name: string) => readFile(join(HERE, app, name));
// Bundled once, before the first page asks for it.
const bundle = buildDevnetApp(app);

async function manifest(): Promise<string> {
  const json = JSON.parse((await file('manifest.json')).toString('utf8')) as Record<string, unknown>;
  return JSON.stringify(values.name ? { ...json, name: values.name } : json);
}

const ROUTES: Record<string, { type: string; body: () => Promise<string | Buffer>; cors?: boolean }> = {
  '/': { type: 'text/html; charset=utf-8', body: () => file('index.html') },
  '/index.html': { type: 'text/html; charset=utf-8', body: () => file('index.html') },
  '/main.js': { type: 'text/javascript; charset=utf-8', body: () => bundle },
  '/manifest.json': { type: 'application/json; charset=utf-8', body: manifest, cors: true },
  '/icon.svg': { type: 'image/svg+xml', body: () => file('icon.svg'), cors: true },
};

const server = createServer((req, res) => {
  const route = ROUTES[new URL(req.url ?? '/', 'http://localhost').pathname];
  if (!route || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  route.body().then(
    (body) => {
      res.writeHead(200, {
        'content-type': route.type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...(route.cors ? { 'access-control-allow-origin': '*' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    (error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
    },
  );
});

server.listen(port, values.host, () => {
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  console.log(JSON.stringify({ url: `http://${values.host}:${listening}`, pid: process.pid }));
});

const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
