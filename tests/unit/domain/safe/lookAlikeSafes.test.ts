/**
 * Decision 0064 (S17): a Safe being opened that imitates a known one names a Safe pinned as trusted before the others;
 * the warning cuts both addresses where they differ; past recipients and trusted Safes say how the signer knows them.
 */
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { differingMiddle, knownAddressText, safeLookAlikeOf, type KnownAddress } from '../../../../src/domain/safe/lookAlike.ts';

const REAL = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906');
/** First 6 and last 4 hex digits of REAL, every digit between changed. */
const IMITATION = getAddress(`0x${[...REAL.slice(2).toLowerCase()].map((c, i) => (i < 6 || i >= 36 ? c : ((parseInt(c, 16) + 3) % 16).toString(16))).join('')}`);
/** Shares only 4 + 3 digits with IMITATION: a weaker match than REAL's. */
const WEAKER = getAddress(`0x${REAL.slice(2, 6)}${'e'.repeat(33)}${REAL.slice(-3)}`);

describe('safeLookAlikeOf', () => {
  it('names a Safe pinned as trusted first, even when another known address shares more digits', () => {
    const known: KnownAddress[] = [
      { address: REAL, name: 'Ops', source: 'addedSafe' },
      { address: WEAKER, name: 'Treasury', source: 'trustedSafe' },
    ];
    expect(safeLookAlikeOf(IMITATION, known)).toEqual(known[1]);
    expect(safeLookAlikeOf(IMITATION, [known[0]!])).toEqual(known[0]);
  });

  it('never warns about a Safe that is itself known (added, or in the address book), nor about an unrelated one', () => {
    expect(safeLookAlikeOf(IMITATION, [{ address: REAL, name: null, source: 'trustedSafe' }, { address: IMITATION, name: 'Mine too', source: 'addressBook' }])).toBeNull();
    expect(safeLookAlikeOf(getAddress('0x1234567890123456789012345678901234567890'), [{ address: REAL, name: null, source: 'trustedSafe' }])).toBeNull();
  });
});

describe('differingMiddle', () => {
  it('cuts both addresses at the digits they share: the same ends, each its own middle', () => {
    const ours = differingMiddle(IMITATION, REAL);
    const theirs = differingMiddle(REAL, IMITATION);
    expect(ours[0]).toBe(IMITATION.slice(0, 8));
    expect(ours[2]).toBe(IMITATION.slice(-4));
    expect(ours.join('')).toBe(IMITATION);
    expect(theirs.join('')).toBe(REAL);
    expect(ours[0].toLowerCase()).toBe(theirs[0].toLowerCase());
    expect(ours[1]).toHaveLength(30);
    expect(ours[1].toLowerCase()).not.toBe(theirs[1].toLowerCase());
  });
});

describe('knownAddressText', () => {
  it('says a trusted Safe and a past recipient in words', () => {
    expect(knownAddressText({ address: REAL, name: 'Treasury', source: 'trustedSafe' })).toBe(`“Treasury”, a Safe you pinned as trusted (${REAL})`);
    expect(knownAddressText({ address: REAL, name: null, source: 'pastRecipient' })).toBe(`a past recipient of this Safe (${REAL})`);
  });
});
