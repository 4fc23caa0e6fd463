import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayError, type GatewayClient } from '../../../../src/services/gateway/index.ts';
import { sampleChainInfo, sampleQueuePage, sampleSafeInfo, sampleTxDetails } from '../../../../src/machines/safeSession/safeSession.samples.ts';
import { GatewayTimeoutError } from '../../../../src/services/gateway/http.ts';
import { toSessionError } from '../../../../src/services/safeSession.ts';
import { startTestServer, type TestServer } from './testServer.ts';

const CHAIN = '31337';
const SAFE = sampleSafeInfo.address.value;
const SAFE_PATH = `/v1/chains/${CHAIN}/safes/${SAFE}`;
const QUEUE_PATH = `${SAFE_PATH}/transactions/queued`;
const HISTORY_PATH = `${SAFE_PATH}/transactions/history`;
const COLLECTIBLES_PATH = `/v2/chains/${CHAIN}/safes/${SAFE}/collectibles`;
const MESSAGES_PATH = `${SAFE_PATH}/messages`;
const emptyPage = { count: 0, next: null, previous: null, results: [] };

let server: TestServer;
let clock = 1_000_000;
let client: GatewayClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  clock = 1_000_000;
  client = createGatewayClient({ baseUrl: `${server.baseUrl}/`, now: () => clock });
});

const rawRoute = (key: string, status: number, statusText: string, body: string, headers: Record<string, string> = {}) =>
  server.route(key, (_hit, res) => {
    res.writeHead(status, statusText, headers);
    res.end(body);
  });

describe('gateway client: error semantics (product-spec §8)', () => {
  it('non-ok with code and message → "code: message"', async () => {
    rawRoute(`GET ${SAFE_PATH}`, 404, 'Not Found', JSON.stringify({ code: 1, message: 'Safe not found' }), { 'content-type': 'application/json' });
    const error = await client.getSafeInfo(CHAIN, SAFE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as Error).message).toBe('1: Safe not found');
    expect((error as GatewayError).status).toBe(404);
  });

  it('non-ok with statusCode (no code) → the HTTP status text', async () => {
    rawRoute(`POST /v1/chains/${CHAIN}/relay`, 429, 'Too Many Requests', JSON.stringify({ statusCode: 429, message: 'Relay limit reached' }));
    await expect(client.relayTransaction(CHAIN, { to: SAFE, data: '0x', version: '1.4.1' })).rejects.toThrow(/^Too Many Requests$/);
  });

  it('non-ok with only a message → the HTTP status text', async () => {
    rawRoute(`GET ${SAFE_PATH}`, 503, 'Service Unavailable', JSON.stringify({ message: 'down' }));
    await expect(client.getSafeInfo(CHAIN, SAFE)).rejects.toThrow(/^Service Unavailable$/);
  });

  it('non-ok with an empty body → the HTTP status text', async () => {
    rawRoute(`GET ${SAFE_PATH}`, 500, 'Custom Failure Text', '');
    await expect(client.getSafeInfo(CHAIN, SAFE)).rejects.toThrow(/^Custom Failure Text$/);
  });

  it('unreadable non-empty body → "Invalid response content: {status text}" (ok and non-ok)', async () => {
    rawRoute(`GET ${SAFE_PATH}`, 502, 'Bad Gateway', '<html>oops</html>');
    await expect(client.getSafeInfo(CHAIN, SAFE)).rejects.toThrow(/^Invalid response content: Bad Gateway$/);
    rawRoute(`GET /v1/chains/${CHAIN}`, 200, 'OK', 'not json {');
    await expect(client.getChainConfig(CHAIN)).rejects.toThrow(/^Invalid response content: OK$/);
  });

  it('204 → {} and an empty 200 → {}', async () => {
    rawRoute(`DELETE /v1/chains/${CHAIN}/notifications/devices/dev-1`, 204, 'No Content', '');
    await expect(client.unregisterDevice(CHAIN, 'dev-1')).resolves.toEqual({});
    rawRoute(`DELETE /v1/chains/${CHAIN}/transactions/0xabc`, 200, 'OK', '');
    await expect(client.deleteTransaction(CHAIN, '0xabc', '0x12')).resolves.toEqual({});
    expect(JSON.parse(server.hits.at(-1)?.body ?? '')).toEqual({ signature: '0x12' });
  });

  it('a body that does not match the gateway shape is rejected', async () => {
    server.json(`GET ${SAFE_PATH}`, { ...sampleSafeInfo, nonce: 'three' });
    await expect(client.getSafeInfo(CHAIN, SAFE)).rejects.toThrow(/Unexpected gateway response .*nonce/);
  });

  it('never retries and never caches a failure', async () => {
    rawRoute(`GET /v1/chains/${CHAIN}`, 500, 'Internal Server Error', JSON.stringify({ code: 500, message: 'Internal server error' }));
    await expect(client.getChainConfig(CHAIN)).rejects.toThrow('500: Internal server error');
    expect(server.hitsOf('GET', `/v1/chains/${CHAIN}`)).toBe(1);
    server.json(`GET /v1/chains/${CHAIN}`, sampleChainInfo);
    await expect(client.getChainConfig(CHAIN)).resolves.toMatchObject({ chainId: CHAIN });
    expect(server.hitsOf('GET', `/v1/chains/${CHAIN}`)).toBe(2);
  });
});

describe('gateway client: URLs', () => {
  it('encodes path parameters', async () => {
    server.json('GET /v1/chains/1%2F2/transactions/a%2Fb%3Fc%23d%20e', sampleTxDetails);
    await client.getTransactionDetails('1/2', 'a/b?c#d e');
    expect(server.hits[0]?.url).toBe('/v1/chains/1%2F2/transactions/a%2Fb%3Fc%23d%20e');
  });

  it('defaults the balance currency to usd and passes the query', async () => {
    server.json(`GET ${SAFE_PATH}/balances/usd`, { fiatTotal: '0', items: [] });
    server.json(`GET ${SAFE_PATH}/balances/eur`, { fiatTotal: '0', items: [] });
    await client.getBalances(CHAIN, SAFE);
    await client.getBalances(CHAIN, SAFE, 'eur', { trusted: false, exclude_spam: true, skipped: null });
    expect(server.hits.map((hit) => hit.url)).toEqual([`${SAFE_PATH}/balances/usd`, `${SAFE_PATH}/balances/eur?trusted=false&exclude_spam=true`]);
  });

  it('accepts a ready-made page URL instead of a query', async () => {
    const next = `${server.baseUrl}${HISTORY_PATH}?cursor=limit%3D20%26offset%3D20`;
    server.json(`GET ${HISTORY_PATH}`, { ...emptyPage, next });
    const first = await client.getTransactionHistory(CHAIN, SAFE, { timezone_offset: 0 });
    expect(first.next).toBe(next);
    await client.getTransactionHistory(CHAIN, SAFE, first.next ?? undefined);
    expect(server.hits.map((hit) => hit.url)).toEqual([`${HISTORY_PATH}?timezone_offset=0`, `${HISTORY_PATH}?cursor=limit%3D20%26offset%3D20`]);
  });

  it('sends JSON bodies with a JSON content type, a verbatim empty body for verify-resend, and e-mail auth headers', async () => {
    server.json(`POST /v1/chains/${CHAIN}/data-decoder`, { method: 'transfer', parameters: [] });
    await client.getDecodedData(CHAIN, { data: '0xa9059cbb', to: SAFE });
    expect(server.hits[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.hits[0]?.body ?? '')).toEqual({ data: '0xa9059cbb', to: SAFE });

    rawRoute(`POST ${SAFE_PATH}/emails/0xSigner/verify-resend`, 202, 'Accepted', '');
    await expect(client.resendEmailVerificationCode(CHAIN, SAFE, '0xSigner')).resolves.toEqual({});
    expect(server.hits[1]?.body).toBe('');

    server.json(`GET ${SAFE_PATH}/emails/0xSigner`, { email: 'a@b.c', verified: true });
    await client.getRegisteredEmail(CHAIN, SAFE, '0xSigner', { signature: '0xsig', timestamp: 1700000000000 });
    expect(server.hits[2]?.headers['safe-wallet-signature']).toBe('0xsig');
    expect(server.hits[2]?.headers['safe-wallet-signature-timestamp']).toBe('1700000000000');
  });

  it('joins Safe overviews as a comma list with the usd default', async () => {
    server.json('GET /v1/safes', []);
    await client.getSafeOverviews([`${CHAIN}:${SAFE}`, `1:${SAFE}`]);
    const query = new URLSearchParams(server.hits[0]?.url.split('?')[1]);
    expect(query.get('safes')).toBe(`${CHAIN}:${SAFE},1:${SAFE}`);
    expect(query.get('currency')).toBe('usd');
  });
});

describe('gateway client: cache (product-spec §9)', () => {
  it('shares identical in-flight GETs: one request on the wire', async () => {
    server.json(`GET /v1/chains/${CHAIN}`, sampleChainInfo, 200, 60);
    const results = await Promise.all(Array.from({ length: 5 }, () => client.getChainConfig(CHAIN)));
    expect(server.hitsOf('GET', `/v1/chains/${CHAIN}`)).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it('shares in-flight safe info reads too, but never caches safe info', async () => {
    server.json(`GET ${SAFE_PATH}`, sampleSafeInfo, 200, 40);
    await Promise.all([client.getSafeInfo(CHAIN, SAFE), client.getSafeInfo(CHAIN, SAFE)]);
    expect(server.hitsOf('GET', SAFE_PATH)).toBe(1);
    await client.getSafeInfo(CHAIN, SAFE);
    expect(server.hitsOf('GET', SAFE_PATH)).toBe(2);
  });

  it('keeps reads for 24 hours, then fetches again', async () => {
    server.json(`GET /v1/chains/${CHAIN}`, sampleChainInfo);
    await client.getChainConfig(CHAIN);
    clock += 24 * 60 * 60 * 1000 - 1;
    await client.getChainConfig(CHAIN);
    expect(server.hitsOf('GET', `/v1/chains/${CHAIN}`)).toBe(1);
    clock += 1;
    await client.getChainConfig(CHAIN);
    expect(server.hitsOf('GET', `/v1/chains/${CHAIN}`)).toBe(2);
  });

  it('never caches mutations', async () => {
    server.json(`POST /v1/chains/${CHAIN}/data-decoder`, { method: 'x', parameters: null });
    await client.getDecodedData(CHAIN, { data: '0x' });
    await client.getDecodedData(CHAIN, { data: '0x' });
    expect(server.hitsOf('POST', `/v1/chains/${CHAIN}/data-decoder`)).toBe(2);
  });

  it('invalidates exactly the reads of the Safe info tags that changed', async () => {
    let tags = { ...sampleSafeInfo };
    server.json(`GET ${SAFE_PATH}`, () => tags);
    server.json(`GET ${QUEUE_PATH}`, sampleQueuePage);
    server.json(`GET ${HISTORY_PATH}`, emptyPage);
    server.json(`GET ${COLLECTIBLES_PATH}`, emptyPage);
    server.json(`GET ${MESSAGES_PATH}`, emptyPage);
    const readAll = () =>
      Promise.all([
        client.getTransactionQueue(CHAIN, SAFE),
        client.getTransactionHistory(CHAIN, SAFE),
        client.getCollectiblesPage(CHAIN, SAFE),
        client.getSafeMessages(CHAIN, SAFE),
      ]);
    const counts = () => [QUEUE_PATH, HISTORY_PATH, COLLECTIBLES_PATH, MESSAGES_PATH].map((path) => server.hitsOf('GET', path));

    await client.getSafeInfo(CHAIN, SAFE);
    await readAll();
    await readAll();
    expect(counts()).toEqual([1, 1, 1, 1]);

    // Same tags: nothing invalidated.
    expect(await client.getSafeInfo(CHAIN, SAFE).then(() => client.applySafeInfoTags(tags))).toEqual([]);
    await readAll();
    expect(counts()).toEqual([1, 1, 1, 1]);

    tags = { ...tags, txQueuedTag: '2000000000' };
    await client.getSafeInfo(CHAIN, SAFE);
    await readAll();
    expect(counts()).toEqual([2, 1, 1, 1]);

    tags = { ...tags, txHistoryTag: '2000000001' };
    await client.getSafeInfo(CHAIN, SAFE);
    await readAll();
    expect(counts()).toEqual([3, 2, 1, 1]);

    tags = { ...tags, collectiblesTag: '2000000002' };
    await client.getSafeInfo(CHAIN, SAFE);
    await readAll();
    expect(counts()).toEqual([3, 2, 2, 1]);

    tags = { ...tags, messagesTag: '2000000003' };
    await client.getSafeInfo(CHAIN, SAFE);
    await readAll();
    expect(counts()).toEqual([3, 2, 2, 2]);
  });

  it('tag invalidation is per Safe', async () => {
    const OTHER = '0x000000000000000000000000000000000000dEaD';
    server.json(`GET ${QUEUE_PATH}`, emptyPage);
    server.json(`GET /v1/chains/${CHAIN}/safes/${OTHER}/transactions/queued`, emptyPage);
    await client.getTransactionQueue(CHAIN, SAFE);
    await client.getTransactionQueue(CHAIN, OTHER);
    expect(client.invalidateTag(CHAIN, SAFE.toLowerCase(), 'txQueuedTag')).toBe(1);
    await client.getTransactionQueue(CHAIN, SAFE);
    await client.getTransactionQueue(CHAIN, OTHER);
    expect(server.hitsOf('GET', QUEUE_PATH)).toBe(2);
    expect(server.hitsOf('GET', `/v1/chains/${CHAIN}/safes/${OTHER}/transactions/queued`)).toBe(1);
  });

  it('transaction details are invalidated by the queue tag of their Safe', async () => {
    const path = `/v1/chains/${CHAIN}/transactions/${sampleTxDetails.txId}`;
    server.json(`GET ${path}`, sampleTxDetails);
    await client.getTransactionDetails(CHAIN, sampleTxDetails.txId);
    await client.getTransactionDetails(CHAIN, sampleTxDetails.txId);
    expect(server.hitsOf('GET', path)).toBe(1);
    client.invalidateTag(CHAIN, SAFE, 'collectiblesTag');
    await client.getTransactionDetails(CHAIN, sampleTxDetails.txId);
    expect(server.hitsOf('GET', path)).toBe(1);
    client.invalidateTag(CHAIN, SAFE, 'txQueuedTag');
    await client.getTransactionDetails(CHAIN, sampleTxDetails.txId);
    expect(server.hitsOf('GET', path)).toBe(2);
  });

  it('a read invalidated while in flight is not cached and not shared afterwards', async () => {
    server.json(`GET ${QUEUE_PATH}`, emptyPage, 200, 50);
    const first = client.getTransactionQueue(CHAIN, SAFE);
    client.invalidateTag(CHAIN, SAFE, 'txQueuedTag');
    const second = client.getTransactionQueue(CHAIN, SAFE);
    await Promise.all([first, second]);
    expect(server.hitsOf('GET', QUEUE_PATH)).toBe(2);
    await client.getTransactionQueue(CHAIN, SAFE);
    expect(server.hitsOf('GET', QUEUE_PATH)).toBe(2);
  });

  it('proposing a transaction invalidates the queue of that Safe', async () => {
    server.json(`GET ${QUEUE_PATH}`, emptyPage);
    server.json(`POST /v1/chains/${CHAIN}/transactions/${SAFE}/propose`, sampleTxDetails);
    await client.getTransactionQueue(CHAIN, SAFE);
    const ZERO = '0x0000000000000000000000000000000000000000';
    await client.proposeTransaction(CHAIN, SAFE, {
      to: SAFE,
      value: '0',
      data: null,
      nonce: '3',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: ZERO,
      refundReceiver: null,
      safeTxHash: `0x${'ab'.repeat(32)}`,
      sender: SAFE,
      signature: null,
      origin: null,
    });
    await client.getTransactionQueue(CHAIN, SAFE);
    expect(server.hitsOf('GET', QUEUE_PATH)).toBe(2);
  });
});

describe('gateway client: transport failures', () => {
  it('a refused connection rejects every caller and is not cached', async () => {
    const down = await startTestServer();
    const baseUrl = down.baseUrl;
    await down.close();
    const offline = createGatewayClient({ baseUrl });
    const results = await Promise.allSettled([offline.getChainConfig(CHAIN), offline.getChainConfig(CHAIN)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(offline.getChainConfig(CHAIN)).rejects.toThrow();
  });

  it('a response slower than the timeout fails instead of hanging', async () => {
    server.json(`GET /v1/chains/${CHAIN}`, sampleChainInfo, 200, 300);
    const impatient = createGatewayClient({ baseUrl: server.baseUrl, timeoutMs: 50 });
    const error = await impatient.getChainConfig(CHAIN).catch((e: unknown) => e);
    // A sentence a user can act on (shown by the signing flows as is), named TimeoutError for the loaders.
    expect(error).toBeInstanceOf(GatewayTimeoutError);
    expect((error as Error).name).toBe('TimeoutError');
    expect((error as Error).message).toBe('The gateway did not answer within 0.05 s.');
    expect(toSessionError(error, 'Safe info').message).toBe('The gateway did not answer in time (Safe info).');
  });

  it('an answer whose headers arrive but whose body stalls times out too (the deadline covers the body)', async () => {
    const { createServer } = await import('node:http');
    const stalling = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.write('{"chainId": ');
      // …and nothing more until the client gives up.
    });
    await new Promise<void>((ready) => stalling.listen(0, '127.0.0.1', ready));
    const { port } = stalling.address() as { port: number };
    try {
      const impatient = createGatewayClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 100 });
      const error = await impatient.getChainConfig(CHAIN).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayTimeoutError);
      expect((error as Error).message).toBe('The gateway did not answer within 0.1 s.');
    } finally {
      stalling.closeAllConnections();
      await new Promise((closed) => stalling.close(closed));
    }
  });

  it('a POST slower than the timeout fails the same way (a proposal whose answer is lost)', async () => {
    server.json(`POST /v1/chains/${CHAIN}/relay`, { taskId: 'x' }, 200, 300);
    const impatient = createGatewayClient({ baseUrl: server.baseUrl, timeoutMs: 50 });
    await expect(impatient.relayTransaction(CHAIN, { to: SAFE, data: '0x', version: '1.4.1' })).rejects.toThrow(/^The gateway did not answer within 0\.05 s\.$/);
  });
});
