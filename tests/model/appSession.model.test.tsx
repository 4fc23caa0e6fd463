/**
 * Model-based test of the root machine through the real views: every generated path is replayed by clicking
 * what a user clicks, with effects held in deferred promises so each intermediate state can be asserted.
 * The actor is logged by the real event capture (in-memory store): after every path the log must replay to
 * exactly the actor's state. A failing store pauses signing under the banner while the app browses on, and the
 * banner's "Try again" writes what the log kept (decision 0050); the log, failure and retries included, replays.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import type { GatewayProbe, RuntimeConfig } from '../../src/machines/appSession/appSession.types.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { createAuditService, createEventCapture, MemoryEventStore, replayRecords, sameState, stateAfterOf, type EventCapture, type StreamWriter } from '../../src/services/eventLog/index.ts';
import { App } from '../../src/views/App.tsx';
import { AppearanceScreen } from '../../src/views/settings/AppearanceScreen.tsx';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { AuditProvider } from '../../src/views/audit/auditContext.tsx';
import { PersistenceGate } from '../../src/views/audit/PersistenceGate.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const config: RuntimeConfig = { gatewayUrl: 'http://gateway.test', rpcOverrides: {}, devnet: null };
const input = { location: { path: '/home', search: '' }, theme: 'light' as const };

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadConfig', output: config },
  { type: 'xstate.error.actor.loadConfig', error: new Error('Could not load config.json: 404 Not Found') },
  { type: 'xstate.done.actor.probeGateway', output: { chainCount: 1, chains: [{ chainId: '31337', chainName: 'Devnet' }] } satisfies GatewayProbe },
  { type: 'xstate.error.actor.probeGateway', error: new Error('Gateway unreachable at http://gateway.test') },
  { type: 'user.retry' },
  { type: 'user.toggleTheme' },
  // Settings › Appearance, the system's colour scheme, and appearance settings an import brought.
  { type: 'user.setTheme', preference: 'system' },
  { type: 'user.setTokenLogos', enabled: false },
  { type: 'system.colorSchemeChanged', theme: 'dark' },
  { type: 'system.appearanceImported', preference: 'light', tokenLogos: true },
  { type: 'user.navigate', to: '/welcome' },
  { type: 'system.locationChanged', path: '/no-such-page', search: '' },
  // Logs before decision 0050 only: the app stopped (this build never sends it; kept so those logs replay).
  { type: 'system.persistenceFailed', streamId: 'appSession:model', message: 'QuotaExceededError: the disk is full' },
  // The event log cannot save (decision 0050): signing pauses under the banner; "Try again" writes what it kept.
  { type: 'system.saveFailed', streamId: 'appSession:model', error: { name: 'QuotaExceededError', message: 'the disk is full' } },
  { type: 'user.retrySaving' },
  { type: 'xstate.done.actor.retrySaving' },
  { type: 'xstate.error.actor.retrySaving', error: Object.assign(new Error('the disk is still full'), { name: 'QuotaExceededError' }) },
  // The children's reports and the browser's signals the root routes (decision 0031).
  { type: 'wallet.connectionChanged', account: { address: OWNER, chainId: '31337' } },
  // The same account on another chain: only the flows are told.
  { type: 'wallet.connectionChanged', account: { address: OWNER, chainId: '100' } },
  { type: 'safeSession.chainResolved', chainId: '31337' },
  { type: 'safeSession.safeLoaded', chainId: '31337', address: SAFE },
  { type: 'system.visibilityChanged', visible: false },
  { type: 'system.flowSettled' },
];

const STREAM = 'appSession:model';

interface AppSut extends SystemUnderTest {
  pending: { loadConfig: Deferred<RuntimeConfig> | null; probeGateway: Deferred<GatewayProbe> | null; retrySaving: Deferred<void> | null };
  /** The writers that failed, as src/root.ts keeps them for "Try again". */
  failed: Set<StreamWriter>;
  pushed: string[];
  persisted: string[];
  persistedLogos: boolean[];
  /** What the root told the flows (notifyFlows) and which Safes' flows it restored (restoreFlows). */
  notified: unknown[];
  restored: string[];
  store: MemoryEventStore;
  capture: EventCapture;
}

function current<T>(d: Deferred<T> | null, name: string): Deferred<T> {
  if (!d) throw new Error(`${name} is not running`);
  return d;
}

const outputOf = <T,>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const errorOf = (event: AnyEventObject): unknown => (event as unknown as { error: unknown }).error;

const driver: ViewDriver<AppSut> = {
  start() {
    const pending: AppSut['pending'] = { loadConfig: null, probeGateway: null, retrySaving: null };
    const failed = new Set<StreamWriter>();
    const pushed: string[] = [];
    const persisted: string[] = [];
    const persistedLogos: boolean[] = [];
    const notified: unknown[] = [];
    const restored: string[] = [];
    const store = new MemoryEventStore();
    const capture = createEventCapture({
      store,
      machines: MACHINES,
      streamIdFor: (a) => (a.isRoot ? STREAM : null),
      onFailure: (streamId, error, writer) => {
        failed.add(writer);
        actor.send({ type: 'system.saveFailed', streamId, error: { name: error.name, message: error.message } });
      },
    });
    const audit = createAuditService({ store, capture, machines: MACHINES, app: { name: 'countersign', version: 'test' }, currentStreamId: STREAM });
    const actor = createActor(
      appSessionMachine.provide({
        actors: {
          loadConfig: fromPromise(() => (pending.loadConfig = deferred<RuntimeConfig>()).promise),
          probeGateway: fromPromise(() => (pending.probeGateway = deferred<GatewayProbe>()).promise),
          retrySaving: fromPromise(() => (pending.retrySaving = deferred<void>()).promise),
        },
        actions: {
          pushLocation: (_, params) => void pushed.push(params.href),
          persistTheme: (_, params) => void persisted.push(params.theme),
          persistTokenLogos: (_, params) => void persistedLogos.push(params.enabled),
          notifyFlows: (_, params) => void notified.push(params.account),
          restoreFlows: (_, params) => void restored.push(params.safeKey),
        },
      }),
      { input, inspect: capture.inspect },
    );
    actor.start();
    render(
      <AppSessionProvider actor={actor}>
        <AuditProvider port={audit}>
          <PersistenceGate>
            <App />
          </PersistenceGate>
        </AuditProvider>
      </AppSessionProvider>,
    );
    return {
      actor,
      pending,
      failed,
      pushed,
      persisted,
      persistedLogos,
      notified,
      restored,
      store,
      capture,
      cleanup: async () => {
        cleanup();
        await capture.flush();
        if (!store.failure) {
          // The log of the path replays, effect-free, to exactly the state the live actor is in.
          const replay = await replayRecords(appSessionMachine, await store.readStream(STREAM));
          const live = actor.getSnapshot();
          expect(replay.mismatch).toBeNull();
          expect(sameState(await stateAfterOf(replay.snapshot.value, replay.snapshot.status, replay.snapshot.context), await stateAfterOf(live.value, live.status, live.context))).toBe(true);
        }
        actor.stop();
      },
    };
  },
  events: {
    'xstate.done.actor.loadConfig': async (sut, e) => act(async () => current(sut.pending.loadConfig, 'loadConfig').resolve(outputOf<RuntimeConfig>(e))),
    'xstate.error.actor.loadConfig': async (sut, e) => act(async () => current(sut.pending.loadConfig, 'loadConfig').reject(errorOf(e))),
    'xstate.done.actor.probeGateway': async (sut, e) => {
      await act(async () => current(sut.pending.probeGateway, 'probeGateway').resolve(outputOf<GatewayProbe>(e)));
      // The wallet child learns the chains the gateway lists.
      const wallet = (sut.actor.getSnapshot() as AnyMachineSnapshot).children.wallet as AnyActorRef;
      expect(wallet.getSnapshot().context.supportedChainIds).toEqual(['31337']);
    },
    'xstate.error.actor.probeGateway': async (sut, e) => act(async () => current(sut.pending.probeGateway, 'probeGateway').reject(errorOf(e))),
    'user.retry': async () => act(async () => screen.getByRole('button', { name: 'Retry' }).click()),
    'user.toggleTheme': async (sut) => {
      const before = sut.persisted.length;
      await act(async () => screen.getByRole('button', { name: 'Dark theme' }).click());
      expect(sut.persisted.length).toBe(before + 1);
    },
    // Settings › Appearance, rendered beside the app on the same actor (the model's paths do not visit /settings).
    'user.setTheme': async (sut) => {
      const appearance = render(
        <AppSessionProvider actor={sut.actor}>
          <AppearanceScreen />
        </AppSessionProvider>,
      );
      await act(async () => within(appearance.container).getByRole('radio', { name: 'Same as the system' }).click());
      expect(sut.persisted.at(-1)).toBe('system');
      expect(within(appearance.container).getByRole('radio', { name: 'Same as the system' })).toBeChecked();
      appearance.unmount();
    },
    'user.setTokenLogos': async (sut) => {
      const appearance = render(
        <AppSessionProvider actor={sut.actor}>
          <AppearanceScreen />
        </AppSessionProvider>,
      );
      const toggle = within(appearance.container).getByRole('switch', { name: 'Load token logos' });
      // Turning it off is a click; when an earlier step of the path already did, the event is sent as it is.
      await act(async () => (toggle.matches(':checked') ? toggle.click() : sut.actor.send({ type: 'user.setTokenLogos', enabled: false })));
      expect(sut.persistedLogos.at(-1)).toBe(false);
      expect(within(appearance.container).getByRole('switch', { name: 'Load token logos' })).not.toBeChecked();
      appearance.unmount();
    },
    // The system's scheme shows only while the preference is `system`.
    'system.colorSchemeChanged': async (sut, e) => {
      const before = (sut.actor.getSnapshot() as AnyMachineSnapshot).context;
      await act(async () => sut.actor.send(e));
      expect((sut.actor.getSnapshot() as AnyMachineSnapshot).context.theme).toBe(before.themePreference === 'system' ? 'dark' : before.theme);
    },
    'system.appearanceImported': async (sut, e) => {
      await act(async () => sut.actor.send(e));
      expect(sut.persisted.at(-1)).toBe('light');
      expect(sut.persistedLogos.at(-1)).toBe(true);
    },
    'user.navigate': async (sut) => {
      // Without an open Safe the nav has no Safe pages (decision 0033): the brand link leads to the welcome page.
      await act(async () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Countersign' }).click());
      expect(sut.pushed.at(-1)).toBe('/welcome');
    },
    'system.locationChanged': async (sut, e) => act(async () => sut.actor.send(e)),
    // The wallet child's report: the root keeps the account and the running flows follow it.
    'wallet.connectionChanged': async (sut, e) => {
      await act(async () => sut.actor.send(e));
      const { account } = e as unknown as { account: unknown };
      expect(sut.notified.at(-1)).toEqual(account);
      expect((sut.actor.getSnapshot() as AnyMachineSnapshot).context.account).toEqual(account);
    },
    // The Safe session's report: the wallet child learns the chain it must be on.
    'safeSession.chainResolved': async (sut, e) => {
      await act(async () => sut.actor.send(e));
      const wallet = (sut.actor.getSnapshot() as AnyMachineSnapshot).children.wallet as AnyActorRef;
      expect(wallet.getSnapshot().context.requiredChainId).toBe('31337');
    },
    'safeSession.safeLoaded': async (sut, e) => {
      await act(async () => sut.actor.send(e));
      expect(sut.restored.at(-1)).toBe(`31337:${SAFE.toLowerCase()}`);
    },
    'system.visibilityChanged': async (sut, e) => {
      await act(async () => sut.actor.send(e));
      expect((sut.actor.getSnapshot() as AnyMachineSnapshot).context.visible).toBe(false);
    },
    // No Safe is open on these paths: nothing to reload, and nothing breaks.
    'system.flowSettled': async (sut, e) => act(async () => sut.actor.send(e)),
    // Logs before decision 0050: nothing in this build sends it; the replayed stop is shown as it was.
    'system.persistenceFailed': async (sut, e) => act(async () => sut.actor.send(e)),
    // Storage breaks (disk full), then the next event cannot be saved: signing pauses, the app browses on.
    'system.saveFailed': async (sut, e) => {
      const writer = sut.capture.writer(STREAM)!;
      if (writer.status === 'failed') {
        // Already failing: a writer reports once, so a second failure is another stream's (here, sent as it is).
        await act(async () => sut.actor.send(e));
        return;
      }
      const error = new Error('the disk is full');
      error.name = 'QuotaExceededError';
      sut.store.failure = error;
      const { path, search } = sut.actor.getSnapshot().context.location;
      await act(async () => {
        sut.actor.send({ type: 'system.locationChanged', path, search });
        await sut.capture.flush();
      });
    },
    'user.retrySaving': async () => act(async () => screen.getByRole('button', { name: 'Try again' }).click()),
    // Space was freed: the failed writers write what they kept, in order, then the effect reports it.
    'xstate.done.actor.retrySaving': async (sut) => {
      sut.store.failure = null;
      await act(async () => {
        for (const writer of [...sut.failed]) {
          await writer.retry();
          sut.failed.delete(writer);
        }
        current(sut.pending.retrySaving, 'retrySaving').resolve();
      });
    },
    'xstate.error.actor.retrySaving': async (sut, e) => act(async () => current(sut.pending.retrySaving, 'retrySaving').reject(errorOf(e))),
  },
  states: {
    booting: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading Countersign…');
    },
    configError: (_, expected) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`Countersign could not start. ${expected.context.error}`);
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    },
    running: async (_, expected) => {
      // The shell is up, the theme is applied, and the screen shown is the one for the current path (the welcome
      // screen loads when routed to: found once its chunk is in).
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(document.documentElement.dataset.theme).toBe(expected.context.theme);
      expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', String(expected.context.theme === 'dark'));
      const heading = { '/home': 'Overview', '/welcome': 'Welcome to Countersign', '/no-such-page': 'Page not found' }[expected.context.location.path as string];
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading ?? 'unexpected path');
    },
    'running.gateway.checkingGateway': () => {
      expect(screen.getByRole('status')).toHaveTextContent('Connecting to the gateway…');
    },
    'running.gateway.gatewayOnline': () => {
      expect(screen.queryByText(/Gateway unreachable/)).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    },
    'running.eventLog.saving': () => {
      expect(screen.queryByRole('region', { name: 'The event log cannot save.' })).toBeNull();
    },
    // The banner: why in plain words, that browsing goes on, and the way forward; the app itself is still there.
    'running.eventLog.paused': async () => {
      const banner = await screen.findByRole('region', { name: 'The event log cannot save.' });
      expect(within(banner).getByRole('alert')).toHaveTextContent('The event log cannot save. The storage this browser gives Countersign is full.');
      expect(banner).toHaveTextContent('Signing is paused until the log can save again');
      expect(within(banner).getByRole('button', { name: 'Export what is kept' })).toBeEnabled();
      expect(within(banner).getByRole('link', { name: 'Free space' })).toHaveAttribute('href', '/settings/data');
      expect(within(banner).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    },
    'running.eventLog.retrying': async () => {
      const banner = await screen.findByRole('region', { name: 'The event log cannot save.' });
      expect(banner).toHaveTextContent('Saving the events kept so far…');
      expect(within(banner).getByRole('button', { name: 'Trying again…' })).toBeDisabled();
    },
    // A replayed log from before decision 0050: the app stood stopped under the banner, with no way but a reload.
    persistenceFailed: async () => {
      const banner = await screen.findByRole('region', { name: 'The event log cannot save.' });
      expect(banner).toHaveTextContent('Details: QuotaExceededError: the disk is full (stream appSession:model)');
      expect(banner).toHaveTextContent('Countersign stopped so that nothing happens without a record.');
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(within(banner).getByRole('button', { name: 'Export what is kept' })).toBeEnabled();
      expect(within(banner).queryByRole('button', { name: 'Try again' })).toBeNull();
    },
    'running.gateway.gatewayUnreachable': (_, expected) => {
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(`Gateway unreachable. ${expected.context.error}`))).toBe(true);
      expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    },
  },
};

describeModel('appSession (model-based, real views)', {
  machine: appSessionMachine,
  input,
  events,
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.theme, s.context.location.path, s.context.account?.address ?? null, s.context.saveFailure !== null]),
  driver,
  states: 'own test',
  report: ({ name, transitions, states, paths }) => `${name} coverage: transitions ${transitions.covered}/${transitions.total}, states ${states.covered}/${states.total}, over ${paths} paths`,
});
