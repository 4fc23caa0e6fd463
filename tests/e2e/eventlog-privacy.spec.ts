/**
 * Issue 18 (decision 0048): personal data never reaches the event log. On the real devnet, the owner registers an
 * e-mail address and verifies it with the code from the devnet outbox; then everything the browser stored in the
 * event log's IndexedDB (records, snapshots, heads) is read back: neither the address nor the code is there, the
 * placeholder is, and the visit's stream still verifies and replays on /audit.
 */
import { expect, test, type Page } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';

const app = useDevnetApp();

async function connect(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Wallet ${app.devnet.owners[0]!.address}`, 'i') })).toBeVisible();
}

/** Every value in every object store of the event log's database, as one JSON text. */
async function storedEventLog(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('countersign-eventlog');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const tx = db.transaction(names, 'readonly');
          const all: Record<string, unknown[]> = {};
          for (const name of names) {
            const request = tx.objectStore(name).getAll();
            request.onsuccess = () => (all[name] = request.result);
          }
          tx.oncomplete = () => resolve(JSON.stringify(all));
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

test('an e-mail registered and verified leaves neither the address nor the code in the stored log, which still verifies', async ({ page }) => {
  test.setTimeout(120_000);
  const address = 'private.person.0048@example.com';
  await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
  await connect(page);
  await page.getByRole('form', { name: 'Register e-mail address' }).getByLabel('E-mail address').fill(address);
  await page.getByRole('button', { name: 'Register address' }).click();
  const registration = page.getByLabel('E-mail registration');
  await expect(registration).toContainText('Registered, not verified yet');
  const mails = (await (await fetch(`${app.devnet.gatewayUrl}/devnet/outbox?to=${encodeURIComponent(address)}`)).json()) as { code: string | null }[];
  const code = mails.at(-1)!.code!;
  const verify = page.getByRole('form', { name: 'Verify e-mail address' });
  await verify.getByLabel('Verification code').fill(code);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(registration).toContainText('Registered and verified.');

  // The visit's records reach the store in an idle turn after the frame (decision 0080).
  await expect.poll(async () => (await storedEventLog(page)).includes('user.verify'), { timeout: 10_000 }).toBe(true);
  const stored = await storedEventLog(page);
  expect(stored).toContain('user.submitEmail');
  expect(stored).toContain('[redacted]@redacted.invalid');
  expect(stored).not.toContain(address);
  expect(stored).not.toContain(`"${code}"`);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await page.getByText('Technical records: machine ids, stream ids and raw events').click();
  const streams = page.getByRole('list', { name: 'Flows' }).getByRole('listitem').filter({ hasText: 'emailAlerts · ' });
  await expect(streams.first()).toBeVisible();
  const reached: string[] = [];
  for (let i = 0; i < (await streams.count()); i++) {
    await streams.nth(i).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Verify stored log' }).click();
    const verdict = page.getByRole('status', { name: 'Stored log verification' });
    await expect(verdict).toHaveText(/^OK: stream .*emailAlerts:visit#\d+, \d+ records .*hash chain intact, replay reaches /);
    reached.push((await verdict.textContent()) ?? '');
  }
  expect(reached.some((text) => /replay reaches \{"resting":"verified"\}/.test(text))).toBe(true);
});
