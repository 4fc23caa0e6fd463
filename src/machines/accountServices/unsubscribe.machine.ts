/**
 * unsubscribe: stop e-mails of one category, or all, with the token from an e-mail (on /settings/email).
 *
 *   editing ──user.unsubscribe / user.unsubscribeAll [token]──▶ sending ──▶ done ──user.again──▶ editing
 *      ▲ (no token: field error)                                   └─ error ──▶ editing
 *
 * DELETE /v1/subscriptions?category=&token= or /v1/subscriptions/all?token= (protocol.md B.7.17). sending is
 * nonIdempotent; system.recover returns to editing with a notice.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ACCOUNT_TEXTS, errorText, isUuid } from './accountServices.logic.ts';
import type { SubscriptionsContext, SubscriptionsEvent, SubscriptionsInput, UnsubscribeInput } from './accountServices.types.ts';

export const UNSUBSCRIBE_ID = 'unsubscribe';

export const unsubscribeMachine = setup({
  types: {
    context: {} as SubscriptionsContext,
    events: {} as SubscriptionsEvent,
    input: {} as SubscriptionsInput,
  },
  actors: {
    unsubscribe: fromPromise<unknown, UnsubscribeInput>(async () => {
      throw new Error('unsubscribe is provided by the composition root');
    }),
  },
  guards: {
    isNotToken: (_, params: { token: string }) => !isUuid(params.token),
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
          { guard: { type: 'isNotToken', params: ({ event }) => ({ token: event.token }) }, actions: assign({ token: ({ event }) => event.token, fieldError: ACCOUNT_TEXTS.invalidToken }) },
          {
            target: 'sending',
            actions: assign({ token: ({ event }) => event.token.trim(), request: ({ event }) => ({ token: event.token.trim(), category: event.category }), fieldError: null, error: null, notice: null }),
          },
        ],
        'user.unsubscribeAll': [
          { guard: { type: 'isNotToken', params: ({ event }) => ({ token: event.token }) }, actions: assign({ token: ({ event }) => event.token, fieldError: ACCOUNT_TEXTS.invalidToken }) },
          {
            target: 'sending',
            actions: assign({ token: ({ event }) => event.token.trim(), request: ({ event }) => ({ token: event.token.trim(), category: null }), fieldError: null, error: null, notice: null }),
          },
        ],
      },
    },
    sending: {
      meta: { description: 'DELETE /v1/subscriptions (one category) or /v1/subscriptions/all' },
      tags: ['busy', 'nonIdempotent'],
      on: { 'system.recover': { target: 'editing', actions: assign({ request: null, notice: ACCOUNT_TEXTS.interrupted }) } },
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => context.request as UnsubscribeInput,
        onDone: { target: 'done', actions: assign({ done: ({ context }) => context.request, request: null }) },
        onError: { target: 'editing', actions: assign({ request: null, error: ({ event }) => errorText(event.error) }) },
      },
    },
    done: {
      meta: { description: 'Unsubscribed' },
      on: { 'user.again': { target: 'editing', actions: assign({ done: null }) } },
    },
  },
});

export type UnsubscribeMachine = typeof unsubscribeMachine;
