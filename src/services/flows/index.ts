/**
 * The app's flows: the flow host with the real effects of each flow machine, bound to the chain of the Safe
 * it works on, and the hand-over between flows (an on-chain message signature opens a transaction flow for
 * the SignMessageLib call and reports its result back to the message flow).
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { PublicClient } from 'viem';
import { messageFlowMachine } from '../../machines/messageFlow/messageFlow.machine.ts';
import type { MessageFlowOutput, StartOnChainSignatureEvent } from '../../machines/messageFlow/messageFlow.types.ts';
import type { RegisteredMachine } from '../../machines/registry.ts';
import { flowStreamId, type FlowEntry, type FlowKind } from '../../machines/shared/flows.ts';
import { bulkExecuteFlowMachine } from '../../machines/transactionFlow/bulkExecuteFlow.machine.ts';
import { deleteTxFlowMachine } from '../../machines/transactionFlow/deleteTxFlow.machine.ts';
import { transactionFlowMachine } from '../../machines/transactionFlow/transactionFlow.machine.ts';
import type { TxFlowOutput } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { restoreStream } from '../eventLog/replay.ts';
import type { EventStore, LogRecord } from '../eventLog/types.ts';
import type { LockManagerLike, StreamWriter } from '../eventLog/writer.ts';
import type { GatewayClient } from '../gateway/client.ts';
import { createMessageFlowEffects, provideMessageFlowServices } from '../messageFlow.ts';
import { createTransactionFlowEffects, provideBulkExecuteFlowServices, provideDeleteTxFlowServices, provideTransactionFlowServices } from '../transactionFlow/transactionFlow.ts';
import type { WalletAccess } from '../transactionFlow/wallet.ts';
import { createFlowHost, type FlowContext, type FlowHost } from './flowHost.ts';
import { allowanceTransferMachine } from '../../machines/allowanceTransfer/allowanceTransfer.machine.ts';
import { createAllowanceTransferEffects, provideAllowanceTransferServices } from '../allowanceTransfer.ts';
import { gateWallet } from './signingGate.ts';
import { createSigningPackagesPort } from '../signingPackages/port.ts';
import { knownAddressesOf, type KnownAddressStores } from '../knownAddresses.ts';
import { pastRecipientsStore } from '../pastRecipients.ts';
import type { LocalStore } from '../storage/index.ts';

export { createFlowHost, type FlowContext, type FlowHost, type FlowHostState } from './flowHost.ts';
export { flowContextOf, NO_SAFE_LOADED, txFlowSafeOf } from './inputs.ts';

type ChainReads = Pick<
  PublicClient,
  | 'waitForTransactionReceipt'
  | 'readContract'
  | 'call'
  | 'simulateBlocks'
  | 'getStorageAt'
  | 'getCode'
  | 'getBalance'
  | 'getBlockNumber'
  | 'getLogs'
  | 'getTransactionCount'
  | 'estimateGas'
  | 'estimateFeesPerGas'
  | 'getTransaction'
>;

export interface AppFlowsDeps {
  store: EventStore;
  machines: readonly RegisteredMachine[];
  locks?: LockManagerLike | null;
  gateway: GatewayClient;
  /** A viem client of a chain the gateway lists. */
  chainClient: (chainId: string) => Promise<ChainReads>;
  wallet: WalletAccess;
  context: () => FlowContext | string;
  onFailure: (streamId: string, error: Error, writer: StreamWriter) => void;
  /** Whether signing is paused (the event log cannot save, decision 0050): no flow opens, no wallet is asked. */
  signingPaused?: () => boolean;
  onAppend?: (record: LogRecord) => void;
  /** A flow finished: e.g. refresh the Safe's queue and history. */
  onSettled?: (entry: FlowEntry, output: unknown) => void;
  /** A signing package was imported and kept (decision 0055): e.g. refresh the Safe's queue. */
  onPackageKept?: () => void;
  /** Where the addresses the signer knows are kept (address book, added Safes), for the look-alike check (S17). */
  /** This browser's stores the look-alike check reads (and, through `settings`, where executed flows keep their recipients). */
  known?: Omit<KnownAddressStores, 'pastRecipients'> & { settings?: Pick<LocalStore['settings'], 'get' | 'update'> };
}

/** Effects that each wait for `saved` before they run (the flow's events so far written to its log). */
export function afterSaved<E extends object>(effects: E, saved: () => Promise<void>): E {
  return Object.fromEntries(
    Object.entries(effects as Record<string, (input: unknown, signal: AbortSignal) => Promise<unknown>>).map(([name, run]) => [
      name,
      async (input: unknown, signal: AbortSignal) => {
        await saved();
        return run(input, signal);
      },
    ]),
  ) as E;
}

/** The id of the transaction flow a message flow hands its on-chain signature to (the link survives a reload). */
export const onChainFlowId = (messageFlowId: string): string => `${messageFlowId}.onchain`;

/** A chain client that is resolved on first use (the chain list comes from the gateway). */
function lazyChain(chainClient: AppFlowsDeps['chainClient'], chainId: string): ChainReads {
  return {
    waitForTransactionReceipt: (async (args: never) => (await chainClient(chainId)).waitForTransactionReceipt(args)) as ChainReads['waitForTransactionReceipt'],
    readContract: (async (args: never) => (await chainClient(chainId)).readContract(args)) as ChainReads['readContract'],
    call: (async (args: never) => (await chainClient(chainId)).call(args)) as ChainReads['call'],
    simulateBlocks: (async (args: never) => (await chainClient(chainId)).simulateBlocks(args)) as unknown as ChainReads['simulateBlocks'],
    getStorageAt: (async (args: never) => (await chainClient(chainId)).getStorageAt(args)) as ChainReads['getStorageAt'],
    getCode: (async (args: never) => (await chainClient(chainId)).getCode(args)) as ChainReads['getCode'],
    getBalance: (async (args: never) => (await chainClient(chainId)).getBalance(args)) as ChainReads['getBalance'],
    getBlockNumber: (async (args?: never) => (await chainClient(chainId)).getBlockNumber(args)) as ChainReads['getBlockNumber'],
    getLogs: (async (args: never) => (await chainClient(chainId)).getLogs(args)) as unknown as ChainReads['getLogs'],
    // A device's execution (issue 19): nonce, gas and fees fixed before its prompt, and the sent transaction read back.
    getTransactionCount: (async (args: never) => (await chainClient(chainId)).getTransactionCount(args)) as ChainReads['getTransactionCount'],
    estimateGas: (async (args: never) => (await chainClient(chainId)).estimateGas(args)) as unknown as ChainReads['estimateGas'],
    estimateFeesPerGas: (async (args?: never) => (await chainClient(chainId)).estimateFeesPerGas(args)) as unknown as ChainReads['estimateFeesPerGas'],
    getTransaction: (async (args: never) => (await chainClient(chainId)).getTransaction(args)) as unknown as ChainReads['getTransaction'],
  };
}

/** The look-alike check's known addresses, and where executed flows keep the recipients they paid (decision 0064). */
function knownServices(stores: AppFlowsDeps['known'] & object) {
  const pastRecipients = stores.settings ? pastRecipientsStore(stores.settings) : undefined;
  const known: KnownAddressStores = { addressBook: stores.addressBook, safes: stores.safes, ...(pastRecipients ? { pastRecipients } : {}) };
  return {
    knownAddresses: knownAddressesOf(known),
    ...(pastRecipients ? { recordRecipients: (chainId: string, safe: string, recipients: string[]) => pastRecipients.add(chainId, safe, recipients) } : {}),
  };
}

export function createAppFlows(deps: AppFlowsDeps): FlowHost {
  /** Each flow's logic: its effects start once the events before them are saved (`saved`, from the flow host). */
  function logicFor(kind: FlowKind, safeKey: string, saved: () => Promise<void>): AnyStateMachine {
    const chainId = safeKey.split(':')[0]!;
    const wallet = deps.signingPaused ? gateWallet(deps.wallet, deps.signingPaused) : deps.wallet;
    const services = { gateway: deps.gateway, chain: lazyChain(deps.chainClient, chainId), wallet, ...(deps.known ? knownServices(deps.known) : {}) };
    if (kind === 'allowanceTransfer') return provideAllowanceTransferServices(allowanceTransferMachine, afterSaved(createAllowanceTransferEffects({ chain: services.chain, wallet }), saved));
    if (kind === 'message') return provideMessageFlowServices(messageFlowMachine, afterSaved(createMessageFlowEffects(services), saved));
    const effects = afterSaved(createTransactionFlowEffects(services), saved);
    return kind === 'transaction'
      ? provideTransactionFlowServices(transactionFlowMachine, effects)
      : kind === 'deleteTx'
        ? provideDeleteTxFlowServices(deleteTxFlowMachine, effects)
        : provideBulkExecuteFlowServices(bulkExecuteFlowMachine, effects);
  }

  const host: FlowHost = createFlowHost({
    store: deps.store,
    machines: deps.machines,
    locks: deps.locks ?? null,
    logicFor,
    context: deps.context,
    onFailure: deps.onFailure,
    ...(deps.signingPaused ? { signingPaused: deps.signingPaused } : {}),
    ...(deps.onAppend ? { onAppend: deps.onAppend } : {}),
    ...(deps.onSettled ? { onSettled: deps.onSettled } : {}),
    onEmitted: (entry, event) => {
      if (entry.kind === 'message' && event.type === 'startOnChainSignature') void signOnChain(entry, event as StartOnChainSignatureEvent & AnyEventObject);
    },
  });

  /** The SignMessageLib DELEGATECALL goes through the transaction flow (it is on the local allow-list). */
  async function signOnChain(message: FlowEntry, event: StartOnChainSignatureEvent): Promise<void> {
    let tx: FlowEntry;
    try {
      tx = host.open(
        {
          kind: 'transaction',
          mode: 'create',
          initialDraft: { kind: 'rawCall', to: event.request.to, value: '0', data: event.request.data, operation: 1, origin: `Message signature (${event.request.library})` },
        },
        onChainFlowId(message.id),
      );
    } catch {
      message.actor.send({ type: 'txFlow.cancelled' });
      return;
    }
    reportBack(message, (await host.whenSettled(tx)) as TxFlowOutput | undefined);
  }

  function reportBack(message: FlowEntry, output: TxFlowOutput | undefined): void {
    if (output?.safeTxHash && output.outcome !== 'cancelled') message.actor.send({ type: 'txFlow.proposed', safeTxHash: output.safeTxHash });
    else message.actor.send({ type: 'txFlow.cancelled' });
  }

  /**
   * After a reload, a message flow that waits for its on-chain transaction is linked again to that transaction
   * flow (restored too), or — when the transaction flow ended before the reload — told its outcome, read from the
   * transaction flow's closed stream.
   */
  async function relink(safeKey: string): Promise<void> {
    const flows = host.getState().flows;
    for (const message of flows) {
      if (message.kind !== 'message' || !message.restored || message.safeKey !== safeKey) continue;
      if (!(message.actor.getSnapshot() as AnyMachineSnapshot).matches('awaitingTransaction')) continue;
      const tx = flows.find((f) => f.kind === 'transaction' && f.id === onChainFlowId(message.id));
      if (tx) {
        void host.whenSettled(tx).then((output) => reportBack(message, output as TxFlowOutput | undefined));
        continue;
      }
      const registered = deps.machines.find((m) => m.id === 'transactionFlow');
      const streamId = flowStreamId('transaction', safeKey, onChainFlowId(message.id));
      const ended = registered && (await deps.store.getStream(streamId)) ? await restoreStream(deps.store, registered, streamId).catch(() => null) : null;
      reportBack(message, ended?.snapshot.status === 'done' ? (ended.snapshot.output as TxFlowOutput) : undefined);
    }
  }

  const relinked = new Set<string>();
  const packages = createSigningPackagesPort({ chainClient: deps.chainClient, gateway: deps.gateway, onChanged: () => deps.onPackageKept?.() });
  return {
    ...host,
    signingPackages: async () => packages,
    async restore(safeKey) {
      await host.restore(safeKey);
      if (relinked.has(safeKey)) return;
      relinked.add(safeKey);
      await relink(safeKey);
    },
  };
}

export type { MessageFlowOutput, TxFlowOutput };
