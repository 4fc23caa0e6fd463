/**
 * Settings (issue 17): every settings route is a real screen; Setup's "Change threshold" opens the transaction flow
 * prefilled; Data's export → import round trip restores a deleted address-book entry; Environment refuses an RPC
 * of another chain and accepts the devnet's own; Appearance's logo switch off means no request to a logo host.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
test.describe.configure({ mode: 'serial' });

const TABS = ['setup', 'modules', 'security', 'notifications', 'email', 'safe-apps', 'appearance', 'data', 'environment-variables'];
const TITLES: Record<string, string> = {
  setup: 'Setup',
  modules: 'Modules',
  security: 'Security',
  notifications: 'Notifications',
  email: 'E-mail alerts',
  'safe-apps': 'Safe Apps',
  appearance: 'Appearance',
  data: 'Data',
  'environment-variables': 'Environment',
};

test('every settings route renders a real screen, titled in words, with the nav marking it', async ({ page }) => {
  await page.goto(app.url(`/settings?safe=${app.teamSafe}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByRole('list', { name: 'Settings sections' }).getByRole('listitem')).toHaveCount(TABS.length);
  await expect(page.getByText('not built yet')).toHaveCount(0);
  for (const tab of TABS) {
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: TITLES[tab], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/${tab}\\?`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[tab]!);
    await expect(page).toHaveTitle(`Settings · ${TITLES[tab]} · Countersign`);
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: TITLES[tab], exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('not built yet')).toHaveCount(0);
  }
});

test('Setup: plain version state, and "Change threshold" opens the flow with the new threshold prefilled', async ({ page }) => {
  await ui.openSafe(page, 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Version state')).not.toContainText('_');
  await expect(page.getByRole('button', { name: 'Add signer' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Replace signer / })).toHaveCount(3);
  const select = page.getByLabel('New threshold');
  await expect(select.locator('option')).toHaveCount(3);
  await select.selectOption('3');
  await page.getByRole('button', { name: 'Change threshold' }).click();
  const dialog = ui.dialog(page);
  await expect(dialog.getByLabel('Change', { exact: true })).toHaveValue('changeThreshold');
  await expect(dialog.getByLabel('Threshold')).toHaveValue('3');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

async function addEntry(page: Page, address: string, name: string) {
  await page.getByRole('button', { name: 'Add entry' }).click();
  const form = page.getByRole('form', { name: 'Add entry' });
  await form.getByLabel('Address').fill(address);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
}

test('Data: export, delete an address-book entry, import the file: the entry is back', async ({ page }) => {
  const carol = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
  await page.goto(app.url('/address-book'));
  await addEntry(page, carol, 'Carol from the export');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Data', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export local data' }).click();
  const file = await download;
  const path = await file.path();
  const text = await readFile(path, 'utf8');
  expect(JSON.parse(text)).toMatchObject({ format: 'countersign-local-data', version: 1 });
  await expect(page.getByRole('status')).toContainText('Exported');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Address book' }).click();
  await page.getByRole('button', { name: 'Delete Carol from the export' }).click();
  await page.getByRole('dialog', { name: 'Delete entry' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('cell', { name: 'Carol from the export', exact: true })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Data', exact: true }).click();
  // A broken file changes nothing and says why.
  await page.getByLabel('Export file to import').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{not json') });
  await expect(page.getByRole('alert')).toContainText('not JSON');
  await page.getByLabel('Export file to import').setInputFiles(path);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('Address book entries: 1 new');
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status')).toContainText('Imported');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Address book' }).click();
  await expect(page.getByRole('cell', { name: 'Carol from the export', exact: true })).toBeVisible();
});

test('Environment: an RPC of another chain is refused, the devnet RPC is accepted and used, reset works', async ({ page }) => {
  // An RPC that serves chain 1, on an origin the app's Content-Security-Policy allows (the devnet gateway's).
  const wrongChain = `${app.devnet.gatewayUrl}/rpc-of-another-chain`;
  await page.route(wrongChain, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }) }),
  );
  await page.goto(app.url('/settings/environment-variables'));
  const field = page.getByLabel(/^Custom RPC URL for /);
  await expect(field).toBeVisible();
  const form = page.locator('form', { has: field });
  await field.fill(wrongChain);
  await form.getByRole('button', { name: 'Check and save' }).click();
  await expect(form.getByRole('alert')).toHaveText(`This RPC serves chain 1, not ${app.devnet.chainId}.`);
  await field.fill('http://127.0.0.1:9/unreachable');
  await form.getByRole('button', { name: 'Check and save' }).click();
  await expect(form.getByRole('alert')).toContainText('unreachable');
  await field.fill(app.devnet.rpcUrl);
  await form.getByRole('button', { name: 'Check and save' }).click();
  await expect(form.getByRole('status')).toContainText('Saved.');
  await page.reload();
  await expect(page.getByLabel(/^Custom RPC URL for /)).toHaveValue(app.devnet.rpcUrl);
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(page.getByRole('status')).toContainText('Reset.');
});

test('Appearance: theme choice applies, and with token logos off no logo host is asked', async ({ page }) => {
  const LOGO_HOST = 'https://logos.example.test';
  const logoRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(LOGO_HOST)) logoRequests.push(request.url());
  });
  await page.route(`${LOGO_HOST}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }));
  // The gateway's balances name logos on a third-party host (the devnet's are inline data: URIs).
  await page.route(/\/v1\/chains\/\d+\/safes\/0x[0-9a-fA-F]+\/balances\//, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { items: { tokenInfo: { logoUri: string; symbol: string } }[] };
    for (const item of body.items) item.tokenInfo.logoUri = `${LOGO_HOST}/${item.tokenInfo.symbol}.svg`;
    await route.fulfill({ response, json: body });
  });

  await page.goto(app.url(`/settings/appearance`));
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('radio', { name: 'Light' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // On (the default): the Assets table asks the logo host.
  await page.goto(app.url(`/balances?safe=${app.teamSafe}`));
  await expect(page.getByRole('table', { name: 'Token balances' })).toBeVisible();
  await expect.poll(() => logoRequests.length).toBeGreaterThan(0);

  await page.goto(app.url(`/settings/appearance`));
  await page.getByRole('switch', { name: 'Load token logos' }).uncheck();
  logoRequests.length = 0;
  await page.goto(app.url(`/balances?safe=${app.teamSafe}`));
  await expect(page.getByRole('table', { name: 'Token balances' })).toBeVisible();
  await expect(page.locator('img.token-logo')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(logoRequests).toEqual([]);
});
