/** The host communicator: listening, exact-origin replies with version, exactly once, bounds, disposal. */
import { describe, expect, it } from 'vitest';
import { assertAppOrigin, createHostCommunicator } from '../../../src/bridge/host/communicator.ts';
import type { BridgeRequest } from '../../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { APP_ORIGIN, HOST_ORIGIN } from '../../../src/machines/bridgeRequest/bridgeRequest.samples.ts';
import { countingWindow, fakeHostWindow } from './hostWindow.ts';

const request = (id: string, method = 'getSafeInfo') => ({ id, method, params: undefined, env: { sdkVersion: '9.1.0' } });

function setup(options: { maxPending?: number; onRequest?: (r: BridgeRequest) => void } = {}) {
  const host = fakeHostWindow();
  const app = countingWindow();
  const requests: BridgeRequest[] = [];
  const dropped: string[] = [];
  const communicator = createHostCommunicator({
    hostWindow: host,
    getAppWindow: () => app,
    appOrigin: APP_ORIGIN,
    hostOrigin: HOST_ORIGIN,
    ...(options.maxPending !== undefined ? { maxPending: options.maxPending } : {}),
    onRequest: options.onRequest ?? ((r) => void requests.push(r)),
    onDropped: (reason) => void dropped.push(reason),
  });
  const send = (data: unknown, source: unknown = app, origin = APP_ORIGIN) => host.dispatch({ data, source, origin });
  return { host, app, requests, dropped, communicator, send };
}

describe('host communicator', () => {
  it('hands valid requests over and replies to the app’s exact origin with version', () => {
    const { app, requests, communicator, send } = setup();
    send(request('r1'));
    expect(requests.map((r) => r.id)).toEqual(['r1']);
    expect(app.posted).toEqual([]);
    expect(communicator.reply('r1', { success: true, data: { ok: 1 } })).toBe(true);
    expect(app.posted).toEqual([{ message: { id: 'r1', success: true, version: '9.1.0', data: { ok: 1 } }, targetOrigin: APP_ORIGIN }]);
  });
  it('error replies carry the text and version', () => {
    const { app, communicator, send } = setup();
    send(request('r1'));
    communicator.reply('r1', { success: false, error: 'Transaction was rejected' });
    expect(app.posted[0]).toEqual({ message: { id: 'r1', success: false, error: 'Transaction was rejected', version: '9.1.0' }, targetOrigin: APP_ORIGIN });
  });
  it('answers once: a second reply, an unknown id and a duplicate pending id post nothing', () => {
    const { app, requests, dropped, communicator, send } = setup();
    send(request('r1'));
    send(request('r1'));
    expect(requests).toHaveLength(1);
    expect(dropped).toEqual(['duplicateId']);
    expect(communicator.reply('r1', { success: true, data: null })).toBe(true);
    expect(communicator.reply('r1', { success: true, data: null })).toBe(false);
    expect(communicator.reply('nope', { success: true, data: null })).toBe(false);
    expect(app.posted).toHaveLength(1);
    // Once answered, the id may be used again.
    send(request('r1'));
    expect(requests).toHaveLength(2);
  });
  it('drops invalid messages without replying', () => {
    const { app, requests, dropped, send } = setup();
    send(request('r1'), countingWindow());
    send(request('r2'), app, 'https://evil.example');
    send({ ...request('r3'), method: 'eth_sendTransaction' });
    expect(requests).toEqual([]);
    expect(dropped).toEqual(['wrongSource', 'wrongOrigin', 'unknownMethod']);
    expect(app.posted).toEqual([]);
  });
  it('bounds the pending requests', () => {
    const { requests, dropped, communicator, send } = setup({ maxPending: 2 });
    send(request('a'));
    send(request('b'));
    send(request('c'));
    expect(requests.map((r) => r.id)).toEqual(['a', 'b']);
    expect(dropped).toEqual(['tooManyPending']);
    communicator.reply('a', { success: true, data: null });
    send(request('c'));
    expect(communicator.pendingIds()).toEqual(['b', 'c']);
  });
  it('a handler that throws still gets its request answered, once', () => {
    const { app, send } = setup({ onRequest: () => { throw new Error('boom'); } });
    send(request('r1'));
    expect(app.posted).toEqual([{ message: { id: 'r1', success: false, error: 'Request failed', version: '9.1.0' }, targetOrigin: APP_ORIGIN }]);
  });
  it('an uncloneable answer becomes "Request failed", delivered once', () => {
    const { app, communicator, send } = setup();
    let calls = 0;
    app.postMessage = (message, targetOrigin) => {
      calls += 1;
      if ((message as { success: boolean }).success) throw new Error('DataCloneError');
      app.posted.push({ message, targetOrigin });
    };
    send(request('r1'));
    communicator.reply('r1', { success: true, data: null });
    expect(calls).toBe(2);
    expect(app.posted).toEqual([{ message: { id: 'r1', success: false, error: 'Request failed', version: '9.1.0' }, targetOrigin: APP_ORIGIN }]);
  });
  it('pushes the theme unsolicited with a random id', () => {
    const { app, communicator } = setup();
    communicator.pushTheme(true);
    expect(app.posted[0]).toMatchObject({ message: { success: true, version: '9.1.0', data: { darkMode: true } }, targetOrigin: APP_ORIGIN });
    expect((app.posted[0]!.message as { id: string }).id).toMatch(/^[0-9a-f]{20}$/);
  });
  it('dispose stops listening and forgets pending requests', () => {
    const { host, app, requests, communicator, send } = setup();
    send(request('r1'));
    communicator.dispose();
    expect(host.listenerCount()).toBe(0);
    expect(communicator.reply('r1', { success: true, data: null })).toBe(false);
    send(request('r2'));
    expect(requests).toHaveLength(1);
    expect(app.posted).toEqual([]);
  });
  it('refuses an app on the wallet’s own origin or a non-http(s) origin (S13)', () => {
    expect(() => assertAppOrigin(HOST_ORIGIN, HOST_ORIGIN)).toThrow('A Safe App cannot run on the wallet’s own origin');
    expect(() => assertAppOrigin('null')).toThrow('Invalid Safe App origin');
    expect(() => assertAppOrigin('https://app.example/path')).toThrow('Invalid Safe App origin');
    expect(() => assertAppOrigin('javascript:alert(1)')).toThrow('Invalid Safe App origin');
    expect(() => assertAppOrigin(APP_ORIGIN, HOST_ORIGIN)).not.toThrow();
  });
});
