/**
 * Issue 7 / security property S3 on the real devnet, in Chromium: a tampering proxy (Playwright route
 * interception) in front of the devnet gateway changes one field of the transaction the gateway returns —
 * `to`, `value`, `data` or `operation` of a queued transaction's details (what the confirm flow loads), or the
 * decoded call of the confirmation view and data decoder (what the create flow's review shows). Each time the
 * review says precisely what does not match and signing is blocked, and the Devnet Wallet (instrumented in the
 * page) is never asked to sign or send anything. An untampered control run shows the same buttons enabled.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { safeTxHash, type SafeTx } from '../../src/domain/safe/index.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { escapeRegExp, txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls } from './fixtures/walletSpy.ts';
import { bybitStyleSafeTx, deploySlotZeroWriter } from './fixtures/bybit.ts';
import { proposeSafeTx } from '../../devnet/seed/offchain.ts';
import { SAFE_141, buildSafeTx } from '../../devnet/chain/index.ts';
import { encodeMultiSendTransactions } from '../../src/domain/safe/multisend.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });

const ui = txFlowPage(() => app);
const { dialog } = ui;

type Json = Record<string, unknown>;

/** Rewrites the JSON answers of the gateway requests whose path (after the gateway URL) matches `path`. */
async function tamper(page: Page, path: string, edit: (json: Json) => void, realUrl: (url: string) => string = (url) => url) {
  let tampered = 0;
  await page.route(new RegExp(`^${escapeRegExp(app.devnet.gatewayUrl)}${path}(\\?.*)?$`), async (route: Route) => {
    const response = await route.fetch({ url: realUrl(route.request().url()) });
    const json = (await response.json()) as Json;
    edit(json);
    tampered += 1;
    await route.fulfill({ response, json });
  });
  return { count: () => tampered };
}

/** The review's one submit button, whatever it is named now (decision 0044). */
const submitButton = (page: Page) => dialog(page).getByRole('button', { name: /^(Sign|Sign and execute|Execute|Execute with relay)$/ });

/** No choice is offered and the one submit button is disabled; clicking it anyway sends nothing to the wallet. */
async function expectNothingSent(page: Page) {
  await expect(dialog(page).getByRole('radio')).toHaveCount(0);
  await expect(submitButton(page)).toHaveCount(1);
  await expect(submitButton(page)).toBeDisabled();
  await submitButton(page).click({ force: true });
  await page.waitForTimeout(500);
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible();
  expect(await signingCalls(page)).toEqual([]);
}

/** Owner B (account 1) opens the seeded queued transaction at the next nonce (0.5 ETH to account 3, signed by owner A) and starts Confirm. */
async function openConfirm(page: Page) {
  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  // The wallet reconnects on its own after a page load, with the tab's selected account (none chosen yet: account 0).
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await ui.selectAccount(page, 1);
  await ui.openQueuedTx(page, 3, /ETH|native|Send/i);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await installWalletSpy(page);
  await ui.openSafe(page, 0);
});

test('control: the untampered queued transaction can be signed and executed by owner B', async ({ page }) => {
  await openConfirm(page);
  await expect(dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked' })).toHaveCount(0);
  // The exact execTransaction was simulated on the devnet's RPC: the Safe pays 0.5 ETH, owner 3 receives it.
  const simulation = dialog(page).getByRole('region', { name: 'Simulation' });
  await expect(simulation).toContainText('The transaction succeeds.');
  const changes = simulation.getByRole('list', { name: 'Balance changes' }).getByRole('listitem');
  await expect(changes.filter({ hasText: 'The Safe' })).toHaveText('The Safe: −0.5 ETH');
  await expect(changes.filter({ hasText: ui.owner(3).slice(0, 6) })).toContainText('+0.5 ETH');
  await expect(simulation.locator('details')).toContainText('eth_simulateV1: the exact execTransaction');
  // Owner B's is the last signature: "Execute now?" offers both, Yes by default.
  await expect(dialog(page).getByRole('radio', { name: 'Yes, execute' })).toBeChecked();
  await expect(dialog(page).getByRole('button', { name: 'Sign and execute', exact: true })).toBeEnabled();
  await dialog(page).getByRole('radio', { name: 'No, only sign (anyone can execute later)' }).check();
  await expect(dialog(page).getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await signingCalls(page)).toEqual([]);
});

test("names: the signer's address-book name is said beside the short address; a gateway's label only as unverified", async ({ page }) => {
  const recipient = ui.owner(3);
  const short = `${recipient.slice(0, 6)}…${recipient.slice(-4)}`;
  await tamper(page, `/v1/chains/${app.devnet.chainId}/transactions/multisig_[^/?]+`, (json) => {
    ((json.txData as Json).to as Json).name = 'Exchange deposit';
  });
  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await ui.openQueuedTx(page, 3, /ETH|native|Send/i);
  const title = page.locator('#summary-title');
  await expect(title).toHaveText(`Send 0.5 ETH to ${short}`, { timeout: 20_000 });
  const label = page.locator('.address-label-unverified');
  await expect(label).toHaveText('Exchange deposit (gateway label, unverified)');
  await expect(page.locator('.address-name', { hasText: 'Exchange deposit' })).toHaveCount(0);

  // The signer names the recipient in their address book.
  await ui.addAddressBookEntry(page, recipient, 'Carol (ops)');

  await ui.selectAccount(page, 1);
  await ui.openQueuedTx(page, 3, /ETH|native|Send/i);
  await expect(title).toHaveText(`Send 0.5 ETH to Carol (ops) (${short})`, { timeout: 20_000 });
  await expect(label).toHaveCount(0);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText(`Send 0.5 ETH to Carol (ops) (${short})`, { timeout: 20_000 });
  await expect(dialog(page).getByRole('region', { name: 'What it does' })).toContainText(`Send 0.5 ETH to Carol (ops) (${short})`);
  // The recipient in full, with the signer's name, its identicon, copy and explorer link.
  const named = dialog(page).getByRole('region', { name: 'What it does' }).locator('dl[aria-label="Addresses it names"]');
  await expect(named).toContainText(new RegExp(`Recipient\\s*Carol \\(ops\\)\\s*${recipient}`));
  await expect(named.locator('img.address-identicon')).toHaveCount(1);
  await expect(named.getByRole('button', { name: `Copy address ${recipient}` })).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Sign and execute', exact: true })).toBeEnabled();
  expect(await signingCalls(page)).toEqual([]);
});

/** Where a tampering gateway would like the funds to go. */
const MALLORY = getAddress('0x000000000000000000000000000000000000dead');

const CASES: { field: 'to' | 'value' | 'data' | 'operation'; edit: (txData: Json) => void; precise: () => string[] }[] = [
  {
    field: 'to',
    edit: (txData) => void ((txData.to as Json).value = MALLORY),
    precise: () => [`The gateway reports txInfo.recipient = ${ui.owner(3)}, but the transaction built here has ${MALLORY}.`],
  },
  {
    field: 'value',
    edit: (txData) => void (txData.value = '1'),
    precise: () => ['The gateway reports txInfo.transferInfo.value = 500000000000000000, but the transaction built here has 1.'],
  },
  {
    field: 'data',
    edit: (txData) => void (txData.hexData = '0xdeadbeef'),
    precise: () => ['The gateway reports txInfo.type = native transfer, but the transaction built here has call with data 0xdeadbeef.'],
  },
  {
    field: 'operation',
    edit: (txData) => void (txData.operation = 1),
    precise: () => ['The gateway reports txInfo.type = native transfer, but the transaction built here has operation 1 (DELEGATECALL).'],
  },
];

for (const { field, edit, precise } of CASES) {
  test(`a tampered \`${field}\` in the queued transaction's details blocks signing and sends nothing to the wallet`, async ({ page }) => {
    const queued = app.devnet.demo.queue.find((q) => q.nonce === 3)!;
    const proxy = await tamper(page, `/v1/chains/${app.devnet.chainId}/transactions/multisig_[^/?]+`, (json) => edit(json.txData as Json));
    await openConfirm(page);
    await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);

    const blocked = dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked: the gateway’s answer does not match the transaction built here.' });
    await expect(blocked).toBeVisible();
    // The gateway's safeTxHash is not the hash of the fields it returned…
    await expect(blocked).toContainText(`The gateway reports detailedExecutionInfo.safeTxHash = ${queued.safeTxHash}, but the transaction built here has `);
    // …and the changed field is named.
    for (const text of precise()) await expect(blocked).toContainText(new RegExp(escapeRegExp(text), 'i'));
    await expectNothingSent(page);

    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(await signingCalls(page)).toEqual([]);
  });
}

/** The SafeTx of a gateway details answer (what the app rebuilds and hashes locally). */
function safeTxOf(json: Json): SafeTx {
  const txData = json.txData as Json;
  const exec = json.detailedExecutionInfo as Json;
  return {
    to: getAddress((txData.to as Json).value as string),
    value: BigInt(txData.value as string),
    data: ((txData.hexData as string | null) ?? '0x') as Hex,
    operation: txData.operation as SafeTx['operation'],
    safeTxGas: BigInt(exec.safeTxGas as string),
    baseGas: BigInt(exec.baseGas as string),
    gasPrice: BigInt(exec.gasPrice as string),
    gasToken: getAddress(exec.gasToken as string),
    refundReceiver: getAddress((exec.refundReceiver as Json).value as string),
    nonce: BigInt(exec.nonce as number),
  };
}

test('a consistent forgery (another recipient, summary, safeTxHash and txId to match) is caught by owner A\'s signature and sends nothing', async ({ page }) => {
  const safe = app.devnet.safes[0]!.address;
  const originals = new Map<string, string>();
  const proxy = await tamper(page, `/v1/chains/${app.devnet.chainId}/transactions/multisig_[^/?]+`, (json) => {
    const exec = json.detailedExecutionInfo as Json;
    const version = ['1.4.1', '1.3.0'].find((v) => safeTxHash({ chainId: app.devnet.chainId, safeAddress: safe, version: v }, safeTxOf(json)) === exec.safeTxHash)!;
    ((json.txData as Json).to as Json).value = MALLORY;
    ((json.txInfo as Json).recipient as Json).value = MALLORY;
    const forged = safeTxHash({ chainId: app.devnet.chainId, safeAddress: safe, version }, safeTxOf(json));
    originals.set(`multisig_${safe}_${forged}`, json.txId as string);
    exec.safeTxHash = forged;
    json.txId = `multisig_${safe}_${forged}`;
  }, (url) => {
    // The app asks for the forged id it was given; the proxy answers from the real transaction.
    for (const [forged, original] of originals) if (url.includes(forged)) return url.replace(forged, original);
    return url;
  });
  await openConfirm(page);
  await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);

  const blocked = dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked' });
  await expect(blocked).toContainText(new RegExp(escapeRegExp(`The gateway reports detailedExecutionInfo.confirmations.0 = a signature by ${ui.owner(0)}, but the transaction built here has no signature by ${ui.owner(0)} (it does not sign this safeTxHash`), 'i'));
  // Nothing else gives it away: every field agrees with the forged hash.
  await expect(blocked.getByRole('listitem')).toHaveCount(1);
  await expectNothingSent(page);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // The transaction's own page says so too: its hash agrees with the forged fields, but owner A's listed
  // signature does not sign it.
  const details = page.getByRole('alert').filter({ hasText: 'Signature mismatch.' });
  await expect(details).toContainText('Do not sign or execute it.');
  await expect(details.getByRole('listitem')).toHaveText([
    new RegExp(`^The gateway lists a signature by ${ui.owner(0)} \\(detailedExecutionInfo\\.confirmations\\.0\\), but there is no signature by ${ui.owner(0)} \\(it does not sign this safeTxHash; it recovers to 0x[0-9a-f]{40}\\)\\.$`, 'i'),
  ]);
  await expect(page.getByLabel('Hash check')).toHaveCount(0);
});

test('a tampered decoded call (confirmation view and data decoder) blocks signing a new transaction and sends nothing to the wallet', async ({ page }) => {
  const mallory = MALLORY;
  const recipientTo = (json: Json) => {
    const parameters = json.parameters as Json[];
    parameters[0]!.value = mallory;
  };
  const view = await tamper(page, `/v1/chains/${app.devnet.chainId}/safes/${app.devnet.safes[0]!.address}/views/transaction-confirmation`, recipientTo);
  const decoder = await tamper(page, `/v1/chains/${app.devnet.chainId}/data-decoder`, recipientTo);

  await page.getByRole('button', { name: 'New transaction' }).click();
  await ui.composeTransfer(page, ui.owner(3), '5');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await ui.chooseNonce(page, await ui.safeNonce());
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => view.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => decoder.count(), { timeout: 20_000 }).toBeGreaterThan(0);

  const blocked = dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked' });
  await expect(blocked).toContainText('The gateway reports confirmationView.parameters = ');
  await expect(blocked).toContainText('The gateway reports dataDecoded.parameters = ');
  await expect(blocked).toContainText(mallory.slice(2).toLowerCase());
  await expectNothingSent(page);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
});

// ───────────── issue 15: summaries and confirmations the bytes do not back ─────────────

/** The txInfo of the queued transaction at nonce 3 replaced by `lie` (the bytes, hashes and signatures stay true). */
const lyingSummary = (page: Page, lie: (txInfo: Json) => Json) =>
  tamper(page, `/v1/chains/${app.devnet.chainId}/transactions/multisig_[^/?]+`, (json) => {
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
  const proxy = await tamper(page, `/v1/chains/${app.devnet.chainId}/transactions/multisig_[^/?]+`, (json) => {
    const exec = json.detailedExecutionInfo as Json;
    (exec.confirmations as Json[]).push({ signer: { value: ui.owner(2), name: null, logoUri: null }, signature: forged, submittedAt: Date.now() });
  });
  // The gateway's count would be 2 of 2; the details page counts what it verified and offers Confirm, not Execute.
  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await ui.selectAccount(page, 1);
  await ui.openQueuedTx(page, 3, /ETH|native|Send/i);
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

  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await ui.selectAccount(page, 1);
  await ui.openQueuedTx(page, Number(nonce), /multiSend|Contract interaction|Batch/i);
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
  const proxy = await tamper(page, `/v1/chains/${app.devnet.chainId}/transactions/multisig_[^/?]+`, (json) => {
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
  const proxy = await tamper(page, `/v1/chains/${app.devnet.chainId}/transactions/multisig_[^/?]+`, (json) => {
    nameImitation(json);
    const txData = json.txData as Json;
    txData.addressInfoIndex = { ...((txData.addressInfoIndex as Json | null) ?? {}), [fake]: { value: fake, name: 'Owner B (treasury)', logoUri: null } };
  });

  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await ui.selectAccount(page, 1);
  await ui.openQueuedTx(page, Number(nonce), /Batch|multiSend|Contract interaction/i);
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
