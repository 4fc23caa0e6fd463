/**
 * Decision 0041 on the real devnet, in Chromium, with the Devnet Wallet: the team Safe's NFT cards show where the
 * seeded queue moves an NFT (decoded from the queued transaction's own bytes); owner A selects two NFTs, sends them
 * as one batch (one recipient, one MultiSend transaction) and then sees the queued mark on both cards, linked to
 * the new transaction; the cards wrap at phone width without a horizontal scroll.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
const { owner, dialog } = ui;

const grid = (page: Page) => page.getByRole('list', { name: 'NFTs' });
const card = (page: Page, id: number) => grid(page).getByRole('listitem', { name: `Devnet Collectibles #${id}`, exact: true });
const queuedMark = (page: Page, id: number) => card(page, id).getByRole('link', { name: /^In queued transaction, nonce \d+$/ });

test('select two NFTs, send them as one batch, and see the queued mark on both cards', async ({ page }) => {
  test.setTimeout(180_000);
  await ui.openSafe(page, 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NFTs' }).click();
  await expect(card(page, 0)).toBeVisible({ timeout: 20_000 });

  // The seeded queue sends NFT #2 (a transfer proposed through a Safe app): its card says so; #0 and #1 are free.
  await expect(queuedMark(page, 2)).toBeVisible({ timeout: 20_000 });
  await expect(queuedMark(page, 0)).toHaveCount(0);
  await expect(queuedMark(page, 1)).toHaveCount(0);

  await card(page, 0).getByRole('checkbox', { name: 'Select Devnet Collectibles #0' }).check();
  await card(page, 1).getByRole('checkbox', { name: 'Select Devnet Collectibles #1' }).check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send 2 NFTs' }).click();

  const d = dialog(page);
  const batch = d.getByRole('region', { name: 'Batch' });
  await expect(batch).toContainText('Batch (2)');
  await expect(batch).toContainText('Send NFT #0 of');
  await expect(batch).toContainText('Send NFT #1 of');
  expect(await axeViolations(page)).toEqual([]);
  const recipient = owner(2);
  await batch.getByLabel('Recipient of the batch’s 2 transfers').fill(recipient);
  await d.getByRole('button', { name: 'Review batch' }).click();
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible({ timeout: 20_000 });
  const nonce = Number(await d.getByLabel('Nonce', { exact: true }).inputValue());
  await d.getByRole('button', { name: 'Continue' }).click();
  // The review says what the bytes do: one MultiSend with the two transfers.
  await expect(d.getByRole('region', { name: 'What it does' })).toContainText(/NFT #0/, { timeout: 20_000 });
  await expect(d.getByRole('region', { name: 'What it does' })).toContainText(/NFT #1/);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Both cards now point at the new transaction (read from its bytes), the seeded one still at #2.
  await expect(queuedMark(page, 0)).toHaveText(`In queued transaction, nonce ${nonce}`, { timeout: 30_000 });
  await expect(queuedMark(page, 1)).toHaveText(`In queued transaction, nonce ${nonce}`);
  await expect(queuedMark(page, 2)).toBeVisible();
  await expect(queuedMark(page, 3)).toHaveCount(0);

  // At phone width the cards wrap and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, 0)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await queuedMark(page, 0).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transaction details');
  const calls = page.getByRole('region', { name: 'What it does' }).getByRole('list', { name: 'Calls in this batch' });
  await expect(calls).toContainText(`Send NFT #0 of`, { timeout: 20_000 });
  await expect(calls).toContainText(`Send NFT #1 of`);
  await expect(calls).toContainText(`to ${recipient.slice(0, 6)}…${recipient.slice(-4)}`);
  await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${nonce}$`) }).first()).toBeVisible();
});

test('the cards come before their queued marks: while the queue is checked the screen says so, then the mark appears (decision 0072)', async ({ page }) => {
  test.setTimeout(120_000);
  // Hold back every transaction's details (what the marks are computed from) until the cards are on screen.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v1\/chains\/[^/]+\/transactions\/multisig_/, async (route) => {
    await released;
    await route.continue();
  });
  await ui.openSafe(page, 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NFTs' }).click();
  await expect(card(page, 0)).toBeVisible({ timeout: 20_000 });
  await expect(card(page, 2)).toBeVisible();
  const checking = page.getByRole('status').filter({ hasText: 'Checking the queued transactions for these NFTs…' });
  await expect(checking).toBeVisible();
  await expect(queuedMark(page, 2)).toHaveCount(0);
  // Send works before the marks are in.
  await expect(card(page, 0).getByRole('button', { name: /^Send/ })).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);
  release();
  await expect(queuedMark(page, 2)).toBeVisible({ timeout: 20_000 });
  await expect(checking).toHaveCount(0);
  await expect(page.getByText('could not be checked')).toHaveCount(0);
});
