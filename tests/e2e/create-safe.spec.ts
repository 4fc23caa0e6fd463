/**
 * Issue 10, create a Safe, on the real devnet in Chromium: connect the Devnet Wallet as account 0, create a
 * 2-of-2 Safe with accounts 0 and 1, see the predicted address before deploying, deploy through the canonical
 * SafeProxyFactory with the wallet, and then: the chain has the Safe with those owners and threshold (read from
 * the devnet RPC here), the app opens it, it is listed under "My Safe accounts", and the flow's events are in
 * the event log (its own stream, verified). The name given in the form is the new Safe's address-book name: the
 * sidebar card, the Overview's card, My Safe accounts and the address book show it (decision 0042).
 */
import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, getAddress, http, parseAbi, type Address } from 'viem';
import { predictSafeAddress } from '../../src/domain/safe/create.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';

const app = useDevnetApp();

const safeReadAbi = parseAbi(['function getOwners() view returns (address[])', 'function getThreshold() view returns (uint256)']);

async function connect(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Wallet ${app.devnet.owners[0]!.address}`, 'i') })).toBeVisible();
}

test('create a named 2-of-2 Safe: predicted address, deployment, on chain, opened with its name and listed', async ({ page }) => {
  test.setTimeout(120_000);
  const owners = [getAddress(app.devnet.owners[0]!.address), getAddress(app.devnet.owners[1]!.address)] as Address[];
  await page.goto(app.url('/welcome'));
  await connect(page);
  await page.getByRole('link', { name: 'Create new Safe' }).click();
  await expect(page).toHaveURL(/\/new-safe\/create$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create new Safe account');

  const form = page.getByRole('form', { name: 'Set up the new Safe' });
  // A name longer than 50 characters is refused with a clear error; a shorter one is kept.
  const nameField = form.getByRole('textbox', { name: 'Name (optional)' });
  await nameField.fill('x'.repeat(51));
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'The name can be at most 50 characters' })).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await nameField.fill('  Treasury e2e ');
  // The connected wallet is the first signer already.
  await expect(form.getByRole('textbox', { name: 'Signer 1 address' })).toHaveValue(owners[0]!);
  await form.getByRole('button', { name: 'Add signer' }).click();
  await form.getByRole('textbox', { name: 'Signer 2 address' }).fill(owners[1]!);
  await form.getByRole('combobox', { name: /Threshold/ }).selectOption('2');
  await form.getByRole('button', { name: 'Next' }).click();

  // The review shows the address the Safe will have, computed before anything is sent.
  const predictedText = (await page.getByTestId('predicted-address').getAttribute('data-address')) ?? '';
  const saltNonce = (await page.getByTestId('predicted-address').getAttribute('data-salt-nonce')) ?? '';
  const predicted = predictSafeAddress({ owners, threshold: 2, saltNonce });
  expect(predictedText).toBe(predicted);
  await expect(page.getByTestId('predicted-address')).toContainText(predicted);
  await expect(page.getByText('Any transaction requires the confirmation of: 2 out of 2 signers')).toBeVisible();
  await expect(page.getByTestId('review-name')).toHaveText('Name: Treasury e2e');
  const chain = createPublicClient({ transport: http(app.devnet.rpcUrl) });
  expect(await chain.getCode({ address: predicted })).toBeUndefined();

  await page.getByRole('button', { name: 'Create Safe' }).click();

  // The new Safe opens.
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('safe') === `${app.devnet.shortName}:${predicted}`, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await expect(page.getByText('Read-only')).toHaveCount(0);

  // Its name, from the address book: on the sidebar's card and the Overview's card.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('region', { name: 'Open Safe' })).toContainText('Treasury e2e');
  await expect(page.getByRole('heading', { level: 2, name: 'Treasury e2e' })).toBeVisible();

  // On chain: the owners and the threshold chosen.
  expect(await chain.readContract({ address: predicted, abi: safeReadAbi, functionName: 'getOwners' })).toEqual(owners);
  expect(await chain.readContract({ address: predicted, abi: safeReadAbi, functionName: 'getThreshold' })).toBe(2n);

  // Listed among the Safes the connected wallet owns. Reached through the header's link, as a user would: a full
  // page load here could cut off the flow's last event-log write, which is still being hashed and stored.
  await page.getByRole('banner').getByRole('link', { name: /choose another Safe$/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Safe accounts');
  const owned = page.getByRole('list', { name: 'Owned Safes' });
  await expect(owned.getByRole('link', { name: /^Open Treasury e2e on / })).toBeVisible({ timeout: 20_000 });

  // The address book has the entry, for the new Safe's address.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Address book' }).click();
  const entry = page.getByRole('row').filter({ hasText: 'Treasury e2e' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`${predicted.slice(0, 6)}…${predicted.slice(-4)}`);

  // The visit's flow is in the event log, in its own stream, and its stored log verifies.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await page.getByText('Technical records: machine ids, stream ids and raw events').click();
  const stream = page.getByRole('list', { name: 'Flows' }).getByRole('listitem').filter({ hasText: 'createSafe · ' });
  await expect(stream).toHaveCount(1);
  const streamId = (await stream.getByRole('button').first().textContent())!;
  await stream.getByRole('button', { name: streamId, exact: true }).click();
  await page.getByRole('button', { name: 'Verify stored log' }).click();
  await expect(page.getByRole('status', { name: 'Stored log verification' })).toContainText(`OK: stream ${streamId}`);
  await expect(page.getByRole('status', { name: 'Stored log verification' })).toContainText('hash chain intact, replay reaches "succeeded"');
});
