/**
 * The on-device check of the account services' personal_sign signatures (issue 19, decision 0075), on the real devnet
 * in Chromium: the Devnet Wallet with a Ledger profile stands in for the device (decision 0067). What the device
 * shows is computed by the wallet from the bytes it received; what the app shows before the prompt from the bytes it
 * sends: the test compares the two, and reads the result from the devnet gateway (which checks the signature).
 *
 * 1. Push: registering this browser shows the 32-byte registration hash in hex; the gateway then lists the device.
 * 2. E-mail: registering shows the authorisation text; a locked Ledger has its own text and Try again (a new check
 *    at the retry's time) then registers; the gateway has the address.
 * 3. Recovery alerts: the authorisation text; the Ledger with the wrong app open says so, Cancel returns to the form
 *    with nothing sent; registering again with the Ethereum app open, the gateway has the module.
 * 4. The other e-mail operations that sign (show, change, delete): each shows its own text; a rejection on the device
 *    says so and Try again changes the address; Cancel at the check deletes nothing; then delete, and the gateway
 *    has no address. (Resending the code and verifying sign nothing: no device step.)
 */
import { expect, test, type Page } from '@playwright/test';
import { concat, encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { connectDevnet } from '../../devnet/chain/index.ts';
import { safeTxTypedData } from '../../src/domain/safe/hashing.ts';
import { normalizeSafeTx } from '../../src/domain/safe/index.ts';
import type { SafeContext } from '../../src/domain/safe/types.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LEDGER, approveOnDevice, deviceScreen, deviceScreenState, passDeviceStep, rejectOnDevice, seriousViolations, setDevice, setDeviceState, withDevice } from './fixtures/devnetDevice.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { ACCOUNT_TEXTS } from '../../src/machines/accountServices/accountServices.logic.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 1000 } });

const gw = (path: string, init?: RequestInit) => fetch(`${app.devnet.gatewayUrl}${path}`, init);

/** GET …/emails/{signer} as another client would: personal_sign of the retrieval text by owner `index`'s key. */
async function registeredEmail(index = 0): Promise<{ status: number; body: unknown }> {
  const account = privateKeyToAccount(app.devnet.owners[index]!.privateKey);
  const safe = getAddress(ui.team());
  const timestamp = String(Date.now());
  const signature = await account.signMessage({ message: `email-retrieval-${app.devnet.chainId}-${safe}-${account.address}-${timestamp}` });
  const response = await gw(`/v1/chains/${app.devnet.chainId}/safes/${safe}/emails/${account.address}`, {
    headers: { 'Safe-Wallet-Signature': signature, 'Safe-Wallet-Signature-Timestamp': timestamp },
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

const recoveryModules = async () => (await (await gw(`/devnet/recovery/${getAddress(ui.team())}`)).json()) as Array<{ moduleAddress: string; signer: string }>;

test('push registration on the Ledger: the device shows the hash the app showed, in hex, and the gateway registers the browser', async ({ page }) => {
  test.setTimeout(180_000);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  await page.goto(app.url(`/settings/notifications?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
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
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
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

test('recovery alerts on the Ledger: the device shows the authorisation text; the wrong app says so, Cancel sends nothing, and registering again reaches the gateway', async ({ page }) => {
  test.setTimeout(180_000);
  const module = getAddress(app.devnet.owners[2]!.address) as Address;
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  await page.goto(app.url(`/settings/security?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const section = page.getByRole('region', { name: 'Recovery alerts' });
  const form = section.getByRole('form', { name: 'Register recovery module' });
  const expectedText = new RegExp(`^enable-recovery-alerts-${app.devnet.chainId}-${getAddress(ui.team())}-${module}-${getAddress(ui.owner(0))}-\\d{13}$`);

  // The Ethereum app is not open: the device refuses, with its own text and the ways on.
  await setDeviceState(page, 'wrongApp');
  await form.getByLabel('Recovery module address').fill(module);
  await form.getByRole('button', { name: 'Register module' }).click();
  await expect(section.getByText(new RegExp(`lets the gateway register the recovery module ${module}`))).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const first = await passDeviceStep(section, 'message');
  expect(Object.keys(first)).toEqual(['Message']);
  expect(first.Message).toMatch(expectedText);
  const failed = section.getByRole('region', { name: 'The registration was not signed' });
  await expect(failed.getByRole('alert')).toContainText('Wrong app open on the device.', { timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  // Cancel: back to the form, nothing sent.
  await failed.getByRole('button', { name: 'Cancel' }).click();
  await expect(failed).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Register module' })).toBeEnabled();
  expect(await recoveryModules()).toEqual([]);

  // With the Ethereum app open: the device shows what the app showed, and the gateway registers the module.
  await setDeviceState(page, 'ready');
  await form.getByRole('button', { name: 'Register module' }).click();
  const shown = await passDeviceStep(section, 'message');
  expect(shown.Message).toMatch(expectedText);
  await expect(section.getByRole('status').filter({ hasText: 'Confirm the message on your Ledger' })).toBeVisible();
  expect(await deviceScreen(page)).toEqual(shown);
  await approveOnDevice(page);
  await expect(section.getByRole('status').filter({ hasText: 'is registered' })).toBeVisible({ timeout: 30_000 });
  expect(await recoveryModules()).toEqual([{ moduleAddress: module, signer: getAddress(ui.owner(0)) }]);
});

test('e-mail show, change and delete on the Ledger: each its own text; a rejection and Try again change the address; Cancel deletes nothing; delete reaches the gateway', async ({ page }) => {
  test.setTimeout(240_000);
  // The address registered by the e-mail test above (this file runs in order, on one devnet).
  expect(await registeredEmail()).toEqual({ status: 200, body: { email: 'ledger-owner@example.com', verified: false } });
  const changed = 'ledger-new@example.com';
  const prefix = (op: string) => `^email-${op}-${app.devnet.chainId}-${getAddress(ui.team())}-`;
  const signer = getAddress(ui.owner(0));
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const section = page.getByRole('region', { name: 'E-mail alerts' });
  const registration = section.getByLabel('E-mail registration');
  await expect(registration).toContainText('Not checked yet');

  // Show: the retrieval text, then the registration the gateway has.
  await section.getByRole('button', { name: 'Show registration' }).click();
  await expect(section.getByText(/lets the gateway show you the address registered/)).toBeVisible({ timeout: 30_000 });
  const show = await passDeviceStep(section, 'message');
  expect(show.Message).toMatch(new RegExp(`${prefix('retrieval')}${signer}-\\d{13}$`));
  expect(await deviceScreen(page)).toEqual(show);
  await approveOnDevice(page);
  await expect(section.getByLabel('Registered address')).toHaveText('ledger-owner@example.com', { timeout: 30_000 });
  await expect(registration).toContainText('Registered, not verified yet');

  // Change, rejected on the device: its text and the ways on; Try again shows a new check and changes the address.
  await section.getByRole('form', { name: 'Change e-mail address' }).getByLabel('E-mail address').fill(changed);
  await section.getByRole('button', { name: 'Change address' }).click();
  await expect(section.getByText(/lets the gateway change the address that receives this Safe’s alerts for you to ledger-new@example\.com/)).toBeVisible({ timeout: 30_000 });
  const change = await passDeviceStep(section, 'message');
  expect(change.Message).toMatch(new RegExp(`${prefix('edit')}ledger-new@example\\.com-${signer}-\\d{13}$`));
  expect(await deviceScreen(page)).toEqual(change);
  await rejectOnDevice(page);
  const failed = section.getByRole('region', { name: 'The request was not signed' });
  await expect(failed.getByRole('alert')).toBeVisible({ timeout: 30_000 });
  await expect(failed.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await registeredEmail()).toEqual({ status: 200, body: { email: 'ledger-owner@example.com', verified: false } });
  await failed.getByRole('button', { name: 'Try again' }).click();
  const again = await passDeviceStep(section, 'message');
  expect(again.Message).toMatch(new RegExp(`${prefix('edit')}ledger-new@example\\.com-${signer}-\\d{13}$`));
  expect(await deviceScreen(page)).toEqual(again);
  await approveOnDevice(page);
  await expect(section.getByLabel('Registered address')).toHaveText(changed, { timeout: 30_000 });
  expect(await registeredEmail()).toEqual({ status: 200, body: { email: changed, verified: false } });

  // Delete, cancelled at the check: nothing is asked of the device, nothing deleted.
  await section.getByRole('button', { name: 'Delete e-mail' }).click();
  await expect(section.getByText(/lets the gateway delete the address registered/)).toBeVisible({ timeout: 30_000 });
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('heading', { name: 'Check the message on your Ledger' })).toHaveCount(0);
  expect(await deviceScreenState(page)).toBeNull();
  await expect(section.getByLabel('Registered address')).toHaveText(changed);
  expect(await registeredEmail()).toEqual({ status: 200, body: { email: changed, verified: false } });

  // Delete: its own text; the gateway then has no address.
  await section.getByRole('button', { name: 'Delete e-mail' }).click();
  const del = await passDeviceStep(section, 'message');
  expect(del.Message).toMatch(new RegExp(`${prefix('delete')}${signer}-\\d{13}$`));
  expect(await deviceScreen(page)).toEqual(del);
  await approveOnDevice(page);
  await expect(registration).toContainText('No e-mail address registered.', { timeout: 30_000 });
  expect((await registeredEmail()).status).toBe(404);
});

/**
 * Counts the app wallet's device reports (`wallet.deviceChanged`, through the devnet build's inspection probe), so a
 * test can wait until the app has read a device profile set in the wallet.
 */
async function countDeviceReports(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __deviceReports: number; __countersignInspect: (event: { type: string; event?: { type?: string } }) => void };
    w.__deviceReports = 0;
    w.__countersignInspect = (event) => {
      if (event.type === '@xstate.event' && event.event?.type === 'wallet.deviceChanged') w.__deviceReports++;
    };
  });
}

/** Sets the wallet's device profile and waits until the app has read it and the page has rendered and run its effects since. */
async function readDevice(page: Page, profile: Record<string, unknown> | null): Promise<void> {
  const before = await page.evaluate(() => (window as unknown as { __deviceReports: number }).__deviceReports);
  await setDevice(page, profile);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __deviceReports: number }).__deviceReports)).toBe(before + 1);
  // a render and its effects (Preact runs effects after the next frame)
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
}

test('what was typed or chosen before the device is read stays (decision 0084): e-mail address, proposer, recovery module, chosen Safes; the next request is checked on the device', async ({ page }) => {
  test.setTimeout(240_000);
  await countDeviceReports(page);
  // No device profile: the Devnet Wallet signs in the browser until one is set.
  await ui.openSafe(page, 0);

  // E-mail: the address typed, then the device read; the address is still there and the registration is checked on it.
  const email = 'typed-before-device@example.com';
  await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const section = page.getByRole('region', { name: 'E-mail alerts' });
  const field = section.getByRole('form', { name: 'Register e-mail address' }).getByLabel('E-mail address');
  await field.fill(email);
  await readDevice(page, LEDGER);
  await expect(field).toHaveValue(email);
  await section.getByRole('button', { name: 'Register address' }).click();
  await expect(section.getByText(/lets the gateway register typed-before-device@example\.com to receive/)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('heading', { name: 'Check the message on your Ledger' })).toBeVisible();
  // Cancel at the check: nothing asked of the device, nothing registered, the address still typed.
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('heading', { name: 'Check the message on your Ledger' })).toHaveCount(0);
  await expect(field).toHaveValue(email);
  expect(await deviceScreenState(page)).toBeNull();
  expect((await registeredEmail()).status).toBe(404);

  // Proposers and recovery alerts (one screen): the proposer's address and name and the module's address stay.
  await readDevice(page, null);
  await page.goto(app.url(`/settings/security?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const proposer = getAddress('0x00000000000000000000000000000000c0ffee01');
  const module = getAddress(app.devnet.owners[2]!.address) as Address;
  const add = page.getByRole('form', { name: 'Add proposer' });
  const recovery = page.getByRole('region', { name: 'Recovery alerts' }).getByRole('form', { name: 'Register recovery module' });
  await expect(add.getByLabel('Address')).toBeEnabled({ timeout: 30_000 });
  await add.getByLabel('Address').fill(proposer);
  await add.getByLabel('Name').fill('Typed before the device');
  await recovery.getByLabel('Recovery module address').fill(module);
  await readDevice(page, LEDGER);
  await expect(add.getByLabel('Address')).toHaveValue(proposer);
  await expect(add.getByLabel('Name')).toHaveValue('Typed before the device');
  await expect(recovery.getByLabel('Recovery module address')).toHaveValue(module);
  await add.getByRole('button', { name: 'Add proposer' }).click();
  const proposers = page.getByRole('region', { name: 'Proposers' });
  await expect(proposers.getByRole('heading', { name: 'Check the signature on your Ledger' })).toBeVisible({ timeout: 30_000 });
  await proposers.getByRole('button', { name: 'Cancel' }).click();
  await expect(proposers.getByRole('heading', { name: 'Check the signature on your Ledger' })).toHaveCount(0);
  expect(await deviceScreenState(page)).toBeNull();

  // Push: the chosen Safe stays chosen.
  await readDevice(page, null);
  await page.goto(app.url(`/settings/notifications?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const push = page.getByRole('region', { name: 'Push notifications' });
  const row = push.getByRole('list', { name: 'Safes' }).getByRole('listitem').first();
  await row.getByRole('checkbox').check({ timeout: 20_000 });
  await readDevice(page, LEDGER);
  await expect(row.getByRole('checkbox')).toBeChecked();
  await push.getByRole('button', { name: 'Register chosen Safes' }).click();
  await expect(push.getByRole('heading', { name: 'Check the message on your Ledger' })).toBeVisible({ timeout: 30_000 });
  await push.getByRole('button', { name: 'Cancel' }).click();
  await expect(push.getByRole('heading', { name: 'Check the message on your Ledger' })).toHaveCount(0);
  expect(await deviceScreenState(page)).toBeNull();
});

test('the wallet switched to another owner, to an account that owns nothing and back (decision 0088): what was typed or chosen stays; what was read or registered for the previous owner is not shown as the new one’s', async ({ page }) => {
  test.setTimeout(240_000);
  const noSigner = 'Connect a wallet that is an owner of this Safe to change these settings.';
  await ui.openSafe(page, 0);

  // E-mail: owner 0 registers an address, then types another (not sent); the wallet switches to owner 1.
  await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const section = page.getByRole('region', { name: 'E-mail alerts' });
  const registration = section.getByLabel('E-mail registration');
  const field = section.getByRole('textbox', { name: 'E-mail address' });
  await field.fill('owner0-before-switch@example.com');
  await section.getByRole('button', { name: 'Register address' }).click();
  await expect(section.getByLabel('Registered address')).toHaveText('owner0-before-switch@example.com', { timeout: 30_000 });
  const draft = 'typed-before-switch@example.com';
  await field.fill(draft);
  await ui.selectAccount(page, 1);
  // owner 0's registration is not shown as owner 1's: not known until shown again; the address typed stays
  await expect(registration).toContainText('Not checked yet');
  await expect(section.getByLabel('Registered address')).toHaveCount(0);
  await expect(field).toHaveValue(draft);
  // read again for owner 1, with its own signature: it has none
  await section.getByRole('button', { name: 'Show registration' }).click();
  await expect(registration).toContainText('No e-mail address registered.', { timeout: 30_000 });
  await expect(field).toHaveValue(draft);
  // an account that owns nothing: the card says so; owner 0 back: the typed address is still there, and its own
  // registration is shown again when read
  await ui.selectAccount(page, 3);
  await expect(section.getByRole('note')).toHaveText(noSigner);
  await expect(section.getByRole('button', { name: 'Register address' })).toBeDisabled();
  await ui.selectAccount(page, 0);
  await expect(section.getByRole('note')).toHaveCount(0);
  await expect(field).toHaveValue(draft);
  await section.getByRole('button', { name: 'Show registration' }).click();
  await expect(section.getByLabel('Registered address')).toHaveText('owner0-before-switch@example.com', { timeout: 30_000 });
  await expect(field).toHaveValue(draft);

  // Security: owner 0 registers a recovery module and types a proposer; the wallet switches to owner 1.
  await page.goto(app.url(`/settings/security?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const recovery = page.getByRole('region', { name: 'Recovery alerts' });
  const module = getAddress('0x00000000000000000000000000000000c0ffee02');
  await recovery.getByLabel('Recovery module address').fill(module);
  await recovery.getByRole('button', { name: 'Register module' }).click();
  await expect(recovery.getByRole('status').filter({ hasText: /is registered/ })).toBeVisible({ timeout: 30_000 });
  const add = page.getByRole('form', { name: 'Add proposer' });
  const proposer = getAddress('0x00000000000000000000000000000000c0ffee03');
  await add.getByLabel('Address').fill(proposer);
  await add.getByLabel('Name').fill('Typed before the switch');
  await ui.selectAccount(page, 1);
  // the module registered in owner 0's name is not shown as owner 1's; the form is back with the address typed
  await expect(recovery.getByRole('status').filter({ hasText: /is registered/ })).toHaveCount(0);
  await expect(recovery.getByRole('list', { name: 'Registered recovery modules' })).toHaveCount(0);
  await expect(recovery.getByLabel('Recovery module address')).toHaveValue(module);
  await expect(add.getByLabel('Address')).toHaveValue(proposer);
  await expect(add.getByLabel('Name')).toHaveValue('Typed before the switch');
  // the proposer typed is added by owner 1, who signs it (the gateway checks the Delegate signature)
  await add.getByRole('button', { name: 'Add proposer' }).click();
  const proposers = page.getByRole('region', { name: 'Proposers' });
  await expect(proposers.getByRole('status').filter({ hasText: 'Proposer added.' })).toBeVisible({ timeout: 30_000 });
  const listed = (await (await gw(`/v1/chains/${app.devnet.chainId}/delegates?safe=${getAddress(ui.team())}`)).json()) as { results: Array<{ delegate: string; delegator: string }> };
  expect(listed.results.filter((d) => d.delegate === proposer).map((d) => getAddress(d.delegator))).toEqual([getAddress(ui.owner(1))]);
  expect((await recoveryModules()).filter((m) => getAddress(m.moduleAddress) === module).map((m) => getAddress(m.signer))).toEqual([getAddress(ui.owner(0))]);

  // Push: owner 0 chooses the team Safe; owner 1 owns it too: read again, still chosen; an account that owns nothing
  // cannot choose; owner 0 back: still chosen.
  await page.goto(app.url(`/settings/notifications?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 1)).toBeVisible({ timeout: 20_000 });
  await ui.selectAccount(page, 0);
  const push = page.getByRole('region', { name: 'Push notifications' });
  const team = push.getByRole('checkbox', { name: new RegExp(`^Choose ${getAddress(ui.team())}$`, 'i') });
  await team.check({ timeout: 20_000 });
  await ui.selectAccount(page, 1);
  await expect(push.getByRole('button', { name: 'Register chosen Safes' })).toBeEnabled({ timeout: 20_000 });
  await expect(team).toBeChecked();
  await ui.selectAccount(page, 3);
  await expect(push.getByRole('note')).toHaveText(noSigner, { timeout: 20_000 });
  await expect(team).not.toBeChecked();
  await expect(team).toBeDisabled();
  await ui.selectAccount(page, 0);
  await expect(push.getByRole('button', { name: 'Register chosen Safes' })).toBeEnabled({ timeout: 20_000 });
  await expect(team).toBeChecked();
});

/** Owners 0 and 1 execute the team Safe's addOwnerWithThreshold(`owner`, 2) on chain (a Safe transaction, both signatures). */
async function addTeamOwner(owner: Address): Promise<void> {
  const key = (i: number) => app.devnet.owners[i]! as { address: Address; privateKey: Hex };
  const team = getAddress(ui.team());
  const ctx: SafeContext = { chainId: BigInt(app.devnet.chainId), safeAddress: team, version: '1.4.1' };
  const data = encodeFunctionData({ abi: parseAbi(['function addOwnerWithThreshold(address owner, uint256 _threshold)']), functionName: 'addOwnerWithThreshold', args: [owner, 2n] });
  const tx = normalizeSafeTx({ to: team, data, nonce: BigInt(await ui.safeNonce()) });
  const typed = safeTxTypedData(ctx, tx) as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0];
  const signers = [key(0), key(1)].sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1));
  const signatures = concat(await Promise.all(signers.map((k) => privateKeyToAccount(k.privateKey).signTypedData(typed))));
  const exec = parseAbi(['function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)']);
  const clients = await connectDevnet(app.devnet.rpcUrl);
  await clients.send(key(0), { to: team, data: encodeFunctionData({ abi: exec, functionName: 'execTransaction', args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures] }) }, 'the team Safe adds an owner');
}

test('an owner added to the Safe on chain while owner 0 types (decision 0088): the next poll brings the new owners, and what was typed stays; the change is still owner 0’s', async ({ page }) => {
  test.setTimeout(180_000);
  await ui.openSafe(page, 0);
  await page.goto(app.url(`/settings/security?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  const add = page.getByRole('form', { name: 'Add proposer' });
  const proposer = getAddress('0x00000000000000000000000000000000c0ffee04');
  await expect(add.getByLabel('Address')).toBeEnabled({ timeout: 30_000 });
  await add.getByLabel('Address').fill(proposer);
  await add.getByLabel('Name').fill('Typed before the new owner');
  const module = getAddress('0x00000000000000000000000000000000c0ffee05');
  const recovery = page.getByRole('region', { name: 'Recovery alerts' });
  await recovery.getByLabel('Recovery module address').fill(module);

  // 2 of 3 → 2 of 4: the Safe's poll (every 15 s) reads the new owner list
  await expect(page.getByText('2/3', { exact: true })).toBeVisible();
  await addTeamOwner(getAddress('0x00000000000000000000000000000000c0ffee06'));
  await expect(page.getByText('2/4', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(add.getByLabel('Address')).toHaveValue(proposer);
  await expect(add.getByLabel('Name')).toHaveValue('Typed before the new owner');
  await expect(recovery.getByLabel('Recovery module address')).toHaveValue(module);

  // the change typed before is added, signed by owner 0, as before the new owner
  await add.getByRole('button', { name: 'Add proposer' }).click();
  await expect(page.getByRole('region', { name: 'Proposers' }).getByRole('status').filter({ hasText: 'Proposer added.' })).toBeVisible({ timeout: 30_000 });
  const listed = (await (await gw(`/v1/chains/${app.devnet.chainId}/delegates?safe=${getAddress(ui.team())}`)).json()) as { results: Array<{ delegate: string; delegator: string }> };
  expect(listed.results.filter((d) => d.delegate === proposer).map((d) => getAddress(d.delegator))).toEqual([getAddress(ui.owner(0))]);
});

test('the wallet switched while a request waits on the Ledger (decision 0088): the card says the request was the previous account’s, the address typed stays, and approving it on the device afterwards registers nothing', async ({ page }) => {
  test.setTimeout(180_000);
  const email = 'owner1-abandoned@example.com';
  // owner 1 has no address (the switch test above read it as none)
  expect((await registeredEmail(1)).status).toBe(404);
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 1);
  await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, 1)).toBeVisible({ timeout: 20_000 });
  const section = page.getByRole('region', { name: 'E-mail alerts' });
  const field = section.getByRole('form', { name: 'Register e-mail address' }).getByLabel('E-mail address');
  await field.fill(email);
  await section.getByRole('button', { name: 'Register address' }).click();
  await passDeviceStep(section, 'message');
  await expect(section.getByRole('status').filter({ hasText: 'Confirm the message on your Ledger' })).toBeVisible({ timeout: 30_000 });

  // owner 1's request waits on the device; the wallet switches to owner 0
  await ui.selectAccount(page, 0);
  await expect(section.getByText(ACCOUNT_TEXTS.signerChanged)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('status').filter({ hasText: 'Confirm the message on your Ledger' })).toHaveCount(0);
  await expect(field).toHaveValue(email);
  expect(await seriousViolations(page)).toEqual([]);
  // the device still holds owner 1's request; approving it there is not followed by the app
  await approveOnDevice(page);

  // owner 0 then reads its own registration (a signature of its own, on the device): the one registered before
  await section.getByRole('button', { name: 'Show registration' }).click();
  await passDeviceStep(section, 'message');
  await approveOnDevice(page);
  await expect(section.getByLabel('Registered address')).toHaveText('owner0-before-switch@example.com', { timeout: 30_000 });
  // by now a registration sent with owner 1's signature would have reached the gateway: none did
  expect((await registeredEmail(1)).status).toBe(404);
  expect((await registeredEmail(0)).body).toMatchObject({ email: 'owner0-before-switch@example.com' });
});
