import { Address } from '../components/Address.tsx';
import { SafeGate } from './SafeGate.tsx';
import { useSafeSession } from './safeSessionContext.tsx';

const VERSION_STATE = {
  UP_TO_DATE: 'Up to date (UP_TO_DATE)',
  OUTDATED: 'Outdated (OUTDATED)',
  UNKNOWN: 'Unsupported base contract (UNKNOWN)',
} as const;

function Setup() {
  const info = useSafeSession((s) => s.context.safeInfo);
  const latest = useSafeSession((s) => s.context.chain?.recommendedMasterCopyVersion ?? null);
  if (!info) return null;
  return (
    <>
      <section aria-labelledby="nonce-title" className="card">
        <h2 id="nonce-title">Safe account nonce</h2>
        <p>
          Current nonce: <strong aria-label="Current nonce">{info.nonce}</strong>
        </p>
      </section>
      <section aria-labelledby="version-title" className="card">
        <h2 id="version-title">Contract version</h2>
        <p>
          <strong aria-label="Contract version">{info.version ?? 'Unknown'}</strong> · <span aria-label="Version state">{VERSION_STATE[info.implementationVersionState]}</span>
          {info.implementationVersionState === 'OUTDATED' && latest ? ` · latest ${latest}` : ''}
        </p>
        <p>
          Base contract: <Address address={info.implementation.value} gatewayName={info.implementation.name} />
        </p>
      </section>
      <section aria-labelledby="owners-title" className="card">
        <h2 id="owners-title">Owners ({info.owners.length})</h2>
        <ul className="plain" aria-label="Owners">
          {info.owners.map((owner) => (
            <li key={owner.value}>
              <Address address={owner.value} gatewayName={owner.name} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="threshold-title" className="card">
        <h2 id="threshold-title">Required confirmations</h2>
        <p aria-label="Threshold">
          Any transaction requires the confirmation of: <strong>{info.threshold} out of {info.owners.length}</strong> signers.
        </p>
      </section>
    </>
  );
}

export function SetupSettingsScreen() {
  return (
    <SafeGate title="Setup">
      <Setup />
    </SafeGate>
  );
}

function Modules() {
  const info = useSafeSession((s) => s.context.safeInfo);
  if (!info) return null;
  return (
    <>
      <section aria-labelledby="modules-title" className="card">
        <h2 id="modules-title">Safe modules</h2>
        {info.modules?.length ? (
          <ul className="plain" aria-label="Modules">
            {info.modules.map((module) => (
              <li key={module.value}>
                <Address address={module.value} gatewayName={module.name} />
              </li>
            ))}
          </ul>
        ) : (
          <p>No modules enabled.</p>
        )}
      </section>
      <section aria-labelledby="guard-title" className="card">
        <h2 id="guard-title">Transaction guard</h2>
        {info.guard ? <Address address={info.guard.value} gatewayName={info.guard.name} /> : <p>No transaction guard set.</p>}
      </section>
      <section aria-labelledby="fallback-title" className="card">
        <h2 id="fallback-title">Fallback handler</h2>
        {info.fallbackHandler ? (
          <Address address={info.fallbackHandler.value} gatewayName={info.fallbackHandler.name} />
        ) : (
          <p>No fallback handler set. Off-chain message signing (EIP-1271) will not work.</p>
        )}
      </section>
    </>
  );
}

export function ModulesSettingsScreen() {
  return (
    <SafeGate title="Modules">
      <Modules />
    </SafeGate>
  );
}
