/** Every product-spec §7 call goes out with the right method, path and body (real local server). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../../src/services/gateway/index.ts';
import { startTestServer, type TestServer } from './testServer.ts';
import { DEVNET_OWNER } from '../../../../src/machines/shared/samples.ts';

const C = '7';
const S = '0x1234567890123456789012345678901234567890';
const SIGNER = DEVNET_OWNER;
const H = `0x${'ab'.repeat(32)}`;
const auth = { signature: '0xsig', timestamp: 1 };
let server: TestServer;
let client: GatewayClient;

beforeAll(async () => {
  server = await startTestServer();
  // Answer everything with an empty JSON object; shapes are not what this test checks.
  client = createGatewayClient({ baseUrl: server.baseUrl, validate: false });
});
afterAll(async () => {
  await server.close();
});

type Case = [name: string, call: (c: GatewayClient) => Promise<unknown>, method: string, url: string, body?: unknown];
const cases: Case[] = [
  ['relayTransaction', (c) => c.relayTransaction(C, { to: S, data: '0x', version: '1.4.1' }), 'POST', `/v1/chains/${C}/relay`, { to: S, data: '0x', version: '1.4.1' }],
  ['getRelayCount', (c) => c.getRelayCount(C, S), 'GET', `/v1/chains/${C}/relay/${S}`],
  ['getSafeInfo', (c) => c.getSafeInfo(C, S), 'GET', `/v1/chains/${C}/safes/${S}`],
  ['getIncomingTransfers', (c) => c.getIncomingTransfers(C, S, { trusted: true }), 'GET', `/v1/chains/${C}/safes/${S}/incoming-transfers/?trusted=true`],
  ['getModuleTransactions', (c) => c.getModuleTransactions(C, S), 'GET', `/v1/chains/${C}/safes/${S}/module-transactions/`],
  ['getMultisigTransactions', (c) => c.getMultisigTransactions(C, S, { nonce: 3 }), 'GET', `/v1/chains/${C}/safes/${S}/multisig-transactions/?nonce=3`],
  ['getBalances', (c) => c.getBalances(C, S), 'GET', `/v1/chains/${C}/safes/${S}/balances/usd`],
  ['getFiatCurrencies', (c) => c.getFiatCurrencies(), 'GET', '/v1/balances/supported-fiat-codes'],
  ['getOwnedSafes', (c) => c.getOwnedSafes(C, SIGNER), 'GET', `/v1/chains/${C}/owners/${SIGNER}/safes`],
  // newest first: /v3, falling back to /v2 and /v1 only where the gateway does not offer it (notOffered.test.ts)
  ['getAllOwnedSafes', (c) => c.getAllOwnedSafes(SIGNER), 'GET', `/v3/owners/${SIGNER}/safes`],
  ['getCollectibles', (c) => c.getCollectibles(C, S, { exclude_spam: true }), 'GET', `/v1/chains/${C}/safes/${S}/collectibles?exclude_spam=true`],
  ['getCollectiblesPage', (c) => c.getCollectiblesPage(C, S), 'GET', `/v2/chains/${C}/safes/${S}/collectibles`],
  ['getTransactionHistory', (c) => c.getTransactionHistory(C, S), 'GET', `/v1/chains/${C}/safes/${S}/transactions/history`],
  ['getTransactionQueue', (c) => c.getTransactionQueue(C, S), 'GET', `/v1/chains/${C}/safes/${S}/transactions/queued`],
  ['getTransactionDetails', (c) => c.getTransactionDetails(C, `multisig_${S}_${H}`), 'GET', `/v1/chains/${C}/transactions/multisig_${S}_${H}`],
  ['deleteTransaction', (c) => c.deleteTransaction(C, H, '0x01'), 'DELETE', `/v1/chains/${C}/transactions/${H}`, { signature: '0x01' }],
  ['confirmTransaction', (c) => c.confirmTransaction(C, H, '0x01'), 'POST', `/v1/chains/${C}/transactions/${H}/confirmations`, { signature: '0x01' }],
  [
    'getSafeTxGasEstimation',
    (c) => c.getSafeTxGasEstimation(C, S, { to: S, value: '0', data: null, operation: 0 }),
    'POST',
    `/v2/chains/${C}/safes/${S}/multisig-transactions/estimations`,
    { to: S, value: '0', data: null, operation: 0 },
  ],
  ['getNonces', (c) => c.getNonces(C, S), 'GET', `/v1/chains/${C}/safes/${S}/nonces`],
  [
    'proposeTransaction',
    (c) =>
      c.proposeTransaction(C, S, {
        to: S, value: '0', data: null, nonce: '0', operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0',
        gasToken: S, refundReceiver: null, safeTxHash: H, sender: SIGNER, signature: null, origin: null,
      }),
    'POST',
    `/v1/chains/${C}/transactions/${S}/propose`,
  ],
  ['getConfirmationView', (c) => c.getConfirmationView(C, S, { data: '0x12', to: S }), 'POST', `/v1/chains/${C}/safes/${S}/views/transaction-confirmation`, { data: '0x12', to: S }],
  ['getChainsConfig', (c) => c.getChainsConfig({ limit: 5 }), 'GET', '/v1/chains?limit=5'],
  ['getChainConfig', (c) => c.getChainConfig(C), 'GET', `/v1/chains/${C}`],
  ['getSafeApps', (c) => c.getSafeApps(C, { client_url: 'https://x', clientUrl: 'https://x' }), 'GET', `/v1/chains/${C}/safe-apps?client_url=https%3A%2F%2Fx&clientUrl=https%3A%2F%2Fx`],
  ['getMasterCopies', (c) => c.getMasterCopies(C), 'GET', `/v1/chains/${C}/about/master-copies`],
  ['getDecodedData', (c) => c.getDecodedData(C, { data: '0x12' }), 'POST', `/v1/chains/${C}/data-decoder`, { data: '0x12' }],
  ['getContract', (c) => c.getContract(C, S), 'GET', `/v1/chains/${C}/contracts/${S}`],
  ['getSafeMessages', (c) => c.getSafeMessages(C, S), 'GET', `/v1/chains/${C}/safes/${S}/messages`],
  [
    'proposeSafeMessage',
    (c) => c.proposeSafeMessage(C, S, { message: 'hi', safeAppId: null, signature: '0x01', origin: null }),
    'POST',
    `/v1/chains/${C}/safes/${S}/messages`,
    { message: 'hi', safeAppId: null, signature: '0x01', origin: null },
  ],
  ['getSafeMessage', (c) => c.getSafeMessage(C, H), 'GET', `/v1/chains/${C}/messages/${H}`],
  ['confirmSafeMessage', (c) => c.confirmSafeMessage(C, H, '0x02'), 'POST', `/v1/chains/${C}/messages/${H}/signatures`, { signature: '0x02' }],
  ['getDelegates', (c) => c.getDelegates(C, { safe: S }), 'GET', `/v1/chains/${C}/delegates?safe=${S}`],
  [
    'addDelegate',
    (c) => c.addDelegate(C, { safe: S, delegate: SIGNER, delegator: S, signature: '0x01', label: 'Ops bot' }),
    'POST',
    `/v2/chains/${C}/delegates`,
    { safe: S, delegate: SIGNER, delegator: S, signature: '0x01', label: 'Ops bot' },
  ],
  ['deleteDelegate', (c) => c.deleteDelegate(C, SIGNER, { delegator: S, safe: S, signature: '0x01' }), 'DELETE', `/v2/chains/${C}/delegates/${SIGNER}`, { delegator: S, safe: S, signature: '0x01' }],
  [
    'registerDevice',
    (c) => c.registerDevice({ cloudMessagingToken: 't', buildNumber: '1', bundle: 'b', deviceType: 'WEB', version: '1', safeRegistrations: [] }),
    'POST',
    '/v1/register/notifications',
  ],
  ['unregisterSafe', (c) => c.unregisterSafe(C, S, 'uuid-1'), 'DELETE', `/v1/chains/${C}/notifications/devices/uuid-1/safes/${S}`],
  ['unregisterDevice', (c) => c.unregisterDevice(C, 'uuid-1'), 'DELETE', `/v1/chains/${C}/notifications/devices/uuid-1`],
  ['registerEmail', (c) => c.registerEmail(C, S, { emailAddress: 'a@b.c', signer: SIGNER }, auth), 'POST', `/v1/chains/${C}/safes/${S}/emails`, { emailAddress: 'a@b.c', signer: SIGNER }],
  ['changeEmail', (c) => c.changeEmail(C, S, SIGNER, { emailAddress: 'd@e.f' }, auth), 'PUT', `/v1/chains/${C}/safes/${S}/emails/${SIGNER}`, { emailAddress: 'd@e.f' }],
  ['resendEmailVerificationCode', (c) => c.resendEmailVerificationCode(C, S, SIGNER), 'POST', `/v1/chains/${C}/safes/${S}/emails/${SIGNER}/verify-resend`],
  ['verifyEmail', (c) => c.verifyEmail(C, S, SIGNER, { code: '123' }), 'PUT', `/v1/chains/${C}/safes/${S}/emails/${SIGNER}/verify`, { code: '123' }],
  ['getRegisteredEmail', (c) => c.getRegisteredEmail(C, S, SIGNER, auth), 'GET', `/v1/chains/${C}/safes/${S}/emails/${SIGNER}`],
  ['deleteRegisteredEmail', (c) => c.deleteRegisteredEmail(C, S, SIGNER, auth), 'DELETE', `/v1/chains/${C}/safes/${S}/emails/${SIGNER}`],
  ['registerRecoveryModule', (c) => c.registerRecoveryModule(C, S, { moduleAddress: S }), 'POST', `/v1/chains/${C}/safes/${S}/recovery`, { moduleAddress: S }],
  ['unsubscribeSingle', (c) => c.unsubscribeSingle({ category: 'news', token: 'tok' }), 'DELETE', '/v1/subscriptions?category=news&token=tok'],
  ['unsubscribeAll', (c) => c.unsubscribeAll({ token: 'tok' }), 'DELETE', '/v1/subscriptions/all?token=tok'],
  ['getSafeOverviews', (c) => c.getSafeOverviews([`${C}:${S}`], { trusted: false }), 'GET', `/v1/safes?currency=usd&trusted=false&safes=${encodeURIComponent(`${C}:${S}`)}`],
];

describe('gateway client: one function per §7 call', () => {
  it.each(cases)('%s', async (_name, call, method, url, body) => {
    server.reset();
    server.route(`* ${url.split('?')[0]}`, (_hit, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await call(client);
    expect(server.hits).toHaveLength(1);
    expect(server.hits[0]).toMatchObject({ method, url });
    if (body !== undefined) expect(JSON.parse(server.hits[0]!.body)).toEqual(body);
    if (method !== 'GET') expect(server.hits[0]!.headers['content-type']).toBe('application/json');
  });
});
