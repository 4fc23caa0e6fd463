/**
 * The flow host behind a loader (src/services/flows/lazyHost.ts, decision 0019): nothing loads on a cold load
 * without an unfinished flow; opening a flow, or a Safe with an open flow stream, loads the host once; events
 * broadcast while it loads reach the flows it restores, in order.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { FlowEntry, FlowsState } from '../../../src/machines/shared/flows.ts';
import type { StreamInfo } from '../../../src/services/eventLog/types.ts';
import type { FlowHost } from '../../../src/services/flows/flowHost.ts';
import { createLazyFlowHost } from '../../../src/services/flows/lazyHost.ts';

const SAFE = '31337:0xabc';
const stream = (streamId: string, status: StreamInfo['status'] = 'open'): StreamInfo => ({
  streamId,
  machineId: 'transactionFlow',
  machineVersion: 'v',
  headSeq: 1,
  headHash: 'h',
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  correlationId: null,
});

/** A host that records what it was asked; `restore` resolves when the test says so. */
function fakeHost() {
  const received: AnyEventObject[] = [];
  const restored: string[] = [];
  let state: FlowsState = { flows: [], problems: [] };
  const listeners = new Set<() => void>();
  const entry = { id: 'f1', kind: 'transaction', safeKey: SAFE, streamId: 's', restored: false } as unknown as FlowEntry;
  const host: FlowHost = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    open: vi.fn(() => {
      state = { flows: [entry], problems: [] };
      listeners.forEach((l) => l());
      return entry;
    }),
    whenSettled: async () => undefined,
    broadcast: (event) => received.push(event),
    restore: async (safeKey) => {
      restored.push(safeKey);
    },
  };
  return { host, received, restored, entry };
}

describe('lazy flow host', () => {
  it('loads nothing for a Safe without an open flow stream, and shows no flows', async () => {
    const load = vi.fn();
    const lazy = createLazyFlowHost({ load, store: { listStreams: async () => [stream(`flow/transaction/${SAFE}/old`, 'closed'), stream(`flow/transaction/1:0xother/x`)] } });
    await lazy.restore(SAFE);
    lazy.broadcast({ type: 'wallet.changed', wallet: null });
    expect(load).not.toHaveBeenCalled();
    expect(lazy.getState()).toEqual({ flows: [], problems: [] });
  });

  it('opens a flow by loading the host once; subscribers hear the new state', async () => {
    const fake = fakeHost();
    const load = vi.fn(async () => fake.host);
    const lazy = createLazyFlowHost({ load, store: { listStreams: async () => [] } });
    const heard = vi.fn();
    lazy.subscribe(heard);
    await expect(lazy.open({ kind: 'transaction', mode: 'create' })).resolves.toBe(fake.entry);
    await lazy.open({ kind: 'transaction', mode: 'create' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalled();
    expect(lazy.getState().flows).toEqual([fake.entry]);
  });

  it('rejects with the host’s own text when the host cannot open a flow', async () => {
    const fake = fakeHost();
    fake.host.open = () => {
      throw new Error('Open a Safe first.');
    };
    const lazy = createLazyFlowHost({ load: async () => fake.host, store: { listStreams: async () => [] } });
    await expect(lazy.open({ kind: 'transaction', mode: 'create' })).rejects.toThrow('Open a Safe first.');
  });

  it('restores a Safe with an open flow stream, then hands it what was broadcast meanwhile, in order', async () => {
    const fake = fakeHost();
    let release!: () => void;
    const loaded = new Promise<void>((r) => (release = r));
    const lazy = createLazyFlowHost({
      load: async () => {
        await loaded;
        return fake.host;
      },
      store: { listStreams: async () => [stream(`flow/transaction/${SAFE}/f1`)] },
    });
    const restoring = lazy.restore(SAFE);
    await new Promise((r) => setTimeout(r, 0));
    lazy.broadcast({ type: 'wallet.changed', wallet: { address: '0x1', chainId: '31337' } });
    lazy.broadcast({ type: 'wallet.changed', wallet: null });
    release();
    await restoring;
    expect(fake.restored).toEqual([SAFE]);
    expect(fake.received).toEqual([
      { type: 'wallet.changed', wallet: { address: '0x1', chainId: '31337' } },
      { type: 'wallet.changed', wallet: null },
    ]);
    lazy.broadcast({ type: 'wallet.changed', wallet: { address: '0x2', chainId: '31337' } });
    expect(fake.received).toHaveLength(3);
  });

  it('tries a failed load again on the next request', async () => {
    const fake = fakeHost();
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(fake.host);
    const lazy = createLazyFlowHost({ load, store: { listStreams: async () => [] } });
    await expect(lazy.open({ kind: 'transaction', mode: 'create' })).rejects.toThrow('chunk failed');
    await expect(lazy.open({ kind: 'transaction', mode: 'create' })).resolves.toBe(fake.entry);
  });
});
