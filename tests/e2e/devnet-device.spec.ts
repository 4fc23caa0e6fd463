/**
 * The Devnet Wallet's device panel in the devnet build, in Chromium (issue 19): a device profile put in the tab's
 * sessionStorage before the app loads gives the connected wallet a device (its `signerDevice`) and puts the device
 * panel at the bottom-right; axe finds nothing serious with it idle or showing a request; a request waits on its
 * screen until "Approve on device"; the state select makes the device refuse with its device error. At 390 px the
 * panel starts as a small handle in the corner, so a dialog's buttons take a normal click (decision 0067, addendum).
 */
import { expect, test, type Locator } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { concat, keccak256, type Hex } from 'viem';
import { LEDGER, approveOnDevice, deviceScreen, panel as devicePanel, passDeviceStep, seriousViolations, setDevice, withDevice } from './fixtures/devnetDevice.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);

const PROFILE = { kind: 'ledger', display: 'hashes', name: 'Ledger', delayMs: 200 };

test('a device profile from the tab: signerDevice, the device panel (axe-clean), Approve on device, a locked device refuses', async ({ page }) => {
  test.setTimeout(120_000);
  await withDevice(page, PROFILE);
  await ui.openSafe(page, 0);

  const panel = page.getByRole('region', { name: 'Devnet device: Ledger' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Nothing to sign.');
  await expect(panel.getByRole('combobox', { name: 'Device state' })).toHaveValue('ready');
  expect(await page.evaluate(() => (window as unknown as { __devnetWallet: { signerDevice: unknown } }).__devnetWallet.signerDevice)).toEqual({
    kind: 'ledger',
    name: 'Ledger',
    display: 'hashes',
  });
  const box = await panel.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height && box.x > viewport.width / 2).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // A request waits on the device's screen until Approve on device.
  const owner = ui.owner(0);
  await page.evaluate(
    (from) => {
      const w = (window as unknown as { __devnetWallet: { request(a: { method: string; params: unknown[] }): Promise<unknown> } }).__devnetWallet;
      (window as unknown as { signed: Promise<unknown> }).signed = w.request({ method: 'personal_sign', params: ['0x4c6f6720696e', from] });
    },
    owner,
  );
  const screen = panel.getByTestId('devnet-device-screen');
  await expect(screen).toBeVisible();
  await expect(screen.locator('dt')).toHaveText(['Message']);
  await expect(screen.locator('dd')).toHaveText(['Log in']);
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Approve on device' }).click();
  expect(await page.evaluate(() => (window as unknown as { signed: Promise<unknown> }).signed)).toMatch(/^0x[0-9a-f]{130}$/);
  await expect(panel).toContainText('Nothing to sign.');

  // Locked on the panel: the device refuses with its device error.
  await panel.getByRole('combobox', { name: 'Device state' }).selectOption('locked');
  const refusal = await page.evaluate(async (from) => {
    const w = (window as unknown as { __devnetWallet: { request(a: { method: string; params: unknown[] }): Promise<unknown> } }).__devnetWallet;
    try {
      await w.request({ method: 'personal_sign', params: ['0x6869', from] });
      return null;
    } catch (e) {
      const err = e as { code: number; data: unknown };
      return { code: err.code, data: err.data };
    }
  }, owner);
  expect(refusal).toEqual({ code: -32050, data: { device: 'locked' } });

  // "Hide device panel" shrinks it to its title row (it covers less of the page), still axe-clean.
  const before = (await panel.boundingBox())?.height ?? 0;
  await panel.getByRole('button', { name: 'Hide device panel' }).click();
  await expect(panel.getByRole('combobox', { name: 'Device state' })).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Show device panel' })).toHaveAttribute('aria-expanded', 'false');
  expect((await panel.boundingBox())?.height ?? 0).toBeLessThan(before / 2);
  expect(await seriousViolations(page)).toEqual([]);
});

/** Whether two boxes overlap. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** `button` takes Playwright's normal click (it checks that nothing covers it), and the device panel does not overlap it. */
async function clickBesidePanel(button: Locator, handle: Locator) {
  await button.scrollIntoViewIfNeeded();
  const [b, h] = [await button.boundingBox(), await handle.boundingBox()];
  expect(b && h && !overlaps(b, h)).toBe(true);
  await button.click();
}

test('at 390 px the device panel is a handle in the corner: a dialog’s buttons take a normal click, the panel opens for a request and is keyboard reachable', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await withDevice(page, LEDGER);
  await ui.openSafe(page, 0);
  const region = devicePanel(page);
  const show = region.getByRole('button', { name: 'Show device panel' });
  await expect(show).toHaveText('Show device');
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await expect(region.getByRole('combobox', { name: 'Device state' })).toBeHidden();
  const handle = await region.boundingBox();
  expect(handle && handle.height <= 24 && Math.round(handle.x + handle.width) === 390 && Math.round(handle.y + handle.height) === 844).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: Tab reaches the handle (the panel is the page's last part); Enter opens it and closes it again.
  let reached = false;
  for (let i = 0; i < 150 && !reached; i += 1) {
    await page.keyboard.press('Tab');
    reached = await show.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(region.getByRole('combobox', { name: 'Device state' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(show).toBeFocused();
  await expect(region.getByRole('combobox', { name: 'Device state' })).toBeHidden();

  // From the phone menu (a drawer), a transfer up to its review, long enough that the dialog fills the screen: every
  // step's buttons take a normal click.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await clickBesidePanel(menu.getByRole('button', { name: 'New transaction' }), region);
  await expect(menu).toHaveCount(0);
  const d = ui.dialog(page);
  await ui.composeTransfer(page, ui.owner(3), '1');
  await clickBesidePanel(d.getByRole('button', { name: 'Continue' }), region);
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible();
  await clickBesidePanel(d.getByRole('button', { name: 'Continue' }), region);
  const sign = d.getByRole('button', { name: /^Sign$/ });
  await expect(sign).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await clickBesidePanel(sign, region);

  // The request opens the panel (the device needs an answer); approved, it is the handle again and Close takes a click.
  await passDeviceStep(d);
  await expect(region.getByTestId('devnet-device-screen')).toBeVisible();
  await approveOnDevice(page);
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });
  await expect(region.getByRole('button', { name: 'Show device panel', includeHidden: true })).toBeVisible();
  await clickBesidePanel(d.getByRole('button', { name: 'Close' }), region);
  await expect(d).toHaveCount(0);
});

test('a device profile changed after connecting is used at the next signing step, without a reconnect', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await ui.openSafe(page, 0);
  await expect(devicePanel(page)).toHaveCount(0);
  // The same page all along: no reload, no reconnect.
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  const d = ui.dialog(page);
  const transferUpToReview = async (amount: string) => {
    await page.getByRole('button', { name: 'New transaction' }).click();
    await ui.composeTransfer(page, ui.owner(3), amount);
    await d.getByRole('button', { name: 'Continue' }).click();
    await ui.chooseNonce(page, await ui.safeNonce());
    return ui.shownSafeTxHash(page);
  };

  // Connected as a browser wallet; the wallet becomes a Ledger while the review is open: Sign goes through the Ledger.
  const safeTxHash = await transferUpToReview('1');
  await setDevice(page, LEDGER);
  await expect(devicePanel(page)).toHaveCount(1);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  const shown = await passDeviceStep(d);
  expect(keccak256(concat(['0x1901', shown['Domain hash'] as Hex, shown['Message hash'] as Hex]))).toBe(safeTxHash);
  expect(await deviceScreen(page)).toEqual(shown);
  await approveOnDevice(page);
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });
  await d.getByRole('button', { name: 'Close' }).click();

  // Back to no device: the next signature has no device step and never waits on a device.
  await setDevice(page, null);
  await expect(devicePanel(page)).toHaveCount(0);
  await transferUpToReview('2');
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 30_000 });
  await expect(d.getByRole('heading', { name: /Check the signature on your/ })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});
