/**
 * Hook façades over the wallet-side actors. The actors are created once outside React (by the composition
 * root) and handed in through <WalletProvider>; components select narrow slices and send events.
 *
 *  - `wallet`       the walletConnection actor (required)
 *  - `addressBook`  the addressBook actor (names for addresses; the address-book screen)
 *  - `accounts`     the myAccounts machine with its effects provided; /welcome/accounts starts one actor per
 *                   connected address
 *  - `loadSafe`     the loadSafe machine with its effects provided; /new-safe/load starts one actor per visit
 *  - `createSafeVisits`  /new-safe/create's visits: the connected wallet's unfinished one from the event log, or a
 *                   new one (each a createSafe actor with its effects provided and its own stream)
 *  - `devnetAccounts`  devnet builds only: the Devnet Wallet's account switcher for the wallet menu (decision 0037)
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { walletConnectionMachine } from '../../machines/walletConnection/walletConnection.machine.ts';
import type { WalletConnectionEvent } from '../../machines/walletConnection/walletConnection.types.ts';
import type { addressBookMachine } from '../../machines/addressBook/addressBook.machine.ts';
import type { AddressBookEvent } from '../../machines/addressBook/addressBook.types.ts';
import type { myAccountsMachine } from '../../machines/myAccounts/myAccounts.machine.ts';
import type { loadSafeMachine } from '../../machines/loadSafe/loadSafe.machine.ts';
import type { CreateSafeVisitsPort } from '../../machines/createSafe/createSafe.port.ts';
import { useResolved, type MaybeDeferred } from '../deferred.ts';

export type WalletConnectionRef = ActorRefFrom<typeof walletConnectionMachine>;
export type WalletConnectionSnapshot = SnapshotFrom<typeof walletConnectionMachine>;
export type AddressBookRef = ActorRefFrom<typeof addressBookMachine>;
export type AddressBookSnapshot = SnapshotFrom<typeof addressBookMachine>;
export type MyAccountsLogic = typeof myAccountsMachine;
export type LoadSafeLogic = typeof loadSafeMachine;

/**
 * What the wallet menu may do with the Devnet Wallet. The composition root provides it in devnet builds only (views
 * never import src/dev); elsewhere there is none and the menu has no account switcher.
 */
export interface DevnetAccountsPort {
  /** The Devnet Wallet's accounts in its order when the wallet connected as `walletLabel` is the Devnet Wallet; else null. */
  accountsOf(walletLabel: string): readonly string[] | null;
  /**
   * Has the Devnet Wallet select account `index`, as a person would in a wallet's own UI. The wallet emits
   * accountsChanged, and the app follows it as it follows any wallet (nothing is sent to a machine from here).
   */
  select(index: number): void;
}

export interface WalletActors {
  wallet: WalletConnectionRef;
  addressBook?: AddressBookRef | undefined;
  /** The per-visit machines may be loaded on first use (decision 0019): their screens suspend meanwhile. */
  accounts?: MaybeDeferred<MyAccountsLogic> | undefined;
  loadSafe?: MaybeDeferred<LoadSafeLogic> | undefined;
  createSafeVisits?: MaybeDeferred<CreateSafeVisitsPort> | undefined;
  devnetAccounts?: DevnetAccountsPort | null | undefined;
}

const WalletContext = createContext<WalletActors | null>(null);

export function WalletProvider({ actors, children }: { actors: WalletActors; children: ReactNode }) {
  return <WalletContext.Provider value={actors}>{children}</WalletContext.Provider>;
}

function useActors(): WalletActors {
  const actors = useContext(WalletContext);
  if (!actors) throw new Error('WalletProvider is missing');
  return actors;
}

function required<T>(value: T | undefined, name: string): T {
  if (!value) throw new Error(`WalletProvider was given no ${name} actor`);
  return value;
}

export function useWallet<T>(selector: (snapshot: WalletConnectionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useActors().wallet, selector, compare);
}

export function useWalletSend(): (event: WalletConnectionEvent) => void {
  return useActors().wallet.send;
}

export function useAddressBookRef(): AddressBookRef {
  return required(useActors().addressBook, 'addressBook');
}

/**
 * The connected wallet's address, or null — also when no WalletProvider is given (a screen rendered on its own, as in
 * the model tests: the wallet is then simply not connected).
 */
export function useOptionalWalletAddress(): `0x${string}` | null {
  return useSelector(useContext(WalletContext)?.wallet, (s) => (s ? connectWalletConnection(s).address : null));
}

/** The address-book actor when one was provided (names are optional decoration elsewhere). */
export function useOptionalAddressBookRef(): AddressBookRef | null {
  return useContext(WalletContext)?.addressBook ?? null;
}

export function useAddressBook<T>(selector: (snapshot: AddressBookSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useAddressBookRef(), selector, compare);
}

export function useAddressBookSend(): (event: AddressBookEvent) => void {
  return useAddressBookRef().send;
}

export function useAccountsLogic(): MyAccountsLogic {
  return useResolved(required(useActors().accounts, 'accounts'));
}

export function useLoadSafeLogic(): LoadSafeLogic {
  return useResolved(required(useActors().loadSafe, 'loadSafe'));
}

export function useCreateSafeVisits(): CreateSafeVisitsPort {
  return useResolved(required(useActors().createSafeVisits, 'createSafeVisits'));
}

/** The Devnet Wallet's account switcher, or null (not a devnet build, or none provided). */
export function useDevnetAccounts(): DevnetAccountsPort | null {
  return useContext(WalletContext)?.devnetAccounts ?? null;
}
