/**
 * The gateway's edges (security review F10): page links stay on the gateway, paging is bounded, answers are
 * bounded in size, and the read cache is bounded. Against a real HTTP server on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache } from '../../../../src/services/gateway/cache.ts';
import { GatewayError, MAX_RESPONSE_BYTES, createGatewayClient, pageUrl, readAllPages, readGatewayResponse } from '../../../../src/services/gateway/index.ts';
import { startTestServer } from './testServer.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const client = () => createGatewayClient({ baseUrl: `${server.baseUrl}/api`, validate: false });

describe('page links', () => {
  it('are followed on the gateway origin under its base path', () => {
    expect(pageUrl('https://gw.example/api', 'https://gw.example/api/v1/chains?cursor=limit%3D20%26offset%3D20')).toBe('https://gw.example/api/v1/chains?cursor=limit%3D20%26offset%3D20');
    expect(pageUrl('https://gw.example/api/', '/api/v1/chains?cursor=2')).toBe('https://gw.example/api/v1/chains?cursor=2');
  });

  it('are refused on another origin, outside the base path, or when not a URL', () => {
    expect(() => pageUrl('https://gw.example/api', 'https://evil.example/api/v1/chains')).toThrow('The gateway returned a page link outside the gateway (https://evil.example); it was not followed.');
    expect(() => pageUrl('https://gw.example/api', 'http://gw.example/api/v1/chains')).toThrow(/outside the gateway/);
    expect(() => pageUrl('https://gw.example/api', 'https://gw.example/other/v1/chains')).toThrow(/outside the gateway/);
    expect(() => pageUrl('https://gw.example/api', 'http://[::1')).toThrow('The gateway returned a page link that is not a URL.');
  });

  it('the client refuses a next link to another server and never requests it', async () => {
    await expect(client().getChainsConfig('http://127.0.0.1:1/api/v1/chains')).rejects.toThrow(/outside the gateway/);
    expect(server.hits).toHaveLength(0);
  });
});

describe('reading every page', () => {
  it('follows next links to the end', async () => {
    server.route('GET /api/v1/chains', (hit, res) => {
      const page = Number(new URL(hit.url, server.baseUrl).searchParams.get('p') ?? '1');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ count: 3, next: page < 3 ? `${server.baseUrl}/api/v1/chains?p=${page + 1}` : null, previous: null, results: [{ chainId: String(page) }] }));
    });
    const c = client();
    const all = await readAllPages(() => c.getChainsConfig(), (link) => c.getChainsConfig(link));
    expect(all).toEqual([{ chainId: '1' }, { chainId: '2' }, { chainId: '3' }]);
    expect(server.hitsOf('GET', '/api/v1/chains')).toBe(3);
  });

  it('a next link that points to itself ends in an error, not a hang', async () => {
    server.json('GET /api/v1/chains', () => ({ count: 1, next: `${server.baseUrl}/api/v1/chains?p=2`, previous: null, results: [{ chainId: '1' }] }));
    const c = client();
    await expect(readAllPages(() => c.getChainsConfig(), (link) => c.getChainsConfig(link))).rejects.toThrow("The gateway's page links go round in a loop; the list was not read to its end.");
    expect(server.hitsOf('GET', '/api/v1/chains')).toBe(2);
  });

  it('stops after the page limit when every link is new', async () => {
    let n = 0;
    const page = () => Promise.resolve({ results: [n], next: `p${(n += 1)}` });
    await expect(readAllPages(page, page, 5)).rejects.toThrow("The gateway's list has more than 5 pages; it was not read to its end.");
    expect(n).toBe(5);
  });
});

describe('answer size and depth', () => {
  it('an answer larger than the cap is refused, also without Content-Length', async () => {
    server.route('GET /api/v1/chains', (_hit, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      const chunk = 'x'.repeat(1024 * 1024);
      for (let i = 0; i < 9; i += 1) res.write(chunk);
      res.end();
    });
    await expect(client().getChainsConfig()).rejects.toThrow(`The gateway's answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB and was not read.`);
  });

  it('a declared Content-Length past the cap is refused unread', async () => {
    const res = new Response('{}', { status: 200, headers: { 'content-length': String(MAX_RESPONSE_BYTES + 1) } });
    await expect(readGatewayResponse(res)).rejects.toBeInstanceOf(GatewayError);
  });

  it('an answer under the cap is read as before', async () => {
    const body = JSON.stringify({ results: ['y'.repeat(100_000)] });
    await expect(readGatewayResponse(new Response(body, { status: 200 }), 200_000)).resolves.toEqual(JSON.parse(body));
    await expect(readGatewayResponse(new Response(body, { status: 200 }), 50_000)).rejects.toThrow(/larger than/);
  });
});

describe('read cache', () => {
  it('keeps at most maxEntries reads, dropping the least recently used', async () => {
    const cache = createReadCache({ maxEntries: 3 });
    const policy = { cache: true, kind: null, scopes: [] };
    let loads = 0;
    const load = (value: string) => () => Promise.resolve((loads += 1, value));
    for (const key of ['a', 'b', 'c']) await cache.read(key, policy, load(key));
    await cache.read('a', policy, load('a')); // a is used again: b is now the oldest
    await cache.read('d', policy, load('d'));
    expect(cache.size()).toBe(3);
    expect(loads).toBe(4);
    await cache.read('a', policy, load('a'));
    expect(loads).toBe(4);
    await cache.read('b', policy, load('b'));
    expect(loads).toBe(5);
  });
});
