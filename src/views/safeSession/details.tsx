import { useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { connectDetails } from '../../machines/safeSession/details.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useAppSelector } from '../appContext.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { Address } from '../components/Address.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { TechnicalDetail, WayOn } from '../components/WayOn.tsx';
import { missingSigners } from './connect.ts';
import { useSafeChild, useSafeSessionRef } from './safeSessionContext.tsx';

type DetailsChild = 'txDetails' | 'messageDetails';

/** Opens the item named by the route's query parameter (`?id=` / `?messageHash=`) in a details child. */
export function useOpenFromRoute(child: DetailsChild, param: string): string | null {
  const ref = useSafeChild(child);
  const search = useAppSelector((s) => s.context.location.search);
  const key = new URLSearchParams(search).get(param);
  const openKey = useSelector(ref, (s) => s?.context.key ?? null);
  useEffect(() => {
    if (ref && key && key !== openKey) ref.send({ type: 'user.open', key });
  }, [ref, key, openKey]);
  return key;
}

export interface HashEntry {
  label: string;
  value: string;
}

/** The signers (owners) whose signature is still missing; nothing once everyone needed has signed. */
export function MissingSigners<T extends { value: string; name?: string | null }>({
  signers,
  confirmed,
  you = null,
}: {
  signers: readonly T[];
  confirmed: readonly { value: string }[];
  /** The connected wallet: its row is marked "(you)". */
  you?: string | null;
}) {
  const missing = missingSigners(signers, confirmed);
  if (missing.length === 0) return null;
  return (
    <>
      <h3>Missing signers</h3>
      <ul className="plain" aria-label="Missing signers">
        {missing.map((signer) => (
          <li key={signer.value}>
            <Address address={signer.value} gatewayName={signer.name ?? null} />
            {you && signer.value.toLowerCase() === you.toLowerCase() ? <strong className="tx-you"> (you)</strong> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Hashes in full, each with a copy button. */
export function HashList({ title, hashes, note }: { title: string; hashes: HashEntry[]; note?: string }) {
  return (
    <section aria-labelledby="hashes-title" className="card">
      <h2 id="hashes-title">{title}</h2>
      {note ? <p className="muted">{note}</p> : null}
      <dl className="hashes">
        {hashes.map((hash) => (
          <div key={hash.label}>
            <dt>{hash.label}</dt>
            <dd>
              <span className="hash-row">
                <code aria-label={hash.label}>{hash.value}</code> <CopyButton value={hash.value} label={hash.label} />
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The details child's state: loading, load error with retry, hash error with retry, mismatch, or the
 * content: what it is first (`children`), then the hash check and the hashes (`hashes`, under "Verify": visible,
 * never folded away), then `after` (raw data, advanced fields). A mismatch's warning stays at the top.
 */
export function DetailsBody({
  child,
  what,
  hashName,
  children,
  hashes,
  after,
}: {
  child: DetailsChild;
  what: string;
  hashName: string;
  children: ReactNode;
  hashes: ReactNode;
  after?: ReactNode;
}) {
  const ref = useSafeChild(child);
  const { step: state, error, errorKind, check, canRetry } = useSelector(ref, (s) => connectDetails<unknown, unknown>(s), shallowEqualViewModel);
  // Read from the chain (decision 0055), the hash checked is the signing package's, not a gateway's.
  // An executed one read from the chain: the hash is the one its execution event carries (History's rows).
  const chainRead = useSelector(useSafeSessionRef() ?? undefined, (s) => Boolean(s?.context.safeInfo?.readFromChain));
  const executed = useSelector(ref ?? undefined, (s) => {
    const status = (s?.context.details as { txStatus?: unknown } | null | undefined)?.txStatus;
    return status === 'SUCCESS' || status === 'FAILED';
  });
  const checked = !chainRead ? `The gateway’s ${hashName}` : executed ? `The ${hashName} in the Safe’s execution event` : `The signing package’s ${hashName}`;
  const retry = () => ref?.send({ type: 'user.retry' });
  const hashDiffers = !check || check.expected === null || check.computed === null || check.expected.toLowerCase() !== check.computed.toLowerCase();
  if (state === 'idle') return <p role="status">Opening the {what}…</p>;
  if (state === 'failed' && errorKind === 'notFound') {
    const links =
      what === 'message'
        ? [{ to: '/transactions/messages', label: 'Messages' }]
        : [
            { to: '/transactions/queue', label: 'Queue' },
            { to: '/transactions/history', label: 'History' },
          ];
    return (
      <div role="alert" className="safe-error">
        <p>
          <strong>This {what} was not found on this Safe.</strong> The link may be wrong or cut short, or the {what} was deleted or replaced.
        </p>
        <TechnicalDetail text={error} />
        <WayOn links={links} />
      </div>
    );
  }
  if (state === 'loading' || state === 'failed') {
    return <Loadable what={`the ${what}`} status={state === 'loading' ? 'loading' : 'failed'} error={error} onRetry={retry} canRetry={canRetry} />;
  }
  return (
    <>
      {state === 'hashing' ? <p role="status">Computing the hashes locally…</p> : null}
      {state === 'hashFailed' ? (
        <div role="alert" className="loadable-error">
          Could not compute the hashes locally. {error}{' '}
          <button type="button" onClick={retry} disabled={!canRetry} aria-label="Retry computing the hashes">
            Retry
          </button>
        </div>
      ) : null}
      {state === 'mismatch' && (check?.contradictions?.length ?? 0) > 0 ? (
        <div role="alert" className="banner-error hash-mismatch">
          <strong>Description mismatch.</strong> The gateway describes this {what} differently from what its data does. The page shows only what the data
          does. Do not sign or execute it.
          <ul>
            {check?.contradictions?.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {state === 'mismatch' && (check?.forgedSignatures?.length ?? 0) === 0 && hashDiffers ? (
        <div role="alert" className="banner-error hash-mismatch">
          <strong>Hash mismatch.</strong> The {hashName} the gateway gives (<code>{check?.expected ?? 'none'}</code>) differs from the one
          computed locally (<code>{check?.computed ?? 'none'}</code>). Do not sign or execute it.
        </div>
      ) : null}
      {state === 'mismatch' && (check?.forgedSignatures?.length ?? 0) > 0 ? (
        <div role="alert" className="banner-error hash-mismatch">
          <strong>Signature mismatch.</strong> The owners’ signatures the gateway lists do not sign the {hashName} computed locally
          (<code>{check?.computed ?? 'none'}</code>): what is shown is not what they signed. Do not sign or execute it.
          <ul>
            {check?.forgedSignatures?.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {children}
      {state === 'verified' ? (
        <p className="verified" aria-label="Hash check">
          ✓ {checked} matches the one computed locally.
        </p>
      ) : null}
      {state === 'unhashed' ? (
        <p className="muted" aria-label="Hash check">
          Nothing to hash: this is not a Safe multisig {what}.
        </p>
      ) : null}
      {state === 'verified' || state === 'mismatch' ? hashes : null}
      {after}
    </>
  );
}
