/**
 * useWalletFocusReturn: after a connect the person started (the wallet list outside the app had focus, the
 * Connect wallet button turned into another one), focus comes back to the header's wallet control; a restore on
 * page load never moves focus.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { walletConnectionMachine } from '../../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult, WalletConnectionEvent } from '../../../src/machines/walletConnection/walletConnection.types.ts';
import { DEVNET_OWNERS } from '../../../src/machines/shared/samples.ts';
import { WalletButton } from '../../../src/views/walletConnection/WalletButton.tsx';
import { WalletProvider } from '../../../src/views/walletConnection/walletContext.tsx';
import { useWalletFocusReturn } from '../../../src/views/walletConnection/useWalletFocusReturn.ts';
import { deferred, type Deferred } from '../../harness/deferred.ts';

const CONNECTION: ConnectResult = { label: 'Devnet Wallet', address: DEVNET_OWNERS[0]!, chainId: '1' };

function Slot() {
  const ref = useRef<HTMLSpanElement>(null);
  useWalletFocusReturn(ref);
  return (
    <span ref={ref}>
      <WalletButton />
    </span>
  );
}

function start() {
  const pending: { restore: Deferred<ConnectResult> | null; connect: Deferred<ConnectResult> | null } = { restore: null, connect: null };
  const actor = createActor(
    walletConnectionMachine.provide({
      actors: {
        restoreWallet: fromPromise(() => (pending.restore = deferred<ConnectResult>()).promise),
        connectWallet: fromPromise(() => (pending.connect = deferred<ConnectResult>()).promise),
        watchWallet: fromCallback<WalletConnectionEvent, { label: string }>(() => () => {}),
      },
      actions: { rememberWallet: () => {}, forgetWallet: () => {} },
    }),
  );
  actor.start();
  render(
    <WalletProvider actors={{ wallet: actor }}>
      <header>
        <Slot />
      </header>
      <button type="button">Elsewhere</button>
    </WalletProvider>,
  );
  return { actor, pending };
}

/** Enter on Connect wallet, then the wallet list (outside the app) takes focus and lets it go when it closes. */
async function connectThroughTheList(pending: ReturnType<typeof start>['pending']) {
  await act(async () => pending.restore!.resolve(null));
  const connect = screen.getByRole('button', { name: 'Connect wallet' });
  connect.focus();
  await act(async () => connect.click());
  expect(screen.getByRole('button', { name: 'Connecting…' })).toBeDisabled();
  const list = document.createElement('button');
  document.body.append(list);
  list.focus();
  list.blur();
  list.remove();
  expect(document.activeElement).toBe(document.body);
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
});

describe('useWalletFocusReturn', () => {
  it('focuses the connected wallet’s button once a connect through the wallet list succeeded', async () => {
    const { actor, pending } = start();
    stop = () => actor.stop();
    await connectThroughTheList(pending);
    await act(async () => pending.connect!.resolve(CONNECTION));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Wallet 0x/ }));
  });

  it('focuses Connect wallet again when the list was closed without choosing', async () => {
    const { actor, pending } = start();
    stop = () => actor.stop();
    await connectThroughTheList(pending);
    await act(async () => pending.connect!.resolve(null));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Connect wallet' }));
  });

  it('does not move focus on a restore at page load', async () => {
    const { actor, pending } = start();
    stop = () => actor.stop();
    await act(async () => pending.restore!.resolve(CONNECTION));
    expect(screen.getByRole('button', { name: /^Wallet 0x/ })).toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves focus where the person put it meanwhile', async () => {
    const { actor, pending } = start();
    stop = () => actor.stop();
    await act(async () => pending.restore!.resolve(null));
    const connect = screen.getByRole('button', { name: 'Connect wallet' });
    connect.focus();
    await act(async () => connect.click());
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    await act(async () => pending.connect!.resolve(CONNECTION));
    expect(document.activeElement).toBe(elsewhere);
  });
});
