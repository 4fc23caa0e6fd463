/**
 * The nestedSafes machine's effect: the open Safe's owners and threshold, and which owners are Safes with their
 * own owners and threshold — all read on chain, never from the gateway. An owner is taken for a Safe when it has
 * code and answers getOwners and getThreshold; any other owner (an account, another kind of contract) is not.
 */
import { getAddress } from 'viem';
import type { NestedSafesState } from '../../domain/safe/nestedSafes.ts';
import type { NestedSafesMachine } from '../../machines/accountServices/nestedSafes.machine.ts';
import type { NestedSafesEffects } from '../../machines/accountServices/accountServices.types.ts';
import { effectActors } from '../../machines/shared/effects.ts';
import type { ChainClient } from '../chain/client.ts';
import { ownerSafesOf, readSafeOwners, readSafeThreshold } from '../chain/reads.ts';

export type NestedSafesReader = Pick<ChainClient, 'readContract' | 'getStorageAt' | 'getCode'>;

export interface NestedSafesDeps {
  chainClient: (chainId: string) => Promise<NestedSafesReader>;
}

export async function readNestedSafes(client: NestedSafesReader, safeAddress: string): Promise<NestedSafesState> {
  const safe = getAddress(safeAddress);
  const [owners, threshold] = await Promise.all([readSafeOwners(client, safe), readSafeThreshold(client, safe)]);
  return { safe, owners: owners.map((o) => getAddress(o)), threshold, ownerSafes: await ownerSafesOf(client, owners) };
}

export function createNestedSafesEffects(deps: NestedSafesDeps): NestedSafesEffects {
  return {
    loadNestedSafes: async ({ chainId, safe }) => readNestedSafes(await deps.chainClient(chainId), safe),
  };
}

export function provideNestedSafesServices(machine: NestedSafesMachine, deps: NestedSafesDeps): NestedSafesMachine {
  return machine.provide({ actors: effectActors(createNestedSafesEffects(deps)) });
}
