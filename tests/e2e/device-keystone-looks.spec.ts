/**
 * The Keystone's own screens in the app's look, on the devnet in Chromium (issue 19; decisions 0079, 0083, 0089, 0091),
 * with the Keystone simulated as in device-keystone.spec.ts (fixtures/keystoneApp.ts, fixtures/keystoneQr.ts):
 *
 * 1. The Keystone's dialog (decision 0083): sync, request and camera pages, and the flow's rejected state, in the app's
 *    theme and within a phone's width, in four looks.
 * 2. web3-onboard's account list (decision 0089): named, themed, axe clean in four looks, a balance on one line and no
 *    DPATH column on a phone (0091), used by keyboard alone (Tab round its controls, Escape dismisses, arrows and Space
 *    pick an account, Enter connects); the Keystone logo on the sync page at 3:1 or more against what is behind it, in
 *    light and dark (a screenshot of it, measured).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEVNET_MNEMONIC } from '../../devnet/chain/accounts.ts';
import { axeViolations } from './fixtures/axe.ts';
import { passDeviceStep, seriousViolations } from './fixtures/devnetDevice.ts';
import { useKeystoneApp } from './fixtures/keystoneApp.ts';
import { hdKeyUr, readRequestQr, writeQrVideo } from './fixtures/keystoneQr.ts';
import { LOOKS, THEME, shotPath } from './fixtures/looks.ts';

const { camera: CAMERA, app, ui, keystoneDialog, connectKeystone } = useKeystoneApp();

/**
 * The Keystone dialog as it is now, in each look: the app's theme (its box and text take --surface and --text), within
 * the viewport with no horizontal scroll (the page's nor its own), axe clean on it (and on the whole page once the flow
 * asks for a signature); a screenshot of each (KEYSTONE_SHOTS: a
 * folder to keep them in, else the test's output folder).
 */
async function checkEveryLook(page: Page, step: string) {
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.scheme);
    const dialog = keystoneDialog(page);
    await expect(dialog).toHaveCSS('background-color', THEME[look.scheme].surface);
    await expect(dialog.locator('p, li').first()).toHaveCSS('color', THEME[look.scheme].text);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(look.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await expect(page.getByRole('dialog', { name: /^Keystone/ }).getByRole('button', { name: 'Close' }).first()).toBeInViewport();
    // axe on the Keystone's dialog (at the account sync, web3-onboard's own account list is already open behind it).
    expect(await axeViolations(page, { include: '.ReactModalPortal' })).toEqual([]);
    if (step === 'request') expect(await seriousViolations(page)).toEqual([]);
    const name = `keystone-${step}-${look.width}-${look.scheme}.png`;
    await page.screenshot({ path: shotPath(name, 'KEYSTONE_SHOTS') });
  }
}

test('the Keystone’s dialog follows the app’s theme and fits a phone: sync, request and camera pages, light and dark, 390 and 1440 px', async ({ page }) => {
  test.setTimeout(300_000);
  await connectKeystone(page, app.teamSafe, () => checkEveryLook(page, 'sync'));
  await ui.newTransfer(page, '1');
  const d = ui.dialog(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(d, 'signature', 'Keystone');
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  await checkEveryLook(page, 'request');
  // The request QR is still drawn whole (black on white, its quiet zone included) and read to the end.
  const { request } = await readRequestQr(page, '.ReactModal__Content canvas');
  expect(request.dataType).toBe(2);
  // The camera page, while the camera sees a QR code that is not a Keystone's answer (the SDK says so and stays).
  await writeQrVideo(CAMERA, 'not a keystone answer');
  await keystoneDialog(page).getByRole('button', { name: 'Scan Keystone' }).click();
  await expect(keystoneDialog(page).locator('video')).toBeVisible({ timeout: 30_000 });
  await checkEveryLook(page, 'camera');
  await keystoneDialog(page).getByRole('button', { name: 'Close' }).first().click();
  await expect(d.getByRole('alert')).toContainText('You cancelled the request (the QR window was closed).', { timeout: 30_000 });
  // The flow's rejection in the Keystone's words, in every look.
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.scheme });
    await expect(d.getByRole('button', { name: 'Try again' })).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
    const name = `keystone-rejected-${look.width}-${look.scheme}.png`;
    await page.screenshot({ path: shotPath(name, 'KEYSTONE_SHOTS') });
  }
});

/** web3-onboard's account list (hw-common's accountSelect in <account-select>'s shadow root), as named by decision 0089. */
const accountList = (page: Page) => page.getByRole('dialog', { name: 'Keystone: Select an account' });

/** The element focused on the page, through open shadow roots: its accessible-ish description for messages. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}` : 'none';
  });

/**
 * The contrast ratio (WCAG's relative luminance) between the Keystone logo's darkest pixel and what is behind it (the
 * pixel at (3, 3) of its box, inside any rounded corner, where the image is transparent), read from a screenshot of
 * the logo as drawn.
 */
async function logoContrast(page: Page): Promise<number> {
  const png = (await keystoneDialog(page).locator(':scope > div:nth-child(2) img').screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const channel = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = (i: number) => 0.2126 * channel(pixels[i]!) + 0.7152 * channel(pixels[i + 1]!) + 0.0722 * channel(pixels[i + 2]!);
    let darkest = 1;
    for (let i = 0; i < pixels.length; i += 4) darkest = Math.min(darkest, luminance(i));
    const behind = luminance((3 * canvas.width + 3) * 4);
    return (behind + 0.05) / (darkest + 0.05);
  }, png);
}

test('web3-onboard’s account list: named, in the app’s theme and axe-clean at 390 and 1440 px, light and dark; used by keyboard alone; the Keystone logo visible in dark', async ({ page }) => {
  test.setTimeout(300_000);
  await writeQrVideo(CAMERA, hdKeyUr(DEVNET_MNEMONIC));
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Keystone' }).click();
  await expect(keystoneDialog(page)).toContainText('Sync Keystone', { timeout: 30_000 });
  // The logo (black with a blue mark) against what is behind it: at least 3:1 (WCAG 1.4.11) in both themes.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    expect(await logoContrast(page), `logo contrast in ${scheme}`).toBeGreaterThanOrEqual(3);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await keystoneDialog(page).getByRole('button', { name: 'Sync Keystone' }).click();

  // The list opens with the focus on its first select; Tab and Shift+Tab go round inside it, one stop per control.
  const list = accountList(page);
  await expect(list).toBeVisible({ timeout: 30_000 });
  const basePath = list.getByRole('combobox', { name: 'Select Base Path' });
  await expect(basePath).toBeFocused();
  const order = [
    list.getByRole('combobox', { name: 'Asset' }),
    list.getByRole('combobox', { name: 'Network' }),
    list.getByRole('checkbox', { name: 'Show Empty Addresses' }),
    list.getByRole('button', { name: 'Scan Accounts' }),
    list.getByRole('button', { name: 'Dismiss' }),
    list.getByRole('button', { name: 'Close' }), // Connect is disabled until an account is picked: round to the top
    basePath,
  ];
  for (const control of order) {
    await page.keyboard.press('Tab');
    await expect(control, `Tab reached ${await focusedElement(page)}`).toBeFocused();
  }
  await page.keyboard.press('Shift+Tab');
  await expect(list.getByRole('button', { name: 'Close' })).toBeFocused();
  // Escape dismisses it, as its own Dismiss does: no account is connected.
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  // Focus is back in web3-onboard's wallet list ("Connection Rejected"), not on the page's body: no Tab needed; its
  // keyboard support takes Escape again.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('onboard-v2');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toHaveCount(0);
  await expect(ui.walletButton(page, 0)).toHaveCount(0);

  // Again, to the end: scan, pick owner 0's account and connect, by keyboard alone.
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Keystone' }).click();
  await expect(keystoneDialog(page)).toContainText('Sync Keystone', { timeout: 30_000 }); // the module syncs again
  await keystoneDialog(page).getByRole('button', { name: 'Sync Keystone' }).click();
  await expect(basePath).toBeFocused({ timeout: 30_000 });
  for (let stop = 0; stop < 4; stop++) await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: 'Scan Accounts' })).toBeFocused();
  await page.keyboard.press('Enter');
  const rows = list.locator('tbody tr');
  const owner0 = list.getByRole('row', { name: new RegExp(ui.owner(0)) });
  await expect(owner0).toBeVisible({ timeout: 60_000 });
  await expect(list.getByRole('button', { name: 'Connect' })).toBeDisabled();
  // The table is one Tab stop: its first row; arrows move between rows, Space picks one.
  await page.keyboard.press('Tab');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(owner0).toBeFocused();
  await page.keyboard.press(' ');
  await expect(owner0).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'false');

  // Every look: the app's theme, within the viewport with no sideways scroll (page, list or table), axe clean (every
  // impact) on the list; a screenshot of each.
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.scheme);
    await expect(list).toHaveCSS('background-color', THEME[look.scheme].surface);
    await expect(list).toHaveCSS('color', THEME[look.scheme].text);
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(look.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width);
    for (const part of [list, list.locator('.address-table')]) expect(await part.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expect(list.getByRole('button', { name: 'Connect' })).toBeInViewport();
    // A balance is one line (at 390 px its full precision took four lines a row); the DPATH column only where there is room.
    for (const cell of await list.locator('td.asset-td').all()) {
      const lines = await cell.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, `lines of a balance at ${look.width} px`).toBe(1);
    }
    await expect(list.getByRole('columnheader', { name: 'DPATH' })).toHaveCount(look.width < 600 ? 0 : 1);
    // Each select shows its whole choice ("Countersign Devnet" was cut at the Network select's arrow at 1440 px).
    for (const select of await list.getByRole('combobox').all()) {
      const room = await select.evaluate((el: HTMLSelectElement) => {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const text = el.selectedOptions[0]?.text ?? '';
        return { text, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - context.measureText(text).width };
      });
      expect(room.room, `"${room.text}" at ${look.width} px`).toBeGreaterThanOrEqual(0);
    }
    expect(await axeViolations(page, { include: 'account-select', everyImpact: true })).toEqual([]);
    const name = `keystone-accounts-${look.width}-${look.scheme}.png`;
    await page.screenshot({ path: shotPath(name, 'KEYSTONE_SHOTS') });
  }
  await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: 'Dismiss' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: 'Connect' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 30_000 });
  await expect(list).toHaveCount(0);
});
