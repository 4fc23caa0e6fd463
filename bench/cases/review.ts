/**
 * Review step ready, with the simulation vs without it, for the same transaction (issue 22): the demo Safe's owner
 * composes the same token transfer each run; the time runs from Continue on the nonce step to the review's
 * Simulation section and Sign button on screen. "Without" answers the simulation's own RPC calls (eth_simulateV1,
 * and eth_call with a state override: the effect probe) with a JSON-RPC error at once, so the review shows the
 * simulation as unavailable and everything else runs as usual.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { median } from '../lib/report.ts';

export interface ReviewEnv {
  appUrl: string;
  /** `devnet:0x…` of the demo 2-of-3 Safe. */
  teamSafe: string;
  /** The token sent (the devnet's dUSD) and who receives it. */
  token: string;
  recipient: string;
  /** The chain's RPC URL the app reads from: the only requests the run intercepts, with or without the simulation. */
  rpcUrl: string;
}

export interface ReviewResult {
  runs: number;
  withMs: number[];
  withoutMs: number[];
  medianWithMs: number;
  medianWithoutMs: number;
  /** RPC calls answered with an error in the last run without the simulation. */
  refusedCalls: number;
}

/** Whether a JSON-RPC request body is one of the simulation's calls. */
export function isSimulationCall(body: string | null): boolean {
  if (!body) return false;
  try {
    const call = JSON.parse(body) as { method?: unknown; params?: unknown };
    if (call.method === 'eth_simulateV1') return true;
    return call.method === 'eth_call' && Array.isArray(call.params) && call.params.length >= 3 && call.params[2] !== null && typeof call.params[2] === 'object';
  } catch {
    return false;
  }
}

async function reviewRun(browser: Browser, env: ReviewEnv, simulate: boolean): Promise<{ ms: number; refused: number }> {
  const context = await browser.newContext();
  let refused = 0;
  try {
    const page: Page = await context.newPage();
    // Both runs pass the RPC requests through the same interception, so its cost is on both sides.
    const rpcOrigin = new URL(env.rpcUrl).origin;
    {
      await page.route((url) => url.origin === rpcOrigin, async (route: Route) => {
        const request = route.request();
        if (!simulate && request.method() === 'POST' && isSimulationCall(request.postData())) {
          refused++;
          const id = (JSON.parse(request.postData()!) as { id?: unknown }).id ?? null;
          await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'the method is not available (bench: without simulation)' } }) });
          return;
        }
        await route.fallback();
      });
    }
    await page.goto(`${env.appUrl}/home?safe=${env.teamSafe}`);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await page.getByRole('button', { name: 'Devnet Wallet' }).click();
    await page.getByRole('button', { name: 'New transaction' }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Send tokens' }).check();
    await dialog.getByLabel('Token', { exact: true }).selectOption(env.token);
    await dialog.getByLabel('Recipient address').fill(env.recipient);
    await dialog.getByLabel('Amount', { exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Nonce', { exact: true }).waitFor({ timeout: 30_000 });
    const t0 = await page.evaluate(() => performance.now());
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('region', { name: 'Simulation' }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: /^Sign$/ }).waitFor({ timeout: 60_000 });
    const ms = (await page.evaluate(() => performance.now())) - t0;
    if (!simulate && (await dialog.getByRole('region', { name: 'Simulation' }).textContent())?.includes('unavailable') !== true) {
      throw new Error('bench review: without the simulation, the review should show it as unavailable');
    }
    return { ms, refused };
  } finally {
    await context.close();
  }
}

/** `runs` interleaved runs of each after one warm-up of each (alternating which goes first). */
export async function measureReview(browser: Browser, env: ReviewEnv, runs: number, log: (m: string) => void = () => undefined): Promise<ReviewResult> {
  const result: ReviewResult = { runs, withMs: [], withoutMs: [], medianWithMs: Number.NaN, medianWithoutMs: Number.NaN, refusedCalls: 0 };
  for (let run = -1; run < runs; run++) {
    for (const simulate of run % 2 === 0 ? [true, false] : [false, true]) {
      const r = await reviewRun(browser, env, simulate);
      if (run < 0) continue;
      (simulate ? result.withMs : result.withoutMs).push(r.ms);
      if (!simulate) result.refusedCalls = r.refused;
    }
    if (run >= 0) log(`review: run ${run + 1}/${runs}`);
  }
  result.medianWithMs = median(result.withMs);
  result.medianWithoutMs = median(result.withoutMs);
  return result;
}
