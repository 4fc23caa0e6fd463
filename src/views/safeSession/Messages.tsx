import { useSelector } from '@xstate/react';
import { connectPagedList } from '../../machines/pagedList/pagedList.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Address } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { DetailsBody, HashList, MissingSigners, useOpenFromRoute } from './details.tsx';
import { MESSAGE_STATUS_LABELS, MESSAGE_STATUS_TONES, formatDateLabel, formatDateTime } from './format.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { messagePath } from '../../machines/shared/routes.ts';
import { SafeGate } from './SafeGate.tsx';
import { useListOpened, useSafeChild, useSafeSession } from './safeSessionContext.tsx';
import { PagingControls } from './TxList.tsx';
import type { Message, MessageHashes } from './viewTypes.ts';
import { ConfirmMessageButton, SignMessageButton } from '../flows/FlowButtons.tsx';
import '../ui/ui.css';
import './lists.css';
import './messages.css';

const NO_OWNERS: never[] = [];

function preview(message: Message['message']): string {
  if (typeof message === 'string') return message.length > 80 ? `${message.slice(0, 80)}…` : message;
  return `Typed data: ${message.primaryType}${message.domain.name ? ` (${message.domain.name})` : ''}`;
}

/** One message: what it is (a link to the details that covers the row), when, signatures, status, Confirm. */
function MessageRow({ item }: { item: Message }) {
  return (
    <div role="row" className="message-list-row">
      <span role="cell" className="message-main">
        <Link className="tx-row-link" to={messagePath(item.messageHash)}>
          {/* The name starts with what it opens and contains the visible text (WCAG label in name). */}
          <span className="visually-hidden">Details of message {item.messageHash}: </span>
          {item.name ?? preview(item.message)}
        </Link>
      </span>
      <span role="cell" className="muted">
        {formatDateTime(item.creationTimestamp)}
      </span>
      <span role="cell">
        <span aria-label={`${item.confirmationsSubmitted}/${item.confirmationsRequired} confirmations`}>
          {item.confirmationsSubmitted}/{item.confirmationsRequired}
        </span>
      </span>
      <span role="cell">
        <StatusBadge tone={MESSAGE_STATUS_TONES[item.status]}>{MESSAGE_STATUS_LABELS[item.status]}</StatusBadge>
      </span>
      <span role="cell" className="tx-row-buttons">
        <ConfirmMessageButton message={item} />
      </span>
    </div>
  );
}

function MessageList() {
  useListOpened('messages');
  const ref = useSafeChild('messages');
  const { step: state, disabled, status, items, error, hasLoaded, canLoadMore, canRetry } = useSelector(ref, connectPagedList, shallowEqualViewModel);
  if (disabled) return <p>Messages are not available on this network.</p>;
  return (
    <>
      <Loadable what="messages" status={status} error={error} onRetry={() => ref?.send({ type: 'user.retry' })} canRetry={canRetry} keepContent={hasLoaded}>
        {items.length === 0 ? (
          <p>No messages.</p>
        ) : (
          <div role="table" aria-label="Messages" className="message-table">
            <div role="rowgroup">
              <div role="row" className="message-list-row message-list-head">
                <span role="columnheader">Message</span>
                <span role="columnheader">Created</span>
                <span role="columnheader">Signatures</span>
                <span role="columnheader">Status</span>
                <span role="columnheader">Actions</span>
              </div>
            </div>
            <div role="rowgroup">
              {items.map((item, index) =>
                item.type === 'DATE_LABEL' ? (
                  <div key={`date-${item.timestamp}-${index}`} role="row" className="message-list-date">
                    <span role="cell" aria-colspan={5}>
                      <span className="tx-date" role="heading" aria-level={2}>
                        {formatDateLabel(item.timestamp)}
                      </span>
                    </span>
                  </div>
                ) : (
                  <MessageRow key={item.messageHash} item={item} />
                ),
              )}
            </div>
          </div>
        )}
      </Loadable>
      <PagingControls what="messages" state={state} error={error} canLoadMore={canLoadMore} canRetry={canRetry} send={(e) => ref?.send(e)} />
    </>
  );
}

export function MessagesScreen() {
  return (
    <SafeGate title="Messages">
      <div className="screen-actions">
        <SignMessageButton />
      </div>
      <MessageList />
    </SafeGate>
  );
}

function MessageContent({ message }: { message: Message }) {
  const owners = useSafeSession((s) => s.context.safeInfo?.owners ?? NO_OWNERS);
  return (
    <>
      <section aria-labelledby="message-title" className="card">
        <h2 id="message-title">{message.name ?? 'Message'}</h2>
        <dl className="facts">
          <dt>Status</dt>
          <dd>
            <StatusBadge tone={MESSAGE_STATUS_TONES[message.status]}>{MESSAGE_STATUS_LABELS[message.status]}</StatusBadge>
          </dd>
          <dt>Created</dt>
          <dd>{formatDateTime(message.creationTimestamp)}</dd>
          <dt>Proposed by</dt>
          <dd>
            <Address address={message.proposedBy.value} gatewayName={message.proposedBy.name} />
          </dd>
        </dl>
        <pre className="message-content" aria-label="Message content">
          {typeof message.message === 'string' ? message.message : JSON.stringify(message.message, null, 2)}
        </pre>
      </section>
      <section aria-labelledby="msg-confirmations-title" className="card">
        <h2 id="msg-confirmations-title">
          Confirmations ({message.confirmationsSubmitted} of {message.confirmationsRequired})
        </h2>
        <ConfirmMessageButton message={message} />
        <ul className="plain" aria-label="Confirmed by">
          {message.confirmations.map((c) => (
            <li key={c.owner.value}>
              <Address address={c.owner.value} gatewayName={c.owner.name} />
            </li>
          ))}
        </ul>
        {message.status === 'NEEDS_CONFIRMATION' ? <MissingSigners signers={owners} confirmed={message.confirmations.map((c) => c.owner)} /> : null}
        {message.preparedSignature ? (
          <p>
            Prepared signature: <code className="hex">{message.preparedSignature}</code>
          </p>
        ) : null}
      </section>
    </>
  );
}

function MessageDetailsBody() {
  const ref = useSafeChild('messageDetails');
  const message = useSelector(ref, (s) => s?.context.details ?? null);
  const hashes = useSelector(ref, (s) => (s?.context.check?.hashes ?? null) as MessageHashes | null);
  return (
    <DetailsBody
      child="messageDetails"
      what="message"
      hashName="SafeMessage hash"
      hashes={
        hashes ? (
          <HashList
            title="Verify"
            note="Computed locally from the message itself. Compare the SafeMessage hash with what your wallet shows before you sign."
            hashes={[
              { label: 'Domain hash', value: hashes.domainHash },
              { label: 'Message hash', value: hashes.contentHash },
              { label: 'SafeMessage hash', value: hashes.safeMessageHash },
            ]}
          />
        ) : null
      }
    >
      {message ? <MessageContent message={message} /> : null}
    </DetailsBody>
  );
}

function OpenMessage() {
  const hash = useOpenFromRoute('messageDetails', 'messageHash');
  if (!hash) return <p>No message selected.</p>;
  return <MessageDetailsBody />;
}

export function MessageDetailsScreen() {
  return (
    <SafeGate title="Message details">
      <OpenMessage />
    </SafeGate>
  );
}
