/**
 * Issue 17, compose and review help: the recipient field suggests address-book entries by name, Max fills the
 * Safe's balance, the review's title says in plain units what is signed, the on-chain rejection explains itself
 * and offers its proposer the off-chain Delete, and the audit screen lists what was done in people's words.
 * (The NFT picker is covered by unit tests of its helpers: the devnet seeds no NFT.)
 */
import { expect, test } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
test.describe.configure({ mode: 'serial' });

test('autocomplete by name, Max, a review in plain units, the rejection explained, the audit in words', async ({ page }) => {
  test.setTimeout(180_000);
  const recipient = ui.owner(3);
  const short = `${recipient.slice(0, 6)}…${recipient.slice(-4)}`;
  await ui.openSafe(page, 0);

  // The signer names the recipient in their address book.
  await ui.addAddressBookEntry(page, recipient, 'Dora');

  await page.getByRole('button', { name: 'New transaction' }).click();
  const d = ui.dialog(page);
  await d.getByRole('radio', { name: 'Send tokens' }).check();
  await d.getByLabel('Token', { exact: true }).selectOption('');
  await expect(d.getByLabel('Token', { exact: true }).locator('option:checked')).toContainText('available');

  // Type part of the name: the listbox offers the entry, Enter picks it.
  const combo = d.getByRole('combobox', { name: 'Recipient address' });
  await combo.fill('dor');
  const suggestions = d.getByRole('listbox', { name: 'Suggested addresses' }).getByRole('option');
  await expect(suggestions).toHaveCount(1);
  await expect(suggestions.first()).toContainText('Dora');
  await combo.press('ArrowDown');
  await combo.press('Enter');
  await expect(combo).toHaveValue(recipient);
  await expect(d.getByText('In your address book as Dora')).toBeVisible();

  // Max fills the whole balance, in units.
  const amount = d.getByLabel('Amount', { exact: true });
  await d.getByRole('button', { name: /^Max/ }).click();
  await expect(amount).toHaveValue(/^\d+(\.\d+)?$/);
  expect(Number(await amount.inputValue())).toBeGreaterThan(0);
  await amount.fill('0.1');

  await d.getByRole('button', { name: 'Continue' }).click();
  const nonce = await ui.safeNonce();
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible({ timeout: 20_000 });
  const proposedNonce = Number(await d.getByLabel('Nonce', { exact: true }).inputValue());
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(d.getByRole('heading', { level: 3 })).toHaveText(`Send 0.1 ETH to Dora (${short})`, { timeout: 20_000 });
  await expect(d.getByRole('region', { name: 'Transaction data' })).toContainText('0.1 ETH (100000000000000000 wei)');
  const safeTxHash = await ui.shownSafeTxHash(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted.', { timeout: 20_000 });
  // The success step keeps the safeTxHash (with copy) and the way to the transaction.
  const outcome = d.getByRole('region', { name: 'Outcome' });
  await expect(outcome).toContainText(safeTxHash);
  await expect(outcome.getByRole('button', { name: 'Copy safeTxHash' })).toBeVisible();
  await expect(outcome.getByRole('link', { name: 'View transaction' })).toBeVisible();
  await d.getByRole('button', { name: 'Close' }).click();
  expect(proposedNonce).toBeGreaterThanOrEqual(nonce);

  // Closing leaves a notice, without taking focus; its link opens the transaction's details (and dismisses it).
  const notices = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(notices.getByText('Transaction proposed')).toBeVisible();
  await expect(notices).not.toContainText(safeTxHash);
  expect(await notices.evaluate((region) => region.contains(document.activeElement))).toBe(false);
  await notices.getByRole('link', { name: 'View transaction' }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/tx\\?id=multisig_0x[0-9a-fA-F]{40}_${safeTxHash}`));
  await expect(page.getByRole('heading', { level: 2, name: `Send 0.1 ETH to Dora (${short})` })).toBeVisible({ timeout: 20_000 });
  await expect(notices.getByText('Transaction proposed')).toHaveCount(0);

  // Reject it: the review says what an on-chain rejection is and offers the proposer the off-chain Delete.
  await ui.openQueuedTx(page, proposedNonce, /ETH|Send/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Reject' }).click();
  await expect(d.getByRole('heading', { level: 3 })).toHaveText(`Reject transaction #${proposedNonce}`, { timeout: 20_000 });
  const about = d.getByRole('region', { name: 'About rejecting' });
  await expect(about).toContainText('signer confirmations');
  await expect(about).toContainText('pays the gas');
  await expect(about.getByRole('button', { name: `Delete transaction #${proposedNonce} instead` })).toBeVisible();
  await expect(d).not.toContainText('Empty call');
  await d.getByRole('button', { name: 'Cancel' }).click();

  // The audit screen lists it in words.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByText(`Sent 0.1 ETH to Dora (${short})`).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`nonce ${proposedNonce} · signed by you`).first()).toBeVisible();
});
