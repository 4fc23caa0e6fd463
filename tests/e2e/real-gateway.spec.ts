/**
 * Decision 0051 on the real devnet, in Chromium, with the devnet's gateway answering like Safe's production
 * gateway of 2026 (likeRealGateway: the e-mail calls, unsubscribe, /v1 owners' Safes, the confirmation view and v1
 * collectibles answer the router's 404). E-mail alerts and unsubscribe say calmly that this gateway does not offer
 * them (the wallet is never asked to sign for nothing), and the rest works: My Safe accounts (through /v3), NFTs
 * (v2), and a transaction proposed, confirmed and executed, checked on chain.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { getAddress } from 'viem';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls, walletCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp({ likeRealGateway: true });
const ui = txFlowPage(() => app);
const { dialog, owner } = ui;

const NOT_OFFERED = /not offered by this gateway/;

/** The gateway requests a page made, as `METHOD /path` with the status the gateway answered. */
function gatewayLog(page: Page) {
  const seen: string[] = [];
  page.on('requestfinished', async (request: Request) => {
    if (!request.url().startsWith(app.devnet.gatewayUrl)) return;
    // The page may close while a late request finishes: its status is then unknown (0), not an error of the test.
    const response = await request.response().catch(() => null);
    seen.push(`${request.method()} ${new URL(request.url()).pathname} ${response?.status() ?? 0}`);
  });
  return seen;
}

test('the devnet answers the dropped endpoints with the real router’s 404 and serves their replacements', async () => {
  const gw = (path: string, init?: RequestInit) => fetch(`${app.devnet.gatewayUrl}${path}`, init);
  const ownerAddress = owner(0);
  const dropped = await gw(`/v1/owners/${ownerAddress}/safes`);
  expect(dropped.status).toBe(404);
  expect(await dropped.json()).toEqual({ message: `Cannot GET /v1/owners/${ownerAddress}/safes`, error: 'Not Found', statusCode: 404 });
  expect((await gw(`/v3/owners/${ownerAddress}/safes`)).status).toBe(200);
  expect((await gw('/v1/subscriptions/all?token=x', { method: 'DELETE' })).status).toBe(404);
});

test('e-mail alerts and unsubscribe say they are not offered by this gateway; the wallet is never asked', async ({ page }) => {
  test.setTimeout(120_000);
  await installWalletSpy(page);
  const log = gatewayLog(page);
  await ui.openSafe(page, 0);
  await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });

  const email = page.getByRole('region', { name: 'E-mail alerts' });
  const form = email.getByRole('form', { name: 'Register e-mail address' });
  await form.getByLabel('E-mail address').fill('owner@example.com');
  await form.getByRole('button', { name: 'Register address' }).click();
  await expect(email.getByRole('status')).toContainText(NOT_OFFERED);
  await expect(email.getByRole('alert')).toHaveCount(0);
  await expect(email.getByRole('form')).toHaveCount(0);
  // the spy does see the wallet (the connection), and nothing was asked to sign
  expect(await walletCalls(page)).toContain('eth_accounts');
  expect(await signingCalls(page)).toEqual([]);
  expect(log.filter((l) => l.includes('/emails/'))).toEqual([`GET /v1/chains/${app.devnet.chainId}/safes/${getAddress(ui.team())}/emails/${owner(0)} 404`]);

  const unsubscribe = page.getByRole('region', { name: 'Unsubscribe' });
  await unsubscribe.getByText('Unsubscribe without the link').click();
  await unsubscribe.getByLabel('Unsubscribe token').fill('8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f');
  await unsubscribe.getByRole('button', { name: 'Unsubscribe from all' }).click();
  await expect(unsubscribe.getByRole('status')).toContainText(NOT_OFFERED);
  await expect(unsubscribe.getByRole('form', { name: 'Unsubscribe' })).toHaveCount(0);

  // and the rest of the app goes on: the Safe's home with its balances
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await expect(page.getByText('dUSD').first()).toBeVisible({ timeout: 20_000 });
  expect(await signingCalls(page)).toEqual([]);
});

test('My Safe accounts lists the owned Safes through /v3, and the NFTs load (v2)', async ({ page }) => {
  test.setTimeout(120_000);
  const log = gatewayLog(page);
  await ui.openSafe(page, 0);
  await page.goto(app.url('/welcome/accounts'));
  const owned = page.getByRole('list', { name: 'Owned Safes' });
  await expect(owned.getByRole('link', { name: new RegExp(ui.team(), 'i') })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => log.filter((l) => /\/owners\/[^/]+\/safes/.test(l) && !l.includes('/chains/'))).toEqual([`GET /v3/owners/${owner(0)}/safes 200`]);

  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NFTs' }).click();
  await expect(page.getByRole('list', { name: 'NFTs' }).getByRole('listitem', { name: 'Devnet Collectibles #0', exact: true })).toBeVisible({ timeout: 45_000 });
  // The card can be drawn before Playwright reports its request finished (the log is written from that event).
  await expect.poll(() => log.some((l) => l.startsWith('GET /v2/') && l.includes('/collectibles') && l.endsWith(' 200'))).toBe(true);
  expect(log.filter((l) => l.startsWith('GET /v1/') && l.includes('/collectibles'))).toEqual([]);
});

test('a transaction is proposed, confirmed and executed without the confirmation view', async ({ page }) => {
  test.setTimeout(180_000);
  const log = gatewayLog(page);
  const recipient = owner(3);
  const before = await ui.balanceOf(app.devnet.tokens.usd.address, recipient);
  const nonce = await ui.safeNonce();

  await ui.openSafe(page, 0);
  await page.getByRole('button', { name: 'New transaction' }).click();
  await ui.composeTransfer(page, recipient, '3');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await ui.chooseNonce(page, nonce);
  const safeTxHash = await ui.shownSafeTxHash(page);
  await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  await ui.selectAccount(page, 1);
  await ui.openQueuedTx(page, nonce, /dUSD|Send|Transfer/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toContainText(safeTxHash, { timeout: 20_000 });
  await dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  expect(await ui.balanceOf(app.devnet.tokens.usd.address, recipient)).toBe(before + 3_000_000n);
  expect(await ui.safeNonce()).toBe(nonce + 1);
  // the gateway's confirmation view was asked for, answered 404, and nothing broke
  expect(log.some((l) => l.includes('/views/transaction-confirmation') && l.endsWith(' 404'))).toBe(true);
});
