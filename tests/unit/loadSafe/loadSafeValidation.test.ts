import { describe, expect, it } from 'vitest';
import { LOAD_SAFE_TEXTS, bareAddress, safeHref, validateLoadSafeForm } from '../../../src/machines/loadSafe/loadSafe.logic.ts';
import type { AddedSafe, ChainOption } from '../../../src/machines/loadSafe/loadSafe.types.ts';
import { DEVNET_SAFE, SAMPLE_CHAIN, SAMPLE_OTHER_CHAIN } from '../../../src/machines/shared/samples.ts';

const chains: ChainOption[] = [{ ...SAMPLE_OTHER_CHAIN }, { ...SAMPLE_CHAIN }];
const SAFE = DEVNET_SAFE;
const added: AddedSafe[] = [{ chainId: '1', address: SAFE, name: '' }];

describe('load Safe form validation', () => {
  it('accepts a plain or EIP-3770 prefixed address on the chosen chain', () => {
    expect(validateLoadSafeForm({ chainId: '31337', address: SAFE, name: '' }, chains, added)).toBeNull();
    expect(validateLoadSafeForm({ chainId: '31337', address: ` dev:${SAFE.toLowerCase()} `, name: '' }, chains, added)).toBeNull();
  });

  it('rejects a malformed address and a prefix of another chain', () => {
    expect(validateLoadSafeForm({ chainId: '1', address: '0x1234', name: '' }, chains, added)).toBe(LOAD_SAFE_TEXTS.invalidFormat);
    expect(validateLoadSafeForm({ chainId: '31337', address: `eth:${SAFE}`, name: '' }, chains, added)).toBe(LOAD_SAFE_TEXTS.invalidFormat);
    expect(validateLoadSafeForm({ chainId: '1', address: `0x${'g'.repeat(40)}`, name: '' }, chains, added)).toBe(LOAD_SAFE_TEXTS.invalidFormat);
  });

  it("says 'Safe account is already added' for a Safe added on that chain only", () => {
    expect(LOAD_SAFE_TEXTS.alreadyAdded).toBe('Safe account is already added');
    expect(validateLoadSafeForm({ chainId: '1', address: SAFE.toLowerCase(), name: '' }, chains, added)).toBe(LOAD_SAFE_TEXTS.alreadyAdded);
    expect(validateLoadSafeForm({ chainId: '31337', address: SAFE, name: '' }, chains, added)).toBeNull();
  });

  it('needs a chain the gateway lists', () => {
    expect(validateLoadSafeForm({ chainId: '', address: SAFE, name: '' }, chains, added)).toBe(LOAD_SAFE_TEXTS.noChain);
  });

  it('builds the Safe link with the chain short name', () => {
    expect(bareAddress(`dev:${SAFE}`)).toBe(SAFE);
    expect(safeHref(chains, '31337', SAFE)).toBe(`/home?safe=dev:${SAFE}`);
    expect(safeHref(chains, '5', SAFE)).toBeNull();
  });
});
