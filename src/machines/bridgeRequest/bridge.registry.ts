/**
 * Registry entries of the Safe Apps bridge (src/machines/registry.ts spreads them into MACHINES): the session of
 * one open app and its one-per-request children. Samples: bridgeRequest.samples.ts, shared with the tests.
 */
import type { RegisteredMachine } from '../registry.ts';
import { bridgeRequestMachine } from './bridgeRequest.machine.ts';
import {
  bridgeRequestExtraInputs,
  bridgeRequestSampleEvents,
  bridgeRequestSampleInput,
  bridgeSessionSampleEvents,
  bridgeSessionSampleInput,
  serializeBridgeRequestState,
} from './bridgeRequest.samples.ts';
import { bridgeSessionMachine, type BridgeSessionContext } from './bridgeSession.machine.ts';

export const BRIDGE_MACHINES: RegisteredMachine[] = [
  {
    id: 'bridgeSession',
    title: 'Safe App bridge session',
    description:
      'The bridge of one open Safe App: turns the app’s valid messages into recorded `bridge.request` events, answers the session reads (getSafeInfo, getChainInfo, getEnvironmentInfo, getCurrentTheme) itself from the open Safe’s facts in the same task, runs one bridgeRequest per other request, posts each reply back, and cancels what is pending when the app closes.',
    machine: bridgeSessionMachine,
    // 2: `system.sessionChanged` and the facts in the context; session reads answered without a child.
    schemaVersion: 2,
    sampleInput: bridgeSessionSampleInput,
    sampleEvents: bridgeSessionSampleEvents,
    // Whether the session holds facts decides how a session read is answered.
    serializeState: (s) => JSON.stringify([s.value, (s.context as BridgeSessionContext).facts !== null]),
  },
  {
    id: 'bridgeRequest',
    title: 'Safe App request',
    description:
      'One request of a Safe App, answered exactly once: from the session facts, after a permission prompt, by reading the gateway or the chain, or by handing over to a transaction or message flow; refused when not allowed, cancelled when the app closes.',
    machine: bridgeRequestMachine,
    schemaVersion: 1,
    // The request's method chooses the branch: one sample request per way through the machine.
    sampleInput: bridgeRequestSampleInput,
    extraSampleInputs: bridgeRequestExtraInputs,
    sampleEvents: bridgeRequestSampleEvents,
    serializeState: serializeBridgeRequestState,
  },
];
