/**
 * Another account in the wallet while the device's execution check is shown (issue 19, decision 0074), on the real
 * devnet in Chromium, with the Devnet Wallet's Ledger profile standing in for the device (decision 0067). The unit
 * test tests/unit/flows/walletSwitchMidCheck.test.ts covers the machines; here the whole app does it:
 *
 * (a) bulk execute two fully signed transactions of the 1-of-1 solo Safe: at the check the signer picks account 1
 *     in the wallet; the dialog is back at its review (the wallet button shows account 1), the device was asked
 *     nothing and nothing reached the chain; Execute again checks an execution from account 1 (its nonce), which is
 *     approved and mined: both transfers are on chain, sent by account 1, with the hash shown;
 * (b) create a Safe the same way: the screen is back at its review with the same predicted address and nothing
 *     deployed; Create Safe again deploys from account 1, and the Safe is on chain;
 * (c) create a Safe, and at the check the wallet's device profile is turned off (the same account, signing in the
 *     browser): back at the review, nothing deployed; Create Safe again deploys with no device step.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { getAddress, type Address, type Hex } from 'viem';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LEDGER, approveOnDevice, deviceScreen, deviceScreenState, linesOf, passDeviceStep, setDevice, withDevice } from './fixtures/devnetDevice.ts';
import { dusd, soloExecution } from './fixtures/soloExecution.ts';
import { txFlowPage, unsignedHashOf } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
const { soloNonce, queueSoloTransfers, openBulkExecute, reviewNewSafe, sentWith } = soloExecution(() => app);
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 1000 } });

/** An address with no history: its balance is exactly what arrived. */
const PAYEE: Address = getAddress('0x00000000000000000000000000000000b0c0e7e3');
/** The account the signer switches to during the check. */
const SWITCHED = 1;
const CHECK_HEADING = 'Check the execution on your Ledger';
/** An account's transactions, the ones still pending included. */
const sentBy = (account: number) => ui.chain().getTransactionCount({ address: ui.owner(account), blockTag: 'pending' });

/** What the chain and the device hold that a send would change. */
async function untouched(page: Page) {
  return { safeNonce: await soloNonce(), account0: await sentBy(0), switched: await sentBy(SWITCHED), screen: await deviceScreenState(page) };
}

/** At the execution check in `scope` (not passed): the lines the app says the Ledger will show. */
async function atCheck(scope: Locator): Promise<Record<string, string>> {
  await expect(scope.getByRole('heading', { name: CHECK_HEADING })).toBeVisible({ timeout: 30_000 });
  return linesOf(scope.getByLabel('What your Ledger will show'));
}

// The solo Safe (1 of 1, owner 0) holds dUSD and has two signed transfers queued at its next two nonces.
test.beforeAll(() => queueSoloTransfers(PAYEE, [1, 2]));

test('(a) bulk execute: another account during the check goes back to the review and sends nothing; the next Execute sends from it', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  const usd = app.devnet.tokens.usd.address as Address;
  const d = await openBulkExecute(page, 2);
  const verified = d.getByRole('list', { name: 'Transactions' }).getByText('Confirmations: 1 of 1 verified');
  const before = await untouched(page);
  expect(before.screen).toBeNull();

  // The check for account 0 is shown; the signer picks account 1 in the wallet.
  await d.getByRole('button', { name: 'Execute', exact: true }).click();
  const first = await atCheck(d);
  expect(first.Nonce).toBe(String(before.account0));
  await ui.selectAccount(page, SWITCHED);

  // Back at the review, with account 1 connected; the device was asked nothing and nothing reached the chain.
  await expect(d.getByRole('heading', { name: CHECK_HEADING })).toHaveCount(0);
  await expect(verified).toHaveCount(2);
  await expect(d.getByRole('button', { name: 'Execute', exact: true })).toBeEnabled();
  await expect(ui.walletButton(page, 0)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.waitForTimeout(1_000);
  expect(await untouched(page)).toEqual(before);

  // Execute again: a new check, for account 1's execution; approved on the device, it is mined.
  await d.getByRole('button', { name: 'Execute', exact: true }).click();
  const execution = await passDeviceStep(d, 'execution');
  expect(execution.Nonce).toBe(String(before.switched));
  expect(execution['Transaction hash']).not.toBe(first['Transaction hash']);
  expect(await deviceScreen(page)).toEqual(execution);
  await approveOnDevice(page);
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });

  // On chain: both transfers, in the one transaction account 1 sent, whose hash was shown; account 0 sent nothing.
  expect(await soloNonce()).toBe(before.safeNonce + 2);
  expect(await ui.balanceOf(usd, PAYEE)).toBe(dusd(3));
  const txHash = (await d.locator('p', { hasText: 'Transaction hash' }).locator('code').textContent())!.trim() as Hex;
  const mined = await ui.chain().getTransaction({ hash: txHash });
  expect(getAddress(mined.from)).toBe(getAddress(ui.owner(SWITCHED)));
  expect(String(mined.nonce)).toBe(execution.Nonce);
  expect(unsignedHashOf(mined)).toBe(execution['Transaction hash']);
  expect(await sentBy(0)).toBe(before.account0);
});

test('(b) create a Safe: another account during the check goes back to the review and deploys nothing; the next Create Safe deploys from it', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  const predicted = await reviewNewSafe(page);
  const before = { account0: await sentBy(0), switched: await sentBy(SWITCHED), screen: await deviceScreenState(page) };
  expect(before.screen).toBeNull();

  // The check for account 0's deployment is shown; the signer picks account 1 in the wallet.
  const create = page.getByRole('button', { name: 'Create Safe' });
  await create.click();
  const body = page.locator('body');
  const first = await atCheck(body);
  expect(first.Nonce).toBe(String(before.account0));
  await ui.selectAccount(page, SWITCHED);

  // Back at the review of the same Safe, with account 1 connected; nothing asked of the device, nothing deployed.
  await expect(body.getByRole('heading', { name: CHECK_HEADING })).toHaveCount(0);
  await expect(create).toBeEnabled();
  await expect(page.getByTestId('predicted-address')).toHaveAttribute('data-address', predicted);
  await expect(ui.walletButton(page, 0)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.waitForTimeout(1_000);
  expect({ account0: await sentBy(0), switched: await sentBy(SWITCHED), screen: await deviceScreenState(page) }).toEqual(before);
  expect(await ui.chain().getCode({ address: predicted })).toBeUndefined();

  // Create Safe again: a new check, for account 1's deployment; approved on the device, the Safe is deployed.
  await create.click();
  const execution = await passDeviceStep(body, 'execution');
  expect(execution.Nonce).toBe(String(before.switched));
  expect(await deviceScreen(page)).toEqual(execution);
  await approveOnDevice(page);
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('safe') === `${app.devnet.shortName}:${predicted}`, { timeout: 60_000 });

  // On chain: the Safe, deployed by account 1 in exactly the transaction whose hash was shown; account 0 sent nothing.
  expect(await ui.chain().getCode({ address: predicted })).toMatch(/^0x[0-9a-f]{2,}/);
  const mined = await sentWith(ui.owner(SWITCHED), Number(execution.Nonce));
  expect(getAddress(mined.to!)).toBe(execution.To);
  expect(unsignedHashOf(mined)).toBe(execution['Transaction hash']);
  expect(await sentBy(0)).toBe(before.account0);
});

test('(c) create a Safe: the Ledger set aside during the check (the wallet signs in the browser) goes back to the review; Create Safe then deploys without a device step', async ({ page }) => {
  test.setTimeout(240_000);
  const OWNER = 0;
  await withDevice(page, LEDGER);
  // After (b) this is the second 1-of-1 Safe of owner 0 with the salt nonce left blank: its review takes the first free
  // salt nonce (1), and that is the one deployed (deployInputOf in createSafe.machine.ts used to send the blank, read
  // as 0, and the deployment was refused: "these settings give …, not the reviewed …").
  const predicted = await reviewNewSafe(page, OWNER);
  const before = { sent: await sentBy(OWNER), screen: await deviceScreenState(page) };

  // The check for the Ledger is shown; the signer turns the wallet's device off (as in the wallet's settings).
  const create = page.getByRole('button', { name: 'Create Safe' });
  await create.click();
  const body = page.locator('body');
  expect((await atCheck(body)).Nonce).toBe(String(before.sent));
  await setDevice(page, null);

  // Back at the review of the same Safe, with the same account; nothing asked of the device, nothing deployed.
  await expect(body.getByRole('heading', { name: CHECK_HEADING })).toHaveCount(0);
  await expect(create).toBeEnabled();
  await expect(page.getByTestId('predicted-address')).toHaveAttribute('data-address', predicted);
  await expect(ui.walletButton(page, OWNER)).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1_000);
  expect({ sent: await sentBy(OWNER), screen: await deviceScreenState(page) }).toEqual(before);
  expect(await ui.chain().getCode({ address: predicted })).toBeUndefined();

  // Create Safe again: no device now, so no check; the wallet sends the deployment and the Safe is on chain.
  await create.click();
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('safe') === `${app.devnet.shortName}:${predicted}`, { timeout: 60_000 });
  await expect(body.getByRole('heading', { name: CHECK_HEADING })).toHaveCount(0);
  expect(await ui.chain().getCode({ address: predicted })).toMatch(/^0x[0-9a-f]{2,}/);
  expect(await sentBy(OWNER)).toBe(before.sent + 1);
});
