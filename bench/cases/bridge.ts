/**
 * Bridge round trip in Chromium: getSafeInfo from the real @safe-global/safe-apps-sdk in a sandboxed
 * cross-origin iframe through our host (bench/fixtures/bridgeHost.ts) vs a raw postMessage echo in the same
 * page. Pages are bundled in memory by Vite and served on two origins (tests/e2e/bridge-fixtures/bundle.ts).
 */
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { bundlePages, serveFiles } from '../../tests/e2e/bridge-fixtures/bundle.ts';
import { median } from '../lib/report.ts';

export interface BridgeResult {
  rounds: number;
  batchSize: number;
  sdkMedianMs: number;
  echoMedianMs: number;
  /** getSafeInfo posted raw by the app (no SDK): the host's share. */
  rawMedianMs: number;
  sdkP90Ms: number;
  echoP90Ms: number;
  /** Median SDK sample of the first and of the last quarter of the batches (does the host slow down?). */
  sdkFirstQuarterMs: number;
  sdkLastQuarterMs: number;
  echoFirstQuarterMs: number;
  /** Requests the host answered, and the actors its bridgeSession still holds afterwards. */
  hostRequests: number;
  hostChildrenAfter: number;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

const firstQuarter = (values: number[]) => values.slice(0, Math.max(1, Math.floor(values.length / 4)));

export async function measureBridge(browser: Browser, rounds: number, batchSize = 20): Promise<BridgeResult> {
  const fixtures = resolve('bench/fixtures');
  const files = await bundlePages({ host: `${fixtures}/bridgeHost.ts`, app: `${fixtures}/bridgeApp.ts` });
  const servers: Server[] = [];
  const context = await browser.newContext();
  try {
    const [hostUrl, appUrl] = [await serveFiles(files, servers), await serveFiles(files, servers)];
    const page = await context.newPage();
    const app = `${appUrl}/app.html?host=${encodeURIComponent(hostUrl)}`;
    await page.goto(`${hostUrl}/host.html?app=${encodeURIComponent(app)}`);
    const deadline = Date.now() + 30_000;
    let frame = page.frames().find((f) => f.url().startsWith(`${appUrl}/app.html`));
    while (!frame && Date.now() < deadline) {
      await page.waitForTimeout(50);
      frame = page.frames().find((f) => f.url().startsWith(`${appUrl}/app.html`));
    }
    if (!frame) throw new Error('the app frame did not load');
    await frame.waitForFunction(() => (window as unknown as { appReady?: boolean }).appReady === true);
    const measured = await frame.evaluate(
      ([r, b]) => (window as unknown as { measure: (r: number, b: number) => Promise<{ sdk: number[]; raw: number[]; echo: number[]; safeAddress: string }> }).measure(r, b),
      [rounds, batchSize] as const,
    );
    if (!/^0x[0-9a-fA-F]{40}$/.test(measured.safeAddress)) throw new Error('getSafeInfo did not answer with a Safe');
    const host = await page.evaluate(() => {
      const h = (window as unknown as { bridgeHost: { stats: { requests: unknown[] }; childCount: () => number } }).bridgeHost;
      return { requests: h.stats.requests.length, children: h.childCount() };
    });
    if (host.requests < rounds) throw new Error(`the host saw only ${host.requests} SDK requests`);
    return {
      rounds,
      batchSize,
      sdkMedianMs: median(measured.sdk),
      echoMedianMs: median(measured.echo),
      rawMedianMs: median(measured.raw),
      sdkP90Ms: percentile(measured.sdk, 0.9),
      echoP90Ms: percentile(measured.echo, 0.9),
      sdkFirstQuarterMs: median(firstQuarter(measured.sdk)),
      sdkLastQuarterMs: median(measured.sdk.slice(-firstQuarter(measured.sdk).length)),
      echoFirstQuarterMs: median(firstQuarter(measured.echo)),
      hostRequests: host.requests,
      hostChildrenAfter: host.children,
    };
  } finally {
    await context.close();
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  }
}
