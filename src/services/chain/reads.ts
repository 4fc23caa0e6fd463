/** Reads of a Safe's on-chain state, independent of the gateway (security property S18). */
import { getAddress, hexToBigInt, isAddressEqual, zeroAddress, type Address, type Hash, type Hex } from 'viem';
import { eip1271Abi, eip1271LegacyAbi, FALLBACK_HANDLER_STORAGE_SLOT, GUARD_STORAGE_SLOT, SENTINEL_ADDRESS, SINGLETON_STORAGE_SLOT, safeAbi } from '../../domain/safe/abis.ts';
import { isEip1271MagicValue } from '../../domain/safe/eip1271.ts';
import type { ChainClient } from './client.ts';
import type { OwnerSafe } from '../../domain/safe/nestedSafes.ts';

const BLOCK = { blockTag: 'latest' } as const;

/** The reads a Safe's state needs: contract calls and storage words (a chain client, or a narrower stand-in). */
export type SafeStateReader = Pick<ChainClient, 'readContract' | 'getStorageAt'>;

const slotAddress = (word: Hex | undefined): Address => (word && word !== '0x' ? getAddress(`0x${word.slice(-40)}`) : zeroAddress);

export const readSafeNonce = (client: SafeStateReader, safe: Address): Promise<bigint> =>
  client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce', ...BLOCK });

export const readSafeOwners = async (client: SafeStateReader, safe: Address): Promise<Address[]> => [
  ...(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners', ...BLOCK })),
];

export const readSafeThreshold = async (client: SafeStateReader, safe: Address): Promise<number> =>
  Number(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold', ...BLOCK }));

export const readSafeVersion = (client: SafeStateReader, safe: Address): Promise<string> =>
  client.readContract({ address: safe, abi: safeAbi, functionName: 'VERSION', ...BLOCK });

/** All enabled modules, following getModulesPaginated page by page. */
export async function readSafeModules(client: SafeStateReader, safe: Address, pageSize = 50n): Promise<Address[]> {
  const modules: Address[] = [];
  let start: Address = SENTINEL_ADDRESS;
  for (let page = 0; page < 100; page += 1) {
    const [array, next] = await client.readContract({ address: safe, abi: safeAbi, functionName: 'getModulesPaginated', args: [start, pageSize], ...BLOCK });
    modules.push(...array);
    if (isAddressEqual(next, SENTINEL_ADDRESS) || isAddressEqual(next, zeroAddress) || array.length === 0) return modules;
    // 1.4.x returns the page's last module as `next`; 1.3.0 returns the first module of the following page,
    // which a call starting from it would skip: keep it here.
    if (!array.some((module) => isAddressEqual(module, next))) modules.push(next);
    start = next;
  }
  throw new Error('Too many modules');
}

export const readSafeGuard = async (client: SafeStateReader, safe: Address): Promise<Address> =>
  slotAddress(await client.getStorageAt({ address: safe, slot: GUARD_STORAGE_SLOT, ...BLOCK }));

export const readSafeFallbackHandler = async (client: SafeStateReader, safe: Address): Promise<Address> =>
  slotAddress(await client.getStorageAt({ address: safe, slot: FALLBACK_HANDLER_STORAGE_SLOT, ...BLOCK }));

/** The proxy's singleton (masterCopy), storage slot 0. */
export const readSafeSingleton = async (client: SafeStateReader, safe: Address): Promise<Address> =>
  slotAddress(await client.getStorageAt({ address: safe, slot: SINGLETON_STORAGE_SLOT, ...BLOCK }));

/**
 * Of `owners`, those that are Safes — they have code and answer getOwners and getThreshold — with their owners and
 * threshold, in the same order. Any other owner (an account, another kind of contract) is left out.
 */
export async function ownerSafesOf(client: Pick<ChainClient, 'readContract' | 'getCode'>, owners: readonly Address[]): Promise<OwnerSafe[]> {
  const found = await Promise.all(
    owners.map(async (owner): Promise<OwnerSafe | null> => {
      const address = getAddress(owner);
      const code = await client.getCode({ address, ...BLOCK });
      if (!code || code === '0x') return null;
      try {
        const [list, threshold] = await Promise.all([
          client.readContract({ address, abi: safeAbi, functionName: 'getOwners', ...BLOCK }),
          client.readContract({ address, abi: safeAbi, functionName: 'getThreshold', ...BLOCK }),
        ]);
        return { address, owners: list.map((o) => getAddress(o)), threshold: Number(threshold) };
      } catch {
        // A contract that is not a Safe signs by its own rules (EIP-1271): not looked into.
        return null;
      }
    }),
  );
  return found.filter((o): o is OwnerSafe => o !== null);
}

export interface SafeChainState {
  address: Address;
  nonce: bigint;
  owners: Address[];
  threshold: number;
  version: string;
  modules: Address[];
  guard: Address;
  fallbackHandler: Address;
  singleton: Address;
}

export async function readSafeState(client: SafeStateReader, safe: Address): Promise<SafeChainState> {
  const address = getAddress(safe);
  const [nonce, owners, threshold, version, modules, guard, fallbackHandler, singleton] = await Promise.all([
    readSafeNonce(client, address),
    readSafeOwners(client, address),
    readSafeThreshold(client, address),
    readSafeVersion(client, address),
    readSafeModules(client, address),
    readSafeGuard(client, address),
    readSafeFallbackHandler(client, address),
    readSafeSingleton(client, address),
  ]);
  return { address, nonce, owners, threshold, version, modules, guard, fallbackHandler, singleton };
}

/**
 * EIP-1271 check at the Safe (protocol.md A.4.3): `isValidSignature(bytes32,bytes)` must answer 0x1626ba7e;
 * failing that, the legacy `isValidSignature(bytes,bytes)` with the hash as bytes must answer 0x20c13b0b.
 * Any RPC error (e.g. a revert for missing signatures) makes that check false.
 */
export async function isValidSafeSignature(client: ChainClient, safe: Address, hash: Hash, signature: Hex): Promise<boolean> {
  try {
    const result = await client.readContract({ address: safe, abi: eip1271Abi, functionName: 'isValidSignature', args: [hash, signature], ...BLOCK });
    if (isEip1271MagicValue(result, 'hash')) return true;
  } catch {
    // fall through to the legacy form
  }
  return isValidSafeSignatureForBytes(client, safe, hash, signature);
}

/** Legacy EIP-1271 form over arbitrary bytes: true only for 0x20c13b0b. */
export async function isValidSafeSignatureForBytes(client: ChainClient, safe: Address, data: Hex, signature: Hex): Promise<boolean> {
  try {
    const result = await client.readContract({ address: safe, abi: eip1271LegacyAbi, functionName: 'isValidSignature', args: [data, signature], ...BLOCK });
    return isEip1271MagicValue(result, 'bytes');
  } catch {
    return false;
  }
}

/** Balance of the Safe in the native coin. */
export const readNativeBalance = (client: ChainClient, address: Address): Promise<bigint> => client.getBalance({ address, ...BLOCK });

export const wordToBigInt = (word: Hex): bigint => hexToBigInt(word);
