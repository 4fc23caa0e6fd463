/**
 * Model-based tests of the /apps list (safeAppsList) and /settings/safe-apps (appPermissions) through their real
 * views: every generated path is replayed with effects held in deferred promises and users' actions done by
 * typing and clicking; 100 % transition coverage.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { appPermissionsMachine } from '../../src/machines/safeApps/appPermissions.machine.ts';
import { filterApps } from '../../src/machines/safeApps/safeApps.logic.ts';
import { safeAppsListMachine } from '../../src/machines/safeApps/safeAppsList.machine.ts';
import type { AppPermissionsContext, LoadSafeAppsOutput, PermissionsByOrigin, SafeApp, SafeAppsListContext } from '../../src/machines/safeApps/safeApps.types.ts';
import { AppsList } from '../../src/views/safeApps/AppsScreen.tsx';
import { AppPermissionsView } from '../../src/views/safeApps/SafeAppsSettings.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { Effects, WithApp, payload, startAppSession } from './safeApps.support.tsx';

const HOST = 'http://127.0.0.1:4173';
const base = (id: number, patch: Partial<SafeApp>): SafeApp => ({
  id,
  url: `https://app${id}.example`,
  name: `App ${id}`,
  iconUrl: null,
  description: '',
  chainIds: ['31337'],
  provider: null,
  accessControl: { type: 'NO_RESTRICTIONS', value: null },
  tags: [],
  features: [],
  developerWebsite: null,
  socialProfiles: [],
  featured: false,
  ...patch,
});
const HELLO = base(1, {
  name: 'Devnet Hello App',
  description: 'Calls every bridge method',
  tags: ['Devnet'],
  features: ['BATCHED_TRANSACTIONS'],
  featured: true,
  socialProfiles: [{ platform: 'GITHUB', url: 'https://github.com/example/hello' }, { platform: 'TWITTER', url: 'javascript:alert(1)' }],
});
const SWAP = base(2, { name: 'Swapper', description: 'Swap tokens', tags: ['DeFi'] });
const HIDDEN = base(3, { name: 'Other Wallet Only', accessControl: { type: 'DOMAIN_ALLOWLIST', value: ['https://other-wallet.example'] } });
const loaded: LoadSafeAppsOutput = { apps: [HELLO, SWAP, HIDDEN], pinned: [2] };

// ───────────────────────────── /apps ─────────────────────────────

const listEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSafeApps', output: loaded },
  { type: 'xstate.error.actor.loadSafeApps', error: new Error('The gateway did not answer in time.') },
  { type: 'user.retry' },
  { type: 'user.search', query: 'devnet' },
  { type: 'user.selectTag', tag: 'Devnet' },
  { type: 'user.toggleBatched' },
  { type: 'user.togglePin', appId: 1 },
  { type: 'xstate.done.actor.savePinned' },
  { type: 'xstate.error.actor.savePinned', error: new Error('The disk is full') },
];

interface ListSut extends SystemUnderTest {
  effects: Effects;
}

const listDriver: ViewDriver<ListSut> = {
  start() {
    const effects = new Effects();
    const actor = createActor(
      safeAppsListMachine.provide({ actors: { loadSafeApps: effects.actor('loadSafeApps'), savePinned: effects.actor('savePinned') } }),
      { input: { chainId: '31337', clientUrl: HOST } },
    );
    const app = startAppSession();
    actor.start();
    render(
      <WithApp app={app}>
        <AppsList actor={actor} />
      </WithApp>,
    );
    return { actor, effects, cleanup: () => (cleanup(), actor.stop(), app.stop()) };
  },
  events: {
    'xstate.done.actor.loadSafeApps': async (sut, e) => {
      expect(sut.effects.lastInput('loadSafeApps')).toEqual({ chainId: '31337', clientUrl: HOST });
      await act(async () => sut.effects.take('loadSafeApps').resolve(payload(e, 'output')));
    },
    'xstate.error.actor.loadSafeApps': (sut, e) => act(async () => sut.effects.take('loadSafeApps').reject(payload(e, 'error'))),
    'user.retry': () => act(async () => screen.getByRole('button', { name: /Retry/ }).click()),
    'user.search': (_, e) => act(async () => void fireEvent.change(screen.getByPlaceholderText('Search by name or category'), { target: { value: (e as unknown as { query: string }).query } })),
    'user.selectTag': (_, e) => act(async () => void fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: (e as unknown as { tag: string }).tag } })),
    'user.toggleBatched': () => act(async () => screen.getByRole('checkbox', { name: 'Optimized with Batch transactions' }).click()),
    'user.togglePin': async (sut) => {
      const pinned = (sut.actor.getSnapshot() as AnyMachineSnapshot).context.pinned as number[];
      const button = screen.getAllByRole('button', { name: /^(Pin|Unpin) Devnet Hello App$/ })[0]!;
      await act(async () => button.click());
      const next = pinned.includes(1) ? pinned.filter((id) => id !== 1) : [...pinned, 1];
      expect(sut.effects.lastInput('savePinned')).toEqual({ chainId: '31337', appIds: next });
      // Not shown as pinned before it is stored, and no second pin while one is being stored.
      expect((sut.actor.getSnapshot() as AnyMachineSnapshot).context.pinned).toEqual(pinned);
      for (const b of screen.getAllByRole('button', { name: /^(Pin|Unpin) Devnet Hello App$/ })) expect(b).toBeDisabled();
    },
    'xstate.done.actor.savePinned': (sut) => act(async () => sut.effects.take('savePinned').resolve(undefined)),
    'xstate.error.actor.savePinned': (sut, e) => act(async () => sut.effects.take('savePinned').reject(payload(e, 'error'))),
  },
  states: {
    loading: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading Safe Apps…');
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent('Could not load Safe Apps. The gateway did not answer in time.');
    },
    ready: (_, s) => {
      const ctx = s.context as SafeAppsListContext;
      // DOMAIN_ALLOWLIST: the app restricted to another wallet is never shown.
      expect(screen.queryByText('Other Wallet Only')).toBeNull();
      const filtering = ctx.query !== '' || ctx.tag !== null || ctx.batchedOnly;
      const expected = filterApps(ctx.apps, ctx).map((a) => a.name);
      const all = screen.getByRole('list', { name: 'All apps' });
      expect(within(all).getAllByTestId('safe-app-card').map((li) => li.getAttribute('aria-label'))).toEqual(expected);
      expect(screen.getByRole('heading', { name: filtering ? `Results (${expected.length})` : 'All apps (2)' })).toBeInTheDocument();
      const pinned = screen.queryByRole('list', { name: 'My pinned apps' });
      if (filtering) expect(pinned).toBeNull();
      else expect(within(pinned!).getAllByTestId('safe-app-card').map((li) => li.getAttribute('aria-label'))).toEqual(ctx.pinned.map((id) => (id === 1 ? HELLO.name : SWAP.name)));
      if (!filtering) expect(within(screen.getByRole('list', { name: 'Featured apps' })).getByText('Devnet Hello App')).toBeInTheDocument();
      if (expected.includes(HELLO.name)) {
        const card = within(all).getByRole('listitem', { name: HELLO.name });
        expect(within(card).getByText('Batch transactions')).toBeInTheDocument();
        expect(within(card).getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/example/hello');
        expect(within(card).queryByRole('link', { name: 'X (Twitter)' })).toBeNull();
        expect(within(card).getByRole('link', { name: HELLO.name })).toHaveAttribute('href', expect.stringContaining(`/apps/open?appUrl=${encodeURIComponent(HELLO.url)}`));
        expect(within(card).getByRole('button', { name: `${ctx.pinned.includes(1) ? 'Unpin' : 'Pin'} Devnet Hello App` })).toHaveAttribute('aria-pressed', String(ctx.pinned.includes(1)));
      }
      expect(screen.getByRole('checkbox', { name: 'Optimized with Batch transactions' })).toHaveProperty('checked', ctx.batchedOnly);
      if (ctx.pinError) expect(screen.getByRole('alert')).toHaveTextContent('The pin could not be saved on this device. The disk is full');
      else expect(screen.queryByRole('alert')).toBeNull();
    },
  },
};

describeModel('safeAppsList (model-based, real /apps view)', {
  machine: safeAppsListMachine,
  input: { chainId: '31337', clientUrl: HOST },
  events: listEvents,
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.query, s.context.tag, s.context.batchedOnly, s.context.pinned, s.context.pinError]),
  driver: listDriver,
  name: 'safeAppsList',
  states: 'with transitions',
  coverageTitle: 'covers every transition and state',
});

// ───────────────────────────── /settings/safe-apps ─────────────────────────────

const ORIGIN = 'https://app.example';
const granted: PermissionsByOrigin = {
  [ORIGIN]: [{ invoker: ORIGIN, parentCapability: 'requestAddressBook', date: Date.UTC(2026, 0, 2), caveats: [] }],
  'https://denied.example': [{ invoker: 'https://denied.example', parentCapability: 'requestAddressBook', caveats: [{ type: 'userRestricted', value: true }] }],
};
const afterRevoke: PermissionsByOrigin = { 'https://denied.example': granted['https://denied.example']! };

const permissionEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPermissions', output: granted },
  { type: 'xstate.error.actor.loadPermissions', error: new Error('IndexedDB is not available') },
  { type: 'user.retry' },
  { type: 'user.revoke', origin: ORIGIN, capability: 'requestAddressBook' },
  { type: 'xstate.done.actor.revokePermission', output: afterRevoke },
  { type: 'xstate.error.actor.revokePermission', error: new Error('The disk is full') },
];

interface PermissionsSut extends SystemUnderTest {
  effects: Effects;
  app: AnyActorRef;
}

const permissionsDriver: ViewDriver<PermissionsSut> = {
  start() {
    const effects = new Effects();
    const actor = createActor(appPermissionsMachine.provide({ actors: { loadPermissions: effects.actor('loadPermissions'), revokePermission: effects.actor('revokePermission') } }));
    const app = startAppSession();
    actor.start();
    render(
      <WithApp app={app}>
        <AppPermissionsView actor={actor} />
      </WithApp>,
    );
    return { actor, effects, app, cleanup: () => (cleanup(), actor.stop(), app.stop()) };
  },
  events: {
    'xstate.done.actor.loadPermissions': (sut, e) => act(async () => sut.effects.take('loadPermissions').resolve(payload(e, 'output'))),
    'xstate.error.actor.loadPermissions': (sut, e) => act(async () => sut.effects.take('loadPermissions').reject(payload(e, 'error'))),
    'user.retry': () => act(async () => screen.getByRole('button', { name: /Retry/ }).click()),
    'user.revoke': async (sut) => {
      // One capability of the granted app while it is listed; afterwards every permission of the other origin.
      const one = screen.queryByRole('button', { name: `Revoke Access to your address book for ${ORIGIN}` });
      await act(async () => (one ?? screen.getByRole('button', { name: 'Remove all for https://denied.example' })).click());
      expect(sut.effects.lastInput('revokePermission')).toEqual(one ? { origin: ORIGIN, capability: 'requestAddressBook' } : { origin: 'https://denied.example', capability: null });
    },
    'xstate.done.actor.revokePermission': (sut, e) => act(async () => sut.effects.take('revokePermission').resolve(payload(e, 'output'))),
    'xstate.error.actor.revokePermission': (sut, e) => act(async () => sut.effects.take('revokePermission').reject(payload(e, 'error'))),
  },
  states: {
    loading: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading Safe App permissions…');
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent('Could not load Safe App permissions. IndexedDB is not available');
    },
    ready: (_, s) => {
      const ctx = s.context as AppPermissionsContext;
      const items = screen.getAllByTestId('app-permissions').map((li) => li.getAttribute('aria-label'));
      expect(items).toEqual(Object.keys(ctx.entries).sort());
      expect(within(screen.getByRole('listitem', { name: 'https://denied.example' })).getByText(/Access to your address book: denied/)).toBeInTheDocument();
      if (ctx.entries[ORIGIN]) expect(within(screen.getByRole('listitem', { name: ORIGIN })).getByText(/granted/)).toHaveTextContent('2026-01-02');
      if (ctx.error) expect(screen.getByRole('alert')).toHaveTextContent('The disk is full');
      else expect(screen.queryByRole('alert')).toBeNull();
      for (const button of screen.getAllByRole('button', { name: /^Revoke/ })) expect(button).toBeEnabled();
    },
    revoking: () => {
      for (const button of screen.getAllByRole('button', { name: /^Revoke/ })) expect(button).toBeDisabled();
    },
  },
};

describeModel('appPermissions (model-based, real /settings/safe-apps view)', {
  machine: appPermissionsMachine,
  events: permissionEvents,
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.error, Object.keys(s.context.entries)]),
  driver: permissionsDriver,
  name: 'appPermissions',
  states: 'with transitions',
  coverageTitle: 'covers every transition and state',
});
