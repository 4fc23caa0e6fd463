/**
 * The nestedSafes machine's effect: the open Safe's owners and threshold, and which owners are Safes with their
 * own owners and threshold — all read on chain, never from the gateway. An owner is taken for a Safe when it has
 * code and answers getOwners and getThreshold; any other owner (an account, another kind of contract) is not.
 */
import { getAddress, type Address } from 'viem';
import type { NestedSafesState, OwnerSafe } from '../../domain/safe/nestedSafes.ts';
import type { NestedSafesMachine } from '../../machines/accountServices/nestedSafes.machine.ts';
import type { NestedSafesEffects } from '../../machines/accountServices/accountServices.types.ts';
import { effectActors } from '../../machines/shared/effects.ts';
import type { ChainClient } from '../chain/client.ts';
import { readSafeOwners, readSafeThreshold } from '../chain/reads.ts';

export type NestedSafesReader = Pick<ChainClient, 'readContract' | 'getStorageAt' | 'getCode'>;

export interface NestedSafesDeps {
  chainClient: (chainId: string) => Promise<NestedSafesReader>;
}

async function ownerSafeOf(client: NestedSafesReader, owner: Address): Promise<OwnerSafe | null> {
  const code = await client.getCode({ address: owner, blockTag: 'latest' });
  if (!code || code === '0x') return null;
  try {
    const [owners, threshold] = await Promise.all([readSafeOwners(client, owner), readSafeThreshold(client, owner)]);
    return { address: owner, owners: owners.map((o) => getAddress(o)), threshold };
  } catch {
    // A contract that is not a Safe: it signs by its own rules (EIP-1271), not looked into here.
    return null;
  }
}

export async function readNestedSafes(client: NestedSafesReader, safeAddress: string): Promise<NestedSafesState> {
  const safe = getAddress(safeAddress);
  const [owners, threshold] = await Promise.all([readSafeOwners(client, safe), readSafeThreshold(client, safe)]);
  const found = await Promise.all(owners.map((owner) => ownerSafeOf(client, getAddress(owner))));
  return { safe, owners: owners.map((o) => getAddress(o)), threshold, ownerSafes: found.filter((o): o is OwnerSafe => o !== null) };
}

export function createNestedSafesEffects(deps: NestedSafesDeps): NestedSafesEffects {
  return {
    loadNestedSafes: async ({ chainId, safe }) => readNestedSafes(await deps.chainClient(chainId), safe),
  };
}

export function provideNestedSafesServices(machine: NestedSafesMachine, deps: NestedSafesDeps): NestedSafesMachine {
  return machine.provide({ actors: effectActors(createNestedSafesEffects(deps)) });
}
