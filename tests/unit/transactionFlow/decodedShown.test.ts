/**
 * Decision 0023: the signing screen and the details page show the gateway's decoded call only as verified against
 * the bytes hashed here — never a tuple decoding taken on trust (finding F1), never "Batch calls" the bytes do not
 * hold.
 */
import { describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, parseAbi, type Hex } from 'viem';
import type { TxFlowSafe } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import type { GatewayClient } from '../../../src/services/gateway/client.ts';
import type { DataDecoded, TransactionDetails } from '../../../src/domain/gateway/types.ts';
import { checkTxDetails } from '../../../src/services/safeSession.hashes.ts';
import { safeTxHash } from '../../../src/domain/safe/hashing.ts';
import { createTransactionFlowEffects, crossCheckView } from '../../../src/services/transactionFlow/transactionFlow.ts';
import { safeContextOf, toSafeTxJson } from '../../../src/services/transactionFlow/convert.ts';
import type { SafeTx } from '../../../src/domain/safe/types.ts';
import { DEVNET_OWNER, SAMPLE_CALL_TARGET, SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_RECIPIENT, SAMPLE_SAFE_ADDRESS, ZERO_ADDRESS } from '../../../src/machines/shared/samples.ts';

const safe: TxFlowSafe = {
  chainId: SAMPLE_CHAIN_ID, chainName: SAMPLE_CHAIN.chainName, address: getAddress(SAMPLE_SAFE_ADDRESS), version: '1.4.1', nonce: 4, threshold: 1,
  owners: [DEVNET_OWNER], modules: [], guard: null, fallbackHandler: null,
};
const TARGET = getAddress(SAMPLE_CALL_TARGET);
const A = getAddress(SAMPLE_RECIPIENT);
const ATTACKER = getAddress('0xbdd077f651ebe7f7b3ce16fe5f2b025be2969516');

const abi = parseAbi(['function submit((address to, uint256 amount) order, bytes32 ref)', 'function exec(bytes data)']);
const REF = `0x${'ab'.repeat(32)}` as Hex;
const data = encodeFunctionData({ abi, functionName: 'submit', args: [{ to: A, amount: 5n }, REF] });
const tx: SafeTx = {
  to: TARGET, value: 0n, data, operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n,
  gasToken: ZERO_ADDRESS, refundReceiver: ZERO_ADDRESS, nonce: 4n,
};

const honest: DataDecoded = {
  method: 'submit',
  parameters: [
    { name: 'order', type: 'tuple', value: [A, '5'] },
    { name: 'ref', type: 'bytes32', value: REF },
  ],
};
/** What F1 let through: a tuple parameter switched every check off, so any method, values and batch were shown. */
const invented: DataDecoded = {
  method: 'safeTransfer',
  parameters: [
    {
      name: 'order',
      type: 'tuple',
      value: [A, '5'],
      valueDecoded: [{ operation: 0, to: A, value: '0', data: null }],
    },
    { name: 'ref', type: 'bytes32', value: REF },
  ],
};

function gatewayAnswering(dataDecoded: DataDecoded, details?: TransactionDetails): GatewayClient {
  const fake = {
    getDecodedData: async () => dataDecoded,
    getConfirmationView: async () => ({ type: 'GENERIC' as const }),
    getTransactionDetails: async () => details,
  };
  return fake as unknown as GatewayClient;
}

const effects = (gateway: GatewayClient) =>
  createTransactionFlowEffects({
    gateway,
    // No chain here: token metadata and on-chain confirmation reads fail, which the effects report, not hide.
    chain: {
      waitForTransactionReceipt: async () => { throw new Error('unused'); },
      readContract: async () => { throw new Error('no chain in this test'); },
      call: async () => { throw new Error('no chain in this test'); },
    },
    wallet: () => null,
  });

function detailsOf(dataDecoded: DataDecoded): TransactionDetails {
  const hash = safeTxHash(safeContextOf(safe), tx);
  const info = (value: string) => ({ value, name: null, logoUri: null });
  return {
    safeAddress: safe.address,
    txId: `multisig_${safe.address}_${hash}`,
    executedAt: null,
    txStatus: 'AWAITING_CONFIRMATIONS',
    txInfo: { type: 'Custom', humanDescription: null, to: info(TARGET), dataSize: String((data.length - 2) / 2), value: '0', methodName: dataDecoded.method, actionCount: null, isCancellation: false },
    txData: { hexData: data, dataDecoded, to: info(TARGET), value: '0', operation: 0, trustedDelegateCallTarget: null, addressInfoIndex: null },
    txHash: null,
    detailedExecutionInfo: {
      type: 'MULTISIG', submittedAt: 1, nonce: 4, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: tx.gasToken, refundReceiver: info(tx.refundReceiver),
      safeTxHash: hash, executor: null, signers: [], confirmationsRequired: 1, confirmations: [], rejectors: [], gasTokenInfo: null, trusted: true, proposer: null, proposedByDelegate: null,
    },
    safeAppInfo: null,
    note: null,
  } as TransactionDetails;
}

describe('the review step shows a decoding only once verified', () => {
  it('a new transaction: a verified tuple decoding is shown; an invented one (method, batch) is not', async () => {
    const shown = await effects(gatewayAnswering(honest)).decodeTx({ safe, safeTx: toSafeTxJson(tx) });
    expect(shown.decoded).toEqual({ method: 'submit', parameters: [{ name: 'order', type: 'tuple', value: JSON.stringify([A, '5']) }, { name: 'ref', type: 'bytes32', value: REF }] });
    expect(shown.summary).toBe('submit');

    const lied = await effects(gatewayAnswering(invented)).decodeTx({ safe, safeTx: toSafeTxJson(tx) });
    expect(lied.decoded).toBeNull();
    expect(lied.innerCalls).toEqual([]);
    expect(lied.summary).toBe('Unknown call');
    // The raw answer is kept for the cross-check, which does not let it pass silently either.
    expect(lied.raw.dataDecoded).toEqual(invented);
  });

  it('a queued transaction: the same, from the transaction details', async () => {
    const loaded = await effects(gatewayAnswering(honest, detailsOf(honest))).loadTx({ safe, txId: 'x' });
    expect(loaded.gatewayView.decoded?.method).toBe('submit');
    const lied = await effects(gatewayAnswering(invented, detailsOf(invented))).loadTx({ safe, txId: 'x' });
    expect(lied.gatewayView.decoded).toBeNull();
    expect(lied.gatewayView.innerCalls).toEqual([]);
  });

  it('a tuple decoding with other values than the bytes blocks signing', () => {
    const lying: DataDecoded = { ...honest, parameters: [{ name: 'order', type: 'tuple', value: [ATTACKER, '5'] }, honest.parameters![1]!] };
    const view = { decoded: null, innerCalls: [], stored: null, summary: '', raw: { details: null, dataDecoded: lying, confirmationView: null } };
    expect(crossCheckView(safe, toSafeTxJson(tx), view)).toEqual([
      `The gateway reports dataDecoded.parameters = ${ATTACKER.toLowerCase()} at parameter 0.0, but the transaction built here has ${A.toLowerCase()} at parameter 0.0.`,
    ]);
  });
});

describe('the details page shows a decoding only once verified', () => {
  const req = (details: TransactionDetails) => ({ chainId: safe.chainId, safeAddress: safe.address, version: safe.version, details });

  it('keeps a verified decoding and drops an invented one', async () => {
    expect((await checkTxDetails(req(detailsOf(honest)))).decodedData).toEqual(honest);
    expect((await checkTxDetails(req(detailsOf(invented)))).decodedData).toBeNull();
  });

  it('a call decoded inside bytes is checked against those bytes too', async () => {
    const inner = encodeFunctionData({ abi, functionName: 'submit', args: [{ to: A, amount: 5n }, REF] });
    const outer = encodeFunctionData({ abi, functionName: 'exec', args: [inner] });
    const details = detailsOf(honest);
    details.txData!.hexData = outer;
    details.txData!.dataDecoded = { method: 'exec', parameters: [{ name: 'data', type: 'bytes', value: inner, valueDecoded: { ...honest, method: 'drain' } }] };
    const check = await checkTxDetails(req(details));
    expect(check.decodedData).toEqual({ method: 'exec', parameters: [{ name: 'data', type: 'bytes', value: inner }] });
  });
});
