/**
 * Nested Safes seen from the child (issue 21, security.md S21): which of a Safe's owners are Safes themselves,
 * whether the connected wallet can approve "as" one of them, and nested chains that can never reach a threshold.
 *
 * Pure: the reads come from the chain (src/services/accountServices/nestedSafes.ts), never from the gateway.
 * Only one level is looked at: the owners of the Safe's owner Safes. A deeper chain (an owner Safe whose own owner
 * Safe is owned by this Safe) is not followed, and an owner contract that is not a Safe counts as able to sign.
 */
import { decodeFunctionData, encodeFunctionData, getAddress, isAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { safeSettingsAbi } from './abis.ts';
import { decodeMultiSendCall, isMultiSendCall } from './multisend.ts';

/** An owner of the open Safe that is a Safe, as read on chain. */
export interface OwnerSafe {
  address: Address;
  owners: Address[];
  threshold: number;
}

/** The open Safe and its owner Safes, as read on chain in one go. */
export interface NestedSafesState {
  safe: Address;
  owners: Address[];
  threshold: number;
  /** The owners that are Safes, in the open Safe's owner order. */
  ownerSafes: OwnerSafe[];
}

export interface Deadlock {
  /** The owner Safe that cannot sign for the open Safe, or null for the open Safe itself. */
  safe: Address | null;
  text: string;
}

/** The owner Safe needs the open Safe's own approval to reach its threshold: it can never approve for it. */
export function needsChild(owner: OwnerSafe, child: Address): boolean {
  if (!owner.owners.some((o) => isAddressEqual(o, child))) return false;
  return owner.owners.length - 1 < owner.threshold;
}

/**
 * The nested chains that can never reach a threshold: each owner Safe that needs this Safe to approve first (a
 * cycle), and this Safe itself when too few of its owners are left able to sign.
 */
export function nestedDeadlocks(state: NestedSafesState): Deadlock[] {
  const stuck = state.ownerSafes.filter((o) => needsChild(o, state.safe));
  const out: Deadlock[] = stuck.map((o) => ({
    safe: o.address,
    text: `Owner Safe ${o.address} can never approve for this Safe: it needs ${o.threshold} of its ${o.owners.length} owners, and one of them is this Safe, which cannot approve anything before that owner Safe has.`,
  }));
  const able = state.owners.length - stuck.length;
  if (stuck.length > 0 && able < state.threshold) {
    out.push({
      safe: null,
      text: `This Safe can never reach its threshold: it needs ${state.threshold} of its ${state.owners.length} owners, and only ${able} of them can ever sign. Nothing it queues can be executed.`,
    });
  }
  return out;
}

/** The owner Safes the wallet is an owner of: it may approve the open Safe's transactions as each of them. */
export function parentsOwnedBy(state: NestedSafesState, wallet: string | null): OwnerSafe[] {
  if (!wallet || !isAddress(wallet, { strict: false })) return [];
  return state.ownerSafes.filter((o) => o.owners.some((owner) => isAddressEqual(owner, wallet as Address)));
}

export const approveHashAbi = [{ type: 'function', name: 'approveHash', stateMutability: 'nonpayable', inputs: [{ name: 'hashToApprove', type: 'bytes32' }], outputs: [] }] as const;

/** The call a parent Safe makes to approve the child's transaction `safeTxHash` on chain. */
export function approveHashCall(child: Address, safeTxHash: Hex): { to: Address; value: '0'; data: Hex; operation: 0 } {
  return { to: getAddress(child), value: '0', data: encodeFunctionData({ abi: approveHashAbi, functionName: 'approveHash', args: [safeTxHash] }), operation: 0 };
}

/**
 * The query parameter that carries an approval request from the child's page to the parent's:
 * `approve=<child address>:<safeTxHash>` on the parent's queue.
 */
export const APPROVE_PARAM = 'approve';

export function approveParamValue(child: string, safeTxHash: string): string {
  return `${getAddress(child)}:${safeTxHash.toLowerCase()}`;
}

export interface ApprovalRequest {
  child: Address;
  safeTxHash: Hex;
}

/** The request a parameter value carries, or null when it is not one (or is malformed). */
export function parseApproveParam(value: string | null): ApprovalRequest | null {
  const match = /^(0x[0-9a-fA-F]{40}):(0x[0-9a-fA-F]{64})$/.exec(value ?? '');
  if (!match) return null;
  return { child: getAddress(match[1]!), safeTxHash: match[2]!.toLowerCase() as Hex };
}

/** A Safe transaction's call, as far as the owner check needs it. */
export interface OwnerChangeCall {
  to: Address;
  data: Hex;
  operation: number;
}

/**
 * The owners and threshold the Safe has after the transaction, when it changes them (addOwnerWithThreshold,
 * removeOwner, swapOwner, changeThreshold on the Safe itself, directly or in a MultiSend batch), else null.
 * A call that does not decode is left to the other checks (it blocks there).
 */
export function ownersAfter(safe: Address, owners: readonly Address[], threshold: number, call: OwnerChangeCall): { owners: Address[]; threshold: number } | null {
  const calls: { to: Address; data: Hex }[] = [];
  if (call.operation === 1 && isMultiSendCall(call.data)) {
    try {
      calls.push(...decodeMultiSendCall(call.data).map((t) => ({ to: getAddress(t.to), data: t.data })));
    } catch {
      return null;
    }
  } else calls.push({ to: call.to, data: call.data });
  let next = [...owners];
  let t = threshold;
  let changed = false;
  for (const c of calls) {
    if (!isAddressEqual(c.to, safe)) continue;
    let decoded;
    try {
      decoded = decodeFunctionData({ abi: safeSettingsAbi, data: c.data });
    } catch {
      continue;
    }
    switch (decoded.functionName) {
      case 'addOwnerWithThreshold':
        next = [getAddress(decoded.args[0]), ...next];
        t = Number(decoded.args[1]);
        break;
      case 'removeOwner':
        next = next.filter((o) => !isAddressEqual(o, decoded.args[1]));
        t = Number(decoded.args[2]);
        break;
      case 'swapOwner':
        next = next.map((o) => (isAddressEqual(o, decoded.args[1]) ? getAddress(decoded.args[2]) : o));
        break;
      case 'changeThreshold':
        t = Number(decoded.args[0]);
        break;
      default:
        continue;
    }
    changed = true;
  }
  return changed ? { owners: next, threshold: t } : null;
}
