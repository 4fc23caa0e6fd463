/**
 * The session's poll runs inside `watching` (decision 0090): `watchSafeInfo` asks the gateway every interval and
 * settles only with Safe info other than the object the session holds, or with a failure. Against a real HTTP server
 * on 127.0.0.1 and the real gateway client (the same text gives the same object, decision 0085).
 */
import { describe, expect, it } from 'vitest';
import { loadSafeInfo, watchSafeInfo } from '../../../../src/services/safeSession.ts';
import { sampleSafeInfo } from '../../../../src/machines/safeSession/safeSession.samples.ts';
import { serveSafeInfo } from './testServer.ts';

const CHAIN = sampleSafeInfo.chainId;
const SAFE = sampleSafeInfo.address.value;
const request = { chainId: CHAIN, safeAddress: SAFE };
const gateway = serveSafeInfo(CHAIN, SAFE);

const same = { status: 200, body: JSON.stringify(sampleSafeInfo) };
const nextNonce = { status: 200, body: JSON.stringify({ ...sampleSafeInfo, nonce: sampleSafeInfo.nonce + 1 }) };
const load = (req: typeof request) => loadSafeInfo(gateway.client, req);

describe('watchSafeInfo', () => {
  it('an unchanged Safe is asked again and again without settling; the first change settles it', async () => {
    gateway.answer(same);
    const known = await load(request);
    gateway.answer(same, same, same, nextNonce);
    const changed = await watchSafeInfo(load, { ...request, known, intervalMs: 5 }, new AbortController().signal);
    expect(changed.nonce).toBe(sampleSafeInfo.nonce + 1);
    // the opening's read, three unchanged polls and the change
    expect(gateway.server.hits).toHaveLength(5);
  });

  it('with nothing known (after a failed poll), the first answer settles it, even an unchanged one', async () => {
    gateway.answer(same);
    const known = await load(request);
    const again = await watchSafeInfo(load, { ...request, known: null, intervalMs: 5 }, new AbortController().signal);
    expect(again).toBe(known);
    expect(gateway.server.hits).toHaveLength(2);
  });

  it('a failing poll settles it with the error', async () => {
    gateway.answer(same);
    const known = await load(request);
    gateway.answer(same, { status: 503, body: '{}' });
    await expect(watchSafeInfo(load, { ...request, known, intervalMs: 5 }, new AbortController().signal)).rejects.toThrow();
    expect(gateway.server.hits).toHaveLength(3);
  });

  it('stops when the state is left: no request after the abort', async () => {
    gateway.answer(same);
    const known = await load(request);
    const controller = new AbortController();
    const watching = watchSafeInfo(load, { ...request, known, intervalMs: 20 }, controller.signal);
    await expect.poll(() => gateway.server.hits.length, { interval: 5 }).toBeGreaterThanOrEqual(3);
    controller.abort(new Error('left'));
    await expect(watching).rejects.toThrow('left');
    const hits = gateway.server.hits.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gateway.server.hits.length).toBe(hits);
  });
});
