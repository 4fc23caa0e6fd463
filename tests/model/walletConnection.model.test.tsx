/**
 * Model-based test of walletConnection through the real wallet views (header button and banners): every
 * generated path is replayed by clicking what a user clicks; effects are held in deferred promises, the
 * wallet's own events arrive through the watchWallet callback actor exactly as the real one sends them, and
 * the root's events (required chain, supported chains) are sent to the actor as the root does.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import { CONNECTION_RETRIES, WALLET_TEXTS } from '../../src/machines/walletConnection/walletConnection.logic.ts';
import type {
  ConnectResult,
  SwitchChainOutput,
  WalletConnectionContext,
  WalletConnectionEvent,
} from '../../src/machines/walletConnection/walletConnection.types.ts';
import { serializeWalletConnectionState, WALLET_AFTER_RETRY, walletConnectionSampleEvents } from '../../src/machines/walletConnection/walletConnection.samples.ts';
import { WalletButton } from '../../src/views/walletConnection/WalletButton.tsx';
import { WalletNotices } from '../../src/views/walletConnection/WalletNotices.tsx';
import { WalletProvider } from '../../src/views/walletConnection/walletContext.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

/** The name the views show for a chain: the gateway's name once the root has sent it, else `chain <id>`. */
const chainName = (s: AnyMachineSnapshot, chainId: string) => (s.context as WalletConnectionContext).chainNames[chainId] ?? `chain ${chainId}`;

/** The shared samples with `{ name: 'Error', message }` payloads turned back into `Error` instances. */
const events: AnyEventObject[] = walletConnectionSampleEvents.map((e) => {
  const error = (e as { error?: Record<string, unknown> }).error;
  return error && error.name === 'Error' && Object.keys(error).length === 2 ? { ...e, error: new Error(String(error.message)) } : e;
});

interface WalletSut extends SystemUnderTest {
  pending: {
    restoreWallet: Deferred<ConnectResult> | null;
    connectWallet: Deferred<ConnectResult> | null;
    switchChain: Deferred<SwitchChainOutput> | null;
    disconnectWallet: Deferred<void> | null;
  };
  walletEvents: ((event: WalletConnectionEvent) => void) | null;
  switchedTo: string[];
  remembered: string[];
  forgotten: number;
}

function current<T>(d: Deferred<T> | null, name: string): Deferred<T> {
  if (!d) throw new Error(`${name} is not running`);
  return d;
}
const payload = <T,>(event: AnyEventObject, key: 'output' | 'error'): T => (event as unknown as Record<string, T>)[key]!;

function click(name: string | RegExp) {
  return act(async () => screen.getByRole('button', { name }).click());
}

const driver: ViewDriver<WalletSut> = {
  start() {
    const sut = {
      pending: { restoreWallet: null, connectWallet: null, switchChain: null, disconnectWallet: null },
      walletEvents: null,
      switchedTo: [],
      remembered: [],
      forgotten: 0,
    } as unknown as WalletSut;
    const actor = createActor(
      walletConnectionMachine.provide({
        actors: {
          restoreWallet: fromPromise(() => (sut.pending.restoreWallet = deferred<ConnectResult>()).promise),
          connectWallet: fromPromise(() => (sut.pending.connectWallet = deferred<ConnectResult>()).promise),
          switchChain: fromPromise(({ input }) => {
            sut.switchedTo.push(input.chainId);
            return (sut.pending.switchChain = deferred<SwitchChainOutput>()).promise;
          }),
          disconnectWallet: fromPromise(() => (sut.pending.disconnectWallet = deferred<void>()).promise),
          watchWallet: fromCallback<WalletConnectionEvent, { label: string }>(({ sendBack }) => {
            sut.walletEvents = sendBack;
            return () => {
              sut.walletEvents = null;
            };
          }),
        },
        actions: {
          rememberWallet: (_, params) => void sut.remembered.push(params.label),
          forgetWallet: () => void (sut.forgotten += 1),
        },
      }),
    );
    actor.start();
    render(
      <WalletProvider actors={{ wallet: actor }}>
        <header>
          <WalletButton />
        </header>
        <WalletNotices />
      </WalletProvider>,
    );
    return Object.assign(sut, {
      actor,
      cleanup: () => {
        cleanup();
        actor.stop();
      },
    });
  },
  events: {
    'xstate.done.actor.restoreWallet': (sut, e) => act(async () => current(sut.pending.restoreWallet, 'restoreWallet').resolve(payload(e, 'output'))),
    'xstate.error.actor.restoreWallet': async (sut, e) => {
      const before = sut.forgotten;
      await act(async () => current(sut.pending.restoreWallet, 'restoreWallet').reject(payload(e, 'error')));
      expect(sut.forgotten).toBe(before + 1);
    },
    'user.connect': async () => {
      const retry = screen.queryByRole('button', { name: 'Try again' });
      await act(async () => (retry ?? screen.getByRole('button', { name: 'Connect wallet' })).click());
    },
    'xstate.done.actor.connectWallet': async (sut, e) => {
      const output = payload<ConnectResult>(e, 'output');
      await act(async () => current(sut.pending.connectWallet, 'connectWallet').resolve(output));
      if (output) expect(sut.remembered.at(-1)).toBe(output.label);
    },
    'xstate.error.actor.connectWallet': (sut, e) => act(async () => current(sut.pending.connectWallet, 'connectWallet').reject(payload(e, 'error'))),
    // The retry delay is real (100 ms); the harness waits for the next state, nothing is timed.
    [WALLET_AFTER_RETRY]: () => {},
    'user.dismiss': () => click('Dismiss'),
    'user.disconnect': async () => {
      await act(async () => screen.getByRole('button', { name: /^Wallet 0x/ }).click());
      // The menu's code loads on its first open.
      const menu = await screen.findByRole('dialog', { name: 'Connected wallet' });
      await act(async () => within(menu).getByRole('button', { name: 'Disconnect' }).click());
    },
    'xstate.done.actor.disconnectWallet': (sut) => act(async () => current(sut.pending.disconnectWallet, 'disconnectWallet').resolve()),
    'xstate.error.actor.disconnectWallet': (sut, e) => act(async () => current(sut.pending.disconnectWallet, 'disconnectWallet').reject(payload(e, 'error'))),
    'user.switchChain': async (sut) => {
      const required = (sut.actor.getSnapshot() as AnyMachineSnapshot).context.requiredChainId as string;
      await click(/^Switch to /);
      expect(sut.switchedTo.at(-1)).toBe(required);
    },
    'xstate.done.actor.switchChain': (sut, e) => act(async () => current(sut.pending.switchChain, 'switchChain').resolve(payload(e, 'output'))),
    'xstate.error.actor.switchChain': (sut, e) => act(async () => current(sut.pending.switchChain, 'switchChain').reject(payload(e, 'error'))),
    'wallet.accountsChanged': (sut, e) => act(async () => sut.walletEvents!(e as WalletConnectionEvent)),
    'wallet.chainChanged': (sut, e) => act(async () => sut.walletEvents!(e as WalletConnectionEvent)),
    'wallet.disconnected': (sut, e) => act(async () => sut.walletEvents!(e as WalletConnectionEvent)),
    // The next signing step reads the connection's device: the machine keeps the new one, or none.
    'wallet.deviceChanged': async (sut, e) => {
      await act(async () => sut.walletEvents!(e as WalletConnectionEvent));
      const { device } = e as Extract<WalletConnectionEvent, { type: 'wallet.deviceChanged' }>;
      expect((sut.actor.getSnapshot() as AnyMachineSnapshot).context.wallet?.device ?? null).toEqual(device);
    },
    'system.requiredChainChanged': (sut, e) => act(async () => sut.actor.send(e)),
    'system.supportedChainsChanged': (sut, e) => act(async () => sut.actor.send(e)),
  },
  states: {
    restoring: () => {
      expect(screen.getByRole('button', { name: 'Connecting…' })).toBeDisabled();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    disconnected: () => {
      expect(screen.getByRole('button', { name: 'Connect wallet' })).toBeEnabled();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    },
    connecting: () => {
      expect(screen.getByRole('button', { name: 'Connecting…' })).toBeDisabled();
    },
    retrying: (_, s) => {
      expect(screen.getByRole('status')).toHaveTextContent(`Retrying (${s.context.retries} of ${CONNECTION_RETRIES})`);
    },
    failed: (_, s) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`Could not connect the wallet. ${s.context.error.message}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    unavailable: () => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`Wallet not available. ${WALLET_TEXTS.unavailable}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    connected: (_, s) => {
      const { wallet, chainNames } = s.context as WalletConnectionContext;
      const network = chainNames[wallet!.chainId] ?? `chain ${wallet!.chainId}`;
      expect(screen.getByRole('button', { name: new RegExp(`^Wallet ${wallet!.address} on ${network}: `) })).toBeEnabled();
    },
    'connected.ready': () => {
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'connected.wrongChain': (_, s) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(WALLET_TEXTS.wrongNetwork);
      expect(alert).toHaveTextContent(`this Safe is on ${chainName(s, s.context.requiredChainId)}`);
    },
    'connected.unsupportedChain': (_, s) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(WALLET_TEXTS.wrongNetwork);
      expect(alert).toHaveTextContent(`Your wallet is on ${chainName(s, s.context.wallet.chainId)}, which this gateway does not support.`);
    },
    'connected.wrongChain.idle': (_, s) => {
      expect(screen.getByRole('button', { name: `Switch to ${chainName(s, s.context.requiredChainId)}` })).toBeEnabled();
    },
    'connected.unsupportedChain.idle': (_, s) => {
      if (s.context.requiredChainId) expect(screen.getByRole('button', { name: `Switch to ${chainName(s, s.context.requiredChainId)}` })).toBeEnabled();
      else expect(screen.getByRole('alert')).toHaveTextContent('Choose a supported network in your wallet.');
    },
    'connected.wrongChain.switching': (_, s) => {
      expect(screen.getByRole('button', { name: `Switching to ${chainName(s, s.context.requiredChainId)}…` })).toBeDisabled();
    },
    'connected.unsupportedChain.switching': (_, s) => {
      expect(screen.getByRole('button', { name: `Switching to ${chainName(s, s.context.requiredChainId)}…` })).toBeDisabled();
    },
    'connected.wrongChain.switchFailed': (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(WALLET_TEXTS.switchRejected);
      expect(screen.getByRole('button', { name: `Switch to ${chainName(s, s.context.requiredChainId)}` })).toBeEnabled();
    },
    'connected.unsupportedChain.switchFailed': (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(WALLET_TEXTS.switchRejected);
      expect(screen.getByRole('button', { name: `Switch to ${chainName(s, s.context.requiredChainId)}` })).toBeEnabled();
    },
    disconnecting: () => {
      expect(screen.getByRole('button', { name: 'Disconnecting…' })).toBeDisabled();
    },
  },
};

describeModel('walletConnection (model-based, real views)', {
  machine: walletConnectionMachine,
  events,
  serializeState: serializeWalletConnectionState,
  driver,
});
