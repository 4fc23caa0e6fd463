/**
 * Where signatures are collected when the Safe is read from the chain (issue 20, decision 0055): signing packages
 * kept in this browser (src/services/signingPackages/store.ts) answer the gateway calls the transaction flows and the
 * Safe session make, so the flows run unchanged — `proposing` keeps the signature in a package instead of sending it
 * to a gateway, and the queue and a transaction's details read the packages back.
 *
 * Everything these answers carry was made here: the SafeTx and signatures of the package (which the flows verify
 * again, as they verify a gateway's), the Safe's owners, threshold and nonce read from the chain, and a summary
 * (txInfo) described from the SafeTx's own bytes with local ABIs (history.ts's txInfoOf). A package whose nonce the
 * chain has used is executed when the Safe's events show its safeTxHash, else it was replaced (CANCELLED). An executed
 * transaction no package holds (a History row) is described from the Safe's events: its SafeTx and signatures.
 */
import { getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { toSafeTxJson, type SafeTxJson } from '../../domain/safe/safeTxJson.ts';
import { executedSignatures } from '../../domain/safe/signatures.ts';
import { multisigTxId, parseMultisigTxId } from '../../domain/safe/txId.ts';
import { mergeSigningPackages, signingPackageOf, toSafeTx, type SigningPackage } from '../../domain/safe/signingPackage.ts';
import type { AddressInfo, ProposeTransactionBody, SafeNonces, TransactionDetails, TransactionItem, TransactionSummary } from '../../domain/gateway/types.ts';
import { GatewayError } from '../gateway/http.ts';
import type { ChainClient } from '../chain/client.ts';
import { readSafeNonce, readSafeOwners, readSafeThreshold, readSafeVersion } from '../chain/reads.ts';
import { readTokenMeta } from '../chain/tokens.ts';
import type { PackageStore } from '../signingPackages/store.ts';
import { findExecution, txInfoOf } from './history.ts';

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export interface LocalCollectionDeps {
  store: () => Promise<PackageStore>;
  clientFor: (chainId: string) => Promise<ChainClient>;
  now?: () => number;
}

const addressInfo = (value: string): AddressInfo => ({ value: getAddress(value), name: null, logoUri: null });

/** A gateway call that has no answer without a gateway (the flows treat a 404 as "no such view"). */
export const notHere = (what: string): GatewayError => new GatewayError(`${what} needs the gateway, which is not available.`, 404);

/** A one-line label of a SafeTx from its own bytes, e.g. "Send dUSD", "Contract interaction". */
function labelOf(info: TransactionSummary['txInfo']): string {
  if (info.type === 'Transfer') return `Send ${info.transferInfo.type === 'ERC20' ? (info.transferInfo.tokenSymbol ?? 'tokens') : info.transferInfo.type === 'NATIVE_COIN' ? 'native coin' : 'NFT'}`;
  if (info.type === 'Custom') return info.isCancellation ? 'On-chain rejection' : (info.methodName ?? 'Contract interaction');
  return info.type;
}

export function createLocalCollection(deps: LocalCollectionDeps) {
  const now = deps.now ?? Date.now;

  async function safeNow(chainId: string, safe: Address) {
    const client = await deps.clientFor(chainId);
    const [nonce, owners, threshold] = await Promise.all([readSafeNonce(client, safe), readSafeOwners(client, safe), readSafeThreshold(client, safe)]);
    return { client, nonce, owners, threshold };
  }

  async function txInfoOfPackage(client: ChainClient, pkg: SigningPackage) {
    const meta = pkg.safeTx.data.length > 2 ? await readTokenMeta(client, [pkg.safeTx.to]).catch(() => ({})) : {};
    return txInfoOf(pkg.safe, toSafeTx(pkg.safeTx), meta);
  }

  /** Executed (its safeTxHash in the Safe's latest events), replaced, or waiting. */
  async function statusOf(client: ChainClient, pkg: SigningPackage, chainNonce: bigint, threshold: number) {
    if (BigInt(pkg.safeTx.nonce) >= chainNonce) {
      return { txStatus: pkg.signatures.length >= threshold ? ('AWAITING_EXECUTION' as const) : ('AWAITING_CONFIRMATIONS' as const), txHash: null, executedAt: null };
    }
    // The latest page of the Safe's events, as History's first page reads it.
    const found = await findExecution(client, { chainId: pkg.chainId, safe: pkg.safe }, pkg.hashes.safeTxHash, 1);
    if (found) return { txStatus: found.exec.ok ? ('SUCCESS' as const) : ('FAILED' as const), txHash: found.exec.log.transactionHash, executedAt: found.timestamp };
    return { txStatus: 'CANCELLED' as const, txHash: null, executedAt: null };
  }

  /** A multisig transaction's details in the gateway's shape, every field from the SafeTx, the chain or a package. */
  function multisigDetails(d: {
    safe: Address;
    safeTx: SafeTxJson;
    safeTxHash: Hex;
    status: { txStatus: TransactionDetails['txStatus']; txHash: string | null; executedAt: number | null };
    txInfo: TransactionDetails['txInfo'];
    owners: readonly Address[];
    threshold: number;
    confirmations: { signer: string; signature: Hex; submittedAt: number }[];
    submittedAt: number;
    proposer: string | null;
    executor: string | null;
  }): TransactionDetails {
    return {
      safeAddress: d.safe,
      txId: multisigTxId(d.safe, d.safeTxHash),
      executedAt: d.status.executedAt,
      txStatus: d.status.txStatus,
      txInfo: d.txInfo,
      txData: { hexData: d.safeTx.data === '0x' ? null : d.safeTx.data, dataDecoded: null, to: addressInfo(d.safeTx.to), value: d.safeTx.value, operation: d.safeTx.operation },
      txHash: d.status.txHash,
      detailedExecutionInfo: {
        type: 'MULTISIG',
        submittedAt: d.submittedAt,
        nonce: Number(d.safeTx.nonce),
        safeTxGas: d.safeTx.safeTxGas,
        baseGas: d.safeTx.baseGas,
        gasPrice: d.safeTx.gasPrice,
        gasToken: d.safeTx.gasToken,
        refundReceiver: addressInfo(d.safeTx.refundReceiver),
        safeTxHash: d.safeTxHash,
        executor: d.executor ? addressInfo(d.executor) : null,
        signers: d.owners.map(addressInfo),
        confirmationsRequired: d.threshold,
        confirmations: d.confirmations.map((c) => ({ signer: addressInfo(c.signer), signature: c.signature, submittedAt: c.submittedAt })),
        rejectors: [],
        gasTokenInfo: null,
        trusted: true,
        proposer: d.proposer ? addressInfo(d.proposer) : null,
      },
      safeAppInfo: null,
    };
  }

  async function detailsOf(pkg: SigningPackage): Promise<TransactionDetails> {
    const safe = getAddress(pkg.safe);
    const { client, nonce, owners, threshold } = await safeNow(pkg.chainId, safe);
    const [txInfo, status] = await Promise.all([txInfoOfPackage(client, pkg), statusOf(client, pkg, nonce, threshold)]);
    const seenAt = (signer: string) => Date.parse(pkg.seen.find((s) => s.signer.toLowerCase() === signer.toLowerCase())?.at ?? '') || now();
    const first = pkg.seen[0];
    return multisigDetails({
      safe,
      safeTx: pkg.safeTx,
      safeTxHash: pkg.hashes.safeTxHash,
      status,
      txInfo,
      owners,
      threshold,
      confirmations: pkg.signatures.map((s) => ({ signer: s.signer, signature: s.signature, submittedAt: seenAt(s.signer) })),
      submittedAt: first ? seenAt(first.signer) : now(),
      proposer: first?.signer ?? null,
      executor: null,
    });
  }

  /**
   * An executed transaction not kept in this browser, from the Safe's own events (History's rows): its SafeTx and the
   * signatures execTransaction took, both hashed to the event's hash; null when the events do not hold it. The
   * executor's own approval (v 1 from the sender) is implied by the execution and shown as the executor only.
   */
  async function executedDetails(chainId: string, safe: Address, safeTxHash: Hex): Promise<TransactionDetails | null> {
    const client = await deps.clientFor(chainId);
    const found = await findExecution(client, { chainId, safe }, safeTxHash);
    if (!found?.tx) return null;
    const [owners, meta] = await Promise.all([readSafeOwners(client, safe), found.tx.data.length > 2 ? readTokenMeta(client, [found.tx.to]).catch(() => ({})) : Promise.resolve({})]);
    const parts = found.signatures ? await executedSignatures(found.signatures, found.threshold, safeTxHash).catch(() => []) : [];
    const shown = parts.filter((p) => !(p.kind === 'approvedHash' && found.executor && isAddressEqual(p.signer, found.executor)));
    return multisigDetails({
      safe,
      safeTx: toSafeTxJson({ ...found.tx, nonce: found.nonce }),
      safeTxHash,
      status: { txStatus: found.exec.ok ? 'SUCCESS' : 'FAILED', txHash: found.exec.log.transactionHash, executedAt: found.timestamp },
      txInfo: txInfoOf(safe, found.tx, meta),
      owners,
      threshold: found.threshold,
      confirmations: shown.map((p) => ({ signer: p.signer, signature: p.signature, submittedAt: found.timestamp })),
      submittedAt: found.timestamp,
      proposer: null,
      executor: found.executor,
    });
  }

  async function packageOf(chainId: string, txId: string): Promise<SigningPackage | null> {
    const store = await deps.store();
    const id = parseMultisigTxId(txId);
    return (id ? await store.get(chainId, id.safeAddress, id.safeTxHash) : /^0x[0-9a-fA-F]{64}$/.test(txId) ? await store.find(chainId, txId) : null) ?? null;
  }

  return {
    async getTransactionDetails(chainId: string, txId: string): Promise<TransactionDetails> {
      const pkg = await packageOf(chainId, txId);
      if (pkg) return detailsOf(pkg);
      const id = parseMultisigTxId(txId);
      const executed = id ? await executedDetails(chainId, getAddress(id.safeAddress), id.safeTxHash) : null;
      if (executed) return executed;
      // Not "not found": one another signer has not shared yet exists; only its details need the gateway (424: they
      // depend on it), so the details page says why and offers Retry.
      throw new GatewayError(
        'This transaction is not kept in this browser as a signing package and was not found among the Safe’s recent executions; its details come from the gateway, which is not available. A transaction still to sign opens once a signer shares its signing package.',
        424,
      );
    },

    /** Waiting packages (nonce not used yet) in the gateway's queue shape: Next, then Queued, conflicts grouped. */
    async getTransactionQueue(chainId: string, safeAddress: string): Promise<Page<TransactionItem>> {
      const safe = getAddress(safeAddress);
      const { client, nonce, threshold } = await safeNow(chainId, safe);
      const waiting = (await (await deps.store()).list(chainId, safe)).filter((p) => BigInt(p.safeTx.nonce) >= nonce);
      const results: TransactionItem[] = [];
      const groups = new Map<string, SigningPackage[]>();
      for (const pkg of waiting) groups.set(pkg.safeTx.nonce, [...(groups.get(pkg.safeTx.nonce) ?? []), pkg]);
      for (const [groupNonce, group] of groups) {
        if (BigInt(groupNonce) === nonce) results.push({ type: 'LABEL', label: 'Next' });
        else if (!results.some((r) => r.type === 'LABEL' && r.label === 'Queued')) results.push({ type: 'LABEL', label: 'Queued' });
        if (group.length > 1) results.push({ type: 'CONFLICT_HEADER', nonce: Number(groupNonce) });
        for (const [i, pkg] of group.entries()) {
          const txInfo = await txInfoOfPackage(client, pkg);
          results.push({
            type: 'TRANSACTION',
            conflictType: group.length === 1 ? 'None' : i === group.length - 1 ? 'End' : 'HasNext',
            transaction: {
              id: multisigTxId(safe, pkg.hashes.safeTxHash),
              timestamp: Date.parse(pkg.seen[0]?.at ?? '') || now(),
              txStatus: pkg.signatures.length >= threshold ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS',
              txInfo,
              executionInfo: { type: 'MULTISIG', nonce: Number(pkg.safeTx.nonce), confirmationsRequired: threshold, confirmationsSubmitted: pkg.signatures.length, missingSigners: null },
              safeAppInfo: null,
            },
          });
        }
      }
      return { count: waiting.length, next: null, previous: null, results };
    },

    async getNonces(chainId: string, safeAddress: string): Promise<SafeNonces> {
      const safe = getAddress(safeAddress);
      const { nonce } = await safeNow(chainId, safe);
      const kept = (await (await deps.store()).list(chainId, safe)).map((p) => BigInt(p.safeTx.nonce)).filter((n) => n >= nonce);
      const next = kept.reduce((max, n) => (n + 1n > max ? n + 1n : max), nonce);
      return { currentNonce: Number(nonce), recommendedNonce: Number(next) };
    },

    /** The flow's signature kept in a package: a new package, or one more signature on a kept one. */
    async proposeTransaction(chainId: string, safeAddress: string, body: ProposeTransactionBody): Promise<TransactionDetails> {
      const safe = getAddress(safeAddress);
      const store = await deps.store();
      const client = await deps.clientFor(chainId);
      const version = await readSafeVersion(client, safe);
      const safeTx = {
        to: getAddress(body.to),
        value: body.value,
        data: (body.data ?? '0x').toLowerCase() as Hex,
        operation: body.operation,
        safeTxGas: body.safeTxGas,
        baseGas: body.baseGas,
        gasPrice: body.gasPrice,
        gasToken: getAddress(body.gasToken),
        refundReceiver: getAddress(body.refundReceiver ?? '0x0000000000000000000000000000000000000000'),
        nonce: body.nonce,
      };
      const signatures = body.signature ? [{ signer: getAddress(body.sender), signature: body.signature.toLowerCase() as Hex }] : [];
      const draft = signingPackageOf({ chainId, safe, safeVersion: version, label: '', safeTx, signatures, seen: [] });
      if (draft.hashes.safeTxHash.toLowerCase() !== body.safeTxHash.toLowerCase()) throw new GatewayError('The safeTxHash does not match the transaction.', 422);
      const label = labelOf(await txInfoOfPackage(client, draft));
      const seen = signatures.map((s) => ({ signer: s.signer, summary: label, safeTxHash: draft.hashes.safeTxHash, at: new Date(now()).toISOString() }));
      const fresh = { ...draft, label, seen };
      const kept = await store.get(chainId, safe, draft.hashes.safeTxHash);
      const pkg = kept ? mergeSigningPackages(kept, fresh) : fresh;
      await store.put(pkg);
      return detailsOf(pkg);
    },

    async deleteTransaction(chainId: string, safeTxHash: string): Promise<Record<string, never>> {
      const store = await deps.store();
      const pkg = await store.find(chainId, safeTxHash);
      if (pkg) await store.remove(chainId, pkg.safe, safeTxHash);
      return {};
    },
  };
}

export type LocalCollection = ReturnType<typeof createLocalCollection>;
