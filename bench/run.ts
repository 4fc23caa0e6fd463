/**
 * `npm run bench`: measures the project's goals (issue 11) in ONE run on this machine and writes
 * bench/report.json and bench/report.md. Where the machine's speed would decide a figure, it is a ratio of two
 * things measured side by side in this run.
 *
 *   npm run bench                  every figure
 *   npm run bench -- --only app    only some groups (devnet, app, queue, bridge, hostile, eventlog, scale); writes bench/tmp/
 *
 * Order: build the devnet-mode app, time a devnet cold start (new state folder), then the browser figures on
 * that devnet, the bridge in its own pages, and the validator in this process.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { startDevnet, type Devnet } from '../devnet/index.ts';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { devnetRuntimeConfig } from '../scripts/lib/devnetConfig.ts';
import { startStaticServer } from '../scripts/lib/staticServer.ts';
import { measureHome, measureQueue, type AppEnv } from './cases/app.ts';
import { measureBridge } from './cases/bridge.ts';
import { measureEventLog } from './cases/eventLog.ts';
import { measureHostile } from './cases/hostile.ts';
import { measureReview } from './cases/review.ts';
import { SCREENS, measureAllDayTab, measureHeap, measureScreens, type ScreenKey } from './cases/scale.ts';
import { seedLargeSafe } from '../devnet/seed/largeSafe.ts';
import { startGzipFront } from './lib/gzipFront.ts';
import { chunkGraphRecorder, walletModuleSizes, WALLET_MODULE_ENTRIES } from './lib/moduleSizes.ts';
import { figure, formatMarkdown, formatTable, round, type Figure, type Report } from './lib/report.ts';

const GROUPS = ['devnet', 'app', 'queue', 'bridge', 'hostile', 'eventlog', 'scale', 'review'] as const;
type Group = (typeof GROUPS)[number];

const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new Set((args[onlyIndex + 1] ?? '').split(',')) : null;
for (const g of only ?? []) if (!(GROUPS as readonly string[]).includes(g)) throw new Error(`--only: unknown group ${g} (groups: ${GROUPS.join(', ')})`);
const enabled = (g: Group) => !only || only.has(g);
const OUT = only ? resolve('bench/tmp') : resolve('bench');
const APP_DIR = resolve('.tmp/bench-app');
const QUEUE_RUNS = Number(process.env.BENCH_QUEUE_RUNS ?? 9);
/** Decision 0087: 10,000 calls of each kind per app in batches of 100 (a 1 µs step; 20 gave 5 µs steps on ~60 µs calls). */
const BRIDGE_ROUNDS = Number(process.env.BENCH_BRIDGE_ROUNDS ?? 10_000);
const BRIDGE_BATCH = Number(process.env.BENCH_BRIDGE_BATCH ?? 100);
const SCALE_RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 5);
const REVIEW_RUNS = Number(process.env.BENCH_REVIEW_RUNS ?? 5);
/** Who receives the review figure's transfer: an address that owns nothing on the devnet. */
const REVIEW_RECIPIENT = '0x000000000000000000000000000000000000bEEF';
const SCALE_HEAP_RUNS = Number(process.env.BENCH_SCALE_HEAP_RUNS ?? 3);
/** Simulated hours of the all-day tab (0 skips it). */
const SCALE_ALLDAY_HOURS = Number(process.env.BENCH_SCALE_ALLDAY_HOURS ?? 8);
/** Comma-separated screens of the scale group to time (default all); BENCH_SCALE_HEAP_RUNS=0 skips the heap figure. */
const SCALE_SCREENS = (process.env.BENCH_SCALE_SCREENS ?? '').split(',').filter(Boolean) as ScreenKey[];

const log = (message: string) => console.log(`bench: ${message}`);

/** Which of the home's gateway requests feed what the home shows, and which load lists it does not show. */
function homeRequestNotes(urls: readonly string[]): string[] {
  const unseen = urls.filter((u) => /\/(transactions\/history|messages|collectibles)\b|supported-fiat-codes/.test(new URL(u).pathname));
  const short = (u: string) => new URL(u).pathname.replace(/^.*\/safes\/0x[0-9a-fA-F]{40}\//, '').replace(/^\/v1\/balances\//, '');
  if (urls.length <= 5 || unseen.length === 0) return [];
  return [
    `${unseen.length} of the ${urls.length} requests load what the home does not show (${unseen.map(short).join(', ')}): those lists should start only when a screen that shows them opens (decision 0017), which would leave ${urls.length - unseen.length}.`,
  ];
}
const kB = (bytes: number) => round(bytes / 1000, 1);

function git(...a: string[]): string {
  try {
    return execFileSync('git', a, { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  // The commit measured is the one checked out when the run starts (the app is built from it then): files edited
  // while the run goes on are not in what it measures, so they must not mark the report as "with uncommitted changes".
  const commit = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''}`;
  const machine: Report['machine'] = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    // Other work on the machine during the run (1-minute load average, at the start and at the end).
    loadAverageAtStart: round(loadavg()[0] ?? 0, 2),
  };
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const needApp = enabled('devnet') || enabled('app') || enabled('queue') || enabled('scale') || enabled('review');
    const chunkGraph = chunkGraphRecorder();
    let devnet: Devnet | null = null;
    let browser: Browser | null = null;
    const launch = async () => {
      browser ??= await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
      machine.chromium = browser.version();
      return browser;
    };
    cleanups.push(async () => void (await browser?.close()));

    if (needApp) {
      log('building the devnet-mode app');
      await build({ mode: 'devnet', logLevel: 'warn', build: { outDir: APP_DIR, emptyOutDir: true }, plugins: [chunkGraph.plugin] });
      const server = await startStaticServer({ dir: APP_DIR, config: () => (devnet ? devnetRuntimeConfig(devnet) : undefined) });
      cleanups.push(() => server.stop());
      const front = await startGzipFront(server.url);
      cleanups.push(() => front.stop());

      log('devnet cold start (new state folder)');
      const stateDir = await mkdtemp(join(tmpdir(), 'countersign-bench-devnet-'));
      cleanups.push(() => rm(stateDir, { recursive: true, force: true }));
      const progress: string[] = [];
      const t0 = performance.now();
      devnet = await startDevnet({ stateDir, appOrigins: [front.url], log: (line) => void progress.push(line) });
      const coldMs = performance.now() - t0;
      const running = devnet;
      cleanups.push(() => running.stop());
      figures.push(
        figure({
          id: 'devnetColdStart',
          title: 'Devnet cold start',
          value: round(coldMs / 1000, 2),
          unit: 's',
          goal: { op: '<=', target: 10 },
          method: 'startDevnet() from devnet/index.ts with a new, empty state folder: anvil, the canonical Safe 1.4.1 contracts, test tokens, the on-chain demo history, the local gateway and the off-chain demo data, until it resolves.',
          details: { coldStartMs: round(coldMs, 0), seeded: running.seeded, loadAverage: round(loadavg()[0] ?? 0, 2), progress },
        }),
      );

      const env: AppEnv = {
        appUrl: front.url,
        gatewayUrl: running.gatewayUrl,
        teamSafe: `${running.shortName}:${running.safes[0]!.address}`,
        safeAddress: running.safes[0]!.address,
        chainId: running.chainId,
        distDir: APP_DIR,
      };

      if (enabled('app')) {
        log('cold load of the Safe home, connect, gateway requests, snapshots');
        const home = await measureHome(await launch(), env);
        const pageLoaded = new Set([...home.coldLoad.files, ...home.connect.files].map((f) => f.file.replace(/^\//, '')));
        const moduleSizes = await walletModuleSizes(chunkGraph.chunks, APP_DIR, pageLoaded);
        const largestModule = Object.entries(moduleSizes).sort((a, b) => b[1].withLazyGzipBytes - a[1].withLazyGzipBytes)[0]!;
        figures.push(
          figure({
            id: 'coldLoadBytes',
            title: 'JS + CSS on a cold load of a Safe’s home (gzip)',
            value: kB(home.coldLoad.bodyBytes),
            unit: 'kB',
            goal: { op: '<=', target: 120 },
            method: `A fresh browser context opens /home?safe=${env.teamSafe} on the devnet-mode production build served gzipped (level 6); the figure is the sum of the gzip body bytes of every JS and CSS response in Chromium's network log (CDP Network.loadingFinished minus the response headers) until the home has rendered and the gateway traffic has settled. The wallet connector (web3-onboard) must not be among them; connecting is measured after.`,
            details: {
              jsKB: kB(home.coldLoad.jsBytes),
              cssKB: kB(home.coldLoad.cssBytes),
              withResponseHeadersKB: kB(home.coldLoad.withHeadersBytes),
              everyResponseGzip: home.coldLoad.allGzip,
              connectorInInitialChunks: home.coldLoad.connectorInInitialChunks,
              files: home.coldLoad.files,
            },
            notes: [
              `Largest files: ${[...home.coldLoad.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 3).map((f) => `${f.file} ${kB(f.gzipBytes)} kB`).join(', ')}.`,
              home.coldLoad.connectorInInitialChunks ? 'web3-onboard IS in the chunks of the first load.' : 'web3-onboard is not in any chunk of the first load.',
            ],
          }),
          figure({
            id: 'connectBytes',
            title: 'JS + CSS added by connecting a wallet (gzip)',
            value: kB(home.connect.bodyBytes),
            unit: 'kB',
            goal: { op: '<=', target: 239 },
            method:
              'Same page, then Connect wallet → Devnet Wallet through web3-onboard’s modal: the gzip body bytes of the JS and CSS fetched from that click until the network is idle (the same network log as the cold load). Goal: issue 22’s “no growth over today’s 239 kB”. It is measured on the devnet build, so it includes the Devnet Wallet and the viem code it signs with (about 79 kB of it at decision 0076: a production build’s connect step is ~157 kB) and the shells of the signer-device modules (each module’s own code is the figure below). Which wallet modules are offered does not change it: their code loads only when picked.',
            details: { jsKB: kB(home.connect.jsBytes), cssKB: kB(home.connect.cssBytes), connectorChunks: home.connect.connectorChunks, files: home.connect.files },
          }),
          figure({
            id: 'connectTime',
            title: 'Connecting the Devnet Wallet (wall clock): Devnet Wallet chosen → connected',
            value: home.connectTiming.connectMs,
            unit: 'ms',
            goal: null,
            method: 'Same page: the time from the click on Connect wallet until web3-onboard’s list shows the Devnet Wallet (loading the wallet code and the modal), and from the click on Devnet Wallet until the header shows the connected wallet (EIP-6963 discovery, eth_requestAccounts, eth_chainId, the machine’s checks). Playwright’s own round trips are included; reported, not a goal (speed goals here are ratios).',
            details: { ...home.connectTiming },
            notes: [`Connect wallet → wallet list: ${home.connectTiming.listMs} ms; Devnet Wallet → connected: ${home.connectTiming.connectMs} ms.`],
          }),
          figure({
            id: 'walletModuleBytes',
            title: 'JS added by picking a signer-device module (gzip), largest of Ledger, Trezor, WalletConnect, Keystone',
            value: kB(largestModule[1].withLazyGzipBytes),
            unit: 'kB',
            goal: null,
            method: `From the bundle graph of the build served here: for each module, the chunk of its interface entry (${Object.values(WALLET_MODULE_ENTRIES).join(', ')}) and every chunk it imports, statically or dynamically (web3-onboard's Trezor and Keystone modules import their libraries with import() inside getInterface), not entering the app's own chunks — what picking the module loads — gzip level 6, minus the chunks the cold load and the connect step above already fetched. "Static" counts the static imports only. None of it is in the cold load or the connect step: the connect list carries only the modules' shells.`,
            details: Object.fromEntries(Object.entries(moduleSizes).map(([label, size]) => [label, { addedKB: kB(size.withLazyGzipBytes), staticKB: kB(size.onPickGzipBytes), chunks: size.chunks, lazyChunks: size.lazyChunks }])),
            notes: [Object.entries(moduleSizes).map(([label, size]) => `${label} ${kB(size.withLazyGzipBytes)} kB (static imports ${kB(size.onPickGzipBytes)} kB)`).join('; ') + '.'],
          }),
          figure({
            id: 'homeGatewayRequests',
            title: 'Gateway requests to render a Safe’s home',
            value: home.gateway.total,
            unit: 'requests',
            goal: { op: '<=', target: 5 },
            method: 'Every request to the gateway from navigation until the home has rendered and no gateway request ran for 1.5 s (Safe info polls every 15 s, so none is counted).',
            details: { unique: home.gateway.unique, duplicates: home.gateway.duplicates, requests: home.gateway.requests.map((r) => `${r.method} ${r.url.slice(env.gatewayUrl.length)}`) },
            notes: homeRequestNotes(home.gateway.requests.map((r) => r.url)),
          }),
          figure({
            id: 'homeGatewayDuplicates',
            title: 'Duplicate gateway requests (same method + URL) on the home',
            value: home.gateway.duplicates,
            unit: 'requests',
            goal: { op: '<=', target: 0 },
            method: 'Of the requests above, those repeating an earlier method + URL.',
            details: { repeated: home.gateway.repeated.map((r) => ({ request: `${r.method} ${r.url.slice(env.gatewayUrl.length)}`, count: r.count })) },
          }),
          figure({
            id: 'snapshotsPerResponse',
            title: 'Machine snapshots per gateway response (safeSession and children)',
            value: round(Math.max(home.snapshots.home.perResponse, home.snapshots.queue.perResponse), 2),
            unit: 'snapshots',
            goal: { op: '<=', target: 2 },
            method: 'The devnet build’s inspection probe counts @xstate.snapshot events of the safeSession actor and every machine actor below it (the promise actors of its effects are listed apart), divided by the gateway responses of the same phase: rendering the home (cold load), then the queue screen (cold load in the same tab). The figure is the worse phase.',
            details: { home: home.snapshots.home, queue: home.snapshots.queue },
          }),
        );
      }

      if (enabled('queue')) {
        log(`queue of 2,000 vs 50 items (${QUEUE_RUNS} runs each)`);
        const queue = await measureQueue(await launch(), env, QUEUE_RUNS);
        const small = queue.sizes['50']!;
        const large = queue.sizes['2000']!;
        figures.push(
          figure({
            id: 'queueRatio',
            title: 'Queue of 2,000 vs 50 items, time to first row',
            value: round(large.medianMs / small.medianMs, 2),
            unit: '×',
            goal: { op: '<=', target: 1.5 },
            method: `The gateway's queued endpoint answers (Playwright route) with one page of N transactions shaped like the devnet's own (LABEL Next, LABEL Queued, one MULTISIG transaction per nonce); each run is a fresh browser context navigating to /transactions/queue and timing, in the page, navigation start → the frame after the first .tx-row appears. ${QUEUE_RUNS} runs per size, interleaved after a warm-up; ratio of the medians.`,
            details: {
              medianMs50: round(small.medianMs, 1),
              medianMs2000: round(large.medianMs, 1),
              responseToFirstRowMedianMs50: round(small.medianAfterResponseMs, 1),
              responseToFirstRowMedianMs2000: round(large.medianAfterResponseMs, 1),
              responseToFirstRowRatio: round(large.medianAfterResponseMs / small.medianAfterResponseMs, 2),
              responseToListMachineMedianMs50: round(small.medianResponseToMachineMs, 1),
              responseToListMachineMedianMs2000: round(large.medianResponseToMachineMs, 1),
              eventLogQueueStreamBytes50: small.eventLogQueueStreamBytes,
              eventLogQueueStreamBytes2000: large.eventLogQueueStreamBytes,
              runs: Object.fromEntries(
                Object.entries(queue.sizes).map(([n, s]) => [
                  n,
                  { responseBytes: s.responseBytes, firstRowMs: s.firstRowMs.map((v) => round(v, 1)), afterResponseMs: s.afterResponseMs.map((v) => round(v, 1)), responseToMachineMs: s.responseToMachineMs.map((v) => round(v, 1)) },
                ]),
              ),
            },
            notes: [
              `From the queue's response to the first painted row: ${round(small.medianAfterResponseMs, 0)} ms for 50 items, ${round(large.medianAfterResponseMs, 0)} ms for 2,000 (${round(large.medianAfterResponseMs / small.medianAfterResponseMs, 1)}×). Of that, response → the queue list actor holding the items: ${round(small.medianResponseToMachineMs, 0)} ms vs ${round(large.medianResponseToMachineMs, 0)} ms (fetch body, JSON parse, schema validation, assign); the rest passes between the list actor holding the items and the first row being painted (React rendering the windowed list, plus whatever else the main thread runs then), although only the visible rows are in the DOM.`,
              ...(large.eventLogQueueStreamBytes !== null && large.eventLogQueueStreamBytes > large.responseBytes / 2
                ? [`The event log records the queue list actor's events with their data: its stream holds ${kB(large.eventLogQueueStreamBytes)} kB for the 2,000-item queue (${kB(small.eventLogQueueStreamBytes ?? 0)} kB for 50), i.e. the whole page is canonicalised, hashed (SHA-256) and written to IndexedDB on the main thread — in an idle period after the first rows are painted (decision 0080), so not in this figure.`]
                : []),
            ],
          }),
        );
      }

      if (enabled('review')) {
        log(`review step with vs without the simulation (${REVIEW_RUNS} runs each)`);
        const review = await measureReview(await launch(), { appUrl: front.url, teamSafe: env.teamSafe, token: running.tokens.usd.address, recipient: REVIEW_RECIPIENT, rpcUrl: running.rpcUrl }, REVIEW_RUNS, log);
        figures.push(
          figure({
            id: 'reviewSimulationRatio',
            title: 'Review step ready, with the simulation vs without it (same transaction)',
            value: round(review.medianWithMs / review.medianWithoutMs, 2),
            unit: '×',
            goal: { op: '<=', target: 1.5 },
            method: `The demo Safe's owner (Devnet Wallet) composes the same 1 dUSD transfer in New transaction; timed in the page from Continue on the nonce step to the review's Simulation section and Sign button on screen. Without: the simulation's own RPC calls (eth_simulateV1, and eth_call with a state override) are answered with a JSON-RPC error at once (a Playwright route on the RPC origin, passing every other RPC request through, installed in both runs), so the review shows the simulation as unavailable and every other check runs as usual. ${REVIEW_RUNS} runs each after a warm-up, interleaved; ratio of the medians.`,
            details: {
              medianMsWith: round(review.medianWithMs, 1),
              medianMsWithout: round(review.medianWithoutMs, 1),
              msWith: review.withMs.map((v) => round(v, 1)),
              msWithout: review.withoutMs.map((v) => round(v, 1)),
              simulationCallsRefusedPerRun: review.refusedCalls,
              loadAverage: round(loadavg()[0] ?? 0, 2),
            },
          }),
        );
      }
      if (enabled('scale')) figures.push(...(await scaleFigures(await launch(), running, front.url)));
    }

    let echoMedianMs: number | null = null;
    if (enabled('bridge')) {
      log(`bridge round trips (${BRIDGE_ROUNDS} each)`);
      const bridge = await measureBridge(await launch(), BRIDGE_ROUNDS, BRIDGE_BATCH);
      echoMedianMs = bridge.echoMedianMs;
      figures.push(
        figure({
          id: 'bridgeRatio',
          title: 'Bridge: getSafeInfo via the real safe-apps-sdk vs a raw postMessage echo',
          value: round(bridge.sdkMedianMs / bridge.echoMedianMs, 2),
          unit: '×',
          // Decision 0081: no host can reach the old 1.3× (the prepared-reply floor measures above it); the bridge's
          // goal is the host vs the floor below (issue 22). This one stays as the SDK's share.
          goal: null,
          method: `Host page (our postMessage listener + validator, which answers getSafeInfo from the open Safe's facts, around the bridgeSession and bridgeRequest machines, tests/e2e/bridge-fixtures/host.ts) and a cross-origin sandboxed iframe running @safe-global/safe-apps-sdk 9.1.0. Inside the iframe, ${BRIDGE_ROUNDS} sdk.safe.getInfo() calls and ${BRIDGE_ROUNDS} raw postMessages to the host answered by a plain echo listener in the same host page, in alternating batches of ${bridge.batchSize} after a warm-up (a batch's time / its size is one sample: performance.now() is coarse in a cross-origin frame); ratio of the median samples. A third series posts the same getSafeInfo request raw (no SDK) to split the SDK's share from the host's. Then the same three series in a second copy of the app in the same page whose getSafeInfo is answered by a reply envelope prepared once, with no validator or machine (the floor for any host).`,
          details: {
            sdkMedianMs: round(bridge.sdkMedianMs, 3),
            echoMedianMs: round(bridge.echoMedianMs, 3),
            rawGetSafeInfoMedianMs: round(bridge.rawMedianMs, 3),
            rawGetSafeInfoVsEcho: round(bridge.rawMedianMs / bridge.echoMedianMs, 2),
            sdkVsRawGetSafeInfo: round(bridge.sdkMedianMs / bridge.rawMedianMs, 2),
            sdkFirstQuarterMedianMs: round(bridge.sdkFirstQuarterMs, 3),
            sdkLastQuarterMedianMs: round(bridge.sdkLastQuarterMs, 3),
            firstQuarterRatio: round(bridge.sdkFirstQuarterMs / bridge.echoFirstQuarterMs, 2),
            hostRequests: bridge.hostRequests,
            hostSessionChildrenAfter: bridge.hostChildrenAfter, sdkP90Ms: round(bridge.sdkP90Ms, 3), echoP90Ms: round(bridge.echoP90Ms, 3), rounds: bridge.rounds, batchSize: bridge.batchSize,
            floorSdkMedianMs: round(bridge.floor.sdkMedianMs, 3),
            floorRawGetSafeInfoMedianMs: round(bridge.floor.rawMedianMs, 3),
            floorEchoMedianMs: round(bridge.floor.echoMedianMs, 3),
            floorRatio: round(bridge.floor.sdkMedianMs / bridge.floor.echoMedianMs, 2),
            floorRawGetSafeInfoVsEcho: round(bridge.floor.rawMedianMs / bridge.floor.echoMedianMs, 2),
            floorSdkVsRawGetSafeInfo: round(bridge.floor.sdkMedianMs / bridge.floor.rawMedianMs, 2),
            floorRequests: bridge.floor.requests },
          notes: [
            `No goal (decision 0081): the 1.3× of decision 0006 measures the published SDK and the echo's speed more than any host — the prepared-reply floor is ${round(bridge.floor.sdkMedianMs / bridge.floor.echoMedianMs, 2)}× here. Our host's own goal is the figure after this one. In absolute terms: ${round(bridge.sdkMedianMs * 1000, 0)} µs per sdk.safe.getInfo() through our host, ${round(bridge.floor.sdkMedianMs * 1000, 0)} µs through the floor, ${round(bridge.echoMedianMs * 1000, 0)} µs per raw echo.`,
            `SDK round trip, median of the first quarter of the batches: ${round(bridge.sdkFirstQuarterMs, 2)} ms (${round(bridge.sdkFirstQuarterMs / bridge.echoFirstQuarterMs, 1)}× the echo then); of the last quarter: ${round(bridge.sdkLastQuarterMs, 2)} ms.`,
            ...(bridge.hostChildrenAfter > 2
              ? [`After ${bridge.hostRequests.toLocaleString('en-US')} answered requests the host's bridgeSession still holds ${bridge.hostChildrenAfter.toLocaleString('en-US')} child actors: finished bridgeRequest actors are never stopped or removed, so the session's children map (and memory) grows with every request an app makes, and each later event works on a larger snapshot (in other runs of this bench the round trip grew several-fold over 2,000 requests; compare the quarters above).`]
              : []),
            `The same getSafeInfo posted raw (no SDK) takes ${round(bridge.rawMedianMs / bridge.echoMedianMs, 2)}× the echo; the SDK adds ${round(bridge.sdkMedianMs / bridge.rawMedianMs, 2)}× on top of that raw request (its random id, message filter and promise per call).`,
            `Floor: with a host that only posts a reply prepared once (no validator, no machine), the SDK round trip is ${round(bridge.floor.sdkMedianMs / bridge.floor.echoMedianMs, 2)}× the echo (raw request ${round(bridge.floor.rawMedianMs / bridge.floor.echoMedianMs, 2)}×, SDK ÷ raw ${round(bridge.floor.sdkMedianMs / bridge.floor.rawMedianMs, 2)}×): that much is the published SDK and the size of the Safe's info, not the host. Our host is at ${round(bridge.sdkMedianMs / bridge.echoMedianMs / (bridge.floor.sdkMedianMs / bridge.floor.echoMedianMs), 2)}× the floor.`,
          ],
        }),
      );
      figures.push(
        figure({
          id: 'bridgeVsFloor',
          title: 'Bridge: getSafeInfo via our host vs the prepared-reply floor page (same SDK)',
          value: round(bridge.sdkMedianMs / bridge.floor.sdkMedianMs, 2),
          unit: '×',
          goal: { op: '<=', target: 1.1 },
          method: `The two copies of the app above, in one host page: ours answered by our host (validator, origin and source checks, the exactly-once rule, the answer built from the open Safe's facts), the floor by a reply envelope prepared once. The two take turns, ${bridge.rounds / bridge.segment} segments of ${bridge.segment} sdk.safe.getInfo() calls each (batches of ${bridge.batchSize}), the one going first alternating, so both warm up alike; ratio of the median per-call times of the two.`,
          details: { hostSdkMedianMs: round(bridge.sdkMedianMs, 3), floorSdkMedianMs: round(bridge.floor.sdkMedianMs, 3), hostSdkSamples: bridge.sdkSamples.map((v) => round(v, 3)), floorSdkSamples: bridge.floor.sdkSamples.map((v) => round(v, 3)), segment: bridge.segment, rounds: bridge.rounds },
          notes: [],
        }),
      );
    }

    if (enabled('hostile')) {
      log('hostile bridge messages through the host validator');
      const hostile = measureHostile();
      const scale = echoMedianMs === null ? '' : ` For scale: the raw postMessage echo above completes ${Math.round(1000 / echoMedianMs).toLocaleString('en-US')} round trips per second.`;
      figures.push(
        figure({
          id: 'hostileMessagesPerSecond',
          title: 'Hostile bridge messages per second the host validator handles',
          value: Math.round(hostile.perSecond),
          unit: 'messages/s',
          goal: null,
          method: `validateMessage() (src/bridge/host/validate.ts) over ${hostile.messages.toLocaleString('en-US')} messages generated with the fast-check arbitraries of the property test (tests/unit/bridge/hostileMessages.ts, fixed seed: 12 invalid or hostile to 1 valid, among them 2 MB strings, 60,000-element arrays and proxies that throw), ${hostile.rounds} rounds in this Node process after a warm-up; median round.${scale}`,
          details: { ...hostile, perSecond: Math.round(hostile.perSecond), ...(echoMedianMs === null ? {} : { validatorVsEchoRate: round(hostile.perSecond / (1000 / echoMedianMs), 1) }) },
        }),
      );
    }

    if (enabled('eventlog')) {
      log('event-log growth: 8 visible hours of an untouched Safe (simulated clock)');
      const growth = await measureEventLog(8);
      const method =
        'bench/lib/eventLogSoak.ts, the soak tests/unit/eventLog/soak.test.ts asserts: the real appSession with its boot children (wallet, address book, Safe session with its queue and openers) logged through the real capture into a MemoryEventStore; the gateway is a stub answering the same chains, Safe info, balances and queue every time (a Safe nobody touches), except once halfway (a new nonce and tags, which is written); time advances in 15 s steps on xstate’s SimulatedClock. Bytes are each record and cached snapshot as canonical JSON (UTF-8), what IndexedDB keeps give or take its own overhead.';
      figures.push(
        figure({
          id: 'eventLogBytesPerHour',
          title: 'Event-log growth per visible hour of an open Safe',
          value: round(growth.bytesPerHour / 1000, 2),
          unit: 'kB/h',
          goal: { op: '<=', target: 20 },
          method: `${method} Figure: (bytes after ${growth.hours} h − bytes once the Safe was open) ÷ ${growth.hours}.`,
          details: { ...growth },
          notes: [
            `Without leaving out unchanged polls (before decision 0049), the same hour wrote ${growth.withoutElision.recordsPerHour} records, ${round(growth.withoutElision.bytesPerHour / 1000, 1)} kB.`,
            `${growth.elided.spans.toLocaleString('en-US')} spans (${growth.elided.records.toLocaleString('en-US')} events) changed nothing and were left out.`,
          ],
        }),
        figure({
          id: 'eventLogBytesAfter8h',
          title: `Event-log size after ${growth.hours} visible hours of an open Safe`,
          value: round(growth.bytesAfter / 1000, 1),
          unit: 'kB',
          goal: null,
          method: `${method} Figure: every stream of the page load, records and snapshots, at the end.`,
          details: { records: growth.recordsAfter, samples: growth.samples },
        }),
      );
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => log(`cleanup: ${String(error)}`));
  }

  machine.loadAverageAtEnd = round(loadavg()[0] ?? 0, 2);
  const report: Report = { generatedAt: new Date().toISOString(), commit, machine, figures };
  await mkdir(OUT, { recursive: true });
  await writeFile(join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(OUT, 'report.md'), formatMarkdown(report));
  console.log(`\n${formatTable(figures)}\n`);
  log(`wrote ${join(OUT, 'report.json')} and report.md`);
}

/** The large-Safe figures (issue 22): seeds the fixture on the running devnet, then measures it beside the demo Safe. */
async function scaleFigures(browser: Browser, devnet: Devnet, appUrl: string): Promise<Figure[]> {
  log('large-Safe fixture: seeding (30 owners, 200 queued, 300 messages; 1,500 tokens, 10,000 history items, 500 NFTs generated)');
  const large = await seedLargeSafe({ rpcUrl: devnet.rpcUrl, gatewayUrl: devnet.gatewayUrl, chainId: devnet.chainId, tokens: devnet.tokens });
  const env = { appUrl, gatewayUrl: devnet.gatewayUrl, demoSafe: `${devnet.shortName}:${devnet.safes[0]!.address}`, largeSafe: `${devnet.shortName}:${large.address}` };
  const out: Figure[] = [
    figure({
      id: 'largeSafeSeed',
      title: 'Seeding the large-Safe fixture on a running devnet',
      value: round(large.ms / 1000, 1),
      unit: 's',
      goal: null,
      method: 'seedLargeSafe() from devnet/seed/largeSafe.ts on the devnet started above: deploy and fund the 30-owner Safe, register the generated lists with the gateway, post 200 proposals and 300 messages with their owner signatures through the gateway API.',
      details: { ...large, owners: large.owners.length },
    }),
  ];

  log(`scale: time to first row, demo vs large Safe (${SCALE_RUNS} runs per screen)`);
  const screens = SCALE_RUNS > 0 ? await measureScreens(browser, env, SCALE_RUNS, SCALE_SCREENS.length ? SCALE_SCREENS : undefined, log) : { runs: 0, screens: {} as Awaited<ReturnType<typeof measureScreens>>['screens'] };
  const goals: Record<ScreenKey, boolean> = { assets: true, history: true, queue: true, nfts: true, messages: false };
  for (const [key, s] of Object.entries(screens.screens) as [ScreenKey, (typeof screens.screens)[ScreenKey]][]) {
    const ratio = s.large.medianMs / s.demo.medianMs;
    const screen = SCREENS[key];
    out.push(
      figure({
        id: `scaleFirstRow${screen.title}`,
        title: `${screen.title}: time to first row, large Safe vs demo Safe`,
        value: round(ratio, 2),
        unit: '×',
        goal: goals[key] ? { op: '<=', target: 1.5 } : null,
        method: `Each run a fresh browser context opens ${screen.path}?safe=<Safe> cold on the devnet-mode build and times, in the page, navigation start → the frame after the first \`${screen.row}\` is in the page (MutationObserver, then requestAnimationFrame). ${SCALE_RUNS} runs per Safe after a warm-up, the two Safes interleaved (alternating which goes first); ratio of the medians. The large Safe is the devnet's large-Safe fixture (decision 0068), the demo Safe the 2-of-3 team Safe.`,
        details: {
          medianMsDemo: round(s.demo.medianMs, 1),
          medianMsLarge: round(s.large.medianMs, 1),
          firstRowMsDemo: s.demo.firstRowMs.map((v) => round(v, 1)),
          firstRowMsLarge: s.large.firstRowMs.map((v) => round(v, 1)),
          rowsAtFirstRowDemo: s.demo.rowsAtFirstRow,
          rowsAtFirstRowLarge: s.large.rowsAtFirstRow,
          rowsSettledDemo: s.demo.rowsSettled,
          rowsSettledLarge: s.large.rowsSettled,
          gatewayRequestsDemo: s.demo.gatewayRequests,
          gatewayRequestsLarge: s.large.gatewayRequests,
          gatewayResponseKBDemo: s.demo.gatewayResponseBytes === null ? null : kB(s.demo.gatewayResponseBytes),
          gatewayResponseKBLarge: s.large.gatewayResponseBytes === null ? null : kB(s.large.gatewayResponseBytes),
        },
        notes: scaleNotes(key, s),
      }),
    );
  }

  if (SCALE_ALLDAY_HOURS > 0) {
    log(`scale: an all-day tab, ${SCALE_ALLDAY_HOURS} simulated hours of the large Safe's home`);
    const day = await measureAllDayTab(browser, env, 'large', SCALE_ALLDAY_HOURS, 15_000, log);
    const MB = (b: number) => round(b / 1e6, 2);
    out.push(
      figure({
        id: 'scaleAllDayHeapGrowth',
        title: `An all-day tab: JS heap growth over ${SCALE_ALLDAY_HOURS} visible hours (large Safe's home)`,
        value: round(((day.endBytes - day.startBytes) / day.startBytes) * 100, 1),
        unit: '%',
        goal: { op: '<=', target: 10 },
        method: `A fresh browser context with Playwright's page clock installed (page.clock: the page's timers, Date and performance.now run on simulated time) opens the large Safe's home and stays visible; the harness advances the clock ${day.stepMs / 1000} s at a time and waits for each step's gateway traffic (real devnet, real network) to finish, for ${SCALE_ALLDAY_HOURS} simulated hours (${Math.round((SCALE_ALLDAY_HOURS * 3_600_000) / day.stepMs).toLocaleString('en-US')} steps, the Safe info polled at every one). JS heap used after HeapProfiler.collectGarbage (twice), after a simulated minute once the Safe is open, at each hour and at the end. The figure: (end − start) ÷ start.`,
        details: { startMB: MB(day.startBytes), endMB: MB(day.endBytes), hourlyMB: day.hourlyBytes.map(MB), domNodesStart: day.domNodesStart, domNodesEnd: day.domNodesEnd, gatewayRequests: day.gatewayRequests, failedGatewayRequests: day.failedGatewayRequests, wallSeconds: round(day.wallMs / 1000, 0) },
        notes: day.hourlyBytes.length > 1
          ? [
              `From the end of the first hour to the end: ${round(((day.endBytes - day.hourlyBytes[0]!) / day.hourlyBytes[0]!) * 100, 1)} % (${MB(day.hourlyBytes[0]!)} → ${MB(day.endBytes)} MB); in the first hour ${round(((day.hourlyBytes[0]! - day.startBytes) / day.startBytes) * 100, 1)} %.`,
              'What grows (heap snapshots of this figure’s setup at the start and after 3 simulated hours, 2026-12-01, ad hoc): +0.49 MB of V8 machine code (284 new InstructionStream objects) with +0.2 MB of its metadata (TrustedByteArray, ProtectedFixedArray) — V8 compiling the poll path’s hot functions to optimised code as their call counts grow; bytecode, plain objects, arrays and DOM nodes unchanged. It levels off after about 3 hours; V8 may later drop code it no longer runs, which is why some runs end lower than others.',
            ]
          : [],
      }),
    );
  }

  if (SCALE_HEAP_RUNS <= 0) return out;
  log(`scale: JS heap after every screen, demo vs large Safe (${SCALE_HEAP_RUNS} runs)`);
  const heap = await measureHeap(browser, env, SCALE_HEAP_RUNS, log);
  const MB = (b: number) => round(b / 1e6, 2);
  out.push(
    figure({
      id: 'scaleHeap',
      title: 'JS heap after opening every screen, large Safe vs demo Safe',
      value: round(heap.medianUsedLarge / heap.medianUsedDemo, 2),
      unit: '×',
      goal: { op: '<=', target: 1.5 },
      method: `Each run a fresh browser context opens the Safe's home, then Assets, NFTs, Queue, History and Messages through the sidebar, each until its first row is in the page and its gateway traffic has been quiet for 1 s; then CDP HeapProfiler.collectGarbage (twice) and Performance.getMetrics' JSHeapUsedSize. ${SCALE_HEAP_RUNS} runs per Safe after a warm-up, interleaved; ratio of the medians.`,
      details: {
        medianUsedMBDemo: MB(heap.medianUsedDemo),
        medianUsedMBLarge: MB(heap.medianUsedLarge),
        usedMBDemo: heap.demo.map((h) => MB(h.usedBytes)),
        usedMBLarge: heap.large.map((h) => MB(h.usedBytes)),
        totalMBDemo: heap.demo.map((h) => MB(h.totalBytes)),
        totalMBLarge: heap.large.map((h) => MB(h.totalBytes)),
        domNodesDemo: heap.demo.map((h) => h.domNodes),
        domNodesLarge: heap.large.map((h) => h.domNodes),
        stepsMBDemo: Object.fromEntries(Object.entries(heap.demo.at(-1)?.steps ?? {}).map(([k, v]) => [k, MB(v)])),
        stepsMBLarge: Object.fromEntries(Object.entries(heap.large.at(-1)?.steps ?? {}).map(([k, v]) => [k, MB(v)])),
      },
      notes: [
        `Heap used after each step (before the final collection), last run: demo ${Object.entries(heap.demo.at(-1)?.steps ?? {}).map(([k, v]) => `${k} ${MB(v)} MB`).join(', ')}; large ${Object.entries(heap.large.at(-1)?.steps ?? {}).map(([k, v]) => `${k} ${MB(v)} MB`).join(', ')}.`,
      ],
    }),
  );
  return out;
}

function scaleNotes(key: ScreenKey, s: { demo: { medianMs: number; rowsSettled: number | null; gatewayResponseBytes: number | null; rowsAtFirstRow: number[] }; large: { medianMs: number; rowsSettled: number | null; gatewayResponseBytes: number | null; rowsAtFirstRow: number[] } }): string[] {
  const notes = [
    `${SCREENS[key].title}: ${round(s.demo.medianMs, 0)} ms (demo) vs ${round(s.large.medianMs, 0)} ms (large); rows in the page at the first row ${s.demo.rowsAtFirstRow.at(-1) ?? '?'} vs ${s.large.rowsAtFirstRow.at(-1) ?? '?'}, once settled ${s.demo.rowsSettled ?? '?'} vs ${s.large.rowsSettled ?? '?'}; gateway response bodies until settled ${s.demo.gatewayResponseBytes === null ? '?' : kB(s.demo.gatewayResponseBytes)} kB vs ${s.large.gatewayResponseBytes === null ? '?' : kB(s.large.gatewayResponseBytes)} kB.`,
  ];
  return notes;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
