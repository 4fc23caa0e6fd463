/**
 * "Kept in this browser" (decision 0055): signing packages signed or imported while the gateway was not available,
 * listed once the gateway answers again, each with "Propose to the gateway" (checked against the chain once more;
 * the first signature proposes it, the others confirm it, and the package then leaves this browser).
 */
import { useEffect, useId, useState } from 'react';
import type { KeptPackage, PackageProposal } from '../../machines/shared/signingPackages.ts';
import { useSigningPackages } from './context.tsx';
import './packages.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function KeptPackages({ chainId, safe }: { chainId: string; safe: string }) {
  const port = useSigningPackages();
  const [kept, setKept] = useState<KeptPackage[] | 'loading' | { error: string }>('loading');
  const [results, setResults] = useState<Record<string, PackageProposal | 'busy'>>({});
  const [round, setRound] = useState(0);
  const titleId = useId();
  useEffect(() => {
    let live = true;
    if (!port) return;
    port.list(chainId, safe).then(
      (list) => live && setKept(list),
      (error: unknown) => live && setKept({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [port, chainId, safe, round]);
  if (!port) return null;

  const propose = async (safeTxHash: string) => {
    setResults((r) => ({ ...r, [safeTxHash]: 'busy' }));
    const outcome = await port.propose(chainId, safe, safeTxHash).catch((error: unknown): PackageProposal => ({ status: 'failed', reason: error instanceof Error ? error.message : String(error) }));
    setResults((r) => ({ ...r, [safeTxHash]: outcome }));
    if (outcome.status === 'proposed') setRound((n) => n + 1);
  };
  const proposed = Object.entries(results).filter((entry): entry is [string, PackageProposal & { status: 'proposed' }] => entry[1] !== 'busy' && entry[1].status === 'proposed');

  return (
    <section className="signing-package" aria-labelledby={titleId}>
      <h3 id={titleId}>Kept in this browser</h3>
      {kept === 'loading' ? (
        <p role="status">Reading the packages kept in this browser…</p>
      ) : 'error' in kept ? (
        <p role="alert">The packages kept in this browser could not be read: {kept.error}</p>
      ) : kept.length === 0 ? (
        <p>No signing package of this Safe is waiting in this browser.</p>
      ) : (
        <>
          <p>Signed or imported while the gateway was not available. Propose them to the gateway so that the other signers see them in the queue.</p>
          <ul aria-label="Signing packages kept in this browser">
            {kept.map((p) => {
              const result = results[p.safeTxHash];
              return (
                <li key={p.safeTxHash}>
                  Nonce {p.nonce}, {plural(p.signatures, 'signature', 'signatures')}, safeTxHash <code>{p.safeTxHash}</code>
                  <div className="package-row">
                    <button type="button" disabled={result === 'busy'} aria-label={`Propose to the gateway (nonce ${p.nonce})`} onClick={() => void propose(p.safeTxHash)}>
                      Propose to the gateway
                    </button>
                    {result === 'busy' ? <span role="status">Proposing…</span> : null}
                    {result && result !== 'busy' && result.status === 'failed' ? (
                      <span role="alert" className="package-refused">
                        Not proposed: {result.reason}
                      </span>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p role="status">{proposed.length ? proposed.map(([hash, r]) => `Proposed ${hash} with ${plural(r.signatures, 'signature', 'signatures')}: it is in the queue now.`).join(' ') : null}</p>
    </section>
  );
}
