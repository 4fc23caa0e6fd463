/**
 * Session reads through the real host: the listener (validator + communicator) around a real bridgeSession.
 * getSafeInfo, getChainInfo, getEnvironmentInfo and getCurrentTheme are answered by the listener in the task
 * the message arrived in, from the open Safe's facts at that moment, without an event; every other request, and
 * every read while no Safe is open, still goes to the session and a bridgeRequest child. Validation comes first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { createBridgeListener } from '../../../src/bridge/host/listener.ts';
import { toAppChainInfo, toAppSafeInfo } from '../../../src/machines/bridgeRequest/bridgeRequest.logic.ts';
import { bridgeRequestMachine } from '../../../src/machines/bridgeRequest/bridgeRequest.machine.ts';
import { APP_ORIGIN, HOST_ORIGIN, safeInfo, session, sessionFacts } from '../../../src/machines/bridgeRequest/bridgeRequest.samples.ts';
import type { BridgeSessionFacts } from '../../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { bridgeSessionMachine, withSessionReplies } from '../../../src/machines/bridgeRequest/bridgeSession.machine.ts';
import { message as hostileMessage, type Windows } from './hostileMessages.ts';
import { countingWindow, fakeHostWindow } from './hostWindow.ts';

let counter = 0;
const message = (method: string) => ({ id: `m${++counter}`, method, params: undefined, env: { sdkVersion: '9.1.0' } });

const READS = new Set(['getSafeInfo', 'getChainInfo', 'getEnvironmentInfo', 'getCurrentTheme']);

function setup(initial: BridgeSessionFacts | null, app = countingWindow()) {
  const host = fakeHostWindow();
  const state = { facts: initial, sessionReads: 0, factReads: 0 };
  const events: AnyEventObject[] = [];
  const seen = { accepted: [] as string[], replied: [] as string[] };
  const actor = createActor(
    bridgeSessionMachine.provide({
      actors: {
        bridgeListener: createBridgeListener({
          hostWindow: host,
          getAppWindow: () => app,
          hostOrigin: HOST_ORIGIN,
          getFacts: () => {
            state.factReads += 1;
            return state.facts;
          },
          onAccepted: (request) => void seen.accepted.push(request.id),
          onReplied: (id) => void seen.replied.push(id),
        }),
        bridgeRequest: withSessionReplies(
          bridgeRequestMachine.provide({
            actors: {
              getSessionInfo: fromPromise(async () => {
                state.sessionReads += 1;
                if (!state.facts) throw new Error('No Safe is open');
                return session({ ...state.facts });
              }),
            },
          }),
        ),
      },
    }),
    {
      input: { appOrigin: APP_ORIGIN },
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event' && inspection.actorRef === actor && !inspection.event.type.startsWith('xstate.')) events.push(inspection.event);
      },
    },
  );
  actor.start();
  const send = (data: unknown, source: unknown = app, origin = APP_ORIGIN) => host.dispatch({ data, source, origin });
  const replies = () => app.posted.map((p) => p.message as { id: string; success: boolean; data?: unknown; error?: string });
  const requestChildren = () => Object.keys(actor.getSnapshot().children).filter((id) => id.startsWith('request:'));
  return { actor, app, host, state, events, seen, send, replies, requestChildren };
}

describe('session reads answered by the host listener', () => {
  it('answers getSafeInfo, getChainInfo, getEnvironmentInfo and getCurrentTheme in the same task, without an event or a child', () => {
    const facts = sessionFacts({ hostOrigin: HOST_ORIGIN, darkMode: true });
    const { send, replies, requestChildren, state, app, events, seen } = setup(facts);
    const asked = ['getSafeInfo', 'getChainInfo', 'getEnvironmentInfo', 'getCurrentTheme'].map(message);
    for (const m of asked) send(m);
    // No await: every reply was posted while its message was handled.
    expect(replies()).toEqual([
      { id: asked[0]!.id, success: true, version: '9.1.0', data: toAppSafeInfo(facts) },
      { id: asked[1]!.id, success: true, version: '9.1.0', data: toAppChainInfo(facts) },
      { id: asked[2]!.id, success: true, version: '9.1.0', data: { origin: HOST_ORIGIN } },
      { id: asked[3]!.id, success: true, version: '9.1.0', data: { darkMode: true } },
    ]);
    expect(app.posted.every((p) => p.targetOrigin === APP_ORIGIN)).toBe(true);
    expect(requestChildren()).toEqual([]);
    expect(events).toEqual([]);
    expect(state.sessionReads).toBe(0);
    expect(seen).toEqual({ accepted: asked.map((m) => m.id), replied: asked.map((m) => m.id) });
  });

  it('reads the facts as each read arrives: a wallet or Safe change shows in the next answer', () => {
    const { send, replies, state } = setup(sessionFacts());
    send(message('getSafeInfo'));
    // The wallet is no owner any more, then the Safe info is polled anew.
    state.facts = { ...state.facts!, isReadOnly: true };
    send(message('getSafeInfo'));
    state.facts = { ...state.facts, safe: { ...safeInfo, nonce: 8 } };
    send(message('getSafeInfo'));
    expect(replies().map((r) => [(r.data as { isReadOnly: boolean }).isReadOnly, (r.data as { nonce: number }).nonce])).toEqual([
      [false, 7],
      [true, 7],
      [true, 8],
    ]);
    expect(state.factReads).toBe(3);
  });

  it('leaves every other request to the session and a child, answered after its own reads', async () => {
    const { send, replies, requestChildren, state, events, seen } = setup(sessionFacts());
    const m = message('wallet_getPermissions');
    send(m);
    expect(replies()).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['bridge.request']);
    // The facts are read for session reads only.
    expect(state.factReads).toBe(0);
    expect(requestChildren()).toEqual([`request:${m.id}`]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies()).toEqual([{ id: m.id, success: true, version: '9.1.0', data: [] }]);
    expect(requestChildren()).toEqual([]);
    expect(state.sessionReads).toBe(1);
    expect(seen).toEqual({ accepted: [m.id], replied: [m.id] });
  });

  it('without an open Safe, a read goes to the session and a child, and fails as before', async () => {
    const { send, replies, state, events } = setup(null);
    const m = message('getSafeInfo');
    send(m);
    expect(events.map((e) => e.type)).toEqual(['bridge.request']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies()).toEqual([{ id: m.id, success: false, version: '9.1.0', error: 'Request failed' }]);
    expect(state.sessionReads).toBe(1);
    // The Safe opens, then closes again: the answers follow.
    state.facts = sessionFacts();
    send(message('getSafeInfo'));
    expect(replies().at(-1)).toMatchObject({ success: true });
    state.facts = null;
    const after = message('getSafeInfo');
    send(after);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies().at(-1)).toEqual({ id: after.id, success: false, version: '9.1.0', error: 'Request failed' });
    // (The child's reply is a recorded event of the session.)
    expect(events.map((e) => e.type)).toEqual(['bridge.request', 'bridge.reply', 'bridge.request', 'bridge.reply']);
  });

  it('validation comes first: a read from another window or origin gets nothing and changes nothing', () => {
    const { send, replies, events, seen, state } = setup(sessionFacts());
    send(message('getSafeInfo'), countingWindow());
    send(message('getSafeInfo'), undefined, 'https://evil.example');
    send({ ...message('getSafeInfo'), env: { sdkVersion: '0.1.0' } });
    send({ ...message('getSafeInfo'), params: { x: 1 } });
    expect(replies()).toEqual([]);
    expect(events).toEqual([]);
    expect(seen).toEqual({ accepted: [], replied: [] });
    expect(state.factReads).toBe(0);
  });

  it('a pending id is not answered twice: the same id while a child holds it is dropped', () => {
    const { send, replies } = setup(sessionFacts());
    const pending = message('wallet_getPermissions');
    send(pending);
    send({ ...message('getSafeInfo'), id: pending.id });
    expect(replies()).toEqual([]);
  });

  it('under hostile input: nothing invalid is answered, each valid session read exactly once in its own task, nothing else at once', () => {
    fc.assert(
      fc.property(fc.array(hostileMessage, { minLength: 30, maxLength: 30 }), (samples) => {
        const app = countingWindow();
        const forger = countingWindow();
        const { host, actor } = setup(sessionFacts(), app);
        const windows: Windows = { app, forger, host };
        samples.forEach((sample, index) => {
          const id = `${sample.valid ? 'v' : 'i'}${index}`;
          const before = app.posted.length;
          host.dispatch(sample.make(id, windows));
          const posted = app.posted.slice(before).map((p) => p.message as { id: string; success: boolean });
          const read = sample.valid && READS.has(sample.kind.slice('valid:'.length));
          expect(posted).toEqual(read ? [expect.objectContaining({ id, success: true })] : []);
        });
        expect(forger.posted).toEqual([]);
        expect(app.posted.every((p) => p.targetOrigin === APP_ORIGIN)).toBe(true);
        actor.stop();
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
