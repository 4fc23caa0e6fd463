/**
 * Model-based test of bridgeRequest through the real prompt view: for each kind of request (one plan per input,
 * one shared coverage recorder), every generated path is replayed with effects held in deferred promises and
 * user decisions made by clicking. Each path ends with exactly one reply, equal to the model's.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { bridgeRequestMachine } from '../../src/machines/bridgeRequest/bridgeRequest.machine.ts';
import type { BridgeRequestInput, SavePermissionsParams, SaveSettingsParams, SendReplyParams } from '../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { BridgeRequestPrompt } from '../../src/views/bridgeRequest/BridgeRequestPrompt.tsx';
import { describeModel, withErrorInstances, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';
import {
  APP_ORIGIN,
  DECISION_AT,
  bridgeRequestSampleEvents,
  bridgeRequestScenarios as scenarios,
  serializeBridgeRequestState as serializeState,
} from '../../src/machines/bridgeRequest/bridgeRequest.samples.ts';

const events = withErrorInstances(bridgeRequestSampleEvents);

const EFFECTS = ['getSessionInfo', 'getBalances', 'getTx', 'rpcRead', 'getOffChainSignature', 'getAddressBook', 'startTransactionFlow', 'startMessageFlow'] as const;
type Effect = (typeof EFFECTS)[number];

interface RequestSut extends SystemUnderTest {
  pending: Partial<Record<Effect, Deferred<unknown>>>;
  replies: SendReplyParams[];
  savedPermissions: SavePermissionsParams[];
  savedSettings: SaveSettingsParams[];
}

const effectOf = (type: string): Effect => type.replace(/^xstate\.(done|error)\.actor\./, '') as Effect;

function driverFor(input: BridgeRequestInput): ViewDriver<RequestSut> {
  const settle = async (sut: RequestSut, event: AnyEventObject) => {
    const name = effectOf(event.type);
    const pending = sut.pending[name];
    if (!pending) throw new Error(`${name} is not running`);
    delete sut.pending[name];
    await act(async () => {
      if (event.type.startsWith('xstate.done')) pending.resolve((event as unknown as { output: unknown }).output);
      else pending.reject((event as unknown as { error: unknown }).error);
    });
  };
  const click = (name: string) => async () => act(async () => screen.getByRole('button', { name }).click());
  return {
    start() {
      const pending: RequestSut['pending'] = {};
      const replies: SendReplyParams[] = [];
      const savedPermissions: SavePermissionsParams[] = [];
      const savedSettings: SaveSettingsParams[] = [];
      const held = (name: Effect) => fromPromise(() => (pending[name] = deferred<unknown>()).promise as Promise<never>);
      const actor = createActor(
        bridgeRequestMachine.provide({
          actors: Object.fromEntries(EFFECTS.map((name) => [name, held(name)])) as never,
          actions: {
            sendReply: (_, params) => void replies.push(params),
            savePermissions: (_, params) => void savedPermissions.push(params),
            saveSettings: (_, params) => void savedSettings.push(params),
          },
        }),
        { input },
      );
      actor.start();
      render(<BridgeRequestPrompt actor={actor} now={() => DECISION_AT} />);
      return { actor, pending, replies, savedPermissions, savedSettings, cleanup: () => { cleanup(); actor.stop(); } };
    },
    events: {
      ...Object.fromEntries(events.filter((e) => e.type.startsWith('xstate.')).map((e) => [e.type, settle])),
      'user.grantPermission': click('Accept'),
      'user.denyPermission': click('Reject'),
      'user.cancel': click('Cancel'),
      'bridge.cancel': async (sut, event) => act(async () => sut.actor.send(event)),
    },
    states: {
      validating: (sut) => {
        expect(screen.getByRole('status')).toHaveTextContent(`Checking the request from ${APP_ORIGIN}…`);
        expect(sut.replies).toEqual([]);
      },
      fetching: (sut) => {
        expect(screen.getByRole('status')).toHaveTextContent(`Reading data for ${APP_ORIGIN}…`);
        expect(sut.replies).toEqual([]);
      },
      awaitingPermission: (sut) => {
        const dialog = screen.getByRole('dialog', { name: 'Permissions Request' });
        expect(dialog).toHaveTextContent(`${APP_ORIGIN} is requesting permissions for:`);
        expect(within(dialog).getByRole('listitem')).toHaveTextContent('Access to your address book');
        expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled();
        expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled();
        expect(sut.replies).toEqual([]);
      },
      'fetching.addressBook': (sut, expected) => {
        // Reached after a grant (saved once) or with a stored grant (nothing saved).
        expect(sut.savedPermissions.map((p) => p.permissions)).toEqual(expected.context.permissions ? [expected.context.permissions] : []);
      },
      handedOver: (sut) => {
        expect(screen.getByRole('region', { name: 'Safe App request' })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
        expect(sut.replies).toEqual([]);
      },
      'handedOver.transaction': () => {
        expect(screen.getByRole('region', { name: 'Safe App request' })).toHaveTextContent(`${APP_ORIGIN} asks you to confirm 1 transaction.`);
      },
      'handedOver.offChainMessage': () => {
        expect(screen.getByRole('region', { name: 'Safe App request' })).toHaveTextContent('sign a message (off-chain signature)');
      },
      'handedOver.onChainMessage': () => {
        expect(screen.getByRole('region', { name: 'Safe App request' })).toHaveTextContent('sign a message (on-chain transaction)');
      },
      done: (sut, expected) => {
        const reply = expected.context.reply;
        expect(sut.replies).toEqual([{ id: input.request.id, reply }]);
        expect(sut.actor.getSnapshot().output).toEqual(reply);
        expect(screen.getByRole('status')).toHaveTextContent(reply.success ? `Answered ${input.request.method}` : `Refused ${input.request.method}: ${reply.error}`);
        expect(sut.savedSettings).toEqual(input.request.method === 'rpcCall' && input.request.params.call === 'safe_setSettings' && expected.context.session ? [{ origin: APP_ORIGIN, settings: { offChainSigning: false } }] : []);
        expect(sut.savedPermissions.map((p) => p.permissions)).toEqual(expected.context.permissions ? [expected.context.permissions] : []);
      },
    },
  };
}

describeModel('bridgeRequest (model-based, real prompt view)', {
  machine: bridgeRequestMachine,
  events,
  serializeState,
  plans: Object.entries(scenarios).map(([name, request]) => {
    const input: BridgeRequestInput = { request, appOrigin: APP_ORIGIN };
    return { describe: name, input, driver: driverFor(input) };
  }),
});
