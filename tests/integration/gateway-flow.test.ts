// Off-chain transaction and message flows over HTTP + chain: propose → confirm → execute moves the tx
// from the queue to the history with SUCCESS; conflicts, deletion, validation errors, messages and relay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concat, encodeFunctionData, hashTypedData, parseAbi, parseEther, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  SAFE_141,
  buildSafeTx,
  connectDevnet,
  joinSignatures,
  safeAbi,
  safeMessageHash,
  safeTxHash,
  signSafeMessage,
  signSafeTx,
  waitForSuccess,
  type SafeTx,
} from '../../devnet/chain/index.ts';
import { CHAIN_ID, owner, startTestDevnet, type TestDevnet } from './fixtures/gateway/devnet.ts';
import { client } from './fixtures/gateway/http.ts';
import * as S from './fixtures/gateway/schemas.ts';

let d: TestDevnet;
let api: ReturnType<typeof client>;
const C = '/v1/chains/31337';

beforeAll(async () => {
  d = await startTestDevnet({ relayLimit: 2 });
  api = client(d.url);
});
afterAll(async () => {
  await d?.stop();
});

function body(safe: Address, tx: SafeTx, sender: Address, signature: Hex | null, origin: string | null = null) {
  return {
    to: tx.to,
    value: tx.value.toString(),
    data: tx.data === '0x' ? null : tx.data,
    nonce: tx.nonce.toString(),
    operation: tx.operation,
    safeTxGas: tx.safeTxGas.toString(),
    baseGas: tx.baseGas.toString(),
    gasPrice: tx.gasPrice.toString(),
    gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver,
    safeTxHash: safeTxHash(CHAIN_ID, safe, tx),
    sender,
    signature,
    origin,
  };
}

async function propose(safe: Address, tx: SafeTx, signerIndex: number, origin: string | null = null) {
  const o = owner(signerIndex);
  const sig = await signSafeTx(CHAIN_ID, safe, tx, o.privateKey);
  return api.post(`${C}/transactions/${safe}/propose`, body(safe, tx, o.address, sig, origin));
}

async function execute(safe: Address, tx: SafeTx, confirmations: Array<{ signer: { value: string }; signature: string | null }>, executorKey: Hex): Promise<Hex> {
  const { publicClient, wallet } = await connectDevnet(d.rpcUrl);
  const signatures = joinSignatures(confirmations.map((c) => ({ signer: c.signer.value as Address, signature: c.signature as Hex })));
  const hash = await wallet(executorKey).writeContract({
    address: safe,
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures],
  });
  await waitForSuccess(publicClient, hash, 'execTransaction');
  return hash;
}

const queue = async (safe: Address) => S.expectShape(S.QueuePage, (await api.get(`${C}/safes/${safe}/transactions/queued?trusted=true`)).body, 'queue');
const history = async (safe: Address) => S.expectShape(S.HistoryPage, (await api.get(`${C}/safes/${safe}/transactions/history`)).body, 'history');

describe('propose → confirm → execute', () => {
  const recipient = owner(6).address;
  let tx: SafeTx;
  let hash: Hex;

  it('proposes a transfer signed by owner 0 and shows it as Next in the queue', async () => {
    const before = S.expectShape(S.SafeState, (await api.get(`${C}/safes/${d.safe}`)).body, 'safe');
    tx = buildSafeTx({ to: recipient, value: parseEther('0.5'), nonce: 0n });
    hash = safeTxHash(CHAIN_ID, d.safe, tx);
    const origin = JSON.stringify({ url: 'https://example.invalid/app', name: 'Test', note: 'rent <b>March</b>' });
    const r = await propose(d.safe, tx, 0, origin);
    expect(r.status).toBe(200);
    const det = S.expectShape(S.TransactionDetails, r.body, 'propose response');
    expect(det.txId).toBe(`multisig_${d.safe}_${hash}`);
    expect(det.txStatus).toBe('AWAITING_CONFIRMATIONS');
    expect(det.note).toBe('rent March');
    expect(det.txInfo).toMatchObject({ type: 'Transfer', direction: 'OUTGOING', transferInfo: { type: 'NATIVE_COIN', value: parseEther('0.5').toString() } });
    expect(det.detailedExecutionInfo).toMatchObject({ type: 'MULTISIG', nonce: 0, confirmationsRequired: 2, proposer: { value: owner(0).address } });

    const q = await queue(d.safe);
    expect(q.results.map((i) => i.type)).toEqual(['LABEL', 'TRANSACTION']);
    expect(q.results[0]).toEqual({ type: 'LABEL', label: 'Next' });
    const item = q.results[1]!;
    if (item.type !== 'TRANSACTION') throw new Error('expected a transaction');
    expect(item.conflictType).toBe('None');
    expect(item.transaction.executionInfo).toMatchObject({ confirmationsSubmitted: 1, confirmationsRequired: 2, missingSigners: [{ value: owner(1).address }, { value: owner(2).address }] });
    const after = S.expectShape(S.SafeState, (await api.get(`${C}/safes/${d.safe}`)).body, 'safe');
    expect(after.txQueuedTag).not.toBe(before.txQueuedTag);
    expect(S.expectShape(S.Nonces, (await api.get(`${C}/safes/${d.safe}/nonces`)).body, 'nonces')).toEqual({ currentNonce: 0, recommendedNonce: 1 });
    // by bare safeTxHash too
    S.expectShape(S.TransactionDetails, (await api.get(`${C}/transactions/${hash}`)).body, 'details by hash');
  });

  it('confirms by proposing again with owner 1 (AWAITING_EXECUTION)', async () => {
    const r = await propose(d.safe, tx, 1);
    expect(r.status).toBe(200);
    const det = S.expectShape(S.TransactionDetails, r.body, 'confirm response');
    expect(det.txStatus).toBe('AWAITING_EXECUTION');
    const again = S.expectShape(S.TransactionDetails, (await propose(d.safe, tx, 1)).body, 'idempotent');
    if (again.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('multisig');
    expect(again.detailedExecutionInfo.confirmations).toHaveLength(2);
  });

  it('executes on chain and the tx moves from queue to history with SUCCESS', async () => {
    const det = S.expectShape(S.TransactionDetails, (await api.get(`${C}/transactions/multisig_${d.safe}_${hash}`)).body, 'details');
    if (det.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('multisig');
    const txHash = await execute(d.safe, tx, det.detailedExecutionInfo.confirmations, owner(2).privateKey);

    expect((await queue(d.safe)).results).toEqual([]);
    const h = await history(d.safe);
    const first = h.results.find((i) => i.type === 'TRANSACTION');
    if (!first || first.type !== 'TRANSACTION') throw new Error('no tx');
    expect(first.transaction).toMatchObject({ id: `multisig_${d.safe}_${hash}`, txStatus: 'SUCCESS', txHash, safeAppInfo: null });
    const done = S.expectShape(S.TransactionDetails, (await api.get(`${C}/transactions/${hash}`)).body, 'executed details');
    expect(done).toMatchObject({ txStatus: 'SUCCESS', txHash, note: 'rent March' });
    expect(done.executedAt).toBeGreaterThan(0);
    expect(done.detailedExecutionInfo).toMatchObject({ executor: { value: owner(2).address }, proposer: { value: owner(0).address } });
    const ms = S.expectShape(S.TransactionPage, (await api.get(`${C}/safes/${d.safe}/multisig-transactions/?executed=true`)).body, 'multisig list');
    expect(ms.results.map((r) => r.transaction.id)).toContain(`multisig_${d.safe}_${hash}`);
    expect((await api.get(`${C}/safes/${d.safe}/nonces`)).body).toEqual({ currentNonce: 1, recommendedNonce: 1 });
  });

  it('indexes a settings change executed directly on chain (SettingsChange, CHANGE_THRESHOLD)', async () => {
    const data = encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [1n] });
    const t = buildSafeTx({ to: d.safe, data, nonce: 1n });
    const sigs = await Promise.all([0, 1].map(async (i) => ({ signer: owner(i).address, signature: await signSafeTx(CHAIN_ID, d.safe, t, owner(i).privateKey) })));
    await execute(d.safe, t, sigs.map((s) => ({ signer: { value: s.signer }, signature: s.signature })), owner(0).privateKey);
    const h = await history(d.safe);
    const first = h.results.find((i) => i.type === 'TRANSACTION');
    if (!first || first.type !== 'TRANSACTION') throw new Error('no tx');
    expect(first.transaction.txInfo).toMatchObject({ type: 'SettingsChange', settingsInfo: { type: 'CHANGE_THRESHOLD', threshold: 1 }, dataDecoded: { method: 'changeThreshold' } });
    // put the threshold back to 2 for the following tests
    const back = buildSafeTx({ to: d.safe, data: encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [2n] }), nonce: 2n });
    await execute(d.safe, back, [{ signer: { value: owner(0).address }, signature: await signSafeTx(CHAIN_ID, d.safe, back, owner(0).privateKey) }], owner(0).privateKey);
  });
});

describe('queue grouping, validation and deletion', () => {
  it('groups conflicting proposals under a CONFLICT_HEADER and labels later nonces Queued', async () => {
    const a = buildSafeTx({ to: owner(7).address, value: 1n, nonce: 3n });
    const b = buildSafeTx({ to: d.safe, nonce: 3n }); // rejection (cancellation) at the same nonce
    const later = buildSafeTx({ to: owner(8).address, value: 2n, nonce: 4n });
    for (const t of [a, b, later]) expect((await propose(d.safe, t, 0)).status).toBe(200);
    const q = await queue(d.safe);
    const shape = q.results.map((i) => (i.type === 'TRANSACTION' ? `TX:${i.conflictType}` : i.type === 'LABEL' ? `LABEL:${i.label}` : `HEADER:${i.nonce}`));
    expect(shape).toEqual(['LABEL:Next', 'HEADER:3', 'TX:HasNext', 'TX:End', 'LABEL:Queued', 'TX:None']);
    const cancel = q.results[3];
    if (cancel?.type !== 'TRANSACTION') throw new Error('tx');
    expect(cancel.transaction.txInfo).toMatchObject({ type: 'Custom', isCancellation: true });
    const aDet = S.expectShape(S.TransactionDetails, (await api.get(`${C}/transactions/${safeTxHash(CHAIN_ID, d.safe, a)}`)).body, 'details');
    expect(aDet.detailedExecutionInfo).toMatchObject({ rejectors: [{ value: owner(0).address }] });
    expect((await api.get(`${C}/safes/${d.safe}/nonces`)).body).toEqual({ currentNonce: 3, recommendedNonce: 5 });
    // paging keeps groups understandable across pages
    const p1 = S.expectShape(S.QueuePage, (await api.get(`${C}/safes/${d.safe}/transactions/queued?cursor=${encodeURIComponent('limit=1&offset=0')}`)).body, 'queue p1');
    expect(p1.results.map((i) => i.type)).toEqual(['LABEL', 'CONFLICT_HEADER', 'TRANSACTION']);
    const p2 = S.expectShape(S.QueuePage, (await api.get(p1.next!)).body, 'queue p2');
    expect(p2.results.map((i) => i.type)).toEqual(['CONFLICT_HEADER', 'TRANSACTION']);
  });

  it('rejects a wrong safeTxHash, a low nonce, a non-owner signature, a non-owner sender and bad bodies', async () => {
    const t = buildSafeTx({ to: owner(7).address, value: 5n, nonce: 5n });
    const good = body(d.safe, t, owner(0).address, await signSafeTx(CHAIN_ID, d.safe, t, owner(0).privateKey));
    const expectErr = async (b: unknown, status: number, message: RegExp) => {
      const r = await api.post(`${C}/transactions/${d.safe}/propose`, b);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(S.expectShape(S.ErrorBody, r.body, 'error').message).toMatch(message);
    };
    await expectErr({ ...good, value: '6' }, 422, /^Invalid safeTxHash$/);
    const low = buildSafeTx({ to: owner(7).address, value: 5n, nonce: 0n });
    await expectErr(body(d.safe, low, owner(0).address, await signSafeTx(CHAIN_ID, d.safe, low, owner(0).privateKey)), 422, /^Invalid nonce$/);
    await expectErr({ ...good, signature: await signSafeTx(CHAIN_ID, d.safe, t, owner(5).privateKey) }, 422, /^Invalid signature$/);
    await expectErr({ ...good, sender: owner(5).address, signature: await signSafeTx(CHAIN_ID, d.safe, t, owner(5).privateKey) }, 422, /^Unauthorized address$/);
    await expectErr({ ...good, sender: owner(1).address }, 422, /^Invalid signature$/);
    await expectErr({ ...good, signature: '0x1234' }, 422, /Invalid signature/);
    await expectErr({ ...good, to: 'nope' }, 422, /Invalid address/);
    await expectErr({ ...good, operation: 2 }, 422, /operation/);
    const dc = buildSafeTx({ to: owner(7).address, operation: 1, nonce: 5n });
    await expectErr(body(d.safe, dc, owner(0).address, await signSafeTx(CHAIN_ID, d.safe, dc, owner(0).privateKey)), 422, /^Delegate call is disabled$/);
    const r = await fetch(`${d.url}${C}/transactions/${d.safe}/propose`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    expect(r.status).toBe(400);
  });

  it('accepts eth_sign signatures (v > 30) that recover to an owner', async () => {
    const t = buildSafeTx({ to: owner(7).address, value: 7n, nonce: 4n });
    const h = safeTxHash(CHAIN_ID, d.safe, t);
    const raw = await privateKeyToAccount(owner(2).privateKey).signMessage({ message: { raw: h } });
    const v = Number.parseInt(raw.slice(-2), 16) + 4;
    const sig = concat([raw.slice(0, 130) as Hex, toHex(v, { size: 1 })]);
    const r = await api.post(`${C}/transactions/${d.safe}/propose`, body(d.safe, t, owner(2).address, sig));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('deletes a proposal only with the proposer DeleteRequest signature', async () => {
    const t = buildSafeTx({ to: owner(8).address, value: 2n, nonce: 4n });
    const h = safeTxHash(CHAIN_ID, d.safe, t);
    const typed = (totp: bigint) => ({
      domain: { name: 'Safe Transaction Service', version: '1.0', chainId: CHAIN_ID, verifyingContract: d.safe },
      types: { DeleteRequest: [{ name: 'safeTxHash', type: 'bytes32' }, { name: 'totp', type: 'uint256' }] },
      primaryType: 'DeleteRequest' as const,
      message: { safeTxHash: h, totp },
    });
    const totp = BigInt(Math.floor(Date.now() / 1000 / 3600));
    const byOther = await privateKeyToAccount(owner(1).privateKey).signTypedData(typed(totp));
    const wrong = await api.del(`${C}/transactions/${h}`, { signature: byOther });
    expect(wrong.status).toBe(422);
    S.expectShape(S.ErrorBody, wrong.body, 'error');
    expect(hashTypedData(typed(totp))).toMatch(/^0x/);
    const sig = await privateKeyToAccount(owner(0).privateKey).signTypedData(typed(totp));
    const ok = await api.del(`${C}/transactions/${h}`, { signature: sig });
    expect(ok.status).toBe(204);
    expect((await api.get(`${C}/transactions/${h}`)).status).toBe(404);
    expect((await api.del(`${C}/transactions/${h}`, { signature: sig })).status).toBe(404);
    expect((await api.del(`${C}/transactions/0x12`, { signature: sig })).status).toBe(422);
  });

  it('adds a confirmation through POST transactions/{safeTxHash}/confirmations', async () => {
    const a = buildSafeTx({ to: owner(7).address, value: 1n, nonce: 3n });
    const h = safeTxHash(CHAIN_ID, d.safe, a);
    const r = await api.post(`${C}/transactions/${h}/confirmations`, { signature: await signSafeTx(CHAIN_ID, d.safe, a, owner(1).privateKey) });
    expect(r.status).toBe(200);
    expect(S.expectShape(S.TransactionDetails, r.body, 'confirmed').txStatus).toBe('AWAITING_EXECUTION');
    const bad = await api.post(`${C}/transactions/${h}/confirmations`, { signature: await signSafeTx(CHAIN_ID, d.safe, a, owner(9).privateKey) });
    expect(bad.status).toBe(422);
  });

  it('executing one of the conflicting txs cancels the other', async () => {
    const a = buildSafeTx({ to: owner(7).address, value: 1n, nonce: 3n });
    const b = buildSafeTx({ to: d.safe, nonce: 3n });
    const det = S.expectShape(S.TransactionDetails, (await api.get(`${C}/transactions/${safeTxHash(CHAIN_ID, d.safe, a)}`)).body, 'details');
    if (det.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('multisig');
    await execute(d.safe, a, det.detailedExecutionInfo.confirmations, owner(3).privateKey);
    const cancelled = S.expectShape(S.TransactionDetails, (await api.get(`${C}/transactions/${safeTxHash(CHAIN_ID, d.safe, b)}`)).body, 'cancelled');
    expect(cancelled.txStatus).toBe('CANCELLED');
    const q = await queue(d.safe);
    expect(q.results.every((i) => i.type !== 'TRANSACTION' || (i.transaction.executionInfo?.type === 'MULTISIG' && i.transaction.executionInfo.nonce >= 4))).toBe(true);
    expect(q.results[0]).toEqual({ type: 'LABEL', label: 'Next' });
  });
});

describe('messages', () => {
  const text = 'Hello from the devnet gateway test';
  let msgHash: Hex;

  it('creates a message with one owner signature (NEEDS_CONFIRMATION)', async () => {
    msgHash = safeMessageHash(CHAIN_ID, d.safe, text);
    const sig = await signSafeMessage(CHAIN_ID, d.safe, text, owner(0).privateKey);
    const r = await api.post(`${C}/safes/${d.safe}/messages`, { message: text, safeAppId: null, signature: sig, origin: null });
    expect(r.status).toBe(202);
    const m = S.expectShape(S.Message, (await api.get(`${C}/messages/${msgHash}`)).body, 'message');
    expect(m).toMatchObject({ messageHash: msgHash, status: 'NEEDS_CONFIRMATION', confirmationsSubmitted: 1, confirmationsRequired: 2, preparedSignature: null, message: text });
    const list = S.expectShape(S.MessagePage, (await api.get(`${C}/safes/${d.safe}/messages`)).body, 'messages');
    expect(list.results.map((i) => i.type)).toEqual(['DATE_LABEL', 'MESSAGE']);
    const dup = await api.post(`${C}/safes/${d.safe}/messages`, { message: text, safeAppId: null, signature: sig, origin: null });
    expect(dup.status).toBe(400);
  });

  it('confirms it with a second owner; preparedSignature validates on chain (EIP-1271)', async () => {
    const bad = await api.post(`${C}/messages/${msgHash}/signatures`, { signature: await signSafeMessage(CHAIN_ID, d.safe, text, owner(5).privateKey) });
    expect(bad.status).toBe(422);
    expect(S.expectShape(S.ErrorBody, bad.body, 'error').message).toBe('Invalid signature');
    const ok = await api.post(`${C}/messages/${msgHash}/signatures`, { signature: await signSafeMessage(CHAIN_ID, d.safe, text, owner(2).privateKey) });
    expect(ok.status).toBe(200);
    const m = S.expectShape(S.Message, (await api.get(`${C}/messages/${msgHash}`)).body, 'message');
    expect(m.status).toBe('CONFIRMED');
    expect(m.preparedSignature).not.toBeNull();
    const { publicClient } = await connectDevnet(d.rpcUrl);
    const magic = await publicClient.readContract({
      address: d.safe,
      abi: parseAbi(['function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)']),
      functionName: 'isValidSignature',
      args: [(await import('viem')).hashMessage(text), m.preparedSignature as Hex],
    });
    expect(magic).toBe('0x1626ba7e');
    const info = S.expectShape(S.SafeState, (await api.get(`${C}/safes/${d.safe}`)).body, 'safe');
    expect(info.messagesTag).not.toBeNull();
    expect((await api.post(`${C}/messages/${msgHash}/signatures`, { signature: await signSafeMessage(CHAIN_ID, d.safe, text, owner(2).privateKey) })).status).toBe(400);
  });

  it('accepts EIP-712 typed messages and rejects signatures over another hash', async () => {
    const typed = {
      domain: { name: 'Devnet App', version: '1', chainId: CHAIN_ID },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hi' },
    };
    const sig = await signSafeMessage(CHAIN_ID, d.safe, typed, owner(1).privateKey);
    const r = await api.post(`${C}/safes/${d.safe}/messages`, { message: { ...typed, primaryType: undefined }, safeAppId: 1, signature: sig, origin: '{"url":"x"}' });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const m = S.expectShape(S.Message, (await api.get(`${C}/messages/${safeMessageHash(CHAIN_ID, d.safe, typed)}`)).body, 'typed message');
    expect(m.name).not.toBeNull();
    const wrong = await api.post(`${C}/safes/${d.safe}/messages`, { message: 'other text', safeAppId: null, signature: sig, origin: null });
    expect(wrong.status).toBe(422);
    expect((await api.get(`${C}/messages/0x${'00'.repeat(32)}`)).status).toBe(404);
  });
});

describe('relay', () => {
  it('executes a fully signed tx through the relayer and counts down the quota', async () => {
    const safe = d.safe;
    const count = S.expectShape(S.RelayCount, (await api.get(`${C}/relay/${safe}`)).body, 'relay count');
    expect(count).toEqual({ remaining: 2, limit: 2 });
    const { publicClient } = await connectDevnet(d.rpcUrl);
    const nonce = await publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
    const t = buildSafeTx({ to: owner(9).address, value: 3n, nonce });
    const signatures = joinSignatures(await Promise.all([0, 1].map(async (i) => ({ signer: owner(i).address, signature: await signSafeTx(CHAIN_ID, safe, t, owner(i).privateKey) }))));
    const data = encodeFunctionData({ abi: safeAbi, functionName: 'execTransaction', args: [t.to, t.value, t.data, t.operation, t.safeTxGas, t.baseGas, t.gasPrice, t.gasToken, t.refundReceiver, signatures] });
    const r = await api.post(`${C}/relay`, { to: safe, data, version: '1.4.1' });
    expect(r.status).toBe(200);
    S.expectShape(S.RelayResponse, r.body, 'relay');
    expect((await api.get(`${C}/relay/${safe}`)).body).toEqual({ remaining: 1, limit: 2 });
    const h = await history(safe);
    const first = h.results.find((i) => i.type === 'TRANSACTION');
    if (first?.type !== 'TRANSACTION') throw new Error('tx');
    expect(first.transaction).toMatchObject({ id: `multisig_${safe}_${safeTxHash(CHAIN_ID, safe, t)}`, txStatus: 'SUCCESS' });

    // a reverting execution (signatures for a stale nonce) is refused and does not use quota
    const stale = await api.post(`${C}/relay`, { to: safe, data, version: '1.4.1' });
    expect(stale.status).toBe(422);
    expect((await api.get(`${C}/relay/${safe}`)).body).toEqual({ remaining: 1, limit: 2 });
    expect((await api.post(`${C}/relay`, { to: owner(5).address, data, version: '1.4.1' })).status).toBe(422);
    expect((await api.post(`${C}/relay`, { to: safe, data: '0x12', version: 'x' })).status).toBe(422);
  });

  it('answers 429 when the limit is reached', async () => {
    const safe = d.soloSafe;
    const { publicClient } = await connectDevnet(d.rpcUrl);
    for (let i = 0; i < 3; i++) {
      const nonce = await publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
      const t = buildSafeTx({ to: owner(9).address, value: 1n, nonce });
      const sig = await signSafeTx(CHAIN_ID, safe, t, owner(0).privateKey);
      const data = encodeFunctionData({ abi: safeAbi, functionName: 'execTransaction', args: [t.to, t.value, t.data, t.operation, t.safeTxGas, t.baseGas, t.gasPrice, t.gasToken, t.refundReceiver, sig] });
      const r = await api.post(`${C}/relay`, { to: safe, data, version: '1.4.1' });
      if (i < 2) expect(r.status).toBe(200);
      else {
        expect(r.status).toBe(429);
        expect(S.expectShape(S.ErrorBody, r.body, 'error').message).toBe(`Relay limit reached for ${safe}`);
      }
    }
    expect(SAFE_141.safeL2).toBeTruthy();
  });
});

describe('modules and MultiSend from the chain', () => {
  it('indexes ENABLE_MODULE, module transactions and a MultiSend batch', async () => {
    const { execNextSafeTx } = await import('../../devnet/chain/index.ts');
    const safe = d.soloSafe;
    const module = owner(9);
    await execNextSafeTx(d.rpcUrl, safe, { to: safe, data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [module.address] }) }, { signers: [owner(0).privateKey] });
    const info = S.expectShape(S.SafeState, (await api.get(`${C}/safes/${safe}`)).body, 'safe');
    expect(info.modules?.map((m) => m.value)).toEqual([module.address]);

    const { publicClient, wallet } = await connectDevnet(d.rpcUrl);
    const h = await wallet(module.privateKey).writeContract({ address: safe, abi: safeAbi, functionName: 'execTransactionFromModule', args: [owner(8).address, 5n, '0x', 0] });
    await waitForSuccess(publicClient, h, 'module tx');

    const packed = (to: Address, value: bigint) => `00${to.slice(2).toLowerCase()}${value.toString(16).padStart(64, '0')}${'0'.repeat(64)}`;
    const batch = encodeFunctionData({ abi: parseAbi(['function multiSend(bytes transactions)']), functionName: 'multiSend', args: [`0x${packed(owner(7).address, 1n)}${packed(owner(8).address, 2n)}`] });
    const exec = await execNextSafeTx(d.rpcUrl, safe, { to: SAFE_141.multiSendCallOnly, data: batch, operation: 1 }, { signers: [owner(0).privateKey] });

    const hist = await history(safe);
    const txs = hist.results.flatMap((i) => (i.type === 'TRANSACTION' ? [i.transaction] : []));
    const [multi, mod, enable] = txs;
    expect(multi!.txInfo).toMatchObject({ type: 'Custom', methodName: 'multiSend', actionCount: 2, to: { value: SAFE_141.multiSendCallOnly, name: 'Safe: MultiSendCallOnly 1.4.1' } });
    expect(multi!.id).toBe(`multisig_${safe}_${exec.safeTxHash}`);
    expect(mod!.executionInfo).toEqual({ type: 'MODULE', address: { value: module.address, name: null, logoUri: null } });
    expect(mod!.txInfo).toMatchObject({ type: 'Transfer', transferInfo: { type: 'NATIVE_COIN', value: '5' } });
    expect(enable!.txInfo).toMatchObject({ type: 'SettingsChange', settingsInfo: { type: 'ENABLE_MODULE', module: { value: module.address } } });

    const md = S.expectShape(S.TransactionDetails, (await api.get(`${C}/transactions/${multi!.id}`)).body, 'multisend details');
    expect(md.txData).toMatchObject({ operation: 1, trustedDelegateCallTarget: true, dataDecoded: { method: 'multiSend' } });
    const modDet = S.expectShape(S.TransactionDetails, (await api.get(`${C}/transactions/${mod!.id}`)).body, 'module details');
    expect(modDet.detailedExecutionInfo).toEqual({ type: 'MODULE', address: { value: module.address, name: null, logoUri: null } });
    const modList = S.expectShape(S.TransactionPage, (await api.get(`${C}/safes/${safe}/module-transactions/?module=${module.address}`)).body, 'module list');
    expect(modList.results).toHaveLength(1);
  });
});
