// The devnet gateway against the real gateway's published OpenAPI (decision 0051): every route of
// devnet/gateway/routes is called on a throw-away devnet with a seeded Safe and realistic parameters, and each
// answer's status and body are checked against cgw-openapi.json (pinned beside the fixtures). A route the document
// does not list must be in NOT_IN_OPENAPI with its reason; an error status the document does not list must be in
// UNDOCUMENTED_ERRORS. The last tests check that nothing was left uncalled, and the real-gateway switch.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { RELAYER_ACCOUNT, SAFE_141, buildSafeTx, connectDevnet, joinSignatures, safeAbi, safeTxHash, signSafeMessage, signSafeTx, type SafeTx } from '../../devnet/chain/index.ts';
import { NOT_OFFERED_BY_REAL_GATEWAY, createGatewayApp, type GatewayApp } from '../../devnet/gateway/index.ts';
import { CHAIN_ID, owner, startTestDevnet, type TestDevnet } from './fixtures/gateway/devnet.ts';
import { PINNED_OPENAPI_FILE, createContractValidator, type ContractValidator } from './fixtures/gateway/openapi.ts';

const C = String(CHAIN_ID);
const SHARED_SPEC = join(process.cwd(), '..', 'shared', 'spec', 'cgw-openapi.json');

/** Devnet routes the real gateway's OpenAPI does not list, each with why the devnet keeps it. */
const NOT_IN_OPENAPI: Record<string, string> = {
  'GET /health/live': 'liveness probe: the real gateway serves it outside its OpenAPI',
  'GET /health/ready': 'readiness probe: the real gateway serves it outside its OpenAPI',
  'GET /devnet/notifications/devices/{}': 'devnet-only inspection of a registered device (tests)',
  'GET /devnet/outbox': 'devnet-only: the e-mails the gateway "sent" (verification codes, unsubscribe tokens)',
  'GET /devnet/subscriptions': 'devnet-only inspection of e-mail subscriptions',
  'GET /devnet/recovery/{}': 'devnet-only inspection of recovery registrations',
  'GET /devnet/explorer/address/{}': 'devnet-only block explorer page (anvil has none)',
  'GET /devnet/explorer/tx/{}': 'devnet-only block explorer page (anvil has none)',
  'POST /devnet/fixtures/large-safe': 'devnet-only: registers a large-Safe fixture whose lists the gateway generates (decision 0068)',
  ...Object.fromEntries(NOT_OFFERED_BY_REAL_GATEWAY.map((e) => [`${e.method} ${normalise(e.path)}`, `seed endpoint today's real gateway dropped: ${e.why} (404 with likeRealGateway)`])),
};

/** Error statuses the devnet answers that the document does not list for the operation, with the real reason. */
const UNDOCUMENTED_ERRORS: Record<string, string> = {
  'POST /v1/chains/{}/transactions/{}/propose 422': 'the real gateway answers 422 for a bad safeTxHash, nonce or signature (protocol.md B.6); its OpenAPI lists only 400',
  'POST /v1/chains/{}/safes/{}/messages 422': 'request validation (zod) answers 422 on the real gateway',
};

/**
 * Where the document's annotation and the real handler disagree, the handler wins (what the app meets): the
 * answer is checked against the component the handler returns, with the evidence.
 */
const OPENAPI_ERRATA: Record<string, { schema: string; why: string }> = {
  'POST /v1/chains/{chainId}/transactions/{safeTxHash}/confirmations 200': {
    schema: 'TransactionDetails',
    why: "the handler returns TransactionDetails (TransactionsService.addConfirmation → multisigTransactionDetailsMapper.mapDetails); the annotation names the list item 'Transaction'",
  },
};

function normalise(path: string): string {
  return path
    .replace(/\?.*$/, '')
    .replace(/:\w+\??/g, '{}')
    .replace(/\{\w+\}/g, '{}')
    .replace(/\/$/, '');
}

type Called = { key: string; status: number; problem: string | null };

let d: TestDevnet;
let spec: ContractValidator;
const called: Called[] = [];

/**
 * One call. `template` is the OpenAPI path (or the devnet path for routes it does not list); `params` fill it.
 * The answer is checked against the document and recorded; the parsed body is returned.
 */
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  template: string,
  params: Record<string, string> = {},
  opts: { query?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
  const res = await fetch(`${opts.base ?? d.url}${path}${opts.query ? `?${opts.query}` : ''}`, {
    method,
    headers: { ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const key = `${method} ${normalise(template)}`;
  let problem: string | null = null;
  const erratum = OPENAPI_ERRATA[`${method} ${template} ${res.status}`];
  if (erratum) {
    const verdict = spec.checkSchema(erratum.schema, body);
    if (!verdict.ok) problem = verdict.problem;
  } else if (spec.has(method, template.replace(/\/$/, ''))) {
    const verdict = spec.check({ method, path: template.replace(/\/$/, ''), status: res.status, body });
    if (!verdict.ok) {
      const undocumented = res.status >= 400 && !spec.statuses(method, template.replace(/\/$/, '')).includes(String(res.status));
      if (!(undocumented && `${key} ${res.status}` in UNDOCUMENTED_ERRORS)) problem = verdict.problem;
    }
  } else if (!(key in NOT_IN_OPENAPI)) {
    problem = `${key} is neither in the OpenAPI document nor in NOT_IN_OPENAPI`;
  }
  called.push({ key, status: res.status, problem });
  return { status: res.status, body };
}

/** A call expected to answer `status`: a different status is recorded as the call's problem. */
async function expectCall(status: number, ...args: Parameters<typeof call>): Promise<unknown> {
  const r = await call(...args);
  const last = called.at(-1)!;
  if (r.status !== status) last.problem = `${last.key}: expected ${status}, answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
  return r.body;
}

/** Runs a group of calls and asserts that every one of them conformed (all problems listed at once). */
async function conforms(calls: () => Promise<void>): Promise<void> {
  const mark = called.length;
  await calls();
  expect(called.slice(mark).filter((c) => c.problem !== null).map((c) => c.problem)).toEqual([]);
}

const totp = (): bigint => BigInt(Math.floor(Date.now() / 1000 / 3600));

function proposeBody(safe: Address, tx: SafeTx, sender: Address, signature: Hex | null) {
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
    origin: null,
  };
}

const emailHeaders = async (key: Hex, text: (ts: string) => string): Promise<Record<string, string>> => {
  const ts = String(Date.now());
  return { 'Safe-Wallet-Signature': await privateKeyToAccount(key).signMessage({ message: text(ts) }), 'Safe-Wallet-Signature-Timestamp': ts };
};

const delegateSig = (key: Hex, delegate: Address) =>
  privateKeyToAccount(key).signTypedData({
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId: CHAIN_ID },
    types: { Delegate: [{ name: 'delegateAddress', type: 'address' }, { name: 'totp', type: 'uint256' }] },
    primaryType: 'Delegate',
    message: { delegateAddress: delegate, totp: totp() },
  });

beforeAll(async () => {
  spec = createContractValidator();
  d = await startTestDevnet();
});
afterAll(async () => {
  await d?.stop();
});

describe('the pinned OpenAPI document', () => {
  it('is the one in ../shared/spec (when that folder is present)', () => {
    if (!existsSync(SHARED_SPEC)) return;
    expect(keccak256(toHex(readFileSync(PINNED_OPENAPI_FILE, 'utf8')))).toBe(keccak256(toHex(readFileSync(SHARED_SPEC, 'utf8'))));
  });
});

describe('chains, about and static config', () => {
  it('answers as the document says', () =>
    conforms(async () => {
    await expectCall(200, 'GET', '/about');
    await expectCall(200, 'GET', '/health/live');
    await expectCall(200, 'GET', '/health/ready');
    for (const v of ['v1', 'v2']) {
      await expectCall(200, 'GET', `/${v}/chains`);
      await expectCall(200, 'GET', `/${v}/chains/{chainId}`, { chainId: C });
    }
    await expectCall(200, 'GET', '/v1/chains/{chainId}/about', { chainId: C });
    await expectCall(200, 'GET', '/v1/chains/{chainId}/about/master-copies', { chainId: C });
    await expectCall(200, 'GET', '/v1/chains/{chainId}/about/indexing', { chainId: C });
    await expectCall(200, 'GET', '/v1/balances/supported-fiat-codes');
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safe-apps', { chainId: C });
    for (const contractAddress of [SAFE_141.multiSend, d.tokens.usd.address, d.safe]) {
      await expectCall(200, 'GET', '/v1/chains/{chainId}/contracts/{contractAddress}', { chainId: C, contractAddress });
    }
    }));
});

describe('Safes, balances, owners, overviews', () => {
  it('answers as the document says', () =>
    conforms(async () => {
    const p = { chainId: C, safeAddress: d.safe };
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}', p);
    await expectCall(404, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}', { chainId: C, safeAddress: owner(7).address });
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/balances/{fiatCode}', { ...p, fiatCode: 'usd' });
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/collectibles', p);
    await expectCall(200, 'GET', '/v2/chains/{chainId}/safes/{safeAddress}/collectibles', p, { query: 'trusted=false&exclude_spam=true' });
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/nonces', p);
    await expectCall(200, 'GET', '/v1/chains/{chainId}/owners/{ownerAddress}/safes', { chainId: C, ownerAddress: owner(0).address });
    await expectCall(200, 'GET', '/v1/owners/{ownerAddress}/safes', { ownerAddress: owner(0).address });
    await expectCall(200, 'GET', '/v2/owners/{ownerAddress}/safes', { ownerAddress: owner(0).address });
    await expectCall(200, 'GET', '/v3/owners/{ownerAddress}/safes', { ownerAddress: owner(0).address });
    await expectCall(200, 'GET', '/v1/safes', {}, { query: `currency=usd&safes=${C}:${d.safe},${C}:${d.soloSafe}&wallet_address=${owner(0).address}` });
    }));
});

describe('transactions: lists, propose, confirm, details, estimation, preview, decoding, delete', () => {
  it('answers as the document says', () =>
    conforms(async () => {
    const p = { chainId: C, safeAddress: d.safe };
    const tx = buildSafeTx({ to: owner(6).address, value: 1_000n, nonce: 0n });
    const hash = safeTxHash(CHAIN_ID, d.safe, tx);
    await expectCall(200, 'POST', '/v1/chains/{chainId}/transactions/{safeAddress}/propose', p, {
      body: proposeBody(d.safe, tx, owner(0).address, await signSafeTx(CHAIN_ID, d.safe, tx, owner(0).privateKey)),
    });
    await call('POST', '/v1/chains/{chainId}/transactions/{safeAddress}/propose', p, { body: { ...proposeBody(d.safe, tx, owner(0).address, null), safeTxHash: `0x${'00'.repeat(32)}` } });
    expect(called.at(-1)).toMatchObject({ status: 422, problem: null });
    await expectCall(200, 'POST', '/v1/chains/{chainId}/transactions/{safeTxHash}/confirmations', { chainId: C, safeTxHash: hash }, { body: { signature: await signSafeTx(CHAIN_ID, d.safe, tx, owner(1).privateKey) } });
    await expectCall(200, 'GET', '/v1/chains/{chainId}/transactions/{id}', { chainId: C, id: `multisig_${d.safe}_${hash}` });
    await expectCall(404, 'GET', '/v1/chains/{chainId}/transactions/{id}', { chainId: C, id: `multisig_${d.safe}_0x${'ab'.repeat(32)}` });
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/transactions/queued', p);

    // execute it (so the history, details and multisig list have an executed multisig transaction with a fee)
    const { publicClient, wallet } = await connectDevnet(d.rpcUrl);
    const signatures = joinSignatures(await Promise.all([0, 1].map(async (i) => ({ signer: owner(i).address, signature: await signSafeTx(CHAIN_ID, d.safe, tx, owner(i).privateKey) }))));
    const exec = await wallet(owner(2).privateKey).writeContract({
      address: d.safe,
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures],
    });
    await publicClient.waitForTransactionReceipt({ hash: exec });
    const details = (await expectCall(200, 'GET', '/v1/chains/{chainId}/transactions/{id}', { chainId: C, id: `multisig_${d.safe}_${hash}` })) as {
      detailedExecutionInfo: { fee: string; payment: string };
    };
    expect(BigInt(details.detailedExecutionInfo.fee)).toBeGreaterThan(0n);
    expect(details.detailedExecutionInfo.payment).toBe('0');

    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/transactions/history', p);
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/transactions/creation', p);
    await expectCall(404, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/transactions/creation', { chainId: C, safeAddress: owner(7).address });
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/multisig-transactions/', p);
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/module-transactions/', p);
    await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/incoming-transfers/', p);

    const transfer = encodeFunctionData({ abi: [{ type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [{ type: 'bool' }], stateMutability: 'nonpayable' }], args: [owner(6).address, 5n] });
    await expectCall(200, 'POST', '/v2/chains/{chainId}/safes/{address}/multisig-transactions/estimations', { chainId: C, address: d.safe }, { body: { to: d.tokens.usd.address, value: '0', data: transfer, operation: 0 } });
    await expectCall(200, 'POST', '/v1/chains/{chainId}/transactions/{safeAddress}/preview', p, { body: { to: d.tokens.usd.address, value: '0', data: transfer, operation: 0 } });
    await expectCall(200, 'POST', '/v1/chains/{chainId}/data-decoder', { chainId: C }, { body: { data: transfer, to: d.tokens.usd.address } });
    await expectCall(200, 'POST', '/v1/chains/{chainId}/safes/{safeAddress}/views/transaction-confirmation', p, { body: { data: transfer, to: d.tokens.usd.address } });

    // a proposal deleted by its proposer
    const doomed = buildSafeTx({ to: owner(8).address, value: 2n, nonce: 5n });
    const doomedHash = safeTxHash(CHAIN_ID, d.safe, doomed);
    await expectCall(200, 'POST', '/v1/chains/{chainId}/transactions/{safeAddress}/propose', p, {
      body: proposeBody(d.safe, doomed, owner(0).address, await signSafeTx(CHAIN_ID, d.safe, doomed, owner(0).privateKey)),
    });
    const deleteSig = await privateKeyToAccount(owner(0).privateKey).signTypedData({
      domain: { name: 'Safe Transaction Service', version: '1.0', chainId: CHAIN_ID, verifyingContract: d.safe },
      types: { DeleteRequest: [{ name: 'safeTxHash', type: 'bytes32' }, { name: 'totp', type: 'uint256' }] },
      primaryType: 'DeleteRequest',
      message: { safeTxHash: doomedHash, totp: totp() },
    });
    await expectCall(204, 'DELETE', '/v1/chains/{chainId}/transactions/{safeTxHash}', { chainId: C, safeTxHash: doomedHash }, { body: { signature: deleteSig } });
    await expectCall(404, 'DELETE', '/v1/chains/{chainId}/transactions/{safeTxHash}', { chainId: C, safeTxHash: doomedHash }, { body: { signature: deleteSig } });
    }));
});

describe('messages', () => {
  it('answers as the document says: 202 without a body for a new message', () =>
    conforms(async () => {
    const p = { chainId: C, safeAddress: d.safe };
    const message = 'Countersign contract test';
    const signature = await signSafeMessage(CHAIN_ID, d.safe, message, owner(0).privateKey);
    await expectCall(202, 'POST', '/v1/chains/{chainId}/safes/{safeAddress}/messages', p, { body: { message, safeAppId: null, signature } });
    const page = (await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/messages', p)) as { results: Array<{ type: string; messageHash?: string }> };
    const messageHash = page.results.find((r) => r.type === 'MESSAGE')!.messageHash!;
    await expectCall(200, 'GET', '/v1/chains/{chainId}/messages/{messageHash}', { chainId: C, messageHash });
    await expectCall(404, 'GET', '/v1/chains/{chainId}/messages/{messageHash}', { chainId: C, messageHash: `0x${'cd'.repeat(32)}` });
    await expectCall(200, 'POST', '/v1/chains/{chainId}/messages/{messageHash}/signatures', { chainId: C, messageHash }, {
      body: { signature: await signSafeMessage(CHAIN_ID, d.safe, message, owner(1).privateKey) },
    });
    }));
});

describe('delegates', () => {
  it('answers as the document says', () =>
    conforms(async () => {
    const delegate = owner(5).address;
    const delegator = owner(0);
    for (const v of ['v1', 'v2']) {
      await expectCall(204, 'POST', `/${v}/chains/{chainId}/delegates`, { chainId: C }, {
        body: { safe: d.safe, delegate, delegator: delegator.address, signature: await delegateSig(delegator.privateKey, delegate), label: `Bot ${v}` },
      });
      await expectCall(200, 'GET', `/${v}/chains/{chainId}/delegates`, { chainId: C }, { query: `safe=${d.safe}` });
    }
    await expectCall(204, 'DELETE', '/v2/chains/{chainId}/delegates/{delegateAddress}', { chainId: C, delegateAddress: delegate }, {
      body: { delegator: delegator.address, safe: d.safe, signature: await delegateSig(delegator.privateKey, delegate) },
    });
    await expectCall(204, 'POST', '/v1/chains/{chainId}/delegates', { chainId: C }, {
      body: { safe: d.safe, delegate, delegator: delegator.address, signature: await delegateSig(delegator.privateKey, delegate), label: 'Bot' },
    });
    await expectCall(204, 'DELETE', '/v1/chains/{chainId}/delegates/{delegateAddress}', { chainId: C, delegateAddress: delegate }, {
      body: { delegate, delegator: delegator.address, signature: await delegateSig(delegator.privateKey, delegate) },
    });
    await expectCall(204, 'POST', '/v1/chains/{chainId}/delegates', { chainId: C }, {
      body: { safe: d.safe, delegate, delegator: delegator.address, signature: await delegateSig(delegator.privateKey, delegate), label: 'Bot' },
    });
    await expectCall(204, 'DELETE', '/v1/chains/{chainId}/safes/{safeAddress}/delegates/{delegateAddress}', { chainId: C, safeAddress: d.safe, delegateAddress: delegate }, {
      body: { safe: d.safe, delegate, signature: await delegateSig(delegator.privateKey, delegate) },
    });
    }));
});

describe('notifications', () => {
  it('answers as the document says: the v1 registration sends no body', () =>
    conforms(async () => {
    const uuid = '3f1c2d7e-5b1a-4c2e-9d7f-0a1b2c3d4e5f';
    const token = 'fcm-contract';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const hash = keccak256(toHex(`gnosis-safe${timestamp}${uuid}${token}${[d.safe].join('')}`));
    const signature = await privateKeyToAccount(owner(0).privateKey).signMessage({ message: { raw: hash } });
    await expectCall(200, 'POST', '/v1/register/notifications', {}, {
      body: { uuid, cloudMessagingToken: token, buildNumber: '1', bundle: 'countersign', deviceType: 'WEB', version: '1.0.0', timestamp, safeRegistrations: [{ chainId: C, safes: [d.safe], signatures: [signature] }] },
    });
    await expectCall(200, 'GET', '/devnet/notifications/devices/{uuid}', { uuid });
    await expectCall(204, 'DELETE', '/v1/chains/{chainId}/notifications/devices/{uuid}/safes/{safeAddress}', { chainId: C, uuid, safeAddress: d.safe });
    await expectCall(204, 'DELETE', '/v1/chains/{chainId}/notifications/devices/{uuid}', { chainId: C, uuid });
    }));
});

describe('e-mails, subscriptions and recovery', () => {
  it('answers as the document says (the e-mail calls are not in it: statuses as the seed knew them)', () =>
    conforms(async () => {
    const signer = owner(1);
    const p = { chainId: C, safe: d.safe, signer: signer.address };
    const email = 'contract@devnet.test';
    const base = '/v1/chains/{chainId}/safes/{safe}/emails';
    await expectCall(201, 'POST', base, p, {
      body: { emailAddress: email, signer: signer.address },
      headers: await emailHeaders(signer.privateKey, (ts) => `email-register-${C}-${d.safe}-${email}-${signer.address}-${ts}`),
    });
    const mails = (await expectCall(200, 'GET', '/devnet/outbox', {}, { query: `to=${encodeURIComponent(email)}` })) as Array<{ code: string; body: string }>;
    await expectCall(204, 'PUT', `${base}/{signer}/verify`, p, { body: { code: mails.at(-1)!.code } });
    await expectCall(200, 'GET', `${base}/{signer}`, p, { headers: await emailHeaders(signer.privateKey, (ts) => `email-retrieval-${C}-${d.safe}-${signer.address}-${ts}`) });
    const changed = 'changed@devnet.test';
    await expectCall(202, 'PUT', `${base}/{signer}`, p, {
      body: { emailAddress: changed },
      headers: await emailHeaders(signer.privateKey, (ts) => `email-edit-${C}-${d.safe}-${changed}-${signer.address}-${ts}`),
    });
    await expectCall(202, 'POST', `${base}/{signer}/verify-resend`, p, { body: '' });
    const subscriptions = (await expectCall(200, 'GET', '/devnet/subscriptions')) as Array<{ token: string }>;
    const token = subscriptions[0]!.token;
    await expectCall(200, 'DELETE', '/v1/subscriptions/all', {}, { query: `token=${token}` });
    await expectCall(404, 'DELETE', '/v1/subscriptions', {}, { query: `category=account_recovery&token=${token}` });
    await expectCall(204, 'DELETE', `${base}/{signer}`, p, { headers: await emailHeaders(signer.privateKey, (ts) => `email-delete-${C}-${d.safe}-${signer.address}-${ts}`) });

    const moduleAddress = owner(8).address;
    await expectCall(200, 'POST', '/v1/chains/{chainId}/safes/{safeAddress}/recovery', { chainId: C, safeAddress: d.safe }, { body: { moduleAddress } });
    await expectCall(200, 'GET', '/devnet/recovery/{safe}', { safe: d.safe });
    await expectCall(204, 'DELETE', '/v1/chains/{chainId}/safes/{safeAddress}/recovery/{moduleAddress}', { chainId: C, safeAddress: d.safe, moduleAddress });
    }));
});

describe('relay and explorer', () => {
  it('answers as the document says', () =>
    conforms(async () => {
    const safe = d.soloSafe;
    await expectCall(200, 'GET', '/v1/chains/{chainId}/relay/{safeAddress}', { chainId: C, safeAddress: safe });
    const { publicClient } = await connectDevnet(d.rpcUrl);
    const nonce = await publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
    const t = buildSafeTx({ to: owner(9).address, value: 3n, nonce });
    const signatures = joinSignatures([{ signer: owner(0).address, signature: await signSafeTx(CHAIN_ID, safe, t, owner(0).privateKey) }]);
    const data = encodeFunctionData({ abi: safeAbi, functionName: 'execTransaction', args: [t.to, t.value, t.data, t.operation, t.safeTxGas, t.baseGas, t.gasPrice, t.gasToken, t.refundReceiver, signatures] });
    const relayed = (await expectCall(200, 'POST', '/v1/chains/{chainId}/relay', { chainId: C }, { body: { to: safe, data, version: '1.4.1' } })) as { taskId: string };
    await expectCall(200, 'GET', '/v1/chains/{chainId}/relay/status/{taskId}', { chainId: C, taskId: relayed.taskId });
    await expectCall(404, 'GET', '/v1/chains/{chainId}/relay/status/{taskId}', { chainId: C, taskId: `0x${'ef'.repeat(32)}` });
    await expectCall(200, 'GET', '/devnet/explorer/address/{address}', { address: RELAYER_ACCOUNT.address });
    await expectCall(200, 'GET', '/devnet/explorer/tx/{hash}', { hash: relayed.taskId });
    }));
});

describe('large-Safe fixture (decision 0068)', () => {
  it('registers a Safe, and its generated balances, NFTs, history and transfer details conform', () =>
    conforms(async () => {
      // last in the file: from here the solo Safe's lists carry the generated items
      const safe = d.soloSafe;
      const p = { chainId: C, safeAddress: safe };
      await expectCall(200, 'POST', '/devnet/fixtures/large-safe', {}, { body: { safe, seed: 7, sizes: { tokens: 25, history: 40, nfts: 12 } } });
      const balances = (await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/balances/{fiatCode}', { ...p, fiatCode: 'eur' })) as { items: unknown[] };
      expect(balances.items.length).toBeGreaterThanOrEqual(26);
      const nfts = (await expectCall(200, 'GET', '/v2/chains/{chainId}/safes/{safeAddress}/collectibles', p, { query: `cursor=${encodeURIComponent('limit=100&offset=0')}` })) as { count: number };
      expect(nfts.count).toBeGreaterThanOrEqual(12);
      const history = (await expectCall(200, 'GET', '/v1/chains/{chainId}/safes/{safeAddress}/transactions/history', p, { query: `cursor=${encodeURIComponent('limit=20&offset=20')}` })) as {
        count: number;
        results: { type: string; transaction?: { id: string } }[];
      };
      expect(history.count).toBeGreaterThanOrEqual(40);
      const generated = history.results.find((r) => r.transaction?.id.startsWith(`transfer_${safe}_`));
      await expectCall(200, 'GET', '/v1/chains/{chainId}/transactions/{id}', { chainId: C, id: generated!.transaction!.id });
      await expectCall(422, 'POST', '/devnet/fixtures/large-safe', {}, { body: { safe: 'not an address' } });
    }));
});

describe('coverage', () => {
  it('called every route of devnet/gateway/routes, and every answer conformed', async () => {
    const app = await createGatewayApp({ rpcUrl: d.rpcUrl, chainId: CHAIN_ID, shortName: 'devnet', relayerPrivateKey: RELAYER_ACCOUNT.privateKey });
    const routes = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && !r.path.startsWith('/devnet/apps/'))
        .map((r) => `${r.method} ${normalise(r.path)}`),
    );
    await app.close();
    const keys = new Set(called.map((c) => c.key));
    expect([...routes].filter((r) => !keys.has(r))).toEqual([]);
    expect(called.filter((c) => c.problem !== null)).toEqual([]);
    // every allowance is used: a stale entry would hide nothing, and would say something false
    expect(Object.keys(NOT_IN_OPENAPI).filter((k) => !routes.has(k))).toEqual([]);
  });
});

describe('the real-gateway switch (likeRealGateway)', () => {
  let real: GatewayApp;
  beforeAll(async () => {
    real = await createGatewayApp({ rpcUrl: d.rpcUrl, chainId: CHAIN_ID, shortName: 'devnet', relayerPrivateKey: RELAYER_ACCOUNT.privateKey, likeRealGateway: true });
  });
  afterAll(async () => {
    await real?.close();
  });

  it('answers every dropped endpoint 404 with the NestJS route-miss body, whatever the parameters', async () => {
    const fill = (path: string) => path.replace('{chainId}', C).replace(/\{\w+\}/g, d.safe);
    for (const e of NOT_OFFERED_BY_REAL_GATEWAY) {
      const url = `${fill(e.path)}${e.path === '/v1/subscriptions' ? '?category=account_recovery&token=x' : ''}`;
      const res = await real.request(url, { method: e.method, ...(e.method === 'GET' ? {} : { headers: { 'Content-Type': 'application/json' }, body: '{}' }) });
      expect(res.status, `${e.method} ${e.path}`).toBe(404);
      expect(await res.json()).toEqual({ message: `Cannot ${e.method} ${url}`, error: 'Not Found', statusCode: 404 });
    }
  });

  it('keeps serving everything else, including the replacements (v2/v3 owners, v2 collectibles)', async () => {
    for (const path of [`/v2/owners/${owner(0).address}/safes`, `/v3/owners/${owner(0).address}/safes`, `/v1/chains/${C}/owners/${owner(0).address}/safes`, `/v2/chains/${C}/safes/${d.safe}/collectibles`, `/v1/chains/${C}/safes/${d.safe}`]) {
      expect((await real.request(path)).status, path).toBe(200);
    }
    // the same endpoints without the switch are served
    expect(spec.has('GET', '/v1/owners/{ownerAddress}/safes')).toBe(false);
    expect(called.some((c) => c.key === 'GET /v1/owners/{}/safes' && c.status === 200)).toBe(true);
  });

  it('an unknown route answers like the real router on both', async () => {
    const res = await real.request('/v1/nowhere?x=1', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Cannot DELETE /v1/nowhere?x=1', error: 'Not Found', statusCode: 404 });
  });
});
