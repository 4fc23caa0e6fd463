/**
 * Issue 15 on the real devnet, in Chromium: a lying gateway (a tampering proxy in front of the devnet gateway)
 * describes a queued transaction in words its bytes do not back — a direction, a sender, a rejection, a batch, a
 * settings change, a description nothing decodes, an on-chain approval nobody gave, a batch list for a plain
 * transfer, a name for an address that imitates one the signer knows — and a queued batch hides a DELEGATECALL that
 * rewrites the Safe's implementation. What contradicts the bytes blocks signing and the wallet is never asked; what
 * cannot be checked is not shown. The fields of the transaction itself (issue 7) are in tx-tamper.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { encodeFunctionData, getAddress, parseAbi, type Address } from 'viem';
import { signingCalls } from './fixtures/walletSpy.ts';
import { bybitStyleSafeTx, deploySlotZeroWriter } from './fixtures/bybit.ts';
import { proposeSafeTx } from '../../devnet/seed/offchain.ts';
import { SAFE_141, buildSafeTx } from '../../devnet/chain/index.ts';
import { encodeMultiSendTransactions } from '../../src/domain/safe/multisend.ts';
import { MALLORY, expectNothingSent, useTamperApp, type Json } from './fixtures/txTamper.ts';

const { app, ui, dialog, tamper, detailsPath, openQueuedAsOwnerB, openConfirm } = useTamperApp();

/** The txInfo of the queued transaction at nonce 3 replaced by `lie` (the bytes, hashes and signatures stay true). */
const lyingSummary = (page: Page, lie: (txInfo: Json) => Json) =>
  tamper(page, detailsPath(), (json) => {
    json.txInfo = lie(json.txInfo as Json);
  });

const blockedAlert = (page: Page) => dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked' });
/** The review's opening sentence, decoded here from the bytes of "0.5 ETH to owner 3". */
const localTitle = () => `Send 0.5 ETH to ${ui.owner(3).slice(0, 6)}…${ui.owner(3).slice(-4)}`;

const SUMMARY_LIES: { name: string; lie: (txInfo: Json) => Json; field: string }[] = [
  { name: 'an outgoing transfer shown as received', lie: (t) => ({ ...t, direction: 'INCOMING' }), field: 'txInfo.direction' },
  { name: 'a transfer from someone else', lie: (t) => ({ ...t, sender: { value: MALLORY, name: null, logoUri: null } }), field: 'txInfo.sender' },
  {
    name: 'a transfer shown as an on-chain rejection',
    lie: () => ({ type: 'Custom', humanDescription: null, to: { value: app.devnet.safes[0]!.address, name: null, logoUri: null }, dataSize: '0', value: '500000000000000000', methodName: null, actionCount: null, isCancellation: true }),
    field: 'txInfo.isCancellation',
  },
  {
    name: 'a transfer shown as a batch of actions',
    lie: () => ({ type: 'Custom', humanDescription: null, to: { value: ui.owner(3), name: null, logoUri: null }, dataSize: '0', value: '500000000000000000', methodName: null, actionCount: 3, isCancellation: false }),
    field: 'txInfo.actionCount',
  },
  {
    name: 'a transfer shown as a threshold change',
    lie: () => ({ type: 'SettingsChange', humanDescription: null, dataDecoded: { method: 'changeThreshold', parameters: [] }, settingsInfo: { type: 'CHANGE_THRESHOLD', threshold: 1 } }),
    field: 'txInfo.settingsInfo',
  },
];

for (const { name, lie, field } of SUMMARY_LIES) {
  test(`summary lie — ${name}: signing is blocked, the title stays the local sentence, the wallet is never asked`, async ({ page }) => {
    const proxy = await lyingSummary(page, lie);
    await openConfirm(page);
    await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(blockedAlert(page)).toContainText(`The gateway reports ${field} = `);
    await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText(localTitle());
    await expectNothingSent(page);
  });
}

test('a summary the bytes cannot contradict (humanDescription, a method name nothing decodes) is never shown, and signing stays possible', async ({ page }) => {
  const proxy = await lyingSummary(page, (t) => ({ ...t, humanDescription: 'Receive 1000 ETH from the airdrop' }));
  await openConfirm(page);
  await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText(localTitle());
  await expect(dialog(page).getByRole('region', { name: 'What it does' })).toContainText(localTitle());
  await expect(page.getByText('Receive 1000 ETH from the airdrop')).toHaveCount(0);
  await expect(blockedAlert(page)).toHaveCount(0);
  await expect(dialog(page).getByRole('button', { name: 'Sign and execute', exact: true })).toBeEnabled();
});

test('a forged on-chain approval (v 1) is shown as not valid and not counted: Execute is not offered and nothing is sent', async ({ page }) => {
  // Owner C (account 2) never approved the hash on chain; the gateway claims it did, which would make 2 of 2.
  const forged = `0x${ui.owner(2).slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}01`;
  const proxy = await tamper(page, detailsPath(), (json) => {
    const exec = json.detailedExecutionInfo as Json;
    (exec.confirmations as Json[]).push({ signer: { value: ui.owner(2), name: null, logoUri: null }, signature: forged, submittedAt: Date.now() });
  });
  // The gateway's count would be 2 of 2; the details page counts what it verified and offers Confirm, not Execute.
  await openQueuedAsOwnerB(page, 3, /ETH|native|Send/i);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Confirmations (1 of 2 verified)' })).toBeVisible({ timeout: 20_000 });
  const pageVerdicts = main.getByRole('list', { name: 'Confirmations' });
  await expect(pageVerdicts.getByRole('listitem').filter({ hasText: ui.owner(0) })).toContainText('Verified');
  await expect(pageVerdicts.getByRole('listitem').filter({ hasText: ui.owner(2) })).toContainText('Not valid — not counted');
  const actions = page.getByRole('group', { name: 'Transaction actions' });
  await expect(actions.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Execute', exact: true })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  const verdicts = dialog(page).getByRole('list', { name: 'Confirmations' });
  await expect(verdicts.getByRole('listitem').filter({ hasText: ui.owner(0) })).toContainText('Verified');
  await expect(verdicts.getByRole('listitem').filter({ hasText: ui.owner(2) })).toContainText('Not valid — not counted');
  await expect(dialog(page).getByText(/^Confirmed 1 of 2/)).toBeVisible();
  // Executing without a new signature (wallet or relay) is not offered: executing now means signing first.
  await expect(dialog(page).getByRole('button', { name: 'Execute', exact: true })).toHaveCount(0);
  await expect(dialog(page).getByRole('button', { name: 'Execute with relay', exact: true })).toHaveCount(0);
  await expect(dialog(page).getByRole('group', { name: 'Execute with' })).toHaveCount(0);
  await expect(dialog(page).getByText("You're providing the last signature.", { exact: false })).toBeVisible();
  expect(await signingCalls(page)).toEqual([]);
  // Owner B's own signature is still possible: it is the real, second confirmation.
  await expect(dialog(page).getByRole('button', { name: 'Sign and execute', exact: true })).toBeEnabled();
  await dialog(page).getByRole('radio', { name: 'No, only sign (anyone can execute later)' }).check();
  await expect(dialog(page).getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
});

test('a Bybit-style batch (MultiSend hiding a DELEGATECALL that rewrites slot 0) shows the implementation change from the simulation and cannot be signed', async ({ page }) => {
  const { writer, implementation } = await deploySlotZeroWriter(app.devnet);
  const nonce = BigInt(app.devnet.demo.queue.reduce((max, q) => Math.max(max, q.nonce), 0) + 1);
  const tx = bybitStyleSafeTx(writer, implementation, nonce);
  const team = app.devnet.safes[0]!;
  await proposeSafeTx(app.devnet.gatewayUrl, app.devnet.chainId, team.address, tx, app.devnet.owners[0]!);

  await openQueuedAsOwnerB(page, Number(nonce), /multiSend|Contract interaction|Batch/i);
  // The details page simulates the queued transaction too, and says what it found before anyone opens the flow.
  const found = page.getByRole('alert').filter({ hasText: 'The simulation found a problem: signing this transaction is blocked.' });
  await expect(found).toContainText(implementation, { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Configuration changes' })).toContainText(`→ ${implementation}`);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 30_000 });

  const blocked = dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked: the Safe’s implementation would be replaced.' });
  await expect(blocked).toContainText(`the Safe's implementation changes to ${implementation}`);
  await expect(dialog(page).getByRole('region', { name: 'Simulation' }).getByRole('list', { name: 'Configuration changes' })).toContainText(`→ ${implementation}`);
  // The batch is listed from the bytes: one DELEGATECALL to the writer.
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText('Batch of 1 call');
  await expect(dialog(page).getByRole('region', { name: 'What it does' })).toContainText(`DELEGATECALL function 0x00000000 (not decoded) on ${writer.slice(0, 6)}…${writer.slice(-4)}`);
  // Acknowledging the warnings does not lift the block.
  await dialog(page).getByRole('checkbox', { name: /I understand the risks/ }).check();
  await expectNothingSent(page);
});

test('an invented batch list (a multiSend decoding for a plain transfer) blocks signing and none of it is shown', async ({ page }) => {
  const fake = (to: string) => ({ operation: 0, to, value: '1000000000000000000', data: null, dataDecoded: null });
  const proxy = await tamper(page, detailsPath(), (json) => {
    (json.txData as Json).dataDecoded = { method: 'multiSend', parameters: [{ name: 'transactions', type: 'bytes', value: '0x', valueDecoded: [fake(MALLORY), fake(MALLORY)] }] };
  });
  await openConfirm(page);
  await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(blockedAlert(page)).toContainText('The gateway reports txData.dataDecoded');
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText(localTitle());
  await expect(dialog(page).getByRole('list', { name: 'Calls in this batch' })).toHaveCount(0);
  await expect(dialog(page).getByRole('region', { name: 'What it does' })).not.toContainText(MALLORY.slice(0, 6));
  await expectNothingSent(page);
});

/** An address-poisoning vanity address: the first `prefix` and last 4 hex digits of `target`, every digit between changed. */
function imitationOf(target: string, prefix = 4): Address {
  const hex = target.slice(2).toLowerCase();
  return getAddress(`0x${[...hex].map((c, i) => (i < prefix || i >= 36 ? c : ((parseInt(c, 16) + 3) % 16).toString(16))).join('')}`);
}

test('look-alike (S17): a recipient that imitates an address-book entry is flagged as it is pasted, the review blocks it and nothing is sent', async ({ page }) => {
  const dora = ui.owner(3);
  const fake = imitationOf(dora);
  await ui.addAddressBookEntry(page, dora, 'Dora');

  await page.getByRole('button', { name: 'New transaction' }).click();
  await ui.composeTransfer(page, fake, '1');
  const fieldWarning = dialog(page).getByRole('alert').filter({ hasText: 'Look-alike address' });
  await expect(fieldWarning).toContainText(`“Dora”, in your address book (${dora})`);
  await expect(dialog(page).getByRole('combobox', { name: 'Recipient address' })).toHaveAccessibleDescription(/Look-alike address/);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page).getByLabel('Nonce', { exact: true })).toBeVisible({ timeout: 20_000 });
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 30_000 });
  const blocked = dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked: an address in this transaction imitates one you know.' });
  await expect(blocked).toContainText(`The recipient ${fake} begins and ends like “Dora”, in your address book (${dora})`);
  await expect(dialog(page).getByRole('checkbox', { name: /I understand the risks/ })).toHaveCount(0);
  await expectNothingSent(page);

  // Back to the compose step: the address the signer knows clears the block.
  await dialog(page).getByRole('button', { name: 'Back' }).click();
  await dialog(page).getByRole('combobox', { name: 'Recipient address' }).fill(dora);
  await expect(fieldWarning).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page).getByLabel('Nonce', { exact: true })).toBeVisible({ timeout: 20_000 });
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText(`Send 1 dUSD to Dora (${dora.slice(0, 6)}…${dora.slice(-4)})`);
  await expect(blocked).toHaveCount(0);
  await expect(dialog(page).getByRole('button', { name: /^(Sign|Sign and execute)$/ })).toBeEnabled();
  expect(await signingCalls(page)).toEqual([]);
});

test('look-alike (S17): a queued batch paying an imitation of an owner is blocked in Confirm whatever name the gateway gives it; nothing is sent', async ({ page }) => {
  const ownerB = ui.owner(1);
  const fake = imitationOf(ownerB, 6);
  const usd = app.devnet.tokens.usd.address as Address;
  const transfer = (to: Address) => ({ operation: 0 as const, to: usd, value: 0n, data: encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), functionName: 'transfer', args: [to, 10n ** 18n] }) });
  const nonce = BigInt(app.devnet.demo.queue.reduce((max, q) => Math.max(max, q.nonce), 0) + 2);
  const data = encodeFunctionData({ abi: parseAbi(['function multiSend(bytes transactions) payable']), functionName: 'multiSend', args: [encodeMultiSendTransactions([transfer(ui.owner(3)), transfer(fake)])] });
  const tx = buildSafeTx({ to: SAFE_141.multiSendCallOnly, data, operation: 1, nonce });
  await proposeSafeTx(app.devnet.gatewayUrl, app.devnet.chainId, app.devnet.safes[0]!.address, tx, app.devnet.owners[0]!);
  // The lying gateway names the imitation as owner B in its decoding of the batch.
  const nameImitation = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(nameImitation);
    else if (node && typeof node === 'object') {
      const o = node as Json;
      if (typeof o.value === 'string' && o.value.toLowerCase() === fake.toLowerCase() && 'name' in o) o.name = 'Owner B (treasury)';
      Object.values(o).forEach(nameImitation);
    }
  };
  const proxy = await tamper(page, detailsPath(), (json) => {
    nameImitation(json);
    const txData = json.txData as Json;
    txData.addressInfoIndex = { ...((txData.addressInfoIndex as Json | null) ?? {}), [fake]: { value: fake, name: 'Owner B (treasury)', logoUri: null } };
  });

  await openQueuedAsOwnerB(page, Number(nonce), /Batch|multiSend|Contract interaction/i);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 30_000 });
  const blocked = dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked: an address in this transaction imitates one you know.' });
  await expect(blocked).toContainText(`The recipient ${fake} (batch item 2) begins and ends like an owner of this Safe (${ownerB})`);
  expect(proxy.count()).toBeGreaterThan(0);
  // Said as the gateway's, if at all; never as the signer's name for it, never in the title.
  await expect(dialog(page).locator('.address-name', { hasText: 'Owner B (treasury)' })).toHaveCount(0);
  await expect(dialog(page).getByRole('heading', { level: 3 })).not.toContainText('Owner B');
  await expectNothingSent(page);
});
