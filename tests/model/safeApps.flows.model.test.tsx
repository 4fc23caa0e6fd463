/**
 * Model-based tests of /apps/custom (customApps) and /apps/open (openApp) through their real views. openApp is
 * planned once per kind of URL (listed elsewhere, invalid, on our own origin) with one shared coverage recorder;
 * in `running` the iframe's sandbox and the bridge's frame registration are checked, and a bridge request
 * needing the user shows its prompt over the app.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromCallback, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { bridgeSessionMachine, type BridgeListenerCommand, type BridgeListenerInput } from '../../src/machines/bridgeRequest/bridgeSession.machine.ts';
import { bridgeRequestMachine } from '../../src/machines/bridgeRequest/bridgeRequest.machine.ts';
import type { BridgeSessionInfo, GetSessionInfoInput } from '../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { withSessionReplies } from '../../src/machines/bridgeRequest/bridgeSession.machine.ts';
import { customAppsMachine } from '../../src/machines/safeApps/customApps.machine.ts';
import { openAppMachine } from '../../src/machines/safeApps/openApp.machine.ts';
import { BASE_SANDBOX, CustomAppErrors } from '../../src/machines/safeApps/safeApps.logic.ts';
import type { AppInfo, AppManifest, CustomAppsContext, CustomSafeApp, OpenAppContext, OpenAppInput } from '../../src/machines/safeApps/safeApps.types.ts';
import { createAppFrameRegistry } from '../../src/services/bridge.ts';
import { CustomAppsView, RISK_TEXT } from '../../src/views/safeApps/CustomAppsScreen.tsx';
import { DEVNET_HTTP_HINT, INSECURE_URL_HINT, OpenAppView, UNKNOWN_APP_WARNING } from '../../src/views/safeApps/OpenAppScreen.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { Effects, WithApp, payload, startAppSession } from './safeApps.support.tsx';
import { session } from '../../src/machines/bridgeRequest/bridgeRequest.samples.ts';

// ───────────────────────────── /apps/custom ─────────────────────────────

const EXISTING: CustomSafeApp = { url: 'https://existing.example', name: 'Existing', description: 'Already added', iconUrl: null, chainIds: ['31337'] };
const NEW_URL = 'https://new.example/app';
const MANIFEST: AppManifest = { name: 'New App', description: 'Does new things', iconUrl: 'https://new.example/app/icon.svg', browserPermissions: [] };
const ADDED: CustomSafeApp = { url: NEW_URL, name: 'New App', description: 'Does new things', iconUrl: 'https://new.example/app/icon.svg', chainIds: ['31337'] };

const customEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadCustomApps', output: [EXISTING] },
  { type: 'xstate.error.actor.loadCustomApps', error: new Error('IndexedDB is not available') },
  { type: 'user.retry' },
  { type: 'user.add', url: `${NEW_URL}/` },
  { type: 'user.add', url: 'javascript:alert(1)' },
  // Outside the devnet an app on this computer over http is refused with what to do instead (decision 0052).
  { type: 'user.add', url: 'http://localhost:3000' },
  { type: 'user.add', url: 'https://existing.example/' },
  { type: 'xstate.done.actor.fetchManifest', output: MANIFEST },
  { type: 'xstate.error.actor.fetchManifest', error: new Error(CustomAppErrors.notASafeApp) },
  { type: 'user.toggleRisk' },
  { type: 'user.confirmAdd' },
  { type: 'xstate.done.actor.saveCustomApp', output: [EXISTING, ADDED] },
  { type: 'xstate.error.actor.saveCustomApp', error: new Error('The disk is full') },
  { type: 'user.remove', url: EXISTING.url },
  { type: 'user.confirmRemove' },
  { type: 'xstate.done.actor.removeCustomApp', output: [] },
  { type: 'xstate.error.actor.removeCustomApp', error: new Error('The disk is full') },
  { type: 'user.cancel' },
];

interface CustomSut extends SystemUnderTest {
  effects: Effects;
}

const resolveWith = (name: string) => (sut: CustomSut, e: AnyEventObject) => act(async () => sut.effects.take(name).resolve(payload(e, 'output')));
const rejectWith = (name: string) => (sut: CustomSut, e: AnyEventObject) => act(async () => sut.effects.take(name).reject(payload(e, 'error')));

const customDriver: ViewDriver<CustomSut> = {
  start() {
    const effects = new Effects();
    const actor = createActor(
      customAppsMachine.provide({
        actors: {
          loadCustomApps: effects.actor('loadCustomApps'),
          fetchManifest: effects.actor('fetchManifest'),
          saveCustomApp: effects.actor('saveCustomApp'),
          removeCustomApp: effects.actor('removeCustomApp'),
        },
      }),
      { input: { chainId: '31337' } },
    );
    const app = startAppSession();
    actor.start();
    render(
      <WithApp app={app}>
        <CustomAppsView actor={actor} />
      </WithApp>,
    );
    return { actor, effects, cleanup: () => (cleanup(), actor.stop(), app.stop()) };
  },
  events: {
    'xstate.done.actor.loadCustomApps': resolveWith('loadCustomApps'),
    'xstate.error.actor.loadCustomApps': rejectWith('loadCustomApps'),
    'user.retry': () => act(async () => screen.getByRole('button', { name: /Retry/ }).click()),
    'user.add': async (sut, e) => {
      const url = (e as unknown as { url: string }).url;
      fireEvent.change(screen.getByLabelText('Safe App URL'), { target: { value: url } });
      await act(async () => void fireEvent.submit(screen.getByRole('form', { name: 'Add custom app' })));
      const snapshot = sut.actor.getSnapshot() as AnyMachineSnapshot;
      if (snapshot.matches('fetchingManifest')) expect(sut.effects.lastInput('fetchManifest')).toEqual({ url: NEW_URL });
    },
    'xstate.done.actor.fetchManifest': resolveWith('fetchManifest'),
    'xstate.error.actor.fetchManifest': rejectWith('fetchManifest'),
    'user.toggleRisk': () => act(async () => screen.getByRole('checkbox', { name: RISK_TEXT }).click()),
    'user.confirmAdd': async (sut) => {
      await act(async () => within(screen.getByRole('dialog', { name: 'Add custom Safe App' })).getByRole('button', { name: 'Add' }).click());
      expect(sut.effects.lastInput('saveCustomApp')).toEqual({ chainId: '31337', app: ADDED });
    },
    'xstate.done.actor.saveCustomApp': resolveWith('saveCustomApp'),
    'xstate.error.actor.saveCustomApp': rejectWith('saveCustomApp'),
    'user.remove': () => act(async () => screen.getByRole('button', { name: 'Remove Existing' }).click()),
    'user.confirmRemove': async (sut) => {
      await act(async () => within(screen.getByRole('dialog', { name: 'Remove Safe App' })).getByRole('button', { name: 'Remove' }).click());
      expect(sut.effects.lastInput('removeCustomApp')).toEqual({ chainId: '31337', url: EXISTING.url });
    },
    'xstate.done.actor.removeCustomApp': resolveWith('removeCustomApp'),
    'xstate.error.actor.removeCustomApp': rejectWith('removeCustomApp'),
    'user.cancel': () => act(async () => screen.getByRole('button', { name: 'Cancel' }).click()),
  },
  states: {
    loading: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading your custom apps…');
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent('Could not load your custom apps. IndexedDB is not available');
    },
    ready: (_, s) => {
      const ctx = s.context as CustomAppsContext;
      const names = ctx.apps.map((app) => app.name);
      if (names.length) expect(screen.getAllByTestId('custom-app').map((li) => li.getAttribute('aria-label'))).toEqual(names);
      else expect(screen.getByText('You have not added any custom apps on this network.')).toBeInTheDocument();
      if (ctx.error) expect(screen.getByRole('alert')).toHaveTextContent(ctx.error);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByRole('button', { name: 'Add app' })).toBeEnabled();
      // Not the devnet: the form does not offer http apps on this computer (decision 0052).
      expect(screen.getByLabelText('Safe App URL')).not.toHaveAttribute('aria-describedby');
      expect(screen.queryByText(/On this devnet you can also add/)).toBeNull();
    },
    fetchingManifest: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Reading manifest.json…');
      expect(screen.getByRole('button', { name: 'Add app' })).toBeDisabled();
    },
    confirmingAdd: (_, s) => {
      const ctx = s.context as CustomAppsContext;
      const dialog = screen.getByRole('dialog', { name: 'Add custom Safe App' });
      expect(dialog).toHaveTextContent('New App');
      expect(dialog).toHaveTextContent(NEW_URL);
      expect(within(dialog).getByRole('note')).toHaveTextContent('not in the default Safe Apps list');
      expect(within(dialog).getByRole('checkbox', { name: RISK_TEXT })).toHaveProperty('checked', ctx.riskAccepted);
      const add = within(dialog).getByRole('button', { name: 'Add' });
      if (ctx.riskAccepted) expect(add).toBeEnabled();
      else expect(add).toBeDisabled();
      if (ctx.error) expect(screen.getByRole('alert')).toHaveTextContent('The disk is full');
    },
    saving: () => {
      expect(within(screen.getByRole('dialog', { name: 'Add custom Safe App' })).getByRole('button', { name: 'Adding…' })).toBeDisabled();
    },
    confirmingRemove: () => {
      expect(screen.getByRole('dialog', { name: 'Remove Safe App' })).toHaveTextContent('Remove Existing from your custom apps?');
    },
    removing: () => {
      expect(within(screen.getByRole('dialog', { name: 'Remove Safe App' })).getByRole('button', { name: 'Removing…' })).toBeDisabled();
    },
  },
};

describeModel('customApps (model-based, real /apps/custom view)', {
  machine: customAppsMachine,
  input: { chainId: '31337' },
  events: customEvents,
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.riskAccepted, s.context.error, s.context.apps.length]),
  driver: customDriver,
  name: 'customApps',
  states: 'with transitions',
  coverageTitle: 'covers every transition and state',
});

// ───────────────────────────── /apps/open ─────────────────────────────

const HOST = 'http://wallet.test';
const APP_URL = 'https://app.example/hello';
const INFO: AppInfo = {
  url: APP_URL,
  name: 'Hello',
  description: 'Says hello',
  iconUrl: null,
  listed: false,
  browserPermissions: ['camera'],
  permissions: [{ invoker: 'https://app.example', parentCapability: 'requestAddressBook', caveats: [{ type: 'userRestricted', value: true }] }],
};

const openEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadAppInfo', output: INFO },
  // The gateway's entry names our own origin: the frame would not be the origin the bridge listens to.
  { type: 'xstate.done.actor.loadAppInfo', output: { ...INFO, url: `${HOST}/evil` } },
  { type: 'xstate.error.actor.loadAppInfo', error: new Error('The app doesn’t answer') },
  { type: 'user.retry' },
  { type: 'user.toggleWarning' },
  { type: 'user.openApp' },
  { type: 'user.closeApp' },
];

interface OpenSut extends SystemUnderTest {
  effects: Effects;
  frames: ReturnType<typeof createAppFrameRegistry>;
  listener: { sendBack: ((event: { type: 'bridge.request'; request: never }) => void) | null; commands: BridgeListenerCommand[] };
}

const sessionInfo: BridgeSessionInfo = session({ hostOrigin: HOST });

function openDriver(input: OpenAppInput): ViewDriver<OpenSut> {
  return {
    start() {
      const effects = new Effects();
      const frames = createAppFrameRegistry();
      const listener: OpenSut['listener'] = { sendBack: null, commands: [] };
      const bridgeListener = fromCallback<BridgeListenerCommand, BridgeListenerInput>(({ sendBack, receive }) => {
        listener.sendBack = sendBack as never;
        receive((command) => void listener.commands.push(command));
      });
      const bridgeRequest = withSessionReplies(bridgeRequestMachine.provide({ actors: { getSessionInfo: effects.actor<BridgeSessionInfo, GetSessionInfoInput>('getSessionInfo') } }));
      const actor = createActor(
        openAppMachine.provide({
          actors: { loadAppInfo: effects.actor('loadAppInfo'), bridgeSession: bridgeSessionMachine.provide({ actors: { bridgeListener, bridgeRequest } }) },
        }),
        { input },
      );
      const app = startAppSession();
      actor.start();
      render(
        <WithApp app={app}>
          <OpenAppView actor={actor} frames={frames} hostOrigin={HOST} />
        </WithApp>,
      );
      return { actor, effects, frames, listener, cleanup: () => (cleanup(), actor.stop(), app.stop()) };
    },
    events: {
      'xstate.done.actor.loadAppInfo': async (sut, e) => {
        expect(sut.effects.lastInput('loadAppInfo')).toEqual({ appUrl: input.appUrl, chainId: '31337' });
        await act(async () => sut.effects.take('loadAppInfo').resolve(payload(e, 'output')));
      },
      'xstate.error.actor.loadAppInfo': (sut, e) => act(async () => sut.effects.take('loadAppInfo').reject(payload(e, 'error'))),
      'user.retry': () => act(async () => screen.getByRole('button', { name: 'Retry' }).click()),
      'user.toggleWarning': () => act(async () => screen.getByRole('checkbox', { name: 'I understand the risk and want to open this app' }).click()),
      'user.openApp': () => act(async () => screen.getByRole('button', { name: 'Continue' }).click()),
      // The app may have a permission request open: its modal dialog hides the page (aria-hidden), the button stays.
      'user.closeApp': () => act(async () => screen.getByRole('button', { name: 'Close app', hidden: true }).click()),
    },
    states: {
      checking: () => undefined,
      refused: (_, s) => {
        const ctx = s.context as OpenAppContext;
        const texts = {
          sameOrigin: 'served from Countersign’s own origin and cannot be opened',
          originMismatch: 'points to another origin than the address you opened',
          invalidUrl: 'not a valid Safe App URL',
          insecureUrl: `This app is served over http, which is not opened here. ${INSECURE_URL_HINT}`,
        };
        expect(screen.getByRole('alert')).toHaveTextContent(ctx.refusal === 'insecureUrl' && ctx.localHttpApps ? DEVNET_HTTP_HINT : texts[ctx.refusal!]);
        expect(document.querySelector('iframe')).toBeNull();
      },
      loadingInfo: () => {
        expect(screen.getByRole('status')).toHaveTextContent('Loading the Safe App…');
      },
      failed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent('Could not load the Safe App. The app doesn’t answer');
      },
      prompt: (_, s) => {
        const ctx = s.context as OpenAppContext;
        const dialog = screen.getByRole('dialog', { name: 'Open Safe App' });
        expect(dialog).toHaveTextContent('Hello');
        expect(dialog).toHaveTextContent('https://app.example');
        expect(dialog).toHaveTextContent('camera');
        expect(within(dialog).getByRole('list', { name: 'Granted permissions' })).toHaveTextContent('Access to your address book: denied');
        expect(within(dialog).getByRole('note')).toHaveTextContent(UNKNOWN_APP_WARNING);
        const go = within(dialog).getByRole('button', { name: 'Continue' });
        if (ctx.warningAccepted) expect(go).toBeEnabled();
        else expect(go).toBeDisabled();
        expect(document.querySelector('iframe')).toBeNull();
      },
      running: async (sut) => {
        const frame = screen.getByTitle('Hello') as HTMLIFrameElement;
        expect(frame.getAttribute('src')).toBe(APP_URL);
        expect(frame.getAttribute('sandbox')).toBe(`${BASE_SANDBOX} allow-same-origin`);
        expect(sut.frames.window('https://app.example')).toBe(frame.contentWindow);
        // A request needing the user is prompted over the app; the prompt is the bridge's own view.
        if (!screen.queryByRole('dialog', { name: 'Permissions Request' })) {
          await act(async () =>
            sut.listener.sendBack?.({ type: 'bridge.request', request: { id: 'r1', method: 'wallet_requestPermissions', sdkVersion: '9.1.0', params: { requests: [{ requestAddressBook: {} }] } } as never }),
          );
          await act(async () => sut.effects.take('getSessionInfo').resolve(sessionInfo));
        }
        expect(screen.getByRole('dialog', { name: 'Permissions Request' })).toHaveTextContent('Access to your address book');
      },
      closed: (sut) => {
        expect(screen.getByRole('status')).toHaveTextContent('The app was closed.');
        expect(document.querySelector('iframe')).toBeNull();
        expect(sut.frames.window('https://app.example')).toBeNull();
      },
    },
  };
}

const openInputs: Record<string, OpenAppInput> = {
  otherOrigin: { appUrl: APP_URL, hostOrigin: HOST, chainId: '31337' },
  invalidUrl: { appUrl: 'javascript:alert(1)', hostOrigin: HOST, chainId: '31337' },
  ownOrigin: { appUrl: `${HOST}/evil-app`, hostOrigin: HOST, chainId: '31337' },
  // Not the devnet (no localHttpApps): an http app on this computer is refused (decision 0052).
  localHttpOutsideDevnet: { appUrl: 'http://localhost:3000', hostOrigin: HOST, chainId: '31337' },
  // The devnet: http only from this computer; another http host is refused with what to use instead.
  httpElsewhereOnDevnet: { appUrl: 'http://192.168.1.20:3000', hostOrigin: HOST, chainId: '31337', localHttpApps: true },
};
describeModel('openApp (model-based, real /apps/open view)', {
  machine: openAppMachine,
  events: openEvents,
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.warningAccepted]),
  plans: Object.entries(openInputs).map(([name, input]) => ({ describe: name, input, driver: openDriver(input) })),
  name: 'openApp',
  states: 'with transitions',
  coverageTitle: 'covers every transition and state',
  report: ({ name, transitions }) => `${name} transition coverage: ${transitions.covered}/${transitions.total}`,
});
