/**
 * The root routes what one child needs to know to another (decision 0031): the real appSession with its real
 * wallet and Safe session children, effects replaced at their boundary (wallet provider, gateway). Before, this was
 * wiring in src/root.ts (`linkChildren`) that no test reached.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { appSessionMachine } from '../../../src/machines/appSession/appSession.machine.ts';
import type { AppSessionEffects, RuntimeConfig } from '../../../src/machines/appSession/appSession.types.ts';
import type { SafeBalances } from '../../../src/domain/gateway/types.ts';
import { safeSessionMachine } from '../../../src/machines/safeSession/safeSession.machine.ts';
import { chain, OWNER_A, SAFE, sampleSafeInfo, STRANGER } from '../../../src/machines/safeSession/safeSession.samples.ts';
import { walletConnectionMachine } from '../../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult, WalletConnectionEvent } from '../../../src/machines/walletConnection/walletConnection.types.ts';
import { effectActors } from '../../../src/machines/shared/effects.ts';
import { quietWatcher } from '../../harness/quietWatcher.ts';

const config: RuntimeConfig = { gatewayUrl: 'http://gateway.test', rpcOverrides: {}, devnet: null };
const SAFE_PATH = { path: '/home', search: `?safe=devnet:${SAFE}` };

function start(options: { restored: ConnectResult; location?: { path: string; search: string } }) {
  const notified: unknown[] = [];
  const restored: string[] = [];
  let walletEvents: ((event: WalletConnectionEvent) => void) | null = null;
  const actor = createActor(
    appSessionMachine.provide({
      actors: {
        ...effectActors<AppSessionEffects>({
          loadConfig: async () => config,
          probeGateway: async () => ({ chainCount: 2, chains: [{ chainId: '31337', chainName: 'Countersign Devnet' }, { chainId: '100', chainName: 'Gnosis' }] }),
          retrySaving: async () => {},
        }),
        walletConnection: walletConnectionMachine.provide({
          actors: {
            restoreWallet: fromPromise(async () => options.restored),
            // The wallet's own events, sent by the test as the provider would.
            watchWallet: fromCallback<WalletConnectionEvent, { label: string }>(({ sendBack }) => {
              walletEvents = sendBack;
              return () => (walletEvents = null);
            }),
          },
        }),
        safeSession: safeSessionMachine.provide({
          actors: {
            loadChains: fromPromise(async () => [chain]),
            loadSafeInfo: fromPromise(async () => sampleSafeInfo),
            watchSafeInfo: quietWatcher,
            loadBalances: fromPromise(() => new Promise<SafeBalances>(() => {})),
          },
        }),
      },
      actions: {
        notifyFlows: (_, params) => void notified.push(params.account),
        restoreFlows: (_, params) => void restored.push(params.safeKey),
      },
    }),
    { input: { location: options.location ?? SAFE_PATH, theme: 'light', visible: true } },
  );
  actor.subscribe({ error: () => undefined });
  actor.start();
  return {
    actor,
    notified,
    restored,
    wallet: () => actor.getSnapshot().children.wallet!,
    session: () => actor.getSnapshot().children.safeSession ?? null,
    walletSays: (event: WalletConnectionEvent) => {
      if (!walletEvents) throw new Error('the wallet is not being watched');
      walletEvents(event);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('appSession routes its children’s reports', () => {
  it('a restored wallet reaches the open Safe’s session and the flows; the Safe’s chain and its flows reach the wallet and the flow host', async () => {
    const app = start({ restored: { label: 'Devnet Wallet', address: OWNER_A, chainId: '100' } });
    await waitFor(app.actor, (s) => s.matches({ running: { gateway: 'gatewayOnline' } }));
    await waitFor(app.session()!, (s) => s.matches('ready'));
    await settle();

    // Wallet → root → Safe session and flows.
    expect(app.actor.getSnapshot().context.account).toEqual({ address: OWNER_A, chainId: '100' });
    expect(app.session()!.getSnapshot().context.walletAddress).toBe(OWNER_A);
    expect(app.notified).toEqual([{ address: OWNER_A, chainId: '100' }]);
    // Gateway probe → root → wallet; Safe session's chain → root → wallet: on chain 100, the Safe is on 31337.
    expect(app.wallet().getSnapshot().context.supportedChainIds).toEqual(['31337', '100']);
    expect(app.wallet().getSnapshot().context.requiredChainId).toBe('31337');
    expect(app.wallet().getSnapshot().matches({ connected: 'wrongChain' })).toBe(true);
    // Safe loaded → root → flow host.
    expect(app.restored).toEqual([`31337:${SAFE.toLowerCase()}`]);
  });

  it('an account switch reaches the session; a chain switch reaches only the flows; closing the Safe frees the wallet’s chain', async () => {
    const app = start({ restored: { label: 'Devnet Wallet', address: OWNER_A, chainId: '31337' } });
    await waitFor(app.actor, (s) => s.matches({ running: { gateway: 'gatewayOnline' } }));
    await waitFor(app.session()!, (s) => s.matches('ready'));
    await settle();
    expect(app.wallet().getSnapshot().matches({ connected: 'ready' })).toBe(true);

    app.walletSays({ type: 'wallet.accountsChanged', accounts: [STRANGER] });
    await settle();
    expect(app.session()!.getSnapshot().context.walletAddress).toBe(STRANGER);
    expect(app.notified.at(-1)).toEqual({ address: STRANGER, chainId: '31337' });

    const sessionEvents: string[] = [];
    app.actor.system.inspect((e) => {
      if (e.type === '@xstate.event' && e.actorRef === app.session()) sessionEvents.push(e.event.type);
    });
    app.walletSays({ type: 'wallet.chainChanged', chainId: '100' });
    await settle();
    expect(app.notified.at(-1)).toEqual({ address: STRANGER, chainId: '100' });
    expect(sessionEvents).not.toContain('wallet.accountChanged');
    expect(app.wallet().getSnapshot().matches({ connected: 'wrongChain' })).toBe(true);

    // The user goes back to a page without a Safe: no chain is required any more, so chain 100 is fine.
    app.actor.send({ type: 'system.locationChanged', path: '/welcome', search: '' });
    await settle();
    expect(app.session()).toBeNull();
    expect(app.wallet().getSnapshot().context.requiredChainId).toBeNull();
    expect(app.wallet().getSnapshot().matches({ connected: 'ready' })).toBe(true);
  });

  it('a Safe opened after the wallet connected starts with the account; page visibility and a settled flow reach its session', async () => {
    const app = start({ restored: { label: 'Devnet Wallet', address: OWNER_A, chainId: '31337' }, location: { path: '/welcome', search: '' } });
    await waitFor(app.actor, (s) => s.matches({ running: { gateway: 'gatewayOnline' } }));
    await waitFor(app.wallet(), (s) => s.matches('connected'));
    app.actor.send({ type: 'user.navigate', to: `/home?safe=devnet:${SAFE}` });
    const session = app.session()!;
    expect(session.getSnapshot().context.walletAddress).toBe(OWNER_A);
    await waitFor(session, (s) => s.matches('ready'));

    app.actor.send({ type: 'system.visibilityChanged', visible: false });
    expect(session.getSnapshot().context.visible).toBe(false);
    expect(session.getSnapshot().matches({ ready: { info: 'paused' } })).toBe(true);

    const sessionEvents: AnyEventObject[] = [];
    app.actor.system.inspect((e) => {
      if (e.type === '@xstate.event' && e.actorRef === session) sessionEvents.push(e.event);
    });
    app.actor.send({ type: 'system.flowSettled' });
    await settle();
    expect(sessionEvents).toContainEqual({ type: 'system.flowSettled' });
    // The session polls Safe info at once (even while the tab is hidden), not at the next 15 s poll.
    expect(sessionEvents.some((e) => e.type === 'xstate.done.actor.pollSafeInfo')).toBe(true);
  });
});
