/** A Safe's info read from the chain (RPC-only mode, decision 0054), in the shape the Safe session keeps. */
import { getAddress, isAddressEqual, zeroAddress, type Address } from 'viem';
import type { AddressInfo } from '../../domain/gateway/types.ts';
import type { SessionSafeInfo } from '../../machines/safeSession/safeSession.types.ts';
import type { ChainClient } from '../chain/client.ts';
import { readSafeState } from '../chain/reads.ts';
import { safeRelease } from '../../domain/safe/singletons.ts';
import { SessionLoadError } from '../safeSession.ts';

const info = (value: Address): AddressInfo => ({ value: getAddress(value), name: null, logoUri: null });
const orNull = (value: Address): AddressInfo | null => (isAddressEqual(value, zeroAddress) ? null : info(value));

/**
 * Owners, threshold, nonce, version, singleton, modules, guard and fallback handler, from the Safe's contract at the
 * latest block. An address without code, or a contract that does not answer like a Safe, is "not found"; an RPC that
 * cannot be reached is "unavailable" (the screen offers Retry).
 */
export async function readSafeInfoFromChain(client: ChainClient, chainId: string, safeAddress: string, reason: string): Promise<SessionSafeInfo> {
  const address = getAddress(safeAddress);
  let code: string | undefined;
  try {
    code = await client.getCode({ address });
  } catch (error) {
    throw new SessionLoadError(`${reason} The chain's RPC could not be reached either (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`, 'unavailable');
  }
  if (!code || code === '0x') throw new SessionLoadError(`There is no Safe at ${address} on this chain: the address has no contract code.`, 'notFound');
  let state;
  try {
    state = await readSafeState(client, address);
  } catch {
    throw new SessionLoadError(`The contract at ${address} does not answer like a Safe.`, 'notFound');
  }
  const nonce = Number(state.nonce);
  const release = safeRelease(state.version);
  return {
    address: info(state.address),
    chainId,
    nonce,
    threshold: state.threshold,
    owners: state.owners.map(info),
    implementation: info(state.singleton),
    // What the gateway derives from its list of master copies; here from the version the contract reports: the newest
    // release is up to date, an older release outdated, anything else unknown (the home then warns).
    implementationVersionState: release === '1.4.1' ? 'UP_TO_DATE' : release === null ? 'UNKNOWN' : 'OUTDATED',
    collectiblesTag: null,
    txQueuedTag: null,
    // A new nonce means a new execution: the history and the balances reload (the session refreshes on this tag).
    txHistoryTag: `chain-nonce-${nonce}`,
    messagesTag: null,
    modules: state.modules.length > 0 ? state.modules.map(info) : null,
    fallbackHandler: orNull(state.fallbackHandler),
    guard: orNull(state.guard),
    version: state.version,
    readFromChain: reason,
  };
}
