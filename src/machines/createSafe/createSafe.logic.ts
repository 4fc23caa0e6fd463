/** Pure helpers of the createSafe machine: form validation (texts of Safe{Wallet}'s create form), defaults and links. */
import { getAddress, isAddress } from 'viem';
import { bareAddress, safeHref } from '../loadSafe/loadSafe.logic.ts';
import type { ChainOption, CreateSafeContext, CreateSafeForm, CreateSafeFormErrors, CreateSafeWallet, SafeDeployment } from './createSafe.types.ts';
import type { HexAddress } from '../walletConnection/walletConnection.types.ts';

export { safeHref };

/** The longest Safe name the form accepts (after trimming), as for a name given when adding a Safe. */
export const MAX_SAFE_NAME_LENGTH = 50;

export const CREATE_SAFE_TEXTS = {
  nameTooLong: `The name can be at most ${MAX_SAFE_NAME_LENGTH} characters`,
  noChain: 'Choose a network',
  invalidFormat: 'Invalid address format',
  invalidChecksum: 'Invalid address checksum',
  duplicate: 'Address already added',
  noOwners: 'Add at least one signer',
  threshold: (owners: number) => `The threshold must be between 1 and ${owners}`,
  saltNonce: 'The salt nonce must be a whole number, 0 or more',
  alreadyDeployed: 'The Safe is already deployed. Use a different salt nonce.',
} as const;

const MAX_UINT256 = 2n ** 256n - 1n;

export const emptyOwner = () => ({ name: '', address: '' });

/**
 * The form a visit starts with: the connected wallet as the first signer (or `owner`, when one is asked for: a Safe
 * owned by another Safe), 1 of 1, automatic salt nonce.
 */
export function initialForm(wallet: CreateSafeWallet | null, owner: string | null = null): CreateSafeForm {
  return { chainId: '', owners: [{ name: '', address: owner ?? wallet?.address ?? '' }], threshold: 1, saltNonce: '' };
}

/** The network preselected: `?chain=`, else the wallet's chain when the gateway lists it, else the first one. */
export function defaultChainId(chains: readonly ChainOption[], shortName: string | null, wallet: CreateSafeWallet | null): string {
  const chain = chains.find((c) => c.shortName === shortName) ?? chains.find((c) => c.chainId === wallet?.chainId) ?? chains[0];
  return chain?.chainId ?? '';
}

/** Address-field problem of one signer row, or null; `shortName` allows an EIP-3770 prefix of the chosen chain. */
export function ownerAddressError(value: string, shortName: string | null): string | null {
  const trimmed = value.trim();
  const colon = trimmed.lastIndexOf(':');
  if (colon >= 0 && trimmed.slice(0, colon) !== shortName) return CREATE_SAFE_TEXTS.invalidFormat;
  const bare = bareAddress(trimmed);
  if (!/^0x[0-9a-fA-F]{40}$/.test(bare)) return CREATE_SAFE_TEXTS.invalidFormat;
  if (!isAddress(bare, { strict: true })) return CREATE_SAFE_TEXTS.invalidChecksum;
  return null;
}

/** The name as it will be saved: trimmed, '' for none (a form recorded before the field existed has none). */
export function safeNameOf(form: Pick<CreateSafeForm, 'name'>): string {
  return (form.name ?? '').trim();
}

/** What is wrong with the Safe's name, or null (it is optional). */
export function safeNameError(name: string | undefined): string | null {
  return (name ?? '').trim().length > MAX_SAFE_NAME_LENGTH ? CREATE_SAFE_TEXTS.nameTooLong : null;
}

export function isSaltNonceValid(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || (/^\d{1,78}$/.test(trimmed) && BigInt(trimmed) <= MAX_UINT256);
}

/** Every problem of the form, or null when it can be reviewed. */
export function validateCreateSafeForm(form: CreateSafeForm, chains: readonly ChainOption[]): CreateSafeFormErrors | null {
  const chain = chains.find((c) => c.chainId === form.chainId) ?? null;
  const seen = new Set<string>();
  const owners = form.owners.map((row) => {
    const error = ownerAddressError(row.address, chain?.shortName ?? null);
    if (error) return error;
    const key = bareAddress(row.address).toLowerCase();
    if (seen.has(key)) return CREATE_SAFE_TEXTS.duplicate;
    seen.add(key);
    return null;
  });
  const errors: CreateSafeFormErrors = {
    chain: chain ? null : CREATE_SAFE_TEXTS.noChain,
    owners,
    ownerList: form.owners.length === 0 ? CREATE_SAFE_TEXTS.noOwners : null,
    threshold:
      form.owners.length > 0 && (!Number.isInteger(form.threshold) || form.threshold < 1 || form.threshold > form.owners.length)
        ? CREATE_SAFE_TEXTS.threshold(form.owners.length)
        : null,
    saltNonce: isSaltNonceValid(form.saltNonce) ? null : CREATE_SAFE_TEXTS.saltNonce,
  };
  // The name's problem is a key of its own only when there is one: the errors of earlier visits stay as recorded.
  const name = safeNameError(form.name);
  if (name) errors.name = name;
  const ok = !name && !errors.chain && !errors.ownerList && !errors.threshold && !errors.saltNonce && owners.every((e) => e === null);
  return ok ? null : errors;
}

/** The form trimmed, owners checksummed (only for a valid form). */
export function deploymentOf(form: CreateSafeForm): SafeDeployment {
  return {
    chainId: form.chainId,
    owners: form.owners.map((row) => getAddress(bareAddress(row.address)) as HexAddress),
    threshold: form.threshold,
    saltNonce: form.saltNonce.trim(),
  };
}

/** Whether the connected wallet can deploy on the chosen chain now: `ready`, `noWallet` or `wrongChain`. */
export function walletFit(context: Pick<CreateSafeContext, 'wallet' | 'form'>): 'ready' | 'noWallet' | 'wrongChain' {
  if (!context.wallet) return 'noWallet';
  return context.wallet.chainId === context.form.chainId ? 'ready' : 'wrongChain';
}

/** An error of the predict effect that means: the chosen salt nonce is taken. */
export function isAlreadyDeployedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'alreadyDeployed';
}
