/**
 * Issue 21 / S17 (decision 0064) on the real devnet, in Chromium:
 *   1. a Safe pinned as trusted on My Safe accounts stays pinned after a reload; opening by URL a real, deployed Safe
 *      that merely resembles it (the trusted entry is the one built to resemble the demo team Safe) shows the
 *      look-alike warning first, before any of the Safe's screens; "Open … instead" goes to the trusted one; "Open
 *      this Safe anyway" opens it only after the acknowledgement, and only for this page load; axe clean; 390 px;
 *   2. a transfer executed through this browser makes its recipient a past recipient of the Safe: a later transfer to
 *      a look-alike of it is blocked in the review and the wallet is never asked.
 */
import { expect, test, type Page } from '@playwright/test';
import { getAddress, type Address } from 'viem';
import { DEVNET_ACCOUNTS } from '../../devnet/chain/accounts.ts';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });
const ui = txFlowPage(() => app);
const { dialog } = ui;

/** An address-poisoning vanity address: the first `prefix` and last 4 hex digits of `target`, every digit between changed. */
function imitationOf(target: string, prefix = 4): Address {
  const hex = target.slice(2).toLowerCase();
  return getAddress(`0x${[...hex].map((c, i) => (i < prefix || i >= 36 ? c : ((parseInt(c, 16) + 3) % 16).toString(16))).join('')}`);
}

/** Adds a Safe to this browser's storage as the add-Safe flow would (it need not be deployed: it is never opened as one here). */
async function addSafeInStorage(page: Page, chainId: string, address: string, name: string, trusted = false) {
  await page.evaluate(
    ({ chainId, address, name, trusted }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('countersign-local');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('safes', 'readwrite');
          tx.objectStore('safes').put({ chainId, address, name, trusted, addedAt: Date.now() });
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    { chainId, address, name, trusted },
  );
}

const warning = (page: Page) => page.getByRole('region', { name: /^Look-alike Safe: this is not/ });

test('a pinned Safe stays pinned; a real Safe that only resembles it opens with the warning first', async ({ page }) => {
  test.setTimeout(120_000);
  const team = app.devnet.safes[0]!.address;
  const trusted = imitationOf(team, 6);
  await page.goto(app.url('/welcome/accounts'));
  await addSafeInStorage(page, String(app.devnet.chainId), trusted, 'Treasury');

  // Pin it on My Safe accounts (a toggle button), and reload: still pinned, and marked.
  await page.reload();
  const row = page.getByRole('list', { name: 'Added Safes' }).getByTestId('account-row').filter({ hasText: 'Treasury' });
  const pin = row.getByRole('button', { name: 'Pin as trusted: Treasury on Countersign Devnet' });
  await expect(pin).toHaveAttribute('aria-pressed', 'false', { timeout: 20_000 });
  await pin.focus();
  await page.keyboard.press('Enter');
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(pin).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  await expect(row).toContainText('Trusted');

  // The deployed team Safe by URL: the warning, before any of its screens.
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await expect(warning(page)).toBeVisible({ timeout: 20_000 });
  await expect(warning(page).getByRole('heading')).toHaveText('Look-alike Safe: this is not “Treasury”');
  await expect(warning(page).getByRole('alert')).toContainText(`begins and ends like “Treasury”, a Safe you pinned as trusted (${trusted}) but is a different address`);
  const marked = await warning(page).locator('.look-alike-address mark').allTextContents();
  expect(marked.map((m) => m.toLowerCase())).toEqual([team.slice(8, 38).toLowerCase(), trusted.slice(8, 38).toLowerCase()]);
  await expect(page.getByRole('button', { name: 'New transaction' })).toHaveCount(0);
  await expect(page.getByLabel('Safe updates')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // "Open Treasury instead" goes to the trusted Safe (not deployed on this devnet: said in words).
  await warning(page).getByRole('link', { name: 'Open Treasury instead' }).click();
  await expect(page).toHaveURL(new RegExp(`safe=${app.devnet.shortName}(%3A|:)${trusted}`));
  await expect(page.getByRole('alert').filter({ hasText: 'Not a Safe.' })).toBeVisible({ timeout: 20_000 });

  // Back to the look-alike: asked again; "anyway" needs the acknowledgement.
  await page.goBack();
  await expect(warning(page)).toBeVisible({ timeout: 20_000 });
  const anyway = warning(page).getByRole('button', { name: 'Open this Safe anyway' });
  await expect(anyway).toBeDisabled();
  await warning(page).getByRole('checkbox', { name: /I checked this Safe’s whole address/ }).check();
  await anyway.click();
  await expect(warning(page)).toHaveCount(0);
  await expect(page.getByLabel('Safe updates')).toBeVisible({ timeout: 20_000 });

  // Remembered for this page load only: in-app navigation away and back opens it; a reload asks again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Address book' }).click();
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await expect(warning(page)).toBeVisible({ timeout: 20_000 });
});

test('the warning works at 390 px and in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(app.url('/welcome/accounts'));
  await addSafeInStorage(page, String(app.devnet.chainId), imitationOf(app.devnet.safes[0]!.address, 6), 'Treasury', true);
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await expect(warning(page)).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(warning(page).getByRole('button', { name: 'Open this Safe anyway' })).toBeInViewport({ ratio: 0 });
  expect(await axeViolations(page)).toEqual([]);
});

test('past recipient (S17): a transfer to a look-alike of a recipient this browser paid is blocked in the review; the wallet is not asked', async ({ page }) => {
  test.setTimeout(150_000);
  await installWalletSpy(page);
  const solo = app.devnet.safes[1]!.address;
  const dvt = app.devnet.tokens.dvt.address;
  const paid = DEVNET_ACCOUNTS[5]!.address as Address;
  const fake = imitationOf(paid);
  await page.goto(app.url(`/home?safe=${app.devnet.shortName}:${solo}`));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });

  const transfer = async (to: Address) => {
    await page.getByRole('button', { name: 'New transaction' }).click();
    const d = dialog(page);
    await d.getByRole('radio', { name: 'Send tokens' }).check();
    await d.getByLabel('Token', { exact: true }).selectOption(dvt);
    await d.getByLabel('Recipient address').fill(to);
    await d.getByLabel('Amount', { exact: true }).fill('1');
    await d.getByRole('button', { name: 'Continue' }).click();
    await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible({ timeout: 20_000 });
    await d.getByRole('button', { name: 'Continue' }).click();
    await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 30_000 });
  };

  // Executed through this browser: the recipient becomes a past recipient of the solo Safe.
  await transfer(paid);
  await dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  const asked = await signingCalls(page);
  expect(asked.length).toBeGreaterThan(0);

  // A look-alike of it: blocked, the source named, nothing more asked of the wallet.
  await transfer(fake);
  const blocked = dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked: an address in this transaction imitates one you know.' });
  await expect(blocked).toContainText(`The recipient ${fake} begins and ends like a past recipient of this Safe (${paid})`);
  const submit = dialog(page).getByRole('button', { name: /^(Sign|Sign and execute|Execute)$/ });
  await expect(submit).toBeDisabled();
  await submit.click({ force: true });
  await page.waitForTimeout(500);
  expect(await signingCalls(page)).toEqual(asked);
});
