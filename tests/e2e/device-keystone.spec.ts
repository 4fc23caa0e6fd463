/**
 * The Keystone module in Chromium against the devnet (issue 19, decision 0079): the real @web3-onboard/keystone,
 * @keystonehq/eth-keyring and @keystonehq/sdk (its QR dialog rendered through preact/compat), the real camera path
 * (react-qr-reader on getUserMedia) and the real app flow. Only the Keystone itself is simulated
 * (fixtures/keystoneQr.ts): the QR codes it would show are made from the devnet's public test mnemonic and fed through
 * Chromium's fake camera (a Y4M file that Chromium reads again each time the page opens the camera, so the test
 * changes what the camera sees between the account sync and the signature); the request QR the page shows is read
 * back from its canvas and decoded.
 *
 * 1. Sync the account by QR, sign a transfer: the on-device step shows what the Keystone will read (computed in the
 *    page); the request QR carries exactly those values and the hashes of the safeTxHash the review showed; the
 *    Keystone's answer (eth-signature with the request's id, signed with the devnet key) is accepted and the gateway
 *    records the confirmation.
 * 2. Closing the Keystone's QR dialog (its close control, by keyboard): the flow's rejected state, in the flow's words
 *    and the Keystone's (decision 0083), and Try again, which opens the on-device step and the Keystone's dialog again.
 * 3. An execution (decision 0083): the solo Safe's signed transfer executed from the Keystone's account; the request
 *    QR is the unsigned EIP-1559 transaction (ERC-4527 typed transaction) whose hash the execution step showed, with
 *    the nonce, gas and fees the app fixed; the signed transaction is mined as it is.
 * 4. personal_sign (recovery alerts): the request QR's bytes are the text the on-device step showed; the gateway checks
 *    the signature and registers the module.
 * The Keystone's dialog and web3-onboard's account list in the app's look: device-keystone-looks.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { concat, formatGwei, getAddress, hashTypedData, keccak256, pad, parseTransaction, toHex, type Address, type Hex, type TransactionSerializableEIP1559, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEVNET_MNEMONIC } from '../../devnet/chain/accounts.ts';
import { keystoneTypedDataDisplay, keystoneTypedDataRequest } from '../../src/domain/wallet/deviceDisplay.ts';
import { passDeviceStep, seriousViolations } from './fixtures/devnetDevice.ts';
import { useKeystoneApp } from './fixtures/keystoneApp.ts';
import { masterFingerprint, readRequestQr } from './fixtures/keystoneQr.ts';
import { dusd, soloExecution } from './fixtures/soloExecution.ts';
import { unsignedHashOf } from './fixtures/txFlowPage.ts';

const { app, ui, keystoneDialog, answerByQr, connectKeystone } = useKeystoneApp();
const { solo, soloNonce, queueSoloTransfers, sentWith } = soloExecution(() => app);
/** An address with no history: its balance is exactly what arrived. */
const EXECUTION_PAYEE: Address = getAddress('0x00000000000000000000000000000000b0c0e7e3');

test('sync by QR, then sign: the request QR carries what the on-device step showed, and the Keystone’s answer is accepted', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await connectKeystone(page);
  const safeTxHash = await ui.newTransfer(page, '5');
  await ui.dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  const shown = await passDeviceStep(ui.dialog(page), 'signature', 'Keystone');
  expect(shown['Safe tx hash']).toBe(safeTxHash);
  expect(shown['Primary type']).toBe('SafeTx');
  await expect(ui.dialog(page).getByRole('status')).toContainText('Confirm the signature on your Keystone');

  // The SDK's QR dialog opens above the flow's dialog; the animated request QR is read and decoded.
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  const { request, parts } = await readRequestQr(page, '.ReactModal__Content canvas');
  expect(parts).toBeGreaterThan(1); // a SafeTx does not fit one QR code: the UR is split into fountain-coded parts
  expect(request.dataType).toBe(2); // ERC-4527 typed data
  expect(request.derivationPath).toBe("44'/60'/0'/0/0");
  expect(request.sourceFingerprint).toBe(masterFingerprint(DEVNET_MNEMONIC));
  expect(request.address).toBe(ui.owner(0).toLowerCase());
  const signData = request.signData.toString('utf8');
  // The bytes are the request the app built (one definition: keystoneTypedDataRequest), its hash the safeTxHash shown,
  // and what the Keystone will show from them is what the on-device step showed.
  expect(keystoneTypedDataRequest(signData).signData).toBe(signData);
  const typed = JSON.parse(signData) as TypedDataDefinition;
  expect(hashTypedData(typed)).toBe(safeTxHash);
  expect(Object.fromEntries(keystoneTypedDataDisplay(signData).map((line) => [line.label, line.value]))).toEqual(shown);
  expect(await seriousViolations(page)).toEqual([]);

  // The Keystone signs with owner 0's devnet key and shows its answer; the page scans it with the camera.
  const signature = await privateKeyToAccount(app.devnet.owners[0]!.privateKey).signTypedData(typed as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0]);
  await answerByQr(page, signature, request.requestId);
  await expect(ui.dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 60_000 });
  await expect(keystoneDialog(page)).toHaveCount(0);

  // The devnet gateway recorded owner 0's confirmation with that signature.
  const details = (await (await fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/transactions/${safeTxHash}`)).json()) as {
    detailedExecutionInfo: { confirmations: { signer: { value: string }; signature: Hex }[] };
  };
  expect(details.detailedExecutionInfo.confirmations.map((c) => [c.signer.value.toLowerCase(), c.signature])).toEqual([[ui.owner(0).toLowerCase(), signature]]);
  expect(errors).toEqual([]);
});

test('closing the Keystone’s QR dialog (by keyboard) is a rejection: nothing signed, Try again opens it again', async ({ page }) => {
  test.setTimeout(180_000);
  await connectKeystone(page);
  await ui.newTransfer(page, '1');
  const d = ui.dialog(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(d, 'signature', 'Keystone');
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  // The SDK's close control (an image in a clickable box, made a button named Close: keystoneDialog.ts), by keyboard.
  await expect(page.getByRole('dialog', { name: 'Keystone: Scan with your Keystone' })).toBeVisible();
  await keystoneDialog(page).getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  const alert = d.getByRole('alert');
  // The flow's own words, then the Keystone's (decision 0083): what was done to reject, and that nothing is lost.
  await expect(alert).toHaveText(
    'User rejected signing. You cancelled the request (the QR window was closed). Nothing was signed or sent. Your transaction is kept; you can try again.',
    { timeout: 30_000 },
  );
  expect(await seriousViolations(page)).toEqual([]);
  await expect(keystoneDialog(page)).toHaveCount(0);
  await d.getByRole('button', { name: 'Try again' }).click();
  await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible();
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(d, 'signature', 'Keystone');
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
});

test('execute on a Keystone: the request QR is exactly the unsigned transaction whose hash the execution step showed, and that is what is mined', async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The devnet's 1-of-1 solo Safe (owner 0) with one transfer signed by owner 0, ready to execute.
  await queueSoloTransfers(EXECUTION_PAYEE, [2]);
  const nonce = await soloNonce();
  const owner0 = app.devnet.owners[0]!;
  const accountNonce = await ui.chain().getTransactionCount({ address: owner0.address as Address, blockTag: 'pending' });
  await connectKeystone(page, `${app.devnet.shortName}:${solo()}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
  await page.locator('.tx-row').filter({ hasText: 'Ready to execute' }).getByRole('button', { name: 'Execute' }).click({ timeout: 30_000 });
  const d = ui.dialog(page);
  await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 30_000 });
  await d.getByRole('button', { name: 'Execute', exact: true }).click();
  await expect(d.getByRole('heading', { name: 'Check the execution on your Keystone' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const execution = await passDeviceStep(d, 'execution', 'Keystone');
  expect(Object.keys(execution)).toEqual(['Transaction hash', 'To', 'Value', 'Nonce', 'Gas limit', 'Max fee', 'Max priority fee']);
  expect(execution.To).toBe(solo());
  expect(execution.Nonce).toBe(String(accountNonce));
  await expect(d.getByRole('status')).toContainText('Confirm the execution on your Keystone');

  // The module populated the transaction (ethers) and the keyring put its unsigned EIP-1559 form in the QR code
  // (ERC-4527 typed transaction): exactly the transaction the app fixed, whose hash the step showed.
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  const { request } = await readRequestQr(page, '.ReactModal__Content canvas');
  expect(request.dataType).toBe(4); // DataType.typedTransaction
  expect(request.chainId).toBe(app.devnet.chainId);
  expect(request.derivationPath).toBe("44'/60'/0'/0/0");
  expect(request.sourceFingerprint).toBe(masterFingerprint(DEVNET_MNEMONIC));
  const unsigned = toHex(request.signData);
  expect(keccak256(unsigned)).toBe(execution['Transaction hash']);
  const tx = parseTransaction(unsigned);
  expect(tx.type).toBe('eip1559');
  expect(tx.chainId).toBe(app.devnet.chainId);
  expect(tx.to && getAddress(tx.to)).toBe(solo());
  expect(tx.value ?? 0n).toBe(0n);
  expect(String(tx.nonce)).toBe(execution.Nonce);
  expect(String(tx.gas)).toBe(execution['Gas limit']);
  expect(`${formatGwei(tx.maxFeePerGas!)} gwei`).toBe(execution['Max fee']);
  expect(`${formatGwei(tx.maxPriorityFeePerGas!)} gwei`).toBe(execution['Max priority fee']);
  expect(tx.data?.slice(0, 10)).toBe('0x6a761202'); // execTransaction

  // The Keystone signs those bytes with owner 0's key and answers r‖s‖yParity (a typed transaction's v).
  const signed = await privateKeyToAccount(owner0.privateKey).signTransaction(tx as TransactionSerializableEIP1559);
  const { r, s, yParity } = parseTransaction(signed);
  await answerByQr(page, concat([pad(r!), pad(s!), yParity ? '0x01' : '0x00']), request.requestId);
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await expect(d.getByText(/changed the transaction before signing it/)).toHaveCount(0);
  await expect(keystoneDialog(page)).toHaveCount(0);

  // On chain: the transfer, and the mined transaction is the one the Keystone signed, whose hash the step showed.
  expect(await soloNonce()).toBe(nonce + 1);
  expect(await ui.balanceOf(app.devnet.tokens.usd.address as Address, EXECUTION_PAYEE)).toBe(dusd(2));
  const mined = await sentWith(owner0.address as Address, accountNonce);
  expect(mined.hash).toBe(keccak256(signed));
  expect(unsignedHashOf(mined)).toBe(execution['Transaction hash']);
  expect(errors).toEqual([]);
});

test('recovery alerts on a Keystone (personal_sign): the request QR carries the text the on-device step showed, and the gateway accepts the signature', async ({ page }) => {
  test.setTimeout(240_000);
  const module = getAddress(app.devnet.owners[2]!.address);
  await connectKeystone(page);
  // In the app (a page load would start without the Keystone connected).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Security' }).click();
  const section = page.getByRole('region', { name: 'Recovery alerts' });
  const form = section.getByRole('form', { name: 'Register recovery module' });
  await form.getByLabel('Recovery module address').fill(module);
  await form.getByRole('button', { name: 'Register module' }).click();
  const shown = await passDeviceStep(section, 'message', 'Keystone');
  expect(Object.keys(shown)).toEqual(['Message']);
  expect(shown.Message).toMatch(new RegExp(`^enable-recovery-alerts-${app.devnet.chainId}-${getAddress(ui.team())}-${module}-${getAddress(ui.owner(0))}-\\d{13}$`));
  await expect(section.getByRole('status').filter({ hasText: 'Confirm the message on your Keystone' })).toBeVisible();

  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  const { request } = await readRequestQr(page, '.ReactModal__Content canvas');
  expect(request.dataType).toBe(3); // DataType.personalMessage
  expect(request.address).toBe(ui.owner(0).toLowerCase());
  expect(request.derivationPath).toBe("44'/60'/0'/0/0");
  // The QR's payload is the message's bytes, exactly the text the step showed.
  expect(request.signData.toString('utf8')).toBe(shown.Message);
  expect(await seriousViolations(page)).toEqual([]);

  const signature = await privateKeyToAccount(app.devnet.owners[0]!.privateKey).signMessage({ message: { raw: toHex(request.signData) } });
  await answerByQr(page, signature, request.requestId);
  await expect(section.getByRole('status').filter({ hasText: 'is registered' })).toBeVisible({ timeout: 60_000 });
  // The devnet gateway checked the signature (the owner's personal_sign of the text) and registered the module.
  const modules = (await (await fetch(`${app.devnet.gatewayUrl}/devnet/recovery/${getAddress(ui.team())}`)).json()) as Array<{ moduleAddress: string; signer: string }>;
  expect(modules).toEqual([{ moduleAddress: module, signer: getAddress(ui.owner(0)) }]);
});
