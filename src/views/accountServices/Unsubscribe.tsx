/** Unsubscribing an e-mail (its token, from the e-mail or `?token=`) from one category or all; on /settings/email. */
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SUBSCRIPTION_CATEGORIES } from '../../machines/accountServices/accountServices.logic.ts';
import { connectUnsubscribe } from '../../machines/accountServices/unsubscribe.connect.ts';
import type { UnsubscribeMachine } from '../../machines/accountServices/unsubscribe.machine.ts';
import { useAppSelector } from '../appContext.tsx';
import { useAccountServicesLogic } from './accountServicesContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Busy, FieldError, Messages } from './parts.tsx';

export type UnsubscribeRef = ActorRefFrom<UnsubscribeMachine>;

const categoryLabel = (key: string | null): string => (key === null ? 'all e-mails' : (SUBSCRIPTION_CATEGORIES.find((c) => c.key === key)?.label ?? key));

export function UnsubscribeView({ actor }: { actor: UnsubscribeRef }) {
  const { step: state, editing, context: ctx } = useSelector(actor, connectUnsubscribe, shallowEqualViewModel);
  const [token, setToken] = useState<string | null>(null);
  const [category, setCategory] = useState<string>(SUBSCRIPTION_CATEGORIES[0].key);
  const value = token ?? ctx.token;
  // Opened from an e-mail's unsubscribe link (`?token=`): the form is filled in and open; otherwise the token is
  // something to paste only when the link is not at hand, so the form waits behind a disclosure.
  const [fromLink] = useState(() => Boolean(ctx.token));
  const [expanded, setExpanded] = useState(fromLink);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.unsubscribe', token: value, category });
  };
  return (
    <section aria-labelledby="unsubscribe-title" className="card">
      <h2 id="unsubscribe-title">Unsubscribe</h2>
      {state === 'notOffered' ? null : (
        <p>
          {fromLink
            ? 'You opened the unsubscribe link of an alert e-mail: choose which alerts to stop, or stop them all.'
            : 'Every alert e-mail ends with an unsubscribe link: it opens this page with the form filled in.'}
        </p>
      )}
      <Messages error={ctx.error} notice={ctx.notice} />
      {state === 'notOffered' ? null : state === 'done' && ctx.done ? (
        <>
          <p role="status" className="banner">
            Unsubscribed from {categoryLabel(ctx.done.category)}.
          </p>
          <button type="button" onClick={() => actor.send({ type: 'user.again' })}>
            Unsubscribe another
          </button>
        </>
      ) : (
        <details className="unsubscribe-form" open={expanded} onToggle={(e) => setExpanded(e.currentTarget.open)}>
          <summary>{fromLink ? 'Unsubscribe' : 'Unsubscribe without the link (with the token printed in the e-mail)'}</summary>
          <form aria-label="Unsubscribe" onSubmit={submit} noValidate>
            <label>
              Unsubscribe token <input value={value} onChange={(e) => setToken(e.target.value)} aria-invalid={ctx.fieldError !== null} disabled={!editing} />
            </label>{' '}
            <label>
              Category{' '}
              <select value={category} onChange={(e) => setCategory(e.target.value)} disabled={!editing}>
                {SUBSCRIPTION_CATEGORIES.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>{' '}
            <button type="submit" disabled={!editing}>
              Unsubscribe from category
            </button>{' '}
            <button type="button" disabled={!editing} onClick={() => actor.send({ type: 'user.unsubscribeAll', token: value })}>
              Unsubscribe from all
            </button>
            <FieldError text={ctx.fieldError} />
          </form>
        </details>
      )}
      <Busy text={state === 'sending' ? 'Unsubscribing…' : null} />
    </section>
  );
}

export function UnsubscribeSection() {
  const logic = useAccountServicesLogic();
  const search = useAppSelector((s) => s.context.location.search);
  const token = new URLSearchParams(search).get('token');
  const actor = useActorRef(logic.unsubscribe, { input: { token }, ...(logic.inspect ? { inspect: logic.inspect } : {}) });
  return <UnsubscribeView actor={actor} />;
}
