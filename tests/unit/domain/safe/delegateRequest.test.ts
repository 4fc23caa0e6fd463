/** The proposer (delegate) typed data hashes as the devnet gateway checks it (protocol.md B.7.15). */
import { describe, expect, it } from 'vitest';
import { getAddress, recoverTypedDataAddress, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { currentTotp, delegateHash } from '../../../../devnet/gateway/hashes.ts';
import { delegateRequestHash, delegateTotp, delegateTypedData } from '../../../../src/domain/safe/delegateRequest.ts';

const DELEGATE = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const NOW = Date.UTC(2026, 0, 1, 12, 34, 56);

describe('delegate typed data', () => {
  it('hashes to the devnet gateway’s delegateHash for the same chain, delegate and hour', () => {
    expect(delegateRequestHash({ chainId: '31337', delegate: DELEGATE, nowMs: NOW })).toBe(delegateHash(31337, getAddress(DELEGATE) as Address, currentTotp(NOW)));
    expect(delegateRequestHash({ chainId: 1, delegate: DELEGATE, nowMs: NOW })).toBe(delegateHash(1, getAddress(DELEGATE) as Address, currentTotp(NOW)));
  });

  it('signs the checksummed delegate and floor(unix seconds / 3600), under the Safe Transaction Service domain without a contract', () => {
    const typed = delegateTypedData({ chainId: '31337', delegate: DELEGATE, nowMs: NOW });
    expect(typed.domain).toEqual({ name: 'Safe Transaction Service', version: '1.0', chainId: 31337 });
    expect(typed.message).toEqual({ delegateAddress: getAddress(DELEGATE), totp: BigInt(Math.floor(NOW / 1000 / 3600)) });
    expect(delegateTotp(NOW)).toBe(currentTotp(NOW));
  });

  it('changes with the hour and the chain, so an old or foreign signature does not pass', () => {
    const now = delegateRequestHash({ chainId: '31337', delegate: DELEGATE, nowMs: NOW });
    expect(delegateRequestHash({ chainId: '31337', delegate: DELEGATE, nowMs: NOW + 3_600_000 })).not.toBe(now);
    expect(delegateRequestHash({ chainId: '1', delegate: DELEGATE, nowMs: NOW })).not.toBe(now);
  });

  it('a signature over it recovers to the signer', async () => {
    const owner = privateKeyToAccount(`0x${'11'.repeat(32)}`);
    const typed = delegateTypedData({ chainId: '31337', delegate: DELEGATE, nowMs: NOW });
    const signature = await owner.signTypedData(typed);
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(owner.address);
  });
});
