/**
 * The app at phone width (390×844): no route scrolls horizontally, the navigation is a Menu button that opens
 * a drawer, and a queued transaction can be opened from the queue and confirmed (its review fits and axe finds nothing
 * serious in it).
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/machines/shared/routes.ts';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const { dialog, openSafe } = txFlowPage(() => app);

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The screen has rendered and nothing is still loading, then the page is no wider than the screen. */
async function expectNoSideScroll(page: Page, what: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Opening)/ })).toHaveCount(0, { timeout: 15_000 });
  const widths = await page.evaluate(() => {
    // The outermost elements that reach past the right edge, to name the culprit in the failure.
    const wide = Array.from(document.querySelectorAll('body *')).filter((el) => {
      const parent = el.parentElement;
      return el.getBoundingClientRect().right > window.innerWidth + 1 && (!parent || parent.getBoundingClientRect().right <= window.innerWidth + 1);
    });
    const culprits = wide.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.className} “${(el.textContent ?? '').slice(0, 30)}”`);
    return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, culprits };
  });
  expect(widths.scroll, `${what} is ${widths.scroll} px wide at ${widths.inner} px: ${widths.culprits.join('; ')}`).toBeLessThanOrEqual(widths.inner);
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu;
}

test('no route scrolls horizontally at 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  const safe = `safe=${app.teamSafe}`;
  // A queued transaction's and a message's id, read from their lists.
  await page.goto(app.url(`/transactions/queue?${safe}`));
  const txHref = await page.locator('.tx-row a[href*="/transactions/tx?"]').first().getAttribute('href');
  await page.goto(app.url(`/transactions/messages?${safe}`));
  const msgHref = await page.locator('a[href*="/transactions/msg?"]').first().getAttribute('href');
  expect(txHref).toBeTruthy();
  expect(msgHref).toBeTruthy();

  const safeFree = new Set<string>([ROUTES.root, ROUTES.welcome, ROUTES.accounts, ROUTES.loadSafe, ROUTES.createSafe, ROUTES.statecharts, ROUTES.audit]);
  const paths: string[] = Object.values(ROUTES).map((path) => {
    if (path === ROUTES.transaction) return txHref!;
    if (path === ROUTES.message) return msgHref!;
    return safeFree.has(path) ? path : `${path}?${safe}`;
  });
  for (const tab of ['setup', 'modules', 'safe-apps', 'notifications', 'email', 'security', 'appearance', 'data', 'environment-variables']) {
    paths.push(`/settings/${tab}?${safe}`);
  }
  // Errors must fit too: a bad ?safe= value, an address that is no Safe, a transaction id that does not exist.
  paths.push('/home?safe=devnet:0x1234', '/home?safe=devnet:0x1111111111111111111111111111111111111111', `/transactions/tx?id=nope&${safe}`, '/no/such/page');

  for (const path of paths) {
    await page.goto(app.url(path));
    await expectNoSideScroll(page, path);
  }
});

test('the phone menu replaces the sidebar and reaches a page', async ({ page }) => {
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('list', { name: 'Developer' }).getByRole('link', { name: 'Audit' })).toBeVisible();
  await menu.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('History');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  // Escape closes it and focus goes back to the Menu button.
  await openMenu(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
});

test('from the queue at 390 px, a queued transaction opens and is confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  await openSafe(page, 1);
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
  // The row keeps its amount, status and way into the details at this width.
  const row = page.locator('.tx-row').filter({ hasText: 'Awaiting confirmations' }).filter({ hasText: /ETH/ }).first();
  await expect(row.locator('.tx-main')).toBeInViewport();
  await expect(row.locator('.tx-status')).toBeInViewport();
  const details = row.getByRole('link', { name: /Details/ });
  await expect(details).toBeInViewport();
  await details.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transaction details');
  await expectNoSideScroll(page, 'transaction details');
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  // The dialog fits the screen: its "Execute now?" choice and Sign button can be scrolled to and are not cut off at
  // the side. Owner B's is the last signature: No, only sign.
  const onlySign = dialog(page).getByRole('radio', { name: 'No, only sign (anyone can execute later)' });
  await expect(onlySign).toBeVisible({ timeout: 20_000 });
  const choice = dialog(page).getByRole('group', { name: 'Execute now?' });
  await choice.scrollIntoViewIfNeeded();
  await expect(choice).toBeInViewport({ ratio: 1 });
  // The page behind the modal is hidden from the accessibility tree, so its width is read directly.
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, 'the review with its "Execute now?" choice scrolls sideways').toBeLessThanOrEqual(widths.inner);
  // axe: the review with its choices has no serious or critical violation.
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await onlySign.check();
  const sign = dialog(page).getByRole('button', { name: /^Sign$/ });
  await expect(sign).toBeVisible();
  await sign.scrollIntoViewIfNeeded();
  await expect(sign).toBeInViewport({ ratio: 1 });
  await sign.click();
  await expect(dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 2 of 2.', { timeout: 20_000 });
});

test('New transaction in the phone menu closes the menu and opens the flow, with focus inside it', async ({ page }) => {
  await openSafe(page, 0);
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'New transaction' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await expect(dialog(page)).toHaveAccessibleName('New transaction', { timeout: 20_000 });
  // The closing menu does not take focus back to its button: the flow dialog that opened keeps it.
  await expect.poll(() => dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
});
