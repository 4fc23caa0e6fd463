/**
 * The buttons that open flows: "New transaction", the actions of a queued transaction, bulk execution, and
 * message signing. Which buttons show comes from the pure rules in src/machines/shared/txActions.ts; the
 * flows check again on their own.
 */
import { useSelector } from '@xstate/react';
import type { FlowRequest } from '../../machines/shared/flows.ts';
import { bulkExecutableOf, nextNonceOf, queuedRowActionsOf, rejectedNoncesOf, txActionsOf, type QueuedRowActions, type Viewer } from '../../machines/shared/txActions.ts';
import { useSafeChild, useSafeSession, useSafeSessionRef } from '../safeSession/safeSessionContext.tsx';
import { sessionStepOf } from '../../machines/safeSession/safeSession.connect.ts';
import type { Message, TransactionDetails, TransactionSummary } from '../safeSession/viewTypes.ts';
import { useOpenFlow } from './flowsContext.tsx';
import { isOwner } from '../../domain/safe/owners.ts';

const NO_OWNERS: string[] = [];
const NO_FEATURES: string[] = [];
const NO_ITEMS: never[] = [];

function useViewer(): Viewer {
  const wallet = useSafeSession((s) => s.context.walletAddress);
  const owners = useSafeSession((s) => s.context.safeInfo?.owners.map((o) => o.value) ?? NO_OWNERS, (a, b) => a.join() === b.join());
  const safeNonce = useSafeSession((s) => s.context.safeInfo?.nonce ?? 0);
  const features = useSafeSession((s) => s.context.chain?.features ?? NO_FEATURES);
  return { wallet, owners, safeNonce, features };
}

/** The queued transactions the Safe session's queue list has loaded. */
function useQueuedTxs(): TransactionSummary[] {
  const ref = useSafeChild('queue');
  const items = useSelector(ref, (s) => s?.context.items ?? NO_ITEMS);
  return items.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : []));
}

/**
 * The Safe's next nonce: Safe info's, or the loaded queue's "Next" group when that is newer (right after an
 * execution the queue reloads before the next poll of Safe info).
 */
export function useNextNonce(): number {
  const ref = useSafeChild('queue');
  const items = useSelector(ref, (s) => s?.context.items ?? NO_ITEMS);
  const safeNonce = useSafeSession((s) => s.context.safeInfo?.nonce ?? 0);
  return nextNonceOf(items, safeNonce);
}

/** Marks and inline buttons of a queued transaction's row, for the connected wallet. */
export function useQueuedRowActions(): (tx: TransactionSummary) => QueuedRowActions {
  const viewer = useViewer();
  const safeNonce = useNextNonce();
  return (tx) => queuedRowActionsOf(tx, { ...viewer, safeNonce });
}

const isViewerOwner = (viewer: Viewer) => isOwner(viewer.owners, viewer.wallet);

/** A button that opens the flow `request` names, with the flow host's refusal (if any) beside it. */
export function FlowButton({
  request,
  label,
  className,
  disabled,
  title,
  ariaLabel,
}: {
  request: FlowRequest;
  label: string;
  className?: string;
  disabled?: boolean;
  title?: string;
  ariaLabel?: string;
}) {
  const { open, error } = useOpenFlow();
  // Read from the chain (RPC-only mode, decisions 0054/0055): transactions are signed into signing packages kept in
  // this browser, and a new message on chain through one; confirming an off-chain message and deleting need the gateway.
  const chainRead = useSelector(useSafeSessionRef() ?? undefined, (s) => s?.context.safeInfo?.readFromChain ?? null);
  const needsGateway = chainRead !== null && (request.kind === 'deleteTx' || (request.kind === 'message' && request.mode === 'confirm'));
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled || needsGateway}
        title={needsGateway ? NEEDS_GATEWAY : title}
        aria-label={ariaLabel}
        onClick={() => void open(request)}
      >
        {label}
      </button>
      {error ? (
        <span role="alert" className="txflow-error">
          {error}
        </span>
      ) : null}
    </>
  );
}

const NEEDS_GATEWAY = 'Needs the gateway, which is not available now.';

const NOT_OWNER = 'Connect the wallet of one of the Safe’s signers to create transactions.';

/** Sidebar/header button; shown while a Safe is open. */
export function NewTransactionButton() {
  const session = useSafeSessionRef();
  if (!session) return null;
  return <NewTransactionFor />;
}

/** Owners sign; a connected wallet that is not an owner may propose (the flow asks the gateway whether it is a proposer). */
function NewTransactionFor() {
  const connected = useViewer().wallet !== null;
  // Not while the Safe waits behind the look-alike warning (decision 0064): nothing starts from it before the user chose.
  const warned = useSafeSession((s) => sessionStepOf(s) === 'lookAlike');
  if (warned) return null;
  return (
    <FlowButton
      request={{ kind: 'transaction', mode: 'create' }}
      label="New transaction"
      className="primary"
      disabled={!connected}
      {...(connected ? {} : { title: NOT_OWNER })}
    />
  );
}

/**
 * Confirm / Execute / Reject / Delete for a queued transaction (tx details). Execute is offered only on the
 * confirmations verified here (`verifiedSigners`; null while they are checked or when they cannot be).
 */
export function TxActionButtons({ details, verifiedSigners }: { details: TransactionDetails; verifiedSigners: readonly string[] | null }) {
  const viewer = useViewer();
  const queue = useQueuedTxs();
  const actions = txActionsOf(details, { ...viewer, rejectedNonces: rejectedNoncesOf(queue) }, verifiedSigners);
  const exec = details.detailedExecutionInfo;
  if (exec?.type !== 'MULTISIG') return null;
  if (!actions.confirm && !actions.execute && !actions.reject && !actions.delete) return null;
  return (
    <div className="txflow-actions" role="group" aria-label="Transaction actions">
      {actions.confirm ? <FlowButton request={{ kind: 'transaction', mode: 'confirm', txId: details.txId }} label="Confirm" className="primary" /> : null}
      {actions.execute ? <FlowButton request={{ kind: 'transaction', mode: 'execute', txId: details.txId }} label="Execute" className="primary" /> : null}
      {actions.reject ? (
        <FlowButton
          request={{
            kind: 'transaction',
            mode: 'reject',
            nonce: exec.nonce,
            replaces: { safeTxHash: exec.safeTxHash as `0x${string}`, proposer: (exec.proposer?.value ?? null) as `0x${string}` | null, label: `Transaction #${exec.nonce}` },
          }}
          label="Reject"
          className="danger"
        />
      ) : null}
      {actions.delete ? (
        <FlowButton
          request={{ kind: 'deleteTx', safeTxHash: exec.safeTxHash as `0x${string}`, nonce: exec.nonce, proposer: (exec.proposer?.value ?? null) as `0x${string}` | null, label: `Transaction #${exec.nonce}` }}
          label="Delete"
          className="danger"
        />
      ) : null}
    </div>
  );
}

/** A queue row's inline Confirm / Execute (the same flows as on the details; each checks again on its own). */
export function TxRowButtons({ tx, actions, what }: { tx: TransactionSummary; actions: QueuedRowActions; what: string }) {
  if (!actions.confirm && !actions.execute) return null;
  return (
    <span className="tx-row-buttons">
      {actions.confirm ? <FlowButton request={{ kind: 'transaction', mode: 'confirm', txId: tx.id }} label="Confirm" ariaLabel={`Confirm ${what}`} className="primary" /> : null}
      {actions.execute ? <FlowButton request={{ kind: 'transaction', mode: 'execute', txId: tx.id }} label="Execute" ariaLabel={`Execute ${what}`} className="primary" /> : null}
    </span>
  );
}

/** Above the queue: execute the consecutive fully signed transactions from the next nonce in one go. */
export function BulkExecuteButton() {
  const viewer = useViewer();
  const ids = bulkExecutableOf(useQueuedTxs(), useNextNonce());
  if (ids.length < 2 || !isViewerOwner(viewer)) return null;
  return <FlowButton request={{ kind: 'bulkExecute', txIds: ids }} label={`Execute ${ids.length} transactions`} className="primary" />;
}

/** An Assets row: "Send" opens New transaction with this token chosen (the compose step reads the draft). */
export function SendTokenButton({ token }: { token: { address: string; symbol: string; decimals: number; native: boolean } }) {
  const viewer = useViewer();
  const owner = isViewerOwner(viewer);
  const initialDraft = token.native
    ? ({ kind: 'nativeTransfer', recipient: '', amount: '', decimals: token.decimals } as const)
    : ({ kind: 'erc20Transfer', token: token.address, symbol: token.symbol, recipient: '', amount: '', decimals: token.decimals } as const);
  return (
    <FlowButton
      request={{ kind: 'transaction', mode: 'create', initialDraft }}
      label="Send"
      ariaLabel={`Send ${token.symbol}`}
      disabled={!owner}
      {...(owner ? {} : { title: NOT_OWNER })}
    />
  );
}

/**
 * Address book: "Send" to an entry from the open Safe, with the recipient filled in; only for an entry on the
 * Safe's network, and nothing while no Safe is open.
 */
export function SendToButton({ recipient, name, chainId }: { recipient: string; name: string; chainId: string }) {
  const session = useSafeSessionRef();
  if (!session) return null;
  return <SendFromOpenSafe recipient={recipient} name={name} chainId={chainId} />;
}

function SendFromOpenSafe({ recipient, name, chainId }: { recipient: string; name: string; chainId: string }) {
  const viewer = useViewer();
  const chain = useSafeSession((s) => s.context.chain);
  if (!chain || chain.chainId !== chainId) return null;
  const owner = isViewerOwner(viewer);
  return (
    <FlowButton
      request={{ kind: 'transaction', mode: 'create', initialDraft: { kind: 'nativeTransfer', recipient, amount: '', decimals: chain.nativeCurrency.decimals } }}
      label="Send"
      ariaLabel={`Send to ${name}`}
      disabled={!owner}
      {...(owner ? {} : { title: NOT_OWNER })}
    />
  );
}

/** Messages screen: sign a new off-chain message. */
export function SignMessageButton() {
  const viewer = useViewer();
  const owner = isViewerOwner(viewer);
  return <FlowButton request={{ kind: 'message', mode: 'sign' }} label="Sign message" disabled={!owner} {...(owner ? {} : { title: NOT_OWNER })} />;
}

/** Message details: add this owner's signature while the message needs confirmations. */
export function ConfirmMessageButton({ message }: { message: Message }) {
  const viewer = useViewer();
  const signed = message.confirmations.some((c) => c.owner.value.toLowerCase() === viewer.wallet?.toLowerCase());
  if (!isViewerOwner(viewer) || signed || message.status !== 'NEEDS_CONFIRMATION') return null;
  return <FlowButton request={{ kind: 'message', mode: 'confirm', messageHash: message.messageHash as `0x${string}` }} label="Confirm message" className="primary" />;
}

/** An NFT as the Send buttons need it: contract, id, and the title the card shows. */
export interface NftToSend {
  address: string;
  id: string;
  title: string;
}

/** An NFT card: "Send" opens New transaction › Send NFT with this NFT chosen (recipient still to enter). */
export function SendNftButton({ nft }: { nft: NftToSend }) {
  const viewer = useViewer();
  const owner = isViewerOwner(viewer);
  return (
    <FlowButton
      request={{ kind: 'transaction', mode: 'create', initialDraft: { kind: 'erc721Transfer', token: nft.address, tokenId: nft.id, recipient: '' } }}
      label="Send"
      ariaLabel={`Send ${nft.title}`}
      disabled={!owner}
      {...(owner ? {} : { title: NOT_OWNER })}
    />
  );
}

/**
 * Above the NFT cards: "Send N NFTs" opens New transaction with one transfer per selected NFT collected as a
 * batch (one MultiSend transaction); the compose step asks for the one recipient. One NFT is a plain Send NFT.
 */
export function SendNftsButton({ nfts }: { nfts: readonly NftToSend[] }) {
  const viewer = useViewer();
  const owner = isViewerOwner(viewer);
  if (nfts.length === 0) return null;
  const calls = nfts.map((nft) => ({ kind: 'erc721Transfer' as const, token: nft.address, tokenId: nft.id, recipient: '' }));
  const initialDraft = calls.length === 1 ? calls[0]! : { kind: 'batch' as const, calls };
  return (
    <FlowButton
      request={{ kind: 'transaction', mode: 'create', initialDraft }}
      label={`Send ${nfts.length} NFT${nfts.length === 1 ? '' : 's'}`}
      className="primary"
      disabled={!owner}
      {...(owner ? {} : { title: NOT_OWNER })}
    />
  );
}
