/**
 * Issue 11, hardening, in Chromium against the devnet-mode build served by our static server:
 *  - a whole journey (load, open the demo Safe, every screen of the sidebar, a transaction's and a message's
 *    details, the welcome screens, connect the Devnet Wallet through web3-onboard) makes zero requests outside
 *    the configured hosts (the app's origin, the gateway — which also serves the devnet's Safe App — and the
 *    RPC), and the Content-Security-Policy reports no violation on the way;
 *  - the served CSP blocks an injected inline script;
 *  - Subresource Integrity: a build whose entry chunk was altered after the build does not run.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { devnetRuntimeConfig } from '../../scripts/lib/devnetConfig.ts';
import { startStaticServer } from '../../scripts/lib/staticServer.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';

const app = useDevnetApp();

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Records every request of the page (all its frames) outside `allowed` origins, and every CSP violation. */
function watch(page: Page, allowed: string[]) {
  const outside: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob):/.test(url)) return;
    if (!allowed.includes(new URL(url).origin)) outside.push(url);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { outside, violations };
}

test('a whole journey requests nothing outside the app, the gateway and the RPC, and breaks no CSP rule', async ({ page }) => {
  test.setTimeout(120_000);
  const origins = [app.server.url, app.devnet.gatewayUrl, app.devnet.rpcUrl].map((u) => new URL(u).origin);
  const { outside, violations } = watch(page, origins);
  const seen = new Set<string>();
  page.on('request', (request) => seen.add(new URL(request.url()).origin));

  const response = await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await expect(page.getByText('Total balance')).toBeVisible();

  // Every screen of the sidebar, in order.
  const labels = await nav(page).getByRole('listitem').getByRole('link').allTextContents();
  expect(labels.length).toBeGreaterThanOrEqual(8);
  for (const label of labels) {
    await nav(page).getByRole('link', { name: label, exact: true }).click();
    await expect(nav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  // A queued transaction's and a message's details (hashes computed locally).
  await nav(page).getByRole('link', { name: 'Queue', exact: true }).click();
  await page.getByRole('link', { name: /^Details of / }).first().click();
  await expect(page.getByLabel('Hash check')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Messages', exact: true }).click();
  await page.getByRole('link', { name: /^Details of message / }).first().click();
  await expect(page.getByLabel('Hash check')).toBeVisible();

  // Screens outside the Safe.
  for (const path of ['/welcome', '/welcome/accounts', '/new-safe/load', '/settings/modules', '/no-such-page']) {
    await page.goto(app.url(`${path}?safe=${app.teamSafe}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  // Connect the Devnet Wallet through web3-onboard (lazily loaded): no fonts, no icons, nothing external.
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Wallet ${app.devnet.owners[0]!.address}`, 'i') })).toBeVisible();
  await expect(page.getByText('Read-only')).toHaveCount(0);

  expect(outside).toEqual([]);
  expect(violations).toEqual([]);
  // The journey did reach each configured host.
  expect([...seen].filter((o) => origins.includes(o)).sort()).toEqual([...origins].sort());
});

test('the served Content-Security-Policy blocks an injected inline script', async ({ page }) => {
  const { violations } = watch(page, []);
  await page.goto(app.url('/welcome'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const blocked = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }));
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    const directive = await blocked;
    return { directive, ran: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true };
  });
  expect(ran).toEqual({ directive: 'script-src-elem', ran: false });
  expect(violations.length).toBeGreaterThan(0);
});

test('Subresource Integrity: an entry chunk altered after the build is refused and the app does not start', async ({ page }) => {
  const dir = await mkdtemp(join(tmpdir(), 'countersign-sri-'));
  try {
    // The devnet-mode build the fixture serves (tests/e2e/fixtures/devnetApp.ts, same folder rule).
    await cp(join(process.cwd(), '.tmp', process.env.E2E_DEVNET_APP_DIR ?? 'e2e-devnet-app'), dir, { recursive: true });
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)" integrity="sha384-/.exec(html)![1]!;
    await writeFile(join(dir, entry), `${await readFile(join(dir, entry), 'utf8')}\n;globalThis.__tampered = true;\n`);
    const server = await startStaticServer({ dir, config: devnetRuntimeConfig(app.devnet) });
    try {
      const errors: string[] = [];
      page.on('console', (m) => errors.push(m.text()));
      await page.goto(`${server.url}/welcome`);
      await expect.poll(() => errors.some((e) => /integrity/i.test(e))).toBe(true);
      expect(await page.evaluate(() => (globalThis as unknown as { __tampered?: boolean }).__tampered === true)).toBe(false);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
