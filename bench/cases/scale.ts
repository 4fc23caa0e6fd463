/**
 * Benchmarks at the scale of a real treasury (issue 22, decision 0068): the large-Safe fixture of the devnet
 * (devnet/seed/largeSafe.ts: 30 owners, 1,500 tokens, 10,000 history items, 200 queued transactions in conflict,
 * 500 NFTs, 300 messages) against the demo Safe, side by side in one run, in the devnet-mode production build:
 *
 *  - time to first row of Assets, History, Queue and NFTs (and Messages, reported): each run is a fresh browser
 *    context loading the screen cold, timing navigation start → the frame after the first row is in the page;
 *    runs interleave the two Safes (and the screens) after a warm-up; the figure is the ratio of the medians;
 *  - JS heap after opening every screen in one tab (home, then Assets, NFTs, Queue, History, Messages through the
 *    sidebar, each until its first row and its gateway traffic settled), read with CDP Performance.getMetrics
 *    after HeapProfiler.collectGarbage; ratio of the medians;
 *  - an all-day tab: a Safe's home left open for hours of simulated time (Playwright's page clock), heap growth.
 */
import type { Browser, CDPSession, Page, Request } from 'playwright-core';
import { median } from '../lib/report.ts';

export interface ScaleEnv {
  appUrl: string;
  gatewayUrl: string;
  /** `devnet:0x…` of the demo 2-of-3 Safe and of the large Safe. */
  demoSafe: string;
  largeSafe: string;
}

export const SCREENS = {
  assets: { title: 'Assets', path: '/balances', nav: 'Assets', row: 'table.balances tbody tr' },
  history: { title: 'History', path: '/transactions/history', nav: 'History', row: '.tx-list .tx-table-body .tx-row' },
  queue: { title: 'Queue', path: '/transactions/queue', nav: 'Queue', row: '.tx-list .tx-table-body .tx-row' },
  nfts: { title: 'NFTs', path: '/balances/nfts', nav: 'NFTs', row: 'ul.nft-grid li.nft' },
  messages: { title: 'Messages', path: '/transactions/messages', nav: 'Messages', row: '.message-table .message-list-row:not(.message-list-head)' },
} as const;
export type ScreenKey = keyof typeof SCREENS;
export const SCREEN_KEYS = Object.keys(SCREENS) as ScreenKey[];
type Which = 'demo' | 'large';

/** Runs in the page before the app: the time of the frame after the first element matching `selector` appeared. */
const firstRowProbe = (selector: string): string => `
  const state = { firstRow: null, rowsThen: null };
  window.__benchScaleRow = state;
  const observer = new MutationObserver(() => {
    if (state.firstRow !== null || !document.querySelector(${JSON.stringify(selector)})) return;
    observer.disconnect();
    requestAnimationFrame(() => { state.firstRow = performance.now(); state.rowsThen = document.querySelectorAll(${JSON.stringify(selector)}).length; });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

interface ProbeState {
  firstRow: number | null;
  rowsThen: number | null;
}
const readProbe = (page: Page): Promise<ProbeState> => page.evaluate(() => (window as unknown as { __benchScaleRow: ProbeState }).__benchScaleRow);

/** Gateway requests of a page (or, with `null`, every request: its code too), to wait until its traffic has settled. */
function gatewayTraffic(page: Page, gatewayUrl: string | null) {
  const t = { inFlight: 0, last: Date.now(), requests: 0, responseBytes: 0, failed: 0 };
  const mine = (r: Request) => gatewayUrl === null || r.url().startsWith(gatewayUrl);
  page.on('request', (r) => {
    if (!mine(r)) return;
    t.inFlight += 1;
    t.requests += 1;
    t.last = Date.now();
  });
  const done = async (r: Request) => {
    if (!mine(r)) return;
    t.inFlight -= 1;
    t.last = Date.now();
    const sizes = await r.sizes().catch(() => null);
    if (sizes) t.responseBytes += sizes.responseBodySize;
  };
  page.on('requestfinished', (r) => void done(r));
  page.on('requestfailed', (r) => {
    if (mine(r)) t.failed += 1;
    void done(r);
  });
  return {
    traffic: t,
    /** Resolves when no gateway request has run for `quietMs` (real time). */
    async quiet(quietMs = 1_000, timeoutMs = 60_000): Promise<void> {
      const start = Date.now();
      while (t.inFlight > 0 || Date.now() - t.last < quietMs) {
        if (Date.now() - start > timeoutMs) throw new Error('the gateway traffic did not settle');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

export interface FirstRowSeries {
  firstRowMs: number[];
  /** Rows in the page in the frame of the first row. */
  rowsAtFirstRow: number[];
  /** Rows in the page once the gateway traffic settled (last run). */
  rowsSettled: number | null;
  /** Gateway requests and their body bytes until settled (last run). */
  gatewayRequests: number | null;
  gatewayResponseBytes: number | null;
  medianMs: number;
}

export interface ScreensResult {
  runs: number;
  screens: Record<ScreenKey, Record<Which, FirstRowSeries>>;
}

const emptySeries = (): FirstRowSeries => ({ firstRowMs: [], rowsAtFirstRow: [], rowsSettled: null, gatewayRequests: null, gatewayResponseBytes: null, medianMs: Number.NaN });

async function firstRowRun(browser: Browser, env: ScaleEnv, screen: ScreenKey, which: Which, settle: boolean) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const { row, path } = SCREENS[screen];
    await page.addInitScript(firstRowProbe(row));
    const gateway = gatewayTraffic(page, env.gatewayUrl);
    await page.goto(`${env.appUrl}${path}?safe=${which === 'demo' ? env.demoSafe : env.largeSafe}`);
    await page.waitForFunction(() => (window as unknown as { __benchScaleRow: ProbeState }).__benchScaleRow.firstRow !== null, undefined, { timeout: 120_000 });
    const probe = await readProbe(page);
    let settled: { rows: number; requests: number; bytes: number } | null = null;
    if (settle) {
      await gateway.quiet();
      settled = { rows: await page.locator(row).count(), requests: gateway.traffic.requests, bytes: gateway.traffic.responseBytes };
    }
    return { ms: probe.firstRow!, rows: probe.rowsThen ?? 0, settled };
  } finally {
    await context.close();
  }
}

/** Time to first row of each screen, demo vs large Safe, `runs` interleaved runs after one warm-up. */
export async function measureScreens(browser: Browser, env: ScaleEnv, runs: number, screens: readonly ScreenKey[] = SCREEN_KEYS, log: (m: string) => void = () => undefined): Promise<ScreensResult> {
  const result = { runs, screens: {} } as ScreensResult;
  for (const s of screens) result.screens[s] = { demo: emptySeries(), large: emptySeries() };
  for (let run = -1; run < runs; run++) {
    for (const s of screens) {
      // alternate which Safe goes first, so neither always runs on a warmer machine
      const order: Which[] = run % 2 === 0 ? ['demo', 'large'] : ['large', 'demo'];
      for (const which of order) {
        const last = run === runs - 1;
        const r = await firstRowRun(browser, env, s, which, last);
        if (run < 0) continue;
        const series = result.screens[s][which];
        series.firstRowMs.push(r.ms);
        series.rowsAtFirstRow.push(r.rows);
        if (r.settled) {
          series.rowsSettled = r.settled.rows;
          series.gatewayRequests = r.settled.requests;
          series.gatewayResponseBytes = r.settled.bytes;
        }
      }
    }
    if (run >= 0) log(`scale: screens run ${run + 1}/${runs}`);
  }
  for (const s of screens) for (const which of ['demo', 'large'] as const) result.screens[s][which].medianMs = median(result.screens[s][which].firstRowMs);
  return result;
}

// ───────────────────────────── heap after every screen ─────────────────────────────

export interface HeapSample {
  usedBytes: number;
  totalBytes: number;
  domNodes: number;
  /** JS heap used after each step (home, then each screen), before the final collection. */
  steps: Record<string, number>;
}

export interface HeapResult {
  runs: number;
  demo: HeapSample[];
  large: HeapSample[];
  medianUsedDemo: number;
  medianUsedLarge: number;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

async function collectGarbage(cdp: CDPSession): Promise<void> {
  // twice: the first pass can leave objects whose finalisers free more
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
}

async function heapRun(browser: Browser, env: ScaleEnv, which: Which): Promise<HeapSample> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.enable');
    const gateway = gatewayTraffic(page, env.gatewayUrl);
    const steps: Record<string, number> = {};
    await page.goto(`${env.appUrl}/home?safe=${which === 'demo' ? env.demoSafe : env.largeSafe}`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Total balance').waitFor({ timeout: 60_000 });
    await gateway.quiet();
    steps.home = (await metrics(cdp)).JSHeapUsedSize ?? 0;
    for (const key of SCREEN_KEYS) {
      const screen = SCREENS[key];
      await page.getByRole('link', { name: screen.nav, exact: true }).first().click();
      await page.locator(screen.row).first().waitFor({ state: 'attached', timeout: 120_000 });
      await gateway.quiet();
      steps[key] = (await metrics(cdp)).JSHeapUsedSize ?? 0;
    }
    await collectGarbage(cdp);
    const m = await metrics(cdp);
    return { usedBytes: m.JSHeapUsedSize ?? 0, totalBytes: m.JSHeapTotalSize ?? 0, domNodes: m.Nodes ?? 0, steps };
  } finally {
    await context.close();
  }
}

/** JS heap after opening every screen, demo vs large Safe, `runs` interleaved runs after one warm-up. */
export async function measureHeap(browser: Browser, env: ScaleEnv, runs: number, log: (m: string) => void = () => undefined): Promise<HeapResult> {
  const result: HeapResult = { runs, demo: [], large: [], medianUsedDemo: Number.NaN, medianUsedLarge: Number.NaN };
  for (let run = -1; run < runs; run++) {
    const order: Which[] = run % 2 === 0 ? ['demo', 'large'] : ['large', 'demo'];
    for (const which of order) {
      const sample = await heapRun(browser, env, which);
      if (run >= 0) result[which].push(sample);
    }
    if (run >= 0) log(`scale: heap run ${run + 1}/${runs}`);
  }
  result.medianUsedDemo = median(result.demo.map((s) => s.usedBytes));
  result.medianUsedLarge = median(result.large.map((s) => s.usedBytes));
  return result;
}

// ───────────────────────────── an all-day tab ─────────────────────────────

export interface AllDayResult {
  hours: number;
  stepMs: number;
  /** JS heap used (after collecting garbage) once the Safe was open, and then at each full hour. */
  startBytes: number;
  endBytes: number;
  hourlyBytes: number[];
  domNodesStart: number;
  domNodesEnd: number;
  gatewayRequests: number;
  /** Gateway requests that failed during the run (a timeout would make the app read from the chain: not the figure's tab). */
  failedGatewayRequests: number;
  /** Real (wall-clock) time the run took. */
  wallMs: number;
}

/**
 * An open Safe's home left visible for `hours`: Playwright's clock (page.clock) replaces the page's timers and Date,
 * so the app's 15 s polls and every other timer run on simulated time; the harness advances it `stepMs` at a time
 * and lets each step's gateway traffic finish (real network, real gateway) before the next. The heap is read after
 * HeapProfiler.collectGarbage once the Safe is open and at every simulated hour.
 */
export async function measureAllDayTab(browser: Browser, env: ScaleEnv, which: Which, hours: number, stepMs = 15_000, log: (m: string) => void = () => undefined): Promise<AllDayResult> {
  const t0 = Date.now();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The page's own count of its fetches in flight, read without waiting for the browser's network events.
    await page.addInitScript(() => {
      const w = window as unknown as { __benchFetches: number; fetch: typeof fetch };
      const original = w.fetch.bind(window);
      w.__benchFetches = 0;
      w.fetch = (...args: Parameters<typeof fetch>) => {
        w.__benchFetches += 1;
        return original(...args).finally(() => void (w.__benchFetches -= 1));
      };
    });
    await page.clock.install();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.enable');
    const gateway = gatewayTraffic(page, env.gatewayUrl);
    const everything = gatewayTraffic(page, null);
    await page.goto(`${env.appUrl}/home?safe=${which === 'demo' ? env.demoSafe : env.largeSafe}`);
    // the app's start-up timers run on the page's clock too
    const opened = page.getByRole('heading', { level: 1, name: 'Overview' });
    for (let i = 0; i < 600 && !(await opened.isVisible()); i++) await page.clock.runFor(100);
    await page.getByLabel('Total balance').waitFor({ timeout: 60_000 });
    const fetchesInFlight = () => page.evaluate(() => (window as unknown as { __benchFetches: number }).__benchFetches);
    /**
     * A step of simulated time, 5 s at a time: a request started inside the step (a timer's, not the poll's)
     * finishes before the clock moves on. Moving 15 s at once would fire the transport's 10 s deadline on a request
     * the devnet answers in milliseconds, and the app would rightly fall back to the chain (code and objects that
     * are not the all-day tab's). Shorter ticks would run more of the page clock's own code in the measured heap.
     */
    const TICK_MS = 5_000;
    const advance = async () => {
      for (let t = 0; t < stepMs; t += TICK_MS) {
        await page.clock.runFor(Math.min(TICK_MS, stepMs - t));
        while ((await fetchesInFlight()) > 0) await new Promise((r) => setTimeout(r, 10));
      }
      await gateway.quiet(50);
    };
    // settle: a minute of simulated time (first polls, deferred work), then the baseline. The start-up's deferred
    // work loads code (the flows' host, the event log's elision, retention): the baseline waits until no request of
    // any kind is in flight, or it would count the rest of the start-up as growth.
    for (let i = 0; i < 4; i++) {
      await advance();
      await everything.quiet(500);
    }
    await collectGarbage(cdp);
    const start = await metrics(cdp);
    const requestsAtStart = gateway.traffic.requests;
    const hourlyBytes: number[] = [];
    const steps = Math.round((hours * 3_600_000) / stepMs);
    const perHour = Math.round(3_600_000 / stepMs);
    for (let s = 1; s <= steps; s++) {
      await advance();
      if (s % perHour === 0 || s === steps) {
        await collectGarbage(cdp);
        hourlyBytes.push((await metrics(cdp)).JSHeapUsedSize ?? 0);
        log(`scale: all-day tab, ${round1((s * stepMs) / 3_600_000)} h simulated`);
      }
    }
    await collectGarbage(cdp);
    const end = await metrics(cdp);
    return {
      hours,
      stepMs,
      startBytes: start.JSHeapUsedSize ?? 0,
      endBytes: end.JSHeapUsedSize ?? 0,
      hourlyBytes,
      domNodesStart: start.Nodes ?? 0,
      domNodesEnd: end.Nodes ?? 0,
      gatewayRequests: gateway.traffic.requests - requestsAtStart,
      failedGatewayRequests: gateway.traffic.failed,
      wallMs: Date.now() - t0,
    };
  } finally {
    await context.close();
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10;
