/**
 * Settings (issue 17): every settings route is a real screen; Setup's "Change threshold" opens the transaction flow
 * prefilled; Data's export → import round trip restores a deleted address-book entry; Environment refuses an RPC
 * of another chain and accepts the devnet's own; Appearance's logo switch off means no request to a logo host;
 * Data's Storage section (decision 0049) shows the event log's usage and deletes old streams, never this page load's.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './fixtures/axe.ts';
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
  // The tab's Storage section may still say "Loading…" (its own status) under load: the export's status is the one asked.
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toBeVisible();

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
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toBeVisible();

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

interface SeedStream {
  streamId: string;
  machineId: string;
  updatedAt: string;
  status: 'open' | 'closed';
  records: number;
}

/** Writes streams straight into the page's event log (IndexedDB `countersign-eventlog`), heads and records. */
async function seedStreams(page: Page, streams: SeedStream[]): Promise<void> {
  await page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('countersign-eventlog');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['events', 'streams'], 'readwrite');
          for (const s of list) {
            for (let seq = 1; seq <= s.records; seq++) {
              tx.objectStore('events').put({ streamId: s.streamId, seq, eventId: `seed-${seq}`, type: seq === 1 ? 'xstate.init' : 'system.seeded', payload: {}, origin: 'system', sourceActorId: null, machineId: s.machineId, machineVersion: 'seed', schemaVersion: 1, recordedAt: s.updatedAt, correlationId: null, stateAfter: { value: 'idle', status: 'active', digest: '0' }, prevHash: '0', hash: `h${seq}` });
            }
            tx.objectStore('streams').put({ streamId: s.streamId, machineId: s.machineId, machineVersion: 'seed', headSeq: s.records, headHash: `h${s.records}`, status: s.status, createdAt: s.updatedAt, updatedAt: s.updatedAt, correlationId: null });
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    streams,
  );
}

async function storedStreamIds(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('countersign-eventlog');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('streams', 'readonly').objectStore('streams').getAllKeys();
          request.onsuccess = () => {
            open.result.close();
            resolve((request.result as string[]).sort());
          };
        };
      }),
  );
}

test('Data › Storage: usage shown; "delete older than N days" removes an old stream, never this page load’s or an unfinished flow', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(app.url('/settings/data#storage'));
  const storage = page.getByRole('region', { name: 'Storage' });
  await expect(storage).toBeVisible();
  // Opened by its anchor (a banner's link): the section has the focus.
  await expect(storage).toBeFocused();
  await expect(storage.getByRole('definition').first()).not.toHaveText('');
  await expect(storage.getByLabel('Event log usage')).toContainText('Records');

  // This page load's root stream, and old streams: another page load's session, a stream under THIS page load's
  // session last written long ago, a finished and an unfinished signing flow.
  const ids = await storedStreamIds(page);
  const current = ids.filter((id) => /^appSession:[^/]+$/.test(id)).sort().at(-1)!;
  expect(current).toBeTruthy();
  const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
  const oldSession = 'appSession:2020-01-01T00:00:00.000Z:seed0001';
  await seedStreams(page, [
    { streamId: oldSession, machineId: 'appSession', updatedAt: old, status: 'open', records: 3 },
    { streamId: `${oldSession}/safeSession:safeSession#1`, machineId: 'safeSession', updatedAt: old, status: 'open', records: 2 },
    { streamId: `${current}/safeSession:seeded#9`, machineId: 'safeSession', updatedAt: old, status: 'open', records: 2 },
    { streamId: 'flow/transaction/31337:0xseed/finished', machineId: 'transactionFlow', updatedAt: old, status: 'closed', records: 4 },
    { streamId: 'flow/transaction/31337:0xseed/unfinished', machineId: 'transactionFlow', updatedAt: old, status: 'open', records: 4 },
  ]);

  await storage.getByLabel('Delete streams last written more than this many days ago').fill('30');
  await storage.getByRole('button', { name: 'Delete older streams…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 3 streams?' });
  await expect(confirm).toContainText('This deletes 2 session histories and 1 finished signing flow last written more than 30 days ago (9 records).');
  await expect(confirm.getByRole('button', { name: 'Delete 3 streams' })).toBeFocused();
  expect(await axeViolations(page, { include: '#storage' })).toEqual([]);
  // At 390 px nothing is wider than the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press('Enter');
  await expect(storage.getByRole('status')).toHaveText('Deleted 3 streams older than 30 days (9 records).');

  const after = await storedStreamIds(page);
  expect(after).not.toContain(oldSession);
  expect(after).not.toContain(`${oldSession}/safeSession:safeSession#1`);
  expect(after).not.toContain('flow/transaction/31337:0xseed/finished');
  expect(after).toContain(current);
  expect(after).toContain(`${current}/safeSession:seeded#9`);
  expect(after).toContain('flow/transaction/31337:0xseed/unfinished');

  // Asked again: nothing more can go.
  await storage.getByRole('button', { name: 'Delete older streams…' }).click();
  await expect(storage.getByRole('status')).toContainText('No stream older than 30 days can be deleted.');

  // Export all: one file, every stream's export one after another.
  const download = page.waitForEvent('download');
  await storage.getByRole('button', { name: 'Export all' }).click();
  const text = await readFile(await (await download).path(), 'utf8');
  expect(text).toContain(`"streamId":"${current}"`);
  await expect(storage.getByRole('status')).toContainText('Exported');
});
