/**
 * Issue 11, fault injection on the read screens, in Chromium against the devnet-mode app on a throw-away
 * devnet. Playwright's route interception stands in front of the devnet gateway and, for one endpoint at a
 * time, answers 5xx (with and without a `{code, message}` body), hangs past the timeout, returns malformed
 * JSON, or tampers fields of the real answer. Each fault must give a clear state with the product-spec §8 text
 * and a working retry, and retries follow the seed's policies (product-spec §9, src/services/gateway):
 *  - gateway reads are never retried automatically (retry 0): one request per attempt, one more per Retry;
 *  - a gateway request times out after 10000 ms.
 * Endpoints: the boot probe (/v1/chains), Safe info, balances, queue, history, messages, transaction and
 * message details.
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { injectGatewayFault, timePageFetches, type Fault } from './fixtures/gatewayFaults.ts';

/** Reloads boot the whole app again; give them room when the machine is busy. */
const expect = baseExpect.configure({ timeout: 10_000 });

/** product-spec §9 / src/services/gateway/http.ts */
const GATEWAY_TIMEOUT_MS = 10_000;
/**
 * The least a timed-out request may have lasted as the page measures it. The app starts its timer
 * (`AbortSignal.timeout`) just before it calls fetch, where the page's clock starts, and the page's clock is coarsened
 * to 0.1 ms with jitter: a request aborted on time measured 9,999.8 ms once. 20 ms is far below any early give-up.
 */
const TIMED_OUT_AFTER_MS = GATEWAY_TIMEOUT_MS - 20;

const app = useDevnetApp();

/**
 * A fault on the gateway requests matching `path` (a regex over the part after the gateway URL). Counts every
 * request it sees (faulty or healed); `heal()` lets the next ones through to the real gateway.
 */
const inject = (page: Page, path: string, initial: Fault) => injectGatewayFault(page, app.devnet.gatewayUrl, path, initial);

const safePath = () => `/v1/chains/${app.devnet.chainId}/safes/${app.devnet.safes[0]!.address}`;
const open = (page: Page, path: string) => page.goto(app.url(`${path}${path.includes('?') ? '&' : '?'}safe=${app.teamSafe}`));

/** No request is repeated by the app on its own: the count stays put for a while. */
async function expectNoAutomaticRetry(page: Page, fault: { attempts: () => number }, expected: number) {
  await page.waitForTimeout(1_500);
  expect(fault.attempts()).toBe(expected);
}

type Injected = Awaited<ReturnType<typeof inject>>;
interface Case {
  fault: Fault;
  /** The text (product-spec §8, or our wording around it) the failure must show. */
  text: string;
}

/**
 * Goes through `cases` on one endpoint: the first is on when `load` opens the page, each next one is switched on
 * before a click on `retry`. Each must show its text in `failed`, hide `hidden`, and cost exactly one request
 * (no automatic retry). Returns the number of requests made.
 */
async function throughCases(page: Page, fault: Injected, cases: Case[], ui: { load: () => Promise<unknown>; failed: Locator; retry: Locator; hidden?: Locator }) {
  for (const [i, { fault: next, text }] of cases.entries()) {
    fault.set(next);
    if (i === 0) await ui.load();
    else await ui.retry.click();
    await expect(ui.failed).toContainText(text);
    if (ui.hidden) await expect(ui.hidden).toHaveCount(0);
    await expectNoAutomaticRetry(page, fault, i + 1);
  }
  return cases.length;
}


// ── the boot probe ──────────────────────────────────────────────────────────────────────────────────────

test.describe('boot probe (/v1/chains)', () => {
  const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Gateway unreachable.' });

  test('5xx, malformed JSON and a tampered chain list each give the gateway banner with the §8 text; Retry recovers', async ({ page }) => {
    const cases: Case[] = [
      { fault: { kind: '5xx', status: 503, body: { code: 1337, message: 'Injected outage' } }, text: '1337: Injected outage' },
      { fault: { kind: '5xx', status: 502 }, text: 'Bad Gateway' },
      { fault: { kind: 'malformed' }, text: 'Invalid response content: OK' },
      { fault: { kind: 'tamper', edit: (json) => void ((json.results as Record<string, unknown>[])[0]!.chainId = 31337) }, text: 'Unexpected gateway response for GET' },
    ];
    const fault = await inject(page, '/v1/chains', cases[0]!.fault);
    const attempts = await throughCases(page, fault, cases, {
      load: () => page.goto(app.url('/welcome')),
      failed: banner(page),
      retry: banner(page).getByRole('button', { name: 'Retry' }),
    });
    fault.heal();
    await banner(page).getByRole('button', { name: 'Retry' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Connecting to the gateway' })).toHaveCount(0);
    expect(fault.attempts()).toBe(attempts + 1);
  });

  test('a gateway that never answers times out after 10 s, once, and Retry recovers', async ({ page }) => {
    const timed = await timePageFetches(page);
    const fault = await inject(page, '/v1/chains', { kind: 'hang' });
    await page.goto(app.url('/welcome'));
    await expect(page.getByRole('status').filter({ hasText: 'Connecting to the gateway' })).toBeVisible();
    await expect(banner(page)).toContainText('did not answer in time', { timeout: GATEWAY_TIMEOUT_MS + 5_000 });
    // Measured in the page's clock from its own fetch call: a deadline never fires early, whatever the load.
    expect(await timed.settledAfterMs('/v1/chains')).toBeGreaterThanOrEqual(TIMED_OUT_AFTER_MS);
    expect(fault.attempts()).toBe(1);
    fault.heal();
    await banner(page).getByRole('button', { name: 'Retry' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(fault.attempts()).toBe(2);
  });
});

// ── Safe info ───────────────────────────────────────────────────────────────────────────────────────────

test.describe('Safe info', () => {
  const down = (page: Page) => page.getByRole('alert').filter({ hasText: 'Gateway unavailable.' });
  const retry = (page: Page) => down(page).getByRole('button', { name: 'Retry loading the Safe' });

  test('5xx, malformed JSON, a bad address and another Safe’s info each block the Safe with the §8 text; Retry recovers', async ({ page }) => {
    const other = app.devnet.safes[1]!.address;
    const cases: Case[] = [
      { fault: { kind: '5xx', status: 500, body: { code: 42, message: 'Safe info exploded' } }, text: '42: Safe info exploded' },
      { fault: { kind: '5xx', status: 503 }, text: 'Service Unavailable' },
      { fault: { kind: 'malformed' }, text: 'Invalid response content: OK' },
      { fault: { kind: 'tamper', edit: (json) => void ((json.address as { value: string }).value = '0xnot-an-address') }, text: 'address.value' },
      { fault: { kind: 'tamper', edit: (json) => void ((json.address as { value: string }).value = other) }, text: `another Safe (${other})` },
    ];
    const fault = await inject(page, safePath(), cases[0]!.fault);
    await throughCases(page, fault, cases, { load: () => open(page, '/home'), failed: down(page), retry: retry(page), hidden: page.getByText('Total balance') });
    fault.heal();
    await retry(page).click();
    await expect(page.getByText('Total balance')).toBeVisible();
    await expect(down(page)).toHaveCount(0);
  });

  test('a hanging Safe info times out after 10 s, once, and Retry recovers', async ({ page }) => {
    const timed = await timePageFetches(page);
    const fault = await inject(page, safePath(), { kind: 'hang' });
    await open(page, '/home');
    await expect(page.getByRole('status', { name: 'Overview loading' })).toBeVisible();
    await expect(down(page)).toContainText('The gateway did not answer in time (Safe info).', { timeout: GATEWAY_TIMEOUT_MS + 5_000 });
    expect(await timed.settledAfterMs(safePath())).toBeGreaterThanOrEqual(TIMED_OUT_AFTER_MS);
    expect(fault.attempts()).toBe(1);
    fault.heal();
    await retry(page).click();
    await expect(page.getByText('Total balance')).toBeVisible();
    expect(fault.attempts()).toBe(2);
  });
});

test('Safe info polling: a failed poll keeps the last data with a notice, is tried once per 15 s, and a good poll clears it', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, '/home');
  await expect(page.getByText('Total balance')).toBeVisible();
  const fault = await inject(page, safePath(), { kind: '5xx', status: 503, body: { code: 503, message: 'Poll refused' } });
  const notice = page.getByRole('alert').filter({ hasText: 'Could not refresh the Safe:' });
  await expect(notice).toContainText('503: Poll refused', { timeout: 20_000 });
  await expect(notice).toContainText('Showing the last data received.');
  await expect(page.getByText('Total balance')).toBeVisible();
  expect(fault.attempts()).toBe(1);
  fault.heal();
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
  expect(fault.attempts()).toBe(2);
});

// ── balances ────────────────────────────────────────────────────────────────────────────────────────────

test.describe('balances', () => {
  const failed = (page: Page) => page.getByRole('alert').filter({ hasText: 'Could not load balances.' });
  const retry = (page: Page) => failed(page).getByRole('button', { name: 'Retry loading balances' });
  const firstItem = (json: Record<string, unknown>) => (json.items as Record<string, unknown>[])[0]!;

  test('5xx, malformed JSON, a non-numeric amount and a non-numeric fiat value each fail the balances; Retry recovers', async ({ page }) => {
    const cases: Case[] = [
      { fault: { kind: '5xx', status: 500 }, text: 'Internal Server Error' },
      { fault: { kind: 'malformed' }, text: 'Invalid response content: OK' },
      { fault: { kind: 'tamper', edit: (json) => void (firstItem(json).balance = 'lots') }, text: 'items.0.balance' },
      { fault: { kind: 'tamper', edit: (json) => void (firstItem(json).fiatBalance = 'NaN') }, text: 'items.0.fiatBalance' },
      { fault: { kind: 'tamper', edit: (json) => void (json.fiatTotal = '1e999') }, text: 'fiatTotal' },
    ];
    const fault = await inject(page, `${safePath()}/balances/usd`, cases[0]!.fault);
    await throughCases(page, fault, cases, { load: () => open(page, '/balances'), failed: failed(page), retry: retry(page), hidden: page.getByRole('table') });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assets');
    // The rest of the Safe is unaffected.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await expect(page.getByText('Conflicting transactions')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
    fault.heal();
    await retry(page).click();
    await expect(page.getByRole('table')).toContainText('dUSD');
    await expect(failed(page)).toHaveCount(0);
  });
});

// ── lists: queue, history, messages ─────────────────────────────────────────────────────────────────────

const LISTS = [
  { name: 'queue', path: '/transactions/queue', api: () => `${safePath()}/transactions/queued`, what: 'queued transactions', shows: 'Conflicting transactions' },
  { name: 'history', path: '/transactions/history', api: () => `${safePath()}/transactions/history`, what: 'transaction history', shows: 'Change required confirmations' },
  { name: 'messages', path: '/transactions/messages', api: () => `${safePath()}/messages`, what: 'messages', shows: 'Details of message' },
] as const;

/** Proof that a list (or the balances) rendered: a text, or the first details link. */
const shown = (page: Page, text: string) =>
  (text.startsWith('Details of') ? page.getByRole('link', { name: new RegExp(`^${text}`) }) : page.getByText(text)).first();

/** A field the schema checks, in the first item of a list page that has one. */
function tamperFirst(json: Record<string, unknown>) {
  const item = (json.results as Record<string, unknown>[]).find((r) => r.type === 'TRANSACTION' || r.type === 'MESSAGE')!;
  if (item.type === 'MESSAGE') item.messageHash = '0xfeed';
  else (item.transaction as Record<string, unknown>).txStatus = 'PWNED';
}

for (const list of LISTS) {
  test(`${list.name}: 5xx, malformed JSON and a tampered item each fail the list with the §8 text; Retry recovers`, async ({ page }) => {
    const failed = page.getByRole('alert').filter({ hasText: `Could not load ${list.what}.` });
    const retry = failed.getByRole('button', { name: `Retry loading ${list.what}` });
    const cases: Case[] = [
      { fault: { kind: '5xx', status: 502, body: { code: 502, message: 'Upstream transaction service down' } }, text: '502: Upstream transaction service down' },
      { fault: { kind: 'malformed' }, text: 'Invalid response content: OK' },
      { fault: { kind: 'tamper', edit: tamperFirst }, text: 'Unexpected gateway response for GET' },
    ];
    const fault = await inject(page, list.api(), cases[0]!.fault);
    const attempts = await throughCases(page, fault, cases, { load: () => open(page, list.path), failed, retry });
    fault.heal();
    await retry.click();
    await expect(shown(page, list.shows)).toBeVisible();
    await expect(failed).toHaveCount(0);
    expect(fault.attempts()).toBe(attempts + 1);
  });
}

test('balances, queue, history and messages hanging together each time out after 10 s, once; each Retry recovers its own', async ({ page }) => {
  test.setTimeout(90_000);
  const timed = await timePageFetches(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const hangs = async (path: string) => ({ path, fault: await inject(page, path, { kind: 'hang' }) });
  const hanging = [
    { label: 'Assets', what: 'balances', effect: 'balances', ...(await hangs(`${safePath()}/balances/usd`)), shows: 'dUSD' },
    { label: 'Queue', what: 'queued transactions', effect: 'queue', ...(await hangs(LISTS[0].api())), shows: LISTS[0].shows },
    { label: 'History', what: 'transaction history', effect: 'history', ...(await hangs(LISTS[1].api())), shows: LISTS[1].shows },
    { label: 'Messages', what: 'messages', effect: 'messages', ...(await hangs(LISTS[2].api())), shows: LISTS[2].shows },
  ];
  // The home starts the balances and the queue; History and Messages start their lists when first opened
  // (decision 0017), so all four hang at once.
  await open(page, '/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await expect(page.getByRole('status').filter({ hasText: 'Loading balances' })).toBeVisible();
  for (const { label, what } of hanging.slice(2)) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `Loading ${what}` })).toBeVisible();
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load messages.' })).toBeVisible({ timeout: GATEWAY_TIMEOUT_MS + 5_000 });
  for (const { what, path, fault } of hanging) {
    // The failure came from the deadline, not at once (measured in the page's clock from its own fetch call).
    await expect.poll(() => timed.settledAfterMs(path), { message: what }).toBeGreaterThanOrEqual(TIMED_OUT_AFTER_MS);
    fault.heal();
  }
  for (const { label, what, effect, fault, shows } of hanging) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    const failed = page.getByRole('alert').filter({ hasText: `Could not load ${what}.` });
    await expect(failed).toContainText(`The gateway did not answer in time (${effect}).`);
    expect(fault.attempts(), what).toBe(1);
    await failed.getByRole('button', { name: `Retry loading ${what}` }).click();
    await expect(shown(page, shows)).toBeVisible();
    await expect(failed).toHaveCount(0);
    expect(fault.attempts(), what).toBe(2);
  }
});

// ── details ─────────────────────────────────────────────────────────────────────────────────────────────

const DETAILS = [
  {
    name: 'transaction',
    list: '/transactions/queue',
    link: /^Details of /,
    api: () => `/v1/chains/${app.devnet.chainId}/transactions/[^/?]+`,
    hashName: 'safeTxHash',
    // What a signer would approve, changed behind the same safeTxHash.
    tamper: (json: Record<string, unknown>) => void ((json.txData as Record<string, unknown>).value = '1'),
  },
  {
    name: 'message',
    list: '/transactions/messages',
    link: /^Details of message /,
    api: () => `/v1/chains/${app.devnet.chainId}/messages/0x[0-9a-fA-F]+`,
    hashName: 'SafeMessage hash',
    tamper: (json: Record<string, unknown>) => {
      if (typeof json.message === 'string') json.message = `${json.message} (and send everything to Mallory)`;
      else {
        // Typed data: change the first text field of its message.
        const message = (json.message as { message: Record<string, unknown> }).message;
        const key = Object.keys(message).find((k) => typeof message[k] === 'string')!;
        message[key] = `${String(message[key])} (and send everything to Mallory)`;
      }
    },
  },
] as const;

for (const details of DETAILS) {
  test(`${details.name} details: 5xx, malformed JSON and a hang fail with a retry; a tampered ${details.name} is a hash mismatch`, async ({ page }) => {
    test.setTimeout(90_000);
    const failed = page.getByRole('alert').filter({ hasText: `Could not load the ${details.name}.` });
    const retry = failed.getByRole('button', { name: `Retry loading the ${details.name}` });
    const timed = await timePageFetches(page);
    const fault = await inject(page, details.api(), { kind: '5xx', status: 500, body: { code: 500, message: 'Details unavailable' } });
    await open(page, details.list);
    await page.getByRole('link', { name: details.link }).first().click();
    await expect(failed).toContainText('500: Details unavailable');
    await expectNoAutomaticRetry(page, fault, 1);

    fault.set({ kind: 'malformed' });
    await retry.click();
    await expect(failed).toContainText('Invalid response content: OK');
    await expectNoAutomaticRetry(page, fault, 2);

    fault.set({ kind: 'hang' });
    await retry.click();
    await expect(page.getByRole('status').filter({ hasText: `Loading the ${details.name}` })).toBeVisible();
    await expect(failed).toContainText('did not answer in time', { timeout: GATEWAY_TIMEOUT_MS + 5_000 });
    expect(await timed.settledAfterMs(details.api(), 'last')).toBeGreaterThanOrEqual(TIMED_OUT_AFTER_MS);
    expect(fault.attempts()).toBe(3);

    fault.heal();
    await retry.click();
    await expect(page.getByLabel('Hash check')).toBeVisible();
    expect(fault.attempts()).toBe(4);

    // Tampered content behind the gateway's hash: blocked, said plainly; a reload once the gateway is honest recovers.
    fault.set({ kind: 'tamper', edit: details.tamper });
    await page.reload();
    const mismatch = page.getByRole('alert').filter({ hasText: 'Hash mismatch.' });
    await expect(mismatch).toContainText(`The ${details.hashName} the gateway gives`);
    await expect(mismatch).toContainText('Do not sign or execute it.');
    if (details.name === 'transaction') {
      // The gateway's summary (0.5 ETH) no longer matches what the changed data does (1 wei): said too.
      await expect(page.getByRole('alert').filter({ hasText: 'Description mismatch.' })).toContainText('txInfo.transferInfo.value = 500000000000000000, but the transaction\'s data says 1.');
    }
    await expect(page.getByLabel('Hash check')).toHaveCount(0);
    fault.heal();
    await page.reload();
    await expect(page.getByLabel('Hash check')).toBeVisible();
    await expect(mismatch).toHaveCount(0);
  });
}
