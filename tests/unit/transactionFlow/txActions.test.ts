/**
 * The pure button rules of queued transactions (src/machines/shared/txActions.ts): which of Confirm / Execute /
 * Reject / Delete a connected wallet gets on tx details, and which transactions "Execute N transactions" takes.
 * Fixtures go through the gateway client's own schemas, so they have the shapes the views really receive.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { bulkExecutableOf, nextNonceOf, queuedRowActionsOf, rejectedNoncesOf, txActionsOf, type TxActions, type Viewer } from '../../../src/machines/shared/txActions.ts';
import { TransactionDetailsSchema, TransactionSummarySchema } from '../../../src/domain/gateway/schemas.ts';
import type { TransactionDetails, TransactionItem, TransactionSummary } from '../../../src/domain/gateway/types.ts';
import { DEVNET_DEPLOYER, DEVNET_OWNERS, DEVNET_STRANGER, ZERO_ADDRESS } from '../../../src/machines/shared/samples.ts';

const SAFE = '0x5afE5afE5afE5afE5afE5afE5aFe5afE5Afe5aFe';
const [A, B, C, OUTSIDER]: [string, string, string, string] = [DEVNET_DEPLOYER, ...DEVNET_OWNERS, DEVNET_STRANGER];
const ZERO = ZERO_ADDRESS;
const HASH = `0x${'ab'.repeat(32)}`;
const SIG = `0x${'11'.repeat(65)}`;

const addr = (value: string) => ({ value, name: null, logoUri: null });
const viewer = (over: Partial<Viewer> = {}): Viewer => ({ wallet: A, owners: [A, B, C], safeNonce: 3, features: ['DELETE_TX'], ...over });

interface DetailsOptions {
  nonce?: number;
  signers?: string[];
  required?: number;
  status?: TransactionDetails['txStatus'];
  proposer?: string | null;
  rejection?: boolean;
  module?: boolean;
}

function details(o: DetailsOptions = {}): TransactionDetails {
  const signers = o.signers ?? [A];
  return v.parse(TransactionDetailsSchema, {
    safeAddress: SAFE,
    txId: `multisig_${SAFE}_${HASH}`,
    executedAt: null,
    txStatus: o.status ?? (signers.length >= (o.required ?? 2) ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS'),
    txInfo: o.rejection
      ? { type: 'Custom', to: addr(SAFE), dataSize: '0', value: '0', methodName: null, actionCount: null, isCancellation: true }
      : { type: 'Custom', to: addr(C), dataSize: '68', value: '0', methodName: 'transfer', actionCount: null, isCancellation: false },
    txData: null,
    txHash: null,
    detailedExecutionInfo: o.module
      ? { type: 'MODULE', address: addr(C) }
      : {
          type: 'MULTISIG',
          submittedAt: 0,
          nonce: o.nonce ?? 3,
          safeTxGas: '0',
          baseGas: '0',
          gasPrice: '0',
          gasToken: ZERO,
          refundReceiver: addr(ZERO),
          safeTxHash: HASH,
          executor: null,
          signers: [A, B, C].map(addr),
          confirmationsRequired: o.required ?? 2,
          confirmations: signers.map((s) => ({ signer: addr(s), signature: SIG, submittedAt: 0 })),
          rejectors: [],
          gasTokenInfo: null,
          trusted: true,
          proposer: o.proposer === undefined ? addr(A) : o.proposer === null ? null : addr(o.proposer),
        },
    safeAppInfo: null,
  });
}

const only = (...on: (keyof TxActions)[]): TxActions => ({ confirm: on.includes('confirm'), execute: on.includes('execute'), reject: on.includes('reject'), delete: on.includes('delete') });

/** Every confirmation the gateway lists, verified here. */
const allVerified = (d: TransactionDetails) => (d.detailedExecutionInfo?.type === 'MULTISIG' ? d.detailedExecutionInfo.confirmations.map((c) => c.signer.value) : []);
const actions = (d: TransactionDetails, v: Viewer) => txActionsOf(d, v, allVerified(d));

describe('txActionsOf', () => {
  it('offers the proposer who signed Reject and Delete, but no second signature', () => {
    expect(actions(details({ signers: [A] }), viewer())).toEqual(only('reject', 'delete'));
  });

  it('offers another owner Confirm (the last signature) and Reject, not Delete', () => {
    expect(actions(details({ signers: [A] }), viewer({ wallet: B }))).toEqual(only('confirm', 'reject'));
  });

  it('compares addresses without regard to case', () => {
    expect(actions(details({ signers: [A] }), viewer({ wallet: B.toLowerCase(), owners: [A.toUpperCase().replace('0X', '0x'), B, C] }))).toEqual(only('confirm', 'reject'));
    expect(actions(details({ signers: [A] }), viewer({ wallet: A.toLowerCase() }))).toEqual(only('reject', 'delete'));
  });

  it('offers Execute (and no more signatures) once the threshold is met at the next nonce', () => {
    expect(actions(details({ signers: [A, C] }), viewer({ wallet: B }))).toEqual(only('execute', 'reject'));
    expect(actions(details({ signers: [A, C] }), viewer())).toEqual(only('execute', 'reject', 'delete'));
  });

  it('does not offer Execute for a later nonce: the earlier ones must be executed first', () => {
    expect(actions(details({ nonce: 4, signers: [A, C] }), viewer({ wallet: B }))).toEqual(only('reject'));
    expect(actions(details({ nonce: 4, signers: [A] }), viewer({ wallet: B }))).toEqual(only('confirm', 'reject'));
  });

  it('counts only signatures of current owners (a removed owner’s signature does not meet the threshold)', () => {
    expect(actions(details({ signers: [A, OUTSIDER] }), viewer({ wallet: B }))).toEqual(only('confirm', 'reject'));
    expect(actions(details({ signers: [A, OUTSIDER], required: 2 }), viewer())).toEqual(only('reject', 'delete'));
  });

  it('does not offer Reject on a rejection itself', () => {
    expect(actions(details({ rejection: true, signers: [C], proposer: C }), viewer({ wallet: B }))).toEqual(only('confirm'));
    expect(actions(details({ rejection: true, signers: [C], proposer: C }), viewer({ wallet: C }))).toEqual(only('delete'));
  });

  it('offers Delete only to the proposer, and only when the chain has DELETE_TX', () => {
    expect(actions(details(), viewer({ features: [] }))).toEqual(only('reject'));
    expect(actions(details({ proposer: null }), viewer())).toEqual(only('reject'));
    expect(actions(details({ proposer: B, signers: [B] }), viewer())).toEqual(only('confirm', 'reject'));
  });

  it('offers nothing without a wallet, to a non-owner, or for executed, stale and module transactions', () => {
    const none = only();
    expect(actions(details(), viewer({ wallet: null }))).toEqual(none);
    expect(actions(details(), viewer({ wallet: OUTSIDER }))).toEqual(none);
    // The proposer who is no longer an owner cannot delete either: every action needs an owner.
    expect(actions(details({ proposer: OUTSIDER, signers: [] }), viewer({ wallet: OUTSIDER }))).toEqual(none);
    for (const status of ['SUCCESS', 'FAILED', 'CANCELLED'] as const) expect(actions(details({ status, signers: [A, B] }), viewer({ wallet: C }))).toEqual(none);
    expect(actions(details({ nonce: 2 }), viewer({ wallet: B }))).toEqual(none);
    expect(actions(details({ module: true }), viewer())).toEqual(none);
  });

  it('counts only the confirmations verified here: a forged one neither offers Execute nor hides Confirm (decision 0028)', () => {
    // The gateway lists A and C (2 of 2); only A's was verified.
    expect(txActionsOf(details({ signers: [A, C] }), viewer({ wallet: B }), [A])).toEqual(only('confirm', 'reject'));
    // C's own confirmation was forged by the gateway: C is offered Confirm.
    expect(txActionsOf(details({ signers: [A, C] }), viewer({ wallet: C }), [A])).toEqual(only('confirm', 'reject'));
    // Not verified (yet, or the chain cannot be read): no Execute, Confirm as listed.
    expect(txActionsOf(details({ signers: [A, C] }), viewer({ wallet: B }), null)).toEqual(only('reject'));
    expect(txActionsOf(details({ signers: [A] }), viewer({ wallet: B }), null)).toEqual(only('confirm', 'reject'));
  });
});

function summary(id: string, nonce: number | null, submitted: number, required = 2): TransactionSummary {
  return v.parse(TransactionSummarySchema, {
    id,
    timestamp: 0,
    txStatus: submitted >= required ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS',
    txInfo: { type: 'Custom', to: addr(C), dataSize: '0', value: '0', methodName: null, actionCount: null, isCancellation: false },
    executionInfo: nonce === null ? null : { type: 'MULTISIG', nonce, confirmationsRequired: required, confirmationsSubmitted: submitted },
    safeAppInfo: null,
  });
}

describe('bulkExecutableOf', () => {
  it('takes the fully signed transactions from the next nonce on, in nonce order', () => {
    const queue = [summary('t5', 5, 2), summary('t3', 3, 2), summary('t4', 4, 3), summary('t6', 6, 1)];
    expect(bulkExecutableOf(queue, 3)).toEqual(['t3', 't4', 't5']);
  });

  it('is empty when the next nonce is not fully signed or not queued', () => {
    expect(bulkExecutableOf([summary('t3', 3, 1), summary('t4', 4, 2)], 3)).toEqual([]);
    expect(bulkExecutableOf([summary('t4', 4, 2), summary('t5', 5, 2)], 3)).toEqual([]);
    expect(bulkExecutableOf([], 3)).toEqual([]);
  });

  it('stops at a gap in the nonces', () => {
    expect(bulkExecutableOf([summary('t3', 3, 2), summary('t5', 5, 2)], 3)).toEqual(['t3']);
  });

  it('stops before a conflict: a choice between transactions at one nonce is the user’s', () => {
    expect(bulkExecutableOf([summary('t3', 3, 2), summary('t4a', 4, 2), summary('t4b', 4, 2), summary('t5', 5, 2)], 3)).toEqual(['t3']);
    expect(bulkExecutableOf([summary('t3a', 3, 2), summary('t3b', 3, 1)], 3)).toEqual([]);
  });

  it('ignores transactions without multisig execution info (module transactions)', () => {
    expect(bulkExecutableOf([summary('m', null, 0), summary('t3', 3, 2), summary('t4', 4, 2)], 3)).toEqual(['t3', 't4']);
  });
});

describe('rejectedNoncesOf and Reject', () => {
  const rejection = (id: string, nonce: number): TransactionSummary =>
    v.parse(TransactionSummarySchema, {
      ...summary(id, nonce, 1),
      txInfo: { type: 'Custom', to: addr(SAFE), dataSize: '0', value: '0', methodName: null, actionCount: null, isCancellation: true },
    });

  it('lists the nonces that already hold a rejection', () => {
    expect(rejectedNoncesOf([summary('t3', 3, 1), rejection('r4', 4), summary('t4', 4, 1), rejection('r6', 6)])).toEqual([4, 6]);
    expect(rejectedNoncesOf([summary('t3', 3, 2)])).toEqual([]);
  });

  it('offers no second rejection at a nonce that has one (confirm that one instead)', () => {
    expect(actions(details({ nonce: 4, signers: [] }), viewer({ wallet: B, rejectedNonces: [4] })).reject).toBe(false);
    expect(actions(details({ nonce: 4, signers: [] }), viewer({ wallet: B, rejectedNonces: [5] })).reject).toBe(true);
  });
});

describe('queuedRowActionsOf (the marks and inline buttons of a queue row)', () => {
  const withMissing = (tx: TransactionSummary, missing: string[] | null): TransactionSummary =>
    v.parse(TransactionSummarySchema, { ...tx, executionInfo: { ...tx.executionInfo, missingSigners: missing === null ? null : missing.map(addr) } });

  it('marks "Needs your signature" and offers Confirm to an owner the gateway lists as missing', () => {
    const tx = withMissing(summary('t3', 3, 1), [B, C]);
    expect(queuedRowActionsOf(tx, viewer({ wallet: B }))).toEqual({ needsYourSignature: true, readyToExecute: false, confirm: true, execute: false });
    expect(queuedRowActionsOf(tx, viewer({ wallet: B.toLowerCase() })).needsYourSignature).toBe(true);
    // A has signed; an outsider and no wallet are never asked.
    expect(queuedRowActionsOf(tx, viewer({ wallet: A })).needsYourSignature).toBe(false);
    expect(queuedRowActionsOf(tx, viewer({ wallet: OUTSIDER })).needsYourSignature).toBe(false);
    expect(queuedRowActionsOf(tx, viewer({ wallet: null })).needsYourSignature).toBe(false);
  });

  it('claims nothing about your signature when the summary does not list the missing signers', () => {
    expect(queuedRowActionsOf(withMissing(summary('t3', 3, 1), null), viewer({ wallet: B })).needsYourSignature).toBe(false);
  });

  it('marks "Ready to execute" only at the next nonce, and offers Execute to owners only', () => {
    expect(queuedRowActionsOf(summary('t3', 3, 2), viewer({ wallet: B }))).toEqual({ needsYourSignature: false, readyToExecute: true, confirm: false, execute: true });
    expect(queuedRowActionsOf(summary('t3', 3, 2), viewer({ wallet: OUTSIDER }))).toEqual({ needsYourSignature: false, readyToExecute: true, confirm: false, execute: false });
    expect(queuedRowActionsOf(summary('t4', 4, 2), viewer({ wallet: B })).readyToExecute).toBe(false);
    // A stale row below the Safe's nonce offers nothing.
    expect(queuedRowActionsOf(summary('t2', 2, 2), viewer({ wallet: B })).execute).toBe(false);
  });
});

describe('nextNonceOf', () => {
  const item = (tx: TransactionSummary): TransactionItem => ({ type: 'TRANSACTION', transaction: tx, conflictType: 'None' });
  const next: TransactionItem = { type: 'LABEL', label: 'Next' };
  const queued: TransactionItem = { type: 'LABEL', label: 'Queued' };

  it('takes the queue’s "Next" nonce when Safe info has not caught up with an execution yet', () => {
    // Nonce 4 was just executed: the reloaded queue files nonce 5 under "Next", Safe info still says 4.
    expect(nextNonceOf([next, item(summary('t5', 5, 2)), queued, item(summary('t6', 6, 1))], 4)).toBe(5);
  });

  it('keeps Safe info’s nonce when the queue has no "Next" group or is the older of the two', () => {
    expect(nextNonceOf([queued, item(summary('t6', 6, 1))], 5)).toBe(5);
    expect(nextNonceOf([next, item(summary('t4', 4, 2))], 5)).toBe(5);
    expect(nextNonceOf([], 3)).toBe(3);
  });
});
