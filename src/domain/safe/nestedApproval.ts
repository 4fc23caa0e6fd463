/**
 * Nested Safes (security.md S21): a Safe that owns another Safe confirms the other Safe's transaction by calling its
 * `approveHash(safeTxHash)` in a transaction of its own. The approving Safe's owners then sign a call that says
 * nothing by itself: 32 bytes. What they approve is the inner transaction those bytes hash, so it is shown beside the
 * outer one — but only once it hashes, here, to exactly the approved bytes. A transaction the gateway describes for
 * that hash which hashes to anything else is a contradiction and blocks signing.
 */
import { decodeFunctionData, getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { safeAbi } from './abis.ts';
import { safeTxHashes, type SafeTxHashes } from './hashing.ts';
import type { SafeContext, SafeTx } from './types.ts';

/** The Safe and hash a call approves: a plain CALL without value of `approveHash(bytes32)`; null for anything else. */
export function approvedHashOf(call: { to: Address; value: bigint; data: Hex; operation: number }): { safe: Address; hash: Hex } | null {
  if (call.operation !== 0 || call.value !== 0n || call.data.length !== 2 + 8 + 64) return null;
  try {
    const decoded = decodeFunctionData({ abi: safeAbi, data: call.data });
    if (decoded.functionName !== 'approveHash') return null;
    return { safe: getAddress(call.to), hash: (decoded.args[0] as Hex).toLowerCase() as Hex };
  } catch {
    return null;
  }
}

/** The inner transaction an approval names, as checked here. */
export interface NestedApproval {
  /** The Safe whose transaction is approved. */
  safe: Address;
  /** The hash the outer transaction's bytes approve. */
  approvedHash: Hex;
  /**
   * `verified`: the inner transaction hashes to the approved hash here; `unknown`: nothing describes that hash (it is
   * approved blind); `contradicts`: what the gateway gives for it hashes to something else (blocks).
   */
  status: 'verified' | 'unknown' | 'contradicts';
  /** The inner transaction and its hashes, computed here (verified, or the contradicting one). */
  inner: { tx: SafeTx; hashes: SafeTxHashes; version: string } | null;
  /** Whether the approving Safe is among the inner Safe's owners, as the chain reads them (else the approval counts for nothing). */
  approverIsOwner: boolean;
  /** The sentence saying the approving Safe is not an owner (also among `problems`); null when it is one. */
  ownerProblem: string | null;
  /** What is wrong, in words (empty when verified). */
  problems: string[];
}

/**
 * Checks the inner transaction claimed for an approval: `claimed` is what the gateway gives for the approved hash
 * (null: it knows none), `owners` and `version` the inner Safe's as read from the chain.
 */
export function checkNestedApproval(args: {
  approver: Address;
  approved: { safe: Address; hash: Hex };
  chainId: bigint;
  owners: readonly Address[];
  version: string;
  claimed: { safe: Address; tx: SafeTx } | null;
}): NestedApproval {
  const { approver, approved, chainId, owners, version, claimed } = args;
  const approverIsOwner = owners.some((o) => isAddressEqual(o, approver));
  const ownerProblem = approverIsOwner ? null : `This Safe (${getAddress(approver)}) is not an owner of ${approved.safe}: its approval would count for nothing there.`;
  const base = { safe: approved.safe, approvedHash: approved.hash, approverIsOwner, ownerProblem };
  const ownerProblems = ownerProblem ? [ownerProblem] : [];
  if (!claimed) {
    return { ...base, status: 'unknown', inner: null, problems: [`No transaction of ${approved.safe} with the hash ${approved.hash} is known: what this approves cannot be shown.`, ...ownerProblems] };
  }
  const ctx: SafeContext = { chainId, safeAddress: approved.safe, version };
  const hashes = safeTxHashes(ctx, claimed.tx);
  const problems: string[] = [];
  if (!isAddressEqual(claimed.safe, approved.safe)) problems.push(`The transaction given for ${approved.hash} belongs to ${getAddress(claimed.safe)}, not to ${approved.safe}.`);
  if (hashes.safeTxHash.toLowerCase() !== approved.hash.toLowerCase()) {
    problems.push(`The transaction given for ${approved.hash} hashes here to ${hashes.safeTxHash}: it is not the transaction this approves.`);
  }
  return { ...base, status: problems.length ? 'contradicts' : 'verified', inner: { tx: claimed.tx, hashes, version }, problems: [...problems, ...ownerProblems] };
}
