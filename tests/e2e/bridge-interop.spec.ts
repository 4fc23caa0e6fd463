/**
 * Interop of the Safe Apps bridge in Chromium, through a real window/iframe pair on three origins:
 * - host page (origin A): our host — bridgeSession + bridgeRequest machines + the postMessage listener;
 * - app iframe (origin B): the REAL @safe-global/safe-apps-sdk 9.1.0, or our SDK;
 * - forger (origin C, and origin B in a second window/iframe): posts well-formed forged requests.
 * Pages are bundled in memory with Vite and served by node:http (jsdom's MessageEvent has no source/origin).
 */
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { getAddress } from 'viem';
import { bundlePages, serveFiles, type ServedFile } from './bridge-fixtures/bundle.ts';
import { ADDRESS_BOOK, BALANCES, MAGIC_RESULT, OFFCHAIN_SIGNATURE, TX_DETAILS } from './bridge-fixtures/data.ts';
import { FALLBACK_HANDLER, MESSAGE_HASH, OWNERS, SAFE_ADDRESS, SAFE_TX_HASH, chainInfo } from '../unit/bridge/fixtures.ts';

let files = new Map<string, ServedFile>();
const servers: Server[] = [];
let hostUrl = '';
let appUrl = '';
let forgerUrl = '';

test.beforeAll(async () => {
  const fixtures = resolve('tests/e2e/bridge-fixtures');
  files = await bundlePages({ host: `${fixtures}/host.ts`, app: `${fixtures}/app.ts`, forger: `${fixtures}/forger.ts` }, { minify: false });
  [hostUrl, appUrl, forgerUrl] = await Promise.all([serveFiles(files, servers), serveFiles(files, servers), serveFiles(files, servers)]);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
});

interface HostStats {
  requests: { id: string; method: string }[];
  replies: { id: string; success: boolean }[];
  dropped: string[];
  txFlows: { txs: { to: string; value: string; data: string; gas?: string }[]; safeTxGas: string | null }[];
  messageFlows: { signing: string; message: unknown }[];
}

const stats = (p: Page): Promise<HostStats> => p.evaluate(() => (window as unknown as { bridgeHost: { stats: HostStats } }).bridgeHost.stats);

async function openHost(p: Page, sdk: 'real' | 'ours', extra = ''): Promise<Frame> {
  const app = `${appUrl}/app.html?sdk=${sdk}&host=${encodeURIComponent(hostUrl)}`;
  await p.goto(`${hostUrl}/host.html?app=${encodeURIComponent(app)}${extra}`);
  await expect.poll(() => p.frames().some((f) => f.url().startsWith(`${appUrl}/app.html`))).toBe(true);
  const frame = p.frames().find((f) => f.url().startsWith(`${appUrl}/app.html`));
  if (!frame) throw new Error('app frame missing');
  await frame.waitForFunction(() => (window as unknown as { appReady?: boolean }).appReady === true);
  return frame;
}

type Settled = { ok: true; value: unknown } | { ok: false; error: string; code?: number };
const call = <T extends string>(frame: Frame, fn: T): Promise<Record<string, Settled>> =>
  frame.evaluate((name) => (window as unknown as Record<string, () => Promise<Record<string, Settled>>>)[name]!(), fn);

const ADDRESS = '0xABCDEFabcdef0000000000000000000000000001';
const CHECKSUMMED = getAddress(ADDRESS);

function expectReads(r: Record<string, Settled>, hostOrigin: string) {
  expect(r.safe).toEqual({
    ok: true,
    value: {
      safeAddress: SAFE_ADDRESS,
      chainId: 31337,
      owners: OWNERS,
      threshold: 2,
      isReadOnly: false,
      nonce: 7,
      implementation: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
      modules: null,
      fallbackHandler: FALLBACK_HANDLER,
      guard: null,
      version: '1.4.1+L2',
      network: 'DEVNET',
    },
  });
  expect(r.chain).toEqual({
    ok: true,
    value: {
      chainName: chainInfo.chainName,
      chainId: '31337',
      shortName: 'devnet',
      nativeCurrency: chainInfo.nativeCurrency,
      blockExplorerUriTemplate: chainInfo.blockExplorerUriTemplate,
    },
  });
  expect(r.environment).toEqual({ ok: true, value: { origin: hostOrigin } });
  expect(r.balances).toEqual({ ok: true, value: BALANCES });
  expect(r.tx).toEqual({ ok: true, value: TX_DETAILS });
  expect(r.offChainSignature).toEqual({ ok: true, value: OFFCHAIN_SIGNATURE });
  expect(r.unknownSignature).toEqual({ ok: true, value: '' });
  // The SDKs' parameter formatting reaches the chain unchanged (the host echoes reads back).
  expect(r.balance).toEqual({ ok: true, value: { method: 'eth_getBalance', params: [ADDRESS, 'latest'] } });
  expect(r.code).toEqual({ ok: true, value: { method: 'eth_getCode', params: [ADDRESS, 'earliest'] } });
  expect(r.storage).toEqual({ ok: true, value: { method: 'eth_getStorageAt', params: [ADDRESS, '0xa', 'latest'] } });
  expect(r.block).toEqual({ ok: true, value: { method: 'eth_getBlockByNumber', params: ['0x10', false] } });
  expect(r.blockByHash).toEqual({ ok: true, value: { method: 'eth_getBlockByHash', params: [SAFE_TX_HASH, false] } });
  expect(r.txByHash).toEqual({ ok: true, value: { method: 'eth_getTransactionByHash', params: [SAFE_TX_HASH] } });
  expect(r.receipt).toEqual({ ok: true, value: { method: 'eth_getTransactionReceipt', params: [SAFE_TX_HASH] } });
  expect(r.count).toEqual({ ok: true, value: { method: 'eth_getTransactionCount', params: [ADDRESS, 'latest'] } });
  expect(r.gasPrice).toEqual({ ok: true, value: { method: 'eth_gasPrice', params: [] } });
  expect(r.logs).toEqual({ ok: true, value: { method: 'eth_getLogs', params: [{ fromBlock: 'latest' }] } });
  expect(r.estimate).toEqual({ ok: true, value: { method: 'eth_estimateGas', params: [{ to: ADDRESS, data: '0x' }] } });
  expect(r.call).toEqual({ ok: true, value: MAGIC_RESULT });
  expect(r.permissions).toEqual({ ok: true, value: [] });
  expect(r.messageSigned).toEqual({ ok: true, value: true });
}

for (const sdk of ['real', 'ours'] as const) {
  test(`${sdk} SDK: every read method answers correctly`, async ({ page: p }) => {
    const frame = await openHost(p, sdk);
    expectReads(await call(frame, 'runReads'), hostUrl);
    const s = await stats(p);
    // One reply per request, ids unchanged, nothing dropped.
    expect(s.replies.map((r) => r.id).sort()).toEqual(s.requests.map((r) => r.id).sort());
    expect(new Set(s.replies.map((r) => r.id)).size).toBe(s.replies.length);
    expect(s.dropped).toEqual([]);
    const ids = s.requests.map((r) => r.id);
    // The real SDK's ids are 5 random bytes (10 hex), ours 10 random bytes (20 hex).
    for (const id of ids) expect(id).toMatch(sdk === 'real' ? /^[0-9a-f]{10}$/ : /^[0-9a-f]{20}$/);
  });

  test(`${sdk} SDK: transactions, messages, settings and the address book permission`, async ({ page: p }) => {
    const frame = await openHost(p, sdk);
    const r = await call(frame, 'runActions');
    expect(r.send).toEqual({ ok: true, value: { safeTxHash: SAFE_TX_HASH } });
    expect(r.rejected).toEqual({ ok: false, error: 'Transaction was rejected' });
    expect(r.signMessage).toEqual({ ok: true, value: { messageHash: MESSAGE_HASH, signature: OFFCHAIN_SIGNATURE } });
    expect(r.settings).toEqual({ ok: true, value: { offChainSigning: false } });
    expect(r.signOnChain).toEqual({ ok: true, value: { safeTxHash: SAFE_TX_HASH } });
    expect(r.addressBook).toEqual({ ok: true, value: ADDRESS_BOOK });
    expect(r.permissionsAfter).toEqual({
      ok: true,
      value: [{ invoker: appUrl, parentCapability: 'requestAddressBook', date: 1_700_000_000_000, caveats: [] }],
    });
    const s = await stats(p);
    expect(s.txFlows[0]).toMatchObject({ txs: [{ to: CHECKSUMMED, value: '1000', data: '0x' }], safeTxGas: null });
    expect(s.messageFlows.map((m) => m.signing)).toEqual(['offChain', 'onChain']);
  });
}

test('real SDK: a refused permission is "Permissions rejected" with code 4001', async ({ page: p }) => {
  const frame = await openHost(p, 'real', '&permission=deny');
  const r = await frame.evaluate(async () => {
    const w = window as unknown as { runActions: () => Promise<Record<string, Settled>> };
    return (await w.runActions()).addressBook;
  });
  expect(r).toEqual({ ok: false, error: 'Permissions rejected', code: 4001 });
});

test('our SDK: the EIP-1193 provider', async ({ page: p }) => {
  const frame = await openHost(p, 'ours');
  const r = await call(frame, 'runProvider');
  expect(r.accounts).toEqual({ ok: true, value: [SAFE_ADDRESS] });
  expect(r.chainId).toEqual({ ok: true, value: '0x7a69' });
  expect(r.balance).toEqual({ ok: true, value: { method: 'eth_getBalance', params: [ADDRESS.toLowerCase(), 'latest'] } });
  expect(r.send).toEqual({ ok: true, value: SAFE_TX_HASH });
  expect(r.notImplemented).toEqual({ ok: false, error: 'eth_sendRawTransaction not implemented' });
  const s = await stats(p);
  expect(s.txFlows.at(-1)).toMatchObject({ txs: [{ to: CHECKSUMMED, value: '0', data: '0x', gas: '21000' }], safeTxGas: '21000' });
});

async function forgeFrom(frame: Frame, count: number): Promise<string[]> {
  await frame.waitForFunction(() => (window as unknown as { forgerReady?: boolean }).forgerReady === true);
  return frame.evaluate((n) => (window as unknown as { forge: (n: number) => string[] }).forge(n), count);
}

for (const [label, origin] of [
  ['another origin', 'forger'],
  ['the app’s own origin', 'app'],
] as const) {
  test(`forged requests from a second iframe on ${label} get nothing`, async ({ page: p }) => {
    const base = origin === 'forger' ? forgerUrl : appUrl;
    const frame = await openHost(p, 'real', `&forger=${encodeURIComponent(`${base}/forger.html`)}`);
    await expect.poll(() => p.frames().some((f) => f.url().startsWith(`${base}/forger.html`))).toBe(true);
    const forger = p.frames().find((f) => f.url().startsWith(`${base}/forger.html`))!;
    const ids = await forgeFrom(forger, 40);
    await expect.poll(async () => (await stats(p)).dropped.length).toBe(40);
    const s = await stats(p);
    expect(new Set(s.dropped)).toEqual(new Set(['wrongSource']));
    expect(s.requests.filter((r) => ids.includes(r.id))).toEqual([]);
    // The real app still works, and neither it nor the forger ever saw a reply to a forged id.
    expectReads(await call(frame, 'runReads'), hostUrl);
    expect(await forger.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
    const appReceived = await frame.evaluate(() => (window as unknown as { received: { id?: string }[] }).received);
    expect(appReceived.filter((m) => ids.includes(String(m.id)))).toEqual([]);
  });
}

test('forged requests from a second window get nothing', async ({ page: p, context }) => {
  const frame = await openHost(p, 'real');
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    p.evaluate((url) => void window.open(url, 'forger'), `${appUrl}/forger.html`),
  ]);
  const ids = await forgeFrom(popup.mainFrame(), 40);
  await expect.poll(async () => (await stats(p)).dropped.length).toBe(40);
  const s = await stats(p);
  expect(new Set(s.dropped)).toEqual(new Set(['wrongSource']));
  expect(s.requests.filter((r) => ids.includes(r.id))).toEqual([]);
  expectReads(await call(frame, 'runReads'), hostUrl);
  expect(await popup.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
});
