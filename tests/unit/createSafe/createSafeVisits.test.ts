/**
 * Visits of the create-a-Safe screen (src/services/createSafeVisits.ts, decision 0018) with the real createSafe
 * machine, stub effects and the in-memory event store. A second service on the same store is the page after a
 * reload: the connected wallet's unfinished visit comes back in the same stream with its draft; a visit reloaded
 * while the wallet was sending the deployment comes back through a recorded `system.recover` and finishes by
 * checking the chain, never by sending again; untouched, finished, discarded visits and other wallets' visits
 * are not resumed; a visit another tab holds is reported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { createSafeMachine } from '../../../src/machines/createSafe/createSafe.machine.ts';
import { CREATE_SAFE_VISIT_TEXTS, type CreateSafeVisit } from '../../../src/machines/createSafe/createSafe.port.ts';
import { CREATE_SAFE_SAMPLE } from '../../../src/machines/createSafe/createSafe.samples.ts';
import type { CreateSafeForm, CreateSafeWallet, DeployInput, DeployOutput, PredictInput, Prediction } from '../../../src/machines/createSafe/createSafe.types.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { MemoryEventStore, type LockManagerLike } from '../../../src/services/eventLog/index.ts';
import { createSafeVisits, isTouchedVisit, visitWallet } from '../../../src/services/createSafeVisits.ts';
import { nameCreatedSafe } from '../../../src/services/createSafe.ts';
import type { LogRecord } from '../../../src/services/eventLog/types.ts';

const [OWNER_0, OWNER_1] = CREATE_SAFE_SAMPLE.owners;
const WALLET_0: CreateSafeWallet = { address: OWNER_0, chainId: '31337' };
const WALLET_1: CreateSafeWallet = { address: OWNER_1, chainId: '31337' };
const chains = [{ chainId: '31337', chainName: 'Devnet', shortName: 'dev' }];
const form: CreateSafeForm = { chainId: '31337', owners: [{ name: 'Alice', address: OWNER_0 }, { name: 'Bob', address: OWNER_1 }], threshold: 2, saltNonce: '' };

interface Page {
  open: (wallet?: CreateSafeWallet | null) => Promise<CreateSafeVisit>;
  calls: string[];
  opened: string[];
  failures: Error[];
}

/** An address book in memory, as the local store's section; `reloads` counts the `onNamed` calls. */
function memoryBook(entries: { chainId: string; address: string; name: string }[] = []) {
  const book = { entries, reloads: 0, list: async () => book.entries, upsert: async (entry: { chainId: string; address: string; name: string }) => void book.entries.push(entry) };
  return book;
}

/** One page load: the service with stub effects (the wallet never answers the deployment unless told). */
function page(store: MemoryEventStore, options: { deployed?: boolean; locks?: LockManagerLike | null; book?: ReturnType<typeof memoryBook> } = {}): Page {
  const calls: string[] = [];
  const opened: string[] = [];
  const failures: Error[] = [];
  let n = 0;
  const logic = createSafeMachine.provide({
    actors: {
      loadSetup: fromPromise(async () => (calls.push('loadSetup'), { chains })),
      predictSafe: fromPromise<Prediction, PredictInput>(async () => (calls.push('predictSafe'), { address: CREATE_SAFE_SAMPLE.predicted, saltNonce: '0' })),
      deploySafe: fromPromise<DeployOutput, DeployInput>(() => (calls.push('deploySafe'), new Promise<never>(() => {}))),
      checkDeployment: fromPromise(async () => (calls.push('checkDeployment'), { deployed: options.deployed ?? true })),
      waitForDeployment: fromPromise(async ({ input }) => (calls.push('waitForDeployment'), { status: 'SUCCESS' as const, txHash: input.txHash })),
    },
    // The address-book write root.ts provides (src/services/createSafe.ts), over an in-memory book.
    ...(options.book
      ? { actions: { nameSafe: (_: unknown, params: Parameters<ReturnType<typeof nameCreatedSafe>>[0]) => void nameCreatedSafe({ names: options.book!, onNamed: () => void (options.book!.reloads += 1) })(params) } }
      : {}),
  });
  const visits = createSafeVisits({
    store,
    machines: MACHINES,
    logic,
    locks: options.locks ?? null,
    newStreamId: () => `session-${Math.random().toString(36).slice(2)}/createSafe:visit#${++n}`,
    onFailure: (_, error) => failures.push(error),
  });
  return { open: (wallet = WALLET_0) => visits.open({ wallet, openSafe: (href) => opened.push(href) }), calls, opened, failures };
}

const lastType = async (store: MemoryEventStore, streamId: string, type: string) =>
  vi.waitFor(async () => expect((await store.readStream(streamId)).at(-1)?.type).toBe(type));
const inState = (visit: CreateSafeVisit, state: 'editing' | 'review' | 'deploying' | 'interrupted') => vi.waitFor(() => expect(visit.actor.getSnapshot().matches(state)).toBe(true));

describe('create-a-Safe visits', () => {
  it('a visit with a draft comes back after a reload, in the same stream, draft included', async () => {
    const store = new MemoryEventStore();
    const first = page(store);
    const visit = await first.open();
    expect(visit.restored).toBe(false);
    await inState(visit, 'editing');
    visit.actor.send({ type: 'user.editDraft', form });
    await lastType(store, visit.streamId, 'user.editDraft');
    await visit.stop(); // the page goes away

    const again = await page(store).open();
    expect(again.restored).toBe(true);
    expect(again.streamId).toBe(visit.streamId);
    expect(again.actor.getSnapshot().matches('editing')).toBe(true);
    expect(again.actor.getSnapshot().context.form).toEqual(form);
    // It keeps appending to the same stream (no second xstate.init).
    again.actor.send({ type: 'user.submit', form });
    await inState(again, 'review');
    await lastType(store, visit.streamId, 'xstate.done.actor.predictSafe');
    const types = (await store.readStream(visit.streamId)).map((r) => r.type);
    expect(types.filter((t) => t === 'xstate.init')).toHaveLength(1);
    expect(types.slice(-3)).toEqual(['user.editDraft', 'user.submit', 'xstate.done.actor.predictSafe']);
  });

  it('a reload while the wallet sends the deployment: recorded system.recover, checking, tracking, succeeded; nothing sent again', async () => {
    const store = new MemoryEventStore();
    const first = page(store);
    const visit = await first.open();
    await inState(visit, 'editing');
    visit.actor.send({ type: 'user.submit', form });
    await inState(visit, 'review');
    visit.actor.send({ type: 'user.deploy' });
    await inState(visit, 'deploying');
    await lastType(store, visit.streamId, 'user.deploy');
    await visit.stop();
    expect(first.calls.filter((c) => c === 'deploySafe')).toHaveLength(1);

    const reloaded = page(store, { deployed: true });
    const again = await reloaded.open();
    expect(again.restored).toBe(true);
    await vi.waitFor(() => expect(again.actor.getSnapshot().status).toBe('done'));
    expect(again.actor.getSnapshot().value).toBe('succeeded');
    expect(reloaded.calls).toEqual(['checkDeployment', 'waitForDeployment']);
    expect(reloaded.opened).toEqual([`/home?safe=dev:${CREATE_SAFE_SAMPLE.predicted}`]);
    await vi.waitFor(async () => expect((await store.getStream(visit.streamId))?.status).toBe('closed'));
    const records = await store.readStream(visit.streamId);
    expect(records.map((r) => r.type).slice(-4)).toEqual(['user.deploy', 'system.recover', 'xstate.done.actor.checkDeployment', 'xstate.done.actor.waitForDeployment']);
    expect(records.find((r) => r.type === 'system.recover')?.stateAfter.value).toBe('checking');

    // Finished: the next visit starts afresh.
    const next = await page(store).open();
    expect(next.restored).toBe(false);
    expect(next.streamId).not.toBe(visit.streamId);
    expect(reloaded.failures).toEqual([]);
  });

  it('without a Safe at the address after the reload, the visit waits in interrupted for the user', async () => {
    const store = new MemoryEventStore();
    const visit = await page(store).open();
    await inState(visit, 'editing');
    visit.actor.send({ type: 'user.submit', form });
    await inState(visit, 'review');
    visit.actor.send({ type: 'user.deploy' });
    await lastType(store, visit.streamId, 'user.deploy');
    await visit.stop();
    const reloaded = page(store, { deployed: false });
    const again = await reloaded.open();
    await inState(again, 'interrupted');
    expect(reloaded.calls).toEqual(['checkDeployment']);
  });

  it('an untouched visit is not resumed (its stream is closed); a discarded one neither', async () => {
    const store = new MemoryEventStore();
    const visit = await page(store).open();
    await inState(visit, 'editing');
    await visit.stop();
    const fresh = await page(store).open();
    expect(fresh.restored).toBe(false);
    expect((await store.getStream(visit.streamId))?.status).toBe('closed');

    await inState(fresh, 'editing');
    fresh.actor.send({ type: 'user.editDraft', form });
    fresh.actor.send({ type: 'user.discard' });
    await vi.waitFor(async () => expect((await store.getStream(fresh.streamId))?.status).toBe('closed'));
    const after = await page(store).open();
    expect(after.restored).toBe(false);
    await inState(after, 'editing');
    expect(after.actor.getSnapshot().context.form.owners).toEqual([{ name: '', address: OWNER_0 }]);
  });

  it("another wallet's unfinished visit is left for that wallet", async () => {
    const store = new MemoryEventStore();
    const visit = await page(store).open(WALLET_1);
    await inState(visit, 'editing');
    visit.actor.send({ type: 'user.editDraft', form });
    await lastType(store, visit.streamId, 'user.editDraft');
    await visit.stop();
    const other = await page(store).open(WALLET_0);
    expect(other.restored).toBe(false);
    expect((await store.getStream(visit.streamId))?.status).toBe('open');
    await other.stop();
    const same = await page(store).open({ ...WALLET_1, address: WALLET_1.address.toLowerCase() as CreateSafeWallet['address'] });
    expect(same.restored).toBe(true);
    expect(same.streamId).toBe(visit.streamId);
  });

  it('a visit another tab holds is reported and left alone; a new visit starts', async () => {
    const store = new MemoryEventStore();
    const visit = await page(store).open();
    await inState(visit, 'editing');
    visit.actor.send({ type: 'user.editDraft', form });
    await lastType(store, visit.streamId, 'user.editDraft');
    await visit.stop();
    const head = await store.getStream(visit.streamId);
    const held = `countersign.eventlog:${visit.streamId}`;
    const otherTabHoldsIt: LockManagerLike = { request: async (name, _options, callback) => callback(name === held ? null : {}) };
    const reloaded = page(store, { locks: otherTabHoldsIt });
    const fresh = await reloaded.open();
    expect(fresh.restored).toBe(false);
    expect(fresh.notice).toBe(CREATE_SAFE_VISIT_TEXTS.lockedElsewhere);
    expect(await store.getStream(visit.streamId)).toEqual(head);
    expect(reloaded.failures).toEqual([]);
  });

  it('opening again stops the running visit first (one visit at a time), so coming back to the screen resumes it', async () => {
    const store = new MemoryEventStore();
    const p = page(store);
    const visit = await p.open();
    await inState(visit, 'editing');
    visit.actor.send({ type: 'user.editDraft', form });
    const back = await p.open();
    expect(visit.actor.getSnapshot().status).toBe('stopped');
    expect(back.restored).toBe(true);
    expect(back.actor.getSnapshot().context.form).toEqual(form);
  });

  it('the Safe name is part of the draft: it survives a reload, and once the restored visit completes it is the new Safe’s address-book entry', async () => {
    const store = new MemoryEventStore();
    const named: CreateSafeForm = { ...form, name: '  Treasury ' };
    const visit = await page(store).open();
    await inState(visit, 'editing');
    visit.actor.send({ type: 'user.editDraft', form: named });
    await lastType(store, visit.streamId, 'user.editDraft');
    await visit.stop();

    const second = await page(store).open();
    expect(second.restored).toBe(true);
    expect(second.actor.getSnapshot().context.form.name).toBe('  Treasury ');
    second.actor.send({ type: 'user.submit', form: second.actor.getSnapshot().context.form });
    await inState(second, 'review');
    second.actor.send({ type: 'user.deploy' });
    await lastType(store, visit.streamId, 'user.deploy');
    await second.stop(); // reloaded while the wallet sends the deployment

    const book = memoryBook();
    const third = await page(store, { deployed: true, book }).open();
    expect(third.restored).toBe(true);
    await vi.waitFor(() => expect(third.actor.getSnapshot().value).toBe('succeeded'));
    await vi.waitFor(() => expect(book.reloads).toBe(1));
    expect(book.entries).toEqual([{ chainId: '31337', address: CREATE_SAFE_SAMPLE.predicted, name: 'Treasury' }]);
  });

  it('a name the address book already has for the new Safe is kept; a Safe created without a name writes nothing', async () => {
    const book = memoryBook([{ chainId: '31337', address: CREATE_SAFE_SAMPLE.predicted.toLowerCase(), name: 'Ops' }]);
    const write = nameCreatedSafe({ names: book, onNamed: () => void (book.reloads += 1) });
    await write({ chainId: '31337', address: CREATE_SAFE_SAMPLE.predicted, name: 'Treasury' });
    await write({ chainId: '1', address: CREATE_SAFE_SAMPLE.predicted, name: '' });
    expect(book.entries.map((e) => e.name)).toEqual(['Ops']);
    expect(book.reloads).toBe(0);
    // On another chain the same address is another Safe: it gets the name.
    await write({ chainId: '1', address: CREATE_SAFE_SAMPLE.predicted, name: 'Treasury' });
    expect(book.entries.at(-1)).toEqual({ chainId: '1', address: CREATE_SAFE_SAMPLE.predicted, name: 'Treasury' });
    // A failing book is reported, not thrown (the Safe is created all the same).
    const failures: unknown[] = [];
    await nameCreatedSafe({ names: { list: async () => [], upsert: async () => Promise.reject(new Error('quota')) }, onNameFailed: (e) => failures.push(e) })({ chainId: '1', address: CREATE_SAFE_SAMPLE.predicted, name: 'X' });
    expect(failures).toHaveLength(1);
  });

  it('an unfinished visit recorded before the form had a name (stored at 6fbb5b1) resumes and completes, with no name written', async () => {
    // The stored export's records up to the wallet prompt: the page was reloaded while the deployment was being sent.
    const lines = readFileSync(join(import.meta.dirname, '../eventLog/stored/createSafe-6fbb5b1.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogRecord & { final?: boolean; format?: string });
    const records = lines.filter((r) => !r.final && !r.format && r.seq <= 7);
    expect(records.at(-1)?.type).toBe('user.deploy');
    const store = new MemoryEventStore();
    for (const record of records) await store.append(record);
    const book = memoryBook();
    const reloaded = page(store, { deployed: true, book });
    const visit = await reloaded.open();
    expect(visit.restored).toBe(true);
    expect(visit.notice).toBeNull();
    expect('name' in visit.actor.getSnapshot().context.form).toBe(false);
    await vi.waitFor(() => expect(visit.actor.getSnapshot().value).toBe('succeeded'));
    expect(reloaded.calls).toEqual(['checkDeployment', 'waitForDeployment']);
    expect(reloaded.failures).toEqual([]);
    expect(book.entries).toEqual([]);
  });

  it('reads the wallet and whether the user entered anything from the records alone', () => {
    const init = { type: 'xstate.init', payload: { input: { wallet: { address: WALLET_0.address, chainId: WALLET_0.chainId } } } };
    expect(visitWallet([init])).toEqual(WALLET_0);
    expect(visitWallet([init, { type: 'system.walletChanged', payload: { wallet: null } }])).toBeNull();
    expect(visitWallet([init, { type: 'system.walletChanged', payload: { wallet: { address: WALLET_1.address, chainId: WALLET_1.chainId } } }, { type: 'user.retry', payload: {} }])).toEqual(WALLET_1);
    expect(isTouchedVisit([init, { type: 'xstate.done.actor.loadSetup' }, { type: 'user.retry' }])).toBe(false);
    expect(isTouchedVisit([init, { type: 'user.editDraft' }])).toBe(true);
  });
});
