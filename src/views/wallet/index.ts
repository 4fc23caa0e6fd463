/**
 * What the wallet half exports for the app shell (the lead wires these into the registry, header and App):
 *  - WALLET_SCREENS: route id → screen component (welcome, accounts, loadSafe, createSafe, addressBook)
 *  - WalletProvider / useWallet: the façade over the wallet-side actors
 *  - WalletButton (header), WalletNotices (banners under the header), ReadOnlyBadge
 *  - useAddressName(address, chainId) for every place that shows an address
 */
import type { ComponentType } from 'react';
import { AddressBookScreen } from '../addressBook/AddressBookScreen.tsx';
import { AccountsScreen } from '../welcome/AccountsScreen.tsx';
import { LoadSafeScreen } from '../welcome/LoadSafeScreen.tsx';
import { CreateSafeScreen } from '../welcome/CreateSafeScreen.tsx';
import { WelcomeScreen } from '../welcome/WelcomeScreen.tsx';

export const WALLET_SCREENS = {
  welcome: WelcomeScreen,
  accounts: AccountsScreen,
  loadSafe: LoadSafeScreen,
  createSafe: CreateSafeScreen,
  addressBook: AddressBookScreen,
} as const satisfies Record<'welcome' | 'accounts' | 'loadSafe' | 'createSafe' | 'addressBook', ComponentType>;

export { WalletProvider, useWallet, useWalletSend, useAddressBook, useAddressBookSend } from './walletContext.tsx';
export type { WalletActors, WalletConnectionRef, AddressBookRef, LoadSafeLogic, MyAccountsLogic } from './walletContext.tsx';
export { WalletButton } from './WalletButton.tsx';
export { WalletNotices } from './WalletNotices.tsx';
export { ReadOnlyBadge, useIsOwner, useWalletAddress } from './ReadOnlyBadge.tsx';
export { useAddressName } from '../addressBook/useAddressName.ts';
