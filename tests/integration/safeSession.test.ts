// The Safe session machine with the real services (gateway client + local hashing) against the devnet: it
// resolves the chain, opens the demo 2-of-3 Safe, loads balances and the queue (with its conflict group), then,
// as their screens open them, fiat codes, history, messages and NFTs; verifies a queued transaction's and a message's hashes locally, and
// reaches a clear error state for an invalid address, an unknown chain, a non-Safe and a gateway that is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import { safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import { createGatewayClient } from '../../src/services/gateway/index.ts';
import { provideSafeSessionServices } from '../../src/services/safeSession.ts';

let devnet: Devnet;
type Session = ActorRefFrom<typeof safeSessionMachine>;
const started: Session[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
});

afterAll(async () => {
  started.forEach((actor) => actor.stop());
  await devnet?.stop();
});

function open(address: string, shortName = 'devnet', gatewayUrl = devnet.gatewayUrl): Session {
  const client = createGatewayClient({ baseUrl: gatewayUrl, timeoutMs: 5000 });
  const actor = createActor(provideSafeSessionServices(safeSessionMachine, client), { input: { safe: { shortName, address } } });
  started.push(actor);
  return actor.start();
}

/** What the screens that show them send on mount: the lists the home does not load (decision 0017). */
async function openEveryList(session: Session): Promise<void> {
  const ready = await waitFor(session, (s) => s.matches('ready'), { timeout: 20_000 });
  // Until then nothing asked the gateway for them.
  expect(ready.matches({ ready: { fiatCodes: 'idle' } })).toBe(true);
  for (const id of ['history', 'messages', 'collectibles'] as const) expect(ready.children[id]).toBeUndefined();
  for (const list of ['fiatCodes', 'history', 'messages', 'collectibles'] as const) session.send({ type: 'user.listOpened', list });
}

/** A list that is done: not loading, and an annotated list (the NFTs) done adding its marks (decision 0072). */
const settled = (s: { hasTag(tag: string): boolean; matches(value: never): boolean }) => !s.hasTag('loading') && !s.hasTag('annotating') && !s.matches('checking' as never);

describe('safeSession on the devnet', () => {
  it('opens the demo 2-of-3 Safe and loads everything the screens show', async () => {
    const team = devnet.safes[0]!;
    const session = open(team.address);
    await openEveryList(session);
    const ready = await waitFor(session, (s) => s.matches({ ready: { balances: 'loaded', fiatCodes: 'loaded' } }), { timeout: 20_000 });
    expect(ready.context.chain?.chainId).toBe('31337');
    expect(ready.context.safeInfo).toMatchObject({ threshold: 2, version: '1.4.1+L2', implementationVersionState: 'UP_TO_DATE' });
    expect(ready.context.safeInfo?.owners.map((o) => o.value)).toEqual(team.owners);
    expect(ready.context.fiatCodes.length).toBeGreaterThan(0);

    const symbols = ready.context.balances?.items.map((i) => i.tokenInfo.symbol) ?? [];
    expect(symbols).toEqual(expect.arrayContaining(['ETH', devnet.tokens.usd.symbol, devnet.tokens.dvt.symbol]));

    const children = ready.children;
    const wait = { timeout: 20_000 };
    const queue = await waitFor(children.queue!, (s) => settled(s), wait);
    const history = await waitFor(children.history!, (s) => settled(s), wait);
    const messages = await waitFor(children.messages!, (s) => settled(s), wait);
    const collectibles = await waitFor(children.collectibles!, (s) => settled(s), wait);
    expect(queue.value).toEqual({ loaded: 'complete' });
    const queueItems = queue.context.items;
    expect(queueItems.find((i) => i.type === 'LABEL')).toMatchObject({ label: 'Next' });
    expect(queueItems.some((i) => i.type === 'CONFLICT_HEADER')).toBe(true);
    expect(queueItems.flatMap((i) => (i.type === 'TRANSACTION' ? [i.conflictType] : []))).toEqual(expect.arrayContaining(['HasNext', 'End']));

    expect(history.value).toEqual({ loaded: 'complete' });
    expect(history.context.items.some((i) => i.type === 'DATE_LABEL')).toBe(true);
    expect(history.context.items.filter((i) => i.type === 'TRANSACTION').length).toBeGreaterThan(0);

    expect(messages.value).toEqual({ loaded: 'complete' });
    const hashes = messages.context.items.flatMap((i) => (i.type === 'MESSAGE' ? [i.messageHash] : []));
    expect(hashes).toEqual(expect.arrayContaining(devnet.demo.messages.map((m) => m.messageHash)));

    expect(collectibles.value).toEqual({ loaded: 'complete' });
    expect(collectibles.context.items.length).toBeGreaterThan(0);
    // The cards came first; their queued marks were then computed from the queue (none missing, none unchecked).
    expect(collectibles.context.items.every((nft) => Array.isArray(nft.queuedIn))).toBe(true);

    // A queued transaction: the safeTxHash computed locally equals the gateway's.
    const queued = devnet.demo.queue[0]!;
    const tx = queueItems.find((i) => i.type === 'TRANSACTION' && i.transaction.id.endsWith(queued.safeTxHash));
    expect(tx).toBeDefined();
    const txDetails = children.txDetails!;
    txDetails.send({ type: 'user.open', key: tx!.type === 'TRANSACTION' ? tx!.transaction.id : '' });
    const verified = await waitFor(txDetails, (s) => !s.hasTag('loading'), { timeout: 20_000 });
    expect(verified.value).toBe('verified');
    expect(verified.context.check?.hashes?.safeTxHash).toBe(queued.safeTxHash);
    expect(verified.context.check?.hashes?.domainHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(verified.context.check?.hashes?.messageHash).toMatch(/^0x[0-9a-f]{64}$/);

    // A message: the SafeMessage hash computed locally equals the gateway's.
    const messageDetails = children.messageDetails!;
    for (const demo of devnet.demo.messages) {
      messageDetails.send({ type: 'user.open', key: demo.messageHash });
      const checked = await waitFor(messageDetails, (s) => !s.hasTag('loading'), { timeout: 20_000 });
      expect(checked.value).toBe('verified');
      expect(checked.context.check?.hashes?.safeMessageHash).toBe(demo.messageHash);
    }

    // Paging: the history follows its cursor while there is one.
    if (history.context.next) {
      const before = history.context.items.length;
      children.history!.send({ type: 'user.loadMore' });
      const more = await waitFor(children.history!, (s) => settled(s), { timeout: 20_000 });
      expect(more.context.items.length).toBeGreaterThan(before);
    }
  });

  it('switches the balances currency to a supported fiat code', async () => {
    const session = open(devnet.safes[0]!.address);
    await openEveryList(session);
    const ready = await waitFor(session, (s) => s.matches({ ready: { balances: 'loaded', fiatCodes: 'loaded' } }), { timeout: 20_000 });
    const other = ready.context.fiatCodes.find((code) => code.toLowerCase() !== 'usd');
    expect(other).toBeDefined();
    session.send({ type: 'user.setCurrency', currency: other! });
    expect(session.getSnapshot().matches({ ready: { balances: 'loading' } })).toBe(true);
    const reloaded = await waitFor(session, (s) => s.matches({ ready: { balances: 'loaded' } }), { timeout: 20_000 });
    expect(reloaded.context.currency).toBe(other!.toLowerCase());
  });

  it('says "not a Safe" for an address without a Safe', async () => {
    const s = await waitFor(open(devnet.owners[3]!.address), (snap) => !snap.hasTag('loading'), { timeout: 20_000 });
    expect(s.value).toBe('notASafe');
  });

  it('says "chain not supported" for a short name the gateway does not list', async () => {
    const s = await waitFor(open(devnet.safes[0]!.address, 'nochain'), (snap) => !snap.hasTag('loading'), { timeout: 20_000 });
    expect(s.value).toBe('chainNotSupported');
    expect(s.context.supportedShortNames).toContain('devnet');
  });

  it('says "invalid address" for a bad checksum', async () => {
    const address = devnet.safes[0]!.address;
    const flipped = address.replace(/[a-f]/, (c) => c.toUpperCase());
    const s = open(flipped === address ? address.toLowerCase().replace('0x', '0X') : flipped).getSnapshot();
    expect(s.value).toBe('invalidAddress');
  });

  it('says "gateway down" with a retry when the gateway does not answer', async () => {
    const s = await waitFor(open(devnet.safes[0]!.address, 'devnet', 'http://127.0.0.1:9'), (snap) => !snap.hasTag('loading'), { timeout: 20_000 });
    expect(s.value).toBe('gatewayDown');
    expect(s.context.error).toMatch(/could not be reached|did not answer/);
    expect(s.can({ type: 'user.retry' })).toBe(true);
  });
});
