/**
 * The built app shell in Chromium, served by our static server with a runtime config.json: when the gateway
 * does not answer, the app says so clearly (never a blank page), and navigation, theme and 404 work.
 */
import { expect, test } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../../scripts/lib/staticServer.ts';

let server: StaticServer;

test.beforeAll(async () => {
  // Port 9 (discard) on loopback refuses connections: a gateway that is down.
  server = await startStaticServer({ dir: 'dist', config: { gatewayUrl: 'http://127.0.0.1:9', rpcOverrides: {}, devnet: null } });
});
test.afterAll(async () => {
  await server.stop();
});

test('shows a clear, retryable state when the gateway is unreachable', async ({ page }) => {
  await page.goto(`${server.url}/home`);
  await expect(page.getByRole('alert')).toContainText('Gateway unreachable.');
  await expect(page.getByRole('alert')).toContainText('http://127.0.0.1:9');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toContainText('Gateway unreachable.');
});

test('navigates with the sidebar, keeps the Safe in the URL, and supports back', async ({ page }) => {
  const safe = 'devnet:0x1111111111111111111111111111111111111111';
  await page.goto(`${server.url}/home?safe=${safe}`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Queue' }).click();
  await expect(page).toHaveURL(/\/transactions\/queue\?safe=devnet%3A0x1111/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
  await expect(nav.getByRole('link', { name: 'Queue' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await expect(page.getByRole('banner')).toContainText('0x1111…1111');
});

test('unknown routes get a real 404 view and the theme can be switched', async ({ page }) => {
  await page.goto(`${server.url}/definitely/not/here`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  // Playwright's page follows a light system scheme; the button's choice is applied as the app renders it (not within
  // the click), so each look is awaited.
  await expect.poll(theme).toBe('light');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect.poll(theme).toBe('dark');
  await page.reload();
  await expect.poll(theme).toBe('dark');
});

test('a broken config.json is reported, not a blank page', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"gatewayUrl": 42}' }));
  await page.goto(`${server.url}/home`);
  await expect(page.getByRole('alert')).toContainText('Countersign could not start. Invalid config.json: gatewayUrl');
});

test('the navigation: Safe pages only with a Safe open, never the previous Safe on welcome/load/create, Settings lit on every tab', async ({ page }) => {
  const safe = 'devnet:0x1111111111111111111111111111111111111111';
  await page.goto(`${server.url}/settings/appearance?safe=${safe}`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('list', { name: 'Developer' }).getByRole('link', { name: 'Audit' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Queue' })).toBeVisible();
  for (const path of ['/welcome', '/new-safe/load', '/new-safe/create']) {
    // The Safe stays in the URL (links carry it) but the shell does not show it here.
    await page.goto(`${server.url}${path}?safe=${safe}`);
    await expect(page.getByRole('banner')).toContainText('Select a Safe');
    await expect(page.getByRole('banner')).not.toContainText('0x1111…1111');
    await expect(nav.getByRole('link', { name: 'Queue' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New transaction' })).toHaveCount(0);
  }
  // A skip link is the first tab stop and moves focus to the content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#content')).toBeFocused();
});
