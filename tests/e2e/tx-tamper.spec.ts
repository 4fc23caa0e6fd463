/**
 * Issue 7 / security property S3 on the real devnet, in Chromium: a tampering proxy (Playwright route
 * interception) in front of the devnet gateway changes one field of the transaction the gateway returns —
 * `to`, `value`, `data` or `operation` of a queued transaction's details (what the confirm flow loads), or the
 * decoded call of the confirmation view and data decoder (what the create flow's review shows). Each time the
 * review says precisely what does not match and signing is blocked, and the Devnet Wallet (instrumented in the
 * page) is never asked to sign or send anything. An untampered control run shows the same buttons enabled.
 * Summaries, confirmations and batches the bytes do not back (issue 15) are in tx-tamper-summary.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { getAddress, type Hex } from 'viem';
import { safeTxHash, type SafeTx } from '../../src/domain/safe/index.ts';
import { escapeRegExp } from './fixtures/txFlowPage.ts';
import { signingCalls } from './fixtures/walletSpy.ts';
import { MALLORY, expectNothingSent, useTamperApp, type Json } from './fixtures/txTamper.ts';

const { app, ui, dialog, tamper, detailsPath, openConfirm } = useTamperApp();

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
  await tamper(page, detailsPath(), (json) => {
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
    const proxy = await tamper(page, detailsPath(), (json) => edit(json.txData as Json));
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
  const proxy = await tamper(page, detailsPath(), (json) => {
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
