/** The two-source check (decision 0053): the gateway's Safe info against the chain, one difference per field. */
import { describe, expect, it } from 'vitest';
import { getAddress, zeroAddress } from 'viem';
import {
  compareSafeInfo,
  isSafeInfoBlockText,
  safeInfoAllowsSigning,
  safeInfoBlockText,
  safeInfoVerdict,
  uncheckedVerdict,
  usedNonceDifference,
  type SafeChainFacts,
  type SafeInfoClaim,
} from '../../../../src/domain/safe/safeInfoCheck.ts';

const A = getAddress('0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'.toLowerCase());
const B = getAddress('0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'.toLowerCase());
const C = getAddress('0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC'.toLowerCase());
const D = getAddress('0xdDdDddDdDdDDdDddDDdDDdDdDddDDdDDdDdDDdDD'.toLowerCase());
const SINGLETON = '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762';
const OTHER_SINGLETON = '0x41675C099F32341bf84BFc5382aF534df5C7461a';
const HANDLER = '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99';
const GUARD = '0x1111111111111111111111111111111111111111';
const MODULE = '0x2222222222222222222222222222222222222222';

const chain: SafeChainFacts = {
  owners: [A, B, C],
  threshold: 2,
  nonce: 7n,
  version: '1.4.1',
  singleton: SINGLETON,
  modules: [],
  guard: zeroAddress,
  fallbackHandler: HANDLER,
};
/** What an honest gateway says of the same Safe (lower-case addresses, "+L2" version, null for none). */
const honest: SafeInfoClaim = {
  owners: [C.toLowerCase(), A.toLowerCase(), B.toLowerCase()],
  threshold: 2,
  nonce: 7,
  version: '1.4.1+L2',
  implementation: SINGLETON.toLowerCase(),
  modules: null,
  guard: null,
  fallbackHandler: HANDLER.toLowerCase(),
};
const texts = (claim: SafeInfoClaim, facts: SafeChainFacts = chain) => compareSafeInfo(claim, facts).differences.map((d) => d.text);

describe('compareSafeInfo', () => {
  it('finds no difference when the gateway agrees (order, checksum case, "+L2" and none/zero do not matter)', () => {
    expect(compareSafeInfo(honest, chain)).toEqual({ differences: [], gatewayBehind: false });
    expect(compareSafeInfo({ ...honest, modules: [], guard: zeroAddress }, chain).differences).toEqual([]);
  });

  it('owners: a swapped owner names both addresses, checksummed', () => {
    expect(texts({ ...honest, owners: [A, B, D] })).toEqual([
      `Owners: the gateway lists ${D} that the chain does not have; the chain has ${C} that the gateway does not list.`,
    ]);
    expect(texts({ ...honest, owners: [A, B] })).toEqual([`Owners: the chain has ${C} that the gateway does not list.`]);
    expect(texts({ ...honest, owners: [A, B, C, D, D.toLowerCase()] })).toEqual([`Owners: the gateway lists ${D} that the chain does not have.`]);
  });

  it('threshold', () => {
    expect(compareSafeInfo({ ...honest, threshold: 1 }, chain).differences).toEqual([{ field: 'threshold', text: 'Threshold: gateway 1, chain 2.' }]);
  });

  it('version, compared without the L2 suffix', () => {
    expect(texts({ ...honest, version: '1.3.0+L2' })).toEqual(['Version: gateway 1.3.0+L2, chain 1.4.1.']);
    expect(texts({ ...honest, version: null })).toEqual(['Version: gateway none, chain 1.4.1.']);
  });

  it("singleton: the gateway's implementation against storage slot 0", () => {
    expect(texts({ ...honest, implementation: OTHER_SINGLETON })).toEqual([`Singleton (the Safe’s implementation): gateway ${OTHER_SINGLETON}, chain ${SINGLETON}.`]);
  });

  it('modules, as sets', () => {
    expect(texts({ ...honest, modules: [MODULE] })).toEqual([`Modules: the gateway lists ${MODULE} that the chain does not have.`]);
    expect(texts(honest, { ...chain, modules: [MODULE] })).toEqual([`Modules: the chain has ${MODULE} that the gateway does not list.`]);
    expect(texts({ ...honest, modules: [MODULE.toUpperCase().replace('0X', '0x'), GUARD] }, { ...chain, modules: [GUARD, MODULE] })).toEqual([]);
  });

  it('guard and fallback handler, none being the zero address', () => {
    expect(texts(honest, { ...chain, guard: GUARD })).toEqual([`Guard: gateway none, chain ${GUARD}.`]);
    expect(texts({ ...honest, guard: GUARD })).toEqual([`Guard: gateway ${GUARD}, chain none.`]);
    expect(texts({ ...honest, fallbackHandler: null })).toEqual([`Fallback handler: gateway none, chain ${HANDLER}.`]);
  });

  it('nonce: a gateway behind the chain is not a difference; one ahead is', () => {
    expect(compareSafeInfo({ ...honest, nonce: 6 }, chain)).toEqual({ differences: [], gatewayBehind: true });
    expect(texts({ ...honest, nonce: 8 })).toEqual(['Nonce: gateway 8, chain 7 — the gateway counts transactions the chain has not executed.']);
  });

  it('a gateway behind the chain still shows an owner change it has not indexed', () => {
    expect(compareSafeInfo({ ...honest, nonce: 6, owners: [A, B] }, chain)).toEqual({
      differences: [{ field: 'owners', text: `Owners: the chain has ${C} that the gateway does not list.` }],
      gatewayBehind: true,
    });
  });

  it('every field at once, in a fixed order', () => {
    const all = compareSafeInfo({ owners: [A], threshold: 1, nonce: 9, version: '1.3.0', implementation: OTHER_SINGLETON, modules: [MODULE], guard: GUARD, fallbackHandler: null }, chain);
    expect(all.differences.map((d) => d.field)).toEqual(['owners', 'threshold', 'nonce', 'version', 'singleton', 'modules', 'guard', 'fallbackHandler']);
  });

  it('does not compare what the gateway did not state', () => {
    expect(compareSafeInfo({ owners: [A, B, C], threshold: 2 }, { ...chain, guard: GUARD, modules: [MODULE] }).differences).toEqual([]);
  });
});

describe('the verdict of a signing flow', () => {
  it("a SafeTx at a nonce the chain has already used can never execute: it is a difference", () => {
    expect(usedNonceDifference(6n, 7n)?.text).toBe(
      'Nonce: this transaction uses nonce 6, which the chain has already used (the Safe is at nonce 7); the gateway has not caught up.',
    );
    expect(usedNonceDifference('7', 7n)).toBeNull();
    expect(usedNonceDifference(9, '7')).toBeNull();
  });

  it('agrees, differs, or was not checked; only agreeing lets a signature be asked for', () => {
    const agrees = safeInfoVerdict({ ...honest, nonce: 6 }, chain, '7');
    expect(agrees).toEqual({ status: 'agrees', chainNonce: '7', gatewayBehind: true });
    expect(safeInfoAllowsSigning(agrees)).toBe(true);
    expect(safeInfoBlockText(agrees)).toBeNull();

    const differs = safeInfoVerdict({ ...honest, threshold: 3 }, chain, '6');
    expect(differs).toEqual({
      status: 'differs',
      chainNonce: '7',
      differences: ['Threshold: gateway 3, chain 2.', 'Nonce: this transaction uses nonce 6, which the chain has already used (the Safe is at nonce 7); the gateway has not caught up.'],
    });
    expect(safeInfoAllowsSigning(differs)).toBe(false);
    expect(safeInfoBlockText(differs)).toMatch(/^Signing is blocked: the gateway’s Safe info does not match the chain\. Threshold: gateway 3, chain 2\. .* Reload the Safe/);

    const unchecked = uncheckedVerdict(new Error('HTTP request failed.\nURL: http://127.0.0.1:8545'));
    expect(unchecked).toEqual({ status: 'unchecked', reason: 'HTTP request failed.' });
    expect(safeInfoAllowsSigning(unchecked)).toBe(false);
    expect(safeInfoAllowsSigning(undefined)).toBe(false);
    expect(isSafeInfoBlockText(safeInfoBlockText(unchecked))).toBe(true);
    expect(isSafeInfoBlockText(safeInfoBlockText(differs))).toBe(true);
    expect(isSafeInfoBlockText('The transaction could not be prepared.')).toBe(false);
  });
});
