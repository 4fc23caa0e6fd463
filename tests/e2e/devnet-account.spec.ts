/**
 * The wallet menu (a Radix Popover) and its devnet account switcher in the devnet build, on the real devnet in
 * Chromium (issue 17, decision 0037):
 *  - the menu opens from the wallet button by keyboard and by mouse; Escape and a click outside close it; after
 *    Escape focus is back on the wallet button; axe finds nothing serious in the open menu;
 *  - "Devnet account" lists the Devnet Wallet's accounts, with their address-book names where known; choosing one
 *    (arrow keys or a click) switches the wallet, and the app follows (the button names the new account);
 *  - the choice survives a reload: the Devnet Wallet remembers it for the tab and starts from it.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);

const menu = (page: Page) => page.getByRole('dialog', { name: 'Connected wallet' });
const accounts = (page: Page) => menu(page).getByRole('group', { name: 'Devnet account' });
const account = (page: Page, index: number) => accounts(page).getByRole('radio', { name: new RegExp(`^Account ${index}: `) });
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

async function reloadAs(page: Page, index: number) {
  await page.reload();
  await expect(ui.walletButton(page, index)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toHaveCount(0);
}

test('the wallet menu switches the devnet account by keyboard and by mouse; the choice survives a reload; Escape closes it and focus returns', async ({ page }) => {
  test.setTimeout(180_000);
  await ui.openSafe(page, 0);

  // The address book names owner B: the switcher says the name beside the short address.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Address book' }).click();
  await page.getByRole('button', { name: 'Add entry' }).click();
  const form = page.getByRole('form', { name: 'Add entry' });
  await form.getByLabel('Address').fill(ui.owner(1));
  await form.getByLabel('Name').fill('Bob (devnet)');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  // ── Keyboard: open from the button, reach the radio group, arrow down to account 2 ─────────────────────
  const button0 = ui.walletButton(page, 0);
  await button0.focus();
  await page.keyboard.press('Enter');
  await expect(menu(page)).toBeVisible();
  await expect(button0).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page)).toContainText('Connected with Devnet Wallet on');
  await expect(menu(page)).toContainText('To use another account, switch accounts in your wallet; Countersign follows it.');
  await expect(menu(page).getByRole('button', { name: 'Disconnect' })).toBeVisible();
  // Focus moved into the menu; Tab reaches the checked radio (the group's one tab stop).
  await expect.poll(() => page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false)).toBe(true);
  await expect(account(page, 0)).toBeChecked();
  await expect(account(page, 1)).toHaveAccessibleName(`Account 1: Bob (devnet) (${short(ui.owner(1))})`);
  await expect(account(page, 2)).toHaveAccessibleName(`Account 2: ${short(ui.owner(2))}`);
  for (let i = 0; i < 8 && !(await account(page, 0).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(account(page, 0)).toBeFocused();

  // axe: the open menu has no serious or critical violation.
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press('ArrowDown');
  await expect(ui.walletButton(page, 1)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('ArrowDown');
  await expect(ui.walletButton(page, 2)).toBeVisible({ timeout: 20_000 });
  await expect(account(page, 2)).toBeChecked();
  await expect(account(page, 2)).toBeFocused();
  // The menu follows the app: it now says the new account's address.
  await expect(menu(page)).toContainText(ui.owner(2));

  // Escape closes the menu and focus is back on the wallet button (now named for account 2).
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  await expect(ui.walletButton(page, 2)).toBeFocused();
  await expect(ui.walletButton(page, 2)).toHaveAttribute('aria-expanded', 'false');

  // A reload: the Devnet Wallet starts from account 2, and the app reconnects with it.
  await reloadAs(page, 2);
  await ui.walletButton(page, 2).click();
  await expect(account(page, 2)).toBeChecked();

  // ── Mouse: account 0, a click outside closes; reload keeps 0; then account 2, reload keeps 2 ─────────────
  await account(page, 0).click();
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
  await expect(account(page, 0)).toBeChecked();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu(page)).toHaveCount(0);
  await reloadAs(page, 0);

  await ui.walletButton(page, 0).click();
  await expect(account(page, 0)).toBeChecked();
  await account(page, 2).click();
  await expect(ui.walletButton(page, 2)).toBeVisible({ timeout: 20_000 });
  // The button toggles the menu closed too.
  await ui.walletButton(page, 2).click();
  await expect(menu(page)).toHaveCount(0);
  await reloadAs(page, 2);
  expect(await page.evaluate(() => (window as unknown as { __devnetWallet: { selectedIndex: number } }).__devnetWallet.selectedIndex)).toBe(2);

  // A new tab starts at account 0, as a wallet that was never switched there.
  const other = await page.context().newPage();
  try {
    await other.goto(app.url(`/home?safe=${app.teamSafe}`));
    await expect(ui.walletButton(other, 0)).toBeVisible({ timeout: 20_000 });
  } finally {
    await other.close();
  }
});
