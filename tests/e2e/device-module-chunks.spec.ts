/**
 * Issue 19, decision 0071, in Chromium against the devnet-mode build: the bundler's CommonJS-interop helpers that only
 * the signer-device libraries use are copied into their chunks (scripts/lib/lazyRuntimeHelpers.ts), not in the
 * runtime chunk of the first load. This checks both halves: the first load's runtime chunk has none of them, and
 * each device module's interface chunk — with every chunk it imports statically, where those copies are called
 * while the modules evaluate — loads in the page (pinned by the import map) without an error.
 *
 * No device is involved: importing a module evaluates its code and its libraries', it does not open WebHID, a
 * Trezor Connect popup, a WalletConnect relay or a camera.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../../scripts/lib/staticServer.ts';
import { buildDevnetApp } from './fixtures/devnetApp.ts';

const BUILD = join(process.cwd(), '.tmp', process.env.E2E_DEVNET_APP_DIR ?? 'e2e-devnet-app');
// No gateway or chain answers at this address: the page is only the origin (and import map) the chunks load in.
const config = { gatewayUrl: 'http://127.0.0.1:9', rpcOverrides: {}, devnet: null };

let server: StaticServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await buildDevnetApp();
  server = await startStaticServer({ dir: BUILD, config: () => config });
});
test.afterAll(async () => {
  await server?.stop();
});

async function chunksNamed(pattern: RegExp): Promise<string[]> {
  return (await readdir(join(BUILD, 'assets'))).filter((f) => pattern.test(f)).map((f) => `assets/${f}`);
}

test('the first load’s runtime chunk has only the app’s helpers; each device module’s chunks load with their own copies', async ({ page }) => {
  const [runtime] = await chunksNamed(/^rolldown-runtime-[\w-]{8}\.js$/);
  const runtimeCode = await readFile(join(BUILD, runtime!), 'utf8');
  // __toCommonJS's "module.exports", __require's message, __esmMin's rethrow: none of them on the first load.
  expect(runtimeCode).not.toContain('module.exports');
  expect(runtimeCode).not.toContain('require');
  expect(runtimeCode).not.toMatch(/throw \w+\[0\]/);

  const interfaces = await chunksNamed(/^(ledger|trezor|walletConnect|keystone)Interface-[\w-]{8}\.js$/);
  expect(interfaces.map((f) => f.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual([
    'assets/keystoneInterface',
    'assets/ledgerInterface',
    'assets/trezorInterface',
    'assets/walletConnectInterface',
  ]);
  // The copies are there: a chunk of a device library defines __toCommonJS's check itself.
  const copies = await Promise.all((await chunksNamed(/\.js$/)).map(async (f) => /["`]module\.exports["`]/.test(await readFile(join(BUILD, f), 'utf8'))));
  expect(copies.some(Boolean)).toBe(true);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server!.url}/`);
  for (const file of interfaces) {
    const loaded = await page.evaluate(async (url) => {
      try {
        const module = (await import(url)) as Record<string, unknown>;
        return { ok: true, exports: Object.values(module).filter((v) => typeof v === 'function').length };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    }, `${server!.url}/${file}`);
    expect(loaded, file).toEqual({ ok: true, exports: expect.any(Number) });
    expect((loaded as { exports: number }).exports, file).toBeGreaterThan(0);
  }
  expect(errors.filter((e) => /__|is not a function|is not defined/.test(e))).toEqual([]);
});
