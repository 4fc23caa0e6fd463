import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeFunctionData, getAddress, parseAbi, toHex, zeroAddress, type Address } from 'viem';
import {
  buildSafeTx,
  classifyRisks,
  encodeMultiSendCall,
  hasBlockingRisk,
  normalizeSafeTx,
  safeSettingsAbi,
  safeToL2MigrationAbi,
  type SafeTx,
} from '../../../../src/domain/safe/index.ts';

const SAFE: Address = '0x1234567890123456789012345678901234567890';
const ATTACKER: Address = '0xbDd077f651EBe7f7b3cE16fe5F2b025BE2969516';
const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const MULTISEND_141: Address = '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526';
const MULTISEND_CALL_ONLY_141: Address = '0x9641d764fc13c8B624c04430C7356C1C7C8102e2';
const SIGN_MESSAGE_LIB_141: Address = '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9';
const MULTISEND_111: Address = '0x8D29bE29923b68abfDD21e541b9374737B49cdAD';
const ctx = { chainId: 1, safeVersion: '1.4.1', safeAddress: SAFE };
const codes = (tx: SafeTx, c = ctx) => classifyRisks(tx, c).map((r) => `${r.severity}:${r.code}:${r.path.join('.')}`);

// What the Bybit signers signed: a "transfer" that is really a DELEGATECALL to code writing slot 0.
const bybitLikeData = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 value)']), functionName: 'transfer', args: [ATTACKER, 0n] });

describe('classifyRisks', () => {
  it('a plain transfer has no risk', () => {
    expect(codes(buildSafeTx({ kind: 'nativeTransfer', to: RECIPIENT, value: 1n }, { safeAddress: SAFE, version: '1.4.1', nonce: 0n }))).toEqual([]);
  });

  it('blocks a DELEGATECALL to a contract outside the allow-list', () => {
    const risks = classifyRisks(normalizeSafeTx({ to: ATTACKER, data: bybitLikeData, operation: 1, nonce: 0n }), ctx);
    expect(risks.map((r) => r.code)).toEqual(['untrusted-delegatecall']);
    expect(risks[0]?.severity).toBe('blocking');
    expect(risks[0]?.message).toMatch(/masterCopy, storage slot 0/);
    expect(hasBlockingRisk(risks)).toBe(true);
  });

  it('allows DELEGATECALL to the versioned libraries', () => {
    expect(codes(normalizeSafeTx({ to: MULTISEND_CALL_ONLY_141, data: encodeMultiSendCall([]), operation: 1, nonce: 0n }))).toEqual([]);
    expect(codes(normalizeSafeTx({ to: SIGN_MESSAGE_LIB_141, data: '0x85a5affe', operation: 1, nonce: 0n }))).toEqual([]);
    // The 1.4.1 MultiSend is not trusted by a 1.1.1 Safe, and MultiSend 1.1.1 not by a 1.4.1 Safe.
    expect(codes(normalizeSafeTx({ to: MULTISEND_141, data: encodeMultiSendCall([]), operation: 1, nonce: 0n }), { ...ctx, safeVersion: '1.1.1' })).toEqual([
      'blocking:untrusted-delegatecall:',
    ]);
    expect(codes(normalizeSafeTx({ to: MULTISEND_111, data: encodeMultiSendCall([]), operation: 1, nonce: 0n }))).toEqual(['blocking:untrusted-delegatecall:']);
    expect(codes(normalizeSafeTx({ to: MULTISEND_111, data: encodeMultiSendCall([]), operation: 1, nonce: 0n }), { ...ctx, safeVersion: '1.1.1' })).toEqual([]);
  });

  it('finds a masterCopy-overwriting DELEGATECALL hidden in a MultiSend batch', () => {
    const batch = encodeMultiSendCall([
      { operation: 0, to: RECIPIENT, value: 10n, data: '0x' },
      { operation: 1, to: ATTACKER, value: 0n, data: bybitLikeData },
    ]);
    const risks = classifyRisks(normalizeSafeTx({ to: MULTISEND_141, data: batch, operation: 1, nonce: 7n }), ctx);
    expect(risks).toHaveLength(1);
    expect(risks[0]).toMatchObject({ code: 'untrusted-delegatecall', severity: 'blocking', path: [1], to: getAddress(ATTACKER) });
    expect(risks[0]?.message).toMatch(/batch item 1/);
  });

  it('finds changeMasterCopy and settings changes nested two batches deep', () => {
    const inner = encodeMultiSendCall([
      { operation: 0, to: SAFE, value: 0n, data: encodeFunctionData({ abi: safeSettingsAbi, functionName: 'changeMasterCopy', args: [ATTACKER] }) },
      { operation: 0, to: SAFE, value: 0n, data: encodeFunctionData({ abi: safeSettingsAbi, functionName: 'enableModule', args: [ATTACKER] }) },
    ]);
    const outer = encodeMultiSendCall([
      { operation: 0, to: RECIPIENT, value: 0n, data: '0x' },
      { operation: 1, to: MULTISEND_141, value: 0n, data: inner },
    ]);
    expect(codes(normalizeSafeTx({ to: MULTISEND_141, data: outer, operation: 1, nonce: 0n }))).toEqual([
      'warning:implementation-change:1.0',
      'warning:module-change:1.1',
    ]);
  });

  it('flags every kind of configuration change built by the builder', () => {
    const build = { safeAddress: SAFE, version: '1.4.1', nonce: 0n, owners: [RECIPIENT, ATTACKER], modules: [ATTACKER] };
    const cases: [Parameters<typeof buildSafeTx>[0], string[]][] = [
      [{ kind: 'addOwner', owner: zeroAddress.replace(/0$/, '5') as Address, threshold: 2 }, ['owner-change', 'threshold-change']],
      [{ kind: 'removeOwner', owner: ATTACKER, threshold: 1 }, ['owner-change', 'threshold-change']],
      [{ kind: 'swapOwner', oldOwner: ATTACKER, newOwner: SAFE }, ['owner-change']],
      [{ kind: 'changeThreshold', threshold: 2 }, ['threshold-change']],
      [{ kind: 'enableModule', module: RECIPIENT }, ['module-change']],
      [{ kind: 'disableModule', module: ATTACKER }, ['module-change']],
      [{ kind: 'setGuard', guard: RECIPIENT }, ['guard-change']],
      [{ kind: 'setGuard', guard: zeroAddress }, ['guard-change']],
      [{ kind: 'setFallbackHandler', handler: RECIPIENT }, ['fallback-handler-change']],
    ];
    for (const [intent, expected] of cases) {
      expect(classifyRisks(buildSafeTx(intent, build), ctx).map((r) => r.code)).toEqual(expected);
    }
    expect(classifyRisks(buildSafeTx({ kind: 'changeImplementation', l2: true }, { ...build, version: '1.3.0' }), { ...ctx, safeVersion: '1.3.0' }).map((r) => r.code)).toEqual([
      'implementation-change',
    ]);
    expect(
      classifyRisks(buildSafeTx({ kind: 'changeImplementation', implementation: ATTACKER }, { ...build, version: '1.1.1' }), { ...ctx, safeVersion: '1.1.1' }).map((r) => r.code),
    ).toEqual(['implementation-change']);
  });

  it('ignores settings selectors sent to another contract (they only act on msg.sender’s own Safe)', () => {
    const data = encodeFunctionData({ abi: safeSettingsAbi, functionName: 'changeThreshold', args: [1n] });
    expect(codes(normalizeSafeTx({ to: RECIPIENT, data, nonce: 0n }))).toEqual([]);
    // Without a known Safe address, be conservative.
    expect(codes(normalizeSafeTx({ to: RECIPIENT, data, nonce: 0n }), { chainId: 1, safeVersion: '1.4.1' } as typeof ctx)).toEqual(['warning:threshold-change:']);
  });

  it('blocks undecodable batches and unknown operations', () => {
    expect(codes(normalizeSafeTx({ to: MULTISEND_141, data: '0x8d80ff0a1234', operation: 1, nonce: 0n }))).toEqual(['blocking:undecodable-batch:']);
    expect(codes({ ...normalizeSafeTx({ to: RECIPIENT, nonce: 0n }), operation: 2 as 0 })).toEqual(['blocking:invalid-operation:']);
  });

  it('gas refunds: combinations of gasPrice, gasToken and refundReceiver', () => {
    const base = normalizeSafeTx({ to: RECIPIENT, nonce: 0n });
    const token: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
    expect(codes({ ...base, gasPrice: 1n })).toEqual(['notice:gas-refund:']);
    expect(codes({ ...base, gasToken: token })).toEqual(['notice:custom-gas-token:']);
    expect(codes({ ...base, refundReceiver: ATTACKER })).toEqual(['notice:custom-refund-receiver:']);
    expect(codes({ ...base, gasPrice: 50n, gasToken: token })).toEqual(['warning:gas-refund-reroute:', 'notice:custom-gas-token:']);
    expect(codes({ ...base, gasPrice: 50n, refundReceiver: ATTACKER })).toEqual(['warning:gas-refund-reroute:', 'notice:custom-refund-receiver:']);
    expect(codes({ ...base, gasPrice: 50n, gasToken: token, refundReceiver: ATTACKER })).toEqual([
      'warning:gas-refund-reroute:',
      'notice:custom-gas-token:',
      'notice:custom-refund-receiver:',
    ]);
  });

  it('any DELEGATECALL to a random address is blocking (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.uint8Array({ maxLength: 64 }), (bytes, data) => {
        const to = getAddress(toHex(bytes));
        fc.pre(![MULTISEND_141, MULTISEND_CALL_ONLY_141, SIGN_MESSAGE_LIB_141].includes(to));
        const risks = classifyRisks(normalizeSafeTx({ to, data: data.length ? toHex(data) : '0x', operation: 1, nonce: 0n }), ctx);
        expect(hasBlockingRisk(risks)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('SafeToL2Migration: the singleton it switches to must be a canonical Safe L2 singleton (F6)', () => {
  const MIGRATION = getAddress('0xfF83F6335d8930cBad1c0D439A841f01888D9f69');
  const MIGRATION_ZKSYNC = getAddress('0xa26620d1f8f1a2433F0D25027F141aaCAFB3E590');
  const L2_141 = getAddress('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762');
  const L2_141_ZKSYNC = getAddress('0x610fcA2e0279Fa1F8C00c8c2F71dF522AD469380');
  const L2_130 = getAddress('0x3E5c63644E683549055b9Be8653de26E0B4CD36E');
  const L2_130_EIP155 = getAddress('0xfb1bffC9d739B8D520DaF37dF666da4C687191EA');
  const HANDLER_130 = getAddress('0xf48f2B2d2a534e402487b3ee7C18c33Aec0Fe5e4');
  const migrateToL2 = (singleton: Address) => encodeFunctionData({ abi: safeToL2MigrationAbi, functionName: 'migrateToL2', args: [singleton] });
  const migrateFromV111 = (singleton: Address, handler: Address) => encodeFunctionData({ abi: safeToL2MigrationAbi, functionName: 'migrateFromV111', args: [singleton, handler] });
  const migration = (data: `0x${string}`, to: Address = MIGRATION) => normalizeSafeTx({ to, data, operation: 1, nonce: 0n });

  it('an attacker’s singleton is blocking, with the address in the sentence', () => {
    const risks = classifyRisks(migration(migrateToL2(ATTACKER)), ctx);
    expect(risks).toEqual([
      {
        code: 'untrusted-migration',
        severity: 'blocking',
        message: `The migration would switch this Safe to ${ATTACKER} which is not a canonical Safe L2 singleton for this chain — signing is blocked.`,
        path: [],
        to: MIGRATION,
        method: 'migrateToL2',
      },
    ]);
    expect(hasBlockingRisk(risks)).toBe(true);
  });

  it('the canonical Safe L2 singleton of the Safe’s release on this chain is a warning only', () => {
    expect(classifyRisks(migration(migrateToL2(L2_141)), ctx).map((r) => `${r.severity}:${r.code}:${r.message}`)).toEqual([
      `warning:implementation-change:Migrates the Safe to the canonical Safe L2 1.4.1 singleton ${L2_141} through SafeToL2Migration 1.4.1`,
    ]);
    const v130 = { ...ctx, safeVersion: '1.3.0' };
    expect(codes(migration(migrateToL2(L2_130)), v130)).toEqual(['warning:implementation-change:']);
    expect(codes(migration(migrateToL2(L2_130_EIP155)), v130)).toEqual(['warning:implementation-change:']);
  });

  it('another release’s singleton, or another chain’s variant, is blocking', () => {
    expect(codes(migration(migrateToL2(L2_130)), ctx)).toEqual(['blocking:untrusted-migration:']);
    expect(codes(migration(migrateToL2(L2_141)), { ...ctx, safeVersion: '1.3.0' })).toEqual(['blocking:untrusted-migration:']);
    expect(codes(migration(migrateToL2(L2_141)), { ...ctx, safeVersion: '1.5.0' })).toEqual(['blocking:untrusted-migration:']);
    expect(codes(migration(migrateToL2(L2_141_ZKSYNC)), ctx)).toEqual(['blocking:untrusted-migration:']);
    // On zkSync Era the zkSync variants are the canonical ones (and the migration library is its zkSync variant).
    expect(codes(migration(migrateToL2(L2_141_ZKSYNC), MIGRATION_ZKSYNC), { ...ctx, chainId: 324 })).toEqual(['warning:implementation-change:']);
    expect(codes(migration(migrateToL2(L2_141_ZKSYNC), MIGRATION_ZKSYNC), ctx)).toEqual(['blocking:untrusted-delegatecall:']);
  });

  it('hidden in a MultiSend batch, it is found and blocking', () => {
    const batch = encodeMultiSendCall([
      { operation: 0, to: RECIPIENT, value: 1n, data: '0x' },
      { operation: 1, to: MIGRATION, value: 0n, data: migrateToL2(ATTACKER) },
    ]);
    const risks = classifyRisks(normalizeSafeTx({ to: MULTISEND_141, data: batch, operation: 1, nonce: 0n }), ctx);
    expect(risks.map((r) => `${r.severity}:${r.code}:${r.path.join('.')}`)).toEqual(['blocking:untrusted-migration:1']);
    expect(risks[0]?.message).toBe(`The migration (batch item 1) would switch this Safe to ${ATTACKER} which is not a canonical Safe L2 singleton for this chain — signing is blocked.`);
  });

  it('migrateFromV111 needs the 1.3.0 Safe L2 singleton; a fallback handler other than the canonical one is a warning', () => {
    expect(codes(migration(migrateFromV111(L2_130, HANDLER_130)))).toEqual(['warning:implementation-change:']);
    expect(codes(migration(migrateFromV111(L2_130, ATTACKER)))).toEqual(['warning:implementation-change:', 'warning:fallback-handler-change:']);
    expect(codes(migration(migrateFromV111(ATTACKER, HANDLER_130)))).toEqual(['blocking:untrusted-migration:']);
    expect(codes(migration(migrateFromV111(L2_141, HANDLER_130)))).toEqual(['blocking:untrusted-migration:']);
  });

  it('any other call to the migration library is blocking', () => {
    expect(codes(migration('0x'))).toEqual(['blocking:untrusted-migration:']);
    expect(codes(migration('0x12345678'))).toEqual(['blocking:untrusted-migration:']);
  });

  it('on the devnet, where no migration library is deployed, a DELEGATECALL to it is untrusted', () => {
    expect(codes(migration(migrateToL2(L2_141)), { ...ctx, chainId: 31337 })).toEqual(['blocking:untrusted-delegatecall:']);
  });

  it('any singleton but the canonical ones is blocking (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.constantFrom(1, 10, 100, 8453, 11155111, 999_999), (bytes, chainId) => {
        const singleton = getAddress(toHex(bytes));
        fc.pre(singleton !== L2_141);
        expect(codes(migration(migrateToL2(singleton)), { ...ctx, chainId })).toEqual(['blocking:untrusted-migration:']);
      }),
      { numRuns: 200 },
    );
  });
});
