import { Suspense, lazy, useId, useState } from 'react';
import type { FlowRequest } from '../../machines/shared/flows.ts';
import { isOwnerOf } from '../../machines/safeSession/safeSession.connect.ts';
import type { SettingsChange } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { useAddressName } from '../addressBook/useAddressName.ts';
import { Address, checksum, shortAddress } from '../components/Address.tsx';
import { useOpenFlow } from '../flows/flowsContext.tsx';
import { SafeGate } from './SafeGate.tsx';
import '../settings/settings.css';
import { useSafeSession } from './safeSessionContext.tsx';

/**
 * Loaded with the account-services screens' chunk (it is one of them), not shared into this one: a module shared by
 * two lazy chunks becomes a chunk of its own in the first load's preload lists.
 */
const NestedSafesSection = lazy(() => import('../accountServices/index.ts').then((m) => ({ default: m.NestedSafesSection })));
const SpendingLimitsSection = lazy(() => import('../accountServices/index.ts').then((m) => ({ default: m.SpendingLimitsSection })));

/** The base contract's state in plain words (the gateway's enum never shows). */
const VERSION_STATE = {
  UP_TO_DATE: 'Up to date',
  OUTDATED: 'A newer version is available',
  UNKNOWN: 'Unsupported base contract',
} as const;

const settingsChange = (change: SettingsChange): FlowRequest => ({ kind: 'transaction', mode: 'create', initialDraft: { kind: 'settings', change } });

type Propose = (change: SettingsChange) => void;

/** A button that opens the transaction flow's compose step with a settings change prefilled. */
function ChangeButton({ propose, change, label, ariaLabel, className, disabled }: { propose: Propose; change: SettingsChange; label: string; ariaLabel?: string; className?: string; disabled?: boolean }) {
  return (
    <button type="button" className={className} disabled={disabled} aria-label={ariaLabel} onClick={() => propose(change)}>
      {label}
    </button>
  );
}

function OwnerRow({ propose, owner, gatewayName, chainId, canManage, threshold, owners }: { propose: Propose; owner: string; gatewayName: string | null | undefined; chainId: string; canManage: boolean; threshold: number; owners: number }) {
  const name = useAddressName(owner, chainId);
  const who = name ?? shortAddress(checksum(owner));
  return (
    <li className="settings-owner-row">
      <Address address={owner} gatewayName={gatewayName} chainId={chainId} />
      {canManage ? (
        <span className="settings-actions">
          <ChangeButton propose={propose} change={{ type: 'swapOwner', oldOwner: owner, newOwner: '' }} label="Replace" ariaLabel={`Replace signer ${who}`} />
          {owners > 1 ? (
            <ChangeButton propose={propose} change={{ type: 'removeOwner', owner, threshold: Math.min(threshold, owners - 1) }} label="Remove" ariaLabel={`Remove signer ${who}`} className="danger" />
          ) : null}
        </span>
      ) : null}
    </li>
  );
}

function ThresholdControl({ propose, threshold, owners }: { propose: Propose; threshold: number; owners: number }) {
  const [wanted, setWanted] = useState(threshold);
  const id = useId();
  return (
    <div className="settings-actions">
      <label htmlFor={id}>New threshold</label>
      <select id={id} value={wanted} onChange={(e) => setWanted(Number(e.target.value))}>
        {Array.from({ length: owners }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n} out of {owners}
          </option>
        ))}
      </select>
      <ChangeButton propose={propose} change={{ type: 'changeThreshold', threshold: wanted }} label="Change threshold" disabled={wanted === threshold} />
    </div>
  );
}

function Setup() {
  const info = useSafeSession((s) => s.context.safeInfo);
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  const latest = useSafeSession((s) => s.context.chain?.recommendedMasterCopyVersion ?? null);
  // Read from the chain (RPC-only mode, decision 0054): changes are proposed through the gateway, so none is offered.
  const isOwner = useSafeSession(isOwnerOf);
  const readFromChain = useSafeSession((s) => s.context.safeInfo?.readFromChain ?? null);
  const canManage = isOwner && readFromChain === null;
  const { open, error } = useOpenFlow();
  if (!info) return null;
  const propose: Propose = (change) => void open(settingsChange(change));
  const owners = info.owners.length;
  return (
    <>
      {error ? (
        <p role="alert" className="settings-error">
          {error}
        </p>
      ) : null}
      {!canManage ? <p className="muted">Connect the wallet of one of the Safe’s signers to change its setup.</p> : null}
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
          {info.implementationVersionState === 'OUTDATED' && latest ? ` (latest is ${latest})` : ''}
        </p>
        <p>
          Base contract: <Address address={info.implementation.value} gatewayName={info.implementation.name} />
        </p>
        {canManage && info.implementationVersionState === 'OUTDATED' ? <ChangeButton propose={propose} change={{ type: 'updateVersion' }} label="Update Safe version" /> : null}
      </section>
      <section aria-labelledby="owners-title" className="card">
        <h2 id="owners-title">Signers ({owners})</h2>
        <ul className="plain" aria-label="Owners">
          {info.owners.map((owner) => (
            <OwnerRow key={owner.value} propose={propose} owner={owner.value} gatewayName={owner.name} chainId={chainId ?? ''} canManage={canManage} threshold={info.threshold} owners={owners} />
          ))}
        </ul>
        {canManage ? <ChangeButton propose={propose} change={{ type: 'addOwner', owner: '', threshold: info.threshold }} label="Add signer" /> : null}
      </section>
      <section aria-labelledby="threshold-title" className="card">
        <h2 id="threshold-title">Required confirmations</h2>
        <p aria-label="Threshold">
          Any transaction requires the confirmation of: <strong>{info.threshold} out of {owners}</strong> signers.
        </p>
        {canManage && owners > 1 ? <ThresholdControl propose={propose} threshold={info.threshold} owners={owners} /> : null}
      </section>
      <Suspense fallback={null}>
        <NestedSafesSection />
      </Suspense>
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
      <Suspense fallback={null}>
        <SpendingLimitsSection />
      </Suspense>
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
