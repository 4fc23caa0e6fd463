/** Shared fixtures: the real appSession machine with stubbed effects, logged through the real capture. */
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { appSessionMachine } from '../../../src/machines/appSession/appSession.machine.ts';
import type { GatewayProbe, RuntimeConfig } from '../../../src/machines/appSession/appSession.types.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { createEventCapture, MemoryEventStore, type EventCapture, type LogRecord, type StreamWriter } from '../../../src/services/eventLog/index.ts';

export const DEVNET_KEY = `0x${'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'}` as const;

export const config: RuntimeConfig = {
  gatewayUrl: 'http://gateway.test',
  rpcOverrides: {},
  devnet: { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: DEVNET_KEY }] },
};

export interface LoggedSession {
  actor: ReturnType<typeof createActor<typeof appSessionMachine>>;
  store: MemoryEventStore;
  capture: EventCapture;
  failures: { streamId: string; error: Error }[];
  streamId: string;
}

let clock = 0;
export const fixedNow = () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
let ids = 0;
export const fixedId = () => `evt-${++ids}`;

/** Runs the root actor through boot (config ok, gateway down), a navigation and a theme toggle. */
export async function loggedSession(options: { store?: MemoryEventStore; snapshotEvery?: number } = {}): Promise<LoggedSession> {
  const store = options.store ?? new MemoryEventStore();
  const failures: LoggedSession['failures'] = [];
  const failed = new Set<StreamWriter>();
  const streamId = 'appSession:test';
  const capture = createEventCapture({
    store,
    machines: MACHINES,
    streamIdFor: (a) => (a.isRoot ? streamId : null),
    now: fixedNow,
    newId: fixedId,
    ...(options.snapshotEvery ? { snapshotEvery: options.snapshotEvery } : {}),
    onFailure: (id, error, writer) => {
      failures.push({ streamId: id, error });
      failed.add(writer);
      actor.send({ type: 'system.saveFailed', streamId: id, error: { name: error.name, message: error.message } });
    },
  });
  const actor = createActor(
    appSessionMachine.provide({
      actors: {
        loadConfig: fromPromise<RuntimeConfig>(async () => config),
        probeGateway: fromPromise<GatewayProbe, { gatewayUrl: string }>(async ({ input }) => {
          throw new Error(`Gateway unreachable at ${input.gatewayUrl}`);
        }),
        // As src/root.ts does: the writers that failed write what they kept, in order.
        retrySaving: fromPromise(async () => {
          for (const writer of [...failed]) {
            await writer.retry();
            failed.delete(writer);
          }
        }),
      },
    }),
    { input: { location: { path: '/home', search: '?safe=devnet:0x1111111111111111111111111111111111111111' }, theme: 'light' }, inspect: capture.inspect },
  );
  actor.start();
  await waitFor(actor, (s: AnyMachineSnapshot) => s.matches({ running: { gateway: 'gatewayUnreachable' } }));
  actor.send({ type: 'user.navigate', to: '/balances' });
  actor.send({ type: 'user.toggleTheme' });
  actor.send({ type: 'system.locationChanged', path: '/home', search: '' });
  await capture.flush();
  return { actor, store, capture, failures, streamId };
}

export async function records(session: LoggedSession): Promise<LogRecord[]> {
  return session.store.readStream(session.streamId);
}
