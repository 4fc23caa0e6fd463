/**
 * Synthetic gateway queue pages (protocol.md B.7.5) for the queue benchmark, built from a real TRANSACTION item
 * of the devnet gateway so every field has its real shape: `LABEL Next`, the transaction at the Safe's nonce,
 * `LABEL Queued`, then one transaction per following nonce (no conflicts), all on one page.
 */

export interface QueuePage {
  count: number;
  next: null;
  previous: null;
  results: unknown[];
}

interface TransactionItem {
  type: 'TRANSACTION';
  conflictType: string;
  transaction: { id: string; timestamp: number; executionInfo: { type: string; nonce: number } | null; [key: string]: unknown };
}

function isMultisigItem(item: unknown): item is TransactionItem {
  const i = item as Partial<TransactionItem> | null;
  return i?.type === 'TRANSACTION' && i.transaction?.executionInfo?.type === 'MULTISIG';
}

/** The first multisig TRANSACTION item of a real queue page, to copy. */
export function templateItem(page: { results: readonly unknown[] }): TransactionItem {
  const item = page.results.find(isMultisigItem);
  if (!item) throw new Error('the queue page holds no multisig transaction to use as a template');
  return item;
}

const hash = (index: number): string => `0x${(index + 1).toString(16).padStart(64, '0')}`;

/** A queue of `transactions` items starting at `safeNonce`, one page. */
export function syntheticQueue(template: TransactionItem, safeAddress: string, safeNonce: number, transactions: number): QueuePage {
  const results: unknown[] = [];
  for (let i = 0; i < transactions; i++) {
    if (i === 0) results.push({ type: 'LABEL', label: 'Next' });
    if (i === 1) results.push({ type: 'LABEL', label: 'Queued' });
    const item = structuredClone(template);
    item.conflictType = 'None';
    item.transaction.id = `multisig_${safeAddress}_${hash(i)}`;
    item.transaction.timestamp = template.transaction.timestamp + i * 60_000;
    item.transaction.executionInfo = { ...item.transaction.executionInfo!, nonce: safeNonce + i };
    results.push(item);
  }
  return { count: results.length, next: null, previous: null, results };
}
