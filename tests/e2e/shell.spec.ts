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
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  await toggle.click();
  const after = await page.evaluate(() => document.documentElement.dataset.theme);
  expect(after).not.toBe(before);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);
});

test('a broken config.json is reported, not a blank page', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"gatewayUrl": 42}' }));
  await page.goto(`${server.url}/home`);
  await expect(page.getByRole('alert')).toContainText('Countersign could not start. Invalid config.json: gatewayUrl');
});
