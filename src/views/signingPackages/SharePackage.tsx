/**
 * "Signing package" (decision 0055): a transaction signed while the Safe is read from the chain is kept in this
 * browser; this panel hands it to the other signers as a file, or as a link when it is small enough.
 */
import { useEffect, useId, useState } from 'react';
import { CopyButton } from '../components/CopyButton.tsx';
import { downloadText } from '../audit/download.ts';
import { useSigningPackages } from './context.tsx';
import type { SharedPackage } from '../../machines/shared/signingPackages.ts';
import './packages.css';

/** The Queue of this Safe with the package in the fragment (the fragment never reaches a server). */
function linkOf(fragment: string): string {
  const url = new URL(`${import.meta.env.BASE_URL}transactions/queue`, window.location.origin);
  const safe = new URLSearchParams(window.location.search).get('safe');
  if (safe) url.searchParams.set('safe', safe);
  url.hash = fragment;
  return url.toString();
}

export function SharePackage({ chainId, safe, safeTxHash, headingLevel = 2 }: { chainId: string; safe: string; safeTxHash: string; headingLevel?: 2 | 3 }) {
  const port = useSigningPackages();
  const [shared, setShared] = useState<SharedPackage | null | 'loading' | { error: string }>('loading');
  const [saved, setSaved] = useState<string | null>(null);
  const titleId = useId();
  const linkId = useId();
  useEffect(() => {
    let live = true;
    if (!port) return;
    port.share(chainId, safe, safeTxHash).then(
      (value) => live && setShared(value),
      (error: unknown) => live && setShared({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [port, chainId, safe, safeTxHash]);

  if (!port || shared === null) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="signing-package" aria-labelledby={titleId}>
      <Heading id={titleId}>Signing package</Heading>
      {shared === 'loading' ? (
        <p role="status">Reading the package kept in this browser…</p>
      ) : 'error' in shared ? (
        <p role="alert">The package kept in this browser could not be read: {shared.error} Reload the page to try again; nothing was lost.</p>
      ) : (
        <>
          <p>
            This transaction and its {shared.signatures === 1 ? '1 signature' : `${shared.signatures} signatures`} are kept in this browser only. Send the
            package to the other signers: they import it on their Queue, where it is checked against the chain before they sign.
          </p>
          <div className="package-row">
            <button
              type="button"
              onClick={() => {
                downloadText(shared.fileName, shared.text, 'application/json');
                setSaved(`Saved as ${shared.fileName}.`);
              }}
            >
              Download package file
            </button>
            <span role="status">{saved}</span>
          </div>
          {shared.fragment ? (
            <>
              <label htmlFor={linkId}>Link to the package</label>
              <div className="package-row">
                <input id={linkId} type="text" readOnly value={linkOf(shared.fragment)} onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={linkOf(shared.fragment)} label="link to the package" />
              </div>
            </>
          ) : (
            <p>This package is too large for a link: send the file.</p>
          )}
          <p className="muted">The package holds the transaction and the signatures, nothing secret. Whoever has it can read them; it signs nothing by itself.</p>
        </>
      )}
    </section>
  );
}
