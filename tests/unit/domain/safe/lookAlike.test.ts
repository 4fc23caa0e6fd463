/**
 * Security property S17: generated look-alike pairs (the same first and last 4–6 hex digits, different inside)
 * must warn; random addresses must not; an address that is itself known never does; every counterparty of a
 * transaction is compared, at any batch depth.
 */
import { encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { safeSettingsAbi } from '../../../../src/domain/safe/abis.ts';
import { describeCall } from '../../../../src/domain/safe/describe.ts';
import { counterpartiesOf, lookAlikeOf, lookAlikeText, lookAlikesIn, looksAlike, sharedEnds, type KnownAddress } from '../../../../src/domain/safe/lookAlike.ts';
import { encodeMultiSendCall } from '../../../../src/domain/safe/multisend.ts';

const SAFE = getAddress('0x5afe000000000000000000000000000000005afe');
const TOKEN = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3');
const MULTISEND = getAddress('0x9641d764fc13c8b624c04430c7356c1c7c8102e2');
const ctx = { chainId: 31337, safeAddress: SAFE, version: '1.4.1' };
const erc20 = parseAbi(['function transfer(address,uint256)', 'function approve(address,uint256)']);

/** A deterministic pseudo-random address stream (xorshift), so a failure can be replayed. */
function randomAddresses(count: number, seed = 0x2545f491): Address[] {
  let x = seed >>> 0;
  const nextHex = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return (x & 0xf).toString(16);
  };
  return Array.from({ length: count }, () => getAddress(`0x${Array.from({ length: 40 }, nextHex).join('')}`));
}

/** An attacker's vanity address: `prefix` leading and `suffix` trailing hex digits of `target`, every other digit changed. */
function imitation(target: Address, prefix: number, suffix: number): Address {
  const hex = target.slice(2).toLowerCase();
  const out = [...hex].map((c, i) => (i < prefix || i >= 40 - suffix ? c : ((parseInt(c, 16) + 1 + (i % 7)) % 16).toString(16)));
  // The digit right after the prefix and right before the suffix must differ, else the match would be longer.
  return getAddress(`0x${out.join('')}`);
}

const known = (address: Address, source: KnownAddress['source'] = 'addressBook', name: string | null = 'Dora'): KnownAddress => ({ address, name, source });

describe('looksAlike', () => {
  const targets = randomAddresses(200);

  it('every generated imitation with the same first and last 4–6 digits warns', () => {
    for (const target of targets) {
      for (const prefix of [4, 5, 6]) {
        for (const suffix of [4, 5, 6]) {
          const fake = imitation(target, prefix, suffix);
          expect(fake).not.toBe(target);
          expect(sharedEnds(fake, target)).toEqual({ prefix, suffix });
          expect(looksAlike(fake, target)).toBe(true);
          expect(lookAlikeOf(fake, [known(target)])?.address).toBe(target);
        }
      }
    }
  });

  it('the shorter shortenings wallets use (3+4, 4+3) warn too; 3+3 and one end alone do not', () => {
    const [target] = targets as [Address];
    expect(looksAlike(imitation(target, 3, 4), target)).toBe(true);
    expect(looksAlike(imitation(target, 4, 3), target)).toBe(true);
    expect(looksAlike(imitation(target, 3, 3), target)).toBe(false);
    expect(looksAlike(imitation(target, 10, 0), target)).toBe(false);
    expect(looksAlike(imitation(target, 0, 10), target)).toBe(false);
  });

  it('random addresses do not look alike (40,000 pairs), and case does not matter', () => {
    const others = randomAddresses(200, 0x1234567);
    let hits = 0;
    for (const a of targets) for (const b of others) if (looksAlike(a, b)) hits += 1;
    expect(hits).toBe(0);
    const [target] = targets as [Address];
    const fake = imitation(target, 4, 4);
    expect(looksAlike(fake.toLowerCase(), target)).toBe(true);
    expect(looksAlike(target, target.toLowerCase())).toBe(false);
  });

  it('an address that is itself known is never a look-alike; malformed input is none', () => {
    const [target] = targets as [Address];
    const fake = imitation(target, 5, 5);
    expect(lookAlikeOf(fake, [known(target), known(fake, 'addressBook', 'Checked in full')])).toBeNull();
    expect(lookAlikeOf('0x1234', [known(target)])).toBeNull();
    expect(lookAlikeOf('', [known(target)])).toBeNull();
  });

  it('the closest known address is named', () => {
    const [target, other] = targets as [Address, Address];
    const fake = imitation(target, 6, 6);
    const near: KnownAddress = known(getAddress(`0x${fake.slice(2, 6)}${other.slice(6, 38)}${fake.slice(-4)}`), 'owner', null);
    expect(lookAlikeOf(fake, [near, known(target)])?.address).toBe(target);
  });
});

describe('counterparties and findings in a transaction', () => {
  const [dora, owner, spender] = randomAddresses(3, 77) as [Address, Address, Address];
  const knownSet = [known(dora), known(owner, 'owner', null), known(SAFE, 'thisSafe', null)];
  const fakeDora = imitation(dora, 4, 4);
  const fakeOwner = imitation(owner, 6, 4);
  const fakeSafe = imitation(SAFE, 4, 4);

  it('a native transfer to an imitation of an address-book entry is found and said', () => {
    const found = lookAlikesIn(describeCall({ to: fakeDora, value: 10n, data: '0x', operation: 0 }, ctx), SAFE, knownSet);
    expect(found).toEqual([{ address: fakeDora, role: 'recipient', path: [], resembles: knownSet[0] }]);
    const text = lookAlikeText(found[0]!);
    expect(text).toContain(`The recipient ${fakeDora}`);
    expect(text).toContain(`“Dora”, in your address book (${dora})`);
    expect(text).toContain('add it to your address book first');
  });

  it('inside a batch: an ERC-20 transfer to an owner’s imitation, an approval to a Safe imitation; known parties pass', () => {
    const inner = [
      { operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [dora, 5n] }) },
      { operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [fakeOwner, 5n] }) },
      { operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [fakeSafe, 5n] }) },
      { operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [spender, 5n] }) },
    ] as const;
    const described = describeCall({ to: MULTISEND, value: 0n, data: encodeMultiSendCall(inner.map((t) => ({ ...t, data: t.data as Hex }))), operation: 1 }, ctx);
    const parties = counterpartiesOf(described, SAFE);
    expect(parties.map((p) => [p.role, p.path.join('.')])).toEqual([
      ['recipient', '1'],
      ['recipient', '2'],
      ['spender', '3'],
      ['spender', '4'],
    ]);
    const found = lookAlikesIn(described, SAFE, knownSet);
    expect(found.map((f) => [f.address, f.role, f.path, f.resembles.source])).toEqual([
      [fakeOwner, 'recipient', [2], 'owner'],
      [fakeSafe, 'spender', [3], 'thisSafe'],
    ]);
    expect(lookAlikeText(found[0]!)).toContain('(batch item 2)');
  });

  it('a new owner that imitates a current owner is found; the Safe calling itself is no counterparty', () => {
    const data = encodeFunctionData({ abi: safeSettingsAbi, functionName: 'addOwnerWithThreshold', args: [fakeOwner, 2n] });
    const found = lookAlikesIn(describeCall({ to: SAFE, value: 0n, data, operation: 0 }, ctx), SAFE, knownSet);
    expect(found.map((f) => [f.address, f.role])).toEqual([[fakeOwner, 'new owner']]);
    expect(counterpartiesOf(describeCall({ to: SAFE, value: 0n, data: '0x', operation: 0 }, ctx), SAFE)).toEqual([]);
  });
});
