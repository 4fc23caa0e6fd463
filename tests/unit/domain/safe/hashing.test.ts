import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { concat, encodeAbiParameters, getAddress, keccak256, toBytes, toHex, zeroAddress, type Address, type Hex } from 'viem';
import {
  DOMAIN_TYPEHASH_LEGACY,
  DOMAIN_TYPEHASH_WITH_CHAIN,
  SAFE_TX_TYPEHASH,
  SAFE_TX_TYPEHASH_DATAGAS,
  domainHash,
  normalizeSafeTx,
  safeTxHash,
  safeTxHashes,
  safeTxMessageHash,
  safeTxTypedData,
} from '../../../../src/domain/safe/hashing.ts';
import { domainHasChainId, parseSafeVersion, usesDataGas } from '../../../../src/domain/safe/version.ts';
import type { SafeTx } from '../../../../src/domain/safe/types.ts';

const cancellation = (safe: Address, nonce: bigint): SafeTx => normalizeSafeTx({ to: safe, nonce });

describe('type hashes', () => {
  it('match the Safe contracts’ type strings', () => {
    expect(keccak256(toBytes('EIP712Domain(uint256 chainId,address verifyingContract)'))).toBe(DOMAIN_TYPEHASH_WITH_CHAIN);
    expect(keccak256(toBytes('EIP712Domain(address verifyingContract)'))).toBe(DOMAIN_TYPEHASH_LEGACY);
    expect(
      keccak256(
        toBytes(
          'SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)',
        ),
      ),
    ).toBe(SAFE_TX_TYPEHASH);
    expect(
      keccak256(
        toBytes(
          'SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 dataGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)',
        ),
      ),
    ).toBe(SAFE_TX_TYPEHASH_DATAGAS);
  });
});

describe('versions', () => {
  it('parse with build metadata and compare', () => {
    expect(parseSafeVersion('1.4.1+L2')).toEqual({ major: 1, minor: 4, patch: 1 });
    expect(() => parseSafeVersion('latest')).toThrow('Invalid Safe version: latest');
    expect(['0.1.0', '1.0.0', '1.1.1', '1.2.0', '1.3.0', '1.3.0+L2', '1.4.1'].map(domainHasChainId)).toEqual([false, false, false, false, true, true, true]);
    expect(['0.1.0', '1.0.0', '1.4.1'].map(usesDataGas)).toEqual([true, false, false]);
  });
});

describe('golden vectors', () => {
  // safe-tx-hashes-util README: arbitrum, Safe 1.3.0+L2, nonce 234, addOwnerWithThreshold.
  const arbitrumSafe: Address = '0x111CEEee040739fD91D29C34C33E6B3E112F2177';
  const addOwnerData: Hex =
    '0x0d582f130000000000000000000000000c75fa5a5f1c0997e3eea425cfa13184ed0ec9e50000000000000000000000000000000000000000000000000000000000000003';

  it('1.3.0: domain, message and safeTxHash (addOwnerWithThreshold)', () => {
    const hashes = safeTxHashes({ chainId: 42161, safeAddress: arbitrumSafe, version: '1.3.0+L2' }, normalizeSafeTx({ to: arbitrumSafe, data: addOwnerData, nonce: 234n }));
    expect(hashes).toEqual({
      domainHash: '0x1cf7f9b1efe3bc47fe02fd27c649fea19e79d66040683a1c86c7490c80bf7291',
      messageHash: '0xd9109ea63c50ecd3b80b6b27ed5c5a9fd3d546c2169dfb69bfa7ba24cd14c7a5',
      safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3',
    });
  });

  it('1.3.0: delegatecall, value, gas price, gas token and refund receiver all hashed', () => {
    const hashes = safeTxHashes(
      { chainId: 42161, safeAddress: arbitrumSafe, version: '1.3.0+L2' },
      normalizeSafeTx({
        to: arbitrumSafe,
        value: 1000n,
        data: addOwnerData,
        operation: 1,
        gasPrice: 50n,
        gasToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        refundReceiver: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        nonce: 234n,
      }),
    );
    expect(hashes.messageHash).toBe('0xc7e826933da60e6ac3e2246ed0563a26a920a65beaa9089d784ac96234141bb3');
    expect(hashes.safeTxHash).toBe('0xc818fceb1cace51c1a4039c4c66fc73d95eccc298104c9c52debac604b9f4e04');
  });

  it('sepolia native transfer and the nested approveHash transaction', () => {
    const primary = safeTxHashes(
      { chainId: 11155111, safeAddress: '0x657ff0D4eC65D82b2bC1247b0a558bcd2f80A0f1', version: '1.4.1' },
      normalizeSafeTx({ to: '0x255C3912f91eF11bFDadd405F13144a823Da8cc5', value: 100000000000000000n, nonce: 4n }),
    );
    expect(primary.domainHash).toBe('0x611379c19940caee095cdb12bebe6a9fa9abb74cdb1fbd7377c49a1f198dc24f');
    expect(primary.messageHash).toBe('0x565bba8b51924ffa64953596d0a2dd5c2cad39649f7de0bf2c8dbc903bd03258');
    expect(primary.safeTxHash).toBe('0xcb8bbe7bf8f8a1f3f57658e450d07d4422356ac042d96a87ba425b19e67a78a1');
    const nested = safeTxHashes(
      { chainId: 11155111, safeAddress: '0x6bc56d6CE87C86CB0756c616bECFD3Cd32b09251', version: '1.4.1' },
      normalizeSafeTx({ to: '0x657ff0D4eC65D82b2bC1247b0a558bcd2f80A0f1', data: concat(['0xd4d9bdcd', primary.safeTxHash]), nonce: 4n }),
    );
    expect(nested.safeTxHash).toBe('0x86eb3f93f2670d119a4ecb8eeaa4dafe31a28abcafe06688d47e195a3dd7abb0');
  });

  // Real Rust client gateway tests: legacy domain (no chainId) vs 1.3.0 domain, cancellation transactions.
  const legacySafe: Address = '0xd6f5Bef6bb4acD235CF85c0ce196316d10785d67';
  it.each(['1.0.0', '1.1.1', '1.2.0'])('%s: domain without chainId', (version) => {
    const ctx = { chainId: 4, safeAddress: legacySafe, version };
    expect(domainHash(ctx)).toBe('0x6dda5da6f3b6225311946ab4732b5658018db6dc890378fbdb529d8e9832762a');
    expect(domainHash({ ...ctx, chainId: 1 })).toBe(domainHash(ctx));
    expect(safeTxMessageHash(ctx, cancellation(legacySafe, 39n))).toBe('0xf0c66ea90dae4d21f8fed03cb6e7f03eb0720479fb2562915921721eed809626');
    expect(safeTxHash(ctx, cancellation(legacySafe, 39n))).toBe('0x89067bfebe450e45c02dd97e3cc9bd1656d49ebb8a17819829eab9c5dc575c27');
    expect(safeTxTypedData(ctx, cancellation(legacySafe, 39n)).domain).toEqual({ verifyingContract: legacySafe });
  });

  it.each(['1.3.0', '1.4.1'])('%s: domain with chainId', (version) => {
    expect(domainHash({ chainId: 4, safeAddress: legacySafe, version })).toBe('0x0d56532a2a780ffd32b2c3d85d0f8a7b2fc13df0576c006e2aaa47eb66cf71c9');
    const safe: Address = '0x4cb09344de5bCCD45F045c5Defa0E0452869FF0f';
    expect(safeTxHash({ chainId: 4, safeAddress: safe, version }, cancellation(safe, 39n))).toBe(
      '0xdce3bf453ed8cf84d13c76911e5d11c31501b24004b9e856d6091808067bd398',
    );
    expect(domainHash({ chainId: 5, safeAddress: legacySafe, version })).not.toBe(domainHash({ chainId: 4, safeAddress: legacySafe, version }));
  });

  it('< 1.0.0: the gas field is dataGas (independent ABI encoding)', () => {
    const tx = normalizeSafeTx({ to: legacySafe, value: 7n, data: '0xdeadbeef', safeTxGas: 1n, baseGas: 2n, gasPrice: 3n, nonce: 9n });
    const ctx = { chainId: 1, safeAddress: legacySafe, version: '0.1.0' };
    const struct = keccak256(
      encodeAbiParameters(
        [
          { type: 'bytes32' },
          { type: 'address' },
          { type: 'uint256' },
          { type: 'bytes32' },
          { type: 'uint8' },
          { type: 'uint256' },
          { type: 'uint256' },
          { type: 'uint256' },
          { type: 'address' },
          { type: 'address' },
          { type: 'uint256' },
        ],
        [SAFE_TX_TYPEHASH_DATAGAS, tx.to, 7n, keccak256('0xdeadbeef'), 0, 1n, 2n, 3n, zeroAddress, zeroAddress, 9n],
      ),
    );
    const domain = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }], [DOMAIN_TYPEHASH_LEGACY, legacySafe]));
    expect(safeTxMessageHash(ctx, tx)).toBe(struct);
    expect(domainHash(ctx)).toBe(domain);
    expect(safeTxHash(ctx, tx)).toBe(keccak256(concat(['0x1901', domain, struct])));
    expect(safeTxTypedData(ctx, tx).message).toHaveProperty('dataGas', 2n);
    expect(safeTxMessageHash({ ...ctx, version: '1.0.0' }, tx)).not.toBe(struct);
  });
});

describe('property: random SafeTx × versions equals an independent ABI-encoding implementation', () => {
  const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b)));
  const uint256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
  const tx: fc.Arbitrary<SafeTx> = fc.record({
    to: address,
    value: uint256,
    data: fc.uint8Array({ maxLength: 100 }).map((b): Hex => (b.length ? toHex(b) : '0x')),
    operation: fc.constantFrom(0 as const, 1 as const),
    safeTxGas: uint256,
    baseGas: uint256,
    gasPrice: uint256,
    gasToken: address,
    refundReceiver: address,
    nonce: uint256,
  });

  function reference(version: string, chainId: bigint, safe: Address, t: SafeTx): Hex {
    const [major, minor] = version.split('.').map(Number) as [number, number];
    const withChain = major > 1 || (major === 1 && minor >= 3);
    const domain = withChain
      ? keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }], [DOMAIN_TYPEHASH_WITH_CHAIN, chainId, safe]))
      : keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }], [DOMAIN_TYPEHASH_LEGACY, safe]));
    const typeHash = major < 1 ? SAFE_TX_TYPEHASH_DATAGAS : SAFE_TX_TYPEHASH;
    const struct = keccak256(
      encodeAbiParameters(
        ['bytes32', 'address', 'uint256', 'bytes32', 'uint8', 'uint256', 'uint256', 'uint256', 'address', 'address', 'uint256'].map((type) => ({ type })),
        [typeHash, t.to, t.value, keccak256(t.data), t.operation, t.safeTxGas, t.baseGas, t.gasPrice, t.gasToken, t.refundReceiver, t.nonce],
      ),
    );
    return keccak256(concat(['0x1901', domain, struct]));
  }

  it('holds for 300 random cases', () => {
    fc.assert(
      fc.property(tx, fc.constantFrom('0.1.0', '1.0.0', '1.1.1', '1.2.0', '1.3.0', '1.3.0+L2', '1.4.1'), fc.bigInt({ min: 1n, max: 2n ** 53n - 1n }), address, (t, version, chainId, safe) => {
        expect(safeTxHash({ chainId, safeAddress: safe, version }, t)).toBe(reference(version, chainId, safe, t));
      }),
      { numRuns: 300 },
    );
  });
});
