/**
 * "Import a signing package" on the Queue (decision 0055): a file or a link from another signer. Everything in it is
 * checked against the Safe as the chain has it now (hashes, every signature, owners, nonce) before anything is kept;
 * a package that fails any check is refused with the reason, and nothing of it is kept.
 */
import { useEffect, useId, useState } from 'react';
import { readFileText } from '../audit/download.ts';
import { useSigningPackages } from './context.tsx';
import type { PackageImport } from '../../machines/shared/signingPackages.ts';
import './packages.css';

type Result = PackageImport | { status: 'failed'; reason: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ResultText({ result }: { result: Result }) {
  if (result.status === 'added') {
    return (
      <p role="status">
        Checked and kept: nonce {result.nonce}, safeTxHash <code>{result.safeTxHash}</code>.{' '}
        {result.added === 0 ? 'This browser already had every signature in it.' : `${plural(result.added, 'signature', 'signatures')} added.`}{' '}
        Signed by {result.signers.length === 0 ? 'nobody yet' : result.signers.join(', ')}.{' '}
        {result.missing === 0 ? 'Enough signatures to execute.' : `${plural(result.missing, 'more signature', 'more signatures')} needed.`} It is in the queue below.
      </p>
    );
  }
  return (
    <p role="alert" className="package-refused">
      {result.status === 'refused' ? 'Not imported: ' : 'Could not check the package: '}
      {result.reason} {result.status === 'refused' ? 'Nothing of it was kept.' : 'Nothing was kept; try again when the chain can be read.'}
    </p>
  );
}

export function ImportPackage({ chainId, safe, headingLevel = 2 }: { chainId: string; safe: string; headingLevel?: 2 | 3 }) {
  const port = useSigningPackages();
  const fromLink = typeof window !== 'undefined' && window.location.hash.startsWith('#package=') ? window.location.hash : '';
  const [text, setText] = useState(fromLink);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const titleId = useId();
  const fileId = useId();
  const textId = useId();

  // The link's package is checked only on request; the fragment leaves the address bar once it is in the field.
  useEffect(() => {
    if (fromLink) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, [fromLink]);

  if (!port) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const check = async (value: string) => {
    setBusy(true);
    setResult(null);
    try {
      const outcome = await port.importText(chainId, safe, value);
      setResult(outcome);
      if (outcome.status === 'added') setText('');
    } catch (error) {
      setResult({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="signing-package" aria-labelledby={titleId}>
      <Heading id={titleId}>Import a signing package</Heading>
      {fromLink ? <p>The link you opened carries a signing package. Check it before it joins the queue.</p> : null}
      <p>Another signer’s package, as a file or a link. It is checked against the chain before anything is kept; signing is a separate step.</p>
      <div className="package-row">
        <label htmlFor={fileId}>Package file</label>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          disabled={busy}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void readFileText(file).then(check, (error: unknown) => setResult({ status: 'failed', reason: error instanceof Error ? error.message : String(error) }));
          }}
        />
      </div>
      <label htmlFor={textId}>Or paste a link or the package’s text</label>
      <textarea id={textId} value={text} disabled={busy} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      <div className="package-row">
        <button type="button" className="primary" disabled={busy || text.trim() === ''} onClick={() => void check(text)}>
          {busy ? 'Checking…' : 'Check and import'}
        </button>
      </div>
      {result ? <ResultText result={result} /> : null}
    </section>
  );
}
