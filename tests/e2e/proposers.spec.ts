/**
 * Proposers (the gateway's delegates) on /settings/security, on the real devnet in Chromium with the Devnet Wallet.
 * The team Safe is 2-of-3 of accounts 0–2; account 3 owns nothing and is the proposer. Each change is checked
 * against what the devnet gateway then answers, and the wallet calls are counted: a change is one EIP-712
 * signature (eth_signTypedData_v4), a refused one asks the wallet nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { getAddress } from 'viem';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { expectSigningCalls, installWalletSpy } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
const flow = txFlowPage(() => app);

const safeAddress = () => getAddress(app.devnet.safes[0]!.address);
const account = (i: number) => getAddress(app.devnet.owners[i]!.address);

interface Listed {
  safe: string | null;
  delegate: string;
  delegator: string;
  label: string;
}
/** The Safe's delegates as the gateway lists them to any client. */
async function gatewayDelegates(): Promise<Listed[]> {
  const response = await fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/delegates?safe=${safeAddress()}`);
  return ((await response.json()) as { results: Listed[] }).results;
}

/** Owner `i` connected, on the Security settings of the team Safe; the Proposers section. */
async function openSecurity(page: Page, i = 0) {
  await installWalletSpy(page);
  await flow.openSafe(page, i);
  await page.goto(app.url(`/settings/security?safe=${app.teamSafe}`));
  await expect(flow.walletButton(page, i)).toBeVisible({ timeout: 20_000 });
  const section = page.getByRole('region', { name: 'Proposers' });
  await expect(section.getByRole('button', { name: 'Refresh proposers' })).toBeEnabled({ timeout: 20_000 });
  return section;
}

test('an owner adds a proposer, renames it and removes it; another owner sees it without Rename or Remove', async ({ page }) => {
  test.setTimeout(180_000);
  const section = await openSecurity(page, 0);
  await expect(section).toContainText('Proposers can create transactions for the owners to confirm. They cannot sign or execute them.');
  await expect(section).toContainText('No proposers.');

  // add account 3 as "Ops bot": one signature
  const add = section.getByRole('form', { name: 'Add proposer' });
  await add.getByLabel('Address').fill(account(3));
  await add.getByLabel('Name').fill('Ops bot');
  await add.getByRole('button', { name: 'Add proposer' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Proposer added.' })).toBeVisible();
  const table = section.getByRole('table', { name: 'Proposers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Ops bot');
  await expect(table.getByRole('row').nth(1)).toContainText(account(3));
  await expect(add.getByLabel('Address')).toHaveValue('');
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  expect(await gatewayDelegates()).toEqual([{ safe: safeAddress(), delegate: account(3), delegator: account(0), label: 'Ops bot' }]);
  expect(await axeViolations(page)).toEqual([]);

  // rename it inline: one more signature, the same proposer with the new name
  await table.getByRole('button', { name: 'Rename Ops bot' }).click();
  const rename = section.getByRole('form', { name: 'Rename Ops bot' });
  await rename.getByLabel('New name for Ops bot').fill('Release bot');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Proposer renamed.' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Release bot');
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_signTypedData_v4']);
  expect(await gatewayDelegates()).toEqual([{ safe: safeAddress(), delegate: account(3), delegator: account(0), label: 'Release bot' }]);

  // owner 1 sees it, who added it, and cannot rename or remove it (the gateway wants the delegator's signature)
  await flow.selectAccount(page, 1);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Release bot');
  await expect(row).toContainText(account(0));
  await expect(row).toContainText('Only the owner who added it can rename or remove it.');
  await expect(row.getByRole('button', { name: /^(Rename|Remove)/ })).toHaveCount(0);

  // owner 0 removes it after confirming: the list is empty again
  await flow.selectAccount(page, 0);
  await table.getByRole('button', { name: 'Remove Release bot' }).click();
  await table.getByRole('button', { name: 'Yes, remove Release bot' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Proposer removed.' })).toBeVisible();
  await expect(section).toContainText('No proposers.');
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_signTypedData_v4', 'eth_signTypedData_v4']);
  expect(await gatewayDelegates()).toEqual([]);
});

test('a bad address and an owner’s address are refused without asking the wallet', async ({ page }) => {
  test.setTimeout(120_000);
  const section = await openSecurity(page, 0);
  const add = section.getByRole('form', { name: 'Add proposer' });
  const address = add.getByLabel('Address');
  await address.fill('0x1234');
  await add.getByLabel('Name').fill('Ops bot');
  await add.getByRole('button', { name: 'Add proposer' }).click();
  await expect(add.getByRole('alert')).toHaveText('Enter the proposer’s address: 0x followed by 40 hexadecimal characters.');
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  await address.fill(account(1));
  await add.getByRole('button', { name: 'Add proposer' }).click();
  await expect(add.getByRole('alert')).toHaveText('This address is an owner of the Safe: owners can already create transactions.');
  await expect(add.getByLabel('Name')).toHaveValue('Ops bot');
  expect(await axeViolations(page)).toEqual([]);

  await expectSigningCalls(page, []);
  expect(await gatewayDelegates()).toEqual([]);
});
