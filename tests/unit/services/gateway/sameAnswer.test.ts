/**
 * A poll that changed nothing does no work downstream (decision 0085): the same text from the same GET URL gives the
 * same checked object, so the session's context keeps its object. Against a real HTTP server on 127.0.0.1.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src/services/gateway/index.ts';
import { sampleSafeInfo } from '../../../../src/machines/safeSession/safeSession.samples.ts';
import { serveSafeInfo } from './testServer.ts';

const CHAIN = '31337';
const SAFE = sampleSafeInfo.address.value;
const gateway = serveSafeInfo(CHAIN, SAFE);
/** The Safe info route answers `body` (text, as sent), with status 200. */
const answerText = (body: string) => gateway.answer({ status: 200, body });
beforeEach(() => answerText(JSON.stringify(sampleSafeInfo)));

describe('the same answer gives the same object', () => {
  it('twice the same text: one object, equal to the answer; the gateway was asked both times', async () => {
    const first = await gateway.client.getSafeInfo(CHAIN, SAFE);
    const second = await gateway.client.getSafeInfo(CHAIN, SAFE);
    expect(second).toBe(first);
    expect(second).toEqual(sampleSafeInfo);
    expect(gateway.server.hits).toHaveLength(2);
  });

  it('a changed answer gives a new object with the change, and going back gives a new one again', async () => {
    const first = await gateway.client.getSafeInfo(CHAIN, SAFE);
    answerText(JSON.stringify({ ...sampleSafeInfo, nonce: sampleSafeInfo.nonce + 1 }));
    const changed = await gateway.client.getSafeInfo(CHAIN, SAFE);
    expect(changed).not.toBe(first);
    expect(changed.nonce).toBe(sampleSafeInfo.nonce + 1);
    answerText(JSON.stringify(sampleSafeInfo));
    const back = await gateway.client.getSafeInfo(CHAIN, SAFE);
    expect(back).not.toBe(changed);
    expect(back).toEqual(first);
  });

  it('the same value in other text (spacing) is parsed and checked again: a new, equal object', async () => {
    const first = await gateway.client.getSafeInfo(CHAIN, SAFE);
    answerText(JSON.stringify(sampleSafeInfo, null, 2));
    const spaced = await gateway.client.getSafeInfo(CHAIN, SAFE);
    expect(spaced).not.toBe(first);
    expect(spaced).toEqual(first);
  });

  it('an answer that fails the check fails every time it comes (a failure is not kept)', async () => {
    answerText(JSON.stringify({ ...sampleSafeInfo, nonce: 'not a number' }));
    await expect(gateway.client.getSafeInfo(CHAIN, SAFE)).rejects.toThrow(/Unexpected gateway response .*nonce/);
    await expect(gateway.client.getSafeInfo(CHAIN, SAFE)).rejects.toThrow(/Unexpected gateway response .*nonce/);
  });

  it('a large answer is not kept: the same text gives a new, equal object', async () => {
    const large = { ...sampleSafeInfo, owners: Array.from({ length: 1_500 }, (_, i) => ({ value: `0x${(i + 1).toString(16).padStart(40, '0')}`, name: null, logoUri: null })) };
    const text = JSON.stringify(large);
    answerText(text);
    expect(text.length).toBeGreaterThan(64 * 1024);
    const first = await gateway.client.getSafeInfo(CHAIN, SAFE);
    const second = await gateway.client.getSafeInfo(CHAIN, SAFE);
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('two clients do not share answers', async () => {
    const first = await gateway.client.getSafeInfo(CHAIN, SAFE);
    const other = await createGatewayClient({ baseUrl: `${gateway.server.baseUrl}/` }).getSafeInfo(CHAIN, SAFE);
    expect(other).not.toBe(first);
    expect(other).toEqual(first);
  });
});
