/**
 * The services end to end against the offline devnet (real anvil, real local gateway): the gateway client
 * reads with its schemas, a transaction built and hashed locally is proposed, and the gateway's details of it
 * pass the field-by-field cross-check; chain reads agree with the gateway's Safe info; tag invalidation
 * refreshes the queue after a proposal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startDevnet, type Devnet } from '../../../devnet/index.ts';
import { createChainClient, readSafeState } from '../../../src/services/chain/index.ts';
import { createGatewayClient, GatewayError, type GatewayClient } from '../../../src/services/gateway/index.ts';
import {
  buildSafeTx,
  classifyRisks,
  crossCheckTransaction,
  safeTxHash,
  crossCheckMessage,
  deleteRequestTypedData,
  messageInnerHash,
  safeMessageHash,
  safeMessageTypedData,
  safeTxTypedData,
  toProposeTransactionBody,
  type SafeContext,
  type SafeTx,
} from '../../../src/domain/safe/index.ts';

let devnet: Devnet;
let gateway: GatewayClient;
let safe: Address;
const CHAIN = '31337';

beforeAll(async () => {
  devnet = await startDevnet();
  gateway = createGatewayClient({ baseUrl: devnet.gatewayUrl });
  safe = devnet.safes[0]!.address;
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('services against the devnet gateway', () => {
  it('chain reads agree with the gateway’s Safe info', async () => {
    const [info, chain] = await Promise.all([gateway.getSafeInfo(CHAIN, safe), gateway.getChainConfig(CHAIN)]);
    const onChain = await readSafeState(createChainClient(chain, { rpcUrl: devnet.rpcUrl }), safe);
    expect(info.owners.map((o) => getAddress(o.value))).toEqual(onChain.owners);
    expect(info.threshold).toBe(onChain.threshold);
    expect(BigInt(info.nonce)).toBe(onChain.nonce);
    expect(info.version?.startsWith(onChain.version)).toBe(true);
    expect(getAddress(info.implementation.value)).toBe(onChain.singleton);
  });

  it('a locally built transaction, proposed, comes back matching field by field; the queue refreshes by tag', async () => {
    const info = await gateway.getSafeInfo(CHAIN, safe);
    const queueBefore = await gateway.getTransactionQueue(CHAIN, safe);
    const nonces = await gateway.getNonces(CHAIN, safe);
    const ctx: SafeContext = { chainId: 31337, safeAddress: safe, version: info.version ?? '1.4.1' };
    const tx = buildSafeTx(
      { kind: 'erc20Transfer', token: devnet.tokens.usd.address, to: devnet.owners[3]!.address, amount: 123_000_000n },
      { safeAddress: safe, version: ctx.version, nonce: BigInt(nonces.recommendedNonce) },
    );
    expect(classifyRisks(tx, { chainId: 31337, safeVersion: ctx.version, safeAddress: safe })).toEqual([]);
    const hash = safeTxHash(ctx, tx);
    const proposer = devnet.owners[0]!;
    const signature = await privateKeyToAccount(proposer.privateKey).signTypedData(safeTxTypedData(ctx, tx) as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0]);
    const proposed = await gateway.proposeTransaction(CHAIN, safe, toProposeTransactionBody(ctx, tx, { sender: proposer.address, signature }));
    expect(crossCheckTransaction(tx, proposed, ctx)).toEqual({ ok: true, mismatches: [], unverified: [] });
    const details = await gateway.getTransactionDetails(CHAIN, hash);
    expect(crossCheckTransaction(tx, details, ctx)).toEqual({ ok: true, mismatches: [], unverified: [] });

    // Re-reading the Safe info applies its (moved) tags; the queue read afterwards has the new transaction.
    const changed = gateway.applySafeInfoTags(await gateway.getSafeInfo(CHAIN, safe));
    expect(changed).toEqual([]); // getSafeInfo already applied the new tags
    const queueAfter = await gateway.getTransactionQueue(CHAIN, safe);
    const ids = (page: typeof queueAfter) => page.results.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction.id] : []));
    expect(ids(queueAfter)).toContain(`multisig_${safe}_${hash}`);
    expect(ids(queueBefore)).not.toContain(`multisig_${safe}_${hash}`);
  });

  it('a gateway answer is cross-checked against a different local transaction: the nonce mismatch is found', async () => {
    const queue = await gateway.getTransactionQueue(CHAIN, safe);
    const first = queue.results.find((item) => item.type === 'TRANSACTION');
    if (first?.type !== 'TRANSACTION') throw new Error('the devnet queue is empty');
    const details = await gateway.getTransactionDetails(CHAIN, first.transaction.id);
    const exec = details.detailedExecutionInfo;
    if (exec?.type !== 'MULTISIG' || !details.txData) throw new Error('expected a multisig transaction');
    const ctx: SafeContext = { chainId: 31337, safeAddress: safe, version: '1.4.1' };
    const local = {
      to: getAddress(details.txData.to.value),
      value: BigInt(details.txData.value ?? '0'),
      data: (details.txData.hexData ?? '0x') as Hex,
      operation: details.txData.operation,
      safeTxGas: BigInt(exec.safeTxGas),
      baseGas: BigInt(exec.baseGas),
      gasPrice: BigInt(exec.gasPrice),
      gasToken: getAddress(exec.gasToken),
      refundReceiver: getAddress(exec.refundReceiver.value),
      nonce: BigInt(exec.nonce),
    } satisfies SafeTx;
    expect(crossCheckTransaction(local, details, ctx).mismatches).toEqual([]);
    const fields = crossCheckTransaction({ ...local, nonce: local.nonce + 1n }, details, ctx).mismatches.map((m) => m.field);
    expect(fields).toEqual(expect.arrayContaining(['detailedExecutionInfo.nonce', 'detailedExecutionInfo.safeTxHash']));
  });

  it('the proposer deletes a proposal with a locally built DeleteRequest signature; an off-chain message round-trips', async () => {
    const info = await gateway.getSafeInfo(CHAIN, safe);
    const ctx: SafeContext = { chainId: 31337, safeAddress: safe, version: info.version ?? '1.4.1' };
    const nonces = await gateway.getNonces(CHAIN, safe);
    const tx = buildSafeTx({ kind: 'nativeTransfer', to: devnet.owners[3]!.address, value: 42n }, { safeAddress: safe, version: ctx.version, nonce: BigInt(nonces.recommendedNonce) + 5n });
    const proposer = privateKeyToAccount(devnet.owners[1]!.privateKey);
    const signature = await proposer.signTypedData(safeTxTypedData(ctx, tx) as Parameters<typeof proposer.signTypedData>[0]);
    await gateway.proposeTransaction(CHAIN, safe, toProposeTransactionBody(ctx, tx, { sender: proposer.address, signature }));
    const hash = safeTxHash(ctx, tx);
    await expect(gateway.getTransactionDetails(CHAIN, hash)).resolves.toMatchObject({ txStatus: 'AWAITING_CONFIRMATIONS' });

    // A signature by someone else is refused with the gateway's error text; the proposer's is accepted.
    const stranger = privateKeyToAccount(devnet.owners[2]!.privateKey);
    const typed = deleteRequestTypedData({ chainId: 31337, safeAddress: safe, safeTxHash: hash, nowMs: Date.now() });
    await expect(gateway.deleteTransaction(CHAIN, hash, await stranger.signTypedData(typed))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.deleteTransaction(CHAIN, hash, await proposer.signTypedData(typed))).resolves.toEqual({});
    gateway.clearCache();
    await expect(gateway.getTransactionDetails(CHAIN, hash)).rejects.toMatchObject({ name: 'GatewayError', status: 404 });

    // Off-chain message: proposed with a local SafeMessage signature, read back and cross-checked.
    const text = `services test ${hash.slice(2, 10)}`;
    const messageSignature = await proposer.signTypedData(safeMessageTypedData(ctx, messageInnerHash(text)));
    await gateway.proposeSafeMessage(CHAIN, safe, { message: text, safeAppId: null, signature: messageSignature, origin: null });
    const message = await gateway.getSafeMessage(CHAIN, safeMessageHash(ctx, text));
    expect(crossCheckMessage(text, message, ctx)).toEqual({ ok: true, mismatches: [] });
    expect(message.confirmations.map((c) => getAddress(c.owner.value))).toEqual([proposer.address]);
  });
});

