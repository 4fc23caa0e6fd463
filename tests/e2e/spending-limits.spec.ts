/**
 * Spending limits, phase 1 (decision 0061), on the devnet in Chromium: owner 0 gives account 3 (owns nothing) a
 * 100 dUSD daily limit from Settings › Modules (one batch: enable the Allowance module, add the beneficiary, set the
 * allowance), the review names each call from its bytes, owner 1 confirms and executes, the chain's
 * getTokenAllowance shows 100 dUSD a day, and the section shows it, read from the chain. No serious axe violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { parseAbi, type Address } from 'viem';
import { ALLOWANCE_MODULE_ADDRESS, allowanceModuleAbi } from '../../src/domain/safe/allowance.ts';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
const moduleManagerAbi = parseAbi(['function isModuleEnabled(address module) view returns (bool)']);

async function openModules(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Modules', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modules');
  return page.getByRole('region', { name: 'Spending limits' });
}

test('owner 0 sets a 100 dUSD daily limit for account 3 in one batch, owner 1 executes it, the chain and the section show it', async ({ page }) => {
  test.setTimeout(180_000);
  const usd = app.devnet.tokens.usd;
  const beneficiary = app.devnet.owners[3]!.address as Address;
  const safe = ui.team();
  const nonce = await ui.safeNonce();

  await ui.openSafe(page, 0);
  let section = await openModules(page);
  await expect(section.getByLabel('Allowance module')).toContainText('is not enabled on this Safe');
  await expect(section).toContainText('No spending limits.');
  expect(await axeViolations(page)).toEqual([]);

  const form = section.getByRole('form', { name: 'Set a spending limit' });
  // Refused before any flow opens.
  await form.getByLabel('Beneficiary address').fill('0x1234');
  await form.getByRole('button', { name: 'Set spending limit' }).click();
  await expect(form.getByRole('alert')).toContainText('Enter the beneficiary’s address');
  await expect(ui.dialog(page)).toHaveCount(0);

  await form.getByLabel('Beneficiary address').fill(beneficiary);
  await form.getByLabel('Token').selectOption(usd.address);
  await form.getByLabel('Amount').fill('100');
  await form.getByLabel('Reset').selectOption({ label: 'Daily' });
  await form.getByRole('button', { name: 'Set spending limit' }).click();

  const d = ui.dialog(page);
  await expect(d.getByRole('region', { name: 'Requested transaction' })).toContainText('Spending limits requests a batch of 3 calls');
  await d.getByRole('button', { name: 'Continue' }).click();
  await ui.chooseNonce(page, nonce);
  await expect(d.getByRole('heading', { level: 3 })).toHaveText('Spending limits requests: Batch of 3 calls', { timeout: 30_000 });
  const calls = d.getByRole('list', { name: 'Calls in this batch' }).first();
  await expect(calls).toContainText('Enable module 0xAA46…091C — it can move funds without the signers');
  await expect(calls).toContainText('as a spending-limit beneficiary');
  await expect(calls).toContainText('spending limit to 100 dUSD per day');
  expect(await axeViolations(page)).toEqual([]);
  const ack = d.getByRole('checkbox', { name: /I understand the risks/ });
  if (await ack.count()) await ack.check();
  const safeTxHash = await ui.shownSafeTxHash(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });

  // Owner 1 confirms and executes.
  await ui.confirmFromOutcomeAs(page, 1, safeTxHash);
  const ack2 = d.getByRole('checkbox', { name: /I understand the risks/ });
  if (await ack2.count()) await ack2.check();
  await d.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 90_000 });
  await d.getByRole('button', { name: 'Close' }).click();

  // The chain: the module is enabled and account 3 has 100 dUSD a day, nothing spent.
  const chain = ui.chain();
  expect(await chain.readContract({ address: safe, abi: moduleManagerAbi, functionName: 'isModuleEnabled', args: [ALLOWANCE_MODULE_ADDRESS] })).toBe(true);
  const [amount, spent, resetTimeMin] = await chain.readContract({ address: ALLOWANCE_MODULE_ADDRESS, abi: allowanceModuleAbi, functionName: 'getTokenAllowance', args: [safe, beneficiary, usd.address] });
  expect([amount, spent, resetTimeMin]).toEqual([100n * 10n ** BigInt(usd.decimals), 0n, 1440n]);

  // The section, read from the chain again.
  section = await openModules(page);
  await expect(section.getByLabel('Allowance module')).toContainText('is enabled on this Safe');
  const row = section.getByRole('listitem', { name: /^Beneficiary / });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/100 dUSD per day, 0 spent, 100 left, resets \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  expect(await axeViolations(page)).toEqual([]);
});
