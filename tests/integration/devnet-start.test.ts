// startDevnet in-process: what it returns, the off-chain demo data as the gateway serves it (queue with a 1-of-2
// next tx, a conflict, a later nonce; messages in both states), CORS for the app origin, and a clean stop().
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_ACCOUNTS, SAFE_141, readSafe } from '../../devnet/chain/index.ts';
import { startDevnet, type Devnet } from '../../devnet/index.ts';

const APP_ORIGIN = 'http://127.0.0.1:4173';
let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ appOrigins: [APP_ORIGIN] });
});

afterAll(async () => {
  await devnet?.stop();
});

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${devnet.gatewayUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

interface QueueItem {
  type: string;
  label?: string;
  nonce?: number;
  conflictType?: string;
  transaction?: { id: string; txStatus: string; executionInfo: { nonce: number; confirmationsSubmitted: number; confirmationsRequired: number } };
}

describe('startDevnet', () => {
  it('describes the devnet it started', async () => {
    expect(devnet).toMatchObject({ chainId: 31337, shortName: 'devnet', seeded: true, contracts: SAFE_141 });
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(devnet.gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(devnet.owners.map((o) => o.address)).toEqual(DEVNET_ACCOUNTS.slice(0, 4).map((a) => a.address));
    const [team, solo] = devnet.safes;
    expect(team).toMatchObject({ name: 'Team Safe', threshold: 2, owners: devnet.owners.slice(0, 3).map((o) => o.address) });
    expect(solo).toMatchObject({ name: 'Solo Safe', threshold: 1, owners: [devnet.owners[0]?.address] });
    // Account 3 owns neither Safe.
    for (const s of devnet.safes) expect(s.owners).not.toContain(devnet.owners[3]?.address);
    expect(devnet.tokens.usd).toMatchObject({ symbol: 'dUSD', decimals: 6 });
    expect(devnet.tokens.dvt).toMatchObject({ symbol: 'DVT', decimals: 18 });
    expect((await readSafe(devnet.rpcUrl, team?.address ?? '0x')).nonce).toBe(3n);
    expect(existsSync(`/proc/${devnet.anvilPid}`)).toBe(true);
  });

  it('serves the demo queue: next nonce signed 1 of 2, two conflicting proposals, a later nonce', async () => {
    const team = devnet.safes[0]?.address;
    const page = await get<{ results: QueueItem[] }>(`/v1/chains/31337/safes/${team}/transactions/queued`);
    const txs = page.results.filter((r) => r.type === 'TRANSACTION').map((r) => r.transaction?.executionInfo);
    expect(txs.map((t) => t?.nonce)).toEqual([3, 4, 4, 5]);
    expect(txs[0]).toMatchObject({ confirmationsSubmitted: 1, confirmationsRequired: 2 });
    expect(txs[3]).toMatchObject({ confirmationsSubmitted: 2, confirmationsRequired: 2 });
    expect(page.results.find((r) => r.type === 'LABEL')?.label).toBe('Next');
    expect(page.results.filter((r) => r.type === 'CONFLICT_HEADER').map((r) => r.nonce)).toEqual([4]);
    expect(devnet.demo.queue.map((q) => q.nonce)).toEqual([3, 4, 4, 5]);
    for (const q of devnet.demo.queue) {
      const details = await get<{ txId: string; detailedExecutionInfo: { safeTxHash: string } }>(`/v1/chains/31337/transactions/${q.safeTxHash}`);
      expect(details.detailedExecutionInfo.safeTxHash).toBe(q.safeTxHash);
    }
  });

  it('serves the demo messages: one NEEDS_CONFIRMATION (1 of 2), one CONFIRMED (2 of 2)', async () => {
    const team = devnet.safes[0]?.address;
    const page = await get<{ results: { type: string; status?: string; messageHash?: string; confirmationsSubmitted?: number }[] }>(
      `/v1/chains/31337/safes/${team}/messages`,
    );
    const messages = page.results.filter((r) => r.type === 'MESSAGE');
    expect(messages.map((m) => [m.status, m.confirmationsSubmitted]).sort()).toEqual([
      ['CONFIRMED', 2],
      ['NEEDS_CONFIRMATION', 1],
    ]);
    expect(messages.map((m) => m.messageHash).sort()).toEqual(devnet.demo.messages.map((m) => m.messageHash).sort());
  });

  it('allows the app origin with CORS', async () => {
    const res = await fetch(`${devnet.gatewayUrl}/v1/chains`, { method: 'OPTIONS', headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'GET' } });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });

  it('stop() ends anvil and the gateway and deletes the throw-away folder', async () => {
    const { anvilPid, stateDir, gatewayUrl } = devnet;
    expect(existsSync(stateDir)).toBe(true);
    await devnet.stop();
    expect(existsSync(`/proc/${anvilPid}`)).toBe(false);
    expect(existsSync(stateDir)).toBe(false);
    await expect(fetch(`${gatewayUrl}/v1/chains`)).rejects.toThrow();
    await devnet.stop(); // idempotent
  });
});

describe('startDevnet with an inconsistent state folder', () => {
  it('starts over when the chain state is unreadable, instead of refusing to run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'devnet-start-test-'));
    try {
      const team = { address: '0x599C86d40e80ac8D0a4B7b19642457A73333d91f' };
      const solo = { address: '0x4116ab459cf5B93Ce08a44F227DdF95b83bdeAF1' };
      await writeFile(join(dir, 'devnet.json'), JSON.stringify({ version: 1, seededAt: 'x', chain: { safes: { team, solo } }, offchain: { queue: [], messages: [] } }));
      await writeFile(join(dir, 'anvil-state.json'), 'not a state file');
      const logs: string[] = [];
      const d = await startDevnet({ stateDir: dir, log: (m) => logs.push(m) });
      try {
        expect(d.seeded).toBe(true);
        expect(d.stateDir).toBe(dir);
        expect(d.safes[0]?.address).toBe('0x599C86d40e80ac8D0a4B7b19642457A73333d91f');
        expect(logs.join('\n')).toMatch(/starting over/);
      } finally {
        await d.stop();
      }
      expect(existsSync(`/proc/${d.anvilPid}`)).toBe(false);
      expect(existsSync(join(dir, 'anvil-state.json'))).toBe(true); // dumped on stop
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
