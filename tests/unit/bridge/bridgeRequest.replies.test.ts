/**
 * Exactly one reply, on every path: walks every simple path of bridgeRequest for every kind of request with the
 * pure `initialTransition` / `transition` (no effects run) and counts the `sendReply` actions. Then checks a
 * live actor: events after the reply change nothing.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, type AnyEventObject } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { bridgeRequestMachine } from '../../../src/machines/bridgeRequest/bridgeRequest.machine.ts';
import type { BridgeRequest, BridgeRequestInput } from '../../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { APP_ORIGIN, MESSAGE_HASH, SAFE_ADDRESS, SAFE_TX_HASH, chainInfo, grantedAddressBook, refusedAddressBook, session } from '../../../src/machines/bridgeRequest/bridgeRequest.samples.ts';
import { request } from './fixtures.ts';

const requests: BridgeRequest[] = [
  request('getSafeInfo', null),
  request('getChainInfo', null),
  request('getEnvironmentInfo', null),
  request('getCurrentTheme', null),
  request('wallet_getPermissions', null),
  request('requestAddressBook', null),
  request('wallet_requestPermissions', { requests: [{ requestAddressBook: {} }] }),
  request('wallet_requestPermissions', { requests: [{ eth_accounts: {} }] }),
  request('getSafeBalances', { currency: 'usd' }),
  request('getTxBySafeTxHash', { safeTxHash: SAFE_TX_HASH }),
  request('getTxBySafeTxHash', { safeTxHash: '' }),
  request('rpcCall', { call: 'eth_call', params: [] }),
  request('rpcCall', { call: 'safe_setSettings', params: [{ offChainSigning: false }] }),
  request('rpcCall', { call: 'personal_sign', params: [] }),
  request('getOffChainSignature', { messageHash: MESSAGE_HASH }),
  request('getOffChainSignature', { messageHash: 'x' }),
  request('sendTransactions', { txs: [{ to: SAFE_ADDRESS, value: '0', data: '0x' }], safeTxGas: null, requestsDelegateCall: false }),
  request('sendTransactions', { txs: [], safeTxGas: null, requestsDelegateCall: false }),
  request('sendTransactions', { txs: [{ to: SAFE_ADDRESS, value: '0', data: '0x' }], safeTxGas: null, requestsDelegateCall: true }),
  request('signMessage', { message: 'hi' }),
  request('signTypedMessage', { typedData: { domain: {}, types: { Mail: [{ name: 'a', type: 'string' }] }, message: { a: 'x' } }, primaryType: 'Mail' }),
  request('signTypedMessage', { typedData: null, primaryType: null }),
  request('signTypedMessage', { typedData: { domain: {}, types: {}, message: {} }, primaryType: null }),
];

const events: AnyEventObject[] = [
  ...[session(), session({ permissions: grantedAddressBook }), session({ permissions: refusedAddressBook }), session({ chain: { ...chainInfo, features: [] } })].map((output) => ({
    type: 'xstate.done.actor.getSessionInfo',
    output,
  })),
  { type: 'xstate.error.actor.getSessionInfo', error: new Error('x') },
  ...['getBalances', 'getTx', 'rpcRead', 'getOffChainSignature', 'getAddressBook'].flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: [] },
    { type: `xstate.error.actor.${id}`, error: new Error('x') },
  ]),
  { type: 'xstate.done.actor.startTransactionFlow', output: { status: 'proposed', safeTxHash: SAFE_TX_HASH } },
  { type: 'xstate.done.actor.startTransactionFlow', output: { status: 'rejected' } },
  { type: 'xstate.error.actor.startTransactionFlow', error: new Error('x') },
  { type: 'xstate.done.actor.startMessageFlow', output: { status: 'signed', messageHash: MESSAGE_HASH, signature: '0x' } },
  { type: 'xstate.done.actor.startMessageFlow', output: { status: 'rejected' } },
  { type: 'xstate.error.actor.startMessageFlow', error: new Error('x') },
  { type: 'user.grantPermission', at: 1 },
  { type: 'user.denyPermission', at: 1 },
  { type: 'user.cancel' },
  { type: 'bridge.cancel' },
];

const replies = (actions: { type: string }[]): number => actions.filter((action) => action.type === 'sendReply').length;

describe('bridgeRequest replies exactly once', () => {
  let pathCount = 0;
  for (const req of requests) {
    const input: BridgeRequestInput = { request: req, appOrigin: APP_ORIGIN };
    it(`${req.method} ${JSON.stringify(req.params).slice(0, 60)}: no path replies twice, every finished path replied once`, () => {
      const paths = getSimplePaths(bridgeRequestMachine, { input, events, filterEvents: (s: { can(e: never): boolean }, e: unknown) => s.can(e as never) } as never);
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        pathCount += 1;
        let [snapshot, actions] = initialTransition(bridgeRequestMachine, input);
        let count = replies(actions);
        for (const step of path.steps.slice(1)) {
          expect(snapshot.status).toBe('active');
          [snapshot, actions] = transition(bridgeRequestMachine, snapshot, step.event as never);
          count += replies(actions);
          expect(count).toBeLessThanOrEqual(1);
          // Replied ⇔ done.
          expect(count === 1).toBe(snapshot.status === 'done');
        }
        if (snapshot.status === 'active') {
          // Not finished: cancelling always ends it with one reply (the request can never hang).
          const [cancelled, cancelActions] = transition(bridgeRequestMachine, snapshot, { type: 'bridge.cancel' });
          expect(cancelled.status).toBe('done');
          expect(replies(cancelActions)).toBe(1);
        } else {
          expect(snapshot.value).toBe('done');
          // Nothing moves a finished request, and no enabled event is left.
          for (const event of events) expect(snapshot.can(event as never)).toBe(false);
        }
      }
    });
  }

  it('a live actor ignores everything after its reply', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      bridgeRequestMachine.provide({
        actors: { getSessionInfo: fromPromise(async () => session()) },
        actions: { sendReply: (_, params) => void sent.push(params) },
      }),
      { input: { request: request('getSafeInfo', null), appOrigin: APP_ORIGIN } },
    ).start();
    await new Promise<void>((resolve) => actor.subscribe({ complete: resolve }));
    actor.send({ type: 'bridge.cancel' });
    actor.send({ type: 'user.cancel' });
    expect(sent).toHaveLength(1);
    expect(pathCount).toBeGreaterThan(100);
  });
});
