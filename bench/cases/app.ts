/**
 * Benchmarks of the full app in Chromium (the devnet-mode production build behind a gzip front, on the devnet):
 *  - cold load of a Safe's home: JS + CSS bytes from Chromium's network log (CDP), then what connecting adds;
 *  - gateway requests to render the home, duplicates;
 *  - machine snapshots of the safeSession actor and its children per gateway response (home, then the queue),
 *    counted through the devnet build's inspection probe (`window.__countersignInspect`, see src/root.ts);
 *  - queue of 2,000 vs 50 items: time from navigation to the first row, medians.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { countDuplicates, median, type DuplicateCount } from '../lib/report.ts';
import { syntheticQueue, templateItem } from '../lib/queue.ts';

export interface AppEnv {
  /** Origin serving the app (the gzip front). */
  appUrl: string;
  gatewayUrl: string;
  /** `devnet:0x…`, the demo 2-of-3 Safe. */
  teamSafe: string;
  safeAddress: string;
  chainId: number;
  /** The build being served (to look into the chunks it loaded). */
  distDir: string;
}

// ───────────────────────────── network log (CDP) ─────────────────────────────

interface Transfer {
  url: string;
  type: string;
  mimeType: string;
  encoding: string;
  /** Body bytes on the wire (gzip), i.e. total minus the response headers. */
  bodyBytes: number;
  /** Everything received for the request, headers included. */
  totalBytes: number;
}

/** Records every finished response of a page from Chromium's network log. */
async function networkLog(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const pending = new Map<string, Omit<Transfer, 'bodyBytes' | 'totalBytes'> & { headerBytes: number }>();
  const finished: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    pending.set(e.requestId, { url: e.response.url, type: e.type, mimeType: e.response.mimeType, encoding: headers['content-encoding'] ?? 'identity', headerBytes: e.response.encodedDataLength });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    pending.delete(e.requestId);
    finished.push({ url: p.url, type: p.type, mimeType: p.mimeType, encoding: p.encoding, bodyBytes: e.encodedDataLength - p.headerBytes, totalBytes: e.encodedDataLength });
  });
  return { finished, detach: () => cdp.detach() };
}

const isJs = (t: Transfer) => t.type === 'Script' || /javascript/.test(t.mimeType);
const isCss = (t: Transfer) => t.type === 'Stylesheet' || t.mimeType === 'text/css';

function summarize(transfers: readonly Transfer[], origin: string) {
  const own = transfers.filter((t) => t.url.startsWith(origin) && (isJs(t) || isCss(t)));
  const sum = (list: Transfer[], key: 'bodyBytes' | 'totalBytes') => list.reduce((s, t) => s + t[key], 0);
  const js = own.filter(isJs);
  const css = own.filter(isCss);
  return {
    jsBytes: sum(js, 'bodyBytes'),
    cssBytes: sum(css, 'bodyBytes'),
    bodyBytes: sum(own, 'bodyBytes'),
    withHeadersBytes: sum(own, 'totalBytes'),
    allGzip: own.every((t) => t.encoding === 'gzip'),
    files: own.map((t) => ({ file: new URL(t.url).pathname, gzipBytes: t.bodyBytes })),
  };
}

// ───────────────────────────── gateway traffic ─────────────────────────────

interface GatewayTracker {
  requests: { method: string; url: string }[];
  responses: number;
  inFlight: number;
  lastActivity: number;
}

function trackGateway(page: Page, gatewayUrl: string): GatewayTracker {
  const tracker: GatewayTracker = { requests: [], responses: 0, inFlight: 0, lastActivity: Date.now() };
  const mine = (r: Request) => r.url().startsWith(gatewayUrl);
  page.on('request', (r) => {
    if (!mine(r)) return;
    tracker.requests.push({ method: r.method(), url: r.url() });
    tracker.inFlight += 1;
    tracker.lastActivity = Date.now();
  });
  const done = (r: Request, answered: boolean) => {
    if (!mine(r)) return;
    tracker.inFlight -= 1;
    if (answered) tracker.responses += 1;
    tracker.lastActivity = Date.now();
  };
  page.on('requestfinished', (r) => done(r, true));
  page.on('requestfailed', (r) => done(r, false));
  return tracker;
}

/** Waits until no gateway request is running and none started or ended for `quietMs`. */
async function gatewayQuiet(tracker: GatewayTracker, quietMs = 1_500, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (tracker.inFlight > 0 || Date.now() - tracker.lastActivity < quietMs) {
    if (Date.now() - start > timeoutMs) throw new Error('the gateway traffic did not settle');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ───────────────────────────── snapshot probe ─────────────────────────────

/**
 * Runs in the page before the app: counts `@xstate.snapshot` inspection events of the safeSession actor and
 * every actor below it (machines and, separately, the promise actors of its effects). A string, not a function:
 * tsx's helpers would not exist in the page.
 */
const SNAPSHOT_PROBE = `
  const counts = { machine: 0, promise: 0, byActor: {} };
  window.__benchSnapshots = counts;
  window.__countersignInspect = (event) => {
    if (event.type !== '@xstate.snapshot') return;
    for (let actor = event.actorRef; actor; actor = actor._parent) {
      if (actor.id !== 'safeSession') continue;
      const isMachine = 'machine' in event.snapshot;
      if (isMachine) counts.machine += 1; else counts.promise += 1;
      const key = (isMachine ? '' : 'effect:') + event.actorRef.id;
      counts.byActor[key] = (counts.byActor[key] || 0) + 1;
      return;
    }
  };
`;

interface SnapshotCounts {
  machine: number;
  promise: number;
  byActor: Record<string, number>;
}
const readSnapshots = (page: Page): Promise<SnapshotCounts> => page.evaluate(() => structuredClone((window as unknown as { __benchSnapshots: SnapshotCounts }).__benchSnapshots));

function snapshotPhase(before: SnapshotCounts, after: SnapshotCounts, responsesBefore: number, responsesAfter: number) {
  const byActor: Record<string, number> = {};
  for (const [k, v] of Object.entries(after.byActor)) if (v - (before.byActor[k] ?? 0) > 0) byActor[k] = v - (before.byActor[k] ?? 0);
  const machineSnapshots = after.machine - before.machine;
  const gatewayResponses = responsesAfter - responsesBefore;
  return { machineSnapshots, effectSnapshots: after.promise - before.promise, gatewayResponses, perResponse: gatewayResponses ? machineSnapshots / gatewayResponses : 0, byActor };
}

// ───────────────────────────── home: bytes, requests, snapshots ─────────────────────────────

export interface HomeResult {
  coldLoad: ReturnType<typeof summarize> & { connectorInInitialChunks: boolean };
  connect: ReturnType<typeof summarize> & { connectorChunks: string[] };
  /** Wall-clock time of the two steps of connecting, ms: Connect wallet → the wallet list shown; Devnet Wallet → connected. */
  connectTiming: { listMs: number; connectMs: number };
  gateway: DuplicateCount & { requests: { method: string; url: string }[] };
  snapshots: { home: ReturnType<typeof snapshotPhase>; queue: ReturnType<typeof snapshotPhase> };
}

/** web3-onboard's custom element / theme variables (as tests/e2e/wallet-connect.spec.ts checks). */
const hasConnector = (code: string) => code.includes('onboard-v2') || code.includes('--w3o-');

async function chunksWithConnector(distDir: string, files: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const code = await readFile(join(distDir, file), 'utf8').catch(() => '');
    if (hasConnector(code)) found.push(file);
  }
  return found;
}

export async function measureHome(browser: Browser, env: AppEnv): Promise<HomeResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(SNAPSHOT_PROBE);
    const log = await networkLog(context, page);
    const gateway = trackGateway(page, env.gatewayUrl);

    await page.goto(`${env.appUrl}/home?safe=${env.teamSafe}`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByLabel('Total balance').waitFor();
    await page.getByRole('heading', { name: 'Pending transactions' }).waitFor();
    await gatewayQuiet(gateway);
    const cold = summarize(log.finished, env.appUrl);
    const homeRequests = [...gateway.requests];
    const afterHome = await readSnapshots(page);
    const homeResponses = gateway.responses;

    // The queue screen, loaded cold in the same tab (the probe is installed again with the new document).
    const queueTracker = trackGateway(page, env.gatewayUrl);
    await page.goto(`${env.appUrl}/transactions/queue?safe=${env.teamSafe}`);
    await page.locator('.tx-list .tx-row').first().waitFor();
    await gatewayQuiet(queueTracker);
    const afterQueue = await readSnapshots(page);
    const queueResponses = queueTracker.responses;

    // Connect the Devnet Wallet through web3-onboard: what does that add?
    const beforeConnect = log.finished.length;
    const t0 = performance.now();
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const choice = page.getByRole('button', { name: 'Devnet Wallet' });
    await choice.waitFor();
    const t1 = performance.now();
    await choice.click();
    await page.getByRole('button', { name: /^Wallet 0x/i }).waitFor();
    const connectTiming = { listMs: Math.round(t1 - t0), connectMs: Math.round(performance.now() - t1) };
    await page.waitForLoadState('networkidle');
    const connect = summarize(log.finished.slice(beforeConnect), env.appUrl);
    await log.detach();

    const initialFiles = cold.files.map((f) => f.file.replace(/^\//, ''));
    const connectFiles = connect.files.map((f) => f.file.replace(/^\//, ''));
    const zero = { machine: 0, promise: 0, byActor: {} };
    return {
      coldLoad: { ...cold, connectorInInitialChunks: (await chunksWithConnector(env.distDir, initialFiles)).length > 0 },
      connect: { ...connect, connectorChunks: await chunksWithConnector(env.distDir, connectFiles) },
      connectTiming,
      gateway: { ...countDuplicates(homeRequests), requests: homeRequests },
      snapshots: { home: snapshotPhase(zero, afterHome, 0, homeResponses), queue: snapshotPhase(zero, afterQueue, 0, queueResponses) },
    };
  } finally {
    await context.close();
  }
}

// ───────────────────────────── queue: 2,000 vs 50 items ─────────────────────────────

/**
 * Runs in the page before the app: the time (ms since navigation start) of the frame that shows the first queue
 * row, and when the queue list actor first held items (through the devnet build's inspection probe), which
 * splits the app's work into "response → machine" (parse, validate, assign) and "machine → painted row" (React).
 */
const FIRST_ROW_PROBE = `
  const state = { firstRow: null, listHasItems: null };
  window.__benchFirstRow = state;
  window.__countersignInspect = (event) => {
    if (state.listHasItems !== null || event.type !== '@xstate.snapshot' || event.actorRef.id !== 'queue') return;
    const items = event.snapshot && event.snapshot.context && event.snapshot.context.items;
    if (Array.isArray(items) && items.length > 0) state.listHasItems = performance.now();
  };
  const observer = new MutationObserver(() => {
    if (state.firstRow !== null || !document.querySelector('.tx-list .tx-row')) return;
    observer.disconnect();
    requestAnimationFrame(() => { state.firstRow = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** Bytes of the event-log records (IndexedDB) of the queue list's stream, read in the page. */
const QUEUE_STREAM_BYTES = `(async () => {
  const db = await new Promise((ok, ko) => { const r = indexedDB.open('countersign-eventlog'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
  const events = await new Promise((ok, ko) => { const r = db.transaction('events').objectStore('events').getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
  db.close();
  return events.filter((e) => String(e.streamId).includes('pagedList:queue')).reduce((sum, e) => sum + JSON.stringify(e).length, 0);
})()`;

export interface QueueResult {
  runs: number;
  sizes: Record<
    string,
    {
      transactions: number;
      responseBytes: number;
      firstRowMs: number[];
      medianMs: number;
      /** Queue response received → first row painted. */
      afterResponseMs: number[];
      medianAfterResponseMs: number;
      /** Queue response received → the queue list actor holds the items. */
      responseToMachineMs: number[];
      medianResponseToMachineMs: number;
      /** What the event log stored for the queue list's stream (last run, 2 s after the first row). */
      eventLogQueueStreamBytes: number | null;
    }
  >;
}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

export async function measureQueue(browser: Browser, env: AppEnv, runs: number, sizes: readonly number[] = [50, 2_000]): Promise<QueueResult> {
  const base = `${env.gatewayUrl}/v1/chains/${env.chainId}/safes/${env.safeAddress}`;
  const info = (await fetchJson(base)) as { nonce: number };
  const real = (await fetchJson(`${base}/transactions/queued?trusted=true`)) as { results: unknown[] };
  const template = templateItem(real);
  const bodies = new Map(sizes.map((n) => [n, JSON.stringify(syntheticQueue(template, env.safeAddress, info.nonce, n))]));
  const result: QueueResult = { runs, sizes: {} };
  for (const n of sizes) result.sizes[String(n)] = { transactions: n, responseBytes: Buffer.byteLength(bodies.get(n)!), firstRowMs: [], medianMs: 0, afterResponseMs: [], medianAfterResponseMs: 0, responseToMachineMs: [], medianResponseToMachineMs: 0, eventLogQueueStreamBytes: null };

  // Interleaved so that whatever else the machine does affects both sizes alike; one warm-up run first.
  for (let run = -1; run < runs; run++) {
    for (const n of sizes) {
      const context = await browser.newContext();
      try {
        await context.route(
          (url) => url.href.startsWith(`${env.gatewayUrl}/`) && url.pathname.endsWith('/transactions/queued'),
          (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: bodies.get(n)! }),
        );
        const page = await context.newPage();
        await page.addInitScript(FIRST_ROW_PROBE);
        await page.goto(`${env.appUrl}/transactions/queue?safe=${env.teamSafe}`);
        await page.waitForFunction(() => (window as unknown as { __benchFirstRow: { firstRow: number | null } }).__benchFirstRow.firstRow !== null, undefined, { timeout: 60_000 });
        const probe = await page.evaluate(() => (window as unknown as { __benchFirstRow: { firstRow: number; listHasItems: number | null } }).__benchFirstRow);
        const ms = probe.firstRow;
        // The queue is a table whose rows all end up in the page (decision 0035 dropped the windowed list); a long
        // one renders its first rows first, the rest in the frames after.
        const rowsIn = page.locator('.tx-list .tx-table-body .tx-row');
        await rowsIn.nth(n - 1).waitFor({ state: 'attached', timeout: 60_000 }).catch(async () => {
          throw new Error(`queue of ${n}: the table shows ${await rowsIn.count()} rows`);
        });
        // When the queue's response had arrived (resource timing), to show the part the app's own work takes.
        const responseEnd = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes('/transactions/queued'))?.responseEnd ?? null);
        if (run >= 0) {
          result.sizes[String(n)]!.firstRowMs.push(ms);
          if (responseEnd !== null) result.sizes[String(n)]!.afterResponseMs.push(ms - responseEnd);
          if (responseEnd !== null && probe.listHasItems !== null) result.sizes[String(n)]!.responseToMachineMs.push(probe.listHasItems - responseEnd);
        }
        if (run === runs - 1) {
          await page.waitForTimeout(2_000);
          result.sizes[String(n)]!.eventLogQueueStreamBytes = (await page.evaluate(QUEUE_STREAM_BYTES).catch(() => null)) as number | null;
        }
      } finally {
        await context.close();
      }
    }
  }
  for (const entry of Object.values(result.sizes)) {
    entry.medianMs = median(entry.firstRowMs);
    entry.medianAfterResponseMs = entry.afterResponseMs.length ? median(entry.afterResponseMs) : Number.NaN;
    entry.medianResponseToMachineMs = entry.responseToMachineMs.length ? median(entry.responseToMachineMs) : Number.NaN;
  }
  return result;
}
