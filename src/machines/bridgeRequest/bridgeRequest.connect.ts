/** The bridgeRequest view model: what the Safe Apps request prompt shows, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { bridgeRequestMachine } from './bridgeRequest.machine.ts';

export type BridgeRequestSnapshot = SnapshotFrom<typeof bridgeRequestMachine>;
type Context = BridgeRequestSnapshot['context'];

export type BridgeRequestStep = 'validating' | 'fetching' | 'awaitingPermission' | 'handedOver' | 'replying' | 'done';

/** What a handed-over request asks the user to confirm. */
export type BridgeHandOver = 'transaction' | 'offChainMessage' | 'onChainMessage';

const STEPS: readonly BridgeRequestStep[] = ['validating', 'fetching', 'awaitingPermission', 'handedOver', 'replying', 'done'];
const HAND_OVERS: readonly BridgeHandOver[] = ['transaction', 'offChainMessage', 'onChainMessage'];

export interface BridgeRequestView {
  step: BridgeRequestStep;
  /** The request waits for the user (a permission prompt or a handed-over flow). */
  prompting: boolean;
  /** `null` outside `handedOver`. */
  handOver: BridgeHandOver | null;
  /** The capabilities a permission request asks for. */
  capabilities: string[];
  /** How many transactions a `sendTransactions` request carries (0 for other requests). */
  txCount: number;
  canDeny: boolean;
  canGrant: boolean;
  canCancel: boolean;
  appOrigin: Context['appOrigin'];
  method: Context['request']['method'];
  reply: Context['reply'];
}

function capabilitiesOf(request: Context['request']): string[] {
  if (request.method === 'wallet_requestPermissions') return [...new Set(request.params.requests.flatMap((entry) => Object.keys(entry)))];
  return ['requestAddressBook'];
}

export function connectBridgeRequest(snapshot: BridgeRequestSnapshot): BridgeRequestView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'validating';
  const { context } = snapshot;
  const { request } = context;
  return {
    step,
    prompting: snapshot.hasTag('prompt'),
    handOver: step === 'handedOver' ? (HAND_OVERS.find((name) => snapshot.matches({ handedOver: name })) ?? 'onChainMessage') : null,
    capabilities: capabilitiesOf(request),
    txCount: request.method === 'sendTransactions' ? request.params.txs.length : 0,
    canDeny: snapshot.can({ type: 'user.denyPermission', at: 0 }),
    canGrant: snapshot.can({ type: 'user.grantPermission', at: 0 }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    appOrigin: context.appOrigin,
    method: request.method,
    reply: context.reply,
  };
}
