/**
 * Issue 20 "two-source check" on the real devnet, in Chromium (decision 0053): a lying gateway (Playwright route
 * interception of the devnet gateway's safes/{address} answer) swaps one of the team Safe's owners. Every signing
 * flow compares the Safe info it was given with the chain before the wallet is asked: the review lists the exact
 * difference, signing is not offered, and the Devnet Wallet (instrumented in the page) is never asked to sign or
 * send anything — for a queued transaction's confirmation and for a message signature. The untampered control
 * says the Safe info was checked against the chain and offers signing.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { getAddress } from 'viem';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { escapeRegExp, txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });

const ui = txFlowPage(() => app);
const { dialog } = ui;

/** The owner the lying gateway lists instead of owner 3 (account 2). */
const MALLORY = getAddress('0x000000000000000000000000000000000000dead');

type Json = Record<string, unknown>;

/** The gateway answers the team Safe's info with owner 3 swapped for MALLORY (everything else as the devnet says). */
async function swapOwner(page: Page) {
  let lied = 0;
  const path = `/v1/chains/${app.devnet.chainId}/safes/${ui.team()}`;
  await page.route(new RegExp(`^${escapeRegExp(app.devnet.gatewayUrl)}${escapeRegExp(path)}(\\?.*)?$`, 'i'), async (route: Route) => {
    const response = await route.fetch();
    const json = (await response.json()) as Json;
    const owners = json.owners as { value: string }[];
    json.owners = owners.map((o) => (o.value.toLowerCase() === ui.owner(2).toLowerCase() ? { ...o, value: MALLORY } : o));
    lied += 1;
    await route.fulfill({ response, json });
  });
  return { count: () => lied };
}

const OWNERS_DIFFERENCE = () => `Owners: the gateway lists ${MALLORY} that the chain does not have; the chain has ${ui.owner(2)} that the gateway does not list.`;
const blockedNotice = (page: Page) => dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked: the gateway’s Safe info does not match the chain.' });

/** Owner B (account 1) opens the seeded queued transaction at nonce 3 and starts Confirm. */
async function openConfirm(page: Page) {
  await ui.openSafe(page, 1);
  await ui.openQueuedTx(page, 3, /ETH|native|Send/i);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await installWalletSpy(page);
});
// The Safe info is polled: an answer in flight when the page closes is dropped, not reported as an error.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('control: the Safe info agrees with the chain; the review says so and offers signing', async ({ page }) => {
  await openConfirm(page);
  await expect(dialog(page).getByText(/^Checked against the chain: the owners, threshold, nonce, version, singleton, modules, guard and fallback handler/)).toBeVisible();
  await expect(blockedNotice(page)).toHaveCount(0);
  await expect(dialog(page).getByRole('button', { name: 'Sign and execute', exact: true })).toBeEnabled();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await signingCalls(page)).toEqual([]);
});

test('confirm: a gateway that swaps one owner blocks signing with the exact difference; the wallet is never asked', async ({ page }) => {
  const lie = await swapOwner(page);
  await openConfirm(page);
  expect(lie.count()).toBeGreaterThan(0);
  const notice = blockedNotice(page);
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('list', { name: 'Differences between the gateway and the chain' }).getByRole('listitem')).toHaveText([OWNERS_DIFFERENCE()]);
  await expect(notice).toContainText('Reload the Safe to read it again; if the difference stays, do not sign');
  await expect(dialog(page).getByText(/^Checked against the chain/)).toHaveCount(0);
  // Nothing to submit: the one button is disabled and says why; clicking it anyway sends nothing.
  const submit = dialog(page).getByRole('button', { name: /^(Sign|Sign and execute|Execute|Execute with relay)$/ });
  await expect(dialog(page).getByRole('radio')).toHaveCount(0);
  await expect(submit).toBeDisabled();
  await expect(dialog(page)).toContainText('Signing and execution are blocked: see the warning above.');
  await submit.click({ force: true });
  await expect(blockedNotice(page)).toBeVisible();
  expect(await signingCalls(page)).toEqual([]);
  // The way forward closes the flow (the Safe's info is then read again).
  await notice.getByRole('button', { name: 'Close and reload the Safe' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await signingCalls(page)).toEqual([]);
});

test('message: a gateway that swaps one owner blocks the signature with the exact difference; the wallet is never asked', async ({ page }) => {
  await swapOwner(page);
  await ui.openSafe(page, 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
  await page.getByRole('button', { name: 'Sign message' }).click();
  const d = dialog(page);
  await d.getByRole('radio', { name: /^Text/ }).check();
  await d.getByRole('textbox', { name: 'Message' }).fill('Two sources, one truth');
  await d.getByRole('button', { name: 'Review' }).click();
  await expect(d).toHaveAccessibleName('Confirm message');
  const notice = blockedNotice(page);
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice.getByRole('listitem')).toHaveText([OWNERS_DIFFERENCE()]);
  await expect(d.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
  // Nor is the on-chain way offered (its transaction flow would be blocked by the same check).
  await expect(d.getByRole('button', { name: 'Sign on-chain instead' })).toHaveCount(0);
  await d.getByRole('button', { name: 'Sign', exact: true }).click({ force: true });
  await expect(notice).toBeVisible();
  expect(await signingCalls(page)).toEqual([]);
  await notice.getByRole('button', { name: 'Close and reload the Safe' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await signingCalls(page)).toEqual([]);
});
