// Temporary (not committed): screenshots of the screens issue 18 touched, at 1440/390 px, light/dark.
import { expect, test, type Page } from '@playwright/test';
import { useDevnetApp } from '../e2e/fixtures/devnetApp.ts';
import { txFlowPage } from '../e2e/fixtures/txFlowPage.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });
const ui = txFlowPage(() => app);
const OUT = '/tmp/shots';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => window.localStorage.setItem('countersign.theme', t), theme);
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390]) {
    test(`issue 18 screens ${theme} ${width}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      await setTheme(page, theme);
      await ui.openSafe(page, 0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goto(app.url(`/audit?safe=${app.teamSafe}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${OUT}/audit-${theme}-${width}.png`, fullPage: true });
      await page.goto(app.url(`/settings/data?safe=${app.teamSafe}#storage`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${OUT}/storage-${theme}-${width}.png`, fullPage: true });
      // Storage blocked: the banner.
      const blocked = await page.context().newPage();
      await blocked.setViewportSize({ width, height: 900 });
      await blocked.addInitScript((t) => {
        window.localStorage.setItem('countersign.theme', t);
        IDBFactory.prototype.open = function () {
          throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
        };
      }, theme);
      await blocked.goto(app.url(`/home?safe=${app.teamSafe}`));
      await expect(blocked.getByRole('region', { name: 'The event log cannot save.' })).toBeVisible({ timeout: 30_000 });
      await blocked.waitForTimeout(1000);
      await blocked.screenshot({ path: `${OUT}/banner-${theme}-${width}.png`, fullPage: false });
      await blocked.close();
    });
  }
}
