// The Allowance module's pure side (src/domain/safe/allowance.ts, which the devnet re-exports) against the deployments package and the module's
// source constants, and the devnet's compiled creation code against the canonical address (no chain needed).
import { describe, expect, it } from 'vitest';
import { getAllowanceModuleDeployment } from '@safe-global/safe-modules-deployments';
import { decodeFunctionData, getAddress, keccak256, toEventSignature, toFunctionSignature, toHex, type AbiEvent, type AbiFunction } from 'viem';
import {
  ALLOWANCE_MODULE_ADDRESS,
  ALLOWANCE_MODULE_CHAINS,
  allowanceModuleAddress,
  ALLOWANCE_TRANSFER_TYPES,
  allowanceModuleAbi,
  allowanceModuleArtifact,
  allowanceModuleCanonicalAddress,
  allowanceTransferHash,
  decodeTokenAllowance,
  encodeAddDelegate,
  encodeSetAllowance,
} from '../../devnet/chain/index.ts';
import { singletonFactoryAddressOf } from '../../devnet/chain/safeContracts.ts';

const signatures = (abi: readonly unknown[]): string[] =>
  (abi as (AbiFunction | AbiEvent | { type: string })[])
    .map((item) => (item.type === 'function' ? toFunctionSignature(item as AbiFunction) : item.type === 'event' ? `event ${toEventSignature(item as AbiEvent)}` : ''))
    .filter(Boolean);

describe('AllowanceModule 0.1.1', () => {
  it('has the ABI the deployments package lists (every function and event of ours is there, same signature)', () => {
    const published = getAllowanceModuleDeployment({ version: '0.1.1' })?.abi ?? [];
    const ours = signatures(allowanceModuleAbi);
    expect(ours).toHaveLength(allowanceModuleAbi.length);
    for (const s of ours) expect(signatures(published), s).toContain(s);
    for (const name of ['addDelegate', 'removeDelegate', 'setAllowance', 'resetAllowance', 'deleteAllowance', 'getTokenAllowance', 'getDelegates', 'getTokens', 'executeAllowanceTransfer', 'generateTransferHash']) {
      expect(allowanceModuleAbi.some((i) => i.type === 'function' && i.name === name), name).toBe(true);
    }
    expect(allowanceModuleAbi.filter((i) => i.type === 'event')).toHaveLength(7);
  });

  it('hashes transfers with the typehashes written in the module (EIP-712 domain: chainId and the module)', () => {
    const type = `AllowanceTransfer(${ALLOWANCE_TRANSFER_TYPES.AllowanceTransfer.map((f) => `${f.type} ${f.name}`).join(',')})`;
    expect(keccak256(toHex(type))).toBe('0x97c7ed08d51f4a077f71428543a8a2454799e5f6df78c03ef278be094511eda4');
    expect(keccak256(toHex('EIP712Domain(uint256 chainId,address verifyingContract)'))).toBe('0x47e79534a245952e8b16893a336b85a3d9ea9fa8c573f3d803afb92a79469218');
    const t = { safe: ALLOWANCE_MODULE_ADDRESS, token: ALLOWANCE_MODULE_ADDRESS, to: ALLOWANCE_MODULE_ADDRESS, amount: 1n, nonce: 1 };
    expect(allowanceTransferHash(1, ALLOWANCE_MODULE_ADDRESS, t)).not.toBe(allowanceTransferHash(2, ALLOWANCE_MODULE_ADDRESS, t));
    expect(allowanceTransferHash(1, ALLOWANCE_MODULE_ADDRESS, t)).not.toBe(allowanceTransferHash(1, ALLOWANCE_MODULE_ADDRESS, { ...t, nonce: 2 }));
  });

  it('encodes calls and refuses values the module cannot hold', () => {
    const delegate = ALLOWANCE_MODULE_ADDRESS;
    expect(decodeFunctionData({ abi: allowanceModuleAbi, data: encodeAddDelegate(delegate) })).toEqual({ functionName: 'addDelegate', args: [delegate] });
    const data = encodeSetAllowance({ delegate, token: delegate, amount: 5n, resetTimeMin: 1440 });
    expect(decodeFunctionData({ abi: allowanceModuleAbi, data })).toEqual({ functionName: 'setAllowance', args: [delegate, delegate, 5n, 1440, 0] });
    expect(() => encodeSetAllowance({ delegate, token: delegate, amount: 1n << 96n, resetTimeMin: 0 })).toThrow(RangeError);
    expect(() => encodeSetAllowance({ delegate, token: delegate, amount: 1n, resetTimeMin: 65_536 })).toThrow(RangeError);
    expect(decodeTokenAllowance([10n, 4n, 1440n, 29_000_000n, 3n])).toEqual({ amount: 10n, spent: 4n, resetTimeMin: 1440, lastResetMin: 29_000_000, nonce: 3 });
  });

  it('knows the module’s address on every chain the deployments package lists, and on the devnet (the app does not load that package)', () => {
    const published = getAllowanceModuleDeployment({ version: '0.1.1' })?.networkAddresses ?? {};
    const chains = Object.keys(published).map(Number).sort((a, b) => a - b);
    expect(chains.length).toBeGreaterThan(0);
    expect(ALLOWANCE_MODULE_CHAINS.filter((c) => c !== 31337)).toEqual(chains);
    for (const [chain, address] of Object.entries(published)) expect(allowanceModuleAddress(chain), chain).toBe(getAddress(address));
    expect(allowanceModuleAddress(31337)).toBe(ALLOWANCE_MODULE_ADDRESS);
    expect(allowanceModuleAddress(1)).toBeNull();
  });

  it('the devnet’s creation code lands at the canonical address through the singleton factory (salt 0)', () => {
    expect(allowanceModuleCanonicalAddress()).toBe(ALLOWANCE_MODULE_ADDRESS);
    expect(singletonFactoryAddressOf(allowanceModuleArtifact().bytecode)).toBe(ALLOWANCE_MODULE_ADDRESS);
  });
});
