/**
 * `npm run screens`: a screenshot of every route and of the steps of the main flows, at 1440 and 390 px, in the
 * light and the dark theme, into .tmp/screens/ (not committed) — for people to look at before a screen change
 * lands. It asserts only that each screen rendered; the browser tests (tests/e2e) assert behaviour.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { useDevnetApp } from '../e2e/fixtures/devnetApp.ts';
import { appRoutes } from '../e2e/fixtures/appRoutes.ts';
import { txFlowPage } from '../e2e/fixtures/txFlowPage.ts';

const OUT = join(process.cwd(), '.tmp', 'screens');
const app = useDevnetApp();
const flow = txFlowPage(() => app);

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

for (const size of SIZES) {
  for (const theme of THEMES) {
    test.describe(`${size.name} px, ${theme}`, () => {
      const dir = join(OUT, `${size.name}-${theme}`);
      // A flow being reviewed closes only by its own Cancel (Escape never discards a draft: decision 0034).
      const cancel = async (page: Page) => {
        await flow.dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      };
      const shot = async (page: Page, name: string, fullPage = true) => {
        await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
      };

      test.beforeAll(async () => {
        await mkdir(dir, { recursive: true });
      });

      test('every route', async ({ browser }) => {
        test.setTimeout(600_000);
        const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: theme });
        const page = await context.newPage();
        try {
          await flow.openSafe(page);
          for (const route of await appRoutes(app)) {
            await page.goto(app.url(route.path));
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
            await expect(page.locator('[role="status"]', { hasText: /^Loading/ })).toHaveCount(0, { timeout: 20_000 });
            await shot(page, `route-${route.name}`);
          }
        } finally {
          await context.close();
        }
      });

      test('flow steps', async ({ browser }) => {
        test.setTimeout(600_000);
        const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: theme });
        const page = await context.newPage();
        const dialog = flow.dialog(page);
        try {
          await flow.openSafe(page);
          // New transaction: compose, nonce, review, signed.
          // At phone width the sidebar is hidden: New transaction is in the Menu drawer.
          if (size.name === '390') await page.getByRole('button', { name: 'Menu' }).click();
          await page.getByRole('button', { name: 'New transaction' }).filter({ visible: true }).first().click();
          await expect(dialog).toBeVisible();
          await flow.composeTransfer(page, flow.owner(3), '1.5');
          await shot(page, 'flow-tx-1-compose', false);
          await dialog.getByRole('button', { name: 'Continue' }).click();
          await expect(dialog.getByLabel('Nonce', { exact: true })).toBeVisible();
          await shot(page, 'flow-tx-2-nonce', false);
          await dialog.getByRole('button', { name: 'Continue' }).click();
          await expect(dialog.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
          await shot(page, 'flow-tx-3-review', false);
          await dialog.getByRole('button', { name: /^Sign$/ }).click();
          await expect(dialog.getByRole('status').first()).toContainText(/Signature submitted|Confirmed/, { timeout: 20_000 });
          await shot(page, 'flow-tx-4-signed', false);
          // The done step's own Close (Escape on it is the keyboard journey's, tests/e2e/keyboard.spec.ts).
          await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
          await expect(dialog).toHaveCount(0);

          // A queued transaction: its details, then the confirm review as the second owner.
          await flow.selectAccount(page, 1);
          // By URL: at phone width the navigation is behind the Menu button (the wallet and its account stay).
          await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue', { timeout: 20_000 });
          await shot(page, 'flow-queue-as-owner-b');
          await page.goto(app.url((await appRoutes(app)).find((r) => r.name === 'transactions-tx')!.path));
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transaction details');
          const actions = page.getByRole('group', { name: 'Transaction actions' });
          await expect(actions).toBeVisible({ timeout: 20_000 });
          await shot(page, 'flow-confirm-0-details');
          const confirm = actions.getByRole('button', { name: 'Confirm' });
          if (await confirm.isVisible()) {
            await confirm.click();
            await expect(dialog.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
            await shot(page, 'flow-confirm-1-review', false);
            await cancel(page);
            await expect(dialog).toHaveCount(0);
          }
          const reject = actions.getByRole('button', { name: /Reject/ });
          if (await reject.isVisible()) {
            await reject.click();
            await expect(dialog).toBeVisible();
            await shot(page, 'flow-reject-1', false);
            await cancel(page);
          }

          // Sign a message: compose and review.
          await page.goto(app.url(`/transactions/messages?safe=${app.teamSafe}`));
          await page.getByRole('button', { name: 'Sign message' }).click();
          await expect(dialog).toBeVisible();
          await dialog.getByRole('textbox', { name: 'Message' }).fill('Screens: hello from Countersign');
          await shot(page, 'flow-message-1-compose', false);
          await dialog.getByRole('button', { name: 'Review' }).click();
          await expect(dialog).toHaveAccessibleName('Confirm message');
          await shot(page, 'flow-message-2-review', false);
          await cancel(page);

          // Create and load a Safe.
          await page.goto(app.url('/new-safe/create'));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await shot(page, 'flow-create-1-form');
          await page.goto(app.url('/new-safe/load'));
          await page.getByRole('textbox', { name: 'Safe account address' }).fill(app.devnet.safes[0]!.address);
          await shot(page, 'flow-load-1-form');
        } finally {
          await context.close();
        }
      });
    });
  }
}
