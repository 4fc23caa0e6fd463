/**
 * The transaction flow machines with the real services against the devnet: real anvil, real local gateway, the
 * Devnet Wallet as the EIP-1193 provider. Owner A proposes an ERC20 transfer, owner B confirms and executes;
 * then an add-owner flow, a relayed execution, an on-chain rejection, a delete and a bulk execution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { createPublicClient, erc20Abi, getAddress, http, parseAbi, type Address } from 'viem';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import { bulkExecuteFlowMachine, deleteTxFlowMachine, transactionFlowMachine } from '../../src/machines/transactionFlow/index.ts';
import type { TxFlowInput, TxFlowSafe } from '../../src/machines/transactionFlow/transactionFlow.types.ts';
import { createGatewayClient } from '../../src/services/gateway/client.ts';
import {
  createTransactionFlowEffects,
  provideBulkExecuteFlowServices,
  provideDeleteTxFlowServices,
  provideTransactionFlowServices,
  type TransactionFlowEffects,
} from '../../src/services/transactionFlow/transactionFlow.ts';
import { createDevnetWallet, type DevnetWalletProvider } from '../../src/dev/devnetWallet.ts';

let devnet: Devnet;
let wallet: DevnetWalletProvider;
let effects: TransactionFlowEffects;
let gateway: ReturnType<typeof createGatewayClient>;
let publicClient: ReturnType<typeof createPublicClient>;

const safeReadAbi = parseAbi(['function getOwners() view returns (address[])', 'function getThreshold() view returns (uint256)', 'function nonce() view returns (uint256)']);

async function safeOf(): Promise<TxFlowSafe> {
  const info = await gateway.getSafeInfo(String(devnet.chainId), devnet.safes[0]!.address);
  return {
    chainId: String(devnet.chainId),
    chainName: 'Devnet',
    address: getAddress(info.address.value),
    version: info.version ?? '1.4.1',
    nonce: info.nonce,
    threshold: info.threshold,
    owners: info.owners.map((o) => getAddress(o.value)),
    modules: (info.modules ?? []).map((m) => getAddress(m.value)),
    guard: info.guard ? getAddress(info.guard.value) : null,
    fallbackHandler: info.fallbackHandler ? getAddress(info.fallbackHandler.value) : null,
  };
}

function useOwner(index: number) {
  wallet.selectAccount(index);
  return { address: devnet.owners[index]!.address, chainId: String(devnet.chainId) };
}

async function settle(actor: AnyActorRef, states: string[]) {
  return waitFor(actor, (s) => states.some((state) => s.matches(state)), { timeout: 30_000 });
}

beforeAll(async () => {
  devnet = await startDevnet();
  gateway = createGatewayClient({ baseUrl: devnet.gatewayUrl });
  publicClient = createPublicClient({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
  wallet = createDevnetWallet({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, accounts: devnet.owners, connected: true });
  effects = createTransactionFlowEffects({ gateway, chain: publicClient, wallet: () => wallet, pollIntervalMs: 100, pollAttempts: 100 });
});

afterAll(async () => {
  await devnet?.stop();
});

function startFlow(input: Omit<TxFlowInput, 'flowId'>) {
  const actor = createActor(provideTransactionFlowServices(transactionFlowMachine, effects), { input: { flowId: `test-${Math.random()}`, ...input } });
  actor.start();
  return actor;
}

/** The ids and nonces of the queued transactions of the team Safe, read fresh. */
async function queuedIds(): Promise<{ id: string; nonce: number }[]> {
  gateway.clearCache();
  const page = await gateway.getTransactionQueue(String(devnet.chainId), devnet.safes[0]!.address);
  return page.results.flatMap((item) =>
    item.type === 'TRANSACTION' && item.transaction.executionInfo?.type === 'MULTISIG' ? [{ id: item.transaction.id, nonce: item.transaction.executionInfo.nonce }] : [],
  );
}

describe('transactionFlow on the devnet', () => {
  it('owner A proposes an ERC20 transfer, owner B confirms and executes it: balance moves, history shows SUCCESS', async () => {
    const safe = await safeOf();
    const token = devnet.tokens.usd;
    const recipient = devnet.owners[3]!.address;
    const before = await publicClient.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] });

    // A: compose → nonce → review → sign → propose. The nonce is the Safe's current one (replacing what is queued there).
    const a = startFlow({ mode: 'create', safe, wallet: useOwner(0), tokens: [] });
    a.send({ type: 'user.compose', draft: { kind: 'erc20Transfer', token: token.address, symbol: token.symbol, recipient, amount: '25', decimals: token.decimals } });
    await settle(a, ['choosingNonce']);
    expect(a.getSnapshot().context.nonces?.current).toBe(safe.nonce);
    a.send({ type: 'user.setNonce', nonce: String(safe.nonce) });
    a.send({ type: 'user.confirmNonce' });
    await settle(a, ['review', 'prepareFailed']);
    const review = a.getSnapshot().context;
    expect(review.error).toBeNull();
    expect(review.mismatches).toEqual([]);
    expect(review.gatewayView?.decoded?.method).toBe('transfer');
    expect(review.hashes?.safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(a.getSnapshot().can({ type: 'user.execute' })).toBe(false);
    a.send({ type: 'user.sign' });
    await settle(a, ['signed', 'walletError', 'submitFailed']);
    expect(a.getSnapshot().value).toBe('signed');
    const safeTxHash = review.hashes!.safeTxHash;
    expect(a.getSnapshot().output).toBeUndefined();
    a.send({ type: 'user.close' });
    expect(a.getSnapshot().output).toEqual({ outcome: 'signed', safeTxHash, txHash: null });

    // B: from the queue, confirm = last signature + execute in one go.
    const b = startFlow({ mode: 'confirm', safe, wallet: useOwner(1), txId: safeTxHash });
    await settle(b, ['review', 'loadFailed', 'prepareFailed']);
    expect(b.getSnapshot().context.mismatches).toEqual([]);
    expect(b.getSnapshot().context.confirmations).toHaveLength(1);
    expect(b.getSnapshot().can({ type: 'user.signAndExecute' })).toBe(true);
    b.send({ type: 'user.signAndExecute' });
    await settle(b, ['succeeded', 'failed', 'walletError', 'submitFailed', 'trackingLost']);
    expect(b.getSnapshot().value).toBe('succeeded');

    const after = await publicClient.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] });
    expect(after - before).toBe(25n * 10n ** BigInt(token.decimals));
    gateway.clearCache();
    const history = await gateway.getTransactionHistory(String(devnet.chainId), safe.address);
    const executed = history.results.find((item) => item.type === 'TRANSACTION' && item.transaction.id.endsWith(safeTxHash));
    expect(executed && executed.type === 'TRANSACTION' ? executed.transaction.txStatus : null).toBe('SUCCESS');
  });

  it('adds an owner: the owners change on chain', async () => {
    const safe = await safeOf();
    const newOwner: Address = '0x000000000000000000000000000000000000bEEF';
    const a = startFlow({ mode: 'create', safe, wallet: useOwner(0) });
    a.send({ type: 'user.compose', draft: { kind: 'settings', change: { type: 'addOwner', owner: newOwner, threshold: 2 } } });
    await settle(a, ['choosingNonce']);
    a.send({ type: 'user.setNonce', nonce: String(safe.nonce) });
    a.send({ type: 'user.confirmNonce' });
    await settle(a, ['review', 'prepareFailed']);
    const risks = a.getSnapshot().context.risks.map((r) => r.id);
    expect(risks).toContain('owner-change');
    expect(risks).toContain('threshold-change');
    expect(a.getSnapshot().context.mismatches).toEqual([]);
    a.send({ type: 'user.sign' });
    await settle(a, ['signed', 'walletError', 'submitFailed']);
    expect(a.getSnapshot().value).toBe('signed');
    const safeTxHash = a.getSnapshot().context.hashes!.safeTxHash;

    // Owner C signs, then anyone with a wallet executes (execute = threshold met).
    const c = startFlow({ mode: 'confirm', safe, wallet: useOwner(2), txId: safeTxHash });
    await settle(c, ['review']);
    c.send({ type: 'user.sign' });
    await settle(c, ['signed', 'walletError', 'submitFailed']);
    expect(c.getSnapshot().value).toBe('signed');
    const e = startFlow({ mode: 'execute', safe, wallet: useOwner(3), txId: safeTxHash });
    await settle(e, ['review']);
    e.send({ type: 'user.execute' });
    await settle(e, ['succeeded', 'failed', 'walletError', 'trackingLost']);
    expect(e.getSnapshot().value).toBe('succeeded');
    const owners = await publicClient.readContract({ address: safe.address, abi: safeReadAbi, functionName: 'getOwners' });
    expect(owners.map((o) => o.toLowerCase())).toContain(newOwner.toLowerCase());
  });

  it('rejects a queued nonce on chain through the relay, after showing the remaining relays', async () => {
    const safe = await safeOf();
    const r = startFlow({ mode: 'reject', safe, wallet: useOwner(0), nonce: safe.nonce });
    await settle(r, ['review', 'prepareFailed']);
    expect(r.getSnapshot().context.safeTx?.to).toBe(safe.address);
    expect(r.getSnapshot().context.relay?.remaining).toBeGreaterThan(0);
    r.send({ type: 'user.sign' });
    await settle(r, ['signed']);
    const safeTxHash = r.getSnapshot().context.hashes!.safeTxHash;
    const b = startFlow({ mode: 'confirm', safe, wallet: useOwner(1), txId: safeTxHash });
    await settle(b, ['review']);
    b.send({ type: 'user.sign' });
    await settle(b, ['signed']);
    const relayer = startFlow({ mode: 'execute', safe, wallet: null, txId: safeTxHash });
    await settle(relayer, ['review']);
    const remaining = relayer.getSnapshot().context.relay!.remaining;
    expect(relayer.getSnapshot().can({ type: 'user.relay' })).toBe(true);
    relayer.send({ type: 'user.relay' });
    await settle(relayer, ['succeeded', 'failed', 'submitFailed', 'trackingLost']);
    expect(relayer.getSnapshot().value).toBe('succeeded');
    expect((await gateway.getRelayCount(String(devnet.chainId), safe.address)).remaining).toBe(remaining - 1);
    expect(Number(await publicClient.readContract({ address: safe.address, abi: safeReadAbi, functionName: 'nonce' }))).toBe(safe.nonce + 1);
  });

  it('deletes a proposal with a DeleteRequest signature of its proposer', async () => {
    const safe = await safeOf();
    const a = startFlow({ mode: 'create', safe, wallet: useOwner(0) });
    a.send({ type: 'user.compose', draft: { kind: 'nativeTransfer', recipient: devnet.owners[3]!.address, amount: '0.01', decimals: 18 } });
    await settle(a, ['choosingNonce']);
    a.send({ type: 'user.confirmNonce' });
    await settle(a, ['review']);
    a.send({ type: 'user.sign' });
    await settle(a, ['signed']);
    const { safeTxHash } = a.getSnapshot().context.hashes!;
    const d = createActor(provideDeleteTxFlowServices(deleteTxFlowMachine, effects), {
      input: { flowId: 'delete-1', safe, wallet: useOwner(0), safeTxHash, nonce: Number(a.getSnapshot().context.safeTx!.nonce), proposer: devnet.owners[0]!.address, label: 'Send' },
    }).start();
    d.send({ type: 'user.confirmDelete', nowMs: Date.now() });
    await settle(d, ['deleted', 'failed', 'walletError']);
    expect(d.getSnapshot().value).toBe('deleted');
    expect((await queuedIds()).some((q) => q.id.endsWith(safeTxHash))).toBe(false);
  });

  it('bulk-executes two consecutive fully signed transactions', async () => {
    const safe = await safeOf();
    const hashes: string[] = [];
    for (const [i, amount] of ['0.02', '0.03'].entries()) {
      const nonce = safe.nonce + i;
      for (const owner of [0, 1]) {
        const f = startFlow(
          owner === 0 ? { mode: 'create', safe, wallet: useOwner(0) } : { mode: 'confirm', safe, wallet: useOwner(1), txId: hashes[i]! },
        );
        if (owner === 0) {
          f.send({ type: 'user.compose', draft: { kind: 'nativeTransfer', recipient: devnet.owners[3]!.address, amount, decimals: 18 } });
          await settle(f, ['choosingNonce']);
          f.send({ type: 'user.setNonce', nonce: String(nonce) });
          f.send({ type: 'user.confirmNonce' });
        }
        await settle(f, ['review']);
        f.send({ type: 'user.sign' });
        await settle(f, ['signed']);
        if (owner === 0) hashes.push(f.getSnapshot().context.hashes!.safeTxHash);
      }
    }
    const bulk = createActor(provideBulkExecuteFlowServices(bulkExecuteFlowMachine, effects), {
      input: { flowId: 'bulk-1', safe, wallet: useOwner(2), txIds: hashes },
    }).start();
    await settle(bulk, ['review', 'loadFailed']);
    expect(bulk.getSnapshot().context.items.map((item) => item.mismatches)).toEqual([[], []]);
    bulk.send({ type: 'user.execute' });
    await settle(bulk, ['succeeded', 'failed', 'walletError', 'trackingLost']);
    expect(bulk.getSnapshot().value).toBe('succeeded');
    expect(Number(await publicClient.readContract({ address: safe.address, abi: safeReadAbi, functionName: 'nonce' }))).toBe(safe.nonce + 2);
  });
});
