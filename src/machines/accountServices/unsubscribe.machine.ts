/**
 * unsubscribe: stop e-mails of one category, or all, with the token from an e-mail (on /settings/email).
 *
 *   editing ──user.unsubscribe / user.unsubscribeAll [token]──▶ sending ──▶ done ──user.again──▶ editing
 *      ▲ (no token: field error)                                   └─ error ──▶ editing
 *                                                                   └─ notOffered (the gateway has no such endpoint) ──▶ notOffered
 *
 * DELETE /v1/subscriptions?category=&token= or /v1/subscriptions/all?token= (protocol.md B.7.17). sending is
 * nonIdempotent; system.recover returns to editing with a notice.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { ACCOUNT_TEXTS, errorText, failureKind, isUuid } from './accountServices.logic.ts';
import type { SubscriptionsContext, SubscriptionsEvent, SubscriptionsInput, UnsubscribeEffects, UnsubscribeInput } from './accountServices.types.ts';

export const UNSUBSCRIBE_ID = 'unsubscribe';

export const unsubscribeMachine = setup({
  types: {
    context: {} as SubscriptionsContext,
    events: {} as SubscriptionsEvent,
    input: {} as SubscriptionsInput,
  },
  actors: {
    ...effectPlaceholders<UnsubscribeEffects>({ unsubscribe: true }, 'src/services/accountServices/index.ts'),
  },
  actions: {
    /** The token as typed, with the reason it is refused. */
    rejectToken: assign((_, { token }: { token: string }) => ({ token, fieldError: ACCOUNT_TEXTS.invalidToken })),
    /** The request to send (category null: every category). */
    startRequest: assign((_, { token, category }: UnsubscribeInput) => ({
      token: token.trim(),
      request: { token: token.trim(), category },
      fieldError: null,
      error: null,
      notice: null,
    })),
    markInterrupted: assign({ request: null, notice: ACCOUNT_TEXTS.interrupted }),
    markDone: assign(({ context }) => ({ done: context.request, request: null })),
    forgetRequest: assign({ request: null }),
    forgetDone: assign({ done: null }),
    markNotOffered: assign({ request: null, error: null, notice: ACCOUNT_TEXTS.unsubscribeNotOffered }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
  guards: {
    isNotToken: (_, params: { token: string }) => !isUuid(params.token),
    /** The gateway does not offer unsubscribing (decision 0051). */
    isNotOffered: (_, params: { error: unknown }) => failureKind(params.error) === 'notOffered',
  },
}).createMachine({
  id: UNSUBSCRIBE_ID,
  context: ({ input }) => ({ token: input?.token?.trim() ?? '', request: null, done: null, fieldError: null, error: null, notice: null }),
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'Enter the token from the e-mail; choose a category or all' },
      on: {
        'user.unsubscribe': [
          { guard: { type: 'isNotToken', params: ({ event }) => ({ token: event.token }) }, actions: { type: 'rejectToken', params: ({ event }) => ({ token: event.token }) } },
          {
            target: 'sending',
            actions: { type: 'startRequest', params: ({ event }) => ({ token: event.token, category: event.category }) },
          },
        ],
        'user.unsubscribeAll': [
          { guard: { type: 'isNotToken', params: ({ event }) => ({ token: event.token }) }, actions: { type: 'rejectToken', params: ({ event }) => ({ token: event.token }) } },
          {
            target: 'sending',
            actions: { type: 'startRequest', params: ({ event }) => ({ token: event.token, category: null }) },
          },
        ],
      },
    },
    sending: {
      meta: { description: 'DELETE /v1/subscriptions (one category) or /v1/subscriptions/all' },
      tags: ['busy', 'nonIdempotent'],
      on: { 'system.recover': { target: 'editing', actions: 'markInterrupted' } },
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => context.request as UnsubscribeInput,
        onDone: { target: 'done', actions: 'markDone' },
        onError: [
          { guard: { type: 'isNotOffered', params: ({ event }) => ({ error: event.error }) }, target: 'notOffered', actions: 'markNotOffered' },
          { target: 'editing', actions: ['forgetRequest', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    done: {
      meta: { description: 'Unsubscribed' },
      on: { 'user.again': { target: 'editing', actions: 'forgetDone' } },
    },
    notOffered: {
      meta: { description: 'This gateway does not offer unsubscribing (its router answered 404/405): the card says so' },
    },
  },
});

export type UnsubscribeMachine = typeof unsubscribeMachine;
