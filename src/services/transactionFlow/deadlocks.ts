/**
 * Deadlock warnings for an owner change (issue 21, decision 0065): when a transaction changes the Safe's owners or
 * threshold, the owners it leaves are read on chain (which of them are Safes, and their owners and threshold), and
 * the nested chains that could then never reach a threshold are reported as risks before anyone signs. A Safe that
 * could never execute anything again is blocking; an owner Safe that could never approve is a warning.
 */
import { getAddress } from 'viem';
import { nestedDeadlocks, ownersAfter, type OwnerChangeCall } from '../../domain/safe/nestedSafes.ts';
import type { Risk } from '../../machines/transactionFlow/transactionFlow.types.ts';
import type { ChainClient } from '../chain/client.ts';
import { ownerSafesOf } from '../chain/reads.ts';

export async function deadlockRisks(
  client: Pick<ChainClient, 'readContract' | 'getCode'> | null,
  safe: { address: string; owners: readonly string[]; threshold: number },
  call: OwnerChangeCall,
): Promise<Risk[]> {
  const address = getAddress(safe.address);
  const after = ownersAfter(address, safe.owners.map((o) => getAddress(o)), safe.threshold, call);
  if (!after) return [];
  if (!client) return [{ id: 'deadlock-unchecked', severity: 'warning', title: 'Nested Safes not checked', detail: 'The chain could not be read, so whether an owner that is a Safe could still sign after this change was not checked.' }];
  let ownerSafes;
  try {
    ownerSafes = await ownerSafesOf(client, after.owners);
  } catch (error) {
    return [{ id: 'deadlock-unchecked', severity: 'warning', title: 'Nested Safes not checked', detail: `The owners that are Safes could not be read (${error instanceof Error ? error.message : String(error)}), so whether each could still sign after this change was not checked.` }];
  }
  return nestedDeadlocks({ safe: address, owners: after.owners, threshold: after.threshold, ownerSafes }).map(
    (d): Risk =>
      d.safe === null
        ? { id: 'deadlock', severity: 'blocking', title: 'The Safe would be locked forever', detail: `After this change: ${d.text}` }
        : { id: 'deadlock-owner', severity: 'warning', title: 'An owner Safe could never sign', detail: `After this change: ${d.text}` },
  );
}
