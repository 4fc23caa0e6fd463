/**
 * RPC-only mode, read side (issue 20, decision 0054; security property S18), in Chromium on the devnet with EVERY
 * request to the gateway's origin aborted (Playwright `page.route`): the Safe opens from the chain. Its signers,
 * threshold and nonce are the chain's; its balances show the native coin and a seeded token with the amounts the
 * chain reports; the History shows a seeded execution from the Safe's own events; the notice says in plain words that
 * signatures are kept as signing packages (decision 0055; tests/e2e/signing-packages.spec.ts signs that way). No request ever reaches the gateway, and nothing shows a broken or unknown error.
 */
import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, parseEther } from 'viem';
import { DEVNET_ACCOUNTS, deployExtraErc20 } from '../../devnet/chain/index.ts';
import { readSafeState } from '../../src/services/chain/reads.ts';
import { createChainClientRegistry } from '../../src/services/chain/client.ts';
import { localChains } from '../../src/services/rpcOnly/chains.ts';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });

/** Aborts every request to the gateway's origin; returns how many were tried. */
async function blockGateway(page: Page): Promise<{ count: () => number }> {
  const origin = new URL(app.devnet.gatewayUrl).origin;
  let tried = 0;
  await page.route(
    (url) => url.origin === origin,
    async (route) => {
      tried += 1;
      await route.abort('connectionrefused');
    },
  );
  return { count: () => tried };
}

const NOTICE = 'Reading from the chain: the gateway is not available';

/** No text of an unknown or broken state anywhere on the page. */
async function expectNoBrokenError(page: Page) {
  await expect(page.getByText(/Oops|something went wrong|undefined|NaN|\[object Object\]|could not be loaded/i)).toHaveCount(0);
}

test('the Safe opens from the chain: signers, threshold and nonce are the chain’s, and the notice says how signing goes on', async ({ page }) => {
  const blocked = await blockGateway(page);
  const team = app.devnet.safes[0]!;
  const client = createChainClientRegistry().get(localChains({ rpcOverrides: {}, devnet: { chainId: app.devnet.chainId, rpcUrl: app.devnet.rpcUrl, accounts: [] } })[0]!);
  const onChain = await readSafeState(client, team.address);

  await page.goto(app.url(`/settings/setup?safe=${app.teamSafe}`));
  await expect(page.getByRole('note', { name: NOTICE })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('note', { name: NOTICE })).toContainText('The gateway cannot be reached.');
  await expect(page.getByLabel('Current nonce')).toHaveText(String(onChain.nonce));
  await expect(page.getByText(`${onChain.threshold} out of ${onChain.owners.length}`)).toBeVisible();
  for (const owner of onChain.owners) await expect(page.getByText(owner, { exact: false }).first()).toBeAttached();

  // Signing goes on without the gateway: the notice says how (signing packages, decision 0055). With no wallet
  // connected, New transaction waits for a signer's wallet, as with a gateway.
  await expect(page.getByRole('note', { name: NOTICE })).toContainText('Signatures are kept in this browser as signing packages');
  const newTx = page.getByRole('button', { name: 'New transaction' });
  await expect(newTx).toBeDisabled();
  await expect(newTx).toHaveAttribute('title', /Connect the wallet of one of the Safe’s signers/);
  await expectNoBrokenError(page);
  expect(blocked.count()).toBeGreaterThan(0);
});

test('balances show the native coin and a seeded token with the chain’s amounts', async ({ page }) => {
  await blockGateway(page);
  const team = app.devnet.safes[0]!;
  const viem = createPublicClient({ transport: http(app.devnet.rpcUrl) });
  const eth = await viem.getBalance({ address: team.address });
  const usd = await viem.readContract({ address: app.devnet.tokens.usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [team.address] });

  await page.goto(app.url(`/balances?safe=${app.teamSafe}`));
  await expect(page.getByRole('note', { name: NOTICE })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Token balances' });
  const ethRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /ETH/ }) });
  const usdRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /dUSD/ }) });
  const figure = (value: string) => new RegExp(Number(value).toLocaleString('en-US', { maximumFractionDigits: 4 }).replace(/[.,]/g, '[.,]?'));
  await expect(ethRow).toContainText(figure(formatEther(eth)));
  await expect(usdRow).toContainText(figure(formatUnits(usd, 6)));
  await expect(page.getByText(/no values are shown/)).toBeVisible();
  // No price column and no currency choice: prices come from the gateway.
  await expect(table.getByRole('columnheader', { name: 'Value' })).toHaveCount(0);
  await expectNoBrokenError(page);
});

test('a token the Safe holds outside the bundled list is added in Settings › Environment, checked on the chain, and then listed in Assets', async ({ page }) => {
  await blockGateway(page);
  const team = app.devnet.safes[0]!;
  const euro = await deployExtraErc20(app.devnet.rpcUrl, { name: 'Devnet Euro', symbol: 'dEUR', from: DEVNET_ACCOUNTS[6]!, to: team.address, amount: parseEther('42') });

  await page.goto(app.url(`/balances?safe=${app.teamSafe}`));
  await expect(page.getByRole('note', { name: NOTICE })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Token balances' });
  await expect(table.getByRole('rowheader', { name: /DVT/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /dEUR/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Add it in Settings › Environment' }).click();

  // With the gateway unreachable, Environment lists the chains config.json gives an RPC for.
  const field = page.getByLabel('Token contract address on Devnet');
  await expect(field).toBeVisible({ timeout: 20_000 });
  // An address without a contract is refused with its reason; nothing is kept.
  await field.fill(DEVNET_ACCOUNTS[5]!.address);
  await page.getByRole('button', { name: 'Check and add' }).click();
  // (The app's banner says the gateway cannot be reached: an alert of its own.)
  await expect(page.getByRole('alert').filter({ hasText: 'There is no contract at' })).toHaveText(`There is no contract at ${DEVNET_ACCOUNTS[5]!.address} on Devnet.`);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(`There is no contract at ${DEVNET_ACCOUNTS[5]!.address} on Devnet.`);
  await field.fill(euro.toLowerCase());
  await page.getByRole('button', { name: 'Check and add' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added dEUR.' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove dEUR (${euro})` })).toBeVisible();
  expect(await axeViolations(page, { include: 'main', everyImpact: true })).toEqual([]);

  // Assets reloads its balances: dEUR is listed with the amount the chain reports.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
  const euroRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /dEUR/ }) });
  await expect(euroRow).toContainText('42');
  // Kept in this browser: a reload still lists it.
  await page.reload();
  await expect(euroRow).toContainText('42', { timeout: 30_000 });
  await expectNoBrokenError(page);

  // Removed: Assets no longer lists it.
  await page.getByRole('link', { name: 'Add it in Settings › Environment' }).click();
  await page.getByRole('button', { name: `Remove dEUR (${euro})` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Removed dEUR.' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
  await expect(table.getByRole('rowheader', { name: /DVT/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /dEUR/ })).toHaveCount(0);
});

test('History shows the seeded executions from the Safe’s own events', async ({ page }) => {
  await blockGateway(page);
  await page.goto(app.url(`/transactions/history?safe=${app.teamSafe}`));
  await expect(page.getByRole('note', { name: NOTICE })).toBeVisible({ timeout: 30_000 });
  // Nonce 2 of the seed: 250 dUSD to account 5, decoded here from the SafeTx its event carries.
  const row = page.getByRole('row').filter({ hasText: /250/ }).filter({ hasText: /dUSD/ });
  await expect(row.first()).toBeVisible({ timeout: 30_000 });
  await expect(row.first()).toContainText('2');
  await expect(page.getByRole('row').filter({ hasText: /changeThreshold|threshold/i }).first()).toBeVisible();
  await expectNoBrokenError(page);

  // Its details are read from the Safe's events too: the SafeTx hashed here to the event's hash, the signers
  // recovered from the signatures execTransaction took, the executor, and the transaction hash.
  await row.first().locator('a[href*="/transactions/tx?"]').first().click();
  await expect(page.getByLabel('Hash check')).toHaveText('✓ The safeTxHash in the Safe’s execution event matches the one computed locally.', { timeout: 30_000 });
  await expect(page.getByRole('listitem').filter({ hasText: /Executed on chain\. Sent by 0x[0-9a-fA-F]{40}\./ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Confirmations \(2 of 2 verified\)/ })).toBeVisible();
  await expect(page.getByText(/was not found on this Safe/)).toHaveCount(0);
  await expectNoBrokenError(page);
});
