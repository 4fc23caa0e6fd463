/**
 * axe-core on every route of the app, at desktop (1440 px) and phone (390 px) width, in the light and the dark
 * theme, with an owner's wallet connected to the demo Safe: no serious or critical violation anywhere. The open
 * New transaction dialog and the sidebar's open Switch Safe list are checked too. (Issue 17; the keyboard-only journey is keyboard.spec.ts.)
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { appRoutes } from './fixtures/appRoutes.ts';

const app = useDevnetApp();
const flow = txFlowPage(() => app);

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
}

for (const size of WIDTHS) {
  for (const theme of THEMES) {
    test(`no serious or critical axe violation on any route: ${size.name}, ${theme}`, async ({ browser }) => {
      test.setTimeout(420_000);
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: theme });
      const page = await context.newPage();
      try {
        await flow.openSafe(page);
        const found: string[] = [];
        for (const { path } of await appRoutes(app)) {
          // In-app navigation keeps the connected wallet; a page load reconnects it by itself.
          await page.goto(app.url(path));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
          await expect(page.locator('[role="status"]', { hasText: /^Loading/ })).toHaveCount(0, { timeout: 20_000 });
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
        }
        await page.goto(app.url(`/home?safe=${app.teamSafe}`));
        // At phone width the sidebar is hidden: New transaction is in the Menu drawer.
        if (size.name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('button', { name: 'New transaction' }).filter({ visible: true }).first().click();
        await expect(flow.dialog(page)).toBeVisible();
        for (const violation of await seriousViolations(page)) found.push(`New transaction dialog: ${violation}`);
        // The sidebar card's Switch Safe list, open (in the Menu drawer at phone width).
        await flow.dialog(page).getByRole('button', { name: 'Cancel' }).click();
        await expect(flow.dialog(page)).toHaveCount(0);
        if (size.name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('button', { name: 'Switch Safe' }).filter({ visible: true }).first().click();
        await expect(page.getByRole('list', { name: 'Your Safe accounts' }).filter({ visible: true }).getByRole('link').first()).toBeVisible({ timeout: 20_000 });
        for (const violation of await seriousViolations(page)) found.push(`Switch Safe list: ${violation}`);
        expect(found, found.join('\n')).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
