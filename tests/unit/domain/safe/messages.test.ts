import { describe, expect, it } from 'vitest';
import { hashMessage, hashTypedData, recoverTypedDataAddress, toHex, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  EIP1271_LEGACY_MAGIC_VALUE,
  EIP1271_MAGIC_VALUE,
  approvedHashSignature,
  buildSignatureBytes,
  decodeEip191Message,
  deleteRequestHashes,
  deleteRequestTotp,
  deleteRequestTypedData,
  DELETE_REQUEST_TYPEHASH,
  hashEip712,
  inferPrimaryType,
  isEip1271MagicValue,
  messageInnerHash,
  SAFE_MESSAGE_TYPEHASH,
  safeMessageHash,
  safeMessageTypedData,
  sortSignatures,
  splitSignatures,
} from '../../../../src/domain/safe/index.ts';
import { concat, encodeAbiParameters, keccak256, parseAbiParameters, toBytes, hashStruct } from 'viem';

const OPENSEA = `Welcome to OpenSea!

Click to sign in and accept the OpenSea Terms of Service (https://opensea.io/tos) and Privacy Policy (https://opensea.io/privacy).

This request will not trigger a blockchain transaction or cost any gas fees.

Wallet address:
0x657ff0d4ec65d82b2bc1247b0a558bcd2f80a0f1

Nonce:
ea499f2f-fdbc-4d04-92c4-b60aba887e06`;
const sepoliaSafe = { chainId: 11155111, safeAddress: '0x657ff0D4eC65D82b2bC1247b0a558bcd2f80A0f1' as Address, version: '1.4.1' };

describe('SafeMessage hash', () => {
  it('matches the safe-tx-hashes-util vector (EIP-191 text)', () => {
    expect(SAFE_MESSAGE_TYPEHASH).toBe(keccak256(toBytes('SafeMessage(bytes message)')));
    expect(messageInnerHash(OPENSEA)).toBe('0xcb1a9208c1a7c191185938c7d304ed01db68677eea4e689d688469aa72e34236');
    const typed = safeMessageTypedData(sepoliaSafe, messageInnerHash(OPENSEA));
    expect(hashStruct({ data: typed.message, primaryType: 'SafeMessage', types: typed.types })).toBe(
      '0xa5d2f507a16279357446768db4bd47a03bca0b6acac4632a4c2c96af20d6f6e5',
    );
    expect(safeMessageHash(sepoliaSafe, OPENSEA)).toBe('0x1866b559f56261ada63528391b93a1fe8e2e33baf7cace94fc6b42202d16ea08');
  });

  it('leaves chainId out of the domain before 1.3.0', () => {
    const legacy = { ...sepoliaSafe, version: '1.2.0' };
    expect(safeMessageTypedData(legacy, '0x1234').domain).toEqual({ verifyingContract: sepoliaSafe.safeAddress });
    expect(safeMessageHash(legacy, 'x')).toBe(safeMessageHash({ ...legacy, chainId: 1 }, 'x'));
    expect(safeMessageHash(sepoliaSafe, 'x')).not.toBe(safeMessageHash({ ...sepoliaSafe, chainId: 1 }, 'x'));
  });

  it('hashes raw bytes and hex text the host’s way', () => {
    expect(messageInnerHash({ raw: '0xdeadbeef' })).toBe(hashMessage({ raw: '0xdeadbeef' }));
    expect(decodeEip191Message(toHex('hello'))).toBe('hello');
    expect(decodeEip191Message('0xff00')).toBe('0xff00');
    expect(decodeEip191Message('plain')).toBe('plain');
  });
});

describe('EIP-712 primaryType inference (seed rule)', () => {
  const types = {
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
    ],
    Person: [{ name: 'name', type: 'string' }],
  };

  it('finds the single root type', () => {
    expect(inferPrimaryType(types)).toBe('Mail');
  });

  it('throws "Please specify primaryType" with two roots, e.g. EIP712Domain present', () => {
    expect(() => inferPrimaryType({ ...types, EIP712Domain: [{ name: 'name', type: 'string' }] })).toThrow('Please specify primaryType');
    expect(() => inferPrimaryType({ A: [], B: [] })).toThrow('Please specify primaryType');
  });

  it('strips only the first brackets: Foo[2] does not reference Foo', () => {
    expect(() => inferPrimaryType({ Outer: [{ name: 'x', type: 'Inner[2]' }], Inner: [{ name: 'y', type: 'uint256' }] })).toThrow('Please specify primaryType');
  });

  it('hashes typed data with a numeric chainId whatever its input form', () => {
    const message = { from: { name: 'a' }, to: [{ name: 'b' }] };
    const expected = hashTypedData({ domain: { name: 'X', chainId: 5 }, types, primaryType: 'Mail', message });
    expect(hashEip712({ domain: { name: 'X', chainId: '5' }, types, message })).toBe(expected);
    expect(hashEip712({ domain: { name: 'X', chainId: 5n }, types, message })).toBe(expected);
    expect(hashEip712({ domain: { name: 'X', chainId: { toNumber: () => 5 } }, types, message })).toBe(expected);
  });
});

describe('DeleteRequest typed data', () => {
  it('uses the tx-service domain and an hourly TOTP', async () => {
    expect(DELETE_REQUEST_TYPEHASH).toBe(keccak256(toBytes('DeleteRequest(bytes32 safeTxHash,uint256 totp)')));
    expect(deleteRequestTotp(3600_000 * 5 + 3599_999)).toBe(5n);
    const safeTxHash = `0x${'ab'.repeat(32)}` as const;
    const typed = deleteRequestTypedData({ chainId: 31337n, safeAddress: sepoliaSafe.safeAddress, safeTxHash, nowMs: 7_200_000 });
    expect(typed.domain).toEqual({ name: 'Safe Transaction Service', version: '1.0', chainId: 31337, verifyingContract: sepoliaSafe.safeAddress });
    expect(typed.message).toEqual({ safeTxHash, totp: 2n });
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const signature = await account.signTypedData(typed);
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(account.address);
  });

  it('shows the domain, message and EIP-712 hashes the wallet signs', () => {
    const safeTxHash = `0x${'cd'.repeat(32)}` as const;
    const args = { chainId: 31337n, safeAddress: sepoliaSafe.safeAddress, safeTxHash, nowMs: 7_200_000 };
    const hashes = deleteRequestHashes(args);
    const domainTypehash = keccak256(toBytes('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'));
    expect(hashes.domainHash).toBe(
      keccak256(
        encodeAbiParameters(parseAbiParameters('bytes32, bytes32, bytes32, uint256, address'), [
          domainTypehash,
          keccak256(toBytes('Safe Transaction Service')),
          keccak256(toBytes('1.0')),
          31337n,
          sepoliaSafe.safeAddress,
        ]),
      ),
    );
    expect(hashes.messageHash).toBe(keccak256(encodeAbiParameters(parseAbiParameters('bytes32, bytes32, uint256'), [DELETE_REQUEST_TYPEHASH, safeTxHash, 2n])));
    expect(hashes.deleteRequestHash).toBe(keccak256(concat(['0x1901', hashes.domainHash, hashes.messageHash])));
    expect(hashes.deleteRequestHash).toBe(hashTypedData(deleteRequestTypedData(args)));
  });
});

describe('signatures', () => {
  const a = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
  const b = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address;
  const c = '0x0000000000000000000000000000000000000fFF' as Address;
  const sig = (byte: string) => `0x${byte.repeat(65)}` as const;

  it('sorts by numeric owner address, not by checksummed string', () => {
    // '0x3C…' < '0x70…' numerically; as strings 'C' sorts after lowercase digits only by accident — use mixed case.
    const sorted = sortSignatures([{ signer: a, data: sig('aa') }, { signer: c, data: sig('cc') }, { signer: b, data: sig('bb') }]);
    expect(sorted.map((s) => s.signer)).toEqual([c, b, a]);
    expect(buildSignatureBytes([{ signer: a, data: sig('aa') }, { signer: b, data: sig('bb') }])).toBe(`0x${'bb'.repeat(65)}${'aa'.repeat(65)}`);
  });

  it('rejects duplicates and bad lengths; splits back', () => {
    expect(() => buildSignatureBytes([{ signer: a, data: sig('aa') }, { signer: a.toLowerCase() as Address, data: sig('bb') }])).toThrow('Duplicate signature');
    expect(() => buildSignatureBytes([{ signer: a, data: '0x1234' }])).toThrow('must be 65 bytes');
    expect(splitSignatures(`0x${'bb'.repeat(65)}${'aa'.repeat(65)}`)).toEqual([sig('bb'), sig('aa')]);
  });

  it('encodes approved-hash and contract signatures', () => {
    expect(approvedHashSignature(a)).toBe(`0x000000000000000000000000${a.slice(2).toLowerCase()}${'0'.repeat(64)}01`);
    const bytes = buildSignatureBytes([{ signer: b, data: '0x1234', isContractSignature: true }, { signer: a, data: sig('aa') }]);
    // static part of b: r = b, s = offset 130 (2 × 65), v = 0; then a; then length 2 and the bytes.
    expect(bytes.slice(2, 132)).toBe(`000000000000000000000000${b.slice(2).toLowerCase()}${(130).toString(16).padStart(64, '0')}00`);
    expect(bytes.endsWith(`${'0'.repeat(63)}21234`)).toBe(true);
  });
});

describe('EIP-1271 magic values', () => {
  it('accepts only the magic value of the matching form', () => {
    expect(isEip1271MagicValue(`${EIP1271_MAGIC_VALUE}${'0'.repeat(56)}`, 'hash')).toBe(true);
    expect(isEip1271MagicValue('0x1626BA7E', 'hash')).toBe(true);
    expect(isEip1271MagicValue(EIP1271_LEGACY_MAGIC_VALUE, 'bytes')).toBe(true);
    expect(isEip1271MagicValue(EIP1271_LEGACY_MAGIC_VALUE, 'hash')).toBe(false);
    expect(isEip1271MagicValue(EIP1271_MAGIC_VALUE, 'bytes')).toBe(false);
    expect(isEip1271MagicValue('0xffffffff', 'hash')).toBe(false);
    expect(isEip1271MagicValue('0x', 'hash')).toBe(false);
    expect(isEip1271MagicValue(null, 'hash')).toBe(false);
  });
});
