/**
 * A poll that changed nothing does no work downstream (decision 0085): the same text from the same GET URL gives the
 * same checked object, so the session's context keeps its object. Against a real HTTP server on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../../src/services/gateway/index.ts';
import { sampleSafeInfo } from '../../../../src/machines/safeSession/safeSession.samples.ts';
import { startTestServer, type TestServer } from './testServer.ts';

const CHAIN = '31337';
const SAFE = sampleSafeInfo.address.value;
const SAFE_PATH = `/v1/chains/${CHAIN}/safes/${SAFE}`;

let server: TestServer;
let client: GatewayClient;
/** What the Safe info route answers next (text, as sent). */
let body = '';
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  client = createGatewayClient({ baseUrl: `${server.baseUrl}/` });
  body = JSON.stringify(sampleSafeInfo);
  server.route(`GET ${SAFE_PATH}`, (_hit, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(body);
  });
});

describe('the same answer gives the same object', () => {
  it('twice the same text: one object, equal to the answer; the gateway was asked both times', async () => {
    const first = await client.getSafeInfo(CHAIN, SAFE);
    const second = await client.getSafeInfo(CHAIN, SAFE);
    expect(second).toBe(first);
    expect(second).toEqual(sampleSafeInfo);
    expect(server.hits).toHaveLength(2);
  });

  it('a changed answer gives a new object with the change, and going back gives a new one again', async () => {
    const first = await client.getSafeInfo(CHAIN, SAFE);
    body = JSON.stringify({ ...sampleSafeInfo, nonce: sampleSafeInfo.nonce + 1 });
    const changed = await client.getSafeInfo(CHAIN, SAFE);
    expect(changed).not.toBe(first);
    expect(changed.nonce).toBe(sampleSafeInfo.nonce + 1);
    body = JSON.stringify(sampleSafeInfo);
    const back = await client.getSafeInfo(CHAIN, SAFE);
    expect(back).not.toBe(changed);
    expect(back).toEqual(first);
  });

  it('the same value in other text (spacing) is parsed and checked again: a new, equal object', async () => {
    const first = await client.getSafeInfo(CHAIN, SAFE);
    body = JSON.stringify(sampleSafeInfo, null, 2);
    const spaced = await client.getSafeInfo(CHAIN, SAFE);
    expect(spaced).not.toBe(first);
    expect(spaced).toEqual(first);
  });

  it('an answer that fails the check fails every time it comes (a failure is not kept)', async () => {
    body = JSON.stringify({ ...sampleSafeInfo, nonce: 'not a number' });
    await expect(client.getSafeInfo(CHAIN, SAFE)).rejects.toThrow(/Unexpected gateway response .*nonce/);
    await expect(client.getSafeInfo(CHAIN, SAFE)).rejects.toThrow(/Unexpected gateway response .*nonce/);
  });

  it('a large answer is not kept: the same text gives a new, equal object', async () => {
    const large = { ...sampleSafeInfo, owners: Array.from({ length: 1_500 }, (_, i) => ({ value: `0x${(i + 1).toString(16).padStart(40, '0')}`, name: null, logoUri: null })) };
    body = JSON.stringify(large);
    expect(body.length).toBeGreaterThan(64 * 1024);
    const first = await client.getSafeInfo(CHAIN, SAFE);
    const second = await client.getSafeInfo(CHAIN, SAFE);
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('two clients do not share answers', async () => {
    const first = await client.getSafeInfo(CHAIN, SAFE);
    const other = await createGatewayClient({ baseUrl: `${server.baseUrl}/` }).getSafeInfo(CHAIN, SAFE);
    expect(other).not.toBe(first);
    expect(other).toEqual(first);
  });
});
