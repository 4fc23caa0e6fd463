/**
 * The two-source check (issue 20, decision 0053): the Safe as the gateway describes it, compared with the Safe as
 * the chain holds it, before any signature. Pure: the caller reads the chain (readSafeState) and hands both here.
 *
 * Every field the gateway states is compared: owners (as a set), threshold, version (without the "+L2" suffix),
 * singleton (the gateway's `implementation`), modules (as a set), guard, fallback handler, nonce. Addresses are
 * compared checksum-insensitively; "none" (null, absent list) and the zero address are the same. A field the
 * gateway did not state (undefined) is not compared.
 *
 * The nonce: a gateway behind the chain (it has not indexed the last execution yet) is normal and not a difference
 * by itself; the other fields still are (an owner change it has not indexed yet shows as one). A gateway ahead of
 * the chain is a difference. A SafeTx whose own nonce the chain has already used is one too: it can never execute.
 */
import { getAddress, isAddress, zeroAddress } from 'viem';

/** The Safe as the gateway (or anything but the chain) describes it. */
export interface SafeInfoClaim {
  owners: readonly string[];
  threshold: number;
  nonce?: number | undefined;
  version?: string | null | undefined;
  /** The singleton (masterCopy) the proxy delegates to. */
  implementation?: string | null | undefined;
  modules?: readonly string[] | null | undefined;
  guard?: string | null | undefined;
  fallbackHandler?: string | null | undefined;
}

/** The Safe as the chain holds it (what readSafeState returns; the nonce as a decimal string in JSON). */
export interface SafeChainFacts {
  owners: readonly string[];
  threshold: number;
  nonce: bigint | number | string;
  version: string;
  singleton: string;
  modules: readonly string[];
  guard: string;
  fallbackHandler: string;
}

export type SafeInfoField = 'owners' | 'threshold' | 'nonce' | 'version' | 'singleton' | 'modules' | 'guard' | 'fallbackHandler';

/** One field on which the two sources disagree, in plain words. */
export interface SafeInfoDifference {
  field: SafeInfoField;
  text: string;
}

export interface SafeInfoComparison {
  differences: SafeInfoDifference[];
  /** The gateway's nonce is below the chain's: it has not caught up with the last execution yet (not a difference). */
  gatewayBehind: boolean;
}

/** The lead sentence of a blocked signature (views and error texts start with it). */
export const SAFE_INFO_BLOCKED = 'Signing is blocked: the gateway’s Safe info does not match the chain.';
/** What to do next when the two sources differ. */
export const SAFE_INFO_WAY_FORWARD = 'Reload the Safe to read it again; if the difference stays, do not sign: the gateway may be wrong or compromised.';
/** The lead sentence when the chain could not be read: nothing was checked, so nothing is signed. */
export const SAFE_INFO_UNCHECKED = 'Not checked against the chain: the Safe’s owners, threshold and settings could not be read from the chain, so nothing is signed.';
export const SAFE_INFO_UNCHECKED_WAY_FORWARD = 'Try again in a moment, or set another RPC for this network in Settings.';

const NONE = 'none';

/** An address in checksum form, or "none" for the zero address / nothing. */
function addressText(value: string | null | undefined): string {
  if (!value || !isAddress(value, { strict: false })) return value ? value : NONE;
  const checksummed = getAddress(value);
  return checksummed === zeroAddress ? NONE : checksummed;
}

const key = (value: string | null | undefined): string => {
  const text = addressText(value);
  return text === NONE ? NONE : text.toLowerCase();
};

/** Addresses in one list and not the other, in the order listed, each once, checksummed. */
function missingFrom(list: readonly string[], other: readonly string[]): string[] {
  const others = new Set(other.map(key));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of list) {
    const k = key(a);
    if (k === NONE || others.has(k) || seen.has(k)) continue;
    seen.add(k);
    out.push(addressText(a));
  }
  return out;
}

const listText = (addresses: readonly string[]): string => addresses.join(', ');

/** "the gateway lists A that the chain does not have; the chain has B that the gateway does not list". */
function setDifference(label: string, gateway: readonly string[], chain: readonly string[]): string | null {
  const onlyGateway = missingFrom(gateway, chain);
  const onlyChain = missingFrom(chain, gateway);
  if (onlyGateway.length === 0 && onlyChain.length === 0) return null;
  const parts: string[] = [];
  if (onlyGateway.length > 0) parts.push(`the gateway lists ${listText(onlyGateway)} that the chain does not have`);
  if (onlyChain.length > 0) parts.push(`the chain has ${listText(onlyChain)} that the gateway does not list`);
  return `${label}: ${parts.join('; ')}.`;
}

/** "1.3.0+L2" → "1.3.0"; the chain's VERSION() has no suffix. */
const baseVersion = (version: string): string => version.trim().replace(/^v/i, '').replace(/\+.*$/, '');

const toBigInt = (value: bigint | number | string): bigint => (typeof value === 'bigint' ? value : BigInt(value));

/** Every field on which the gateway's Safe info and the chain disagree, in a fixed order. */
export function compareSafeInfo(gateway: SafeInfoClaim, chain: SafeChainFacts): SafeInfoComparison {
  const differences: SafeInfoDifference[] = [];
  const add = (field: SafeInfoField, text: string | null) => {
    if (text) differences.push({ field, text });
  };

  add('owners', setDifference('Owners', gateway.owners, chain.owners));
  if (gateway.threshold !== chain.threshold) add('threshold', `Threshold: gateway ${gateway.threshold}, chain ${chain.threshold}.`);

  const chainNonce = toBigInt(chain.nonce);
  let gatewayBehind = false;
  if (gateway.nonce !== undefined) {
    const claimed = BigInt(gateway.nonce);
    if (claimed > chainNonce) add('nonce', `Nonce: gateway ${claimed}, chain ${chainNonce} — the gateway counts transactions the chain has not executed.`);
    gatewayBehind = claimed < chainNonce;
  }

  if (gateway.version !== undefined) {
    const claimed = gateway.version ? baseVersion(gateway.version) : NONE;
    if (claimed !== baseVersion(chain.version)) add('version', `Version: gateway ${gateway.version ?? NONE}, chain ${chain.version}.`);
  }
  if (gateway.implementation !== undefined && key(gateway.implementation) !== key(chain.singleton)) {
    add('singleton', `Singleton (the Safe’s implementation): gateway ${addressText(gateway.implementation)}, chain ${addressText(chain.singleton)}.`);
  }
  if (gateway.modules !== undefined) add('modules', setDifference('Modules', gateway.modules ?? [], chain.modules));
  if (gateway.guard !== undefined && key(gateway.guard) !== key(chain.guard)) add('guard', `Guard: gateway ${addressText(gateway.guard)}, chain ${addressText(chain.guard)}.`);
  if (gateway.fallbackHandler !== undefined && key(gateway.fallbackHandler) !== key(chain.fallbackHandler)) {
    add('fallbackHandler', `Fallback handler: gateway ${addressText(gateway.fallbackHandler)}, chain ${addressText(chain.fallbackHandler)}.`);
  }
  return { differences, gatewayBehind };
}

/**
 * The SafeTx's own nonce against the chain's: one the chain has already used can never execute (a gateway that has
 * not caught up offers it as next). Null when it is the chain's nonce or later.
 */
export function usedNonceDifference(txNonce: bigint | number | string, chainNonce: bigint | number | string): SafeInfoDifference | null {
  const tx = toBigInt(txNonce);
  const chain = toBigInt(chainNonce);
  if (tx >= chain) return null;
  return {
    field: 'nonce',
    text: `Nonce: this transaction uses nonce ${tx}, which the chain has already used (the Safe is at nonce ${chain}); the gateway has not caught up.`,
  };
}

/** What a signing flow keeps of the check (plain JSON, recorded with the effect's output). */
export type SafeInfoVerdict =
  | { status: 'agrees'; chainNonce: string; gatewayBehind: boolean }
  | { status: 'differs'; chainNonce: string; differences: string[] }
  | { status: 'unchecked'; reason: string };

/** Whether a verdict lets a signature be asked for (only one that agrees with the chain). */
export const safeInfoAllowsSigning = (verdict: SafeInfoVerdict | null | undefined): boolean => verdict?.status === 'agrees';

/** The whole check of one signing flow: the Safe info, and the SafeTx's nonce when there is one. */
export function safeInfoVerdict(gateway: SafeInfoClaim, chain: SafeChainFacts, txNonce?: bigint | number | string | null): SafeInfoVerdict {
  const { differences, gatewayBehind } = compareSafeInfo(gateway, chain);
  const used = txNonce === undefined || txNonce === null ? null : usedNonceDifference(txNonce, chain.nonce);
  const all = used ? [...differences, used] : differences;
  const chainNonce = toBigInt(chain.nonce).toString();
  return all.length === 0 ? { status: 'agrees', chainNonce, gatewayBehind } : { status: 'differs', chainNonce, differences: all.map((d) => d.text) };
}

/** The verdict of a chain that could not be read. */
export const uncheckedVerdict = (error: unknown): SafeInfoVerdict => ({
  status: 'unchecked',
  reason: error instanceof Error && error.message ? firstLine(error.message) : typeof error === 'string' && error ? firstLine(error) : 'The chain did not answer.',
});

const firstLine = (text: string): string => text.split('\n')[0]!.slice(0, 200);

/** One text for a blocked verdict (errors, a wallet failure), or null when it agrees. */
export function safeInfoBlockText(verdict: SafeInfoVerdict): string | null {
  switch (verdict.status) {
    case 'agrees':
      return null;
    case 'differs':
      return `${SAFE_INFO_BLOCKED} ${verdict.differences.join(' ')} ${SAFE_INFO_WAY_FORWARD}`;
    case 'unchecked':
      return `${SAFE_INFO_UNCHECKED} (${verdict.reason}) ${SAFE_INFO_UNCHECKED_WAY_FORWARD}`;
  }
}

/** Whether an error text is one of this check's (so a view can show it as a block, not as a failure). */
export const isSafeInfoBlockText = (text: string | null | undefined): boolean => !!text && (text.startsWith(SAFE_INFO_BLOCKED) || text.startsWith(SAFE_INFO_UNCHECKED));
