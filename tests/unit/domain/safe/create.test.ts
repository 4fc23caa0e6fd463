/**
 * Safe creation helpers: the canonical 1.4.1 contracts and proxy creation code (cross-checked against the
 * published packages), the setup initializer Safe{Wallet} uses, and the CREATE2 prediction (checked here against
 * an independent computation; tests/integration/createSafe.devnet.test.ts checks it against the real factory).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeFunctionData, encodePacked, getAddress, keccak256, slice, zeroAddress, type Hex } from 'viem';
import {
  createProxyTransaction,
  DEFAULT_SAFE_CREATION,
  predictSafeAddress,
  SAFE_141_CREATION,
  SAFE_PROXY_CREATION_CODE_141,
  safeProxyFactoryAbi,
  safeSetupAbi,
  safeSetupData,
} from '../../../../src/domain/safe/index.ts';

const require = createRequire(import.meta.url);
const canonical = (name: string): string =>
  (require(`@safe-global/safe-deployments/dist/assets/v1.4.1/${name}.json`) as { deployments: { canonical: { address: string } } }).deployments.canonical.address;

const OWNERS = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] as const;

/** The CREATE2 formula written out byte by byte, without viem's getContractAddress. */
function independentPrediction(owners: readonly string[], threshold: number, saltNonce: bigint): string {
  const initializer = safeSetupData({ owners: owners.map((o) => getAddress(o)), threshold });
  const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(initializer), saltNonce]));
  const initCodeHash = keccak256(encodePacked(['bytes', 'uint256'], [SAFE_PROXY_CREATION_CODE_141, BigInt(SAFE_141_CREATION.safeL2Singleton)]));
  const hash = keccak256(encodePacked(['bytes1', 'address', 'bytes32', 'bytes32'], ['0xff', SAFE_141_CREATION.proxyFactory, salt, initCodeHash]));
  return getAddress(slice(hash, 12));
}

describe('Safe creation contracts', () => {
  it('are the canonical Safe 1.4.1 deployments (factory, SafeL2, compatibility fallback handler)', () => {
    expect(SAFE_141_CREATION.proxyFactory).toBe(canonical('safe_proxy_factory'));
    expect(SAFE_141_CREATION.safeL2Singleton).toBe(canonical('safe_l2'));
    expect(SAFE_141_CREATION.fallbackHandler).toBe(canonical('compatibility_fallback_handler'));
  });

  it('uses the SafeProxy 1.4.1 creation code from @safe-global/safe-contracts', () => {
    const artifact = require('@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxy.sol/SafeProxy.json') as { bytecode: Hex };
    expect(SAFE_PROXY_CREATION_CODE_141).toBe(artifact.bytecode);
  });
});

describe('safeSetupData', () => {
  it('is setup(owners, threshold, 0x0, 0x, compatibility fallback handler, 0x0, 0, 0x0), owners checksummed', () => {
    const data = safeSetupData({ owners: OWNERS.map((o) => o.toLowerCase() as `0x${string}`), threshold: 2 });
    const { functionName, args } = decodeFunctionData({ abi: safeSetupAbi, data });
    expect(functionName).toBe('setup');
    expect(args).toEqual([[...OWNERS], 2n, zeroAddress, '0x', SAFE_141_CREATION.fallbackHandler, zeroAddress, 0n, zeroAddress]);
  });
});

describe('predictSafeAddress (CREATE2)', () => {
  it('agrees with the formula written out independently', () => {
    for (const [owners, threshold, salt] of [
      [OWNERS, 2, 0n],
      [OWNERS, 1, 1n],
      [[OWNERS[1]], 1, 123456789n],
      [OWNERS, 2, 2n ** 256n - 1n],
    ] as const) {
      expect(predictSafeAddress({ owners, threshold, saltNonce: salt.toString() })).toBe(independentPrediction(owners, threshold, salt));
    }
  });

  it('changes with the salt nonce, the threshold and the order of the owners, not with their case', () => {
    const base = predictSafeAddress({ owners: OWNERS, threshold: 2, saltNonce: '0' });
    expect(predictSafeAddress({ owners: OWNERS, threshold: 2, saltNonce: '1' })).not.toBe(base);
    expect(predictSafeAddress({ owners: OWNERS, threshold: 1, saltNonce: '0' })).not.toBe(base);
    expect(predictSafeAddress({ owners: [OWNERS[1], OWNERS[0]], threshold: 2, saltNonce: '0' })).not.toBe(base);
    expect(predictSafeAddress({ owners: OWNERS.map((o) => o.toLowerCase() as `0x${string}`), threshold: 2, saltNonce: '0' })).toBe(base);
  });

  it('the deployment transaction is createProxyWithNonce(SafeL2, setup, saltNonce) to the factory', () => {
    const tx = createProxyTransaction({ owners: OWNERS, threshold: 2, saltNonce: '7' });
    expect(tx.to).toBe(DEFAULT_SAFE_CREATION.proxyFactory);
    const { functionName, args } = decodeFunctionData({ abi: safeProxyFactoryAbi, data: tx.data });
    expect(functionName).toBe('createProxyWithNonce');
    expect(args).toEqual([SAFE_141_CREATION.safeL2Singleton, safeSetupData({ owners: OWNERS, threshold: 2 }), 7n]);
  });
});
