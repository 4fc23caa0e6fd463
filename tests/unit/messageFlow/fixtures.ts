/**
 * Sample data of the messageFlow tests: a 2-of-3 Safe, a real preview (hashed by the real services), gateway
 * records in every shape the flow reacts to, and the event samples the model-based test explores.
 */
import type { AnyEventObject } from 'xstate';
import type { GatewayMessageView, Hex, MessageFlowInput, MessageFlowSafe, OnChainSignatureRequest } from '../../../src/machines/messageFlow/messageFlow.types.ts';
import { createMessageFlowEffects, previewOf } from '../../../src/services/messageFlow.ts';
import { SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_FALLBACK_HANDLER, SAMPLE_OWNERS } from '../../../src/machines/shared/samples.ts';

export const owners = SAMPLE_OWNERS;
export const nonOwner = '0x4444444444444444444444444444444444444444' as const;

export const safe: MessageFlowSafe = {
  chainId: SAMPLE_CHAIN_ID,
  chainName: SAMPLE_CHAIN.chainName,
  address: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
  version: '1.4.1',
  threshold: 2,
  owners: [...owners],
  fallbackHandler: SAMPLE_FALLBACK_HANDLER,
};

export const TEXT = 'Hello Safe';
export const preview = previewOf(safe, { kind: 'text', message: TEXT });
export const H = preview.safeMessageHash;
/** A message stored under H whose content hashes to something else. */
export const previewOther = previewOf(safe, { kind: 'text', message: 'Something else' });
export const T: Hex = `0x${'ab'.repeat(32)}`;

/** An ERC-2612 Permit as a Safe app would send it; `chainId` undefined = a domain naming no chain (decision 0026). */
export function permit(chainId?: number | string) {
  return {
    domain: { name: 'Devnet Token', version: '1', ...(chainId !== undefined ? { chainId } : {}), verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { owner: safe.address, spender: '0x4444444444444444444444444444444444444444', value: '1000000000000000000', nonce: '0', deadline: '4102444800' },
  };
}
/** Typed data for chain 1 while the Safe is on 31337: blocked. */
export const previewOtherChain = previewOf(safe, { kind: 'typed', typedData: permit(1) });
/** Typed data naming no chain: signed only after the acknowledgement. */
export const previewAnyChain = previewOf(safe, { kind: 'typed', typedData: permit() });
/** Typed data for the Safe's own chain. */
export const previewSameChain = previewOf(safe, { kind: 'typed', typedData: permit(31337) });
export const OTHER_CHAIN_TEXT = 'This message is for chain 1, but this Safe is on chain 31337 — signing is blocked.';
export const signature: Hex = `0x${'12'.repeat(64)}1b`;
export const prepared: Hex = `0x${'12'.repeat(64)}1b${'34'.repeat(64)}1c`;
export const safeTxHash: Hex = `0x${'cd'.repeat(32)}`;

const wallet = (address: `0x${string}`) => ({ address, chainId: '31337' });

const record = (confirmations: `0x${string}`[], overrides: Partial<GatewayMessageView> = {}): GatewayMessageView => ({
  messageHash: H,
  status: confirmations.length >= 2 ? 'CONFIRMED' : 'NEEDS_CONFIRMATION',
  message: TEXT,
  confirmations: confirmations.map((owner) => ({ owner, signature })),
  confirmationsRequired: 2,
  confirmationsSubmitted: confirmations.length,
  preparedSignature: confirmations.length >= 2 ? prepared : null,
  proposedBy: confirmations[0] ?? owners[0],
  creationTimestamp: 1_700_000_000_000,
  origin: null,
  name: null,
  ...overrides,
});

export const messages = {
  /** Proposed by owner 2, needs one more. */
  needs: record([owners[1]]),
  /** Signed by owner 1 (the wallet in most scenarios). */
  signedByUs: record([owners[0]]),
  confirmed: record([owners[0], owners[1]]),
  tampered: record([owners[0]], { messageHash: T }),
  /** A stored Permit for chain 1, signed by owner 2 (someone proposed it through the gateway). */
  otherChain: record([owners[1]], { messageHash: previewOtherChain.safeMessageHash, message: previewOtherChain.content.kind === 'typed' ? previewOtherChain.content.typedData : '' }),
  /** A stored Permit naming no chain, signed by owner 1 (the wallet). */
  anyChainSignedByUs: record([owners[0]], { messageHash: previewAnyChain.safeMessageHash, message: previewAnyChain.content.kind === 'typed' ? previewAnyChain.content.typedData : '' }),
  /** A stored Permit naming no chain, signed by owner 2. */
  anyChain: record([owners[1]], { messageHash: previewAnyChain.safeMessageHash, message: previewAnyChain.content.kind === 'typed' ? previewAnyChain.content.typedData : '' }),
};

export const onChainRequest: OnChainSignatureRequest = await createMessageFlowEffects({
  gateway: null as never,
  chain: null as never,
  wallet: () => null,
}).prepareOnChainSignature({ safe, innerHash: preview.innerHash });

export const composeInput: MessageFlowInput = { flowId: 'message-model-compose', mode: 'sign', safe, wallet: wallet(owners[0]), offChainSupported: true };
export const confirmInput: MessageFlowInput = { flowId: 'message-model-confirm', mode: 'confirm', safe, wallet: wallet(owners[0]), messageHash: H, offChainSupported: true };
export const onChainInput: MessageFlowInput = {
  flowId: 'message-model-onchain',
  mode: 'sign',
  safe,
  wallet: wallet(owners[0]),
  message: { kind: 'text', message: TEXT },
  signing: 'onChain',
  offChainSupported: true,
  origin: '{"url":"https://app.example","name":"Example"}',
};

/** Confirming, from the list, a stored message for another chain / naming no chain. */
export const confirmOtherChainInput: MessageFlowInput = { ...confirmInput, flowId: 'message-model-confirm-other-chain', messageHash: previewOtherChain.safeMessageHash };
export const confirmAnyChainInput: MessageFlowInput = { ...confirmInput, flowId: 'message-model-confirm-any-chain', messageHash: previewAnyChain.safeMessageHash };
/** A Safe app's signTypedMessage, off chain. */
export const appTypedInput = (typedData: ReturnType<typeof permit>, signing: 'offChain' | 'onChain' = 'offChain'): MessageFlowInput => ({
  flowId: `message-model-app-${signing}`,
  mode: 'sign',
  safe,
  wallet: wallet(owners[0]),
  message: { kind: 'typed', typedData, primaryType: typedData.primaryType },
  signing,
  offChainSupported: true,
  origin: '{"url":"https://app.example","name":"Example"}',
});

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const events: AnyEventObject[] = [
  { type: 'user.compose', format: 'text', text: TEXT },
  done('computeMessageHash', preview),
  done('computeMessageHash', previewOther),
  done('computeMessageHash', previewOtherChain),
  done('computeMessageHash', previewAnyChain),
  fail('computeMessageHash', { name: 'Error', message: 'Please specify primaryType' }),
  done('loadMessage', null),
  done('loadMessage', messages.needs),
  done('loadMessage', messages.signedByUs),
  done('loadMessage', messages.confirmed),
  done('loadMessage', messages.tampered),
  fail('loadMessage', { name: 'GatewayError', message: 'Gateway unreachable' }),
  { type: 'user.sign' },
  { type: 'user.acknowledgeAnyChain', acknowledged: true },
  { type: 'user.acknowledgeAnyChain', acknowledged: false },
  { type: 'user.signOnChain' },
  { type: 'user.confirmOnChain' },
  { type: 'user.back' },
  { type: 'user.retry' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  done('requestSignature', { signer: owners[0], signature }),
  fail('requestSignature', { kind: 'rejected', message: 'User rejected signing.' }),
  fail('requestSignature', { kind: 'wrongChain', message: 'You are trying to sign a message on Devnet. Make sure that your wallet is set to the same network.' }),
  fail('requestSignature', { kind: 'disconnected', message: 'No wallet is connected.' }),
  fail('requestSignature', { kind: 'notOwner', message: "You are currently not a signer of this Safe account and won't be able to confirm this message." }),
  fail('requestSignature', { kind: 'other', message: 'Error signing message, please retry! The wallet returned an invalid signature.' }),
  done('createMessage', messages.signedByUs),
  done('createMessage', messages.confirmed),
  done('createMessage', messages.tampered),
  fail('createMessage', { name: 'GatewayError', message: '422: Invalid signature' }),
  done('addSignature', messages.confirmed),
  // A Safe whose threshold rose meanwhile: still needs confirmations after this signature.
  done('addSignature', messages.signedByUs),
  done('addSignature', messages.tampered),
  fail('addSignature', { name: 'GatewayError', message: '400: Signature for owner already exists' }),
  done('watchMessage', messages.signedByUs),
  done('watchMessage', messages.confirmed),
  done('watchMessage', messages.tampered),
  fail('watchMessage', { name: 'GatewayError', message: 'Gateway unreachable' }),
  done('verifyOnChain', { valid: true, form: 'hash', hashFormResult: '0x1626ba7e', bytesFormResult: null }),
  done('verifyOnChain', { valid: false, form: null, hashFormResult: '0xffffffff', bytesFormResult: null }),
  fail('verifyOnChain', { name: 'Error', message: 'The chain node is unreachable' }),
  done('prepareOnChainSignature', onChainRequest),
  fail('prepareOnChainSignature', { name: 'Error', message: 'On-chain message signing is not available for a Safe 1.1.1: no allow-listed SignMessageLib.' }),
  done('checkMessageStatus', null),
  done('checkMessageStatus', messages.signedByUs),
  done('checkMessageStatus', messages.confirmed),
  done('checkMessageStatus', messages.tampered),
  fail('checkMessageStatus', { name: 'GatewayError', message: 'Gateway unreachable' }),
  { type: 'wallet.changed', wallet: null },
  { type: 'wallet.changed', wallet: wallet(owners[1]) },
  { type: 'wallet.changed', wallet: wallet(nonOwner) },
  { type: 'txFlow.proposed', safeTxHash },
  { type: 'txFlow.cancelled' },
  { type: 'system.recover' },
];
