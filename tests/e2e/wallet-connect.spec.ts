/**
 * The wallet layer in Chromium: the real walletConnection machine with the real web3-onboard effects on a
 * small fixture page (tests/e2e/wallet-fixture), built by Vite like the app.
 *  - the bundle: web3-onboard is not in the initial chunk, and a production build carries no Devnet Wallet;
 *  - connect through web3-onboard's modal by clicking "Devnet Wallet" (EIP-6963), no request leaves 127.0.0.1
 *    (the Inter font download is off);
 *  - a reload reconnects the remembered wallet without a modal;
 *  - the wrong-chain banner's "Switch to <chain>" works, also for a chain the wallet must add first (4902);
 *  - disconnect forgets the wallet.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { startStaticServer, type StaticServer } from '../../scripts/lib/staticServer.ts';

const FIXTURE = join(import.meta.dirname, 'wallet-fixture');
const DEVNET_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const config = {
  gatewayUrl: 'http://127.0.0.1:9',
  rpcOverrides: {},
  devnet: {
    chainId: 31337,
    rpcUrl: 'http://127.0.0.1:9',
    // anvil's well-known test account #1 (public test key, never a real one)
    accounts: [{ address: DEVNET_ACCOUNT, privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' }],
  },
};

let dir: string;
let server: StaticServer;

async function buildFixture(mode: 'devnet' | 'production', outDir: string) {
  await build({
    configFile: false,
    root: FIXTURE,
    base: './',
    mode,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}

/** The JS a first paint loads: the entry script and its modulepreloads. */
async function initialChunks(outDir: string): Promise<string[]> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return Promise.all(files.map((f) => readFile(join(outDir, f), 'utf8')));
}

async function allChunks(outDir: string): Promise<string[]> {
  const names = (await readdir(join(outDir, 'assets'))).filter((n) => n.endsWith('.js'));
  return Promise.all(names.map((n) => readFile(join(outDir, 'assets', n), 'utf8')));
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = await mkdtemp(join(tmpdir(), 'countersign-wallet-'));
  await buildFixture('devnet', join(dir, 'devnet'));
  await buildFixture('production', join(dir, 'production'));
  server = await startStaticServer({ dir: join(dir, 'devnet'), config });
});
test.afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('web3-onboard stays out of the first paint; production builds carry no Devnet Wallet', async () => {
  for (const mode of ['devnet', 'production']) {
    const initial = (await initialChunks(join(dir, mode))).join('\n');
    expect(initial.length).toBeGreaterThan(0);
    // `onboard-v2` is web3-onboard's custom element, `--w3o-` its theme variables (checked with includes()
    // so a failure does not print megabytes of bundle).
    expect(initial.includes('onboard-v2') || initial.includes('--w3o-'), `${mode}: web3-onboard in the initial chunks`).toBe(false);
    const all = (await allChunks(join(dir, mode))).join('\n');
    expect(all.includes('onboard-v2'), `${mode}: web3-onboard in a lazy chunk`).toBe(true);
  }
  expect((await allChunks(join(dir, 'devnet'))).join('\n').includes('Devnet Wallet'), 'devnet build offers the Devnet Wallet').toBe(true);
  expect((await allChunks(join(dir, 'production'))).join('\n').includes('Devnet Wallet'), 'production build has no Devnet Wallet').toBe(false);
});

function watchRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') outside.push(request.url());
  });
  return outside;
}

const walletButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^Wallet ${DEVNET_ACCOUNT}`) });

test('connects the Devnet Wallet through the modal, remembers it, switches chain, disconnects', async ({ page }) => {
  const outside = watchRequests(page);
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(walletButton(page)).toBeVisible({ timeout: 20_000 });
  await expect(walletButton(page)).toHaveAccessibleName(new RegExp(`^Wallet ${DEVNET_ACCOUNT} on Devnet: `));
  expect(await page.evaluate(() => localStorage.getItem('countersign.lastWallet'))).toBe('Devnet Wallet');

  // A reload reconnects without any modal.
  await page.reload();
  await expect(walletButton(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Devnet Wallet' })).toHaveCount(0);

  // The open Safe is on a chain the wallet does not know: wrong chain, then switch (4902 → add → switch).
  await page.evaluate(() => (window as unknown as { __walletFixture: { send(e: unknown): void } }).__walletFixture.send({ type: 'system.requiredChainChanged', chainId: '100100' }));
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Wrong network detected, switch or disconnect to continue.');
  await banner.getByRole('button', { name: 'Switch to Sidechain' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(walletButton(page)).toHaveAccessibleName(new RegExp(`^Wallet ${DEVNET_ACCOUNT} on Sidechain: `));

  // And back to the devnet, a chain the wallet knows.
  await page.evaluate(() => (window as unknown as { __walletFixture: { send(e: unknown): void } }).__walletFixture.send({ type: 'system.requiredChainChanged', chainId: '31337' }));
  await page.getByRole('alert').getByRole('button', { name: 'Switch to Devnet' }).click();
  await expect(walletButton(page)).toHaveAccessibleName(new RegExp(`^Wallet ${DEVNET_ACCOUNT} on Devnet: `));

  await walletButton(page).click();
  await page.getByRole('dialog', { name: 'Connected wallet' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('countersign.lastWallet'))).toBeNull();

  expect(outside).toEqual([]);
});
