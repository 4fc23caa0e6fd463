/**
 * Sample input and events of the createSafe machine for the registry (QA paths, diagrams, event-log tools) and
 * its model test: plain JSON (errors as `{ name, message }`, or the `{ kind, message }` failures the machine
 * tells apart; the model test turns the former into `Error` instances, which is what the real effects reject with).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEVNET_DEPLOYER, DEVNET_OWNER, SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_LEDGER, SAMPLE_OTHER_CHAIN, deviceExecutionSampleEvents } from '../shared/samples.ts';
import { DEFAULT_SAFE_CREATION } from '../../domain/safe/create.ts';
import type { CreateSafeContext, CreateSafeForm, CreateSafeInput, CreateSafeSetup, Prediction } from './createSafe.types.ts';

const OWNER_0 = DEVNET_DEPLOYER;
const OWNER_1 = DEVNET_OWNER;
export const CREATE_SAFE_SAMPLE = {
  owners: [OWNER_0, OWNER_1],
  predicted: '0x8DD8266809FC30dC008725653E87e4676840C4AE',
  txHash: `0x${'ab'.repeat(32)}`,
} as const;

const setupData: CreateSafeSetup = {
  chains: [
    { ...SAMPLE_CHAIN },
    { ...SAMPLE_OTHER_CHAIN },
  ],
};
const validForm: CreateSafeForm = {
  name: 'Treasury',
  chainId: SAMPLE_CHAIN_ID,
  owners: [
    { name: 'Alice', address: OWNER_0 },
    { name: '', address: `dev:${OWNER_1.toLowerCase()}` },
  ],
  threshold: 2,
  saltNonce: '',
};
const prediction: Prediction = { address: CREATE_SAFE_SAMPLE.predicted, saltNonce: '0' };

/** The connected wallet (owner 0) on the devnet. */
export const createSafeSampleInput: CreateSafeInput = { wallet: { address: OWNER_0, chainId: SAMPLE_CHAIN_ID } };
/** The same wallet on a Ledger (issue 19, decision 0070): the execution-hash step before the prompt. */
export const createSafeDeviceInput: CreateSafeInput = { wallet: { address: OWNER_0, chainId: SAMPLE_CHAIN_ID, device: SAMPLE_LEDGER } };

const walletError = (kind: string, message: string) => ({ type: 'xstate.error.actor.deploySafe', error: { kind, message } });

export const createSafeSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSetup', output: setupData },
  { type: 'xstate.error.actor.loadSetup', error: { name: 'Error', message: 'Gateway unreachable at http://gateway.test' } },
  { type: 'user.retry' },
  { type: 'user.submit', form: validForm },
  // a half-typed draft: a second signer's address cut short, a third row still empty
  { type: 'user.editDraft', form: { ...validForm, owners: [validForm.owners[0]!, { name: 'Bob', address: '0x7099' }, { name: '', address: '' }] } },
  { type: 'user.discard' },
  // a name that is too long, a duplicate signer, a bad checksum and a salt nonce that is not a number
  {
    type: 'user.submit',
    form: {
      name: `Operations reserve for the ${'very '.repeat(6)}long term`,
      chainId: SAMPLE_CHAIN_ID,
      owners: [
        { name: '', address: OWNER_0 },
        { name: '', address: OWNER_0.toLowerCase() },
        { name: '', address: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      ],
      threshold: 3,
      saltNonce: '-1',
    },
  },
  { type: 'system.walletChanged', wallet: null },
  { type: 'system.walletChanged', wallet: { address: OWNER_1, chainId: SAMPLE_CHAIN_ID } },
  { type: 'xstate.done.actor.predictSafe', output: prediction },
  { type: 'xstate.error.actor.predictSafe', error: { kind: 'alreadyDeployed', message: 'The Safe is already deployed.' } },
  { type: 'xstate.error.actor.predictSafe', error: { name: 'Error', message: 'RPC unreachable' } },
  { type: 'user.back' },
  { type: 'user.deploy' },
  { type: 'xstate.done.actor.deploySafe', output: { txHash: CREATE_SAFE_SAMPLE.txHash } },
  walletError('rejected', 'User rejected the transaction.'),
  walletError('wrongChain', 'You are trying to sign or execute a transaction on Devnet. Make sure that your wallet is set to the same network.'),
  walletError('disconnected', 'No wallet is connected.'),
  walletError('insufficientFunds', "Your connected wallet doesn't have enough funds to execute this transaction."),
  walletError('other', 'Error submitting the transaction. Please try again. nonce too low'),
  ...deviceExecutionSampleEvents('prepareDeployment', 'deploySafe', DEFAULT_SAFE_CREATION.proxyFactory, { txHash: CREATE_SAFE_SAMPLE.txHash }),
  { type: 'system.recover' },
  { type: 'xstate.done.actor.checkDeployment', output: { deployed: true } },
  { type: 'xstate.done.actor.checkDeployment', output: { deployed: false } },
  { type: 'xstate.error.actor.checkDeployment', error: { name: 'Error', message: 'RPC unreachable' } },
  { type: 'user.check' },
  { type: 'xstate.done.actor.waitForDeployment', output: { status: 'SUCCESS', txHash: CREATE_SAFE_SAMPLE.txHash } },
  { type: 'xstate.done.actor.waitForDeployment', output: { status: 'FAILED', txHash: CREATE_SAFE_SAMPLE.txHash } },
  { type: 'xstate.error.actor.waitForDeployment', error: { name: 'Error', message: 'Timed out waiting for the receipt' } },
];

/** Vertex identity for path generation: the state, and whether the form has errors or an effect failed. */
export function serializeCreateSafeState(s: AnyMachineSnapshot): string {
  const c = s.context as CreateSafeContext;
  return JSON.stringify([s.value, c.errors !== null, c.error !== null, c.wallet?.address ?? null, c.form.owners.length, c.wallet?.device !== undefined, c.execution !== undefined]);
}
