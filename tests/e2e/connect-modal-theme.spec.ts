/**
 * web3-onboard's wallet list in the app's theme (decision 0091): in the dark theme it was a white box over the dark
 * page. In each look (390 and 1440 px, light and dark; the look changed while the list is open) the panel behind the
 * wallets is the app's --surface, their names the app's --text, nothing sticks out sideways, and axe finds nothing
 * serious in it. A screenshot of each (CONNECT_SHOTS: a folder to keep them in, else the test's output folder).
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LOOKS, THEME, shotPath } from './fixtures/looks.ts';

const app = useDevnetApp();

test('the wallet list takes the app’s theme in every look, and follows a change of look while it is open', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const wallet = page.getByRole('button', { name: 'Devnet Wallet' });
  await expect(wallet).toBeVisible({ timeout: 20_000 });
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.scheme);
    await page.mouse.move(0, 0); // no wallet button hovered
    // The first box behind the wallet buttons that paints a background, and the colour of a wallet's name.
    const colours = () =>
      wallet.evaluate((button) => {
        let box: Element | null = button.parentElement;
        while (box && getComputedStyle(box).backgroundColor === 'rgba(0, 0, 0, 0)') box = box.parentElement ?? ((box.getRootNode() as ShadowRoot).host ?? null);
        return { panel: box ? getComputedStyle(box).backgroundColor : 'none', name: getComputedStyle(button.querySelector('.name') ?? button).color };
      });
    await expect.poll(colours).toEqual({ panel: THEME[look.scheme].surface, name: THEME[look.scheme].text });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width);
    await expect(wallet).toBeInViewport();
    expect(await axeViolations(page, { include: 'onboard-v2' })).toEqual([]);
    const name = `connect-${look.width}-${look.scheme}.png`;
    await page.screenshot({ path: shotPath(name, 'CONNECT_SHOTS') });
  }
  // Still usable: the Devnet Wallet connects from the list as it is.
  await wallet.click();
  await expect(page.getByRole('button', { name: /^Wallet 0x/ })).toBeVisible({ timeout: 20_000 });
});
