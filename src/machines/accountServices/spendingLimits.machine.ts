/**
 * spendingLimits: the Safe's spending limits (Safe's Allowance module), read on chain (/settings/modules).
 *
 *   loading ──done──▶ list ──user.refresh──▶ loading
 *      └──error──▶ failed ──user.retry──▶ loading
 *
 * One read gives whether the Safe enabled the module, its beneficiaries (the module's delegates for this Safe)
 * and each one's allowance per token. Owners change limits through the transaction flow (a batch draft the view
 * opens), not here: after the transaction is executed, user.refresh reads the chain again.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorText, signerOf } from './accountServices.logic.ts';
import type { SpendingLimitsState } from '../../domain/safe/allowance.ts';
import type { AccountServicesInput, SpendingLimitsContext, SpendingLimitsEffects, SpendingLimitsEvent } from './accountServices.types.ts';

export const SPENDING_LIMITS_ID = 'spendingLimits';

export const spendingLimitsMachine = setup({
  types: {
    context: {} as SpendingLimitsContext,
    events: {} as SpendingLimitsEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    ...effectPlaceholders<SpendingLimitsEffects>({ loadSpendingLimits: true }, 'src/services/accountServices/spendingLimits.ts'),
  },
  actions: {
    storeLimits: assign((_, limits: SpendingLimitsState) => ({ limits, error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: SPENDING_LIMITS_ID,
  context: ({ input }) => ({ safe: input.safe, signer: signerOf(input), limits: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the Allowance module’s state for the Safe on chain' },
      tags: ['busy'],
      invoke: {
        id: 'loadSpendingLimits',
        src: 'loadSpendingLimits',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address }),
        onDone: { target: 'list', actions: { type: 'storeLimits', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    list: {
      meta: { description: 'The module’s state, beneficiaries and their limits' },
      on: { 'user.refresh': 'loading' },
    },
    failed: {
      meta: { description: 'The chain could not be read' },
      on: { 'user.retry': 'loading' },
    },
  },
});

export type SpendingLimitsMachine = typeof spendingLimitsMachine;
