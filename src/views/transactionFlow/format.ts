/** Small display helpers of the transaction flow views. */
import { draftLabel } from '../../machines/transactionFlow/draft.ts';
import type { CallDraft } from '../../machines/transactionFlow/transactionFlow.types.ts';

export const describeCall = (call: CallDraft): string => draftLabel(call);

export const operationText = (operation: 0 | 1): string => (operation === 0 ? '0 (call)' : '1 (delegate call)');
