/**
 * services/bridge against a throw-away devnet: the bridge's read effects on the real gateway, chain and
 * (fake-)IndexedDB storage, answered through real bridgeSession + bridgeRequest actors (only the postMessage
 * listener is replaced by one that records replies), and the demo Safe App served by the devnet gateway.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { encodeFunctionData, getAddress, parseAbi } from 'viem';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import type { BridgeReply, BridgeRequest } from '../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import type { BridgeListenerCommand, BridgeListenerInput } from '../../src/machines/bridgeRequest/bridgeSession.machine.ts';
import { provideSafeAppsServices, type BridgeSafeSession } from '../../src/services/bridge.ts';
import { createChainClient } from '../../src/services/chain/index.ts';
import { createGatewayClient } from '../../src/services/gateway/index.ts';
import type { ChainInfo } from '../../src/domain/gateway/types.ts';
import { openLocalStore, type LocalStore } from '../../src/services/storage/index.ts';

const HOST = 'http://127.0.0.1:4173';
const APP = 'http://127.0.0.1:5999';
let devnet: Devnet;
let store: LocalStore;
let session: BridgeSafeSession;
let services: ReturnType<typeof provideSafeAppsServices>;
const flows: string[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ appOrigins: [HOST] });
  store = await openLocalStore({ name: 'apps-bridge' });
  const gateway = createGatewayClient({ baseUrl: devnet.gatewayUrl });
  const team = devnet.safes[0]!;
  const [safe, chain] = await Promise.all([gateway.getSafeInfo(String(devnet.chainId), team.address), gateway.getChainConfig(String(devnet.chainId))]);
  session = { safe, chain, isReadOnly: false, darkMode: false };
  services = provideSafeAppsServices({
    gateway,
    chainClient: (c: ChainInfo) => createChainClient(c, { rpcUrl: devnet.rpcUrl }),
    store,
    getSession: () => session,
    hostOrigin: HOST,
    hostWindow: { addEventListener: () => undefined, removeEventListener: () => undefined },
    startTransactionFlow: async (input) => {
      flows.push(`tx:${input.txs.length}`);
      return { status: 'rejected' };
    },
    startMessageFlow: async (input) => {
      flows.push(`message:${input.signing}`);
      return { status: 'rejected' };
    },
  });
});

afterAll(async () => {
  store?.close();
  await devnet?.stop();
});

/** Answers requests through a real bridge session whose listener only records the replies. */
async function ask(...requests: BridgeRequest[]): Promise<Map<string, BridgeReply>> {
  const replies = new Map<string, BridgeReply>();
  const listener = fromCallback<BridgeListenerCommand, BridgeListenerInput>(({ receive }) => {
    receive((command) => {
      if (command.type === 'bridge.reply') replies.set(command.id, command.reply);
    });
  });
  const actor = createActor(services.bridgeSession.provide({ actors: { bridgeListener: listener } }), { input: { appOrigin: APP } });
  actor.start();
  for (const request of requests) actor.send({ type: 'bridge.request', request });
  await waitFor(actor, () => replies.size === requests.length, { timeout: 30_000 });
  // Answered requests are let go: only the listener stays a child of the session.
  expect(Object.keys(actor.getSnapshot().children).filter((id) => id.startsWith('request:'))).toEqual([]);
  actor.stop();
  return replies;
}

/** A validated request as the host validator hands it over (shapes checked by the bridge tests). */
const req = (id: string, method: BridgeRequest['method'], params: unknown): BridgeRequest => ({ id, method, params, sdkVersion: '9.1.0' }) as BridgeRequest;

describe('provideSafeAppsServices on the devnet', () => {
  it('answers the Safe, chain and environment from the open session', async () => {
    const team = devnet.safes[0]!;
    const r = await ask(req('safe', 'getSafeInfo', null), req('chain', 'getChainInfo', null), req('env', 'getEnvironmentInfo', null));
    expect(r.get('safe')).toMatchObject({
      success: true,
      data: { safeAddress: getAddress(team.address), chainId: devnet.chainId, threshold: team.threshold, owners: team.owners.map((o) => getAddress(o)), isReadOnly: false },
    });
    expect(r.get('chain')).toMatchObject({ success: true, data: { chainId: String(devnet.chainId), shortName: 'devnet' } });
    expect(r.get('env')).toEqual({ success: true, data: { origin: HOST } });
  });

  it('reads balances, a queued transaction and the chain through the real gateway and RPC', async () => {
    const team = devnet.safes[0]!;
    const queued = devnet.demo.queue[0]!;
    const threshold = encodeFunctionData({ abi: parseAbi(['function getThreshold() view returns (uint256)']), functionName: 'getThreshold' });
    const r = await ask(
      req('balances', 'getSafeBalances', { currency: 'usd' }),
      req('tx', 'getTxBySafeTxHash', { safeTxHash: queued.safeTxHash }),
      req('balance', 'rpcCall', { call: 'eth_getBalance', params: [team.address, 'latest'] }),
      req('call', 'rpcCall', { call: 'eth_call', params: [{ to: team.address, data: threshold }, 'latest'] }),
      req('refused', 'rpcCall', { call: 'eth_sendRawTransaction', params: ['0x00'] }),
    );
    const balances = r.get('balances');
    expect(balances?.success).toBe(true);
    expect((balances as unknown as { data: { items: unknown[] } }).data.items.length).toBeGreaterThan(0);
    expect(r.get('tx')).toMatchObject({ success: true, data: { txStatus: 'AWAITING_CONFIRMATIONS' } });
    expect(JSON.stringify(r.get('tx'))).toContain(queued.safeTxHash);
    const wei = await createChainClient(session.chain, { rpcUrl: devnet.rpcUrl }).getBalance({ address: team.address });
    expect(r.get('balance')).toEqual({ success: true, data: `0x${wei.toString(16)}` });
    expect(r.get('call')).toEqual({ success: true, data: `0x${team.threshold.toString(16).padStart(64, '0')}` });
    expect(r.get('refused')).toEqual({ success: false, error: 'eth_sendRawTransaction not implemented' });
  });

  it('answers off-chain signatures from the gateway, a not fully signed one with null (A.2.9), an unknown hash with ""', async () => {
    const message = devnet.demo.messages[0]!;
    const stored = await createGatewayClient({ baseUrl: devnet.gatewayUrl }).getSafeMessage(String(devnet.chainId), message.messageHash);
    const r = await ask(req('known', 'getOffChainSignature', { messageHash: message.messageHash }), req('unknown', 'getOffChainSignature', { messageHash: `0x${'ab'.repeat(32)}` }));
    expect(r.get('known')).toEqual({ success: true, data: stored.preparedSignature });
    expect(r.get('unknown')).toEqual({ success: true, data: '' });
  });

  it('keeps permissions per origin in storage and reads the address book only once granted', async () => {
    const entry = { chainId: String(devnet.chainId), address: getAddress(devnet.owners[1]!.address), name: 'Bob' };
    await store.addressBook.upsert(entry);
    const before = await ask(req('perms', 'wallet_getPermissions', null));
    expect(before.get('perms')).toEqual({ success: true, data: [] });
    await store.permissions.set(APP, [{ invoker: APP, parentCapability: 'requestAddressBook', date: 1, caveats: [] }]);
    const after = await ask(req('book', 'requestAddressBook', null), req('perms', 'wallet_getPermissions', null));
    expect(after.get('book')).toEqual({ success: true, data: [entry] });
    expect(after.get('perms')).toMatchObject({ success: true, data: [{ parentCapability: 'requestAddressBook' }] });
  });

  it('hands messages over on-chain after safe_setSettings turns off-chain signing off, and off-chain before', async () => {
    flows.length = 0;
    await ask(req('m1', 'signMessage', { message: 'hello' }));
    await ask(req('s', 'rpcCall', { call: 'safe_setSettings', params: [{ offChainSigning: false }] }));
    await ask(req('m2', 'signMessage', { message: 'hello' }));
    await ask(req('t', 'sendTransactions', { txs: [{ to: devnet.safes[0]!.address, value: '0', data: '0x' }], safeTxGas: null, requestsDelegateCall: false }));
    expect(flows).toEqual(['message:offChain', 'message:onChain', 'tx:1']);
  });

  it('lists the devnet apps for our origin and reads the demo app info from its manifest', async () => {
    const list = await services.effects.loadSafeApps({ chainId: String(devnet.chainId), clientUrl: HOST });
    const hello = list.apps.find((app) => app.name === 'Devnet Hello App');
    expect(hello?.url).toBe(`${devnet.gatewayUrl}/devnet/apps/hello`);
    const info = await services.effects.loadAppInfo({ appUrl: hello!.url, chainId: String(devnet.chainId) });
    expect(info).toMatchObject({ url: hello!.url, name: 'Devnet Hello App', listed: true, permissions: [] });
  });

  it('serves the demo Safe App (html, manifest, icon and the bundle built with our SDK)', async () => {
    const base = `${devnet.gatewayUrl}/devnet/apps/hello`;
    const html = await fetch(`${base}/`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('<script type="module" src="./main.js">');
    const manifest = await (await fetch(`${base}/manifest.json`, { headers: { Origin: HOST } })).json();
    expect(manifest).toMatchObject({ name: 'Devnet Hello App', iconPath: 'icon.svg' });
    expect((await fetch(`${base}/icon.svg`)).headers.get('content-type')).toBe('image/svg+xml');
    const js = await fetch(`${base}/main.js`);
    expect(js.headers.get('content-type')).toContain('javascript');
    const code = await js.text();
    expect(code).toContain('getSafeInfo');
    expect(code).toContain('wallet_requestPermissions');
    expect((await fetch(`${base}/nope.txt`)).status).toBe(404);
  });
});
