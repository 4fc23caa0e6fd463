/**
 * Issue 15 (security review F7), in Chromium against the devnet-mode build: a lazily loaded chunk that the static
 * host serves altered does not run (docs/decisions/0022-lazy-chunk-integrity.md).
 *
 * The same build is served twice by our static server, both origins allowed by one devnet's gateway: as built
 * (the control) and from a copy in which a test appends code to ONE lazy chunk — the Safe Apps screens, or the
 * flow dialog that shows what a transaction does before it is signed. The index.html of the copy is untouched,
 * so its import map still pins the chunk's original bytes: the browser refuses the altered file, the screen that
 * needs it shows the app's failure notice, the appended code never runs, and the rest of the app keeps working.
 * Last, a host whose Content-Security-Policy drops the import map makes the app refuse to start (fail closed).
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import { devnetRuntimeConfig } from '../../scripts/lib/devnetConfig.ts';
import { startStaticServer, type StaticServer } from '../../scripts/lib/staticServer.ts';
import { buildDevnetApp } from './fixtures/devnetApp.ts';

// The devnet-mode build of the fixture (tests/e2e/fixtures/devnetApp.ts, same folder rule).
const BUILD = join(process.cwd(), '.tmp', process.env.E2E_DEVNET_APP_DIR ?? 'e2e-devnet-app');
const MARK = '\n;globalThis.__tampered = true;\n';

let devnet: Devnet | null = null;
let pristine: StaticServer | null = null;
let altered: StaticServer | null = null;
let copy = '';
/** The chunk currently altered in the copy (restored before another one is altered). */
let alteredChunk: string | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await buildDevnetApp();
  copy = await mkdtemp(join(tmpdir(), 'countersign-chunks-'));
  await cp(BUILD, copy, { recursive: true });
  const config = () => (devnet ? devnetRuntimeConfig(devnet) : undefined);
  pristine = await startStaticServer({ dir: BUILD, config });
  altered = await startStaticServer({ dir: copy, config });
  devnet = await startDevnet({ appOrigins: [pristine.url, altered.url] });
});

test.afterAll(async () => {
  await pristine?.stop();
  await altered?.stop();
  await devnet?.stop();
  if (copy) await rm(copy, { recursive: true, force: true });
});

/** The one built chunk of a module (`apps` → assets/apps-<hash>.js). */
async function chunkOf(name: string): Promise<string> {
  const files = (await readdir(join(BUILD, 'assets'))).filter((f) => new RegExp(`^${name}-[A-Za-z0-9_-]{8}\\.js$`).test(f));
  expect(files, `one chunk named ${name}`).toHaveLength(1);
  return `assets/${files[0]!}`;
}

/** Appends code to one chunk of the copy, after putting back the one altered before. */
async function alter(chunk: string): Promise<void> {
  if (alteredChunk) await cp(join(BUILD, alteredChunk), join(copy, alteredChunk));
  await writeFile(join(copy, chunk), `${await readFile(join(BUILD, chunk), 'utf8')}${MARK}`);
  alteredChunk = chunk;
}

const teamSafe = () => `${devnet!.shortName}:${devnet!.safes[0]!.address}`;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const tampered = (page: Page) => page.evaluate(() => (globalThis as unknown as { __tampered?: boolean }).__tampered);

/** Every script URL path the page requests, and its console lines. */
function watch(page: Page) {
  const scripts: string[] = [];
  const consoleLines: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  page.on('console', (message) => consoleLines.push(message.text()));
  return { scripts, consoleLines };
}

async function openHome(page: Page, server: StaticServer) {
  await page.goto(`${server.url}/home?safe=${teamSafe()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await expect(page.getByText('Total balance')).toBeVisible();
}

async function connectWallet(page: Page) {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Wallet ${devnet!.owners[0]!.address}`, 'i') })).toBeVisible();
}

test('control: the build as built opens Safe Apps, whose chunk loads only then, pinned by the import map', async ({ page }) => {
  const chunk = await chunkOf('safeApps');
  const { scripts } = watch(page);
  await openHome(page, pristine!);
  expect(scripts).not.toContain(`/${chunk}`);
  const map = await page.locator('script[type="importmap"]').textContent();
  expect((JSON.parse(map!) as { integrity: Record<string, string> }).integrity[`/${chunk}`]).toMatch(/^sha384-/);

  await nav(page).getByRole('link', { name: 'Apps', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Safe Apps' })).toBeVisible();
  expect(scripts).toContain(`/${chunk}`);
  await expect(page.getByText('could not be shown')).toHaveCount(0);
  expect(await tampered(page)).toBeUndefined();
});

test('a Safe Apps chunk altered on the host is refused: the screen says so, its code never runs, the app goes on', async ({ page }) => {
  const chunk = await chunkOf('safeApps');
  await alter(chunk);
  const { scripts, consoleLines } = watch(page);
  await openHome(page, altered!);

  await nav(page).getByRole('link', { name: 'Apps', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This screen could not be shown.' })).toBeVisible();
  expect(scripts).toContain(`/${chunk}`);
  expect(consoleLines.some((line) => /integrity/i.test(line) && line.includes(chunk))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Safe Apps' })).toHaveCount(0);
  expect(await tampered(page)).toBeUndefined();

  // Another screen renders again.
  await nav(page).getByRole('link', { name: 'Queue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible();
  await expect(page.getByText('could not be shown')).toHaveCount(0);
  expect(await tampered(page)).toBeUndefined();
});

test('control: the build as built opens the New transaction dialog', async ({ page }) => {
  const chunk = await chunkOf('FlowView');
  const { scripts } = watch(page);
  await openHome(page, pristine!);
  await connectWallet(page);
  expect(scripts).not.toContain(`/${chunk}`);
  await page.getByRole('button', { name: 'New transaction' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(scripts).toContain(`/${chunk}`);
  expect(await tampered(page)).toBeUndefined();
});

test('the flow dialog chunk altered on the host is refused: no dialog, a notice instead, its code never runs', async ({ page }) => {
  const chunk = await chunkOf('FlowView');
  await alter(chunk);
  const { scripts, consoleLines } = watch(page);
  await openHome(page, altered!);
  await connectWallet(page);
  await page.getByRole('button', { name: 'New transaction' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This dialog could not be shown.' })).toBeVisible();
  expect(scripts).toContain(`/${chunk}`);
  expect(consoleLines.some((line) => /integrity/i.test(line) && line.includes(chunk))).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await tampered(page)).toBeUndefined();
});

test("a host whose Content-Security-Policy drops the import map: the app refuses to start", async ({ page }) => {
  const { consoleLines } = watch(page);
  // The host's header without the map's hash (as if copied from an older build); the meta in index.html keeps it.
  await page.route(`${pristine!.url}/home?**`, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    headers['content-security-policy'] = headers['content-security-policy']!.replace(/ 'sha256-[^']+'/g, '');
    await route.fulfill({ response, headers });
  });
  await page.goto(`${pristine!.url}/home?safe=${teamSafe()}`);
  await expect(page.getByRole('alert').getByRole('heading', { name: 'Countersign cannot check its own code on this host' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toHaveCount(0);
  expect(consoleLines.some((line) => /Content Security Policy/i.test(line))).toBe(true);
});
