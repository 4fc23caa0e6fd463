/**
 * A small static server for the built app: serves dist/, answers `/config.json` from the given runtime
 * configuration (so one build serves every deployment), and falls back to index.html for app routes.
 * Every response carries the Content-Security-Policy computed from the config.json it serves (scripts/lib/csp.ts),
 * with script-src allowing index.html's import map by its hash (docs/decisions/0022-lazy-chunk-integrity.md).
 * No Strict-Transport-Security: this server speaks plain http (browsers ignore HSTS over http, and on localhost it
 * would pin every local port to https); the TLS-terminating host in front of a deployment sends it (README).
 * A request path that is not valid percent-encoding gets 400, and no request can stop the server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { serverPolicy } from './csp.ts';
import { importMapHashes } from './importMapIntegrity.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServerOptions {
  dir: string;
  host?: string;
  port?: number;
  /**
   * The runtime configuration served at /config.json (a value, or a function read on every request so it
   * can be set once other services are up); when absent, the built config.json is served.
   */
  config?: unknown;
  /** More origins for the policy's connect-src (e.g. public RPCs of chains without an rpcOverride). */
  connectSrc?: string[];
}

export interface StaticServer {
  url: string;
  port: number;
  server: Server;
  stop(): Promise<void>;
}

async function fileOrNull(path: string): Promise<Buffer | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? await readFile(path) : null;
  } catch {
    return null;
  }
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = resolve(options.dir);
  const index = await fileOrNull(join(root, 'index.html'));
  if (!index) throw new Error(`No index.html in ${root}: run \`npm run build\` first`);
  const configValue = (): unknown => (typeof options.config === 'function' ? (options.config as () => unknown)() : options.config);
  const configBody = (): string | null => {
    const value = configValue();
    return value === undefined ? null : JSON.stringify(value, null, 2);
  };
  const builtConfig = await fileOrNull(join(root, 'config.json'));
  const builtConfigValue = (() => {
    try {
      return builtConfig ? (JSON.parse(builtConfig.toString('utf8')) as unknown) : null;
    } catch {
      return null;
    }
  })();
  const scriptHashes = importMapHashes(index.toString('utf8'));
  /** The policy for the config.json a request made now would get. */
  const policy = () => serverPolicy(configValue() ?? builtConfigValue, { extraConnect: options.connectSrc ?? [], scriptHashes });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const headers = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': policy(),
      'x-frame-options': 'DENY',
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
      return;
    }
    let url: URL;
    let path: string;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      path = decodeURIComponent(url.pathname);
    } catch {
      // Not a URL, or not valid percent-encoding (`/%E0%A4%A`: decodeURIComponent throws a URIError).
      res.writeHead(400, { ...headers, 'content-type': TYPES['.txt'] }).end('Bad Request');
      return;
    }
    const config = url.pathname === '/config.json' ? configBody() : null;
    if (config !== null) {
      res.writeHead(200, { ...headers, 'content-type': TYPES['.json'], 'cache-control': 'no-store' }).end(config);
      return;
    }
    const target = normalize(join(root, path));
    if (target !== root && !target.startsWith(root + sep)) {
      res.writeHead(403, headers).end();
      return;
    }
    const body = await fileOrNull(target);
    if (body) {
      const immutable = url.pathname.startsWith('/assets/');
      res.writeHead(200, {
        ...headers,
        'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (extname(url.pathname)) {
      res.writeHead(404, { ...headers, 'content-type': TYPES['.txt'] }).end('Not found');
      return;
    }
    // An app route: the app decides (including its own 404 view).
    res.writeHead(200, { ...headers, 'content-type': TYPES['.html'], 'cache-control': 'no-cache' }).end(index);
  };

  const server = createServer((req, res) => {
    // Whatever fails while answering one request answers that request with 500; the server keeps serving.
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': TYPES['.txt'] }).end('Internal Server Error');
      else res.destroy(error instanceof Error ? error : undefined);
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    port,
    server,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
