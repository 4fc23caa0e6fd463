/**
 * The wallet menu: what opens from the header's wallet button (a Popover, decision 0032). It says which wallet is
 * connected on which network, shows the address (with copy), explains that accounts are switched in the wallet,
 * and offers Disconnect. In devnet builds, with the Devnet Wallet connected, it also lists the devnet accounts
 * ("Devnet account") and has the wallet select one (decision 0037): the app follows through the wallet's
 * accountsChanged event, as for any wallet.
 *
 * Loaded on the first open (with Radix), not with the page: the cold load has a budget.
 */
import { useId, type RefObject } from 'react';
import { Address, shortAddress } from '../components/Address.tsx';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';
import { Popover } from '../ui/Popover.tsx';
import type { WalletConnection } from '../../machines/walletConnection/walletConnection.types.ts';
import { useDevnetAccounts } from './walletContext.tsx';
import './walletMenu.css';

export interface WalletMenuProps {
  /** The header's wallet button: the menu opens next to it and gives focus back to it. */
  anchor: RefObject<HTMLElement | null>;
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: WalletConnection;
  network: string;
  /** The connected address's address-book name, if any. */
  name: string | null;
  onDisconnect: () => void;
}

export function WalletMenu({ anchor, id, open, onOpenChange, wallet, network, name, onDisconnect }: WalletMenuProps) {
  return (
    <Popover anchor={anchor} id={id} open={open} onOpenChange={onOpenChange} label="Connected wallet" className="wallet-popover">
      <p>
        Connected with <strong>{wallet.label}</strong> on <strong>{network}</strong>.
      </p>
      <Address address={wallet.address} name={name} />
      <p className="muted">To use another account, switch accounts in your wallet; Countersign follows it.</p>
      <DevnetAccountSwitcher wallet={wallet} />
      <button type="button" onClick={onDisconnect}>
        Disconnect
      </button>
    </Popover>
  );
}

/** The Devnet Wallet's accounts as a radio group; nothing unless the connected wallet is the Devnet Wallet. */
function DevnetAccountSwitcher({ wallet }: { wallet: WalletConnection }) {
  const devnet = useDevnetAccounts();
  const nameOf = useAddressNameResolver(wallet.chainId);
  const group = useId();
  const accounts = devnet?.accountsOf(wallet.label) ?? null;
  if (!devnet || !accounts) return null;
  // The checked account is the one the app is connected with (what the wallet last told it), not the wallet's own
  // idea: the two agree unless the app has not heard the wallet's accountsChanged yet.
  const selected = accounts.findIndex((account) => account.toLowerCase() === wallet.address.toLowerCase());
  return (
    <fieldset className="devnet-accounts" aria-describedby={`${group}-note`}>
      <legend>Devnet account</legend>
      <p className="muted" id={`${group}-note`}>
        {/* Not the wallet's name: production bundles must not contain it (tests/e2e/wallet-connect.spec.ts). */}
        Test accounts of the devnet, never a real key. The choice is kept for this tab.
      </p>
      {accounts.map((account, index) => {
        const accountName = nameOf(account);
        return (
          <label key={account} className="devnet-account">
            <input type="radio" name={group} value={index} checked={index === selected} onChange={() => devnet.select(index)} />
            Account {index}: {accountName ? `${accountName} (${shortAddress(account)})` : shortAddress(account)}
          </label>
        );
      })}
    </fieldset>
  );
}
