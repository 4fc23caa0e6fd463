/**
 * Issue 21, batch files and payouts (decision 0058), on the devnet in Chromium:
 * - a 50-line CSV payout (dUSD and ETH to 50 fresh addresses) becomes one MultiSendCallOnly batch, owner A signs,
 *   owner B signs and executes, and every recipient's balance is read back from the chain;
 * - a batch downloaded from the review as a Transaction Builder file and imported again gives the same SafeTx
 *   (same safeTxHash); a copy edited after export imports with a checksum warning and hashes differently;
 * - a file whose data contradicts its own method and values, or made for another chain, is refused and nothing
 *   reaches the wallet.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { encodeFunctionData, erc20Abi, formatEther, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
test.describe.configure({ mode: 'serial' });

const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address;

async function openCompose(page: Page, kind: 'CSV payout' | 'Transaction Builder file') {
  await page.getByRole('button', { name: 'New transaction' }).click();
  const d = ui.dialog(page);
  await d.getByRole('radio', { name: kind }).check();
  return d;
}

test('a 50-line CSV payout is one batch: owner A signs, owner B executes, every balance checked on chain', async ({ page }) => {
  test.setTimeout(240_000);
  const usd = app.devnet.tokens.usd;
  // 40 dUSD payments and 10 ETH payments (the native coin by an empty token cell), each to a fresh address.
  const lines = Array.from({ length: 50 }, (_, i) => ({ to: fresh(), token: i % 5 === 4 ? '' : i % 2 === 0 ? 'dUSD' : usd.address, amount: i % 5 === 4 ? `0.${String(i + 1).padStart(3, '0')}` : `${i + 1}.25` }));
  const csv = ['address,token,amount', ...lines.map((l) => `${l.to},${l.token},${l.amount}`)].join('\r\n');
  const nonce = await ui.safeNonce();

  await ui.openSafe(page, 0);
  const d = await openCompose(page, 'CSV payout');
  // A bad line first: the problem is named by line, and Review stays disabled.
  const field = d.getByLabel('Payments: address, token, amount (one per line)');
  await field.fill(`${csv}\r\n0x1234,dUSD,5`);
  await expect(d.getByRole('alert')).toContainText('Line 52: "0x1234" is not an address.');
  await expect(d.getByRole('button', { name: /^Review/ })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
  // The list as a file, chosen through the button.
  const file = test.info().outputPath('payout.csv');
  await writeFile(file, csv);
  await d.getByLabel('Choose a CSV file').setInputFiles(file);
  await expect(field).toHaveValue(csv.replace(/\r\n/g, '\n'));
  await expect(d.getByRole('alert')).toHaveCount(0);
  await expect(d.getByRole('list', { name: 'Payments' }).getByRole('listitem')).toHaveCount(50);
  await d.getByRole('button', { name: 'Review 50 payments' }).click();
  await ui.chooseNonce(page, nonce);
  await expect(d.getByRole('heading', { level: 3 })).toHaveText('Batch of 50 calls', { timeout: 30_000 });
  const safeTxHash = await ui.shownSafeTxHash(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });
  // Owner B opens that transaction (the seeded one queued at the same nonce is another).
  await ui.confirmFromOutcomeAs(page, 1, safeTxHash);
  await d.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 90_000 });

  const chain = ui.chain();
  for (const line of lines) {
    if (line.token === '') {
      expect(formatEther(await chain.getBalance({ address: line.to }))).toBe(String(Number(line.amount)));
    } else {
      expect(await ui.balanceOf(usd.address, line.to)).toBe(parseUnits(line.amount, usd.decimals));
    }
  }
  expect(await ui.safeNonce()).toBe(nonce + 1);
});

test('a batch downloaded as a Transaction Builder file imports to the same safeTxHash; an edited copy warns and differs', async ({ page }) => {
  test.setTimeout(180_000);
  const usd = app.devnet.tokens.usd;
  const [a, b] = [fresh(), fresh()];
  await ui.openSafe(page, 0);
  let d = await openCompose(page, 'CSV payout');
  await d.getByLabel('Payments: address, token, amount (one per line)').fill(`${a},dUSD,3\n${b},,0.2`);
  await d.getByRole('button', { name: 'Review 2 payments' }).click();
  await d.getByRole('button', { name: 'Continue' }).click();
  const original = await ui.shownSafeTxHash(page);
  const [download] = await Promise.all([page.waitForEvent('download'), d.getByRole('button', { name: 'Download as Transaction Builder file' }).click()]);
  const file = test.info().outputPath('batch.json');
  await download.saveAs(file);
  const json = JSON.parse(await readFile(file, 'utf8')) as { chainId: string; meta: { checksum: string; createdFromSafeAddress: string }; transactions: { to: string; value: string }[] };
  expect(json.chainId).toBe(String(app.devnet.chainId));
  expect(json.meta.createdFromSafeAddress).toBe(ui.team());
  expect(json.transactions.map((t) => t.to)).toEqual([usd.address, b]);
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(d).toHaveCount(0);

  // Import it: every call shown, the checksum matches, and the review builds the same SafeTx.
  d = await openCompose(page, 'Transaction Builder file');
  await d.getByLabel('Choose a Transaction Builder file').setInputFiles(file);
  await expect(d.getByRole('status')).toContainText('2 calls. Its checksum matches');
  await expect(d.getByRole('list', { name: 'Calls in the file' }).getByRole('listitem')).toHaveCount(2);
  await d.getByRole('button', { name: 'Review 2 calls' }).click();
  await d.getByRole('button', { name: 'Continue' }).click();
  expect(await ui.shownSafeTxHash(page)).toBe(original);
  await expect(d).toContainText('Imported from the Transaction Builder file');
  await d.getByRole('button', { name: 'Cancel' }).click();

  // The same file with the ETH payment raised after export: a checksum warning, and another SafeTx.
  json.transactions[1]!.value = parseEther('0.3').toString();
  const edited = test.info().outputPath('edited.json');
  await writeFile(edited, JSON.stringify(json));
  d = await openCompose(page, 'Transaction Builder file');
  await d.getByLabel('Choose a Transaction Builder file').setInputFiles(edited);
  await expect(d.getByRole('status')).toContainText('Its checksum does not match: the file was changed after it was written.');
  await expect(d.getByRole('list', { name: 'Calls in the file' })).toContainText('300000000000000000');
  await d.getByRole('button', { name: 'Review 2 calls' }).click();
  await d.getByRole('button', { name: 'Continue' }).click();
  const changed = await ui.shownSafeTxHash(page);
  expect(changed).not.toBe(original);
  await expect(d.getByRole('region', { name: 'Transaction data' })).toBeVisible();
  await d.getByRole('button', { name: 'Cancel' }).click();
});

test('a file whose data contradicts its own method and values, or made for another chain, is refused; the wallet is never asked', async ({ page }) => {
  test.setTimeout(120_000);
  await installWalletSpy(page);
  const usd = app.devnet.tokens.usd.address;
  const to = fresh();
  const transfer = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
  const fileOf = (chainId: string, data: string) => ({
    version: '1.0',
    chainId,
    createdAt: Date.now(),
    meta: { name: 'Payroll', description: '' },
    transactions: [
      {
        to: usd,
        value: '0',
        data,
        contractMethod: { name: 'transfer', payable: false, inputs: [{ name: 'to', type: 'address', internalType: 'address' }, { name: 'amount', type: 'uint256', internalType: 'uint256' }] },
        // The method and values say 1 dUSD; the data sends 9,000 dUSD.
        contractInputsValues: { to, amount: '1000000' },
      },
    ],
  });
  await ui.openSafe(page, 0);
  const d = await openCompose(page, 'Transaction Builder file');
  const lying = test.info().outputPath('lying.json');
  await writeFile(lying, JSON.stringify(fileOf(String(app.devnet.chainId), transfer(9_000_000_000n))));
  await d.getByLabel('Choose a Transaction Builder file').setInputFiles(lying);
  await expect(d.getByRole('alert')).toHaveText('lying.json cannot be imported. Transaction 1: its data does not match its method and values.');
  await expect(d.getByRole('button', { name: /^Review/ })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);

  const elsewhere = test.info().outputPath('elsewhere.json');
  await writeFile(elsewhere, JSON.stringify(fileOf('1', transfer(1_000_000n))));
  await d.getByLabel('Choose a Transaction Builder file').setInputFiles(elsewhere);
  await expect(d.getByRole('alert')).toContainText(`This file was made for chain 1; this Safe is on chain ${app.devnet.chainId}.`);
  await expect(d.getByRole('button', { name: /^Review/ })).toBeDisabled();
  await d.getByRole('button', { name: 'Cancel' }).click();
  expect(await signingCalls(page)).toEqual([]);
});

test('keyboard only: CSV payout chosen with the arrow keys, the list typed, the file button reachable, Review with Enter', async ({ page }) => {
  test.setTimeout(120_000);
  const [a, b] = [fresh(), fresh()];
  await ui.openSafe(page, 0);
  await page.getByRole('button', { name: 'New transaction' }).focus();
  await page.keyboard.press('Enter');
  const d = ui.dialog(page);
  await d.getByRole('radio', { name: 'Send tokens' }).focus();
  // Send tokens → Send NFT → Contract interaction → Settings change → CSV payout.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(d.getByRole('radio', { name: 'CSV payout' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(d.getByLabel('Payments: address, token, amount (one per line)')).toBeFocused();
  await page.keyboard.type(`${a},dUSD,1`);
  await page.keyboard.press('Enter');
  await page.keyboard.type(`${b},,0.01`);
  await expect(d.getByRole('list', { name: 'Payments' }).getByRole('listitem')).toHaveCount(2);
  // The file button is next in the tab order (the native file dialog it opens is the browser's, not tested here).
  await page.keyboard.press('Tab');
  await expect(d.getByLabel('Choose a CSV file')).toBeFocused();
  // The scrollable list takes focus (so a keyboard can scroll it); then Cancel, then Review.
  await page.keyboard.press('Tab');
  await expect(d.getByRole('list', { name: 'Payments' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(d.getByRole('button', { name: 'Review 2 payments' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible({ timeout: 20_000 });
  await d.getByRole('button', { name: 'Cancel' }).click();
});
