/**
 * /apps/open in Chromium: the real OpenAppView + services against a throw-away devnet, with the devnet's demo
 * Safe App (our SDK) in the sandboxed iframe on the gateway's origin. The app's buttons call the bridge and the
 * answers shown in the app are checked; an app on the host's own origin is refused.
 * The host page is bundled in memory with Vite and served by node:http (the full app's Safe-session wiring is
 * the root's; this drives the screen's view on its own).
 */
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, type Rollup } from 'vite';
import { startDevnet, type Devnet } from '../../devnet/index.ts';

const files = new Map<string, { type: string; body: string | Uint8Array }>();
let server: Server | null = null;
let hostUrl = '';
let devnet: Devnet | null = null;

async function bundle(): Promise<void> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve('.'),
    plugins: [react()],
    build: {
      write: false,
      minify: false,
      modulePreload: false,
      target: 'es2022',
      rollupOptions: { input: { host: resolve('tests/e2e/apps-fixtures/host.tsx') }, output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  });
  for (const output of (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]) {
    for (const item of output.output) files.set(`/${item.fileName}`, { type: 'text/javascript; charset=utf-8', body: item.type === 'chunk' ? item.code : item.source });
  }
  files.set('/host.html', {
    type: 'text/html; charset=utf-8',
    body: '<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body><div id="root"></div><script type="module" src="/host.js"></script></body></html>',
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await bundle();
  server = createServer((req, res) => {
    const file = files.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  hostUrl = `http://127.0.0.1:${address.port}`;
  devnet = await startDevnet({ appOrigins: [hostUrl] });
});

test.afterAll(async () => {
  await devnet?.stop();
  if (server) await new Promise((done) => server!.close(done));
});

const hostPage = (appUrl: string): string => {
  if (!devnet) throw new Error('no devnet');
  const q = new URLSearchParams({ gateway: devnet.gatewayUrl, rpc: devnet.rpcUrl, safe: devnet.safes[0]!.address, appUrl });
  return `${hostUrl}/host.html?${q.toString()}`;
};

test('the demo Safe App runs in the sandboxed iframe and reads the Safe and chain through our bridge', async ({ page }) => {
  const appUrl = `${devnet!.gatewayUrl}/devnet/apps/hello`;
  await page.goto(hostPage(appUrl));
  const prompt = page.getByRole('dialog', { name: 'Open Safe App' });
  await expect(prompt).toContainText('Devnet Hello App');
  // Listed by the gateway: no unknown-app warning to accept.
  await expect(prompt.getByRole('note')).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Continue' }).click();

  const iframe = page.locator('iframe[title="Devnet Hello App"]');
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-same-origin');
  const app = page.frameLocator('iframe[title="Devnet Hello App"]');
  const team = devnet!.safes[0]!;
  await expect(app.locator('#status')).toContainText(`Connected to Safe ${team.address}`);

  await app.locator('#call-getSafeInfo').click();
  const safeInfo = app.locator('#result-getSafeInfo');
  await expect(safeInfo).toHaveAttribute('data-status', 'ok');
  const safe = JSON.parse((await safeInfo.textContent()) ?? '{}') as { safeAddress: string; chainId: number; threshold: number; owners: string[] };
  expect(safe).toMatchObject({ safeAddress: team.address, chainId: 31337, threshold: team.threshold });
  expect(safe.owners).toHaveLength(team.owners.length);

  await app.locator('#call-getChainInfo').click();
  await expect(app.locator('#result-getChainInfo')).toHaveAttribute('data-status', 'ok');
  expect(JSON.parse((await app.locator('#result-getChainInfo').textContent()) ?? '{}')).toMatchObject({ chainId: '31337', shortName: 'devnet' });

  await app.locator('#call-getEnvironmentInfo').click();
  await expect(app.locator('#result-getEnvironmentInfo')).toHaveAttribute('data-status', 'ok');
  expect(JSON.parse((await app.locator('#result-getEnvironmentInfo').textContent()) ?? '{}')).toEqual({ origin: hostUrl });

  await app.locator('#call-eth_call').click();
  await expect(app.locator('#result-eth_call')).toHaveAttribute('data-status', 'ok');
  expect(JSON.parse((await app.locator('#result-eth_call').textContent()) ?? '""')).toBe(`0x${team.threshold.toString(16).padStart(64, '0')}`);

  // A permission request is prompted over the app by the host; refusing answers the app with code 4001.
  await app.locator('#call-wallet_requestPermissions').click();
  const permissions = page.getByRole('dialog', { name: 'Permissions Request' });
  await expect(permissions).toContainText('Access to your address book');
  await permissions.getByRole('button', { name: 'Reject' }).click();
  await expect(app.locator('#result-wallet_requestPermissions')).toHaveText('Error: Permissions rejected (code 4001)');

  await page.getByRole('button', { name: 'Close app' }).click();
  await expect(page.getByRole('status')).toContainText('The app was closed.');
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('an app on the host’s own origin is refused and never framed', async ({ page }) => {
  await page.goto(hostPage(`${hostUrl}/host.html`));
  await expect(page.getByRole('alert')).toContainText('served from Countersign’s own origin and cannot be opened');
  await expect(page.locator('iframe')).toHaveCount(0);
});
