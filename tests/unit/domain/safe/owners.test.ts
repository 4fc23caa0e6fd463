import { describe, expect, it } from 'vitest';
import { isOwner } from '../../../../src/domain/safe/owners.ts';

const OWNERS = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'];

describe('isOwner (the owner rule, once)', () => {
  it('matches ignoring checksum case and surrounding spaces', () => {
    expect(isOwner(OWNERS, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(true);
    expect(isOwner(OWNERS, ' 0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266 ')).toBe(true);
  });
  it('refuses other addresses, no address, and an empty owner list', () => {
    expect(isOwner(OWNERS, '0x90F79bf6EB2c4f870365E785982E1f101E93b906')).toBe(false);
    expect(isOwner(OWNERS, null)).toBe(false);
    expect(isOwner(OWNERS, '')).toBe(false);
    expect(isOwner([], OWNERS[0])).toBe(false);
  });
});
