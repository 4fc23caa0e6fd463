/**
 * Issue 11, fault injection on the chain side: our chain client (src/services/chain) reads a real anvil through a
 * small Node proxy that answers 5xx, malformed bodies or hangs. It must follow the seed's chain policy
 * (product-spec §9: request timeout 10000 ms, retry 3 times with 150 ms delay, growing between attempts):
 * a 5xx or a malformed body is tried 4 times and then fails; a hanging request is abandoned after 10 s and
 * retried, and the retry reaches the chain.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/chain/anvil.ts';
import { CHAIN_CLIENT_DEFAULTS, createChainClient, type ChainConfig } from '../../src/services/chain/index.ts';

type Mode = 'forward' | '5xx' | 'malformed' | 'hangOnce';

let anvil: AnvilHandle;
let proxy: Server;
let proxyUrl = '';
let mode: Mode = 'forward';
let arrivals: number[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.push(Date.now());
      const current = mode;
      if (current === '5xx') return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"injected"}');
      if (current === 'malformed') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":');
      if (current === 'hangOnce') {
        mode = 'forward';
        return; // never answered
      }
      void fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) }).then(async (upstream) => {
        res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
      });
    });
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  proxyUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)));
  await anvil?.stop();
});

const chain = (): ChainConfig => ({
  chainId: '31337',
  chainName: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
  rpcUri: { authentication: 'NO_AUTHENTICATION', value: proxyUrl },
});

const gaps = () => arrivals.slice(1).map((at, i) => at - arrivals[i]!);

describe('chain reads through a faulty RPC', () => {
  it('reads the chain when the RPC answers (one request)', async () => {
    mode = 'forward';
    arrivals = [];
    expect(await createChainClient(chain()).getChainId()).toBe(31337);
    expect(arrivals).toHaveLength(1);
  });

  it('a 5xx is tried 1 + 3 times, at least 150 ms apart and growing, then fails', async () => {
    mode = '5xx';
    arrivals = [];
    await expect(createChainClient(chain()).getChainId()).rejects.toThrow(/HTTP request failed|503/);
    expect(arrivals).toHaveLength(1 + CHAIN_CLIENT_DEFAULTS.retryCount);
    const between = gaps();
    expect(between[0]).toBeGreaterThanOrEqual(CHAIN_CLIENT_DEFAULTS.retryDelay - 5);
    for (let i = 1; i < between.length; i++) expect(between[i]!).toBeGreaterThan(between[i - 1]!);
  });

  it('a malformed body is retried like a failure (1 + 3 times), then fails: never a made-up value', async () => {
    mode = 'malformed';
    arrivals = [];
    const result = await createChainClient(chain()).getChainId().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    expect(result).toHaveProperty('error');
    expect(arrivals).toHaveLength(1 + CHAIN_CLIENT_DEFAULTS.retryCount);
  });

  it('a hanging request is abandoned after 10 s and retried; the retry reaches the chain', async () => {
    mode = 'hangOnce';
    arrivals = [];
    const started = Date.now();
    expect(await createChainClient(chain()).getChainId()).toBe(31337);
    expect(arrivals).toHaveLength(2);
    expect(gaps()[0]!).toBeGreaterThanOrEqual(CHAIN_CLIENT_DEFAULTS.timeout);
    expect(Date.now() - started).toBeLessThan(CHAIN_CLIENT_DEFAULTS.timeout + 3_000);
  }, 30_000);
});
