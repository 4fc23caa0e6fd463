// The devnet's local Safe Client Gateway: hono on Node (127.0.0.1 only), speaking the real gateway's JSON.
//   createGatewayApp(opts)  → the hono app (for in-process tests with app.request)
//   startGateway(opts)      → listens on 127.0.0.1:<port> and returns { url, port, stop }
import type { AddressInfo as NetAddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { GatewayOptions } from './config.ts';
import { createContext, type GatewayContext } from './context.ts';
import { errorResponse, notFound } from './errors.ts';
import { accountRoutes } from './routes/accounts.ts';
import { chainRoutes } from './routes/chains.ts';
import { decodingRoutes } from './routes/decoding.ts';
import { messageRoutes } from './routes/messages.ts';
import { relayRoutes } from './routes/relay.ts';
import { explorerRoutes } from './routes/explorer.ts';
import { fixtureRoutes } from './routes/fixtures.ts';
import { safeRoutes } from './routes/safes.ts';
import { transactionRoutes } from './routes/transactions.ts';
import { devnetAppRoutes } from '../apps/index.ts';
import { likeRealGateway, routeMissing } from './realGateway.ts';

export type { GatewayOptions } from './config.ts';
export { DEFAULT_FEATURES } from './config.ts';
export { NOT_OFFERED_BY_REAL_GATEWAY } from './realGateway.ts';

export type GatewayApp = Hono & { gateway: GatewayContext; close(): Promise<void> };

export type GatewayHandle = { url: string; port: number; stop(): Promise<void> };

const LOCAL_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;

export async function createGatewayApp(opts: GatewayOptions): Promise<GatewayApp> {
  const ctx = await createContext(opts);
  const app = new Hono();
  const allowed = opts.corsOrigins;
  app.use(
    '*',
    cors({
      origin: (origin) => {
        if (!origin) return null;
        if (allowed) return allowed.includes(origin) || allowed.includes('*') ? origin : null;
        return LOCAL_ORIGIN.test(origin) ? origin : null;
      },
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Safe-Wallet-Signature', 'Safe-Wallet-Signature-Timestamp', 'Authorization'],
      credentials: true,
      maxAge: 600,
    }),
  );
  // today's real gateway no longer serves some seed endpoints: answer them as its router does (decision 0051)
  if (opts.likeRealGateway) app.use('*', likeRealGateway());
  // every /vN/chains/{chainId}/... route serves the devnet chain only
  const chainGuard = async (c: { req: { param(name: string): string | undefined } }, next: () => Promise<void>): Promise<void> => {
    const chainId = c.req.param('chainId');
    if (chainId !== undefined && chainId !== String(opts.chainId)) throw notFound(`Chain ${chainId} is not supported by this gateway`);
    await next();
  };
  for (const v of ['v1', 'v2']) {
    app.use(`/${v}/chains/:chainId`, chainGuard);
    app.use(`/${v}/chains/:chainId/*`, chainGuard);
  }

  chainRoutes(app, ctx);
  safeRoutes(app, ctx);
  transactionRoutes(app, ctx);
  messageRoutes(app, ctx);
  decodingRoutes(app, ctx);
  accountRoutes(app, ctx);
  relayRoutes(app, ctx);
  explorerRoutes(app, ctx);
  // devnet-only: register a large-Safe fixture (decision 0068)
  fixtureRoutes(app, ctx);
  // the demo Safe App the default safe-apps list points at (devnet/apps)
  devnetAppRoutes(app);

  // an unknown route: the real gateway's (NestJS on Express) answer
  app.notFound((c) => routeMissing(c));
  app.onError((err, c) => errorResponse(c, err));

  let closed = false;
  return Object.assign(app, {
    gateway: ctx,
    async close() {
      if (closed) return;
      closed = true;
      ctx.store.close();
    },
  });
}

export async function startGateway(opts: GatewayOptions): Promise<GatewayHandle> {
  const port = opts.port ?? 0;
  // the chain config names the gateway's own URL (transactionService): filled in once the port is known,
  // before the first request is answered
  const options: GatewayOptions = { ...opts };
  const app = await createGatewayApp(options);
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => resolve(s));
    s.once('error', reject);
  });
  // Keep idle connections open far longer than any test waits between requests. With Node's default of 5 s, a
  // client that reuses a pooled connection just as the server closes it gets ECONNRESET (seen in CI from
  // Playwright's route.fetch, whose pool keeps sockets until the server ends them).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 10 * 60_000;
    server.headersTimeout = 10 * 60_000 + 1_000;
  }
  const actual = (server.address() as NetAddressInfo).port;
  const url = `http://127.0.0.1:${actual}`;
  options.publicUrl = url;
  // warm the index so the first request is fast
  await app.gateway.sync().catch(() => undefined);
  let stopped: Promise<void> | null = null;
  return {
    url,
    port: actual,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }).then(() => app.close());
      return stopped;
    },
  };
}
