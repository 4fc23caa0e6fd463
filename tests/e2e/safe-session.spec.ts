/**
 * Issue 6 on the real devnet, in Chromium: connect the Devnet Wallet through web3-onboard, open the demo
 * 2-of-3 Safe and see what the devnet seeded (balances, NFTs, the queue with its conflict group, history);
 * switch to an account that is not an owner and see read-only; put the wallet on a chain the gateway does not
 * list and switch back; a chain the gateway lists but the Safe is not on gives the wrong-chain state with a
 * working switch; and with the gateway stopped, see an error with retry instead of a loader.
 */
import { expect, test, type Page } from '@playwright/test';
import { startDevnetApp, type DevnetApp } from './fixtures/devnetApp.ts';

let app: DevnetApp;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await startDevnetApp();
});
test.afterAll(async () => {
  await app?.stop();
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function connect(page: Page) {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Wallet ${app.devnet.owners[0]!.address}`, 'i') })).toBeVisible();
}

test('an owner connects and sees the demo Safe: balances, NFTs, queue with its conflict group, history', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!/^(http:\/\/127\.0\.0\.1|data:|blob:)/.test(r.url())) outside.push(r.url());
  });
  // What the lists the home does not show ask the gateway for (decision 0017: they start with their screens).
  const onDemand = /\/(transactions\/history|messages|collectibles)\b|\/balances\/supported-fiat-codes/;
  const lazyRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(app.devnet.gatewayUrl) && onDemand.test(new URL(r.url()).pathname)) lazyRequests.push(new URL(r.url()).pathname);
  });
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await expect(page.getByText('Read-only')).toBeVisible();
  await expect(page.getByLabel('Total balance')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending transactions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all queued transactions' })).toBeVisible();
  expect(lazyRequests).toEqual([]);

  await connect(page);
  await expect(page.getByText('Read-only')).toHaveCount(0);

  await nav(page).getByRole('link', { name: 'Assets' }).click();
  const balances = page.getByRole('table');
  await expect(balances).toContainText('ETH');
  await expect(balances).toContainText('dUSD');
  await expect(balances).toContainText('DVT');

  await nav(page).getByRole('link', { name: 'NFTs' }).click();
  await expect(page.getByRole('list', { name: 'NFTs' }).getByRole('listitem').first()).toBeVisible();

  await nav(page).getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByText('Conflicting transactions')).toBeVisible();
  await expect(page.getByText('Next', { exact: true })).toBeVisible();

  await nav(page).getByRole('link', { name: 'History' }).click();
  await expect(page.getByText('Change required confirmations').first()).toBeVisible();
  await expect(page.getByText('Received').first()).toBeVisible();
  await expect(page.getByText('Sent').first()).toBeVisible();

  // Each screen started its own list once (the fiat currencies with the Assets screen's currency selector).
  expect(lazyRequests.map((path) => path.replace(/^.*\/safes\/0x[0-9a-fA-F]{40}\//, ''))).toEqual([
    '/v1/balances/supported-fiat-codes',
    'collectibles',
    'transactions/history',
  ]);
  expect(outside).toEqual([]);
});

test('a non-owner account is read-only, and a foreign chain can be switched back', async ({ page }) => {
  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  await connect(page);
  await expect(page.getByText('Read-only')).toHaveCount(0);

  // Account 3 owns nothing: switched in the wallet, as a user would.
  await page.evaluate(() => (window as unknown as { __devnetWallet: { selectAccount(i: number): void } }).__devnetWallet.selectAccount(3));
  await expect(page.getByText('Read-only')).toBeVisible();
  await page.evaluate(() => (window as unknown as { __devnetWallet: { selectAccount(i: number): void } }).__devnetWallet.selectAccount(0));
  await expect(page.getByText('Read-only')).toHaveCount(0);

  // The wallet moves to a chain the gateway does not list.
  await page.evaluate(async () => {
    const wallet = (window as unknown as { __devnetWallet: { request(a: { method: string; params?: unknown[] }): Promise<unknown> } }).__devnetWallet;
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x5', chainName: 'Elsewhere', rpcUrls: ['http://127.0.0.1:9'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    });
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x5' }] });
  });
  const banner = page.getByRole('alert').filter({ has: page.getByRole('button', { name: /^Switch to / }) });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: /^Switch to / }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Wallet 0x[0-9a-f]{40} on Countersign Devnet: /i })).toBeVisible();
});

test('a wallet on another chain the gateway lists is on the wrong chain, and Switch brings it back', async ({ page }) => {
  // The devnet runs one chain; here the gateway also lists a second one, as a real gateway lists many.
  await page.route(new RegExp(`^${app.devnet.gatewayUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/v1/chains(\\?.*)?$`), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { count: number; results: Record<string, unknown>[] };
    body.results.push({ ...body.results[0], chainId: '100100', chainName: 'Sidechain', shortName: 'side' });
    body.count += 1;
    await route.fulfill({ response, json: body });
  });
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await connect(page);
  await page.evaluate(async () => {
    const wallet = (window as unknown as { __devnetWallet: { request(a: { method: string; params?: unknown[] }): Promise<unknown> } }).__devnetWallet;
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x186a4', chainName: 'Sidechain', rpcUrls: ['http://127.0.0.1:9'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    });
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x186a4' }] });
  });
  const banner = page.getByRole('alert').filter({ hasText: 'Wrong network detected, switch or disconnect to continue.' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Switch to Countersign Devnet' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Wallet 0x[0-9a-f]{40} on Countersign Devnet: /i })).toBeVisible();
});

test('a Safe added with a name shows that name on its card, from the address book', async ({ page }) => {
  const safe = app.devnet.safes[1]!.address;
  await page.goto(app.url('/new-safe/load'));
  await page.getByLabel('Safe account address').fill(safe);
  await page.getByLabel('Name (optional)').fill('Ops reserve');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Add Safe account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Ops reserve' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Address book' }).click();
  await expect(page.getByRole('main')).toContainText('Ops reserve');
});

test('the sidebar card shows the Safe balance (hidden tokens not counted) and switches to another of your Safes, by mouse, keyboard and in the phone menu', async ({ page }) => {
  test.setTimeout(90_000);
  const [team, solo] = [app.devnet.safes[0]!.address, app.devnet.safes[1]!.address];
  const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
  // A row's name is its visible text: name, short address, chain (and "(open)" for the open Safe).
  const rowName = (address: string) => new RegExp(`${short(address)} Countersign Devnet`, 'i');
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await connect(page);

  // The card's balance is the Overview's total, from the balances the session loaded.
  const card = nav(page).getByRole('region', { name: 'Open Safe' });
  await expect(page.getByLabel('Total balance')).toBeVisible();
  const total = (await page.getByLabel('Total balance').textContent())!;
  expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
  await expect(card.getByTestId('safe-balance')).toHaveText(`Safe balance: ${total}`);
  // A token hidden on Assets is not counted, as on the Overview and Assets.
  await nav(page).getByRole('link', { name: 'Assets' }).click();
  await page.getByRole('button', { name: 'Hide dUSD' }).click();
  const shown = (await page.getByLabel('Total value').textContent())!;
  expect(shown).not.toBe(total);
  await expect(card.getByTestId('safe-balance')).toHaveText(`Safe balance: ${shown}`);
  await nav(page).getByRole('link', { name: 'Overview' }).click();

  // Switch Safe: a disclosure listing your Safes; the open one is marked.
  const toggle = nav(page).getByRole('button', { name: 'Switch Safe', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const list = nav(page).getByRole('list', { name: 'Your Safe accounts' });
  await expect(list.getByRole('link', { name: rowName(team) })).toHaveAttribute('aria-current', 'true');
  await expect(list.getByRole('link', { name: rowName(team) })).toHaveAccessibleName(/\(open\)$/);
  await expect(list.getByRole('link', { name: rowName(solo) })).not.toHaveAttribute('aria-current', 'true');
  // Escape closes it and focus goes back to its button.
  await list.getByRole('link', { name: rowName(solo) }).focus();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(toggle).toBeFocused();

  // By keyboard: open, Tab to the other Safe, Enter opens it (the same route as My Safe accounts' Open).
  await page.keyboard.press('Enter');
  await expect(list.getByRole('link', { name: rowName(solo) })).toBeVisible();
  for (let i = 0; i < 4 && !(await list.getByRole('link', { name: rowName(solo) }).evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(list.getByRole('link', { name: rowName(solo) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('safe') === `${app.devnet.shortName}:${solo}`);
  await expect(nav(page).getByRole('region', { name: 'Open Safe' })).toContainText(short(solo));
  await expect(nav(page).getByRole('region', { name: 'Open Safe' }).getByTestId('safe-balance')).toBeVisible();
  await expect(nav(page).getByRole('list', { name: 'Your Safe accounts' })).toHaveCount(0);

  // On a phone the drawer's Safe card has the same switcher; choosing a Safe closes the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('button', { name: 'Switch Safe' }).click();
  await drawer.getByRole('list', { name: 'Your Safe accounts' }).getByRole('link', { name: rowName(team) }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.searchParams.get('safe') === app.teamSafe);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
});

test('with the gateway stopped, the Safe opens from the chain under the gateway banner, not a loader; with the gateway back a reload reads it again', async ({ page }) => {
  // An unreachable gateway falls back to reading the Safe from the chain (RPC-only mode, decision 0054).
  const notice = page.getByRole('note', { name: 'Reading from the chain: the gateway is not available' });
  await page.route(`${app.devnet.gatewayUrl}/**`, (route) => route.abort('connectionrefused'));
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await expect(page.getByRole('alert').filter({ hasText: 'Gateway unreachable.' })).toBeVisible();
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await page.unroute(`${app.devnet.gatewayUrl}/**`);
  await page.reload();
  await expect(page.getByText('Total balance')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a queue page of 600 transactions ends with every row in the table, in nonce order (a long page renders a hundred rows per frame)', async ({ page }) => {
  test.setTimeout(120_000);
  const { syntheticQueue, templateItem } = await import('../../bench/lib/queue.ts');
  const safe = app.devnet.safes[0]!.address;
  const base = `${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/safes/${safe}`;
  const nonce = ((await (await fetch(base)).json()) as { nonce: number }).nonce;
  const real = (await (await fetch(`${base}/transactions/queued?trusted=true`)).json()) as { results: unknown[] };
  const body = JSON.stringify(syntheticQueue(templateItem(real), safe, nonce, 600));
  await page.route(
    (url) => url.href.startsWith(`${app.devnet.gatewayUrl}/`) && url.pathname.endsWith('/transactions/queued'),
    (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body }),
  );
  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  const rows = page.locator('.tx-list .tx-table-body .tx-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  // Rendered a hundred per frame after the first hundred: all 600 end up in the table (decision 0035), in order.
  await expect(rows).toHaveCount(600, { timeout: 30_000 });
  await expect(rows.first().locator('.tx-nonce')).toHaveText(String(nonce));
  await expect(rows.last().locator('.tx-nonce')).toHaveText(String(nonce + 599));
});
