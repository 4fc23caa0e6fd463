/**
 * More of issue 7 on the real devnet, in Chromium, with the Devnet Wallet (one devnet for the file; the tests run
 * in order and each reads the Safe's nonce from the chain):
 *   1. reject: owner A rejects the seeded transaction at the next nonce, owner B signs and executes the rejection;
 *   2. relay: owner A proposes an ERC20 transfer, owner B confirms it, then it is executed through the gateway's
 *      relay (the remaining count is shown before choosing);
 *   3. delete: the proposer deletes their own proposal (DeleteRequest signature);
 *   4. bulk execute: the two fully signed transactions at the front of the queue in one go;
 *   5. a batch of two transfers from the 1-of-1 solo Safe;
 *   6. add owner on the solo Safe (Settings change → Add signer).
 * Every test checks the chain with viem and what the app shows afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { erc721Abi, parseAbi, parseUnits, type Address } from 'viem';
import { DEVNET_ACCOUNTS, RELAYER_ACCOUNT } from '../../devnet/chain/accounts.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });

const ui = txFlowPage(() => app);
const { chain, owner, team, dialog, walletButton, selectAccount, balanceOf } = ui;
const safeAbi = parseAbi(['function getOwners() view returns (address[])', 'function getThreshold() view returns (uint256)', 'function nonce() view returns (uint256)']);
const solo = () => app.devnet.safes[1]!.address as Address;
/** A devnet account that owns nothing (4, 5, 6). */
const account = (i: number): Address => DEVNET_ACCOUNTS[i]!.address;

/** Either demo Safe, with owner A's wallet (account 0) connected. */
async function openSafe(page: Page, safe: Address) {
  if (safe === team()) return ui.openSafe(page, 0);
  await page.goto(app.url(`/home?safe=${app.devnet.shortName}:${safe}`));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
}

const nonceOf = async (safe: Address) => Number(await chain().readContract({ address: safe, abi: safeAbi, functionName: 'nonce' }));

interface QueuedSummary {
  id: string;
  executionInfo: { nonce: number; confirmationsSubmitted: number } | null;
  txInfo: { type: string; isCancellation?: boolean };
}

/** The gateway's queue of a Safe, read by the test itself (not through the app). */
async function gatewayQueue(safe: Address): Promise<QueuedSummary[]> {
  const res = await fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/safes/${safe}/transactions/queued`);
  expect(res.ok).toBe(true);
  const page = (await res.json()) as { results: { type: string; transaction?: QueuedSummary }[] };
  return page.results.flatMap((item) => (item.type === 'TRANSACTION' && item.transaction ? [item.transaction] : []));
}

const nav = (page: Page, name: 'Queue' | 'History') => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
const rows = (page: Page, nonce: number) => page.locator('.tx-row').filter({ has: page.locator('.tx-nonce', { hasText: new RegExp(`^${nonce}$`) }) });

const actions = (page: Page) => page.getByRole('group', { name: 'Transaction actions' });
const hashes = (page: Page) => dialog(page).getByRole('region', { name: 'Hashes' });

async function safeTxHashShown(page: Page): Promise<string> {
  const hash = await ui.shownSafeTxHash(page);
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  return hash;
}

async function closeDialog(page: Page) {
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
}

/** In the compose step: an ERC20 transfer. */
async function fillTransfer(page: Page, token: Address, recipient: Address, amount: string) {
  const d = dialog(page);
  await d.getByRole('radio', { name: 'Send tokens' }).check();
  await d.getByLabel('Token', { exact: true }).selectOption(token);
  await d.getByLabel('Recipient address').fill(recipient);
  await d.getByLabel('Amount', { exact: true }).fill(amount);
}

async function chooseNonce(page: Page, nonce: number | null) {
  const d = dialog(page);
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible({ timeout: 20_000 });
  if (nonce !== null) await d.getByLabel('Nonce', { exact: true }).fill(String(nonce));
  await d.getByRole('button', { name: 'Continue' }).click();
}

/** Owner A (account 0) proposes an ERC20 transfer from the team Safe at `nonce` (null: the recommended one) and signs it. */
async function proposeTransfer(page: Page, recipient: Address, amount: string, nonce: number | null): Promise<string> {
  await page.getByRole('button', { name: 'New transaction' }).click();
  await fillTransfer(page, app.devnet.tokens.usd.address, recipient, amount);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await chooseNonce(page, nonce);
  const hash = await safeTxHashShown(page);
  await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await closeDialog(page);
  return hash;
}

async function expectInHistory(page: Page, nonce: number, label: RegExp) {
  await nav(page, 'History');
  await expect(rows(page, nonce).filter({ hasText: label }).filter({ hasText: 'Success' }).first()).toBeVisible({ timeout: 20_000 });
}

test('reject: owner A rejects the queued transaction at the next nonce, owner B signs and executes the rejection', async ({ page }) => {
  test.setTimeout(180_000);
  const nonce = await nonceOf(team());
  const original = (await gatewayQueue(team())).filter((tx) => tx.executionInfo?.nonce === nonce);
  expect(original).toHaveLength(1);
  expect(original[0]!.txInfo.isCancellation).not.toBe(true);
  const ethBefore = await chain().getBalance({ address: owner(3) });

  await openSafe(page, team());
  await ui.openQueuedTx(page, nonce, /Sent/);
  await actions(page).getByRole('button', { name: 'Reject' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Reject transaction', exact: true })).toBeVisible();
  const rejectionHash = await safeTxHashShown(page);
  await expect(dialog(page).getByRole('region', { name: 'Transaction data' })).toContainText(team());
  await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await closeDialog(page);

  // The rejection now conflicts with the original at the same nonce.
  const queued = (await gatewayQueue(team())).filter((tx) => tx.executionInfo?.nonce === nonce);
  expect(queued.map((tx) => tx.txInfo.isCancellation === true).sort()).toEqual([false, true]);

  await selectAccount(page, 1);
  await ui.openQueuedTx(page, nonce, /On-chain rejection/);
  await actions(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(hashes(page)).toContainText(rejectionHash, { timeout: 20_000 });
  await dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await closeDialog(page);

  // On chain: the nonce advanced and the original (0.5 ETH to account 3) did not happen.
  expect(await nonceOf(team())).toBe(nonce + 1);
  expect(await chain().getBalance({ address: owner(3) })).toBe(ethBefore);
  expect((await gatewayQueue(team())).filter((tx) => tx.executionInfo?.nonce === nonce)).toHaveLength(0);
  await expectInHistory(page, nonce, /On-chain rejection/);
  await nav(page, 'Queue');
  await expect(page.locator('.tx-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(rows(page, nonce)).toHaveCount(0, { timeout: 20_000 });
});

test('relay: owner A proposes an ERC20 transfer, owner B confirms, it is executed through the relay', async ({ page }) => {
  test.setTimeout(180_000);
  const recipient = owner(3);
  const before = await balanceOf(app.devnet.tokens.usd.address, recipient);
  const nonce = await nonceOf(team());

  await openSafe(page, team());
  const safeTxHash = await proposeTransfer(page, recipient, '11', nonce);

  // Owner B adds a signature only: the last one, so "Execute now?" asks first and is answered No.
  await selectAccount(page, 1);
  await ui.openQueuedTx(page, nonce, /dUSD/);
  await actions(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(hashes(page)).toContainText(safeTxHash, { timeout: 20_000 });
  await dialog(page).getByRole('radio', { name: 'No, only sign (anyone can execute later)' }).check();
  await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 2 of 2.', { timeout: 20_000 });
  await closeDialog(page);

  // Now fully signed: "Execute" on the details, and the relay choice shows what is left before choosing.
  await ui.openQueuedTx(page, nonce, /dUSD/);
  await actions(page).getByRole('button', { name: 'Execute' }).click();
  await expect(hashes(page)).toContainText(safeTxHash, { timeout: 20_000 });
  const method = dialog(page).getByRole('group', { name: 'Execute with' });
  await expect(method.getByRole('radio', { name: 'Connected wallet' })).toBeChecked();
  await method.getByRole('radio', { name: 'Relay (5 of 5 left)' }).check();
  const relayerBefore = await chain().getTransactionCount({ address: RELAYER_ACCOUNT.address });
  await dialog(page).getByRole('button', { name: 'Execute with relay', exact: true }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await closeDialog(page);

  expect(await balanceOf(app.devnet.tokens.usd.address, recipient)).toBe(before + parseUnits('11', 6));
  expect(await nonceOf(team())).toBe(nonce + 1);
  // The relayer account sent it, and the gateway counts it against the Safe's quota.
  expect(await chain().getTransactionCount({ address: RELAYER_ACCOUNT.address })).toBe(relayerBefore + 1);
  const quota = (await (await fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/relay/${team()}`)).json()) as { remaining: number; limit: number };
  expect(quota).toEqual({ remaining: 4, limit: 5 });
  await expectInHistory(page, nonce, /dUSD/);
});

test('delete: the proposer deletes their own proposal with a DeleteRequest signature', async ({ page }) => {
  test.setTimeout(120_000);
  await openSafe(page, team());
  const safeTxHash = await proposeTransfer(page, account(4), '3', null);
  const proposed = (await gatewayQueue(team())).find((tx) => tx.id.includes(safeTxHash));
  expect(proposed).toBeDefined();
  const nonce = proposed!.executionInfo!.nonce;

  await ui.openQueuedTx(page, nonce, /dUSD/);
  await actions(page).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Delete this transaction?' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog(page).getByRole('status')).toContainText('The transaction was deleted.', { timeout: 20_000 });
  await closeDialog(page);

  expect((await gatewayQueue(team())).some((tx) => tx.id.includes(safeTxHash))).toBe(false);
  await nav(page, 'Queue');
  await expect(page.locator('.tx-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(rows(page, nonce)).toHaveCount(0, { timeout: 20_000 });
});

test('bulk execute: the two fully signed transactions at the front of the queue in one go', async ({ page }) => {
  test.setTimeout(180_000);
  const nonce = await nonceOf(team());
  // The seeded NFT transfer (2 of 2) is next; owner A proposes a transfer after it and owner B confirms it.
  const front = (await gatewayQueue(team())).filter((tx) => tx.executionInfo?.nonce === nonce);
  expect(front).toHaveLength(1);
  expect(front[0]!.executionInfo!.confirmationsSubmitted).toBe(2);
  const recipient = owner(2);
  const before = await balanceOf(app.devnet.tokens.usd.address, recipient);

  await openSafe(page, team());
  const safeTxHash = await proposeTransfer(page, recipient, '5', nonce + 1);
  await selectAccount(page, 1);
  await ui.openQueuedTx(page, nonce + 1, /dUSD/);
  await actions(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(hashes(page)).toContainText(safeTxHash, { timeout: 20_000 });
  await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 2 of 2.', { timeout: 20_000 });
  await closeDialog(page);

  await nav(page, 'Queue');
  await page.getByRole('button', { name: 'Execute 2 transactions' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Bulk execute' })).toBeVisible();
  await expect(dialog(page).getByRole('list', { name: 'Transactions' })).toContainText(safeTxHash, { timeout: 20_000 });
  // Each transaction is said as decoded here from its bytes, with its confirmations verified here.
  const list = dialog(page).getByRole('list', { name: 'Transactions' });
  await expect(list).toContainText(`#${nonce + 1} Send 5 dUSD to ${recipient.slice(0, 6)}…${recipient.slice(-4)}`);
  await expect(list).toContainText(`#${nonce} Send NFT #2 of`);
  await expect(list.getByText('Confirmations: 2 of 2 verified')).toHaveCount(2);
  await expect(list.getByRole('list', { name: `Confirmations of #${nonce + 1}` }).getByText('Verified')).toHaveCount(2);
  await expect(list).not.toContainText('gateway label');
  await dialog(page).getByRole('button', { name: 'Execute', exact: true }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await closeDialog(page);

  expect(await nonceOf(team())).toBe(nonce + 2);
  expect(await chain().readContract({ address: app.devnet.tokens.nft.address, abi: erc721Abi, functionName: 'ownerOf', args: [2n] })).toBe(owner(3));
  expect(await balanceOf(app.devnet.tokens.usd.address, recipient)).toBe(before + parseUnits('5', 6));
  await expectInHistory(page, nonce, /NFT|DNFT|Sent/);
  await expectInHistory(page, nonce + 1, /dUSD/);
});

test('batch: two transfers from the solo Safe in one transaction', async ({ page }) => {
  test.setTimeout(120_000);
  const dvt = app.devnet.tokens.dvt.address;
  const [r1, r2] = [owner(3), account(4)];
  const [before1, before2] = [await balanceOf(dvt, r1), await balanceOf(dvt, r2)];
  const nonce = await nonceOf(solo());

  await openSafe(page, solo());
  await page.getByRole('button', { name: 'New transaction' }).click();
  await fillTransfer(page, dvt, r1, '1.5');
  await dialog(page).getByRole('button', { name: 'Add to batch' }).click();
  await fillTransfer(page, dvt, r2, '2');
  await dialog(page).getByRole('button', { name: 'Add to batch' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Batch' })).toContainText('Batch (2)');
  await dialog(page).getByRole('button', { name: 'Review batch' }).click();
  await chooseNonce(page, null);
  await safeTxHashShown(page);
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText('Batch of 2 calls');
  await expect(dialog(page).getByRole('list', { name: 'Calls in this batch' }).getByRole('listitem')).toHaveCount(2);
  await dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await closeDialog(page);

  expect(await balanceOf(dvt, r1)).toBe(before1 + parseUnits('1.5', 18));
  expect(await balanceOf(dvt, r2)).toBe(before2 + parseUnits('2', 18));
  expect(await nonceOf(solo())).toBe(nonce + 1);
  await expectInHistory(page, nonce, /Batch|multiSend/i);
});

test('add owner: a settings change on the solo Safe adds a signer on chain', async ({ page }) => {
  test.setTimeout(120_000);
  const newOwner = owner(3);
  const nonce = await nonceOf(solo());
  expect(await chain().readContract({ address: solo(), abi: safeAbi, functionName: 'getOwners' })).toEqual([owner(0)]);

  await openSafe(page, solo());
  await page.getByRole('button', { name: 'New transaction' }).click();
  await dialog(page).getByRole('radio', { name: 'Settings change' }).check();
  await dialog(page).getByLabel('Change', { exact: true }).selectOption({ label: 'Add signer' });
  await dialog(page).getByLabel('New signer address').fill(newOwner);
  await dialog(page).getByLabel('Threshold').selectOption('1');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await chooseNonce(page, null);
  await safeTxHashShown(page);
  await expect(dialog(page).getByRole('region', { name: 'Warnings' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await closeDialog(page);

  const owners = await chain().readContract({ address: solo(), abi: safeAbi, functionName: 'getOwners' });
  expect(owners.map((o) => o.toLowerCase()).sort()).toEqual([owner(0), newOwner].map((o) => o.toLowerCase()).sort());
  expect(await chain().readContract({ address: solo(), abi: safeAbi, functionName: 'getThreshold' })).toBe(1n);
  expect(await nonceOf(solo())).toBe(nonce + 1);
  await expectInHistory(page, nonce, /Add owner/);
});
