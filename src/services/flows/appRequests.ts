/**
 * Safe Apps hand their requests to the app's flows: `sendTransactions` opens a transaction flow with the app's
 * calls as a handed-over draft (never a DELEGATECALL: an app's call is always operation 0), `signMessage` /
 * `signTypedMessage` open a message flow. The bridge request waits for the flow's result; closing the app or
 * refusing in the prompt aborts the request, which cancels the flow.
 */
import type {
  AppTx,
  MessageFlowInput as AppMessageRequest,
  MessageFlowOutput as AppMessageResult,
  TransactionFlowInput as AppTxRequest,
  TransactionFlowOutput as AppTxResult,
} from '../../machines/bridgeRequest/bridgeRequest.types.ts';
import type { MessageFlowOutput, MessageToSign, TypedDataJson } from '../../machines/messageFlow/messageFlow.types.ts';
import type { FlowEntry, FlowRequest } from '../../machines/shared/flows.ts';
import type { CallDraft, TxDraft, TxFlowOutput } from '../../machines/transactionFlow/transactionFlow.types.ts';
import type { FlowHost } from './flowHost.ts';

/** The draft of an app's `sendTransactions`: one call as it is, several as a MultiSendCallOnly batch. */
export function draftOfAppTxs(txs: readonly AppTx[], origin: string): TxDraft {
  const calls: CallDraft[] = txs.map((tx) => ({ kind: 'rawCall', to: tx.to, value: tx.value, data: tx.data, operation: 0, origin }));
  return calls.length === 1 ? calls[0]! : { kind: 'batch', calls };
}

export function messageOfAppRequest(request: AppMessageRequest): MessageToSign {
  return request.message.kind === 'text'
    ? { kind: 'text', message: request.message.message }
    : { kind: 'typed', typedData: request.message.typedData as unknown as TypedDataJson, primaryType: request.message.primaryType };
}

async function runFlow<T>(flows: FlowHost, request: FlowRequest, signal: AbortSignal): Promise<T | undefined> {
  const entry: FlowEntry = flows.open(request);
  const cancel = () => entry.actor.send({ type: 'user.cancel' });
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  try {
    return (await flows.whenSettled(entry)) as T | undefined;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

export async function startAppTransactionFlow(flows: FlowHost, input: AppTxRequest, signal: AbortSignal): Promise<AppTxResult> {
  const output = await runFlow<TxFlowOutput>(flows, { kind: 'transaction', mode: 'create', initialDraft: draftOfAppTxs(input.txs, input.appOrigin) }, signal);
  return output?.safeTxHash && output.outcome !== 'cancelled' ? { status: 'proposed', safeTxHash: output.safeTxHash } : { status: 'rejected' };
}

export async function startAppMessageFlow(flows: FlowHost, input: AppMessageRequest, signal: AbortSignal): Promise<AppMessageResult> {
  const output = await runFlow<MessageFlowOutput>(
    flows,
    { kind: 'message', mode: 'sign', message: messageOfAppRequest(input), signing: input.signing, origin: JSON.stringify({ url: input.appOrigin, name: input.appOrigin }) },
    signal,
  );
  if (!output || output.status === 'rejected') return { status: 'rejected' };
  return output;
}
