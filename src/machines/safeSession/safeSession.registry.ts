/**
 * Registry entries of the open Safe (src/machines/registry.ts spreads them into MACHINES): the Safe session and
 * its children, the paged lists (queue, history, messages, collectibles: one statechart, machine id
 * `pagedList`) and the details openers (transaction, message: one statechart, machine id `details`).
 * Samples: safeSession.samples.ts, shared with the model tests.
 */
import type { RegisteredMachine } from '../registry.ts';
import { queueListMachine, safeSessionMachine } from './safeSession.machine.ts';
import { txDetailsMachine } from './details.machine.ts';
import {
  detailsSampleEvents,
  detailsSampleInput,
  annotatedListSampleInput,
  pagedListDisabledInput,
  pagedListSampleEvents,
  pagedListSampleInput,
  safeSessionInvalidInput,
  safeSessionSampleEvents,
  safeSessionSampleInput,
  serializeDetailsState,
  serializePagedListState,
  serializeSafeSessionState,
} from './safeSession.samples.ts';

export const SAFE_SESSION_MACHINES: RegisteredMachine[] = [
  {
    id: 'safeSession',
    title: 'Safe session (?safe=)',
    description:
      'Opens the Safe named in the URL: checks the address, finds its chain among the gateway’s, loads Safe info, then polls it every 15 s (paused while the tab is hidden), loads balances, and runs the paged lists and details openers, refreshing the ones whose tags changed; the history, messages, NFTs and fiat currencies start when a screen that shows them first opens.',
    machine: safeSessionMachine,
    schemaVersion: 1,
    sampleInput: safeSessionSampleInput,
    // A malformed address is the only way into invalidAddress.
    extraSampleInputs: [safeSessionInvalidInput],
    sampleEvents: safeSessionSampleEvents,
    serializeState: serializeSafeSessionState,
    // Simple paths follow the session and its polling; balances and fiat currencies (independent parallel
    // regions) are reached by the shortest paths.
    simplePathState: (s) => JSON.stringify(s.matches('ready') ? ['ready', (s.value as { ready: { info: string } }).ready.info] : s.value),
  },
  {
    id: 'pagedList',
    title: 'Paged list (queue, history, messages, NFTs)',
    description:
      'One gateway list with cursor paging, run by the Safe session as `queue`, `history`, `messages` and `collectibles`: loads the first page, follows `next` to append, retries failures, reloads on refresh; disabled when the chain lacks the feature. The NFT list shows its cards first, then adds the queued transactions’ marks (annotating).',
    machine: queueListMachine,
    schemaVersion: 1,
    sampleInput: pagedListSampleInput,
    // A list the chain does not support is the only way into disabled; only an annotated list (the NFTs) annotates.
    extraSampleInputs: [pagedListDisabledInput, annotatedListSampleInput],
    sampleEvents: pagedListSampleEvents,
    serializeState: serializePagedListState,
  },
  {
    id: 'details',
    title: 'Transaction or message details',
    description:
      'One transaction or message opened by key, run by the Safe session as `txDetails` and `messageDetails`: loads it from the gateway, computes its hashes locally and shows whether the gateway’s hash matches and the listed owner signatures sign it (verified, mismatch, nothing to hash); retries failures, reloads on refresh.',
    machine: txDetailsMachine,
    schemaVersion: 1,
    sampleInput: detailsSampleInput,
    sampleEvents: detailsSampleEvents,
    serializeState: serializeDetailsState,
  },
];
