import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeFunctionData, getAddress, size, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { TransactionDetails } from '../../../../src/domain/gateway/types.ts';
import {
  buildSafeTx,
  crossCheckConfirmations,
  crossCheckConfirmationView,
  crossCheckDecodedData,
  crossCheckTransaction,
  encodeMultiSendCall,
  erc20Abi,
  safeTxHash,
  type SafeTx,
} from '../../../../src/domain/safe/index.ts';

const SAFE: Address = '0x1234567890123456789012345678901234567890';
const TOKEN: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const ctx = { chainId: 31337, safeAddress: SAFE, version: '1.4.1' };
const info = (value: string) => ({ value, name: null, logoUri: null });

const local: SafeTx = buildSafeTx({ kind: 'erc20Transfer', token: TOKEN, to: RECIPIENT, amount: 5000n }, { safeAddress: SAFE, version: '1.4.1', nonce: 12n });

/** What an honest gateway returns for `local`. */
function honestDetails(tx: SafeTx): TransactionDetails {
  const hash = safeTxHash(ctx, tx);
  return {
    safeAddress: SAFE,
    txId: `multisig_${SAFE}_${hash}`,
    executedAt: null,
    txStatus: 'AWAITING_CONFIRMATIONS',
    txInfo: {
      type: 'Transfer',
      humanDescription: null,
      sender: info(SAFE),
      recipient: info(RECIPIENT),
      direction: 'OUTGOING',
      transferInfo: { type: 'ERC20', tokenAddress: TOKEN, value: '5000', tokenName: 'T', tokenSymbol: 'T', logoUri: null, decimals: 18, trusted: true, imitation: false },
    },
    txData: {
      hexData: tx.data,
      dataDecoded: {
        method: 'transfer',
        parameters: [
          { name: 'to', type: 'address', value: RECIPIENT },
          { name: 'value', type: 'uint256', value: '5000' },
        ],
      },
      to: info(tx.to),
      value: tx.value.toString(),
      operation: tx.operation,
      trustedDelegateCallTarget: null,
      addressInfoIndex: null,
    },
    txHash: null,
    detailedExecutionInfo: {
      type: 'MULTISIG',
      submittedAt: 1,
      nonce: Number(tx.nonce),
      safeTxGas: tx.safeTxGas.toString(),
      baseGas: tx.baseGas.toString(),
      gasPrice: tx.gasPrice.toString(),
      gasToken: tx.gasToken,
      refundReceiver: info(tx.refundReceiver),
      safeTxHash: hash,
      executor: null,
      signers: [],
      confirmationsRequired: 1,
      confirmations: [],
      rejectors: [],
      gasTokenInfo: null,
      trusted: true,
      proposer: null,
      proposedByDelegate: null,
    },
    safeAppInfo: null,
    note: null,
  };
}

type Mutation = [field: string, mutate: (d: TransactionDetails) => void];
const data = (d: TransactionDetails) => d.txData!;
const exec = (d: TransactionDetails) => d.detailedExecutionInfo as Extract<TransactionDetails['detailedExecutionInfo'], { type: 'MULTISIG' }>;

const mutations: Mutation[] = [
  ['txData.to', (d) => (data(d).to = info(OTHER))],
  ['txData.value', (d) => (data(d).value = '1')],
  ['txData.hexData', (d) => (data(d).hexData = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, 5000n] }))],
  ['txData.operation', (d) => (data(d).operation = 1)],
  ['detailedExecutionInfo.nonce', (d) => (exec(d).nonce = 13)],
  ['detailedExecutionInfo.safeTxGas', (d) => (exec(d).safeTxGas = '1')],
  ['detailedExecutionInfo.baseGas', (d) => (exec(d).baseGas = '1')],
  ['detailedExecutionInfo.gasPrice', (d) => (exec(d).gasPrice = '1')],
  ['detailedExecutionInfo.gasToken', (d) => (exec(d).gasToken = TOKEN)],
  ['detailedExecutionInfo.refundReceiver', (d) => (exec(d).refundReceiver = info(OTHER))],
  ['detailedExecutionInfo.safeTxHash', (d) => (exec(d).safeTxHash = `0x${'11'.repeat(32)}`)],
];

describe('crossCheckTransaction', () => {
  it('an honest gateway response matches', () => {
    expect(crossCheckTransaction(local, honestDetails(local), ctx)).toEqual({ ok: true, mismatches: [], unverified: [] });
  });

  it.each(mutations)('a changed %s is reported', (field, mutate) => {
    const details = honestDetails(local);
    mutate(details);
    const result = crossCheckTransaction(local, details, ctx);
    expect(result.ok).toBe(false);
    expect(result.mismatches.map((m) => m.field)).toContain(field);
  });

  it('reports the local and the gateway value', () => {
    const details = honestDetails(local);
    exec(details).nonce = 99;
    expect(crossCheckTransaction(local, details, ctx).mismatches).toEqual([{ field: 'detailedExecutionInfo.nonce', local: '12', gateway: '99' }]);
  });

  it('a gateway that consistently describes another transaction (and its own hash) is caught', () => {
    const forged = buildSafeTx({ kind: 'erc20Transfer', token: TOKEN, to: OTHER, amount: 5000n }, { safeAddress: SAFE, version: '1.4.1', nonce: 12n });
    const fields = crossCheckTransaction(local, honestDetails(forged), ctx).mismatches.map((m) => m.field);
    expect(fields).toEqual(['txData.hexData', 'detailedExecutionInfo.safeTxHash', 'txId.safeTxHash']);
  });

  it('a preview that lies while the raw fields are honest is caught (decoded data and txInfo)', () => {
    const details = honestDetails(local);
    data(details).dataDecoded!.parameters![0]!.value = OTHER;
    const summary = details.txInfo;
    if (summary.type === 'Transfer') summary.recipient = info(OTHER);
    const fields = crossCheckTransaction(local, details, ctx).mismatches.map((m) => m.field);
    expect(fields).toEqual(['txData.dataDecoded.parameters', 'txInfo.recipient']);
  });

  it('a transfer summary over a DELEGATECALL or a token call carrying native value is caught, field by field', () => {
    const delegate: SafeTx = { ...local, operation: 1 };
    expect(crossCheckTransaction(delegate, honestDetails(delegate), ctx).mismatches).toEqual([
      { field: 'txInfo.type', local: 'operation 1 (DELEGATECALL)', gateway: 'ERC20 transfer' },
    ]);
    const withValue = { ...local, value: 7n };
    expect(crossCheckTransaction(withValue, honestDetails(withValue), ctx).mismatches).toEqual([{ field: 'txInfo.type', local: 'call with value 7', gateway: 'ERC20 transfer' }]);
  });

  it('a transaction of another Safe is caught', () => {
    const details = honestDetails(local);
    details.safeAddress = OTHER;
    expect(crossCheckTransaction(local, details, ctx).mismatches.map((m) => m.field)).toEqual(['safeAddress']);
  });

  it('missing txData or module execution info are mismatches', () => {
    const details = honestDetails(local);
    details.txData = null;
    details.detailedExecutionInfo = { type: 'MODULE', address: info(OTHER) };
    const fields = crossCheckTransaction(local, details, ctx).mismatches.map((m) => m.field);
    expect(fields).toEqual(expect.arrayContaining(['txData', 'detailedExecutionInfo.type']));
  });
});

describe('crossCheckDecodedData', () => {
  it('checks every inner transaction of a MultiSend preview', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 1n] });
    const inner = [
      { operation: 0 as const, to: TOKEN, value: 0n, data: transfer },
      { operation: 0 as const, to: RECIPIENT, value: 7n, data: '0x' as const },
    ];
    const calldata = encodeMultiSendCall(inner);
    const decoded = {
      method: 'multiSend',
      parameters: [
        {
          name: 'transactions',
          type: 'bytes',
          value: `0x${calldata.slice(138, 138 + Number(BigInt(`0x${calldata.slice(74, 138)}`)) * 2)}`,
          valueDecoded: [
            {
              operation: 0 as const,
              to: TOKEN,
              value: '0',
              data: transfer,
              dataDecoded: { method: 'transfer', parameters: [{ name: 'to', type: 'address', value: RECIPIENT }, { name: 'value', type: 'uint256', value: '1' }] },
            },
            { operation: 0 as const, to: RECIPIENT, value: '7', data: null },
          ],
        },
      ],
    };
    expect(crossCheckDecodedData(calldata, decoded)).toEqual({ ok: true, mismatches: [], unverified: [], verified: true, decoded });

    const lying = structuredClone(decoded);
    lying.parameters[0]!.valueDecoded[1]!.operation = 1 as 0;
    lying.parameters[0]!.valueDecoded[0]!.dataDecoded!.parameters[1]!.value = '1000';
    expect(crossCheckDecodedData(calldata, lying).mismatches.map((m) => m.field)).toEqual([
      'dataDecoded.parameters.0.valueDecoded.0.dataDecoded.parameters',
      'dataDecoded.parameters.0.valueDecoded.1.operation',
    ]);
  });

  it('a method name that does not match the selector is a mismatch; a tuple decoding that fits no typing is not shown', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 1n] });
    const r = crossCheckDecodedData(transfer, { method: 'approve', parameters: [{ name: 's', type: 'address', value: RECIPIENT }, { name: 'v', type: 'uint256', value: '1' }] });
    expect(r.mismatches.map((m) => m.field)).toEqual(['dataDecoded.method']);
    expect(r).toMatchObject({ verified: false, decoded: null });
    const t = crossCheckDecodedData(transfer, { method: 'x', parameters: [{ name: 's', type: 'tuple', value: [] }] });
    expect(t).toMatchObject({ ok: true, mismatches: [], verified: false, decoded: null });
    expect(t.unverified).toEqual([expect.stringMatching(/^dataDecoded: no typing of x's tuple parameters .* has the call's selector 0xa9059cbb; the gateway's decoding is not shown$/)]);
  });

  it('checks the confirmation view', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 1n] });
    const params = [{ name: 'to', type: 'address', value: RECIPIENT }, { name: 'value', type: 'uint256', value: '1' }];
    expect(crossCheckConfirmationView(transfer, { type: 'GENERIC', method: 'transfer', parameters: params }).ok).toBe(true);
    expect(crossCheckConfirmationView(transfer, { type: 'GENERIC', method: 'transfer', parameters: [params[0]!, { ...params[1]!, value: '2' }] }).ok).toBe(false);
    expect(crossCheckConfirmationView(transfer, { type: 'COW_SWAP_ORDER' }).unverified).toHaveLength(1);
  });

  it('a decoded preview for a plain transfer with no data is a mismatch', () => {
    expect(crossCheckDecodedData('0x', { method: 'transfer', parameters: [] }).mismatches.map((m) => m.field)).toEqual(['dataDecoded.method']);
  });
});

describe('property: any single-field change of an honest gateway answer is reported', () => {
  const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b)));
  const uint = fc.bigInt({ min: 0n, max: 2n ** 64n });
  const txArb: fc.Arbitrary<SafeTx> = fc.record({
    to: address,
    value: uint,
    data: fc.uint8Array({ maxLength: 40 }).map((b): Hex => (b.length ? toHex(b) : '0x')),
    operation: fc.constantFrom(0 as const, 1 as const),
    safeTxGas: uint,
    baseGas: uint,
    gasPrice: uint,
    gasToken: address,
    refundReceiver: address,
    nonce: fc.bigInt({ min: 0n, max: 2n ** 40n }),
  });

  /** An honest answer with a Custom summary (the gateway's generic description). */
  const honest = (tx: SafeTx): TransactionDetails => {
    const d = honestDetails(tx);
    d.txData!.dataDecoded = null;
    d.txInfo = { type: 'Custom', humanDescription: null, to: info(tx.to), dataSize: String(size(tx.data)), value: tx.value.toString(), methodName: null, actionCount: null, isCancellation: false };
    return d;
  };

  const fields = ['to', 'value', 'data', 'operation', 'nonce', 'safeTxGas', 'baseGas', 'gasPrice', 'gasToken', 'refundReceiver'] as const;
  const mutate = (d: TransactionDetails, field: (typeof fields)[number], other: SafeTx) => {
    const e = exec(d);
    switch (field) {
      case 'to': data(d).to = info(other.to); break;
      case 'value': data(d).value = (BigInt(data(d).value ?? '0') + 1n).toString(); break;
      case 'data': data(d).hexData = `${data(d).hexData ?? '0x'}00`; break;
      case 'operation': data(d).operation = data(d).operation === 0 ? 1 : 0; break;
      case 'nonce': e.nonce += 1; break;
      case 'safeTxGas': e.safeTxGas = (BigInt(e.safeTxGas) + 1n).toString(); break;
      case 'baseGas': e.baseGas = (BigInt(e.baseGas) + 1n).toString(); break;
      case 'gasPrice': e.gasPrice = (BigInt(e.gasPrice) + 1n).toString(); break;
      case 'gasToken': e.gasToken = other.gasToken; break;
      case 'refundReceiver': e.refundReceiver = info(other.refundReceiver); break;
    }
  };

  it('holds for random transactions and fields', () => {
    fc.assert(
      fc.property(txArb, txArb, fc.constantFrom(...fields), (tx, other, field) => {
        expect(crossCheckTransaction(tx, honest(tx), ctx).ok).toBe(true);
        if (field === 'to') fc.pre(other.to !== tx.to);
        if (field === 'gasToken') fc.pre(other.gasToken !== tx.gasToken);
        if (field === 'refundReceiver') fc.pre(other.refundReceiver !== tx.refundReceiver);
        const details = honest(tx);
        mutate(details, field, other);
        expect(crossCheckTransaction(tx, details, ctx).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('crossCheckConfirmations', () => {
  const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
  const signer = privateKeyToAccount(KEY);
  const hash = safeTxHash(ctx, local);
  const otherHash = safeTxHash(ctx, { ...local, to: OTHER });
  const ethSign = async (h: Hex) => {
    const signature = await signer.signMessage({ message: { raw: h } });
    return `${signature.slice(0, 130)}${(Number.parseInt(signature.slice(130), 16) + 4).toString(16)}`;
  };

  it('EIP-712 and eth_sign signatures of the local safeTxHash by their named signer pass', async () => {
    const confirmations = [
      { signer: signer.address, signature: await signer.sign({ hash }) },
      { signer: signer.address, signature: await ethSign(hash) },
      { signer: signer.address, signature: null },
    ];
    expect(await crossCheckConfirmations(hash, confirmations)).toEqual({ ok: true, mismatches: [], unverified: [] });
  });

  it('a signature of another transaction, by another signer, or malformed is a mismatch; v 0/1 are unverified', async () => {
    const result = await crossCheckConfirmations(hash, [
      { signer: signer.address, signature: await signer.sign({ hash: otherHash }) },
      { signer: OTHER, signature: await signer.sign({ hash }) },
      { signer: signer.address, signature: await ethSign(otherHash) },
      { signer: signer.address, signature: '0x1234' },
      { signer: signer.address, signature: `0x${'00'.repeat(12)}${signer.address.slice(2)}${'00'.repeat(32)}01` },
    ]);
    expect(result.mismatches.map((m) => [m.field, m.gateway])).toEqual([
      ['detailedExecutionInfo.confirmations.0', `a signature by ${signer.address}`],
      ['detailedExecutionInfo.confirmations.1', `a signature by ${OTHER}`],
      ['detailedExecutionInfo.confirmations.2', `a signature by ${signer.address}`],
      ['detailedExecutionInfo.confirmations.3', `a malformed signature by ${signer.address}`],
    ]);
    expect(result.mismatches[1]!.local).toBe(`no signature by ${OTHER} (it does not sign this safeTxHash; it recovers to ${signer.address})`);
    expect(result.unverified).toEqual([`detailedExecutionInfo.confirmations.4: signature type v=1 of ${signer.address} is not verified locally`]);
  });

  it('a contract signature (v 0) may carry its dynamic part and stays unverified; any other signature longer than 65 bytes is malformed', async () => {
    const contractStatic = `0x${'00'.repeat(12)}${OTHER.slice(2)}${(65).toString(16).padStart(64, '0')}00`;
    const dynamic = `${(32).toString(16).padStart(64, '0')}${'ab'.repeat(32)}`;
    const eoa = await signer.sign({ hash });
    const result = await crossCheckConfirmations(hash, [
      { signer: OTHER, signature: `${contractStatic}${dynamic}` },
      { signer: signer.address, signature: `${eoa}${'00'.repeat(32)}` },
      { signer: signer.address, signature: `${eoa}0` },
    ]);
    expect(result.unverified).toEqual([`detailedExecutionInfo.confirmations.0: signature type v=0 of ${OTHER} is not verified locally`]);
    expect(result.mismatches.map((m) => [m.field, m.gateway])).toEqual([
      ['detailedExecutionInfo.confirmations.1', `a malformed signature by ${signer.address}`],
      ['detailedExecutionInfo.confirmations.2', `a malformed signature by ${signer.address}`],
    ]);
  });

  it('names the list and the hash it was given (a message: confirmations, safeMessageHash)', async () => {
    const result = await crossCheckConfirmations(hash, [{ signer: signer.address, signature: await signer.sign({ hash: otherHash }) }], {
      listField: 'confirmations',
      hashName: 'safeMessageHash',
    });
    expect(result.mismatches).toEqual([
      { field: 'confirmations.0', gateway: `a signature by ${signer.address}`, local: expect.stringMatching(new RegExp(`^no signature by ${signer.address} \\(it does not sign this safeMessageHash; it recovers to 0x[0-9a-fA-F]{40}\\)$`)) },
    ]);
  });
});
