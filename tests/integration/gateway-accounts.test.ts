// Account services of the devnet gateway (issue 10's gateway side): delegates, notification devices,
// e-mail registration with codes from the devnet outbox, recovery registration, subscriptions, and the
// SQL state surviving a gateway restart on the same database file.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { hashTypedData, keccak256, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { RELAYER_ACCOUNT, buildSafeTx, safeTxHash, signSafeTx } from '../../devnet/chain/index.ts';
import { startGateway } from '../../devnet/gateway/index.ts';
import { CHAIN_ID, owner, startTestDevnet, type TestDevnet } from './fixtures/gateway/devnet.ts';
import { client } from './fixtures/gateway/http.ts';
import * as S from './fixtures/gateway/schemas.ts';

const Outbox = v.array(v.strictObject({ id: v.number(), to: v.string(), subject: v.string(), body: v.string(), code: v.nullable(v.string()), createdAt: v.number() }));

let d: TestDevnet;
let api: ReturnType<typeof client>;
let dir: string;
const C = '/v1/chains/31337';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-db-'));
  d = await startTestDevnet({ dbFile: join(dir, 'gateway.sqlite') });
  api = client(d.url);
});
afterAll(async () => {
  await d?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const totp = (): bigint => BigInt(Math.floor(Date.now() / 1000 / 3600));
const delegateSig = (key: Hex, delegate: Address) =>
  privateKeyToAccount(key).signTypedData({
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId: CHAIN_ID },
    types: { Delegate: [{ name: 'delegateAddress', type: 'address' }, { name: 'totp', type: 'uint256' }] },
    primaryType: 'Delegate',
    message: { delegateAddress: delegate, totp: totp() },
  });

describe('delegates', () => {
  const delegate = owner(5).address;

  it('requires a query property', async () => {
    const r = await api.get(`${C}/delegates`);
    expect(r.status).toBe(422);
    expect(S.expectShape(S.ErrorBody, r.body, 'error').message).toBe('At least one property is required');
  });

  it('adds a delegate signed by an owner (EIP-712) and lists it', async () => {
    const bad = await api.post(`${C}/delegates`, { safe: d.safe, delegate, delegator: owner(0).address, signature: await delegateSig(owner(1).privateKey, delegate), label: 'x' });
    expect(bad.status).toBe(422);
    const notOwner = await api.post(`${C}/delegates`, { safe: d.safe, delegate, delegator: owner(6).address, signature: await delegateSig(owner(6).privateKey, delegate), label: 'x' });
    expect(notOwner.status).toBe(422);
    const ok = await api.post('/v2/chains/31337/delegates', { safe: d.safe, delegate, delegator: owner(0).address, signature: await delegateSig(owner(0).privateKey, delegate), label: 'Proposer bot' });
    expect(ok.status).toBe(204);
    const list = S.expectShape(S.DelegatePage, (await api.get(`/v2/chains/31337/delegates?safe=${d.safe}`)).body, 'delegates');
    expect(list.results).toEqual([{ safe: d.safe, delegate, delegator: owner(0).address, label: 'Proposer bot' }]);
    S.expectShape(S.DelegatePage, (await api.get(`${C}/delegates?delegator=${owner(0).address}`)).body, 'delegates v1');
  });

  it('lets a delegate propose (not counted as a confirmation)', async () => {
    const t = buildSafeTx({ to: owner(7).address, value: 1n, nonce: 0n });
    const sig = await signSafeTx(CHAIN_ID, d.safe, t, owner(5).privateKey);
    const r = await api.post(`${C}/transactions/${d.safe}/propose`, {
      to: t.to, value: '1', data: null, nonce: '0', operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0',
      gasToken: t.gasToken, refundReceiver: null, safeTxHash: safeTxHash(CHAIN_ID, d.safe, t), sender: delegate, signature: sig, origin: null,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const det = S.expectShape(S.TransactionDetails, r.body, 'proposal');
    expect(det.detailedExecutionInfo).toMatchObject({ proposedByDelegate: { value: delegate }, confirmations: [] });
  });

  it('removes the delegate (v2) with the delegator signature', async () => {
    const r = await api.del(`/v2/chains/31337/delegates/${delegate}`, { delegator: owner(0).address, safe: d.safe, signature: await delegateSig(owner(0).privateKey, delegate) });
    expect(r.status).toBe(204);
    expect(S.expectShape(S.DelegatePage, (await api.get(`${C}/delegates?safe=${d.safe}`)).body, 'delegates').results).toEqual([]);
  });
});

describe('notifications', () => {
  const uuid = '3f6b0b5e-3c57-4d4e-9b9a-0a7c1e2b3c4d';
  const token = 'fcm-token-devnet';

  async function registration(signers: number[], safes: Address[], timestamp: string) {
    const hash = keccak256(toHex(`gnosis-safe${timestamp}${uuid}${token}${[...safes].sort().join('')}`));
    const signatures = await Promise.all(signers.map((i) => privateKeyToAccount(owner(i).privateKey).signMessage({ message: { raw: hash } })));
    return { uuid, cloudMessagingToken: token, buildNumber: '1', bundle: 'countersign', deviceType: 'WEB', version: '1.0.0', timestamp, safeRegistrations: [{ chainId: '31337', safes, signatures }] };
  }

  it('registers a device for Safes with owner signatures, and rejects non-owners', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const bad = await api.post('/v1/register/notifications', await registration([6], [d.safe], ts));
    expect(bad.status).toBe(422);
    S.expectShape(S.ErrorBody, bad.body, 'error');
    const ok = await api.post('/v1/register/notifications', await registration([0], [d.safe, d.soloSafe], ts));
    expect(ok.status).toBe(200);
    const dev = (await api.get(`/devnet/notifications/devices/${uuid}`)).body as { safes: Array<{ safe: string; signers: string[] }> };
    expect(dev.safes.map((s) => s.safe).sort()).toEqual([d.safe, d.soloSafe].sort());
    expect((await api.post('/v1/register/notifications', { ...(await registration([0], [d.safe], ts)), deviceType: 'FRIDGE' })).status).toBe(422);
  });

  it('unregisters one Safe, then the device', async () => {
    expect((await api.del(`${C}/notifications/devices/${uuid}/safes/${d.soloSafe}`)).status).toBe(204);
    const dev = (await api.get(`/devnet/notifications/devices/${uuid}`)).body as { safes: Array<{ safe: string }> };
    expect(dev.safes.map((s) => s.safe)).toEqual([d.safe]);
    expect((await api.del(`${C}/notifications/devices/${uuid}/safes/${d.soloSafe}`)).status).toBe(404);
    expect((await api.del(`${C}/notifications/devices/${uuid}`)).status).toBe(204);
    expect((await api.get(`/devnet/notifications/devices/${uuid}`)).status).toBe(404);
    expect((await api.del(`${C}/notifications/devices/not-a-uuid`)).status).toBe(422);
  });
});

describe('e-mails', () => {
  const signer = owner(1);
  const headers = async (text: (ts: string) => string) => {
    const ts = String(Date.now());
    return { 'Safe-Wallet-Signature': await privateKeyToAccount(signer.privateKey).signMessage({ message: text(ts) }), 'Safe-Wallet-Signature-Timestamp': ts };
  };
  const base = () => `${C}/safes/${d.safe}/emails`;
  const lastMail = async (to: string) => {
    const mails = S.expectShape(Outbox, (await api.get(`/devnet/outbox?to=${encodeURIComponent(to)}`)).body, 'outbox');
    return mails.at(-1)!;
  };

  it('registers with a signed header, delivers a code to the outbox, verifies', async () => {
    const email = 'owner1@devnet.test';
    const noHeaders = await api.post(base(), { emailAddress: email, signer: signer.address });
    expect(noHeaders.status).toBe(403);
    const wrongText = await api.post(base(), { emailAddress: email, signer: signer.address }, await headers((ts) => `email-register-${CHAIN_ID}-${d.safe}-other@x.y-${signer.address}-${ts}`));
    expect(wrongText.status).toBe(403);
    const r = await api.post(base(), { emailAddress: email, signer: signer.address }, await headers((ts) => `email-register-${CHAIN_ID}-${d.safe}-${email}-${signer.address}-${ts}`));
    expect(r.status).toBe(201);
    const mail = await lastMail(email);
    expect(mail.code).toMatch(/^\d{6}$/);

    const get = await api.get(`${base()}/${signer.address}`, await headers((ts) => `email-retrieval-${CHAIN_ID}-${d.safe}-${signer.address}-${ts}`));
    expect(S.expectShape(S.EmailInfo, get.body, 'email')).toEqual({ email, verified: false });

    const wrong = await api.put(`${base()}/${signer.address}/verify`, { code: mail.code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(S.expectShape(S.ErrorBody, wrong.body, 'error').message).toBe('Invalid verification code');
    expect((await api.post(`${base()}/${signer.address}/verify-resend`, '')).status).toBe(202);
    const resent = await lastMail(email);
    expect((await api.put(`${base()}/${signer.address}/verify`, { code: mail.code })).status).toBe(resent.code === mail.code ? 204 : 400);
    expect((await api.put(`${base()}/${signer.address}/verify`, { code: resent.code })).status).toBe(resent.code === mail.code ? 409 : 204);
    const after = await api.get(`${base()}/${signer.address}`, await headers((ts) => `email-retrieval-${CHAIN_ID}-${d.safe}-${signer.address}-${ts}`));
    expect(after.body).toEqual({ email, verified: true });
  });

  it('changes the address (unverified again), unsubscribes, deletes', async () => {
    const email = 'new-owner1@devnet.test';
    const r = await api.put(`${base()}/${signer.address}`, { emailAddress: email }, await headers((ts) => `email-edit-${CHAIN_ID}-${d.safe}-${email}-${signer.address}-${ts}`));
    expect(r.status).toBe(202);
    const mail = await lastMail(email);
    const token = /Unsubscribe token: ([0-9a-f-]{36})/.exec(mail.body)?.[1];
    expect(token).toBeDefined();
    expect((await api.del(`/v1/subscriptions?category=account_recovery&token=${token}`)).status).toBe(200);
    expect((await api.del(`/v1/subscriptions?category=account_recovery&token=${token}`)).status).toBe(404);
    expect((await api.del('/v1/subscriptions/all?token=nope')).status).toBe(422);
    const del = await api.del(`${base()}/${signer.address}`, undefined, await headers((ts) => `email-delete-${CHAIN_ID}-${d.safe}-${signer.address}-${ts}`));
    expect(del.status).toBe(204);
    const gone = await api.get(`${base()}/${signer.address}`, await headers((ts) => `email-retrieval-${CHAIN_ID}-${d.safe}-${signer.address}-${ts}`));
    expect(gone.status).toBe(404);
  });

  it('refuses a non-owner signer and an expired signature', async () => {
    const stranger = owner(6);
    const ts = String(Date.now());
    const text = `email-register-${CHAIN_ID}-${d.safe}-x@y.z-${stranger.address}-${ts}`;
    const sig = await privateKeyToAccount(stranger.privateKey).signMessage({ message: text });
    const r = await api.post(base(), { emailAddress: 'x@y.z', signer: stranger.address }, { 'Safe-Wallet-Signature': sig, 'Safe-Wallet-Signature-Timestamp': ts });
    expect(r.status).toBe(403);
    const old = String(Date.now() - 10 * 60_000);
    const oldSig = await privateKeyToAccount(signer.privateKey).signMessage({ message: `email-register-${CHAIN_ID}-${d.safe}-x@y.z-${signer.address}-${old}` });
    const r2 = await api.post(base(), { emailAddress: 'x@y.z', signer: signer.address }, { 'Safe-Wallet-Signature': oldSig, 'Safe-Wallet-Signature-Timestamp': old });
    expect(r2.status).toBe(403);
    expect(S.expectShape(S.ErrorBody, r2.body, 'error').message).toBe('Signature expired');
  });
});

describe('recovery', () => {
  it('registers and removes a recovery module', async () => {
    const module = owner(8).address;
    expect((await api.post(`${C}/safes/${d.safe}/recovery`, { moduleAddress: module })).status).toBe(200);
    expect((await api.get(`/devnet/recovery/${d.safe}`)).body).toEqual([{ moduleAddress: module, signer: null }]);
    expect((await api.post(`${C}/safes/${d.safe}/recovery`, { moduleAddress: 'nope' })).status).toBe(422);
    expect((await api.post(`${C}/safes/${owner(6).address}/recovery`, { moduleAddress: module })).status).toBe(404);
    expect((await api.del(`${C}/safes/${d.safe}/recovery/${module}`)).status).toBe(204);
    expect((await api.get(`/devnet/recovery/${d.safe}`)).body).toEqual([]);
  });
});

describe('persistence', () => {
  it('keeps off-chain state in the database file across a gateway restart', async () => {
    const t = buildSafeTx({ to: owner(7).address, value: 1n, nonce: 0n });
    const h = safeTxHash(CHAIN_ID, d.safe, t);
    await d.gateway.stop();
    expect(existsSync(join(dir, 'gateway.sqlite'))).toBe(true);
    const again = await startGateway({ rpcUrl: d.rpcUrl, chainId: CHAIN_ID, shortName: 'devnet', dbFile: join(dir, 'gateway.sqlite'), relayerPrivateKey: RELAYER_ACCOUNT.privateKey });
    try {
      const r = await client(again.url).get(`${C}/transactions/${h}`);
      expect(r.status).toBe(200);
      expect(S.expectShape(S.TransactionDetails, r.body, 'persisted').detailedExecutionInfo).toMatchObject({ proposedByDelegate: { value: owner(5).address } });
      expect(hashTypedData).toBeTypeOf('function');
    } finally {
      await again.stop();
    }
  });
});
