/**
 * Issue 10, "create a Safe" as a restorable flow (decision 0018), on the real devnet in Chromium with the Devnet
 * Wallet instrumented in the page (every request recorded across reloads; one call can be made to hang):
 *  - a reload in the middle of the form brings the visit back with what was typed; "Start over" drops it;
 *  - a reload while the wallet sends the deployment (sent, answer never delivered) comes back, checks the chain,
 *    follows the Safe until the gateway lists it and opens it: one `eth_sendTransaction` in all;
 *  - a reload while the wallet prompt is still open (nothing sent) comes back as interrupted, sends nothing on its
 *    own, and deploys once the user asks again.
 */
import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, getAddress, http, type Address } from 'viem';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { storedLog } from './fixtures/eventLog.ts';
import { hangNext, hungResults, installWalletSpy, expectSigningCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });

const owner = (i: number) => getAddress(app.devnet.owners[i]!.address);
const walletButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^Wallet ${app.devnet.owners[0]!.address}`, 'i') });
const form = (page: Page) => page.getByRole('form', { name: 'Set up the new Safe' });
const restoredNote = (page: Page) => page.getByRole('note').filter({ hasText: 'Your unfinished Safe setup was restored.' });

const createSafeLog = (page: Page) => storedLog(page, 'createSafe');
const recordedTypes = async (page: Page) => (await createSafeLog(page)).records.map((r) => r.type);

async function openCreateSafe(page: Page) {
  await page.goto(app.url('/welcome'));
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(walletButton(page)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Create new Safe' }).click();
  await expect(form(page).getByRole('textbox', { name: 'Signer 1 address' })).toHaveValue(owner(0));
}

/** The second signer and a 2-of-2 threshold, typed in the form. */
async function fillTwoOfTwo(page: Page, second: Address, name = '') {
  await form(page).getByRole('button', { name: 'Add signer' }).click();
  if (name) await form(page).getByRole('textbox', { name: 'Signer 2 name' }).fill(name);
  await form(page).getByRole('textbox', { name: 'Signer 2 address' }).fill(second);
  await form(page).getByRole('combobox', { name: /Threshold/ }).selectOption('2');
}

/** Reload; the wallet reconnects (account 0, the only one this tab used) and the visit comes back. */
async function reload(page: Page) {
  await page.reload();
  await expect(walletButton(page)).toBeVisible({ timeout: 20_000 });
  await expect(restoredNote(page)).toBeVisible({ timeout: 20_000 });
}

/** Review → Create Safe with the next wallet call held; resolves with the predicted address once the step shows. */
async function deployHeld(page: Page, mode: 'prompt' | 'afterSending'): Promise<Address> {
  await form(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Any transaction requires the confirmation of: 2 out of 2 signers')).toBeVisible();
  const predicted = getAddress((await page.getByTestId('predicted-address').getAttribute('data-address'))!);
  await hangNext(page, 'eth_sendTransaction', mode);
  await page.getByRole('button', { name: 'Create Safe' }).click();
  await expect(page.getByRole('status')).toHaveText('Confirm the deployment in your wallet…');
  await expect.poll(() => recordedTypes(page)).toContain('user.deploy');
  return predicted;
}

const opened = (page: Page, safe: Address) =>
  expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('safe') === `${app.devnet.shortName}:${safe}`, { timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await installWalletSpy(page);
});

test('a reload in the middle of the form brings the draft back; Start over drops it', async ({ page }) => {
  test.setTimeout(90_000);
  await openCreateSafe(page);
  await fillTwoOfTwo(page, owner(1), 'Bob');
  // The typed fields are recorded after a pause in typing (and when a field loses focus).
  await expect
    .poll(async () => (await createSafeLog(page)).records.filter((r) => r.type === 'user.editDraft').map((r) => (r.payload.form as { threshold: number; owners: unknown[] }).threshold).at(-1))
    .toBe(2);

  await reload(page);
  await expect(form(page).getByRole('textbox', { name: 'Signer 1 address' })).toHaveValue(owner(0));
  await expect(form(page).getByRole('textbox', { name: 'Signer 2 name' })).toHaveValue('Bob');
  await expect(form(page).getByRole('textbox', { name: 'Signer 2 address' })).toHaveValue(owner(1));
  await expect(form(page).getByRole('combobox', { name: /Threshold/ })).toHaveValue('2');
  // One visit, one stream: the restored visit keeps appending to it.
  const { records } = await createSafeLog(page);
  expect(new Set(records.map((r) => r.streamId)).size).toBe(1);
  expect(records.filter((r) => r.type === 'xstate.init')).toHaveLength(1);

  // Start over: the visit ends (its stream is closed) and a new one starts at an empty form, also after a reload.
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(form(page).getByRole('textbox', { name: 'Signer 2 address' })).toHaveCount(0);
  await expect(form(page).getByRole('textbox', { name: 'Signer 1 address' })).toHaveValue(owner(0));
  await expect.poll(async () => Object.values((await createSafeLog(page)).status).sort()).toEqual(['closed', 'open']);
  await page.reload();
  await expect(walletButton(page)).toBeVisible({ timeout: 20_000 });
  await expect(form(page).getByRole('textbox', { name: 'Signer 1 address' })).toHaveValue(owner(0));
  await expect(form(page).getByRole('textbox', { name: 'Signer 2 address' })).toHaveCount(0);
  await expect(restoredNote(page)).toHaveCount(0);
});

test('a reload while the wallet sends the deployment: the Safe is found on chain and opens; one eth_sendTransaction', async ({ page }) => {
  test.setTimeout(120_000);
  await openCreateSafe(page);
  await fillTwoOfTwo(page, owner(2));
  const predicted = await deployHeld(page, 'afterSending');
  // The wallet sent it; its answer never reaches the app.
  await expect.poll(() => hungResults(page), { timeout: 20_000 }).toHaveLength(1);
  const chain = createPublicClient({ transport: http(app.devnet.rpcUrl) });
  await expect.poll(async () => (await chain.getCode({ address: predicted })) ?? '0x', { timeout: 20_000 }).not.toBe('0x');

  await page.reload();
  await expect(walletButton(page)).toBeVisible({ timeout: 20_000 });
  await opened(page, predicted);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await expectSigningCalls(page, ['eth_sendTransaction']);

  // The visit's stream: the recorded system.recover moved it to checking, then it ended in succeeded and closed.
  await expect.poll(async () => (await createSafeLog(page)).records.at(-1)?.stateAfter.value, { timeout: 20_000 }).toBe('succeeded');
  const { records, status } = await createSafeLog(page);
  expect(new Set(records.map((r) => r.streamId)).size).toBe(1);
  const types = records.map((r) => r.type);
  expect(types.slice(types.indexOf('user.deploy'))).toEqual(['user.deploy', 'system.recover', 'xstate.done.actor.checkDeployment', 'xstate.done.actor.waitForDeployment']);
  expect(records.find((r) => r.type === 'system.recover')?.stateAfter.value).toBe('checking');
  await expect.poll(async () => Object.values((await createSafeLog(page)).status)).toEqual(['closed']);
  expect(Object.keys(status)).toHaveLength(1);
});

test('a reload while the wallet prompt is open: interrupted, nothing sent on its own; Back to review deploys once', async ({ page }) => {
  test.setTimeout(120_000);
  await openCreateSafe(page);
  await fillTwoOfTwo(page, owner(3));
  const predicted = await deployHeld(page, 'prompt');

  await reload(page);
  const alert = page.getByRole('alert').filter({ hasText: 'The deployment was interrupted and no Safe is at the address yet.' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('If your wallet sent the transaction it may still be pending: check again before creating the Safe again.');
  await page.waitForTimeout(1_500);
  await expectSigningCalls(page, ['eth_sendTransaction']); // the held prompt, never sent

  await alert.getByRole('button', { name: 'Back to review' }).click();
  expect(getAddress((await page.getByTestId('predicted-address').getAttribute('data-address'))!)).toBe(predicted);
  await page.getByRole('button', { name: 'Create Safe' }).click();
  await opened(page, predicted);
  await expectSigningCalls(page, ['eth_sendTransaction', 'eth_sendTransaction']);
});
