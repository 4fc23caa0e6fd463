import { useLayoutEffect, useRef, type RefObject } from 'react';
import { connectWalletConnection, type WalletStatus } from '../../machines/walletConnection/walletConnection.connect.ts';
import { useWallet } from './walletContext.tsx';

/** The steps a person starts from the wallet control; what follows them is where focus comes back. */
const STARTED_HERE: ReadonlySet<WalletStatus> = new Set(['connecting', 'retrying', 'disconnecting']);

/**
 * Focus back on the header's wallet control when a connect or disconnect the person started ends with focus
 * nowhere: the wallet list (outside the app) had it, or the control that had it turned into another one
 * ("Connect wallet" → "Connecting…" → the connected wallet's button). A restore on page load never moves focus.
 * A layout effect, so it runs in the same commit as the change (before anything else could move focus).
 */
export function useWalletFocusReturn(slot: RefObject<HTMLElement | null>): void {
  const status = useWallet((s) => connectWalletConnection(s).status);
  const previous = useRef(status);
  useLayoutEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was === status || !STARTED_HERE.has(was)) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    slot.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, [status, slot]);
}
