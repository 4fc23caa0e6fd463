/**
 * The on-device check of the account services' personal_sign signatures (issue 19, decision 0075), on the real devnet
 * in Chromium: the Devnet Wallet with a Ledger profile stands in for the device (decision 0067). What the device
 * shows is computed by the wallet from the bytes it received; what the app shows before the prompt from the bytes it
 * sends: the test compares the two, and reads the result from the devnet gateway (which checks the signature).
 *
 * 1. Push: registering this browser shows the 32-byte registration hash in hex; the gateway then lists the device.
 * 2. E-mail: registering shows the authorisation text; a locked Ledger has its own text and Try again (a new check
 *    at the retry's time) then registers; the gateway has the address.
 */
import { expect, test } from '@playwright/test';
import { getAddress } from 'viem';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LEDGER, approveOnDevice, deviceScreen, passDeviceStep, seriousViolations, setDeviceState, withDevice } from './fixtures/devnetDevice.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 1000 } });

const gw = (path: string) => fetch(`${app.devnet.gatewayUrl}${path}`);

test('push registration on the Ledger: the device shows the hash the app showed, in hex, and the gateway registers the browser', async ({ page }) => {
  test.setTimeout(180_000);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  await page.goto(app.url(`/settings/notifications?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible();
  const section = page.getByRole('region', { name: 'Push notifications' });
  const row = section.getByRole('list', { name: 'Safes' }).getByRole('listitem').first();
  await row.getByRole('checkbox').check({ timeout: 20_000 });
  await section.getByRole('button', { name: 'Register chosen Safes' }).click();
  await expect(section.getByText(/lets the gateway send this browser notifications/)).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const shown = await passDeviceStep(section, 'message');
  expect(Object.keys(shown)).toEqual(['Message']);
  expect(shown.Message).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(section.getByRole('status').filter({ hasText: 'Confirm the message on your Ledger' })).toBeVisible();
  expect(await deviceScreen(page)).toEqual(shown);
  await approveOnDevice(page);
  await expect(row.getByLabel('Notification state')).toHaveText('Registered', { timeout: 30_000 });
  const uuid = (await section.getByLabel('Device id').textContent())!.trim();
  const device = (await (await gw(`/devnet/notifications/devices/${uuid}`)).json()) as { safes: Array<{ signers: string[] }> };
  expect(device.safes[0]?.signers).toEqual([getAddress(ui.owner(0))]);
});

test('e-mail on the Ledger: the device shows the authorisation text; a locked Ledger says so, and Try again registers', async ({ page }) => {
  test.setTimeout(180_000);
  const email = 'ledger-owner@example.com';
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible();
  const section = page.getByRole('region', { name: 'E-mail alerts' });
  await setDeviceState(page, 'locked');
  await section.getByRole('form', { name: 'Register e-mail address' }).getByLabel('E-mail address').fill(email);
  await section.getByRole('button', { name: 'Register address' }).click();
  await expect(section.getByText(/lets the gateway register ledger-owner@example\.com/)).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const first = await passDeviceStep(section, 'message');
  expect(first.Message).toMatch(new RegExp(`^email-register-${app.devnet.chainId}-0x[0-9a-fA-F]{40}-ledger-owner@example\\.com-${getAddress(ui.owner(0))}-\\d{13}$`));
  // The locked Ledger refuses: its own state, with the way forward.
  const failed = section.getByRole('region', { name: 'The request was not signed' });
  await expect(failed.getByRole('alert')).toContainText('Device locked.', { timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await setDeviceState(page, 'ready');
  await failed.getByRole('button', { name: 'Try again' }).click();
  const again = await passDeviceStep(section, 'message');
  expect(again.Message).toMatch(/^email-register-.*-\d{13}$/);
  await expect(section.getByRole('status').filter({ hasText: 'Confirm the message on your Ledger' })).toBeVisible();
  expect(await deviceScreen(page)).toEqual(again);
  await approveOnDevice(page);
  await expect(section.getByLabel('E-mail registration')).toContainText('Registered, not verified yet', { timeout: 30_000 });
});
