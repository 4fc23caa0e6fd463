/** A real HTTP server on 127.0.0.1 (random port) whose routes the tests program; it counts hits. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../../src/services/gateway/index.ts';

export interface Hit {
  method: string;
  /** Raw request target (path + query) as received. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (hit: Hit, res: ServerResponse) => void | Promise<void>;

export async function startTestServer() {
  const routes = new Map<string, Handler>();
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit: Hit = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      const path = hit.url.split('?')[0] ?? '/';
      const handler = routes.get(`${hit.method} ${path}`) ?? routes.get(`* ${path}`);
      if (!handler) {
        res.writeHead(404, 'Not Found', { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 404, message: `no route ${hit.method} ${path}` }));
        return;
      }
      void Promise.resolve(handler(hit, res)).catch((error: unknown) => {
        res.writeHead(500, 'Test Handler Crashed');
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    hits,
    /** `route('GET /v1/chains', handler)`; method `*` matches any. */
    route(key: string, handler: Handler) {
      routes.set(key, handler);
    },
    json(key: string, body: unknown | (() => unknown), status = 200, delayMs = 0) {
      routes.set(key, async (_hit, res) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(typeof body === 'function' ? (body as () => unknown)() : body));
      });
    },
    hitsOf(method: string, path: string) {
      return hits.filter((hit) => hit.method === method && (hit.url.split('?')[0] ?? '') === path).length;
    },
    reset() {
      routes.clear();
      hits.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** One answer of the Safe info route: status and body text, as sent. */
export interface SafeInfoAnswer {
  status: number;
  body: string;
}

/**
 * For a describe block or file: a test server (started once) whose Safe info route for `chainId`/`safe` gives the
 * answers set with `answer(...)` in turn (the last one again once they run out), and a new gateway client on it
 * before each test. Its members read the running server, inside tests only.
 */
export function serveSafeInfo(chainId: string, safe: string) {
  let server: TestServer | null = null;
  let client: GatewayClient | null = null;
  let answers: SafeInfoAnswer[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    const running = server!;
    running.reset();
    client = createGatewayClient({ baseUrl: `${running.baseUrl}/` });
    answers = [];
    running.route(`GET /v1/chains/${chainId}/safes/${safe}`, (_hit, res) => {
      const answer = answers.length > 1 ? answers.shift()! : answers[0];
      if (!answer) throw new Error('no Safe info answer set');
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body);
    });
  });
  return {
    get server(): TestServer {
      return server!;
    },
    get client(): GatewayClient {
      return client!;
    },
    /** The answers the route gives from now on. */
    answer(...next: SafeInfoAnswer[]): void {
      answers = next;
    },
  };
}
