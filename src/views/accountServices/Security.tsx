/** /settings/security: recovery alerts (register a recovery module) and the Safe's delegates. */
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectDelegatesList } from '../../machines/accountServices/delegatesList.connect.ts';
import { connectRecoveryRegistration } from '../../machines/accountServices/recoveryRegistration.connect.ts';
import type { AccountServicesInput } from '../../machines/accountServices/accountServices.types.ts';
import type { DelegatesListMachine } from '../../machines/accountServices/delegatesList.machine.ts';
import type { RecoveryRegistrationMachine } from '../../machines/accountServices/recoveryRegistration.machine.ts';
import { Address } from '../components/Address.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { SafeGate } from '../safeSession/SafeGate.tsx';
import { ForOpenSafe, useAccountServicesLogic } from './accountServicesContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Busy, FieldError, Messages } from './parts.tsx';

export type RecoveryRef = ActorRefFrom<RecoveryRegistrationMachine>;
export type DelegatesRef = ActorRefFrom<DelegatesListMachine>;

export function RecoveryView({ actor }: { actor: RecoveryRef }) {
  const { step: state, editing, canSubmit, context: ctx } = useSelector(actor, connectRecoveryRegistration, shallowEqualViewModel);
  const [module, setModule] = useState<string | null>(null);
  const value = module ?? ctx.moduleAddress;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.submit', moduleAddress: value });
  };
  return (
    <section aria-labelledby="recovery-title" className="card">
      <h2 id="recovery-title">Recovery alerts</h2>
      <p>Register the Safe’s recovery module so that owners get alerts when a recovery is started.</p>
      <Messages error={ctx.error} notice={ctx.notice} signer={ctx.signer} />
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
      <Busy text={state === 'signing' ? 'Sign the registration in your wallet…' : state === 'sending' ? 'Registering the module…' : null} />
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

export function DelegatesView({ actor }: { actor: DelegatesRef }) {
  const { status, loadingMore, canLoadMore, canRefresh, context: ctx } = useSelector(actor, connectDelegatesList, shallowEqualViewModel);
  return (
    <section aria-labelledby="delegates-title" className="card">
      <h2 id="delegates-title">Delegates</h2>
      <p>Addresses an owner allowed to propose transactions for this Safe.</p>
      <Loadable what="delegates" status={status} error={ctx.error} onRetry={() => actor.send({ type: 'user.retry' })}>
        {ctx.error ? (
          <p role="alert" className="banner banner-error">
            {ctx.error}
          </p>
        ) : null}
        {ctx.delegates.length === 0 ? (
          <p>No delegates.</p>
        ) : (
          <table aria-label="Delegates">
            <thead>
              <tr>
                <th>Delegate</th>
                <th>Label</th>
                <th>Delegated by</th>
              </tr>
            </thead>
            <tbody>
              {ctx.delegates.map((d) => (
                <tr key={`${d.delegate}:${d.delegator}`}>
                  <td>
                    <Address address={d.delegate} chainId={ctx.safe.chainId} />
                  </td>
                  <td>{d.label}</td>
                  <td>
                    <Address address={d.delegator} chainId={ctx.safe.chainId} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Busy text={loadingMore ? 'Loading more delegates…' : null} />
        <p>
          {canLoadMore ? (
            <button type="button" onClick={() => actor.send({ type: 'user.loadMore' })}>
              Load more
            </button>
          ) : null}{' '}
          <button type="button" disabled={!canRefresh} onClick={() => actor.send({ type: 'user.refresh' })}>
            Refresh delegates
          </button>
        </p>
      </Loadable>
    </section>
  );
}

function SecurityActors({ input }: { input: AccountServicesInput }) {
  const logic = useAccountServicesLogic();
  const inspect = logic.inspect ? { inspect: logic.inspect } : {};
  const recovery = useActorRef(logic.recovery, { input, ...inspect });
  const delegates = useActorRef(logic.delegates, { input, ...inspect });
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
      <ForOpenSafe render={(input) => <SecurityActors input={input} />} />
    </SafeGate>
  );
}
