/**
 * Signers on a device (issue 19) on the real devnet, in Chromium: the Devnet Wallet with a device profile stands in
 * for a Ledger that signs blind (a person cannot press a real device's buttons here; decision 0067). What the device
 * shows is computed by the wallet from the bytes it received; what the app shows before the prompt is computed from
 * the bytes it sends: the test compares the two, and the results on chain.
 *
 * 1. An owner signs on the Ledger, a second owner signs and executes on it: the on-device step before each prompt,
 *    the domain and message hashes that make the safeTxHash, the execution hash of exactly the transaction mined.
 * 2. Every device error has its own text and a way on (locked, wrong app, blind signing off, disconnected, rejected).
 * 3. A device that changes the fees is reported from the chain.
 * 4. A signer that can only eth_sign is refused in words; the device is never asked.
 */
import { expect, test } from '@playwright/test';
import { concat, keccak256, type Hex } from 'viem';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LEDGER, approveOnDevice, deviceScreen, deviceScreenState, passDeviceStep, rejectOnDevice, seriousViolations, setDeviceState, withDevice } from './fixtures/devnetDevice.ts';
import { txFlowPage, unsignedHashOf } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 1000 } });

test('owners sign and execute on a Ledger: the device shows what the app showed before the prompt, and the chain has exactly that', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  const recipient = ui.owner(3);
  const before = await ui.balanceOf(app.devnet.tokens.usd.address, recipient);
  const nonce = await ui.safeNonce();

  // Owner 0 signs on the Ledger.
  const safeTxHash = await ui.newTransfer(page, '5');
  await ui.dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  const shown = await passDeviceStep(ui.dialog(page), 'signature');
  expect(Object.keys(shown)).toEqual(['Domain hash', 'Message hash']);
  // The two hashes the device shows are the ones that make the safeTxHash (EIP-712).
  expect(keccak256(concat(['0x1901', shown['Domain hash'] as Hex, shown['Message hash'] as Hex]))).toBe(safeTxHash);
  await expect(ui.dialog(page).getByRole('status')).toContainText('Confirm the signature on your Ledger');
  // The device computed its screen from the typed data it received: the same two hashes.
  expect(await deviceScreen(page)).toEqual(shown);
  expect(await seriousViolations(page)).toEqual([]);
  await approveOnDevice(page);
  await expect(ui.dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });

  // Owner 1 signs and executes on the Ledger: the signature's check, then the execution's.
  await ui.confirmFromOutcomeAs(page, 1, safeTxHash);
  await ui.dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  const signed = await passDeviceStep(ui.dialog(page), 'signature');
  expect(await deviceScreen(page)).toEqual(signed);
  await approveOnDevice(page);
  const execution = await passDeviceStep(ui.dialog(page), 'execution');
  expect(Object.keys(execution)).toEqual(['Transaction hash', 'To', 'Value', 'Nonce', 'Gas limit', 'Max fee', 'Max priority fee']);
  expect(execution.To).toBe(ui.team());
  await expect(ui.dialog(page).getByRole('status')).toContainText('Confirm the execution on your Ledger');
  expect(await deviceScreen(page)).toEqual(execution);
  await approveOnDevice(page);
  await expect(ui.dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await expect(ui.dialog(page).getByText(/changed the transaction before signing it/)).toHaveCount(0);

  // On chain: the transfer, and the mined transaction is exactly the one whose hash was shown.
  expect(await ui.balanceOf(app.devnet.tokens.usd.address, recipient)).toBe(before + 5_000_000n);
  expect(await ui.safeNonce()).toBe(nonce + 1);
  const txHash = (await ui.dialog(page).getByRole('region', { name: 'Outcome' }).locator('code').last().textContent())!.trim() as Hex;
  const mined = await ui.chain().getTransaction({ hash: txHash });
  expect(mined.from.toLowerCase()).toBe(ui.owner(1).toLowerCase());
  expect(String(mined.nonce)).toBe(execution.Nonce);
  expect(String(mined.gas)).toBe(execution['Gas limit']);
  expect(unsignedHashOf(mined)).toBe(execution['Transaction hash']);
});

test('each device error says what to do on the device, keeps the transaction, and Try again goes on', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  await ui.newTransfer(page, '1');
  const d = ui.dialog(page);
  const cases: [string, string, RegExp][] = [
    ['locked', 'Device locked.', /Your Ledger is locked\. Unlock it with its PIN/],
    ['wrongApp', 'Wrong app open on the device.', /Open the Ethereum app on it, then try again/],
    ['blindSigningDisabled', 'Blind signing is off on the device.', /turn on blind signing, then try again, and compare the hashes/],
    ['disconnected', 'Device not connected.', /Your Ledger is not connected\. Connect and unlock it/],
  ];
  for (const [state, title, text] of cases) {
    await setDeviceState(page, state);
    await d.getByRole('button', { name: /^Sign$/ }).click();
    await passDeviceStep(ui.dialog(page), 'signature');
    const alert = d.getByRole('alert');
    await expect(alert).toContainText(title, { timeout: 30_000 });
    await expect(alert).toContainText(text);
    await setDeviceState(page, 'ready');
    await d.getByRole('button', { name: 'Try again' }).click();
    await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible();
  }
  // Rejected on the device.
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(ui.dialog(page), 'signature');
  await rejectOnDevice(page);
  await expect(d.getByRole('alert')).toContainText('User rejected signing.', { timeout: 30_000 });
  await d.getByRole('button', { name: 'Try again' }).click();
  // And then it signs.
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(ui.dialog(page), 'signature');
  await approveOnDevice(page);
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });
});

test('a device that changes the fees it was given is reported, from the transaction on chain', async ({ page }) => {
  test.setTimeout(240_000);
  await withDevice(page, { ...LEDGER, changesFees: true });
  await ui.openSafe(page, 0);
  const safeTxHash = await ui.newTransfer(page, '2');
  await ui.dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(ui.dialog(page), 'signature');
  await approveOnDevice(page);
  await expect(ui.dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });
  await ui.confirmFromOutcomeAs(page, 1, safeTxHash);
  await ui.dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await passDeviceStep(ui.dialog(page), 'signature');
  await approveOnDevice(page);
  const execution = await passDeviceStep(ui.dialog(page), 'execution');
  await approveOnDevice(page);
  const report = ui.dialog(page).getByRole('alert');
  await expect(report).toContainText('Your Ledger changed the transaction before signing it.', { timeout: 60_000 });
  await expect(report).toContainText(`max priority fee ${execution['Max priority fee']!.replace(' gwei', '')} →`);
  await expect(ui.dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  const txHash = (await ui.dialog(page).getByRole('region', { name: 'Outcome' }).locator('code').last().textContent())!.trim() as Hex;
  const mined = await ui.chain().getTransaction({ hash: txHash });
  expect(`${Number(mined.maxPriorityFeePerGas!) / 1e9} gwei`).not.toBe(execution['Max priority fee']);
});

test('a signer that can only eth_sign is refused in words, and the device is never asked', async ({ page }) => {
  test.setTimeout(180_000);
  await withDevice(page, { ...LEDGER, ethSignOnly: true });
  await ui.openSafe(page, 0);
  await ui.newTransfer(page, '1');
  await ui.dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(ui.dialog(page), 'signature');
  const alert = ui.dialog(page).getByRole('alert');
  await expect(alert).toContainText('This wallet cannot sign typed data.', { timeout: 30_000 });
  await expect(alert).toContainText('Countersign never falls back to eth_sign');
  expect(await deviceScreenState(page)).toBeNull();
  await expect(ui.dialog(page).getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('an owner signs a message on a Ledger: the device shows the SafeMessage’s domain and message hashes the app showed', async ({ page }) => {
  test.setTimeout(180_000);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
  await page.getByRole('button', { name: 'Sign message' }).click();
  const d = ui.dialog(page);
  await d.getByRole('radio', { name: /^Text/ }).check();
  await d.getByRole('textbox', { name: 'Message' }).fill(`Signed on a Ledger ${Date.now()}`);
  await d.getByRole('button', { name: 'Review' }).click();
  const messageHash = (await d.getByLabel('SafeMessage hash', { exact: true }).textContent())!.trim();
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  const shown = await passDeviceStep(ui.dialog(page), 'signature');
  expect(keccak256(concat(['0x1901', shown['Domain hash'] as Hex, shown['Message hash'] as Hex]))).toBe(messageHash);
  expect(await deviceScreen(page)).toEqual(shown);
  await approveOnDevice(page);
  await expect(d).toHaveAccessibleName('Collect confirmations', { timeout: 30_000 });
  await expect(d.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 1 of 2');
});
