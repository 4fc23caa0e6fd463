/**
 * The on-device check in the two other flows that sign EIP-712 typed data (issue 19, decision 0069), on the real
 * devnet in Chromium: the Devnet Wallet with a Ledger profile stands in for the device (decision 0067). What the
 * device shows is computed by the wallet from the typed data it received; what the app shows before the prompt is
 * computed from the typed data it sends: the test compares the two, and reads the results from the gateway.
 *
 * 1. The proposer deletes a queued proposal on the Ledger: the device's screen equals the app's lines, the two hashes
 *    make the DeleteRequest hash the dialog showed, and the gateway no longer lists the proposal.
 * 2. A locked Ledger: its own text; Try again then deletes.
 * 3. An owner adds, renames and removes a proposer on the Ledger: the same step for each change (axe-clean), the two
 *    hashes make the Delegate hash computed here with viem, and the gateway's list shows each change.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { concat, getAddress, hashTypedData, keccak256, type Address, type Hex } from 'viem';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LEDGER, approveOnDevice, deviceScreen, linesOf, passDeviceStep, seriousViolations, setDeviceState, withDevice } from './fixtures/devnetDevice.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 1000 } });

interface QueuedSummary {
  id: string;
  executionInfo?: { nonce: number };
}
async function gatewayQueue(): Promise<QueuedSummary[]> {
  const res = await fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/safes/${ui.team()}/transactions/queued`);
  expect(res.ok).toBe(true);
  const page = (await res.json()) as { results: { type: string; transaction?: QueuedSummary }[] };
  return page.results.flatMap((item) => (item.type === 'TRANSACTION' && item.transaction ? [item.transaction] : []));
}

/** Owner 0 proposes a dUSD transfer on the Ledger (its own on-device step); returns the safeTxHash and its nonce. */
async function proposeOnDevice(page: Page, amount: string): Promise<{ safeTxHash: string; nonce: number }> {
  const d = ui.dialog(page);
  await page.getByRole('button', { name: 'New transaction' }).click();
  await ui.composeTransfer(page, ui.owner(3), amount);
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible();
  await d.getByRole('button', { name: 'Continue' }).click();
  const safeTxHash = await ui.shownSafeTxHash(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(d);
  await approveOnDevice(page);
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });
  await d.getByRole('button', { name: 'Close' }).click();
  await expect(d).toHaveCount(0);
  const queued = (await gatewayQueue()).find((tx) => tx.id.includes(safeTxHash));
  expect(queued).toBeDefined();
  return { safeTxHash, nonce: queued!.executionInfo!.nonce };
}

/** The delete dialog of the queued transaction at `nonce`; returns the DeleteRequest hash it shows before Delete. */
async function openDelete(page: Page, nonce: number): Promise<Hex> {
  await ui.openQueuedTx(page, nonce, /dUSD/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Delete' }).click();
  const d = ui.dialog(page);
  await expect(d.getByRole('heading', { name: 'Delete this transaction?' })).toBeVisible();
  const hashes = await linesOf(d.getByRole('region', { name: 'Delete request hashes' }).locator('dl'));
  return hashes['DeleteRequest hash'] as Hex;
}

test('the proposer deletes a proposal on the Ledger: the device shows the app’s lines, they make the DeleteRequest hash, and the gateway drops it', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  const { safeTxHash, nonce } = await proposeOnDevice(page, '3');

  const deleteRequestHash = await openDelete(page, nonce);
  const d = ui.dialog(page);
  await d.getByRole('button', { name: 'Delete', exact: true }).click();
  // The step before the prompt: checked by axe as it is shown.
  await expect(d.getByRole('region', { name: 'Check the signature on your Ledger' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const shown = await passDeviceStep(d);
  expect(Object.keys(shown)).toEqual(['Domain hash', 'Message hash']);
  // The two hashes are the DeleteRequest's EIP-712 parts: keccak256(0x1901 ‖ domain ‖ message) is the hash shown before.
  expect(keccak256(concat(['0x1901', shown['Domain hash'] as Hex, shown['Message hash'] as Hex]))).toBe(deleteRequestHash);
  // While the device waits the same values stay on screen, and the device computed the same two from what it received.
  await expect(d.getByRole('status')).toContainText('Confirm the signature on your Ledger');
  expect(await linesOf(d.getByLabel('What your Ledger will show'))).toEqual(shown);
  expect(await deviceScreen(page)).toEqual(shown);
  await approveOnDevice(page);
  await expect(d.getByRole('status')).toContainText('The transaction was deleted.', { timeout: 30_000 });
  expect((await gatewayQueue()).some((tx) => tx.id.includes(safeTxHash))).toBe(false);
});

test('a locked Ledger says what to do; Try again then deletes the proposal', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  const { safeTxHash, nonce } = await proposeOnDevice(page, '4');

  await openDelete(page, nonce);
  const d = ui.dialog(page);
  await setDeviceState(page, 'locked');
  await d.getByRole('button', { name: 'Delete', exact: true }).click();
  await passDeviceStep(d);
  const alert = d.getByRole('alert');
  await expect(alert).toContainText('Device locked.', { timeout: 30_000 });
  await expect(alert).toContainText('Your Ledger is locked. Unlock it with its PIN, keep it connected, and try again.');
  await expect(d).toContainText('Nothing was signed or sent. The transaction is still queued');
  expect((await gatewayQueue()).some((tx) => tx.id.includes(safeTxHash))).toBe(true);

  await setDeviceState(page, 'ready');
  await d.getByRole('button', { name: 'Try again' }).click();
  await d.getByRole('button', { name: 'Delete', exact: true }).click();
  const shown = await passDeviceStep(d);
  expect(await deviceScreen(page)).toEqual(shown);
  await approveOnDevice(page);
  await expect(d.getByRole('status')).toContainText('The transaction was deleted.', { timeout: 30_000 });
  expect((await gatewayQueue()).some((tx) => tx.id.includes(safeTxHash))).toBe(false);
});

/** The proposers the gateway lists for the team Safe. */
async function gatewayProposers(): Promise<{ delegate: string; delegator: string; label: string }[]> {
  const res = await fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/delegates?safe=${getAddress(ui.team())}`);
  expect(res.ok).toBe(true);
  return ((await res.json()) as { results: { delegate: string; delegator: string; label: string }[] }).results;
}

/**
 * The EIP-712 hash of the Delegate typed data (protocol.md B.7.15) for `delegate` in the hour of `ms`, computed here
 * with viem from the gateway's definition, not the app's code.
 */
const delegateHash = (delegate: Address, ms: number): Hex =>
  hashTypedData({
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId: app.devnet.chainId },
    types: { Delegate: [{ name: 'delegateAddress', type: 'address' }, { name: 'totp', type: 'uint256' }] },
    primaryType: 'Delegate',
    message: { delegateAddress: delegate, totp: BigInt(Math.floor(ms / 3_600_000)) },
  });

/**
 * A proposer change signed on the Ledger: `start` asks for it; the on-device step (axe-clean) shows the two hashes,
 * which make the Delegate hash for `proposer`; the device's screen shows the same two; Approve on device; `done`
 * is the notice after it.
 */
async function changeProposerOnDevice(page: Page, section: Locator, proposer: Address, change: string, start: () => Promise<void>, done: string) {
  const asked = Date.now();
  await start();
  await expect(section.getByText(change)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('heading', { name: 'Check the signature on your Ledger' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const shown = await passDeviceStep(section);
  const answered = Date.now();
  expect(Object.keys(shown)).toEqual(['Domain hash', 'Message hash']);
  // keccak256(0x1901 ‖ domain ‖ message) is the Delegate hash for this proposer (in the hour the app signed it).
  const joined = keccak256(concat(['0x1901', shown['Domain hash'] as Hex, shown['Message hash'] as Hex]));
  expect([delegateHash(proposer, asked), delegateHash(proposer, answered)]).toContain(joined);
  await expect(section.getByRole('status').filter({ hasText: 'Confirm the signature on your Ledger' })).toBeVisible();
  expect(await deviceScreen(page)).toEqual(shown);
  await approveOnDevice(page);
  await expect(section.getByRole('status').filter({ hasText: done })).toBeVisible({ timeout: 30_000 });
}

test('an owner adds, renames and removes a proposer on the Ledger: the same step each time, and the gateway has each change', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  await page.goto(app.url(`/settings/security?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const section = page.getByRole('region', { name: 'Proposers' });
  await expect(section.getByRole('button', { name: 'Refresh proposers' })).toBeEnabled({ timeout: 20_000 });
  const proposer = getAddress(app.devnet.owners[3]!.address) as Address;
  const table = section.getByRole('table', { name: 'Proposers' });

  // Add.
  const add = section.getByRole('form', { name: 'Add proposer' });
  await add.getByLabel('Address').fill(proposer);
  await add.getByLabel('Name').fill('Ledger bot');
  await changeProposerOnDevice(page, section, proposer, `Adding Ledger bot (${proposer}) as a proposer.`, () => add.getByRole('button', { name: 'Add proposer' }).click(), 'Proposer added.');
  await expect(table.getByRole('row').filter({ hasText: 'Ledger bot' })).toContainText(proposer);
  expect(await gatewayProposers()).toContainEqual(expect.objectContaining({ delegate: proposer, delegator: getAddress(ui.owner(0)), label: 'Ledger bot' }));

  // Rename.
  await table.getByRole('button', { name: 'Rename Ledger bot' }).click();
  const rename = section.getByRole('form', { name: 'Rename Ledger bot' });
  await rename.getByLabel('New name for Ledger bot').fill('Ledger release bot');
  await changeProposerOnDevice(page, section, proposer, `Renaming the proposer ${proposer} to “Ledger release bot”.`, () => rename.getByRole('button', { name: 'Save name' }).click(), 'Proposer renamed.');
  await expect(table.getByRole('row').filter({ hasText: 'Ledger release bot' })).toContainText(proposer);
  const renamed = (await gatewayProposers()).filter((d) => d.delegate === proposer);
  expect(renamed).toEqual([expect.objectContaining({ delegate: proposer, delegator: getAddress(ui.owner(0)), label: 'Ledger release bot' })]);

  // Remove.
  await table.getByRole('button', { name: 'Remove Ledger release bot' }).click();
  await changeProposerOnDevice(
    page,
    section,
    proposer,
    `Removing Ledger release bot (${proposer}) as a proposer.`,
    () => table.getByRole('button', { name: 'Yes, remove Ledger release bot' }).click(),
    'Proposer removed.',
  );
  await expect(table.getByRole('row').filter({ hasText: proposer })).toHaveCount(0);
  expect((await gatewayProposers()).some((d) => d.delegate === proposer)).toBe(false);
});
