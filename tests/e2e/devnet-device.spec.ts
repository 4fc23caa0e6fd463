/**
 * The Devnet Wallet's device panel in the devnet build, in Chromium (issue 19): a device profile put in the tab's
 * sessionStorage before the app loads gives the connected wallet a device (its `signerDevice`) and puts the device
 * panel at the bottom-right; axe finds nothing serious with it idle or showing a request; a request waits on its
 * screen until "Approve on device"; the state select makes the device refuse with its device error.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);

const PROFILE = { kind: 'ledger', display: 'hashes', name: 'Ledger', delayMs: 200 };

async function seriousViolations(page: Page) {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test('a device profile from the tab: signerDevice, the device panel (axe-clean), Approve on device, a locked device refuses', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript((profile) => sessionStorage.setItem('countersign.devnetWallet.device', JSON.stringify(profile)), PROFILE);
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
