/**
 * Issue 17 on the devnet (decision 0043): the history filtered by token and amount (and its CSV export of what the
 * filter shows), and the notice a page leaves when a queued transaction it showed is executed by someone else —
 * here owner 1 executes the queued nonce 3 directly on the chain, with owners 0 and 1's signatures.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parseEther, type Hex } from 'viem';
import { buildSafeTx, execSafeTx } from '../../devnet/chain/safe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
test.describe.configure({ mode: 'serial' });

test('the history filters by token and by an amount in its units; bad amounts say why; the CSV exports what is shown', async ({ page }) => {
  await ui.openSafe(page, 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  const table = page.getByRole('table', { name: 'transaction history' });
  const rows = table.locator('.tx-row-link');
  await expect(rows.filter({ hasText: 'Received 12,500 dUSD' })).toHaveCount(1, { timeout: 20_000 });

  const token = page.getByRole('combobox', { name: 'Token' });
  await expect(token.locator('option')).toHaveText(['Any', 'ETH', 'DNFT (NFT)', 'dUSD', 'DVT']);
  await token.selectOption({ label: 'dUSD' });
  await expect(rows).toHaveText([/^Sent 250 dUSD to /, /^Received 12,500 dUSD from /]);

  // An amount in the token's units (dUSD has 6 decimals).
  const min = page.getByRole('textbox', { name: 'Minimum amount (dUSD)' });
  await min.fill('1000');
  await expect(rows).toHaveText([/^Received 12,500 dUSD from /]);
  await min.fill('12500.0000001');
  await expect(min).toHaveAccessibleDescription('dUSD has at most 6 decimals');
  await expect(min).toHaveAttribute('aria-invalid', 'true');
  // A bad bound does not filter.
  await expect(rows).toHaveText([/^Sent 250 dUSD to /, /^Received 12,500 dUSD from /]);
  await min.fill('');
  await expect(min).not.toHaveAttribute('aria-invalid', 'true');

  // The native coin: 10 and 2.5 ETH in, 1 ETH out; between 2 and 5 ETH leaves the 2.5.
  await token.selectOption({ label: 'ETH' });
  await expect(rows).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Minimum amount (ETH)' }).fill('2');
  await page.getByRole('textbox', { name: 'Maximum amount (ETH)' }).fill('5');
  await expect(rows).toHaveText([/^Received 2\.5 ETH from /]);

  // The export holds what the filter shows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain('Received 2.5 ETH from');

  // An amount without a token is explained, not silently ignored.
  await token.selectOption({ label: 'Any' });
  await expect(page.getByRole('textbox', { name: 'Minimum amount' })).toHaveAccessibleDescription('Choose a token first: the amount is in its units');
});

test('a queued transaction executed by another owner leaves a polite notice with a link to it', async ({ page }) => {
  test.setTimeout(120_000);
  await ui.openSafe(page, 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
  const queued = page.locator('.tx-row').filter({ has: page.locator('.tx-nonce', { hasText: /^3$/ }) });
  await expect(queued.filter({ hasText: 'Sent 0.5 ETH' })).toHaveCount(1, { timeout: 20_000 });

  // Owner 1 executes nonce 3 (the queued "send 0.5 ETH to account 3") outside this page, on the chain.
  const key = (i: number): Hex => app.devnet.owners[i]!.privateKey;
  const tx = buildSafeTx({ to: ui.owner(3), value: parseEther('0.5'), nonce: 3n });
  const { safeTxHash } = await execSafeTx(app.devnet.rpcUrl, ui.team(), tx, { signers: [key(0), key(1)], executorPrivateKey: key(1) });

  // Within the Safe info poll (15 s), the page says so, politely and without taking focus.
  const notices = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(notices.getByText('Transaction nonce 3 was executed', { exact: true })).toBeVisible({ timeout: 40_000 });
  await expect(notices).toContainText('Not from this page');
  expect(await notices.evaluate((region) => region.contains(document.activeElement))).toBe(false);
  await notices.getByRole('link', { name: 'View transaction' }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/tx\\?id=multisig_0x[0-9a-fA-F]{40}_${safeTxHash}`));
  await expect(page.getByRole('list', { name: 'Signing progress' })).toContainText('Execution (Done)', { timeout: 20_000 });
});
