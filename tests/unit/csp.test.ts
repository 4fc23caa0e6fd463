/**
 * Issue 11, hardening: the Content-Security-Policy our static server sends (from the config.json it serves),
 * the meta fallback, and Subresource Integrity on index.html's tags.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addIntegrity, sriOf } from '../../scripts/lib/buildIntegrity.ts';
import { metaPolicy, serverPolicy } from '../../scripts/lib/csp.ts';
import { cspHashOf } from '../../scripts/lib/importMapIntegrity.ts';
import { startStaticServer } from '../../scripts/lib/staticServer.ts';

/** A GET of a raw request target, as sent (fetch and URL would normalise a malformed one). */
function rawGet(url: string, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const parse = (policy: string): Record<string, string[]> =>
  Object.fromEntries(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

const production = { gatewayUrl: 'https://gateway.example/api', rpcOverrides: { '1': 'https://rpc.example:8443/key/abc' }, devnet: null };
const devnet = {
  gatewayUrl: 'http://127.0.0.1:5001',
  rpcOverrides: { '31337': 'http://127.0.0.1:8545' },
  devnet: { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', accounts: [] },
};

describe('serverPolicy', () => {
  it('connects only to its own origin, the configured gateway and RPC origins, and forbids framing', () => {
    const p = parse(serverPolicy(production));
    expect(p['connect-src']).toEqual(["'self'", 'https://gateway.example', 'https://rpc.example:8443']);
    expect(p['script-src']).toEqual(["'self'"]);
    expect(p['default-src']).toEqual(["'none'"]);
    expect(p['object-src']).toEqual(["'none'"]);
    expect(p['base-uri']).toEqual(["'none'"]);
    expect(p['frame-ancestors']).toEqual(["'none'"]);
    expect(p['frame-src']).toEqual(['https:']);
  });

  it('has no WalletConnect relay without a project id, and the relay (default or configured) with one (issue 19)', () => {
    const relayIn = (config: unknown) => parse(serverPolicy(config))['connect-src']!.filter((s) => s.startsWith('ws'));
    expect(relayIn(production)).toEqual([]);
    expect(relayIn({ ...production, wallets: {} })).toEqual([]);
    expect(relayIn({ ...production, wallets: { trezor: { email: 'ops@example.org', appUrl: 'https://safe.example.org' } } })).toEqual([]);
    expect(relayIn({ ...devnet })).toEqual([]);
    // An invalid section offers no WalletConnect, so no relay either.
    expect(relayIn({ ...production, wallets: { walletConnect: { projectId: 'not an id!' } } })).toEqual([]);
    expect(relayIn({ ...production, wallets: { walletConnect: { projectId: '0123456789abcdef0123456789abcdef' } } })).toEqual(['wss://relay.walletconnect.org']);
    const own = { ...production, wallets: { walletConnect: { projectId: '0123456789abcdef0123456789abcdef', relayUrl: 'wss://relay.example.org/path?x=1' } } };
    expect(parse(serverPolicy(own))['connect-src']).toEqual(["'self'", 'https://gateway.example', 'https://rpc.example:8443', 'wss://relay.example.org']);
  });

  it('on the devnet also frames, reads and shows images from the gateway origin and any port of this computer (decision 0052)', () => {
    const p = parse(serverPolicy(devnet));
    const local = ['http://127.0.0.1:*', 'http://localhost:*'];
    // The gateway's demo apps, and a developer's own app at http://localhost:<port> or http://127.0.0.1:<port>:
    // framed, its manifest.json read, its icon shown.
    expect(p['connect-src']).toEqual(["'self'", 'http://127.0.0.1:5001', 'http://127.0.0.1:8545', ...local]);
    expect(p['frame-src']).toEqual(['https:', 'http://127.0.0.1:5001', ...local]);
    expect(p['img-src']).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:5001', ...local]);
    // Nothing else over http, and frame-ancestors stays 'none'.
    for (const directive of ['connect-src', 'frame-src', 'img-src']) expect(p[directive]!.filter((s) => s.startsWith('http:') && !/^http:\/\/(127\.0\.0\.1|localhost):/.test(s)), directive).toEqual([]);
    expect(p['frame-ancestors']).toEqual(["'none'"]);
  });

  it('production keeps https only: no http source at all, localhost included, even with a local http gateway', () => {
    for (const config of [production, { ...production, gatewayUrl: 'https://gateway.example', rpcOverrides: {} }]) {
      const policy = serverPolicy(config);
      expect(policy).not.toContain('http:');
      expect(policy).not.toContain('localhost');
      expect(parse(policy)['frame-src']).toEqual(['https:']);
      expect(parse(policy)['img-src']).toEqual(["'self'", 'data:', 'https:']);
    }
    // A production config pointing at a local http gateway (npm run preview -- --gateway): only that origin is
    // reachable; no frame or image from this computer.
    const local = parse(serverPolicy({ gatewayUrl: 'http://127.0.0.1:5001', rpcOverrides: {}, devnet: null }));
    expect(local['connect-src']).toEqual(["'self'", 'http://127.0.0.1:5001']);
    expect(local['frame-src']).toEqual(['https:']);
    expect(local['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });

  it('adds extra connect origins; an invalid config gives the strictest policy', () => {
    expect(parse(serverPolicy(production, { extraConnect: ['https://eth.llamarpc.com/x', 'javascript:alert(1)'] }))['connect-src']).toEqual([
      "'self'",
      'https://gateway.example',
      'https://rpc.example:8443',
      'https://eth.llamarpc.com',
    ]);
    expect(parse(serverPolicy({ gatewayUrl: 'not a url' }))['connect-src']).toEqual(["'self'"]);
  });

  it('never allows inline scripts or eval, in the header or the meta fallback', () => {
    for (const policy of [serverPolicy(production), serverPolicy(devnet), metaPolicy('production'), metaPolicy('devnet')]) {
      const scripts = parse(policy)['script-src'];
      expect(scripts).toEqual(["'self'"]);
      expect(policy).not.toContain('unsafe-eval');
    }
  });

  it('meta fallback: cannot name runtime hosts (https:, plus loopback on devnet builds) and has no frame-ancestors', () => {
    expect(parse(metaPolicy('production'))['connect-src']).toEqual(["'self'", 'https:']);
    expect(parse(metaPolicy('devnet'))['connect-src']).toEqual(["'self'", 'https:', 'http://127.0.0.1:*', 'http://localhost:*']);
    expect(metaPolicy('production')).not.toContain('frame-ancestors');
    // The build-time fallback too: devnet builds frame and show this computer's http apps, production builds none.
    expect(parse(metaPolicy('production'))['frame-src']).toEqual(['https:']);
    expect(parse(metaPolicy('production'))['img-src']).toEqual(["'self'", 'data:', 'https:']);
    expect(parse(metaPolicy('devnet'))['frame-src']).toEqual(['https:', 'http://127.0.0.1:*', 'http://localhost:*']);
    expect(parse(metaPolicy('devnet'))['img-src']).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:*', 'http://localhost:*']);
  });
});

describe('static server', () => {
  it('sends the policy of the config.json it serves on every response', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'countersign-csp-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(dir, 'assets', 'a.js'), 'export {}');
    await writeFile(join(dir, 'config.json'), JSON.stringify(production));
    let config: unknown = undefined;
    const server = await startStaticServer({ dir, config: () => config });
    try {
      for (const path of ['/home', '/assets/a.js', '/config.json']) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(parse(res.headers.get('content-security-policy')!)['connect-src']).toEqual(["'self'", 'https://gateway.example', 'https://rpc.example:8443']);
      }
      config = devnet;
      const res = await fetch(`${server.url}/home`);
      expect(parse(res.headers.get('content-security-policy')!)['connect-src']).toEqual(["'self'", 'http://127.0.0.1:5001', 'http://127.0.0.1:8545', 'http://127.0.0.1:*', 'http://localhost:*']);
      expect(parse(res.headers.get('content-security-policy')!)['frame-src']).toEqual(['https:', 'http://127.0.0.1:5001', 'http://127.0.0.1:*', 'http://localhost:*']);
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('static server: bad requests, import map, HSTS', () => {
  it('answers a path that is not valid percent-encoding with 400 and keeps serving (security review F11)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'countersign-badpath-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(dir, 'assets', 'a.js'), 'export {}');
    const server = await startStaticServer({ dir, config: production });
    try {
      for (const path of ['/%E0%A4%A', '/assets/%E0%A4%A.js', '/%', '/home%FF']) {
        const bad = await rawGet(server.url, path);
        expect(bad.status, path).toBe(400);
        expect(bad.headers['content-security-policy'], path).toBeDefined();
      }
      const ok = await rawGet(server.url, '/assets/a.js');
      expect(ok).toMatchObject({ status: 200, body: 'export {}' });
      expect((await rawGet(server.url, '/home')).status).toBe(200);
      // A well-formed encoded path still decodes (and still cannot leave the build).
      expect((await rawGet(server.url, '/assets/%61.js')).body).toBe('export {}');
      expect((await rawGet(server.url, '/..%2F..%2Fetc%2Fpasswd')).status).toBe(403);
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("allows index.html's import map by its hash, and sends no Strict-Transport-Security over http", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'countersign-importmap-server-'));
    const map = '{"integrity":{"/assets/a.js":"sha384-x"}}';
    await writeFile(join(dir, 'index.html'), `<!doctype html><head><script type="importmap">${map}</script></head>`);
    const server = await startStaticServer({ dir, config: production });
    try {
      const res = await rawGet(server.url, '/home');
      expect(parse(String(res.headers['content-security-policy']))['script-src']).toEqual(["'self'", cspHashOf(map)]);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('addIntegrity', () => {
  const files: Record<string, string> = { 'assets/a.js': 'console.log(1)', 'assets/b.js': 'export {}', 'assets/c.css': 'body{}' };
  const read = async (path: string) => {
    const text = files[path];
    if (text === undefined) throw new Error(`no ${path}`);
    return new TextEncoder().encode(text);
  };
  const sri = (path: string) => sriOf(new TextEncoder().encode(files[path]!));

  it('adds sha384 integrity (and crossorigin) to local scripts, stylesheets and modulepreloads only', async () => {
    const html = [
      '<script type="module" crossorigin src="/assets/a.js"></script>',
      '<link rel="modulepreload" href="/assets/b.js">',
      '<link rel="stylesheet" crossorigin href="/assets/c.css">',
      '<link rel="icon" href="/favicon.ico">',
      '<script src="https://cdn.example/x.js"></script>',
    ].join('\n');
    const out = await addIntegrity(html, '/', read);
    expect(out).toContain(`<script type="module" crossorigin src="/assets/a.js" integrity="${sri('assets/a.js')}"></script>`);
    expect(out).toContain(`<link rel="modulepreload" href="/assets/b.js" integrity="${sri('assets/b.js')}" crossorigin>`);
    expect(out).toContain(`<link rel="stylesheet" crossorigin href="/assets/c.css" integrity="${sri('assets/c.css')}">`);
    expect(out).toContain('<link rel="icon" href="/favicon.ico">');
    expect(out).toContain('<script src="https://cdn.example/x.js"></script>');
  });

  it('refuses an inline script and a tag naming a file the build does not have', async () => {
    await expect(addIntegrity('<script>alert(1)</script>', '/', read)).rejects.toThrow(/inline script/);
    await expect(addIntegrity('<script type="module" src="/assets/missing.js"></script>', '/', read)).rejects.toThrow(/no assets\/missing.js/);
  });
});
