/**
 * The named sample values the machines' `*.samples.ts` files and the tests share, written once: the sample
 * chain, the devnet Safe and its owners, and a transaction Safe with its owners, SafeTx, hashes and signature.
 * Pure data. QA paths, model tests and stored event logs depend on these exact values: never change one.
 */
import type { SafeTxJson, TxFlowSafe, TxHashes } from '../transactionFlow/transactionFlow.types.ts';

// ───────────── the chain ─────────────

/** The local devnet (anvil) every sample Safe lives on. */
export const SAMPLE_CHAIN_ID = '31337';
export const SAMPLE_CHAIN = { chainId: SAMPLE_CHAIN_ID, chainName: 'Devnet', shortName: 'dev' } as const;
/** A second chain, for "another chain" cases. */
export const SAMPLE_OTHER_CHAIN = { chainId: '1', chainName: 'Ethereum', shortName: 'eth' } as const;
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** The canonical SafeL2 1.4.1 singleton and its compatibility fallback handler, as the sample Safes report them. */
export const SAMPLE_SAFE_SINGLETON = '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762';
export const SAMPLE_FALLBACK_HANDLER = '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99';

// ───────────── the devnet Safe: addresses anvil gives every fresh devnet ─────────────

/** Anvil's account 0, the devnet's deployer. */
export const DEVNET_DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Anvil's accounts 1 and 2: the devnet Safe's two owners (the first is the connected wallet). */
export const DEVNET_OWNERS = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'] as const;
export const DEVNET_OWNER = DEVNET_OWNERS[0];
/** Anvil's account 3: owns none of the sample Safes. */
export const DEVNET_STRANGER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
/** The first contract the deployer creates: the sample Safe of the load, accounts and account-services flows. */
export const DEVNET_SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** The second contract the deployer creates: a Safe already added, or another owned Safe. */
export const DEVNET_OTHER_SAFE = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

// ───────────── the transaction Safe: placeholder addresses easy to tell apart ─────────────

/** The three owners of the transaction, message and bridge samples (a 2-of-3 Safe). */
export const SAMPLE_OWNERS = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222', '0x3333333333333333333333333333333333333333'] as const;
export const SAMPLE_SAFE_ADDRESS = '0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe';
/** The 2-of-3 Safe 1.4.1 at nonce 3 the transaction flow works on. */
export const SAMPLE_SAFE: TxFlowSafe = {
  chainId: SAMPLE_CHAIN_ID,
  chainName: SAMPLE_CHAIN.chainName,
  address: SAMPLE_SAFE_ADDRESS,
  version: '1.4.1',
  nonce: 3,
  threshold: 2,
  owners: [...SAMPLE_OWNERS],
  modules: [],
  guard: null,
  fallbackHandler: null,
};
/** The address the sample SafeTx calls (a token, in the transfer samples), and the recipient of the sample transfers. */
export const SAMPLE_CALL_TARGET = '0x7070707070707070707070707070707070707070';
export const SAMPLE_RECIPIENT = '0x4444444444444444444444444444444444444444';

/** An ERC-20 `transfer` call (selector only) at the Safe's nonce 3. */
export const SAMPLE_SAFE_TX: SafeTxJson = {
  to: SAMPLE_CALL_TARGET,
  value: '0',
  data: '0xa9059cbb',
  operation: 0,
  safeTxGas: '0',
  baseGas: '0',
  gasPrice: '0',
  gasToken: ZERO_ADDRESS,
  refundReceiver: ZERO_ADDRESS,
  nonce: '3',
};
export const SAMPLE_SAFE_TX_HASH = `0x${'f'.repeat(64)}` as const;
export const SAMPLE_TX_HASHES: TxHashes = { domainHash: `0x${'d'.repeat(64)}`, messageHash: `0x${'e'.repeat(64)}`, safeTxHash: SAMPLE_SAFE_TX_HASH };
/** A 65-byte placeholder signature. */
export const SAMPLE_SIGNATURE = `0x${'ab'.repeat(65)}` as const;

/** A Ledger that signs blind (issue 19): the flows show hashes before its prompt. */
export const SAMPLE_LEDGER = { kind: 'ledger', name: 'Ledger', display: 'hashes' } as const;

/** An execution a device signs, fixed by the app (issue 19); `to` the contract the flow calls. */
export const sampleExecutionPlan = (to: string, data = '0x6a761202') =>
  ({ chainId: Number(SAMPLE_CHAIN_ID), nonce: 7, gas: '120000', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000', to, value: '0', data }) as const;

/**
 * The sample events of the execution-hash step (issue 19, decision 0070) in a flow whose effect `prepare` fixes the
 * plan and `send` sends it: the plan and its failure, the signer's word, a send the device changed, each device error.
 */
export function deviceExecutionSampleEvents(prepare: string, send: string, to: string, sent: Record<string, unknown>): { type: string; [key: string]: unknown }[] {
  return [
    { type: 'user.confirmOnDevice' },
    { type: `xstate.done.actor.${prepare}`, output: sampleExecutionPlan(to) },
    { type: `xstate.error.actor.${prepare}`, error: { kind: 'other', message: 'The execution would fail: GS013' } },
    { type: `xstate.done.actor.${send}`, output: { ...sent, changes: ['max priority fee 1 → 2 gwei'] } },
    ...['deviceLocked', 'wrongApp', 'blindSigningDisabled', 'deviceDisconnected'].map((kind) => ({ type: `xstate.error.actor.${send}`, error: { kind, message: `Your Ledger: ${kind}` } })),
  ];
}
