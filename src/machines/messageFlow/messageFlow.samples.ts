/**
 * Sample input and events of the messageFlow machine for the registry (QA paths, diagrams, event-log tools):
 * plain JSON, hashes computed once by the real services for a 2-of-3 Safe and the text "Hello Safe" (and typed
 * data for chain 1 and for no chain).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_OWNERS } from '../shared/samples.ts';
import { chainCheckOf, signBlocker } from './messageFlow.setup.ts';
import type { GatewayMessageView, Hex, MessageFlowContext, MessageFlowInput, MessagePreview } from './messageFlow.types.ts';

const owners = SAMPLE_OWNERS;
const safeAddress = '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826';
const innerHash: Hex = '0x29e9c81cc415b1f09f40756e8a502520ad93230e98697c752e0336c742f7629c';
const H: Hex = '0xfff698be09cb0fb9514fc8ba57e72cd03666833678e773220aae81e5ed2930b4';
const signature: Hex = `0x${'12'.repeat(64)}1b`;

const walletTypedDataOf = (inner: Hex): string =>
  JSON.stringify({
    domain: { chainId: 31337, verifyingContract: safeAddress.toLowerCase() },
    message: { message: inner },
    primaryType: 'SafeMessage',
    types: {
      EIP712Domain: [
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      SafeMessage: [{ name: 'message', type: 'bytes' }],
    },
  });

const preview: MessagePreview = {
  content: { kind: 'text', text: 'Hello Safe' },
  chain: { kind: 'text' },
  innerHash,
  safeMessageHash: H,
  domainHash: '0xe1199e8042f48960de4f96ebf84daa44b439057a6bd278f9bb4f5638ea24a2b1',
  structHash: '0x564863c40a4a5053dff235396621fb1e63477a19ad8cc8b79cd17711e2e2c49e',
  walletTypedData: walletTypedDataOf(innerHash),
  blindSigning: false,
};

/** Typed data { Note: text } "Hello Safe" whose domain names chain 1, and one whose domain names no chain (decision 0026). */
const noteTypes = { Note: [{ name: 'text', type: 'string' }] };
const otherChainInner: Hex = '0xa419c2677150c8537717291136e6cd4bbeb93efdd35818b68d9ba80bc24b3fa0';
const previewOtherChain: MessagePreview = {
  content: { kind: 'typed', typedData: { domain: { name: 'Sample', chainId: 1 }, types: noteTypes, primaryType: 'Note', message: { text: 'Hello Safe' } } },
  chain: { kind: 'otherChain', chainId: '1', safeChainId: '31337', reason: 'This message is for chain 1, but this Safe is on chain 31337 — signing is blocked.' },
  innerHash: otherChainInner,
  safeMessageHash: '0xe96d51e8efd264d4878e5aed9e364e00fce64192826606e55b571f4c0e07e00f',
  domainHash: preview.domainHash,
  structHash: '0x3269368cb317177bd1005de37c03fe941c9187154e621d09faffc208c6fc8db9',
  walletTypedData: walletTypedDataOf(otherChainInner),
  blindSigning: false,
};
const anyChainInner: Hex = '0x145c94010e6a95b26f28187d153f042e8d4de9d9bc56441ac53d85e59b54e792';
const previewAnyChain: MessagePreview = {
  content: { kind: 'typed', typedData: { domain: { name: 'Sample' }, types: noteTypes, primaryType: 'Note', message: { text: 'Hello Safe' } } },
  chain: { kind: 'anyChain' },
  innerHash: anyChainInner,
  safeMessageHash: '0x68a44eee7fd5036c4cd4b569aae1d19167174b81f247b4aed2d2f607a52ab0fc',
  domainHash: preview.domainHash,
  structHash: '0xb20672bea6d0c416e9e025a975c793279912e3d090a7453523f85a8e3c10feac',
  walletTypedData: walletTypedDataOf(anyChainInner),
  blindSigning: false,
};

const record = (signers: readonly `0x${string}`[], messageHash: Hex = H): GatewayMessageView => ({
  messageHash,
  status: signers.length >= 2 ? 'CONFIRMED' : 'NEEDS_CONFIRMATION',
  message: 'Hello Safe',
  confirmations: signers.map((owner) => ({ owner, signature })),
  confirmationsRequired: 2,
  confirmationsSubmitted: signers.length,
  preparedSignature: signers.length >= 2 ? `0x${'12'.repeat(64)}1b${'34'.repeat(64)}1c` : null,
  proposedBy: signers[0] ?? owners[0],
  creationTimestamp: 1_700_000_000_000,
  origin: null,
  name: null,
});

export const messageFlowSampleInput: MessageFlowInput = {
  flowId: 'message:sample',
  mode: 'sign',
  safe: { chainId: SAMPLE_CHAIN_ID, chainName: SAMPLE_CHAIN.chainName, address: safeAddress, version: '1.4.1', threshold: 2, owners: [...owners], fallbackHandler: null },
  wallet: { address: owners[0], chainId: SAMPLE_CHAIN_ID },
  offChainSupported: true,
};

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });
const gatewayDown = { name: 'GatewayError', message: 'Gateway unreachable' };

export const messageFlowSampleEvents: AnyEventObject[] = [
  { type: 'user.compose', format: 'text', text: 'Hello Safe' },
  done('computeMessageHash', preview),
  done('computeMessageHash', previewOtherChain),
  done('computeMessageHash', previewAnyChain),
  fail('computeMessageHash', { name: 'Error', message: 'Please specify primaryType' }),
  done('loadMessage', null),
  done('loadMessage', record([owners[0]])),
  done('loadMessage', record([owners[0], owners[1]])),
  done('loadMessage', record([owners[0]], `0x${'ab'.repeat(32)}`)),
  fail('loadMessage', gatewayDown),
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
  fail('requestSignature', { kind: 'other', message: 'Error signing message, please retry!' }),
  // A signer on a device (issue 19): the word after comparing its screen, and its own errors.
  { type: 'user.confirmOnDevice' },
  ...['deviceLocked', 'wrongApp', 'blindSigningDisabled', 'deviceDisconnected', 'noTypedData'].map((kind) => fail('requestSignature', { kind, message: kind })),
  { type: 'wallet.changed', wallet: { address: owners[0], chainId: SAMPLE_CHAIN_ID, device: { kind: 'ledger', name: 'Ledger', display: 'hashes' } } },
  done('createMessage', record([owners[0]])),
  done('createMessage', record([owners[0], owners[1]])),
  done('createMessage', record([owners[0]], `0x${'ab'.repeat(32)}`)),
  fail('createMessage', { name: 'GatewayError', message: '422: Invalid signature' }),
  done('addSignature', record([owners[0], owners[1]])),
  fail('addSignature', { name: 'GatewayError', message: '422: Invalid signature' }),
  done('watchMessage', record([owners[0], owners[1]])),
  fail('watchMessage', gatewayDown),
  done('verifyOnChain', { valid: true, form: 'hash', hashFormResult: '0x1626ba7e', bytesFormResult: null }),
  done('verifyOnChain', { valid: false, form: null, hashFormResult: '0xffffffff', bytesFormResult: null }),
  fail('verifyOnChain', { name: 'Error', message: 'The chain node is unreachable' }),
  done('prepareOnChainSignature', {
    to: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9',
    value: '0',
    data: `0x85a5affe${'0'.repeat(62)}20${'0'.repeat(62)}20${innerHash.slice(2)}`,
    operation: 1,
    library: 'SignMessageLib 1.4.1',
    method: 'signMessage',
    innerHash,
  }),
  fail('prepareOnChainSignature', { name: 'Error', message: 'On-chain message signing is not available for a Safe 1.1.1: no allow-listed SignMessageLib.' }),
  done('checkMessageStatus', null),
  done('checkMessageStatus', record([owners[0]])),
  fail('checkMessageStatus', gatewayDown),
  { type: 'wallet.changed', wallet: { address: owners[1], chainId: SAMPLE_CHAIN_ID } },
  { type: 'wallet.changed', wallet: null },
  { type: 'txFlow.proposed', safeTxHash: `0x${'cd'.repeat(32)}` },
  { type: 'txFlow.cancelled' },
  { type: 'system.recover' },
];

/** Vertex identity for path generation: the state plus what its guards read. */
export function serializeMessageFlowState(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as MessageFlowContext;
  return JSON.stringify([
    snapshot.value,
    signBlocker(c),
    c.preview !== null,
    c.gatewayMessage?.status ?? null,
    c.pendingSignature !== null,
    c.request?.kind ?? null,
    chainCheckOf(c.preview).kind,
    // A signer on a device takes another way to the prompt (issue 19).
    c.wallet?.device !== undefined,
    c.anyChainAcknowledged === true,
  ]);
}
