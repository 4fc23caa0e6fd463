/**
 * Issue 18, "never a dead end" (decision 0050), in Chromium against the devnet-mode app on a throw-away devnet:
 *  - the storage quota is exceeded: every IndexedDB write of the origin fails with QuotaExceededError, injected at
 *    the storage boundary by an init script (Chromium's quota lowered through the DevTools protocol,
 *    `Storage.overrideQuotaForOrigin`, did not make this Chromium's IndexedDB refuse a write: decision 0050). The
 *    banner says so, the app browses read-only (the Safe, its queue, a transaction's details), a Confirm says signing is paused
 *    and the wallet is never asked; once space is freed, "Try again" writes what the log kept, the banner goes and
 *    a confirmation is signed and recorded;
 *  - IndexedDB is unavailable (an init script makes `indexedDB.open` throw, as in a private mode that gives no
 *    storage): the app boots under the banner for that cause, browses, passes axe at 390 px, and "Try again"
 *    opens the storage once it can.
 * The Devnet Wallet is instrumented (tests/e2e/fixtures/walletSpy.ts): every request the app makes is recorded.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { storedLog } from './fixtures/eventLog.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls, expectSigningCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });
const ui = txFlowPage(() => app);
const { dialog } = ui;

const SIGNING_PAUSED = 'Signing is paused because the event log cannot save, and nothing is signed without a record.';
const banner = (page: Page) => page.getByRole('region', { name: 'The event log cannot save.' });

interface StorageSwitches {
  __quotaFull: boolean;
  __storageBlocked: boolean;
}

/**
 * The storage boundary, as a full or a blocked browser storage behaves: while `__quotaFull`, every IndexedDB write
 * (add, put, delete) throws QuotaExceededError; while `__storageBlocked`, every IndexedDB open throws. Both start
 * as given and are switched by the test (`setSwitch`).
 */
async function injectStorageFaults(page: Page, initial: StorageSwitches): Promise<void> {
  await page.addInitScript((start) => {
    const w = window as unknown as StorageSwitches;
    w.__quotaFull = start.__quotaFull;
    w.__storageBlocked = start.__storageBlocked;
    const store = IDBObjectStore.prototype as unknown as Record<'add' | 'put' | 'delete', (...args: unknown[]) => IDBRequest>;
    for (const name of ['add', 'put', 'delete'] as const) {
      const original = store[name];
      store[name] = function (this: IDBObjectStore, ...args: unknown[]) {
        if (w.__quotaFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
      if (w.__storageBlocked) throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
      return open.apply(this, args);
    };
  }, initial);
}

const setSwitch = (page: Page, name: keyof StorageSwitches, on: boolean) =>
  page.evaluate(([key, value]) => void ((window as unknown as Record<string, boolean>)[key as string] = value as boolean), [name, on] as const);

/** The queued 1-of-2 transfer of the demo data (nonce 3): owner B can confirm it. */
async function openQueuedTransfer(page: Page) {
  await ui.openQueuedTx(page, 3, /ETH|native|Send/i);
}

test('quota exceeded: the banner, a read-only app that never asks the wallet; freeing space and Try again restore signing', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await installWalletSpy(page);
  await injectStorageFaults(page, { __quotaFull: false, __storageBlocked: false });
  await ui.openSafe(page, 0);
  await ui.selectAccount(page, 1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The storage fills up: the next write fails with QuotaExceededError.
  await setSwitch(page, '__quotaFull', true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();

  await expect(banner(page)).toBeVisible({ timeout: 20_000 });
  await expect(banner(page).getByRole('alert')).toHaveText('The event log cannot save. The storage this browser gives Countersign is full.');
  await expect(banner(page)).toContainText('You can keep browsing your Safes, their balances, queue and history. Signing is paused until the log can save again');
  await expect(banner(page)).toContainText('QuotaExceededError');
  await expect(banner(page).getByRole('link', { name: 'Free space' })).toHaveAttribute('href', /\/settings\/data/);

  // Browsing goes on: the queue, a transaction's details.
  await openQueuedTransfer(page);
  await expect(page.getByRole('group', { name: 'Transaction actions' })).toBeVisible();
  // Confirm does not start: it says why and what to do; the wallet is never asked.
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SIGNING_PAUSED })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  expect(await signingCalls(page)).toEqual([]);

  // "Export what is kept": the unsaved events download (the saved log of this session too).
  const download = page.waitForEvent('download');
  await banner(page).getByRole('button', { name: 'Export what is kept' }).click();
  const unsaved = await download;
  expect(unsaved.suggestedFilename()).toMatch(/\.ndjson$/);
  await expect(banner(page).getByRole('status')).toContainText(/Exported .*unsaved events\./);

  // Still full: Try again fails and the banner stays.
  await banner(page).getByRole('button', { name: 'Try again' }).click();
  await expect(banner(page).getByRole('button', { name: 'Try again' })).toBeEnabled({ timeout: 20_000 });
  await expect(banner(page)).toBeVisible();

  // Space freed: Try again writes what the log kept; the banner goes, signing is back.
  await setSwitch(page, '__quotaFull', false);
  await banner(page).getByRole('button', { name: 'Try again' }).click();
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  // The session's records reach the store in an idle turn after the frame (decision 0080).
  await expect.poll(async () => (await storedLog(page, 'appSession')).records.at(-1)?.type, { timeout: 10_000 }).toBe('xstate.done.actor.retrySaving');
  const root = await storedLog(page, 'appSession');
  const types = root.records.map((r) => r.type);
  expect(types).toContain('system.saveFailed');
  expect(types.filter((t) => t === 'user.retrySaving')).toHaveLength(2);
  expect(types.at(-1)).toBe('xstate.done.actor.retrySaving');
  expect(Object.values(root.status)).toContain('open');

  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
  await dialog(page).getByRole('radio', { name: 'No, only sign (anyone can execute later)' }).check();
  await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Signature submitted.', { timeout: 20_000 });
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  // The confirmation is recorded in its flow's stream.
  await expect.poll(async () => (await storedLog(page, 'transactionFlow')).records.map((r) => r.type), { timeout: 20_000 }).toContain('user.sign');
  await dialog(page).getByRole('button', { name: 'Close' }).click();
});

test('IndexedDB unavailable: the app boots under the banner for that cause, browses read-only, passes axe at 390 px, and Try again opens the storage once it can', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await installWalletSpy(page);
  // As in a browser mode that gives the site no storage: every IndexedDB open throws, until the test lifts it.
  await injectStorageFaults(page, { __quotaFull: false, __storageBlocked: true });
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));

  await expect(banner(page)).toBeVisible({ timeout: 20_000 });
  await expect(banner(page).getByRole('alert')).toHaveText(
    'The event log cannot save. This browser gives Countersign no storage in this mode (a private window, or storage blocked for this site).',
  );
  await expect(banner(page)).toContainText('Signing is paused until the log can save again');
  // A working read-only app: the Safe's home, then its queue (at phone width the navigation is behind Menu).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  await expect(banner(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.tx-row').first()).toBeVisible({ timeout: 20_000 });

  expect(await axeViolations(page)).toEqual([]);

  // Still blocked: Try again fails again, the banner stays.
  await banner(page).getByRole('button', { name: 'Try again' }).click();
  await expect(banner(page).getByRole('button', { name: 'Try again' })).toBeEnabled({ timeout: 20_000 });
  await expect(banner(page)).toContainText('StorageUnavailableError');

  // The storage can open now: Try again opens it and writes everything this page kept, from its first event.
  await setSwitch(page, '__storageBlocked', false);
  await banner(page).getByRole('button', { name: 'Try again' }).click();
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await storedLog(page, 'appSession')).records.at(-1)?.type, { timeout: 10_000 }).toBe('xstate.done.actor.retrySaving');
  const root = await storedLog(page, 'appSession');
  const mine = root.records.filter((r) => r.streamId === root.records.at(-1)!.streamId);
  expect(mine[0]!.type).toBe('xstate.init');
  expect(mine.map((r) => r.seq)).toEqual(mine.map((_, i) => i + 1));
  expect(mine.at(-1)!.type).toBe('xstate.done.actor.retrySaving');
  expect(await signingCalls(page)).toEqual([]);
});
