/**
 * What a view may ask of the flows (transaction, message, delete, bulk execute) and what it sees of them.
 * Types and pure helpers only: the flow host (src/services/flows) implements the port; views get it through
 * React context. Which Safe and which wallet a flow works with is filled in by the host from the open Safe
 * session and the wallet connection, never by the view.
 */
import type { AnyActorRef } from 'xstate';
import type { MessageToSign } from '../messageFlow/messageFlow.types.ts';
import type { SpendToken } from '../allowanceTransfer/allowanceTransfer.types.ts';
import type { TxDraft } from '../transactionFlow/transactionFlow.types.ts';
import type { SigningPackagesPort } from './signingPackages.ts';

export type FlowKind = 'transaction' | 'message' | 'deleteTx' | 'bulkExecute' | 'allowanceTransfer';

export type FlowRequest =
  | { kind: 'transaction'; mode: 'create'; initialDraft?: TxDraft | null }
  | { kind: 'transaction'; mode: 'confirm' | 'execute'; txId: string }
  | { kind: 'transaction'; mode: 'reject'; nonce: number; replaces?: { safeTxHash: `0x${string}`; proposer: `0x${string}` | null; label: string } | null }
  | { kind: 'message'; mode: 'sign'; message?: MessageToSign | null; signing?: 'offChain' | 'onChain'; origin?: string | null }
  | { kind: 'message'; mode: 'confirm'; messageHash: `0x${string}` }
  | { kind: 'deleteTx'; safeTxHash: `0x${string}`; nonce: number; proposer: `0x${string}` | null; label: string }
  | { kind: 'bulkExecute'; txIds: string[] }
  /** The connected wallet spends from the Safe within its spending limit for `token` (decision 0063). */
  | { kind: 'allowanceTransfer'; token: SpendToken };

/** One flow instance the host runs: its own actor and its own event-log stream. */
export interface FlowEntry {
  id: string;
  kind: FlowKind;
  /** `chainId:lower-case Safe address` of the Safe it works on. */
  safeKey: string;
  streamId: string;
  actor: AnyActorRef;
  /** True when it was rebuilt from its event log after a reload. */
  restored: boolean;
}

export interface FlowsState {
  /** The running flows, oldest first. */
  flows: readonly FlowEntry[];
  /** Flows that could not be resumed after a reload, with the reason (their logs stay for the audit view). */
  problems: readonly string[];
}

export interface FlowsPort {
  subscribe(listener: () => void): () => void;
  /** A stable object between changes (for useSyncExternalStore). */
  getState(): FlowsState;
  /**
   * Opens a flow for the open Safe; throws (or rejects) with a user-facing text when it cannot (no Safe loaded).
   * The app's port resolves once the flows' code has loaded (decision 0019).
   */
  open(request: FlowRequest): FlowEntry | Promise<FlowEntry>;
  /** Signing packages kept in this browser (decision 0055), loaded with the flows. A port without it offers none. */
  signingPackages?(): Promise<SigningPackagesPort>;
}

export const safeKeyOf = (chainId: string, address: string): string => `${chainId}:${address.toLowerCase()}`;

/** Stream ids of flows: `flow/<kind>/<safeKey>/<flowId>`, so a reload finds them by prefix and Safe. */
export const FLOW_STREAM_PREFIX = 'flow/';
export const flowStreamId = (kind: FlowKind, safeKey: string, flowId: string): string => `${FLOW_STREAM_PREFIX}${kind}/${safeKey}/${flowId}`;

export function parseFlowStreamId(streamId: string): { kind: FlowKind; safeKey: string; flowId: string } | null {
  const match = /^flow\/(transaction|message|deleteTx|bulkExecute|allowanceTransfer)\/([^/]+)\/([^/]+)$/.exec(streamId);
  return match ? { kind: match[1] as FlowKind, safeKey: match[2]!, flowId: match[3]! } : null;
}

/** The flow of a stream head when it is a still open flow stream of the Safe `safeKey` (one to resume), else null. */
export function openFlowStreamOf(head: { streamId: string; status: string }, safeKey: string): { kind: FlowKind; safeKey: string; flowId: string } | null {
  if (head.status !== 'open' || !head.streamId.startsWith(FLOW_STREAM_PREFIX)) return null;
  const parsed = parseFlowStreamId(head.streamId);
  return parsed?.safeKey === safeKey ? parsed : null;
}
