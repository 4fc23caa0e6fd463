import { blo } from 'blo';
import { getAddress, isAddress } from 'viem';
import { useAddressName } from '../addressBook/useAddressName.ts';
import { CopyButton } from './CopyButton.tsx';
import { fillExplorerTemplate, useExplorerTemplates } from './explorer.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';

export interface AddressProps {
  address: string;
  /** A name the signer gave the address here (a form field, their own list); the address book's name wins. */
  name?: string | null | undefined;
  /**
   * A name only the gateway reports (its contract labels, `AddressEx.name`). Nothing verifies it, so it is never
   * shown as the address's name: only as a visibly distinct "unverified" label, and only when neither the address
   * book nor `name` names the address.
   */
  gatewayName?: string | null | undefined;
  /** Chain of the address, for the address-book lookup (any chain when absent). */
  chainId?: string | null | undefined;
  /** Overrides the explorer template of the surrounding ExplorerProvider. */
  explorerTemplate?: string | null | undefined;
  /** Show `0x1234…abcd` instead of the full address (the full address shows in a tooltip and stays in the copy). */
  short?: boolean;
  /** Leave the name out: the surrounding table already shows it in a column of its own (the address book). */
  withoutName?: boolean;
}

/** EIP-55 checksum of `address`; the input unchanged when it is not an address. */
export function checksum(address: string): string {
  try {
    return getAddress(address);
  } catch {
    return address;
  }
}

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * An address as the app always shows one: its identicon, checksummed, with its address-book name (or the given name; a gateway's
 * label only as unverified), a copy button and a link to the chain's block explorer.
 */
export function Address({ address, name, gatewayName, chainId, explorerTemplate, short = false, withoutName = false }: AddressProps) {
  const templates = useExplorerTemplates();
  const value = checksum(address);
  const bookName = useAddressName(value, chainId);
  const shownName = withoutName ? null : (bookName ?? name);
  const template = explorerTemplate === undefined ? templates?.address : (explorerTemplate ?? undefined);
  const href = fillExplorerTemplate(template, 'address', value);
  return (
    <span className="address" data-address={value}>
      {isAddress(value, { strict: false }) ? <img className="address-identicon" src={blo(value)} alt="" width={16} height={16} /> : null}
      {shownName ? <span className="address-name">{shownName}</span> : null}
      {!shownName && !withoutName && gatewayName ? (
        <span className="address-label-unverified" title="A label from the gateway: nothing verifies it">
          {gatewayName} <span className="address-label-note">(gateway label, unverified)</span>
        </span>
      ) : null}
      {short ? (
        <Tooltip content={value}>
          {/* Focusable so that keyboard users see the full address too; the copy button's name has it as well. */}
          <code className="address-value ui-tooltip-trigger" tabIndex={0}>
            {shortAddress(value)}
          </code>
        </Tooltip>
      ) : (
        <code className="address-value">{value}</code>
      )}
      <CopyButton value={value} label={`address ${value}`} />
      {href ? (
        <a className="address-explorer" href={href} target="_blank" rel="noopener noreferrer" aria-label={`View ${value} on the block explorer`}>
          Explorer
        </a>
      ) : null}
    </span>
  );
}
