/**
 * details: one transaction or message opened by key. `loading` fetches it from the gateway, `hashing` has its
 * hashes computed locally, and the result is `verified` (the gateway's hash equals ours), `mismatch` (it does
 * not: shown as an error), or `unhashed` (nothing to hash, e.g. a module transaction). Failures are states
 * with a retry; a refresh from the Safe session reloads the open item.
 *
 * Effects (typed placeholders, provided by the services): `loadDetails`, `computeHashes`.
 *
 * Transactions and messages run the same statechart, so both share the machine id `details` (one registry
 * entry, one diagram, one definition hash); the Safe session tells them apart by their actor ids.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorMessage, failureKind } from './safeSession.errors.ts';
import type { DetailsContext, DetailsEffects, DetailsEvent, DetailsInput, HashCheck, MessageHashes, TxHashes } from './details.types.ts';
import type { Message, TransactionDetails } from '../../domain/gateway/types.ts';
import { sameHex } from '../../domain/hex.ts';


export const DETAILS_ID = 'details';

/** One details opener; `kind` names it in the placeholders' errors only. */
export function createDetailsMachine<TDetails, THashes>(kind: string) {
  return setup({
    types: {
      context: {} as DetailsContext<TDetails, THashes>,
      events: {} as DetailsEvent,
      input: {} as DetailsInput,
    },
    actors: {
      ...effectPlaceholders<DetailsEffects<TDetails, THashes>>({ loadDetails: true, computeHashes: true }, `src/services/safeSession.ts (${kind})`),
    },
    guards: {
      hasKey: ({ context }) => context.key !== null,
      /** Opening the item already open does nothing (a refresh or a retry reloads it). */
      isOtherKey: ({ context }, params: { key: string }) => params.key !== context.key,
      isUnhashed: (_, check: HashCheck<THashes>) => check.hashes === null || check.computed === null,
      isMismatch: (_, check: HashCheck<THashes>) =>
        !sameHex(check.computed, check.expected) || (check.forgedSignatures?.length ?? 0) > 0 || (check.contradictions?.length ?? 0) > 0,
    },
    actions: {
      openKey: assign((_, params: { key: string }) => ({ key: params.key, details: null, check: null, error: null, errorKind: null })),
      assignDetails: assign((_, details: TDetails) => ({ details, error: null, errorKind: null })),
      assignCheck: assign((_, check: HashCheck<THashes>) => ({ check, error: null, errorKind: null })),
      assignError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error), errorKind: failureKind(params.error) })),
    },
  }).createMachine({
    id: DETAILS_ID,
    context: ({ input }) => ({
      chainId: input.chainId,
      safeAddress: input.safeAddress,
      version: input.version,
      key: null,
      details: null,
      check: null,
      error: null,
      errorKind: null,
    }),
    on: {
      'user.open': {
        guard: { type: 'isOtherKey', params: ({ event }) => ({ key: event.key }) },
        target: '.loading',
        reenter: true,
        actions: { type: 'openKey', params: ({ event }) => ({ key: event.key }) },
      },
      'system.refresh': { guard: 'hasKey', target: '.loading', reenter: true },
    },
    initial: 'idle',
    states: {
      idle: { meta: { description: 'Nothing opened' } },
      loading: {
        meta: { description: 'Loading from the gateway' },
        tags: ['loading'],
        invoke: {
          id: 'loadDetails',
          src: 'loadDetails',
          input: ({ context }) => ({ chainId: context.chainId, key: context.key ?? '' }),
          onDone: { target: 'hashing', actions: { type: 'assignDetails', params: ({ event }) => event.output } },
          onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      failed: {
        meta: { description: 'Could not be loaded' },
        on: { 'user.retry': 'loading' },
      },
      hashing: {
        meta: { description: 'Computing the hashes locally' },
        tags: ['loading'],
        invoke: {
          id: 'computeHashes',
          src: 'computeHashes',
          input: ({ context }) => ({
            chainId: context.chainId,
            safeAddress: context.safeAddress,
            version: context.version,
            details: context.details as TDetails,
          }),
          onDone: [
            { guard: { type: 'isUnhashed', params: ({ event }) => event.output }, target: 'unhashed', actions: { type: 'assignCheck', params: ({ event }) => event.output } },
            { guard: { type: 'isMismatch', params: ({ event }) => event.output }, target: 'mismatch', actions: { type: 'assignCheck', params: ({ event }) => event.output } },
            { target: 'verified', actions: { type: 'assignCheck', params: ({ event }) => event.output } },
          ],
          onError: { target: 'hashFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      hashFailed: {
        meta: { description: 'Loaded, but the hashes could not be computed locally' },
        on: { 'user.retry': 'hashing' },
      },
      verified: { meta: { description: 'Loaded; the gateway’s hash equals the one computed locally' } },
      mismatch: { meta: { description: 'Loaded; the gateway’s hash differs from the one computed locally, or a listed signature does not sign it' } },
      unhashed: { meta: { description: 'Loaded; nothing to hash (module transaction, transfer, creation)' } },
    },
  });
}

export const txDetailsMachine = createDetailsMachine<TransactionDetails, TxHashes>('txDetails');
export const messageDetailsMachine = createDetailsMachine<Message, MessageHashes>('messageDetails');

export type TxDetailsMachine = typeof txDetailsMachine;
export type MessageDetailsMachine = typeof messageDetailsMachine;
