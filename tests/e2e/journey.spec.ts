/**
 * Issue 11, the whole journey of two owners on the devnet, in Chromium with the Devnet Wallet, as users would go:
 * owner A connects, creates a 2-of-2 Safe with owner B, the test funds it, owner A opens it and proposes a native
 * transfer; owner B (the Devnet Wallet's second account, in-app navigation) finds it in the queue, confirms and
 * executes it; both see it in the history. Owner A signs an off-chain message, owner B confirms it: CONFIRMED,
 * and valid on chain through EIP-1271. The audit view lists the flows' streams, and an exported one verifies with
 * `npm run audit:verify`. Every step is checked on chain with viem where it has an on-chain effect.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createWalletClient, formatEther, getAddress, hashMessage, http, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { mintErc20 } from '../../devnet/chain/tokens.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls, expectSigningCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
const { chain, owner, dialog, walletButton, selectAccount, openQueuedTx } = txFlowPage(() => app);

const safeAbi = parseAbi([
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function nonce() view returns (uint256)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);
const MAGIC_HASH_FORM = '0x1626ba7e';
const dir = mkdtempSync(join(tmpdir(), 'journey-e2e-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
const txRow = (page: Page, nonce: number) => page.locator('.tx-row').filter({ has: page.locator('.tx-nonce', { hasText: new RegExp(`^${nonce}$`) }) });

/** Owner A creates the 2-of-2 Safe from /welcome; returns its address (the app opens it). */
async function createSafe(page: Page, owners: readonly Address[]): Promise<Address> {
  await page.goto(app.url('/welcome'));
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Create new Safe' }).click();
  const form = page.getByRole('form', { name: 'Set up the new Safe' });
  await expect(form.getByRole('textbox', { name: 'Signer 1 address' })).toHaveValue(owners[0]!);
  await form.getByRole('button', { name: 'Add signer' }).click();
  await form.getByRole('textbox', { name: 'Signer 2 address' }).fill(owners[1]!);
  await form.getByRole('combobox', { name: /Threshold/ }).selectOption('2');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Any transaction requires the confirmation of: 2 out of 2 signers')).toBeVisible();
  const predicted = getAddress((await page.getByTestId('predicted-address').getAttribute('data-address'))!);
  await page.getByRole('button', { name: 'Create Safe' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('safe') === `${app.devnet.shortName}:${predicted}`, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  return predicted;
}

test('two owners: create a 2-of-2 Safe, fund it, propose, confirm and execute a transfer, sign a message, audit the flows', async ({ page }) => {
  test.setTimeout(300_000);
  await installWalletSpy(page);
  const [a, b] = [getAddress(owner(0)), getAddress(owner(1))];
  const recipient = getAddress(owner(3));

  // ── Owner A creates the Safe ───────────────────────────────────────────────────────────────────────
  const safe = await createSafe(page, [a, b]);
  const read = <F extends 'getOwners' | 'getThreshold' | 'nonce'>(functionName: F) => chain().readContract({ address: safe, abi: safeAbi, functionName });
  expect(await read('getOwners')).toEqual([a, b]);
  expect(await read('getThreshold')).toBe(2n);
  expect(await read('nonce')).toBe(0n);

  // ── The test funds it: 1 ETH from account 3, 250 dUSD minted to it ───────────────────────────────────
  const funder = createWalletClient({ account: privateKeyToAccount(app.devnet.owners[3]!.privateKey as Hex), transport: http(app.devnet.rpcUrl) });
  const funding = await funder.sendTransaction({ to: safe, value: parseEther('1'), chain: null });
  expect((await chain().waitForTransactionReceipt({ hash: funding })).status).toBe('success');
  await mintErc20(app.devnet.rpcUrl, app.devnet.tokens.usd.address, safe, parseUnits('250', 6));

  // The Safe's assets show the funds (a reload reads them fresh; the Devnet Wallet reconnects with the tab's account, owner A).
  await page.reload();
  await expect(walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await nav(page, 'Assets');
  const assets = page.getByRole('main');
  await expect(assets).toContainText('250', { timeout: 20_000 });
  await expect(assets).toContainText('dUSD');
  await expect(assets).toContainText('ETH');

  // ── Owner A proposes 0.25 ETH to account 3 ───────────────────────────────────────────────────────────
  const before = await chain().getBalance({ address: recipient });
  await page.getByRole('button', { name: 'New transaction' }).click();
  const d = dialog(page);
  await d.getByRole('radio', { name: 'Send tokens' }).check();
  await d.getByLabel('Token', { exact: true }).selectOption('');
  await d.getByLabel('Recipient address').fill(recipient);
  await d.getByLabel('Amount', { exact: true }).fill('0.25');
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(d.getByLabel('Nonce', { exact: true })).toHaveValue('0', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Continue' }).click();
  const hashes = d.getByRole('region', { name: 'Hashes' });
  await expect(hashes).toBeVisible({ timeout: 20_000 });
  const safeTxHash = (await hashes.locator('code').last().textContent())!.trim();
  expect(safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Close' }).click();
  await expect(d).toHaveCount(0);
  // The Safe's deployment, then owner A's signature.
  await expectSigningCalls(page, ['eth_sendTransaction', 'eth_signTypedData_v4']);
  // Not executed yet: the Safe needs both.
  expect(await read('nonce')).toBe(0n);

  // ── Owner B finds it in the queue, confirms and executes ─────────────────────────────────────────────
  await selectAccount(page, 1);
  await openQueuedTx(page, 0, /ETH|native|Send/i);
  await expect(page.getByRole('main')).toContainText('Confirmations (1 of 2 verified)', { timeout: 20_000 });
  await expect(page.getByRole('main')).toContainText(safeTxHash);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(hashes).toContainText(safeTxHash, { timeout: 20_000 });
  await d.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await d.getByRole('button', { name: 'Close' }).click();
  await expect(d).toHaveCount(0);
  // One signature from B, then one transaction sent by B.
  await expectSigningCalls(page, ['eth_sendTransaction', 'eth_signTypedData_v4', 'eth_signTypedData_v4', 'eth_sendTransaction']);
  expect(await read('nonce')).toBe(1n);
  expect(await chain().getBalance({ address: recipient })).toBe(before + parseEther('0.25'));
  expect(formatEther(await chain().getBalance({ address: safe }))).toBe('0.75');

  // ── Both see it in the history, and the queue is empty ───────────────────────────────────────────────
  for (const account of [1, 0]) {
    await selectAccount(page, account);
    await nav(page, 'History');
    await expect(txRow(page, 0).filter({ hasText: 'Success' })).toHaveCount(1, { timeout: 20_000 });
    await nav(page, 'Queue');
    await expect(txRow(page, 0)).toHaveCount(0, { timeout: 20_000 });
  }

  // ── Owner A signs an off-chain message, owner B confirms it ──────────────────────────────────────────
  const text = `Countersign journey ${safe}`;
  await nav(page, 'Messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(d).toHaveAccessibleName('Sign a message');
  await d.getByRole('radio', { name: /^Text/ }).check();
  await d.getByRole('textbox', { name: 'Message' }).fill(text);
  await d.getByRole('button', { name: 'Review' }).click();
  await expect(d).toHaveAccessibleName('Confirm message');
  const messageHash = (await d.getByLabel('SafeMessage hash', { exact: true }).textContent())!.trim();
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(d).toHaveAccessibleName('Collect confirmations', { timeout: 20_000 });
  await expect(d.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 1 of 2');
  await d.getByRole('button', { name: /^Close/ }).click();
  await expect(d).toHaveCount(0);

  await selectAccount(page, 1);
  const messageLink = page.getByRole('link', { name: `Details of message ${messageHash}` });
  // The list follows the Safe info's messagesTag (polled every 15 s).
  await expect(messageLink).toBeVisible({ timeout: 25_000 });
  await messageLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message details');
  await page.getByRole('button', { name: 'Confirm message' }).click();
  await expect(d).toHaveAccessibleName('Confirm message', { timeout: 20_000 });
  await expect(d.getByLabel('SafeMessage hash', { exact: true })).toHaveText(messageHash);
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(d).toHaveAccessibleName('Message successfully signed', { timeout: 30_000 });
  await expect(d.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 2 of 2');
  const signature = (await d.getByLabel('signature', { exact: true }).textContent())!.trim() as Hex;
  await d.getByRole('button', { name: /^Close/ }).click();
  await expect(d).toHaveCount(0);
  expect(await chain().readContract({ address: safe, abi: safeAbi, functionName: 'isValidSignature', args: [hashMessage(text), signature] })).toBe(MAGIC_HASH_FORM);
  await expect(page.getByRole('region', { name: 'Message', exact: true })).toContainText('Confirmed', { timeout: 20_000 });
  // Two message signatures, one per owner, and nothing else since.
  expect(await signingCalls(page)).toEqual([
    ...['eth_sendTransaction', 'eth_signTypedData_v4', 'eth_signTypedData_v4', 'eth_sendTransaction'],
    ...['eth_signTypedData_v4', 'eth_signTypedData_v4'],
  ]);

  // ── The audit view lists the flows' streams; one exports and verifies with the CLI ───────────────────
  await nav(page, 'Audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit');
  await page.getByText('Technical records: machine ids, stream ids and raw events').click();
  const flows = page.getByRole('list', { name: 'Flows' });
  const streamsOf = (kind: string) =>
    flows.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^flow/${kind}/.*${safe.slice(2)}`, 'i') }) });
  // Owner A's proposal and owner B's confirmation; owner A's message and owner B's confirmation.
  await expect(streamsOf('transaction')).toHaveCount(2);
  await expect(streamsOf('message')).toHaveCount(2);
  for (const item of await streamsOf('transaction').all()) await expect(item).toContainText(/transactionFlow · \d+ events · (closed|done)/);

  const first = streamsOf('transaction').first().getByRole('button');
  const streamId = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 2, name: streamId })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Timeline' }).locator('tbody tr').first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export NDJSON' }).click();
  const download = await downloading;
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  expect(readFileSync(file, 'utf8')).toContain(safeTxHash);
  const cli = spawnSync('npm', ['run', '--silent', 'audit:verify', '--', file], { encoding: 'utf8' });
  expect(cli.stderr).toBe('');
  expect(cli.status).toBe(0);
  expect(cli.stdout).toMatch(new RegExp(`^OK: stream ${streamId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, \\d+ records`));
});
