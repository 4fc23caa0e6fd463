/**
 * The execution-hash step (issue 19, decisions 0067 and 0070), shared by every flow that sends a transaction from the
 * connected wallet (transactionFlow, bulkExecuteFlow, allowanceTransfer, createSafe). With a device, the flow fixes
 * nonce, gas and fees itself (`preparingExecution`), shows the hash of the exact unsigned transaction the device will
 * sign (`checkingExecution`), sends exactly that, and keeps what the device changed (read back from the chain).
 * Pure: the plan's effects are in src/services/transactionFlow/deviceExecution.ts.
 * The wallet-error routes and states built here (`walletErrorRoutesOf`, `walletErrorStatesOf`) are also those of the
 * flows that sign typed data and load this module anyway (transactionFlow, messageFlow, deleteTxFlow).
 */
import { executionDisplay, type UnsignedExecution } from '../../domain/wallet/deviceDisplay.ts';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { DeviceCheck, ExecutionPlan, WalletFailureKind } from '../transactionFlow/transactionFlow.types.ts';

/** The context fields of the step; each stays absent (not null) unless a device executes, so older records replay. */
export interface DeviceExecutionFields {
  /** What the signer compares with the device before the prompt. */
  deviceCheck?: DeviceCheck | undefined;
  /** The execution fixed for the device before its prompt. */
  execution?: ExecutionPlan | undefined;
  /** What the device changed in the execution it signed, against the one checked; absent when nothing. */
  deviceChanges?: string[] | undefined;
}

/** A wallet that may sign on a device. */
export interface MaybeDeviceWallet {
  device?: SignerDevice | undefined;
}

/** The connected wallet signs on a device (hardware or remote signer). */
export const signsOnDevice = (wallet: MaybeDeviceWallet | null): boolean => wallet?.device !== undefined;

/** A connected wallet as the flows keep it: its account, its chain, and its device if it signs on one. */
export interface FlowWallet extends MaybeDeviceWallet {
  address: string;
  chainId: string;
}

/**
 * `next` is not the wallet `current` is: none now (or none before), another account, another chain or another device.
 * A check prepared or shown for `current`'s device is not one for `next` (createSafe's view tells its machine the
 * same changes; the flow host tells every flow each change of the connection, also one that changed nothing).
 */
export function isOtherWallet(current: FlowWallet | null, next: FlowWallet | null): boolean {
  if (current === null || next === null) return current !== next;
  const [a, b] = [current.device, next.device];
  return (
    current.address.toLowerCase() !== next.address.toLowerCase() ||
    current.chainId !== next.chainId ||
    a?.kind !== b?.kind ||
    a?.name !== b?.name ||
    a?.display !== b?.display
  );
}

/** The execution fixed for a device, with its integers as bigints (the plan keeps them as decimal strings for the log). */
export function unsignedExecutionOf(plan: ExecutionPlan): UnsignedExecution {
  return { ...plan, gas: BigInt(plan.gas), maxFeePerGas: BigInt(plan.maxFeePerGas), maxPriorityFeePerGas: BigInt(plan.maxPriorityFeePerGas), value: BigInt(plan.value) };
}

/** The execution as the connected device will show it. */
export function executionCheckOf(context: { wallet: MaybeDeviceWallet | null }, execution: ExecutionPlan): DeviceCheck | undefined {
  const device = context.wallet?.device;
  if (!device) return undefined;
  return { what: 'execution', device, lines: executionDisplay(unsignedExecutionOf(execution)) };
}

/** The context after `prepareExecution`: the plan, and what the device will show for it. */
export const executionStored = (context: { wallet: MaybeDeviceWallet | null }, execution: ExecutionPlan): DeviceExecutionFields => ({
  execution,
  deviceCheck: executionCheckOf(context, execution),
});

/** Back to the review: the plan is read again next time (the chain's nonce and fees move). */
export const DEVICE_CHECK_CLEARED: DeviceExecutionFields = { deviceCheck: undefined, execution: undefined };

/** What the device changed, kept only when something (absent otherwise: a flow without changes logs no field). */
export const changesKept = (changes: readonly string[] | undefined): Pick<DeviceExecutionFields, 'deviceChanges'> =>
  changes && changes.length > 0 ? { deviceChanges: [...changes] } : {};

/** The wallet failures of a flow that sends a transaction (no typed data: `noTypedData` cannot happen), `other` last. */
export const SEND_FAILURE_KINDS = [
  'rejected',
  'wrongChain',
  'disconnected',
  'insufficientFunds',
  'deviceLocked',
  'wrongApp',
  'blindSigningDisabled',
  'deviceDisconnected',
  'other',
] as const satisfies readonly WalletFailureKind[];

export type SendFailureKind = (typeof SEND_FAILURE_KINDS)[number];

/**
 * The routes of a wallet effect's error: one state per kind under `#<flowId>.walletError`, `other` the fallback.
 * The guard `isWalletFailure` (params `{ kind }`) and the action `assignWalletFailure` are the flow's own.
 */
export function walletErrorRoutesOf<K extends string>(flowId: string, kinds: readonly K[]) {
  return [
    ...kinds
      .filter((kind) => kind !== 'other')
      .map((kind) => ({
        guard: { type: 'isWalletFailure' as const, params: { kind } },
        target: `#${flowId}.walletError.${kind}`,
        actions: 'assignWalletFailure' as const,
      })),
    { target: `#${flowId}.walletError.other`, actions: 'assignWalletFailure' as const },
  ];
}

/** The `walletError` substates of those kinds (each an empty state the view tells apart), in the order given. */
export const walletErrorStatesOf = <K extends string>(kinds: readonly K[]) => Object.fromEntries(kinds.map((kind) => [kind, {}])) as Record<K, object>;

/** What the step needs of a flow (its ids and names; the guards, actions and effects are the flow's own). */
export interface ExecutionStepOptions<Src extends string, Input, Leave extends object, MidCheck extends object> {
  /** The flow's machine id (`#<flowId>.walletError.other` takes a plan that cannot be fixed). */
  flowId: string;
  /** The effect that fixes nonce, gas and fees for the device (also its actor id), and its input. */
  prepare: { src: Src; input: Input };
  /** The state that sends exactly the plan once the signer confirmed it (`user.confirmOnDevice`). */
  send: string;
  /** Events that end the flow while the check is shown (Cancel, Discard); none while the plan is read. */
  leave?: Leave;
  /** Events handled in both states (the wallet going away or changing mid-check), after the step's own. */
  midCheck?: MidCheck;
}

/**
 * The step's two states, `preparingExecution` → `checkingExecution` (decisions 0067, 0070): the flow's review goes to
 * `preparingExecution` when the wallet signs on a device. The plan lands in `storeExecution` (its params the plan),
 * `user.back` returns to `review` with `clearDeviceCheck`, a plan that cannot be fixed goes to `walletError.other`
 * with `assignWalletFailure`: the flow's setup provides those three actions.
 */
export function executionStepOf<Src extends string, Input, Leave extends object = object, MidCheck extends object = object>(options: ExecutionStepOptions<Src, Input, Leave, MidCheck>) {
  const { flowId, prepare, send, leave, midCheck } = options;
  return {
    preparingExecution: {
      meta: { description: 'Nonce, gas and fees fixed here for the device, and the hash of the exact unsigned transaction it will sign' },
      // Reads only (the chain's nonce, gas and fees), ending on their own: no Cancel while they run.
      tags: ['busy' as const],
      ...(midCheck ? { on: midCheck } : {}),
      invoke: {
        id: prepare.src,
        src: prepare.src,
        input: prepare.input,
        onDone: { target: 'checkingExecution', actions: { type: 'storeExecution' as const, params: ({ event }: { event: { output: ExecutionPlan } }) => event.output } },
        onError: { target: `#${flowId}.walletError.other`, actions: 'assignWalletFailure' as const },
      },
    },
    checkingExecution: {
      meta: { description: 'The execution hash and fields the device will show, beside the ones fixed here: the signer confirms they match before the prompt' },
      on: {
        ...leave,
        'user.confirmOnDevice': { target: send },
        'user.back': { target: 'review', actions: 'clearDeviceCheck' as const },
        ...midCheck,
      },
    },
  };
}
