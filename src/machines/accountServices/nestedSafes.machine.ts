/**
 * nestedSafes: which owners of the open Safe are Safes, read on chain (/settings/setup, and a queued
 * transaction's details).
 *
 *   loading ──done──▶ shown ──user.refresh──▶ loading
 *      └──error──▶ failed ──user.retry──▶ loading
 *
 * One read gives the Safe's owners and threshold and, for each owner that is a Safe, its owners and threshold.
 * From it the views say which owner Safes the connected wallet may approve as (the approval itself is the parent
 * Safe's own transaction flow, opened on the parent) and which nested chains can never reach a threshold.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorText } from './accountServices.logic.ts';
import type { NestedSafesState } from '../../domain/safe/nestedSafes.ts';
import type { AccountServicesInput, NestedSafesContext, NestedSafesEffects, NestedSafesEvent } from './accountServices.types.ts';

export const NESTED_SAFES_ID = 'nestedSafes';

export const nestedSafesMachine = setup({
  types: {
    context: {} as NestedSafesContext,
    events: {} as NestedSafesEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    ...effectPlaceholders<NestedSafesEffects>({ loadNestedSafes: true }, 'src/services/accountServices/nestedSafes.ts'),
  },
  actions: {
    storeNested: assign((_, nested: NestedSafesState) => ({ nested, error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: NESTED_SAFES_ID,
  context: ({ input }) => ({ safe: input.safe, wallet: input.wallet, nested: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the Safe’s owners on chain, and the owners of those that are Safes' },
      tags: ['busy'],
      invoke: {
        id: 'loadNestedSafes',
        src: 'loadNestedSafes',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address }),
        onDone: { target: 'shown', actions: { type: 'storeNested', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      meta: { description: 'The owner Safes, the ones the wallet may approve as, and any deadlock' },
      on: { 'user.refresh': 'loading' },
    },
    failed: {
      meta: { description: 'The chain could not be read' },
      on: { 'user.retry': 'loading' },
    },
  },
});

export type NestedSafesMachine = typeof nestedSafesMachine;
