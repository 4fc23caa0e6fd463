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
import { bridgeSessionMachine } from './bridgeSession.machine.ts';

export const BRIDGE_MACHINES: RegisteredMachine[] = [
  {
    id: 'bridgeSession',
    title: 'Safe App bridge session',
    description:
      'The bridge of one open Safe App: turns the app’s valid messages into recorded `bridge.request` events (but for the session reads the host listener answers itself while a Safe is open), runs one bridgeRequest per request, posts each reply back, and cancels what is pending when the app closes.',
    machine: bridgeSessionMachine,
    schemaVersion: 1,
    sampleInput: bridgeSessionSampleInput,
    sampleEvents: bridgeSessionSampleEvents,
    serializeState: (s) => JSON.stringify(s.value),
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
