import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEnvOverrides, loadRuntimeConfig, parseRuntimeConfig } from '../../src/services/config.ts';
import { walletConnectRelayOf, walletsConfigIssue, walletsConfigOf } from '../../src/services/wallet/walletsConfig.ts';

describe('runtime configuration', () => {
  it('validates and normalises config.json', () => {
    expect(parseRuntimeConfig({ gatewayUrl: 'http://127.0.0.1:8080/' })).toEqual({
      gatewayUrl: 'http://127.0.0.1:8080',
      rpcOverrides: {},
      devnet: null,
    });
    expect(() => parseRuntimeConfig({ gatewayUrl: 'ftp://x' })).toThrow(/Invalid config.json: gatewayUrl/);
    expect(() => parseRuntimeConfig({ gatewayUrl: 'http://x', rpcOverrides: { eth: 'http://y' } })).toThrow(/rpcOverrides/);
    expect(() => parseRuntimeConfig(null)).toThrow(/Invalid config.json/);
  });

  it('carries the optional wallets section (issue 19), validated where it is used', () => {
    const wallets = { trezor: { email: 'ops@example.org', appUrl: 'https://safe.example.org' }, walletConnect: { projectId: '0123456789abcdef0123456789abcdef' } };
    const config = parseRuntimeConfig({ gatewayUrl: 'https://gw.example', wallets });
    expect(config).toEqual({ gatewayUrl: 'https://gw.example', rpcOverrides: {}, devnet: null, wallets });
    expect(applyEnvOverrides(config, { VITE_RPC_URL_1: 'https://rpc.example' })).toMatchObject({ wallets });
    expect(walletsConfigOf(config)).toEqual(wallets);
    expect(walletConnectRelayOf(config)).toBe('wss://relay.walletconnect.org');
    expect(walletsConfigIssue(config)).toBeNull();
    // Without the section: no key at all, nothing offered.
    const plain = parseRuntimeConfig({ gatewayUrl: 'https://gw.example' });
    expect(plain).not.toHaveProperty('wallets');
    expect(walletsConfigOf(plain)).toEqual({});
    expect(walletConnectRelayOf(plain)).toBeNull();
    // An invalid section still loads the app; the modules it configures are not offered, and the issue is named.
    const bad = parseRuntimeConfig({ gatewayUrl: 'https://gw.example', wallets: { trezor: { email: 'nope', appUrl: 'https://safe.example.org' } } });
    expect(walletsConfigOf(bad)).toEqual({});
    expect(walletsConfigIssue(bad)).toBe('wallets.trezor.email must be an email address');
    expect(walletsConfigIssue({ ...plain, wallets: { walletConnect: { projectId: '0123456789abcdef', relayUrl: 'http://relay.example' } } } as never)).toBe('wallets.walletConnect.relayUrl must be a wss URL');
  });

  it('takes a config without a gateway (RPC-only mode) when it names an RPC', () => {
    const rpcOnly = { rpcOverrides: { '1': 'https://rpc.example' } };
    expect(parseRuntimeConfig(rpcOnly)).toEqual({ gatewayUrl: null, rpcOverrides: { '1': 'https://rpc.example' }, devnet: null });
    expect(parseRuntimeConfig({ ...rpcOnly, gatewayUrl: null }).gatewayUrl).toBeNull();
    expect(() => parseRuntimeConfig({})).toThrow('Invalid config.json: without a gatewayUrl, name at least one RPC in rpcOverrides');
    expect(() => parseRuntimeConfig({ gatewayUrl: '' , ...rpcOnly })).toThrow(/gatewayUrl/);
    // The development override still sets one.
    expect(applyEnvOverrides(parseRuntimeConfig(rpcOnly), { VITE_GATEWAY_URL: 'http://gw.test' }).gatewayUrl).toBe('http://gw.test');
  });

  it('lets environment variables override the file in development', () => {
    const base = parseRuntimeConfig({ gatewayUrl: 'http://a.test', rpcOverrides: { '1': 'http://rpc.a' } });
    const merged = applyEnvOverrides(base, { VITE_GATEWAY_URL: 'http://b.test/', VITE_RPC_URL_5: 'http://rpc.b', DEV: true });
    expect(merged).toEqual({ gatewayUrl: 'http://b.test', rpcOverrides: { '1': 'http://rpc.a', '5': 'http://rpc.b' }, devnet: null });
  });

  describe('loading over HTTP', () => {
    let server: Server;
    let base = '';
    const bodies: Record<string, [number, string]> = {
      '/good/config.json': [200, JSON.stringify({ gatewayUrl: 'http://gw.test' })],
      '/bad/config.json': [200, '{not json'],
      '/missing/config.json': [404, 'nope'],
    };
    beforeAll(async () => {
      server = createServer((req, res) => {
        const [status, body] = bodies[req.url ?? ''] ?? [404, ''];
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const address = server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it('reads the file served beside index.html', async () => {
      await expect(loadRuntimeConfig(fetch, `${base}/good/`)).resolves.toMatchObject({ gatewayUrl: 'http://gw.test' });
    });
    it('says clearly when the file is missing or broken', async () => {
      await expect(loadRuntimeConfig(fetch, `${base}/missing/`)).rejects.toThrow('Could not load config.json: 404 Not Found');
      await expect(loadRuntimeConfig(fetch, `${base}/bad/`)).rejects.toThrow('Invalid config.json: not JSON');
    });
  });
});
