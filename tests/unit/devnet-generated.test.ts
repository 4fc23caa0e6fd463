import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { generateSafeData, prng } from '../../devnet/gateway/generated.ts';
import { LARGE_SAFE, largeSafeOwnerKeys, plannedMessages, plannedQueue } from '../../devnet/seed/largeSafe.ts';

const ctx = {
  addressInfo: (value: string) => ({ value: getAddress(value), name: null, logoUri: null }),
  tokenLogo: (symbol: string) => `logo:${symbol}`,
};
const SAFE = getAddress('0x8fd493d187ba9a6655bd89f96286f63d68160b99');
const ANCHOR = Date.UTC(2026, 10, 30);

describe('large-Safe fixture: generated lists (decision 0068)', () => {
  it('has the issue’s sizes and is the same for the same seed', () => {
    const a = generateSafeData(ctx, SAFE, 22, ANCHOR);
    expect(a.balances).toHaveLength(1_500);
    expect(a.history).toHaveLength(10_000);
    expect(a.collectibles).toHaveLength(500);
    expect(new Set(a.balances.map((b) => b.tokenInfo.address)).size).toBe(1_500);
    expect(new Set(a.collectibles.map((c) => `${c.address}:${c.id}`)).size).toBe(500);
    const b = generateSafeData(ctx, SAFE, 22, ANCHOR);
    expect(JSON.stringify(b.balances)).toBe(JSON.stringify(a.balances));
    expect(JSON.stringify(b.history.slice(0, 50))).toBe(JSON.stringify(a.history.slice(0, 50)));
    expect(generateSafeData(ctx, SAFE, 23, ANCHOR).balances[0]!.tokenInfo.address).not.toBe(a.balances[0]!.tokenInfo.address);
  });

  it('lists the history newest first, before the anchor, as incoming transfers to the Safe with unique ids', () => {
    const { history, historyById } = generateSafeData(ctx, SAFE, 22, ANCHOR);
    for (let i = 1; i < history.length; i++) expect(history[i]!.timestamp).toBeLessThan(history[i - 1]!.timestamp);
    expect(history[0]!.timestamp).toBeLessThan(ANCHOR);
    expect(historyById.size).toBe(10_000);
    for (const item of history.slice(0, 100)) {
      expect(item.id.startsWith(`transfer_${SAFE}_0x`)).toBe(true);
      expect(item.txInfo).toMatchObject({ type: 'Transfer', direction: 'INCOMING', recipient: { value: SAFE } });
    }
    const kinds = new Set(history.map((h) => (h.txInfo.type === 'Transfer' ? h.txInfo.transferInfo.type : h.txInfo.type)));
    expect([...kinds].sort()).toEqual(['ERC20', 'ERC721', 'NATIVE_COIN']);
  });

  it('keeps the PRNG in [0, 1)', () => {
    const r = prng(1);
    for (let i = 0; i < 1_000; i++) {
      const x = r();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe('large-Safe fixture: what is proposed and signed', () => {
  const owners = largeSafeOwnerKeys();

  it('has 30 distinct owners, the first three the devnet accounts the Devnet Wallet holds', () => {
    expect(owners).toHaveLength(30);
    expect(new Set(owners.map((o) => o.address)).size).toBe(30);
    expect(owners.slice(0, 3).map((o) => o.address)).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']);
  });

  it('plans 200 queued transactions over 80 nonces, every nonce in conflict, signed by 1–3 distinct owners', () => {
    const queue = plannedQueue(SAFE, owners, null);
    expect(queue).toHaveLength(LARGE_SAFE.queued);
    const perNonce = new Map<bigint, number>();
    for (const { tx, signers } of queue) {
      perNonce.set(tx.nonce, (perNonce.get(tx.nonce) ?? 0) + 1);
      expect(signers.length).toBeGreaterThanOrEqual(1);
      expect(signers.length).toBeLessThanOrEqual(3);
      expect(new Set(signers.map((s) => s.address)).size).toBe(signers.length);
    }
    expect(perNonce.size).toBe(80);
    expect(Math.min(...perNonce.values())).toBeGreaterThanOrEqual(2);
  });

  it('plans 300 messages, a tenth of them EIP-712', () => {
    const messages = plannedMessages(31337, SAFE, owners);
    expect(messages).toHaveLength(300);
    expect(messages.filter((m) => typeof m.content !== 'string')).toHaveLength(30);
  });
});
