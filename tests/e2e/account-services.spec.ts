/**
 * Issue 10, account services, on the real devnet in Chromium with the Devnet Wallet as owner 0 of the demo
 * 2-of-3 Safe. Each step is checked against what the devnet gateway then answers (read from the test over
 * HTTP, signed like a client where the gateway wants a signature), not only on screen:
 * - notifications: register this browser for the Safe (owner's signature), unregister the Safe, the device;
 * - e-mail: register, a wrong code, verify with the code from the devnet outbox, change, verify again, show,
 *   unsubscribe from a category (token from the e-mail), delete;
 * - security: register a recovery module; list the Safe's delegates.
 */
import { expect, test, type Page } from '@playwright/test';
import { getAddress, hashTypedData, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { useDevnetApp } from './fixtures/devnetApp.ts';

const app = useDevnetApp();

const owner = () => app.devnet.owners[0]!;
const safeAddress = () => getAddress(app.devnet.safes[0]!.address);
const gw = (path: string, init?: RequestInit) => fetch(`${app.devnet.gatewayUrl}${path}`, init);

async function connect(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Wallet ${owner().address}`, 'i') })).toBeVisible();
}

interface Mail {
  to: string;
  body: string;
  code: string | null;
}
async function lastMail(to: string): Promise<Mail> {
  const mails = (await (await gw(`/devnet/outbox?to=${encodeURIComponent(to)}`)).json()) as Mail[];
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** GET …/emails/{signer} as a client would: personal_sign of the retrieval text by the owner's key. */
async function registeredEmail(): Promise<{ status: number; body: unknown }> {
  const account = privateKeyToAccount(owner().privateKey);
  const timestamp = String(Date.now());
  const signature = await account.signMessage({ message: `email-retrieval-${app.devnet.chainId}-${safeAddress()}-${account.address}-${timestamp}` });
  const response = await gw(`/v1/chains/${app.devnet.chainId}/safes/${safeAddress()}/emails/${account.address}`, {
    headers: { 'Safe-Wallet-Signature': signature, 'Safe-Wallet-Signature-Timestamp': timestamp },
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

test('push notifications: register this browser for the Safe, unregister the Safe, then the device', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(app.url(`/settings/notifications?safe=${app.teamSafe}`));
  await connect(page);
  const row = page.getByRole('listitem', { name: `Safe ${safeAddress()}` });
  await expect(row.getByLabel('Notification state')).toHaveText('Not registered');
  await row.getByRole('checkbox', { name: `Choose ${safeAddress()}` }).check();
  await page.getByRole('button', { name: 'Register chosen Safes' }).click();
  await expect(row.getByLabel('Notification state')).toHaveText('Registered');
  const uuid = (await page.getByLabel('Device id').textContent())!.trim();

  const device = (await (await gw(`/devnet/notifications/devices/${uuid}`)).json()) as { deviceType: string; safes: Array<{ safe: string; signers: string[] }> };
  expect(device.deviceType).toBe('WEB');
  expect(device.safes).toEqual([{ chainId: String(app.devnet.chainId), safe: safeAddress(), signers: [getAddress(owner().address)] }]);

  // The uuid survives a reload (kept by the browser), and so does the state per Safe.
  await page.reload();
  await expect(page.getByLabel('Device id')).toHaveText(uuid);
  await expect(row.getByLabel('Notification state')).toHaveText('Registered');

  await row.getByRole('button', { name: `Unregister ${safeAddress()}` }).click();
  await expect(row.getByLabel('Notification state')).toHaveText('Not registered');
  expect(((await (await gw(`/devnet/notifications/devices/${uuid}`)).json()) as { safes: unknown[] }).safes).toEqual([]);

  await page.getByRole('button', { name: 'Unregister this browser' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This browser no longer receives notifications.' })).toBeVisible();
  await expect(page.getByLabel('This browser')).toContainText('not registered');
  expect((await gw(`/devnet/notifications/devices/${uuid}`)).status).toBe(404);

  // Each actor (one per visit and wallet: before and after connecting, after the reload) has its own event-log
  // stream, which replays to the state it recorded.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await page.getByText('Technical records: machine ids, stream ids and raw events').click();
  const streams = page.getByRole('list', { name: 'Flows' }).getByRole('listitem').filter({ hasText: 'pushNotifications · ' });
  await expect(streams.first()).toBeVisible();
  const count = await streams.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const reached: string[] = [];
  for (let i = 0; i < count; i++) {
    await streams.nth(i).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Verify stored log' }).click();
    const verdict = page.getByRole('status', { name: 'Stored log verification' });
    await expect(verdict).toHaveText(/^OK: stream .*pushNotifications:visit#\d+, \d+ records .*hash chain intact, replay reaches /);
    reached.push((await verdict.textContent()) ?? '');
  }
  // The visits that registered and unregistered end (and replay) in idle.
  expect(reached.some((text) => /replay reaches "idle"/.test(text))).toBe(true);
});

test('e-mail alerts: register, wrong code, verify from the outbox, change, verify, show, unsubscribe, delete', async ({ page }) => {
  test.setTimeout(120_000);
  const first = 'alice@example.com';
  const second = 'bob@example.com';
  await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
  await connect(page);
  const registration = page.getByLabel('E-mail registration');

  await page.getByRole('form', { name: 'Register e-mail address' }).getByLabel('E-mail address').fill(first);
  await page.getByRole('button', { name: 'Register address' }).click();
  await expect(registration).toContainText('Registered, not verified yet');
  expect(await registeredEmail()).toEqual({ status: 200, body: { email: first, verified: false } });
  const code = (await lastMail(first)).code!;

  const verify = page.getByRole('form', { name: 'Verify e-mail address' });
  await verify.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify.getByRole('alert')).toHaveText('That code is not right. Check the latest e-mail and try again.');
  await verify.getByLabel('Verification code').fill(code);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(registration).toContainText('Registered and verified.');
  expect(await registeredEmail()).toEqual({ status: 200, body: { email: first, verified: true } });

  await page.getByRole('form', { name: 'Change e-mail address' }).getByLabel('E-mail address').fill(second);
  await page.getByRole('button', { name: 'Change address' }).click();
  await expect(registration).toContainText('Registered, not verified yet');
  expect(await registeredEmail()).toEqual({ status: 200, body: { email: second, verified: false } });
  const secondMail = await lastMail(second);
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new verification code was sent.' })).toBeVisible();
  const resent = await lastMail(second);
  await verify.getByLabel('Verification code').fill(resent.code!);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(registration).toContainText('Registered and verified.');
  expect(await registeredEmail()).toEqual({ status: 200, body: { email: second, verified: true } });

  // A fresh visit does not know the registration until the owner signs a "show".
  await page.reload();
  await expect(registration).toContainText('Not checked yet');
  await page.getByRole('button', { name: 'Show registration' }).click();
  await expect(page.getByLabel('Registered address')).toHaveText(second);
  await expect(registration).toContainText('Registered and verified.');

  // Unsubscribe from the recovery alerts with the token the e-mail carries.
  const token = /Unsubscribe token: ([0-9a-f-]{36})/.exec(secondMail.body)![1]!;
  // Without the e-mail's link the token form waits behind a disclosure; the page says where the link is.
  await expect(page.getByText('Every alert e-mail ends with an unsubscribe link')).toBeVisible();
  const unsubscribe = page.getByRole('form', { name: 'Unsubscribe' });
  await expect(unsubscribe).toBeHidden();
  await page.getByText('Unsubscribe without the link').click();
  await unsubscribe.getByLabel('Unsubscribe token').fill(token);
  await unsubscribe.getByRole('button', { name: 'Unsubscribe from category' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unsubscribed from Recovery alerts.' })).toBeVisible();
  const subscriptions = (await (await gw('/devnet/subscriptions')).json()) as Array<{ email: string; category: string | null }>;
  expect(subscriptions.filter((s) => s.email === second)).toEqual([expect.objectContaining({ email: second, category: null })]);
  // Nothing is left for "all": the gateway says so and the screen shows it.
  await page.getByRole('button', { name: 'Unsubscribe another' }).click();
  await unsubscribe.getByLabel('Unsubscribe token').fill(token);
  await unsubscribe.getByRole('button', { name: 'Unsubscribe from all' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No subscription matches the given token' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete e-mail' }).click();
  await expect(registration).toContainText('No e-mail address registered.');
  expect((await registeredEmail()).status).toBe(404);
});

test('security: register a recovery module; the Safe’s delegates are listed', async ({ page }) => {
  test.setTimeout(120_000);
  // A delegate added by owner 1 through the gateway (EIP-712 Delegate signature), as another client would.
  const delegator = privateKeyToAccount(app.devnet.owners[1]!.privateKey);
  const delegate = getAddress(app.devnet.owners[3]!.address) as Address;
  const totp = BigInt(Math.floor(Date.now() / 1000 / 3600));
  const signature = await delegator.sign({
    hash: hashTypedData({
      domain: { name: 'Safe Transaction Service', version: '1.0', chainId: app.devnet.chainId },
      types: { Delegate: [{ name: 'delegateAddress', type: 'address' }, { name: 'totp', type: 'uint256' }] },
      primaryType: 'Delegate',
      message: { delegateAddress: delegate, totp },
    }),
  });
  const added = await gw(`/v2/chains/${app.devnet.chainId}/delegates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ safe: safeAddress(), delegate, delegator: delegator.address, signature, label: 'Proposer bot' }),
  });
  // The real gateway answers a new delegate with 204 and no body (decision 0051).
  expect(added.status).toBe(204);

  await page.goto(app.url(`/settings/security?safe=${app.teamSafe}`));
  await connect(page);

  const delegates = page.getByRole('table', { name: 'Proposers' });
  await expect(delegates.getByRole('row')).toHaveCount(2);
  await expect(delegates).toContainText('Proposer bot');
  const listed = (await (await gw(`/v1/chains/${app.devnet.chainId}/delegates?safe=${safeAddress()}`)).json()) as { results: Array<{ delegate: string; delegator: string; label: string }> };
  expect(listed.results).toEqual([{ safe: safeAddress(), delegate, delegator: delegator.address, label: 'Proposer bot' }]);

  const module = getAddress(app.devnet.owners[2]!.address);
  const form = page.getByRole('form', { name: 'Register recovery module' });
  await form.getByLabel('Recovery module address').fill(safeAddress());
  await form.getByRole('button', { name: 'Register module' }).click();
  await expect(form.getByRole('alert')).toHaveText('The module address cannot be the Safe itself');
  await form.getByLabel('Recovery module address').fill(module.toLowerCase());
  await form.getByRole('button', { name: 'Register module' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is registered' })).toBeVisible();
  const recovery = (await (await gw(`/devnet/recovery/${safeAddress()}`)).json()) as unknown;
  expect(recovery).toEqual([{ moduleAddress: module, signer: getAddress(owner().address) }]);
});
