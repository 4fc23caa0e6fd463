/**
 * The execution-hash step in the other flows that send from the connected wallet (issue 19, decision 0070), on the
 * real devnet in Chromium, with the Devnet Wallet's Ledger profile standing in for the device (decision 0067: what
 * the device shows is computed by the wallet from the bytes it received; the app's lines from the bytes it sends).
 *
 * (a) bulk execute two fully signed transactions of the 1-of-1 solo Safe on the Ledger: first with the device
 *     disconnected (its text, Try again goes on), then approved; the execution hash shown is keccak-256 of the mined
 *     transaction's unsigned form, and the transfers are read back from the chain;
 * (b) a spending-limit spend on a Ledger that changes the fees: the change is reported, the transfer is on chain;
 * (c) a new Safe created on the Ledger: the execution hash shown is the mined deployment's, the Safe is on chain.
 * Axe finds no serious violation on the step.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { encodeFunctionData, erc20Abi, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { ALLOWANCE_MODULE_ADDRESS, encodeAddDelegate, encodeSetAllowance } from '../../src/domain/safe/allowance.ts';
import { connectDevnet, execNextSafeTx } from '../../devnet/chain/index.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LEDGER, approveOnDevice, deviceScreen, passDeviceStep, seriousViolations, setDeviceState, withDevice } from './fixtures/devnetDevice.ts';
import { dusd, soloExecution } from './fixtures/soloExecution.ts';
import { txFlowPage, unsignedHashOf } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
const { soloNonce, queueSoloTransfers, openBulkExecute, reviewNewSafe, sentWith } = soloExecution(() => app);
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 1000 } });

/** Addresses with no history: their balances are exactly what arrived. */
const BULK_PAYEE: Address = getAddress('0x00000000000000000000000000000000b0c0e7e1');
const SPEND_PAYEE: Address = getAddress('0x00000000000000000000000000000000b0c0e7e2');
const BENEFICIARY = 3;

/** The execution step in `scope`: its lines, no serious axe violation on it; returns the lines shown. */
async function passExecutionStep(page: Page, scope: Locator): Promise<Record<string, string>> {
  await expect(scope.getByRole('heading', { name: 'Check the execution on your Ledger' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const lines = await passDeviceStep(scope, 'execution');
  expect(Object.keys(lines)).toEqual(['Transaction hash', 'To', 'Value', 'Nonce', 'Gas limit', 'Max fee', 'Max priority fee']);
  return lines;
}

test.beforeAll(async () => {
  const { devnet } = app;
  const usd = devnet.tokens.usd.address as Address;
  const c = await connectDevnet(devnet.rpcUrl);
  const owner0 = devnet.owners[0]!;
  // (a) The solo Safe (1 of 1, owner 0) holds dUSD and has two signed transfers queued at its next two nonces.
  await queueSoloTransfers(BULK_PAYEE, [1, 2]);
  // (b) The team Safe gives account 3 a 100 dUSD daily limit (set up on chain: the UI path is spending-limits.spec's).
  const team = ui.team();
  const signers = [devnet.owners[0]!.privateKey as Hex, devnet.owners[1]!.privateKey as Hex];
  await c.send(owner0, { to: usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [team, dusd(200)] }) }, 'funding the team Safe with dUSD');
  const enable = encodeFunctionData({ abi: parseAbi(['function enableModule(address module)']), functionName: 'enableModule', args: [ALLOWANCE_MODULE_ADDRESS] });
  await execNextSafeTx(devnet.rpcUrl, team, { to: team, data: enable }, { signers });
  await execNextSafeTx(devnet.rpcUrl, team, { to: ALLOWANCE_MODULE_ADDRESS, data: encodeAddDelegate(ui.owner(BENEFICIARY)) }, { signers });
  await execNextSafeTx(devnet.rpcUrl, team, { to: ALLOWANCE_MODULE_ADDRESS, data: encodeSetAllowance({ delegate: ui.owner(BENEFICIARY), token: usd, amount: dusd(100), resetTimeMin: 1440 }) }, { signers });
});

test('(a) bulk execute on a Ledger: a disconnected device says so and Try again goes on; the hash shown is the mined transaction’s', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  const nonce = await soloNonce();
  const usd = app.devnet.tokens.usd.address as Address;
  const d = await openBulkExecute(page, 2);

  // The device is disconnected: its own text, and Try again goes back to the review with both transactions.
  await setDeviceState(page, 'disconnected');
  await d.getByRole('button', { name: 'Execute', exact: true }).click();
  await passExecutionStep(page, d);
  const alert = d.getByRole('alert');
  await expect(alert).toContainText('Device not connected.', { timeout: 30_000 });
  await expect(alert).toContainText(/Your Ledger is not connected\. Connect and unlock it/);
  await setDeviceState(page, 'ready');
  await d.getByRole('button', { name: 'Try again' }).click();
  await expect(d.getByRole('list', { name: 'Transactions' }).getByText('Confirmations: 1 of 1 verified')).toHaveCount(2);

  // Approved on the device: it shows what the app showed before the prompt.
  await d.getByRole('button', { name: 'Execute', exact: true }).click();
  const execution = await passExecutionStep(page, d);
  await expect(d.getByRole('status')).toContainText('Confirm the execution on your Ledger');
  expect(await deviceScreen(page)).toEqual(execution);
  await approveOnDevice(page);
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await expect(d.getByText(/changed the transaction before signing it/)).toHaveCount(0);

  // On chain: both transfers, and the mined transaction is exactly the one whose hash was shown.
  expect(await soloNonce()).toBe(nonce + 2);
  expect(await ui.balanceOf(usd, BULK_PAYEE)).toBe(dusd(3));
  const txHash = (await d.locator('p', { hasText: 'Transaction hash' }).locator('code').textContent())!.trim() as Hex;
  const mined = await ui.chain().getTransaction({ hash: txHash });
  expect(mined.from.toLowerCase()).toBe(ui.owner(0).toLowerCase());
  expect(getAddress(mined.to!)).toBe(execution.To);
  expect(String(mined.nonce)).toBe(execution.Nonce);
  expect(unsignedHashOf(mined)).toBe(execution['Transaction hash']);
});

test('(b) a spending-limit spend on a Ledger that changes the fees: the change is reported, from the transaction on chain', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, { ...LEDGER, changesFees: true });
  const usd = app.devnet.tokens.usd.address as Address;
  await ui.openSafe(page, 0);
  await ui.selectAccount(page, BENEFICIARY);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
  const dusdRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /dUSD/ }) });
  await dusdRow.getByRole('button', { name: 'Send with spending limit' }).click({ timeout: 30_000 });
  const d = ui.dialog(page);
  await d.getByLabel('Recipient address').fill(SPEND_PAYEE);
  await d.getByLabel('Amount (dUSD)').fill('60');
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByTestId('spend-sentence')).toBeVisible({ timeout: 20_000 });
  await d.getByRole('button', { name: 'Send with your wallet' }).click();
  const execution = await passExecutionStep(page, d);
  expect(getAddress(execution.To!)).toBe(getAddress(ALLOWANCE_MODULE_ADDRESS));
  await approveOnDevice(page);
  const report = d.getByRole('alert');
  await expect(report).toContainText('Your Ledger changed the transaction before signing it.', { timeout: 60_000 });
  await expect(report).toContainText(`max priority fee ${execution['Max priority fee']!.replace(' gwei', '')} →`);
  await expect(d.getByTestId('spend-done')).toHaveText('Sent. 40 dUSD left of your limit', { timeout: 60_000 });
  // The report stays on the last step; the chain has the transfer, signed with other fees than the ones checked.
  await expect(report).toContainText('The execution hash you compared is not the one sent.');
  expect(await ui.balanceOf(usd, SPEND_PAYEE)).toBe(dusd(60));
  const txHash = (await d.locator('p', { hasText: /^Transaction/ }).locator('code').textContent())!.trim() as Hex;
  const mined = await ui.chain().getTransaction({ hash: txHash });
  expect(`${Number(mined.maxPriorityFeePerGas!) / 1e9} gwei`).not.toBe(execution['Max priority fee']);
  expect(unsignedHashOf(mined)).not.toBe(execution['Transaction hash']);
});

test('(c) create a Safe on a Ledger: the execution hash shown is the mined deployment’s, and the Safe is on chain', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  const predicted = await reviewNewSafe(page);

  await page.getByRole('button', { name: 'Create Safe' }).click();
  const execution = await passExecutionStep(page, page.locator('body'));
  expect(await deviceScreen(page)).toEqual(execution);
  await approveOnDevice(page);
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('safe') === `${app.devnet.shortName}:${predicted}`, { timeout: 60_000 });

  // On chain: the Safe, and the deployment is exactly the transaction whose hash was shown.
  expect(await ui.chain().getCode({ address: predicted })).toMatch(/^0x[0-9a-f]{2,}/);
  const sent = await ui.chain().getTransaction({ sender: ui.owner(0), nonce: Number(execution.Nonce) }).catch(() => null);
  const mined = sent ?? (await sentWith(ui.owner(0), Number(execution.Nonce)));
  expect(getAddress(mined.to!)).toBe(execution.To);
  expect(unsignedHashOf(mined)).toBe(execution['Transaction hash']);
});
