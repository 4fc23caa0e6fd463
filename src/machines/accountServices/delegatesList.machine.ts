/**
 * delegatesList: the Safe's proposers (delegates) on /settings/security, read from
 * GET /v1/chains/{chainId}/delegates?safe=; an owner adds, renames and removes them (protocol.md B.7.15).
 *
 *   loading ──▶ list ──user.loadMore [next page]──▶ loadingMore ──▶ list
 *      │  ▲     │ └──user.refresh──▶ loading
 *      ▼  │     │
 *   loadFailed  └─user.addProposer | user.renameProposer | user.removeProposer [owner; valid]──▶ signing ──▶ sending ──▶ loading
 *   (user.retry)   (refused: field error, nothing asked of the wallet)              └── error ─────┴─ error ──▶ list
 *
 * signing: the owner's EIP-712 `Delegate(address delegateAddress,uint256 totp)` signature (eth_signTypedData_v4);
 * sending: POST /v2/chains/{chainId}/delegates `{ safe, delegate, delegator, signature, label }` (add; again for a
 * new label: rename) or DELETE /v2/chains/{chainId}/delegates/{delegate} `{ delegator, safe, signature }` (remove).
 * Only the delegator can rename or remove a proposer (the DELETE needs its signature). Both states are
 * nonIdempotent; system.recover reloads the list with a notice.
 *
 * An owner who signs on a device (input `device`, issue 19) first sees in `checkingOnDevice` what the device will
 * show for exactly the Delegate typed data that is sent (its TOTP from the event's `nowMs`), and says so
 * (`user.confirmOnDevice`); a failure then has its own `walletError` state, from which Try again returns to the
 * check with the change kept, at the time of the retry (its event's `nowMs`: the TOTP and the check are recomputed). Without a device nothing of this is entered: signing follows the change, and a
 * failure returns to the list with its text.
 */
import { assign, setup } from 'xstate';
import { getAddress } from 'viem';
import { effectPlaceholders } from '../shared/effects.ts';
import {
  ACCOUNT_TEXTS,
  deviceAfterChange,
  deviceChangedLeaves,
  deviceFailureRoutesOf,
  deviceOf,
  errorText,
  failureKindOf,
  isSameSigner,
  otherSignerInterrupts,
  ownProposer,
  proposerCheckOf,
  proposerProblem,
  sameSignerLeaves,
  signerAfterChange,
  signerOf,
  walletErrorStateOf,
  type ProposerDeviceFailureKind,
} from './accountServices.logic.ts';
import type {
  AccountServicesInput,
  DelegatesContext,
  DelegatesEvent,
  DelegatesListEffects,
  DelegatesPage,
  ProposerAction,
  ProposerRequest,
  ProposerSignature,
} from './accountServices.types.ts';

export const DELEGATES_LIST_ID = 'delegatesList';

const DONE: Record<ProposerAction, string> = { add: ACCOUNT_TEXTS.proposerAdded, rename: ACCOUNT_TEXTS.proposerRenamed, remove: ACCOUNT_TEXTS.proposerRemoved };

const recover = { 'system.recover': { target: 'loading', actions: 'markInterrupted' } } as const;

type Change = { form: 'add' | 'rename'; delegate: string; label: string };

/** The owner signs on a device and the event says when it asked (the TOTP the device is shown derives from it). */
const onDevice = (context: DelegatesContext, event: DelegatesEvent) => context.device !== undefined && 'nowMs' in event && typeof event.nowMs === 'number';

/** A failure of a change checked on the device: its own state per kind, any other `other` (issue 19, accountServices.logic.ts). */
const deviceFailureRoutes = deviceFailureRoutesOf(DELEGATES_LIST_ID);

export const delegatesListMachine = setup({
  types: {
    context: {} as DelegatesContext,
    events: {} as DelegatesEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    ...effectPlaceholders<DelegatesListEffects>({ loadDelegates: true, signProposer: true, sendProposer: true }, 'src/services/accountServices/index.ts'),
  },
  actions: {
    /** The device the wallet signs on now (decision 0084): only a signer's; none when the wallet has none now. */
    assignDevice: assign(({ context, event }) => deviceAfterChange(context, event)),
    /** The Safe's owners and the signer after they or the connected account changed (decision 0088). */
    assignSigner: assign(({ context, event }) => signerAfterChange(context, event)),
    markSignerChanged: assign({ notice: ACCOUNT_TEXTS.signerChanged }),
    storeFirstPage: assign((_, { results, next }: DelegatesPage) => ({ delegates: results, next, error: null })),
    appendPage: assign(({ context }, { results, next }: DelegatesPage) => ({ delegates: [...context.delegates, ...results], next })),
    clearError: assign({ error: null }),
    /** A refresh starts over: the last change's notice and field error go. */
    clearMessages: assign({ notice: null, fieldError: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    /** The field error of a refused add or rename; the wallet is not asked. */
    refuse: assign(({ context }, change: Change) => ({ fieldError: proposerProblem(context, change), error: null, notice: null })),
    /** The change the owner will sign: the checksummed proposer, the trimmed name. */
    startRequest: assign(({ context }, { action, delegate, label, nowMs }: { action: ProposerAction; delegate: string; label: string | null; nowMs?: number | undefined }) => ({
      request: {
        action,
        chainId: context.safe.chainId,
        safe: context.safe.address,
        delegate: getAddress(delegate.trim()),
        delegator: context.signer ?? '',
        label: label === null ? null : label.trim(),
        ...(nowMs !== undefined ? { nowMs } : {}),
      },
      signature: null,
      fieldError: null,
      error: null,
      notice: null,
    })),
    /**
     * Try again after a device's failure: the signature is asked at the time of the retry (the event's `nowMs`), so
     * the request takes it and the check is computed again (the Delegate TOTP is that hour's).
     */
    retime: assign(({ context, event }) => {
      const nowMs = 'nowMs' in event && typeof event.nowMs === 'number' ? event.nowMs : undefined;
      return nowMs === undefined || !context.request ? {} : { request: { ...context.request, nowMs } };
    }),
    /** What the device will show for the Delegate typed data, computed from the request that is signed (issue 19). */
    assignProposerCheck: assign({ deviceCheck: ({ context }) => proposerCheckOf(context) }),
    storeSignature: assign((_, { signature }: ProposerSignature) => ({ signature })),
    /** Done: the list reloads; the notice says what happened. */
    markDone: assign(({ context }) => ({ notice: context.request ? DONE[context.request.action] : null, request: null, signature: null, deviceCheck: undefined })),
    forgetRequest: assign({ request: null, signature: null, deviceCheck: undefined }),
    markInterrupted: assign({ request: null, signature: null, notice: ACCOUNT_TEXTS.interrupted, deviceCheck: undefined }),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    hasSigner: ({ context }) => context.signer !== null,
    isRefused: ({ context }, change: Change) => proposerProblem(context, change) !== null,
    /** A proposer the connected owner added: only its delegator can rename or remove it. */
    isOwnProposer: ({ context }, { delegate }: { delegate: string }) => ownProposer(context, delegate) !== undefined,
    /** An owner on a device adds a proposer (issue 19): the device's screen is compared first. */
    hasSignerOnDevice: ({ context, event }) => context.signer !== null && onDevice(context, event),
    /** An owner on a device renames or removes a proposer they added (issue 19). */
    isOwnProposerOnDevice: ({ context, event }, { delegate }: { delegate: string }) => ownProposer(context, delegate) !== undefined && onDevice(context, event),
    /** A failure of a change the owner checked on the device, of this kind. */
    isDeviceFailure: ({ context, event }, { kind }: { kind: ProposerDeviceFailureKind }) =>
      context.deviceCheck !== undefined && 'error' in event && failureKindOf((event as { error: unknown }).error) === kind,
    isCheckedOnDevice: ({ context }) => context.deviceCheck !== undefined,
    isSameSigner: ({ context, event }) => isSameSigner(context, event),
    isOtherSigner: ({ context, event }) => !isSameSigner(context, event),
  },
}).createMachine({
  id: DELEGATES_LIST_ID,
  context: ({ input }) => ({
    safe: input.safe,
    signer: signerOf(input),
    delegates: [],
    next: null,
    request: null,
    signature: null,
    fieldError: null,
    error: null,
    notice: null,
    // Only an owner signs; the device stays absent for a browser wallet (records of earlier versions have none).
    ...deviceOf(input),
  }),
  on: {
    // The device the wallet signs on changed (decision 0084): kept for the next signature; the card keeps what it holds.
    'system.deviceChanged': { actions: 'assignDevice' },
    // The Safe's owners or the connected account changed (decision 0088): the same signer keeps everything; for
    // another (or none) the proposers are read again (which are its own to change); a change it had started, its
    // field error and notice go (what was typed stays in the view).
    'system.signerChanged': [
      { guard: 'isSameSigner', actions: 'assignSigner' },
      { target: '#delegatesList.loading', actions: ['forgetRequest', 'clearMessages', 'assignSigner'] },
    ],
  },
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the first page of proposers' },
      tags: ['busy'],
      invoke: {
        id: 'loadDelegates',
        src: 'loadDelegates',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address, page: null }),
        onDone: { target: 'list', actions: { type: 'storeFirstPage', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      meta: { description: 'The proposers could not be read' },
      on: { 'user.retry': 'loading' },
    },
    list: {
      meta: { description: 'The proposers, with who added them; an owner adds, renames (own) and removes (own) them' },
      on: {
        'user.refresh': { target: 'loading', actions: 'clearMessages' },
        'user.loadMore': { guard: 'hasNext', target: 'loadingMore', actions: 'clearError' },
        'user.addProposer': [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ form: 'add' as const, delegate: event.delegate, label: event.label }) },
            actions: { type: 'refuse', params: ({ event }) => ({ form: 'add' as const, delegate: event.delegate, label: event.label }) },
          },
          {
            guard: 'hasSignerOnDevice',
            target: 'checkingOnDevice',
            actions: [{ type: 'startRequest', params: ({ event }) => ({ action: 'add' as const, delegate: event.delegate, label: event.label, nowMs: event.nowMs }) }, 'assignProposerCheck'],
          },
          {
            guard: 'hasSigner',
            target: 'signing',
            actions: { type: 'startRequest', params: ({ event }) => ({ action: 'add' as const, delegate: event.delegate, label: event.label, nowMs: event.nowMs }) },
          },
        ],
        'user.renameProposer': [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ form: 'rename' as const, delegate: event.delegate, label: event.label }) },
            actions: { type: 'refuse', params: ({ event }) => ({ form: 'rename' as const, delegate: event.delegate, label: event.label }) },
          },
          {
            guard: { type: 'isOwnProposerOnDevice', params: ({ event }) => ({ delegate: event.delegate }) },
            target: 'checkingOnDevice',
            actions: [{ type: 'startRequest', params: ({ event }) => ({ action: 'rename' as const, delegate: event.delegate, label: event.label, nowMs: event.nowMs }) }, 'assignProposerCheck'],
          },
          {
            guard: { type: 'isOwnProposer', params: ({ event }) => ({ delegate: event.delegate }) },
            target: 'signing',
            actions: { type: 'startRequest', params: ({ event }) => ({ action: 'rename' as const, delegate: event.delegate, label: event.label, nowMs: event.nowMs }) },
          },
        ],
        'user.removeProposer': [
          {
            guard: { type: 'isOwnProposerOnDevice', params: ({ event }) => ({ delegate: event.delegate }) },
            target: 'checkingOnDevice',
            actions: [{ type: 'startRequest', params: ({ event }) => ({ action: 'remove' as const, delegate: event.delegate, label: null, nowMs: event.nowMs }) }, 'assignProposerCheck'],
          },
          {
            guard: { type: 'isOwnProposer', params: ({ event }) => ({ delegate: event.delegate }) },
            target: 'signing',
            actions: { type: 'startRequest', params: ({ event }) => ({ action: 'remove' as const, delegate: event.delegate, label: null, nowMs: event.nowMs }) },
          },
        ],
      },
    },
    // An owner on a device (issue 19): what it will show, computed from the Delegate typed data sent, before its prompt.
    checkingOnDevice: {
      meta: { description: 'What the owner’s device will show for the Delegate signature, before its prompt' },
      on: {
        'user.confirmOnDevice': { target: 'signing' },
        'user.cancel': { target: 'list', actions: 'forgetRequest' },
        ...deviceChangedLeaves('list', ['forgetRequest']),
        ...sameSignerLeaves('list', ['forgetRequest']),
      },
    },
    loadingMore: {
      meta: { description: 'Reading the next page' },
      tags: ['busy'],
      invoke: {
        id: 'loadMoreDelegates',
        src: 'loadDelegates',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address, page: context.next }),
        onDone: { target: 'list', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: { target: 'list', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signing: {
      meta: { description: 'The owner’s wallet signs the Delegate typed data (eth_signTypedData_v4)' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('loading', ['forgetRequest']) },
      invoke: {
        id: 'signProposer',
        src: 'signProposer',
        input: ({ context }) => ({ ...(context.request as ProposerRequest), ...(context.device ? { deviceName: context.device.name } : {}) }),
        onDone: { target: 'sending', actions: { type: 'storeSignature', params: ({ event }) => event.output } },
        onError: [...deviceFailureRoutes, { target: 'list', actions: ['forgetRequest', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] }],
      },
    },
    // A change checked on the device failed (issue 19): what to do, per kind; the change is kept for Try again.
    walletError: walletErrorStateOf({ what: 'change', clear: 'clearError', check: 'assignProposerCheck', cancelTo: 'list', cancelActions: ['forgetRequest', 'clearError'] }),
    sending: {
      meta: { description: 'POST /v2/…/delegates (add, rename) or DELETE /v2/…/delegates/{delegate} (remove)' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('loading', ['forgetRequest']) },
      invoke: {
        id: 'sendProposer',
        src: 'sendProposer',
        input: ({ context }) => ({ ...(context.request as ProposerRequest), signature: context.signature ?? '' }),
        onDone: { target: 'loading', actions: 'markDone' },
        onError: { target: 'list', actions: ['forgetRequest', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
  },
});

export type DelegatesListMachine = typeof delegatesListMachine;
