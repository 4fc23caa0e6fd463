/**
 * The safeSession view model: the open Safe's blocking step and the status of its parallel regions (info
 * polling, balances, fiat currencies), computed only from a snapshot. Screens read the rest of the session's
 * data (balances, Safe info, preferences) from its context.
 */
import type { SnapshotFrom } from 'xstate';
import { isOwner } from '../../domain/safe/owners.ts';
import type { safeSessionMachine } from './safeSession.machine.ts';
import type { SafeSessionContext } from './safeSession.types.ts';

export type SafeSessionSnapshot = SnapshotFrom<typeof safeSessionMachine>;

/** The session's top-level state: `ready` once the Safe is loaded, otherwise why it is not (yet). */
export type SafeSessionStep = 'validating' | 'invalidAddress' | 'resolvingChain' | 'chainNotSupported' | 'loadingSafe' | 'notASafe' | 'lookAlike' | 'gatewayDown' | 'ready';

/** A lazily loaded region of `ready` as a Loadable status. */
export type RegionStatus = 'loading' | 'failed' | 'ready';

const STEPS: readonly SafeSessionStep[] = ['validating', 'invalidAddress', 'resolvingChain', 'chainNotSupported', 'loadingSafe', 'notASafe', 'lookAlike', 'gatewayDown', 'ready'];

export interface SafeSessionView {
  step: SafeSessionStep;
  /** Safe info polling: `watching` also before the Safe is ready. */
  infoStatus: 'watching' | 'paused' | 'refreshing';
  balancesStatus: RegionStatus;
  /**
   * The balances shown are being replaced (another currency was chosen, or a reload): their fiat figures are not
   * in the chosen currency yet, so they show a loading mark instead of the old figure with the new symbol.
   */
  fiatUpdating: boolean;
  fiatCodesStatus: RegionStatus;
  /** Loading the Safe again after a blocking failure. */
  canRetry: boolean;
  canRetryBalances: boolean;
  canRetryFiatCodes: boolean;
  /** The connected wallet is an owner of the loaded Safe. */
  isOwner: boolean;
  safe: SafeSessionContext['safe'];
  /** The chain's name, or the Safe's short name until the chain is known. */
  chainName: string;
  supportedShortNames: SafeSessionContext['supportedShortNames'];
  error: SafeSessionContext['error'];
  pollError: SafeSessionContext['pollError'];
  walletAddress: SafeSessionContext['walletAddress'];
  /** Why the Safe is read from the chain instead of the gateway (RPC-only mode, decision 0054), or null. */
  readFromChain: string | null;
}

function regionStatus(loaded: boolean, failed: boolean): RegionStatus {
  return loaded ? 'ready' : failed ? 'failed' : 'loading';
}

/*
 * One field of the view model each: a view that needs one reads it alone (decision 0077). Its selector then runs no
 * `can()` it does not need, and the component does not render again when another field changes (the Safe info
 * poll's status changes twice per poll).
 */
export const sessionStepOf = (snapshot: SafeSessionSnapshot): SafeSessionStep => STEPS.find((name) => snapshot.matches(name)) ?? 'validating';
export const canRetryOf = (snapshot: SafeSessionSnapshot): boolean => snapshot.can({ type: 'user.retry' });
export const canRetryBalancesOf = (snapshot: SafeSessionSnapshot): boolean => snapshot.can({ type: 'user.retryBalances' });
export const canRetryFiatCodesOf = (snapshot: SafeSessionSnapshot): boolean => snapshot.can({ type: 'user.retryFiatCodes' });
export const balancesStatusOf = (snapshot: SafeSessionSnapshot): RegionStatus =>
  regionStatus(snapshot.matches({ ready: { balances: 'loaded' } }), snapshot.matches({ ready: { balances: 'failed' } }));
export const fiatUpdatingOf = (snapshot: SafeSessionSnapshot): boolean => snapshot.matches({ ready: { balances: 'loading' } }) && snapshot.context.balances !== null;
export const fiatCodesStatusOf = (snapshot: SafeSessionSnapshot): RegionStatus =>
  regionStatus(snapshot.matches({ ready: { fiatCodes: 'loaded' } }), snapshot.matches({ ready: { fiatCodes: 'failed' } }));
export const infoStatusOf = (snapshot: SafeSessionSnapshot): SafeSessionView['infoStatus'] =>
  snapshot.matches({ ready: { info: 'refreshing' } }) ? 'refreshing' : snapshot.matches({ ready: { info: 'paused' } }) ? 'paused' : 'watching';
export const isOwnerOf = ({ context }: SafeSessionSnapshot): boolean =>
  context.safeInfo !== null && isOwner(context.safeInfo.owners.map((owner) => owner.value), context.walletAddress);

export function connectSafeSession(snapshot: SafeSessionSnapshot): SafeSessionView {
  const { context } = snapshot;
  return {
    step: sessionStepOf(snapshot),
    infoStatus: infoStatusOf(snapshot),
    balancesStatus: balancesStatusOf(snapshot),
    fiatUpdating: fiatUpdatingOf(snapshot),
    fiatCodesStatus: fiatCodesStatusOf(snapshot),
    canRetry: canRetryOf(snapshot),
    canRetryBalances: canRetryBalancesOf(snapshot),
    canRetryFiatCodes: canRetryFiatCodesOf(snapshot),
    isOwner: isOwnerOf(snapshot),
    safe: context.safe,
    chainName: context.chain?.chainName ?? context.safe.shortName,
    supportedShortNames: context.supportedShortNames,
    error: context.error,
    pollError: context.pollError,
    walletAddress: context.walletAddress,
    readFromChain: context.safeInfo?.readFromChain ?? null,
  };
}
