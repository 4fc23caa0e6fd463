/**
 * Transaction Builder batch files: the checksum is the Transaction Builder's own (its published test vector), a
 * method with values encodes to the same calldata as viem with a parsed ABI, a file whose data contradicts its
 * method is refused, and an exported file reads back as the same calls with a matching checksum.
 */
import { encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { encodeMultiSendCall } from '../../../../src/domain/safe/multisend.ts';
import {
  checksumOfObject,
  exportableCalls,
  MAX_BATCH_FILE_CHARS,
  MAX_BATCH_FILE_TRANSACTIONS,
  readTxBuilderFile,
  serializeForChecksum,
  writeTxBuilderFile,
  type BatchFileRead,
  type ImportedBatch,
} from '../../../../src/domain/safe/txBuilderFile.ts';
import type { MetaTransaction } from '../../../../src/domain/safe/types.ts';

const SAFE = getAddress('0x5afe000000000000000000000000000000005afe');
const OWNER = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const TOKEN = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3');
const ALICE = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');
const BOB = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906');
const MULTISEND_CALL_ONLY_141 = getAddress('0x9641d764fc13c8B624c04430C7356C1C7C8102e2');
const MULTISEND_141 = getAddress('0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526');
const SIGN_MESSAGE_LIB_141 = getAddress('0xd53cd0aB83D845Ac265BE939c57F53AD838012c9');
const erc20 = parseAbi(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)']);

/** The Transaction Builder's own checksum test object (safe-react-apps, tx-builder checksum.test.ts). */
const vectorFile = () => ({
  version: '1.0',
  chainId: '4',
  createdAt: 1646321521061,
  meta: {
    name: 'test batch file',
    txBuilderVersion: '1.4.0',
    checksum: '',
    createdFromSafeAddress: '0xDF8a1Ce35c9a6ACE153B4e0767942f1E2291a1Aa',
    createdFromOwnerAddress: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
  },
  transactions: [
    {
      to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
      value: '0',
      contractMethod: { inputs: [{ internalType: 'address', name: 'paramAddress', type: 'address' }], name: 'testAddress', payable: false },
      contractInputsValues: { paramAddress: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6' },
    },
    {
      to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
      value: '0',
      contractMethod: { inputs: [{ internalType: 'bool', name: 'paramBool', type: 'bool' }], name: 'testBool', payable: false },
      contractInputsValues: { paramAddress: '', paramBool: 'false' },
    },
    { to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6', value: '2000000000000000000', data: '0x42f4579000000000000000000000000049d4450977e2c95362c13d3a31a09311e0ea26a6' },
  ],
});
const VECTOR_CHECKSUM = '0x4ecbfd364aa6759983915644e73f8bd411e85a2dc306f252a387c2728c4db64c';

/** Every object's keys in reverse order, recursively. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reverseKeys(inner)]));
  }
  return value;
}

interface FileTx {
  to: string;
  value: string;
  data?: string | null;
  contractMethod?: { inputs: { name?: string; type: string; internalType?: string; components?: unknown[] }[]; name: string; payable: boolean } | null;
  contractInputsValues?: Record<string, string> | null;
}

function fileText(transactions: readonly FileTx[], overrides: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): string {
  return JSON.stringify({
    version: '1.0',
    chainId: '1',
    createdAt: 1700000000000,
    meta: { name: 'Payroll', description: '', txBuilderVersion: '1.16.5', createdFromSafeAddress: SAFE, createdFromOwnerAddress: '', ...meta },
    transactions,
    ...overrides,
  });
}

function batchOf(read: BatchFileRead): ImportedBatch {
  if (!read.ok) throw new Error(`expected a batch, got: ${read.error}`);
  return read.batch;
}

function errorOf(read: BatchFileRead): string {
  if (read.ok) throw new Error('expected the file to be refused');
  return read.error;
}

const transferMethod = {
  inputs: [
    { internalType: 'address', name: 'to', type: 'address' },
    { internalType: 'uint256', name: 'amount', type: 'uint256' },
  ],
  name: 'transfer',
  payable: false,
};

describe('checksum', () => {
  it('reproduces the Transaction Builder test vector (computed over the object as given, name nulled)', () => {
    expect(checksumOfObject(vectorFile())).toBe(VECTOR_CHECKSUM);
  });

  it('does not depend on key order', () => {
    const reversed = reverseKeys(vectorFile());
    expect(Object.keys(reversed as object)[0]).toBe('transactions');
    expect(checksumOfObject(reversed)).toBe(VECTOR_CHECKSUM);
  });

  it('ignores the name but not any other field', () => {
    const renamed = vectorFile();
    renamed.meta.name = 'another name';
    expect(checksumOfObject(renamed)).toBe(VECTOR_CHECKSUM);
    const changed = vectorFile();
    changed.transactions[2]!.value = '2000000000000000001';
    expect(checksumOfObject(changed)).not.toBe(VECTOR_CHECKSUM);
  });

  it('serializes objects as their sorted key list followed by each value and a comma', () => {
    expect(serializeForChecksum({ b: 1, a: [true, null], c: undefined })).toBe('{["a","b","c"][true,null],1,null,}');
    expect(serializeForChecksum('x')).toBe('"x"');
  });

  it('reads a file whose checksum is that of the file without its checksum field as "matches" (any hex case)', () => {
    const file = vectorFile();
    const { checksum: _empty, ...metaWithout } = file.meta;
    const computed = checksumOfObject({ ...file, meta: metaWithout });
    // Not the vector: that one was computed with `checksum: ''` still in meta, which a reader removes.
    expect(computed).not.toBe(VECTOR_CHECKSUM);
    const withChecksum = { ...file, meta: { ...metaWithout, checksum: `0x${computed.slice(2).toUpperCase()}` } };
    const batch = batchOf(readTxBuilderFile(JSON.stringify(withChecksum), '4'));
    expect(batch.checksum).toBe('matches');
    expect(batch.calls.map((call) => call.method)).toEqual(['testAddress(address)', 'testBool(bool)', null]);
    expect(batchOf(readTxBuilderFile(JSON.stringify({ ...file, meta: { ...metaWithout, checksum: VECTOR_CHECKSUM } }), '4')).checksum).toBe('mismatch');
    expect(batchOf(readTxBuilderFile(JSON.stringify({ ...file, meta: metaWithout }), '4')).checksum).toBe('absent');
    expect(batchOf(readTxBuilderFile(JSON.stringify(file), '4')).checksum).toBe('absent');
  });
});

describe('readTxBuilderFile: calldata', () => {
  it('takes data as given, lowercased, with the to address checksummed and the value as bigint', () => {
    const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [ALICE, 5n] });
    const batch = batchOf(readTxBuilderFile(fileText([{ to: TOKEN.toLowerCase(), value: '7', data: data.toUpperCase().replace('0X', '0x'), contractMethod: null, contractInputsValues: null }]), '1'));
    expect(batch.calls).toEqual([{ to: TOKEN, value: 7n, data, method: null }]);
  });

  it('a transaction with neither data nor method is a plain value transfer', () => {
    const batch = batchOf(
      readTxBuilderFile(
        fileText([
          { to: ALICE, value: '1000', data: null, contractMethod: null, contractInputsValues: null },
          { to: BOB, value: '2', data: '0x' },
          { to: BOB, value: '3' },
        ]),
        '1',
      ),
    );
    expect(batch.calls).toEqual([
      { to: ALICE, value: 1000n, data: '0x', method: null },
      { to: BOB, value: 2n, data: '0x', method: null },
      { to: BOB, value: 3n, data: '0x', method: null },
    ]);
  });

  it('encodes a method with address and uint256 values', () => {
    const batch = batchOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', data: null, contractMethod: transferMethod, contractInputsValues: { to: ALICE, amount: '100' } }]), '1'));
    expect(batch.calls).toEqual([{ to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [ALICE, 100n] }), method: 'transfer(address,uint256)' }]);
  });

  it('encodes bool values ("true" and "false")', () => {
    const abi = parseAbi(['function setPaused(bool paused)']);
    const method = { inputs: [{ internalType: 'bool', name: 'paused', type: 'bool' }], name: 'setPaused', payable: false };
    for (const flag of [true, false]) {
      const batch = batchOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: method, contractInputsValues: { paused: String(flag) } }]), '1'));
      expect(batch.calls[0]?.data).toBe(encodeFunctionData({ abi, functionName: 'setPaused', args: [flag] }));
    }
    expect(errorOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: method, contractInputsValues: { paused: 'yes' } }]), '1'))).toBe('Transaction 1: input "paused": "yes" is not true or false.');
  });

  it('encodes an address[] given as JSON text, and a uint256[] of JSON numbers and strings', () => {
    const abi = parseAbi(['function airdrop(address[] recipients, uint256[] amounts)']);
    const method = {
      inputs: [
        { internalType: 'address[]', name: 'recipients', type: 'address[]' },
        { internalType: 'uint256[]', name: 'amounts', type: 'uint256[]' },
      ],
      name: 'airdrop',
      payable: false,
    };
    const values = { recipients: JSON.stringify([ALICE, BOB.toLowerCase()]), amounts: '[1, "2", "115792089237316195423570985008687907853269984665640564039457584007913129639935"]' };
    const batch = batchOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: method, contractInputsValues: values }]), '1'));
    expect(batch.calls[0]?.method).toBe('airdrop(address[],uint256[])');
    expect(batch.calls[0]?.data).toBe(encodeFunctionData({ abi, functionName: 'airdrop', args: [[ALICE, BOB], [1n, 2n, 2n ** 256n - 1n]] }));
  });

  it('encodes a tuple given as a JSON list or as a JSON object keyed by component name', () => {
    const abi = parseAbi(['function fill((address maker, uint256 amount, bool allowPartial) order, bytes32 salt)']);
    const salt: Hex = `0x${'ab'.repeat(32)}`;
    const expected = encodeFunctionData({ abi, functionName: 'fill', args: [{ maker: ALICE, amount: 5n, allowPartial: true }, salt] });
    const method = {
      inputs: [
        {
          internalType: 'struct Order',
          name: 'order',
          type: 'tuple',
          components: [
            { internalType: 'address', name: 'maker', type: 'address' },
            { internalType: 'uint256', name: 'amount', type: 'uint256' },
            { internalType: 'bool', name: 'allowPartial', type: 'bool' },
          ],
        },
        { internalType: 'bytes32', name: 'salt', type: 'bytes32' },
      ],
      name: 'fill',
      payable: false,
    };
    for (const order of [`["${ALICE.toLowerCase()}",5,true]`, `{"allowPartial":"true","amount":"5","maker":"${ALICE}"}`]) {
      const batch = batchOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: method, contractInputsValues: { order, salt } }]), '1'));
      expect(batch.calls[0]).toEqual({ to: TOKEN, value: 0n, data: expected, method: 'fill((address,uint256,bool),bytes32)' });
    }
  });

  it('encodes a list of tuples (tuple[]) and names it in the signature', () => {
    const abi = parseAbi(['function pay((address to, uint96 amount)[] payments)']);
    const expected = encodeFunctionData({ abi, functionName: 'pay', args: [[{ to: ALICE, amount: 1n }, { to: BOB, amount: 2n }]] });
    const method = {
      inputs: [{ name: 'payments', type: 'tuple[]', components: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint96' }] }],
      name: 'pay',
      payable: false,
    };
    const payments = JSON.stringify([[ALICE, '1'], { to: BOB, amount: '2' }]);
    const batch = batchOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: method, contractInputsValues: { payments } }]), '1'));
    expect(batch.calls[0]).toEqual({ to: TOKEN, value: 0n, data: expected, method: 'pay((address,uint96)[])' });
  });

  it('reads the values of unnamed inputs by their index', () => {
    const method = { inputs: [{ type: 'address' }, { type: 'uint256' }], name: 'approve', payable: false };
    const batch = batchOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: method, contractInputsValues: { '0': BOB, '1': '9' } }]), '1'));
    expect(batch.calls[0]?.data).toBe(encodeFunctionData({ abi: erc20, functionName: 'approve', args: [BOB, 9n] }));
  });

  it('accepts data and a method that agree, in any hex case', () => {
    const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [ALICE, 100n] });
    const upper = `0x${data.slice(2).toUpperCase()}`;
    const batch = batchOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', data: upper, contractMethod: transferMethod, contractInputsValues: { to: ALICE, amount: '100' } }]), '1'));
    expect(batch.calls[0]).toEqual({ to: TOKEN, value: 0n, data, method: 'transfer(address,uint256)' });
  });

  it('refuses the whole file when a transaction’s data contradicts its method and values', () => {
    const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [BOB, 100n] });
    const text = fileText([
      { to: ALICE, value: '1' },
      { to: TOKEN, value: '0', data, contractMethod: transferMethod, contractInputsValues: { to: ALICE, amount: '100' } },
    ]);
    expect(errorOf(readTxBuilderFile(text, '1'))).toBe('Transaction 2: its data does not match its method and values.');
  });

  it('says which method value cannot be encoded', () => {
    const read = (values: Record<string, string>) => readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: transferMethod, contractInputsValues: values }]), '1');
    expect(errorOf(read({ to: 'alice', amount: '1' }))).toBe('Transaction 1: input "to": "alice" is not an address.');
    expect(errorOf(read({ to: ALICE, amount: '1.5' }))).toBe('Transaction 1: input "amount": "1.5" is not a whole number.');
    expect(errorOf(read({ to: ALICE, amount: '-1' }))).toBe('Transaction 1: input "amount": -1 does not fit in uint256.');
    expect(errorOf(read({ to: ALICE }))).toBe('Transaction 1: there is no value for input "amount".');
    const listMethod = { inputs: [{ name: 'who', type: 'address[]' }], name: 'f', payable: false };
    expect(errorOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: listMethod, contractInputsValues: { who: '[0x12' } }]), '1'))).toBe(
      'Transaction 1: input "who": "[0x12" is not a valid JSON list.',
    );
    const badType = { inputs: [{ name: 'x', type: 'uint257' }], name: 'f', payable: false };
    expect(errorOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: badType, contractInputsValues: { x: '1' } }]), '1'))).toBe('Transaction 1: input "x" has an unknown type "uint257".');
    const badName = { inputs: [], name: 'transfer(address)', payable: false };
    expect(errorOf(readTxBuilderFile(fileText([{ to: TOKEN, value: '0', contractMethod: badName, contractInputsValues: null }]), '1'))).toBe('Transaction 1: the method name "transfer(address)" is not valid.');
  });
});

describe('readTxBuilderFile: refusals', () => {
  const ok: FileTx = { to: ALICE, value: '1' };

  it('refuses text that is not a Transaction Builder file', () => {
    expect(errorOf(readTxBuilderFile('{"version":', '1'))).toBe('This is not a Transaction Builder file: it is not valid JSON.');
    expect(errorOf(readTxBuilderFile('[1,2]', '1'))).toBe('This is not a Transaction Builder file: it is not a JSON object.');
    expect(errorOf(readTxBuilderFile(JSON.stringify({ chainId: '1' }), '1'))).toBe('This is not a Transaction Builder file: it has no "transactions" list.');
    expect(errorOf(readTxBuilderFile(JSON.stringify({ chainId: '1', transactions: {} }), '1'))).toBe('This is not a Transaction Builder file: it has no "transactions" list.');
    expect(errorOf(readTxBuilderFile(JSON.stringify({ transactions: [ok] }), '1'))).toBe('This is not a Transaction Builder file: it has no chainId.');
    expect(errorOf(readTxBuilderFile(JSON.stringify({ chainId: 'mainnet', transactions: [ok] }), '1'))).toBe('This is not a Transaction Builder file: its chainId "mainnet" is not a chain number.');
  });

  it('refuses an empty file and one over the limit', () => {
    expect(errorOf(readTxBuilderFile(fileText([]), '1'))).toBe('The file holds no transactions.');
    const many = Array.from({ length: MAX_BATCH_FILE_TRANSACTIONS + 1 }, () => ok);
    expect(errorOf(readTxBuilderFile(fileText(many), '1'))).toBe('The file holds 201 transactions; at most 200 fit in one batch. Split it into smaller files.');
    expect(batchOf(readTxBuilderFile(fileText(many.slice(1)), '1')).calls).toHaveLength(200);
  });

  it('refuses a file made for another chain', () => {
    expect(errorOf(readTxBuilderFile(fileText([ok], { chainId: '100' }), '1'))).toBe(
      'This file was made for chain 100; this Safe is on chain 1. Open the Safe on that chain, or make the file again there.',
    );
    expect(batchOf(readTxBuilderFile(fileText([ok], { chainId: '100' }), '100')).chainId).toBe('100');
  });

  it('refuses a bad to address, value or data, naming the transaction', () => {
    const read = (tx: Record<string, unknown>) => readTxBuilderFile(fileText([ok, ok, tx as unknown as FileTx]), '1');
    expect(errorOf(read({ to: '0x1234', value: '0' }))).toBe('Transaction 3: "0x1234" is not an address.');
    expect(errorOf(read({ to: ALICE.toLowerCase().replace('c', 'C'), value: '0' }))).toMatch(/^Transaction 3: "0x3C44.*" is not an address \(its checksum is wrong\)\.$/);
    expect(errorOf(read({ value: '0' }))).toBe('Transaction 3: it has no "to" address.');
    for (const value of ['-1', '1.5', '1e18', '', '0x10', undefined, (2n ** 256n).toString()]) {
      expect(errorOf(read({ to: ALICE, value }))).toBe('Transaction 3: the value must be a whole number of wei.');
    }
    for (const data of ['0x123', 'abcd', '0xzz']) {
      expect(errorOf(read({ to: ALICE, value: '0', data }))).toBe('Transaction 3: its data is not hex bytes (0x followed by pairs of hex digits).');
    }
  });
});

describe('readTxBuilderFile: meta', () => {
  const tx: FileTx = { to: ALICE, value: '1' };

  it('reads the name, falling back to "Transactions Batch"', () => {
    expect(batchOf(readTxBuilderFile(fileText([tx]), '1')).name).toBe('Payroll');
    expect(batchOf(readTxBuilderFile(fileText([tx], {}, { name: '' }), '1')).name).toBe('Transactions Batch');
    expect(batchOf(readTxBuilderFile(fileText([tx], { meta: undefined }), '1')).name).toBe('Transactions Batch');
  });

  it('reads createdFromSafeAddress in any case; an invalid one is null', () => {
    expect(batchOf(readTxBuilderFile(fileText([tx], {}, { createdFromSafeAddress: SAFE.toLowerCase() }), '1')).createdFromSafe).toBe(SAFE);
    expect(batchOf(readTxBuilderFile(fileText([tx], {}, { createdFromSafeAddress: 'nope' }), '1')).createdFromSafe).toBeNull();
    expect(batchOf(readTxBuilderFile(fileText([tx], {}, { createdFromSafeAddress: undefined }), '1')).createdFromSafe).toBeNull();
  });

  it('a checksum that does not match is reported, not refused', () => {
    const batch = batchOf(readTxBuilderFile(fileText([tx], {}, { checksum: `0x${'12'.repeat(32)}` }), '1'));
    expect(batch.checksum).toBe('mismatch');
    expect(batch.calls).toHaveLength(1);
  });
});

describe('writeTxBuilderFile', () => {
  const calls: MetaTransaction[] = [
    { operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [ALICE, 10n ** 18n] }) },
    { operation: 0, to: BOB, value: 123456789012345678901234567890n, data: '0x' },
    { operation: 0, to: TOKEN, value: 1n, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [BOB, 2n ** 256n - 1n] }) },
  ];
  const write = (over: Partial<Parameters<typeof writeTxBuilderFile>[0]> = {}) =>
    writeTxBuilderFile({ chainId: '11155111', safe: SAFE, owner: OWNER, name: 'Monthly', createdAt: 1700000000000, calls, ...over });

  it('round-trips: the exported file reads back as the same calls with a matching checksum', () => {
    const batch = batchOf(readTxBuilderFile(write(), '11155111'));
    expect(batch).toEqual({
      name: 'Monthly',
      chainId: '11155111',
      createdFromSafe: SAFE,
      checksum: 'matches',
      calls: calls.map((call) => ({ to: call.to, value: call.value, data: call.data, method: null })),
    });
  });

  it('writes the Transaction Builder layout, 2-space indented', () => {
    const text = write({ owner: null });
    expect(text.split('\n')[1]).toBe('  "version": "1.0",');
    const file = JSON.parse(text) as { version: string; chainId: string; createdAt: number; meta: Record<string, unknown>; transactions: unknown[] };
    expect(file.chainId).toBe('11155111');
    expect(file.createdAt).toBe(1700000000000);
    expect(file.meta).toEqual({
      name: 'Monthly',
      description: '',
      txBuilderVersion: '1.18.0',
      createdFromSafeAddress: SAFE,
      createdFromOwnerAddress: '',
      checksum: expect.stringMatching(/^0x[0-9a-f]{64}$/) as unknown,
    });
    expect(file.transactions[1]).toEqual({ to: BOB, value: '123456789012345678901234567890', data: null, contractMethod: null, contractInputsValues: null });
    expect(file.transactions[0]).toEqual({ to: TOKEN, value: '0', data: calls[0]!.data, contractMethod: null, contractInputsValues: null });
    expect((JSON.parse(write()) as typeof file).meta.createdFromOwnerAddress).toBe(OWNER);
  });

  it('its checksum is the Transaction Builder checksum of the file without it', () => {
    const file = JSON.parse(write()) as { meta: Record<string, unknown> };
    const checksum = file.meta.checksum;
    delete file.meta.checksum;
    expect(checksumOfObject(file)).toBe(checksum);
  });

  it('a value changed after export reads as "mismatch"', () => {
    const file = JSON.parse(write()) as { transactions: { value: string }[] };
    file.transactions[1]!.value = '123456789012345678901234567891';
    const batch = batchOf(readTxBuilderFile(JSON.stringify(file), '11155111'));
    expect(batch.checksum).toBe('mismatch');
    expect(batch.calls[1]?.value).toBe(123456789012345678901234567891n);
  });

  it('a renamed file still matches (the name is outside the checksum)', () => {
    const file = JSON.parse(write()) as { meta: { name: string } };
    file.meta.name = 'Renamed';
    expect(batchOf(readTxBuilderFile(JSON.stringify(file), '11155111')).checksum).toBe('matches');
  });

  it('refuses a DELEGATECALL', () => {
    expect(() => write({ calls: [...calls, { operation: 1, to: MULTISEND_141, value: 0n, data: '0x' }] })).toThrow('Call 4 is a DELEGATECALL');
  });
});

describe('exportableCalls', () => {
  const where = { chainId: '1', version: '1.4.1' };
  const transfer = (to: Address, amount: bigint): MetaTransaction => ({ operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [to, amount] }) });

  it('an operation-0 SafeTx is one call (a string value read as wei)', () => {
    const call = transfer(ALICE, 5n);
    expect(exportableCalls({ ...call, operation: 0 }, where)).toEqual({ ok: true, calls: [call] });
    expect(exportableCalls({ to: ALICE, value: '42', data: '0x', operation: 0 }, where)).toEqual({ ok: true, calls: [{ operation: 0, to: ALICE, value: 42n, data: '0x' }] });
  });

  it('a DELEGATECALL to MultiSendCallOnly 1.4.1 or MultiSend 1.4.1 exports its inner calls', () => {
    const inner: MetaTransaction[] = [transfer(ALICE, 1n), { operation: 0, to: BOB, value: 3n, data: '0x' }, transfer(BOB, 2n)];
    for (const chainId of ['1', '31337']) {
      for (const library of [MULTISEND_CALL_ONLY_141, MULTISEND_141]) {
        expect(exportableCalls({ to: library, value: 0n, data: encodeMultiSendCall(inner), operation: 1 }, { chainId, version: '1.4.1+L2' })).toEqual({ ok: true, calls: inner });
      }
    }
  });

  it('refuses a batch holding a DELEGATECALL', () => {
    const inner: MetaTransaction[] = [transfer(ALICE, 1n), { operation: 1, to: SIGN_MESSAGE_LIB_141, value: 0n, data: '0x' }];
    expect(exportableCalls({ to: MULTISEND_141, value: 0n, data: encodeMultiSendCall(inner), operation: 1 }, where)).toEqual({
      ok: false,
      reason: 'Call 2 of its batch is a DELEGATECALL; a Transaction Builder file can only hold plain calls.',
    });
  });

  it('refuses a DELEGATECALL to an unknown contract or to a library that is not MultiSend', () => {
    const data = encodeMultiSendCall([transfer(ALICE, 1n)]);
    for (const to of [getAddress('0x1111111111111111111111111111111111111111'), SIGN_MESSAGE_LIB_141]) {
      const result = exportableCalls({ to, value: 0n, data, operation: 1 }, where);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(/DELEGATECALL to a contract other than a known MultiSend library/);
    }
    // MultiSendCallOnly 1.3.0 (canonical) is not deployed on the devnet, so there it is unknown.
    const callOnly130 = getAddress('0x40A2aCCbd92BCA938b02010E17A5b8929b49130D');
    expect(exportableCalls({ to: callOnly130, value: 0n, data, operation: 1 }, where).ok).toBe(true);
    expect(exportableCalls({ to: callOnly130, value: 0n, data, operation: 1 }, { chainId: '31337', version: '1.4.1' }).ok).toBe(false);
  });

  it('refuses a MultiSend DELEGATECALL whose data is not a readable batch, or an empty one', () => {
    expect(exportableCalls({ to: MULTISEND_CALL_ONLY_141, value: 0n, data: '0xa9059cbb', operation: 1 }, where)).toEqual({ ok: false, reason: 'Its MultiSendCallOnly batch cannot be read.' });
    expect(exportableCalls({ to: MULTISEND_CALL_ONLY_141, value: 0n, data: encodeMultiSendCall([]), operation: 1 }, where)).toEqual({ ok: false, reason: 'Its batch is empty.' });
  });

  it('exported calls written to a file read back as the same calls', () => {
    const inner: MetaTransaction[] = [transfer(ALICE, 1n), { operation: 0, to: BOB, value: 3n, data: '0x' }];
    const exported = exportableCalls({ to: MULTISEND_CALL_ONLY_141, value: 0n, data: encodeMultiSendCall(inner), operation: 1 }, where);
    if (!exported.ok) throw new Error(exported.reason);
    const text = writeTxBuilderFile({ chainId: '1', safe: SAFE, owner: null, name: 'x', createdAt: 1, calls: exported.calls });
    expect(batchOf(readTxBuilderFile(text, '1')).calls).toEqual(inner.map(({ to, value, data }) => ({ to, value, data, method: null })));
  });
});

describe('a file too large to read', () => {
  it('is refused before it is parsed', () => {
    const read = readTxBuilderFile(`{"chainId":"1","transactions":[],"pad":"${'x'.repeat(MAX_BATCH_FILE_CHARS)}"}`, '1');
    expect(read).toEqual({ ok: false, error: `The file is larger than 10 MB; a batch of ${MAX_BATCH_FILE_TRANSACTIONS} transactions fits in far less.` });
  });
});
