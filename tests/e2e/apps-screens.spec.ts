/**
 * Issue 9's screens in the full app on the devnet: /apps (the gateway's list: search, category, batch filter,
 * pinning), /apps/custom (add by URL reading manifest.json, the unknown-app warning and risk checkbox, a custom
 * app added twice refused, remove), the unknown-app warning when opening an app the gateway does not list, and
 * /settings/safe-apps listing granted and denied permissions with revoke.
 * An app on an origin the server's Content-Security-Policy does not let us connect to cannot be added: its
 * manifest read is refused (docs/decisions/0008, "Custom Safe Apps"); an app on this computer can (0052,
 * tests/e2e/apps-localhost.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { appsPage } from './fixtures/appsPage.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';

const app = useDevnetApp();
const { team, gateway, connect } = appsPage(() => app);

const CUSTOM = 'Devnet Custom App';
const customUrl = () => `${app.devnet.gatewayUrl}/devnet/apps/custom`;
const gatewayOrigin = () => new URL(app.devnet.gatewayUrl).origin;

// A Safe App on an https origin the served CSP's connect-src does not name (on the devnet this computer's http
// origins are allowed since decision 0052, so the refused origin is a remote one; the CSP refuses the read before
// any name is looked up).
const elsewhereUrl = 'https://elsewhere-app.invalid';

async function openAppsList(page: Page) {
  await page.goto(app.url(`/apps?safe=${app.teamSafe}`));
  await connect(page);
  await expect(page.getByRole('heading', { name: /^All apps/ })).toBeVisible({ timeout: 20_000 });
}

test('/apps lists the gateway’s apps with search, category, batch filter and pinning', async ({ page }) => {
  const listed = await gateway<{ name: string; tags: string[]; features: string[] }[]>(`/v1/chains/31337/safe-apps?clientUrl=${encodeURIComponent(new URL(app.url('/')).origin)}`);
  expect(listed.map((a) => a.name)).toEqual(expect.arrayContaining(['Devnet Hello App', 'Devnet SDK Probe']));
  expect(listed.map((a) => a.name)).not.toContain(CUSTOM);
  await openAppsList(page);
  const all = page.getByRole('list', { name: 'All apps' });
  await expect(page.getByRole('heading', { name: `All apps (${listed.length})` })).toBeVisible();
  await expect(all.locator(':scope > li')).toHaveCount(listed.length);
  // BATCHED_TRANSACTIONS badge and tags.
  const hello = all.getByRole('listitem', { name: 'Devnet Hello App' });
  await expect(hello).toContainText('Batch transactions');
  await expect(hello).toContainText('Infrastructure');
  await expect(all.getByRole('listitem', { name: 'Devnet SDK Probe' })).not.toContainText('Batch transactions');
  // Featured.
  await expect(page.getByRole('list', { name: 'Featured apps' }).getByRole('listitem', { name: 'Devnet Hello App' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('sdk probe');
  await expect(page.getByRole('heading', { name: 'Results (1)' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Devnet SDK Probe' })).toBeVisible();
  await search.fill('');
  await page.getByRole('checkbox', { name: 'Optimized with Batch transactions' }).check();
  const batched = listed.filter((a) => a.features.includes('BATCHED_TRANSACTIONS')).length;
  await expect(page.getByRole('heading', { name: `Results (${batched})` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Optimized with Batch transactions' }).uncheck();
  await page.getByLabel('Category').selectOption('Devnet');
  await expect(page.getByRole('heading', { name: `Results (${listed.filter((a) => a.tags.includes('Devnet')).length})` })).toBeVisible();
  await page.getByLabel('Category').selectOption('');

  // Pinning survives a reload (stored locally).
  await page.getByRole('button', { name: 'Pin Devnet SDK Probe' }).first().click();
  await expect(page.getByRole('list', { name: 'My pinned apps' }).getByRole('listitem', { name: 'Devnet SDK Probe' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'My pinned apps' }).getByRole('listitem', { name: 'Devnet SDK Probe' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Unpin Devnet SDK Probe' }).first().click();
  await expect(page.getByRole('list', { name: 'My pinned apps' })).toHaveCount(0);
});

test('/apps/custom adds an app by URL from its manifest (with the warning), opens it with the unknown-app warning, removes it', async ({ page }) => {
  test.setTimeout(120_000);
  await openAppsList(page);
  await page.getByRole('navigation', { name: 'Safe Apps sections' }).getByRole('link', { name: 'My custom apps' }).click();
  await expect(page.getByText('You have not added any custom apps on this network.')).toBeVisible({ timeout: 20_000 });
  const form = page.getByRole('form', { name: 'Add custom app' });

  // An app on an origin outside connect-src: the manifest read is refused by the CSP (decision 0008), and the
  // add is refused like any app without a readable manifest.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await form.getByLabel('Safe App URL').fill(elsewhereUrl);
  await form.getByRole('button', { name: 'Add app' }).click();
  await expect(page.getByRole('alert')).toHaveText("The app doesn't support Safe App functionality", { timeout: 15_000 });
  expect(refused.some((text) => text.includes(`${elsewhereUrl}/manifest.json`) && text.includes('connect-src'))).toBe(true);

  // The unlisted devnet app: manifest read, warning, risk checkbox required.
  await form.getByLabel('Safe App URL').fill(customUrl());
  await form.getByRole('button', { name: 'Add app' }).click();
  const confirm = page.getByRole('dialog', { name: 'Add custom Safe App' });
  await expect(confirm).toContainText(CUSTOM);
  await expect(confirm).toContainText('A local Safe App the gateway does not list');
  await expect(confirm.getByRole('note')).toContainText('The application you are trying to add is not in the default Safe Apps list.');
  const add = confirm.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await confirm.getByRole('checkbox', { name: 'This Safe App is not part of Countersign and I agree to use it at my own risk.' }).check();
  await add.click();
  const custom = page.getByRole('list', { name: 'Custom apps' }).getByRole('listitem', { name: CUSTOM });
  await expect(custom).toContainText(customUrl());
  // Added twice: refused.
  await form.getByLabel('Safe App URL').fill(customUrl());
  await form.getByRole('button', { name: 'Add app' }).click();
  await expect(page.getByRole('alert')).toHaveText('This Safe App is already in the list');

  // Opening it: not in the gateway's list, so the unknown-app warning must be accepted first.
  await custom.getByRole('link', { name: CUSTOM }).click();
  const prompt = page.getByRole('dialog', { name: 'Open Safe App' });
  await expect(prompt.getByRole('note')).toContainText('The application you are trying to access is not in the default Safe Apps list.');
  await expect(prompt.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await prompt.getByRole('checkbox', { name: 'I understand the risk and want to open this app' }).check();
  await prompt.getByRole('button', { name: 'Continue' }).click();
  const frame = page.frameLocator(`iframe[title="${CUSTOM}"]`);
  await expect(frame.locator('#status')).toContainText(`Connected to Safe ${team()}`, { timeout: 30_000 });

  // Back to the custom apps: remove it (confirmed), the list is empty again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
  await page.getByRole('navigation', { name: 'Safe Apps sections' }).getByRole('link', { name: 'My custom apps' }).click();
  await page.getByRole('button', { name: `Remove ${CUSTOM}` }).click();
  await page.getByRole('dialog', { name: 'Remove Safe App' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('You have not added any custom apps on this network.')).toBeVisible();
});

test('/settings/safe-apps lists granted and denied permissions per origin, and revoking makes the app ask again', async ({ page }) => {
  test.setTimeout(120_000);
  const probeUrl = `${app.devnet.gatewayUrl}/devnet/apps/probe`;
  await page.goto(app.url(`/apps/open?safe=${app.teamSafe}&appUrl=${encodeURIComponent(`${app.devnet.gatewayUrl}/devnet/apps/hello`)}`));
  await connect(page);
  await page.getByRole('dialog', { name: 'Open Safe App' }).getByRole('button', { name: 'Continue' }).click();
  const frame = page.frameLocator('iframe[title="Devnet Hello App"]');
  await expect(frame.locator('#status')).toContainText(`Connected to Safe ${team()}`, { timeout: 30_000 });
  await frame.locator('#call-wallet_requestPermissions').click();
  await page.getByRole('dialog', { name: 'Permissions Request' }).getByRole('button', { name: 'Accept' }).click();
  await expect(frame.locator('#result-wallet_requestPermissions')).toHaveAttribute('data-status', 'ok');

  await page.goto(app.url(`/settings/safe-apps?safe=${app.teamSafe}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Safe Apps');
  const entry = page.getByRole('list', { name: 'Safe App permissions' }).getByRole('listitem', { name: gatewayOrigin() });
  await expect(entry).toContainText('Access to your address book: granted', { timeout: 20_000 });
  await entry.getByRole('button', { name: `Revoke Access to your address book for ${gatewayOrigin()}` }).click();
  await expect(page.getByText('No Safe App has asked for permissions yet.')).toBeVisible();

  // Revoked: the app asks again; a refusal is stored as denied and listed so.
  await page.goto(app.url(`/apps/open?safe=${app.teamSafe}&appUrl=${encodeURIComponent(probeUrl)}`));
  await connect(page);
  await page.getByRole('dialog', { name: 'Open Safe App' }).getByRole('button', { name: 'Continue' }).click();
  const probe = page.frameLocator('iframe[title="Devnet SDK Probe"]');
  await expect(probe.locator('#status')).toContainText(`Connected to Safe ${team()}`, { timeout: 30_000 });
  const frameHandle = page.frames().find((f) => f.url().startsWith(probeUrl))!;
  const asked = frameHandle.evaluate(() => (window as unknown as { probe: { requestPermissions(): Promise<unknown> } }).probe.requestPermissions());
  await page.getByRole('dialog', { name: 'Permissions Request' }).getByRole('button', { name: 'Reject' }).click();
  expect(await asked).toEqual({ ok: false, error: 'Permissions rejected', code: 4001 });
  await page.goto(app.url(`/settings/safe-apps?safe=${app.teamSafe}`));
  const denied = page.getByRole('list', { name: 'Safe App permissions' }).getByRole('listitem', { name: gatewayOrigin() });
  await expect(denied).toContainText('Access to your address book: denied', { timeout: 20_000 });
  await denied.getByRole('button', { name: `Remove all for ${gatewayOrigin()}` }).click();
  await expect(page.getByText('No Safe App has asked for permissions yet.')).toBeVisible();
});
