/**
 * The event log in the built app (Chromium, real IndexedDB): a flow's log survives a page reload, replays to
 * the state it recorded, exports as NDJSON that verifies (in the app and with `npm run audit:verify`), and a
 * one-byte change in the exported file is reported at the right record. /statecharts highlights live state.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../../scripts/lib/staticServer.ts';
import { verifyNdjson } from '../../src/services/eventLog/ndjson.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

let server: StaticServer;
const dir = mkdtempSync(join(tmpdir(), 'audit-e2e-'));

test.beforeAll(async () => {
  // Port 9 (discard) on loopback refuses connections: the gateway probe fails, a real effect result to log.
  server = await startStaticServer({ dir: 'dist', config: { gatewayUrl: 'http://127.0.0.1:9', rpcOverrides: {}, devnet: null } });
});
test.afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const EXPECTED_TIMELINE = [
  ['1', 'system', /^xstate\.init \{"input":\{"location":\{"path":"\/home"/, 'booting'],
  ['2', 'effect (loadConfig)', /^xstate\.done\.actor\.loadConfig \{"output":\{"gatewayUrl":"http:\/\/127\.0\.0\.1:9"/, 'running.gateway.checkingGateway | eventLog.saving'],
  ['3', 'effect (probeGateway)', /^xstate\.error\.actor\.probeGateway \{"error":\{"name":"Error","message":"Gateway unreachable at http:\/\/127\.0\.0\.1:9"/, 'running.gateway.gatewayUnreachable | eventLog.saving'],
  ['4', 'user', /^user\.navigate \{"to":"\/address-book"\}$/, 'running.gateway.gatewayUnreachable | eventLog.saving'],
  ['5', 'user', /^user\.toggleTheme\s*$/, 'running.gateway.gatewayUnreachable | eventLog.saving'],
  ['6', 'user', /^user\.navigate \{"to":"\/audit"\}$/, 'running.gateway.gatewayUnreachable | eventLog.saving'],
] as const;

async function expectTimeline(page: import('@playwright/test').Page) {
  const rows = page.getByRole('table', { name: 'Timeline' }).locator('tbody tr');
  await expect(rows).toHaveCount(EXPECTED_TIMELINE.length);
  for (const [index, [seq, who, what, state]] of EXPECTED_TIMELINE.entries()) {
    const cells = rows.nth(index).locator('td');
    await expect(cells.nth(0)).toHaveText(seq);
    await expect(cells.nth(2)).toHaveText(who);
    await expect(cells.nth(3)).toHaveText(what);
    await expect(cells.nth(4)).toHaveText(state);
  }
}

test('a flow’s log survives a reload, replays to the same state, exports, and a one-byte change is caught at its record', async ({ page }) => {
  await page.goto(`${server.url}/home`);
  await expect(page.getByRole('alert')).toContainText('Gateway unreachable.');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // No Safe is open, so the navigation offers the pages that need none.
  await nav.getByRole('link', { name: 'Address book' }).click();
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await nav.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit');

  await page.getByText('Technical records: machine ids, stream ids and raw events').click();
  const flows = page.getByRole('list', { name: 'Flows' });
  // The root's stream, plus one stream per registered child flow (the wallet connection, the address book).
  const sessions = flows.getByRole('listitem').filter({ hasText: 'appSession · ' });
  await expect(sessions).toHaveCount(1);
  await expect(flows.getByRole('listitem').filter({ hasText: 'walletConnection · ' })).toHaveCount(1);
  await expect(sessions).toContainText('appSession · 6 events · open · this session');
  const streamId = (await sessions.getByRole('button').first().textContent())!;
  expect(streamId).toMatch(/^appSession:\d{4}-\d\d-\d\dT/);
  await sessions.getByRole('button', { name: streamId, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: streamId })).toBeVisible();
  await expectTimeline(page);

  // Reload: a new session starts its own stream, and the previous one is still there, unchanged.
  await page.reload();
  await page.getByText('Technical records: machine ids, stream ids and raw events').click();
  await expect(sessions).toHaveCount(2);
  await flows.getByRole('button', { name: streamId, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: streamId })).toBeVisible();
  await expectTimeline(page);

  // It replays (pure fold, no effects) to the state it recorded.
  await page.getByRole('button', { name: 'Verify stored log' }).click();
  await expect(page.getByRole('status', { name: 'Stored log verification' })).toHaveText(
    new RegExp(`^OK: stream ${streamId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, 6 records \\(seq 1–6\\), hash chain intact, replay reaches \\{"running":\\{"eventLog":"saving","gateway":"gatewayUnreachable"\\}\\}`),
  );

  // Export as NDJSON: the file verifies in Node and with the CLI.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export NDJSON' }).click();
  const download = await downloading;
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text.trimEnd().split('\n')).toHaveLength(8);
  expect((await verifyNdjson(text)).ok).toBe(true);
  const cli = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/audit-verify.ts', file], { encoding: 'utf8' });
  expect(cli.status).toBe(0);
  expect(cli.stdout).toContain(`OK: stream ${streamId}, 6 records`);

  // Import it back into the app: OK. Then change one byte in seq 4 and import again: caught at that record.
  const input = page.getByLabel('Exported NDJSON file');
  await input.setInputFiles({ name: 'export.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
  await expect(page.getByRole('status', { name: 'Verification of export.ndjson' })).toContainText('OK: stream');
  const offset = text.indexOf('"to":"/address-book"') + '"to":"/address-boo'.length;
  const tampered = `${text.slice(0, offset)}z${text.slice(offset + 1)}`;
  expect(tampered.length).toBe(text.length);
  await input.setInputFiles({ name: 'tampered.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(tampered) });
  await expect(page.getByRole('status', { name: 'Verification of tampered.ndjson' })).toContainText(
    'FAIL line 5 (seq 4): hash mismatch: the record does not match its hash (its content was changed)',
  );
  const tamperedFile = join(dir, 'tampered.ndjson');
  writeFileSync(tamperedFile, tampered);
  const cliBad = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/audit-verify.ts', tamperedFile], { encoding: 'utf8' });
  expect(cliBad.status).toBe(1);
  expect(cliBad.stdout).toContain('FAIL line 5 (seq 4): hash mismatch');
});

test('/statecharts shows every machine’s diagram and highlights the live state', async ({ page }) => {
  await page.goto(`${server.url}/statecharts`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statecharts');
  const diagram = page.getByTestId('diagram-appSession');
  await expect(diagram.getByRole('img', { name: 'Statechart of appSession' })).toBeVisible();
  // A wide diagram scrolls inside its own region: the page is no wider than the window, the region is no taller.
  const fit = await page.evaluate(() => {
    const region = document.querySelector<HTMLElement>('[data-testid="diagram-transactionFlow"]')!;
    const box = region.getBoundingClientRect();
    return { page: document.documentElement.scrollWidth, inner: window.innerWidth, innerHeight: window.innerHeight, right: box.right, height: box.height, scrolls: region.scrollWidth > region.clientWidth };
  });
  expect(fit.page).toBeLessThanOrEqual(fit.inner);
  expect(fit.right).toBeLessThanOrEqual(fit.inner);
  expect(fit.height).toBeLessThanOrEqual(fit.innerHeight);
  expect(fit.scrolls).toBe(true);
  await expect(page.getByTestId('current-appSession')).toHaveText('running.gateway.gatewayUnreachable & eventLog.saving');
  await expect(diagram.locator('[data-active="true"]')).toHaveCount(5);
  await expect(diagram.locator('[data-state-id="appSession.running.gateway.gatewayUnreachable"]')).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(diagram.locator('[data-state-id="appSession.running.gateway.gatewayUnreachable"]')).toHaveAttribute('data-active', 'true');
});

test('when IndexedDB cannot be opened, the app runs on under the banner with signing paused, and what it kept can be exported (decision 0050)', async ({ page }) => {
  await page.addInitScript(() => {
    // Storage is broken (quota, private mode policy…): opening the database fails.
    indexedDB.open = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.goto(`${server.url}/home`);
  const banner = page.getByRole('region', { name: 'The event log cannot save.' });
  await expect(banner.getByRole('alert')).toHaveText('The event log cannot save. The storage this browser gives Countersign is full.');
  await expect(banner).toContainText('Signing is paused until the log can save again');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await banner.getByRole('button', { name: 'Export what is kept' }).click();
  const download = await downloading;
  const file = join(dir, 'unsaved.ndjson');
  await download.saveAs(file);
  const unsaved = readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string });
  expect(unsaved[0]).toMatchObject({ type: 'xstate.init' });
  expect(unsaved.map((e) => e.type)).toContain('system.saveFailed');
});

test.describe('an export signed by the connected wallet (decision 0047)', () => {
  const app = useDevnetApp();
  const ui = txFlowPage(() => app);

  test('exports a file signed with the Devnet Wallet from /audit and verifies it on the same page: attested by the owner', async ({ page }) => {
    test.setTimeout(180_000);
    await ui.openSafe(page, 0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit');
    await page.getByText('Technical records: machine ids, stream ids and raw events').click();
    const session = page.getByRole('list', { name: 'Flows' }).getByRole('listitem').filter({ hasText: 'this session' });
    await session.getByRole('button').first().click();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export signed by my wallet' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.signed\.ndjson$/);
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const text = readFileSync(file, 'utf8');
    const report = await verifyNdjson(text);
    expect(report.attestation).toMatchObject({ status: 'valid', signer: ui.owner(0) });

    const input = page.getByLabel('Exported NDJSON file');
    await input.setInputFiles({ name: 'signed.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
    const verdict = page.getByRole('status', { name: 'Verification of signed.ndjson' });
    await expect(verdict).toContainText('OK: stream appSession:');
    await expect(verdict).toContainText(`Attested by ${ui.owner(0)}`);
    await expect(verdict).toContainText('Anchored facts: none, this stream is not a signing flow.');
  });
});
