/**
 * Look-alike addresses (security property S17, address poisoning). An attacker makes a vanity address that shares
 * the first and last hex digits of one the signer knows (an address-book entry, an owner, an added Safe) and gets
 * it pasted into a transfer: wallets and lists shorten addresses to those digits. Two different addresses look
 * alike here when they share at least 3 leading and 3 trailing hex digits (after 0x, case ignored) and at least 7 of
 * the two together — every shortening a wallet uses (3+4, 4+4, 6+4, …). By chance a pair matches with odds under
 * 1 in 10^8; a vanity generator needs minutes to billions of tries.
 *
 * An address that is itself known is never a look-alike: adding it to the address book is the signer's way to say
 * "I mean this one". Nothing here reads the gateway; the known set is the caller's (local and verified sources).
 */
import { getAddress, isAddress, type Address } from 'viem';
import type { DescribedCall } from './txDescription.ts';

export const LOOK_ALIKE_MIN_PREFIX = 3;
export const LOOK_ALIKE_MIN_SUFFIX = 3;
export const LOOK_ALIKE_MIN_TOTAL = 7;

/**
 * How the signer knows an address: their address book, an owner of the open Safe, a Safe they added (`trustedSafe`:
 * one they pinned as trusted), the open Safe itself, or a recipient this Safe paid through this browser's flows.
 */
export type KnownAddressSource = 'addressBook' | 'owner' | 'addedSafe' | 'trustedSafe' | 'thisSafe' | 'pastRecipient';

export interface KnownAddress {
  address: Address;
  /** How the signer knows it: a name, or null. */
  name: string | null;
  source: KnownAddressSource;
}

/** Where an address appears in a transaction. */
export type CounterpartyRole = 'recipient' | 'spender' | 'operator' | 'call target' | 'new owner' | 'module' | 'guard' | 'fallback handler' | 'sender';

export interface Counterparty {
  address: Address;
  role: CounterpartyRole;
  /** Index path inside (nested) batches; [] is the SafeTx itself. */
  path: number[];
}

export interface LookAlike extends Counterparty {
  resembles: KnownAddress;
}

const hexOf = (address: string) => address.slice(2).toLowerCase();

/** Leading and trailing hex digits two addresses share (0 and 0 for equal or malformed addresses). */
export function sharedEnds(a: string, b: string): { prefix: number; suffix: number } {
  const x = hexOf(a);
  const y = hexOf(b);
  if (x.length !== 40 || y.length !== 40 || x === y) return { prefix: 0, suffix: 0 };
  let prefix = 0;
  while (prefix < 40 && x[prefix] === y[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < 40 && x[39 - suffix] === y[39 - suffix]) suffix += 1;
  return { prefix, suffix };
}

const alike = ({ prefix, suffix }: { prefix: number; suffix: number }) =>
  prefix >= LOOK_ALIKE_MIN_PREFIX && suffix >= LOOK_ALIKE_MIN_SUFFIX && prefix + suffix >= LOOK_ALIKE_MIN_TOTAL;

/** Different addresses whose shortened forms read the same. */
export function looksAlike(a: string, b: string): boolean {
  return alike(sharedEnds(a, b));
}

/** The known address `address` imitates, or null (also when `address` is itself known or malformed). */
export function lookAlikeOf(address: string, known: readonly KnownAddress[]): KnownAddress | null {
  if (!isAddress(address, { strict: false })) return null;
  const hex = hexOf(address);
  if (known.some((k) => hexOf(k.address) === hex)) return null;
  let best: { known: KnownAddress; shared: number } | null = null;
  for (const k of known) {
    const ends = sharedEnds(address, k.address);
    if (alike(ends) && (!best || ends.prefix + ends.suffix > best.shared)) best = { known: k, shared: ends.prefix + ends.suffix };
  }
  return best?.known ?? null;
}

/** Every address a described transaction sends to, approves, calls or installs, at any batch depth. */
export function counterpartiesOf(call: DescribedCall, safe: Address): Counterparty[] {
  const out: Counterparty[] = [];
  const add = (address: Address, role: CounterpartyRole, path: number[]) => {
    if (getAddress(address) !== getAddress(safe)) out.push({ address: getAddress(address), role, path });
  };
  const visit = (c: DescribedCall, path: number[]) => {
    const e = c.effect;
    switch (e.kind) {
      case 'nativeTransfer':
        add(e.to, 'recipient', path);
        return;
      case 'tokenTransfer':
        if (e.from) add(e.from, 'sender', path);
        add(e.to, 'recipient', path);
        return;
      case 'nftTransfer':
        add(e.from, 'sender', path);
        add(e.to, 'recipient', path);
        return;
      case 'tokenApproval':
        add(e.spender, 'spender', path);
        return;
      case 'nftApprovalForAll':
        add(e.operator, 'operator', path);
        return;
      case 'settings': {
        const s = e.change;
        if (s.type === 'addOwner') add(s.owner, 'new owner', path);
        else if (s.type === 'swapOwner') add(s.newOwner, 'new owner', path);
        else if (s.type === 'enableModule') add(s.module, 'module', path);
        else if (s.type === 'setGuard' || s.type === 'setModuleGuard') add(s.guard, 'guard', path);
        else if (s.type === 'setFallbackHandler') add(s.handler, 'fallback handler', path);
        return;
      }
      case 'batch':
        e.calls.forEach((inner, i) => visit(inner, [...path, i + 1]));
        return;
      case 'contractCall':
      case 'empty':
        add(c.to, 'call target', path);
        return;
      default:
        return;
    }
  };
  visit(call, []);
  return out;
}

/** The counterparties of a transaction that imitate a known address (each address once). */
export function lookAlikesIn(call: DescribedCall, safe: Address, known: readonly KnownAddress[]): LookAlike[] {
  const seen = new Set<string>();
  const out: LookAlike[] = [];
  for (const party of counterpartiesOf(call, safe)) {
    if (seen.has(party.address)) continue;
    seen.add(party.address);
    const resembles = lookAlikeOf(party.address, known);
    if (resembles) out.push({ ...party, resembles });
  }
  return out;
}

const SOURCE_TEXT: Record<KnownAddressSource, string> = {
  addressBook: 'in your address book',
  owner: 'an owner of this Safe',
  addedSafe: 'a Safe you added',
  trustedSafe: 'a Safe you pinned as trusted',
  thisSafe: 'this Safe',
  pastRecipient: 'a past recipient of this Safe',
};

/** "“Alice” in your address book (0xAbC…1234)": how the signer knows the imitated address. */
export function knownAddressText(k: KnownAddress): string {
  return `${k.name ? `“${k.name}”, ` : ''}${SOURCE_TEXT[k.source]} (${k.address})`;
}

/** The sentence a blocked review shows for one look-alike. */
export function lookAlikeText(found: LookAlike): string {
  const where = found.path.length ? ` (batch item ${found.path.join('.')})` : '';
  return (
    `The ${found.role} ${found.address}${where} begins and ends like ${knownAddressText(found.resembles)} but is a different address. ` +
    'It may have been planted in a transaction history to be copied by mistake. Go back and pick the address you know; ' +
    'if you do mean this one, check it in full with its owner and add it to your address book first.'
  );
}

/**
 * The known address an opened Safe imitates, or null: a Safe pinned as trusted is named first, then the closest of
 * the others. A Safe that is itself known (added, or in the address book) imitates nothing.
 */
export function safeLookAlikeOf(address: string, known: readonly KnownAddress[]): KnownAddress | null {
  const found = lookAlikeOf(address, known);
  if (!found) return null;
  return lookAlikeOf(address, known.filter((k) => k.source === 'trustedSafe')) ?? found;
}

/** An address cut where it differs from `other`: the leading digits they share (with `0x`), its own middle, the shared trailing digits (each as it is written). */
export function differingMiddle(address: string, other: string): [prefix: string, middle: string, suffix: string] {
  const { prefix, suffix } = sharedEnds(address, other);
  const end = 42 - suffix;
  return [address.slice(0, 2 + prefix), address.slice(2 + prefix, end), address.slice(end)];
}

/** The sentence a blocked review shows when the open Safe itself imitates a Safe or address the signer knows. */
export function safeLookAlikeText(safe: string, resembles: KnownAddress): string {
  return (
    `This Safe ${safe} begins and ends like ${knownAddressText(resembles)} but is a different address. ` +
    'A link may have opened an imitation of your Safe. Open your Safe from My Safe accounts; if this one is really ' +
    'yours, check its address in full and add it there first.'
  );
}
