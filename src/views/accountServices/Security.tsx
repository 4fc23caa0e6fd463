/** /settings/security: recovery alerts (register a recovery module) and the Safe's proposers (delegates). */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectDelegatesList } from '../../machines/accountServices/delegatesList.connect.ts';
import { connectRecoveryRegistration } from '../../machines/accountServices/recoveryRegistration.connect.ts';
import { ACCOUNT_TEXTS } from '../../machines/accountServices/accountServices.logic.ts';
import type { AccountServicesInput, ProposerAction, ProposerRequest } from '../../machines/accountServices/accountServices.types.ts';
import type { DelegatesListMachine } from '../../machines/accountServices/delegatesList.machine.ts';
import type { RecoveryRegistrationMachine } from '../../machines/accountServices/recoveryRegistration.machine.ts';
import { Address } from '../components/Address.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { SafeGate } from '../safeSession/SafeGate.tsx';
import { ForOpenSafe, useAccountServicesLogic } from './accountServicesContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Busy, FieldError, Messages } from './parts.tsx';
import { SignatureOnDevice, useSignerChanges, useSignerDevice, withDevice } from './deviceStep.tsx';
import { sameHex } from '../../domain/hex.ts';
import '../settings/settings.css';

export type RecoveryRef = ActorRefFrom<RecoveryRegistrationMachine>;
export type DelegatesRef = ActorRefFrom<DelegatesListMachine>;

/** `now` supplies the time put in the submit event (the signed timestamp, and what a device is shown, derive from it). */
export function RecoveryView({ actor, now = Date.now }: { actor: RecoveryRef; now?: () => number }) {
  const view = useSelector(actor, connectRecoveryRegistration, shallowEqualViewModel);
  const { step: state, editing, canSubmit, context: ctx } = view;
  const onDevice = ctx.deviceCheck !== undefined && (state === 'checkingOnDevice' || state === 'signing' || state === 'walletError');
  const [module, setModule] = useState<string | null>(null);
  const value = module ?? ctx.moduleAddress;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.submit', moduleAddress: value, nowMs: now() });
  };
  return (
    <section aria-labelledby="recovery-title" className="card">
      <h2 id="recovery-title">Recovery alerts</h2>
      <p>Register the Safe’s recovery module so that owners get alerts when a recovery is started.</p>
      <Messages error={state === 'walletError' ? null : ctx.error} notice={ctx.notice} signer={ctx.signer} />
      {state === 'registered' ? (
        <>
          <p role="status" className="banner">
            Recovery module <Address address={ctx.moduleAddress} chainId={ctx.safe.chainId} /> is registered.
          </p>
          <button
            type="button"
            onClick={() => {
              setModule(null);
              actor.send({ type: 'user.again' });
            }}
          >
            Register another module
          </button>
        </>
      ) : (
        <form aria-label="Register recovery module" onSubmit={submit} noValidate>
          <label>
            Recovery module address{' '}
            <input value={value} onChange={(e) => setModule(e.target.value)} aria-invalid={ctx.fieldError !== null} disabled={!editing} />
          </label>{' '}
          <button type="submit" disabled={!editing || !canSubmit}>
            Register module
          </button>
          <FieldError text={ctx.fieldError} />
        </form>
      )}
      <SignatureOnDevice
        step={view}
        signing={state === 'signing'}
        check={ctx.deviceCheck}
        purpose={
          ctx.request
            ? `This signature lets the gateway register the recovery module ${ctx.request.moduleAddress} of this Safe for recovery alerts, in your name: the owners are alerted when a recovery starts.`
            : null
        }
        what="registration"
        error={ctx.error}
        onConfirm={() => actor.send({ type: 'user.confirmOnDevice' })}
        onCancel={() => actor.send({ type: 'user.cancel' })}
        onRetry={() => actor.send({ type: 'user.retry', nowMs: now() })}
      />
      {onDevice ? null : <Busy text={state === 'signing' ? 'Sign the registration in your wallet…' : state === 'sending' ? 'Registering the module…' : null} />}
      {ctx.registered.length ? (
        <ul aria-label="Registered recovery modules" className="plain">
          {ctx.registered.map((m) => (
            <li key={m}>
              <Address address={m} chainId={ctx.safe.chainId} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const PROPOSER_BUSY: Record<ProposerAction, { signing: string; sending: string }> = {
  add: { signing: 'Sign the new proposer in your wallet…', sending: 'Adding the proposer…' },
  rename: { signing: 'Sign the new name in your wallet…', sending: 'Renaming the proposer…' },
  remove: { signing: 'Sign the removal in your wallet…', sending: 'Removing the proposer…' },
};

/** A labelled text field with its field error (an alert the input points to). */
function ProposerField({ label, value, onChange, error, disabled }: { label: string; value: string; onChange: (value: string) => void; error: string | null; disabled: boolean }) {
  const id = useId();
  return (
    <div className="settings-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
      />
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

/** What a proposer change is, in words (the on-device step and its errors say which change the device signs). */
function changeText(request: ProposerRequest, label: string | null): string {
  const who = `${label ?? request.label ?? 'the proposer'} (${request.delegate})`;
  if (request.action === 'add') return `Adding ${who} as a proposer.`;
  if (request.action === 'rename') return `Renaming the proposer ${request.delegate} to “${request.label ?? ''}”.`;
  return `Removing ${who} as a proposer.`;
}

/**
 * The Safe's proposers (the gateway's delegates): owners add them, and rename or remove those they added. `now`
 * supplies the time put in each change's event (the Delegate TOTP, and what a device is shown, derive from it).
 */
export function DelegatesView({ actor, now = Date.now }: { actor: DelegatesRef; now?: () => number }) {
  const view = useSelector(actor, connectDelegatesList, shallowEqualViewModel);
  const { status, loadingMore, canLoadMore, canRefresh, working, editable, checkingOnDevice, walletError, context: ctx } = view;
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ delegate: string; label: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  // A change that went through is done with its form; a refused or failed one keeps what was typed.
  useEffect(() => {
    if (ctx.notice === ACCOUNT_TEXTS.proposerAdded) {
      setAddress('');
      setName('');
    }
    if (ctx.notice === ACCOUNT_TEXTS.proposerRenamed) setRenaming(null);
    if (ctx.notice === ACCOUNT_TEXTS.proposerRemoved) setRemoving(null);
  }, [ctx.notice]);
  const chainId = ctx.safe.chainId;
  const fieldError = (form: 'add' | 'rename', field: 'delegate' | 'label', delegate: string | null = null) =>
    ctx.fieldError && ctx.fieldError.form === form && ctx.fieldError.field === field && (form === 'add' || sameHex(ctx.fieldError.delegate, delegate)) ? ctx.fieldError.text : null;
  const add = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.addProposer', delegate: address, label: name, nowMs: now() });
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming) actor.send({ type: 'user.renameProposer', delegate: renaming.delegate, label: renaming.label, nowMs: now() });
  };
  const busy = working && ctx.request ? PROPOSER_BUSY[ctx.request.action][working] : loadingMore ? 'Loading more proposers…' : null;
  // The proposer's name as listed (remove), for the on-device step's words.
  const listedLabel = ctx.request ? (ctx.delegates.find((d) => sameHex(d.delegate, ctx.request?.delegate ?? '') && sameHex(d.delegator, ctx.signer))?.label ?? null) : null;
  return (
    <section aria-labelledby="proposers-title" className="card">
      <h2 id="proposers-title">Proposers</h2>
      <p>Proposers can create transactions for the owners to confirm. They cannot sign or execute them.</p>
      {ctx.signer === null ? (
        <p className="banner" role="note">
          {ACCOUNT_TEXTS.proposersReadOnly}
        </p>
      ) : null}
      <Messages error={null} notice={ctx.notice} />
      <Loadable what="proposers" status={status} error={ctx.error} onRetry={() => actor.send({ type: 'user.retry' })}>
        {ctx.error && walletError === null ? (
          <p role="alert" className="banner banner-error">
            {ctx.error}
          </p>
        ) : null}
        {ctx.delegates.length === 0 ? (
          <p>No proposers.</p>
        ) : (
          <table aria-label="Proposers" className="proposers">
            <thead>
              <tr>
                <th scope="col">Proposer</th>
                <th scope="col">Added by</th>
                {ctx.signer ? <th scope="col">Change</th> : null}
              </tr>
            </thead>
            <tbody>
              {ctx.delegates.map((d) => {
                const own = sameHex(d.delegator, ctx.signer);
                const editing = own && renaming !== null && sameHex(renaming.delegate, d.delegate);
                return (
                  <tr key={`${d.delegate}:${d.delegator}`}>
                    <td>
                      {editing ? (
                        <form aria-label={`Rename ${d.label}`} onSubmit={rename} noValidate>
                          <ProposerField
                            label={`New name for ${d.label}`}
                            value={renaming.label}
                            onChange={(label) => setRenaming({ delegate: d.delegate, label })}
                            error={fieldError('rename', 'label', d.delegate)}
                            disabled={!editable}
                          />
                          <span className="proposer-actions">
                            <button type="submit" disabled={!editable}>
                              Save name
                            </button>
                            <button type="button" onClick={() => setRenaming(null)}>
                              Cancel
                            </button>
                          </span>
                        </form>
                      ) : (
                        <>
                          <span className="proposer-name">{d.label}</span> <Address address={d.delegate} chainId={chainId} />
                        </>
                      )}
                    </td>
                    <td>
                      <Address address={d.delegator} chainId={chainId} />
                      {own ? ' (you)' : null}
                    </td>
                    {ctx.signer ? (
                      <td>
                        {!own ? (
                          <span className="muted">Only the owner who added it can rename or remove it.</span>
                        ) : removing !== null && sameHex(removing, d.delegate) ? (
                          <span className="proposer-actions">
                            <span>Remove {d.label} as a proposer?</span>
                            <button type="button" disabled={!editable} onClick={() => actor.send({ type: 'user.removeProposer', delegate: d.delegate, nowMs: now() })}>
                              Yes, remove {d.label}
                            </button>
                            <button type="button" onClick={() => setRemoving(null)}>
                              Keep
                            </button>
                          </span>
                        ) : (
                          <span className="proposer-actions">
                            <button type="button" aria-label={`Rename ${d.label}`} disabled={!editable || editing} onClick={() => setRenaming({ delegate: d.delegate, label: d.label })}>
                              Rename
                            </button>
                            <button type="button" aria-label={`Remove ${d.label}`} disabled={!editable} onClick={() => setRemoving(d.delegate)}>
                              Remove
                            </button>
                          </span>
                        )}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <p>
          {canLoadMore ? (
            <button type="button" onClick={() => actor.send({ type: 'user.loadMore' })}>
              Load more
            </button>
          ) : null}{' '}
          <button type="button" disabled={!canRefresh} onClick={() => actor.send({ type: 'user.refresh' })}>
            Refresh proposers
          </button>
        </p>
      </Loadable>
      <SignatureOnDevice
        step={view}
        signing={working === 'signing'}
        check={ctx.deviceCheck}
        purpose={null}
        lead={ctx.request ? changeText(ctx.request, listedLabel) : null}
        what="change"
        keeps
        error={ctx.error}
        onConfirm={() => actor.send({ type: 'user.confirmOnDevice' })}
        onCancel={() => actor.send({ type: 'user.cancel' })}
        onRetry={() => actor.send({ type: 'user.retry', nowMs: now() })}
      />
      {ctx.deviceCheck && (checkingOnDevice || working === 'signing') ? null : <Busy text={busy} />}
      {ctx.signer ? (
        <form aria-label="Add proposer" onSubmit={add} noValidate>
          <h3>Add proposer</h3>
          <ProposerField label="Address" value={address} onChange={setAddress} error={fieldError('add', 'delegate')} disabled={!editable} />
          <ProposerField label="Name" value={name} onChange={setName} error={fieldError('add', 'label')} disabled={!editable} />
          <button type="submit" disabled={!editable}>
            Add proposer
          </button>
        </form>
      ) : null}
    </section>
  );
}

/**
 * The proposers' and recovery alerts' actors, one each per Safe: other owners, another account (decision 0088) or a
 * device read or changed later (decision 0084) are told to them, so a proposer's address and name or a module's
 * address being typed stay.
 */
function SecurityActors({ input }: { input: AccountServicesInput }) {
  const logic = useAccountServicesLogic();
  const device = useSignerDevice(input);
  const inspect = logic.inspect ? { inspect: logic.inspect } : {};
  const recovery = useActorRef(logic.recovery, { input: withDevice(input, device), ...inspect });
  const delegates = useActorRef(logic.delegates, { input: withDevice(input, device), ...inspect });
  useSignerChanges(recovery, input, device);
  useSignerChanges(delegates, input, device);
  return (
    <>
      <RecoveryView actor={recovery} />
      <DelegatesView actor={delegates} />
    </>
  );
}

export function SecuritySettingsScreen() {
  return (
    <SafeGate title="Security">
      <ForOpenSafe signerChangesTold render={(input) => <SecurityActors input={input} />} />
    </SafeGate>
  );
}
