/**
 * The Safe's spending limits (Safe's Allowance module), on /settings/modules: read on chain by the spendingLimits
 * machine, never from the gateway. Per beneficiary (named from the address book where known) and token:
 * "100 dUSD per day, 60 spent, 40 left, resets …".
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { spendingLimitText } from '../../domain/safe/allowance.ts';
import { connectSpendingLimits } from '../../machines/accountServices/spendingLimits.connect.ts';
import type { SpendingLimitsMachine } from '../../machines/accountServices/spendingLimits.machine.ts';
import type { AccountServicesInput } from '../../machines/accountServices/accountServices.types.ts';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';
import { Address, checksum, shortAddress } from '../components/Address.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { ForOpenSafe, useAccountServicesLogic } from './accountServicesContext.tsx';
import './spendingLimits.css';

export type SpendingLimitsRef = ActorRefFrom<SpendingLimitsMachine>;

export function SpendingLimitsView({ actor }: { actor: SpendingLimitsRef }) {
  const { step, context: ctx } = useSelector(actor, connectSpendingLimits, shallowEqualViewModel);
  const chainId = ctx.safe.chainId;
  const nameOf = useAddressNameResolver(chainId);
  const limits = ctx.limits;
  const status = step === 'list' ? 'ready' : step;
  return (
    <section aria-labelledby="spending-limits-title" className="card spending-limits">
      <h2 id="spending-limits-title">Spending limits</h2>
      <p>A beneficiary can spend up to its limit from the Safe without the owners’ confirmations. Read from the chain (Safe’s Allowance module).</p>
      <Loadable what="spending limits" status={status} error={ctx.error} onRetry={() => actor.send({ type: 'user.retry' })}>
        {limits === null ? null : limits.module === null ? (
          <p>Spending limits are not available on this chain: Safe’s Allowance module is not deployed here.</p>
        ) : (
          <>
            <p aria-label="Allowance module">
              Allowance module <Address address={limits.module} chainId={chainId} /> is {limits.enabled ? 'enabled' : 'not enabled'} on this Safe.
            </p>
            {limits.beneficiaries.length === 0 ? (
              <p>No spending limits.</p>
            ) : (
              <ul className="plain spending-limits-list" aria-label="Beneficiaries">
                {limits.beneficiaries.map((b) => {
                  const name = nameOf(b.address);
                  const who = name ?? shortAddress(checksum(b.address));
                  return (
                    <li key={b.address} aria-label={`Beneficiary ${who}`} className="spending-limits-beneficiary">
                      <Address address={b.address} chainId={chainId} />
                      {b.limits.length === 0 ? (
                        <p className="muted">No limit set.</p>
                      ) : (
                        <ul className="plain" aria-label={`Limits of ${who}`}>
                          {b.limits.map((limit) => (
                            <li key={limit.token}>{spendingLimitText(limit)}</li>
                          ))}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
        <button type="button" onClick={() => actor.send({ type: 'user.refresh' })}>
          Refresh spending limits
        </button>
      </Loadable>
    </section>
  );
}

function SpendingLimitsActor({ input }: { input: AccountServicesInput }) {
  const logic = useAccountServicesLogic();
  const inspect = logic.inspect ? { inspect: logic.inspect } : {};
  const actor = useActorRef(logic.spendingLimits, { input, ...inspect });
  return <SpendingLimitsView actor={actor} />;
}

/** The section for the open Safe and wallet (a new actor when either changes). */
export function SpendingLimitsSection() {
  return <ForOpenSafe render={(input) => <SpendingLimitsActor input={input} />} />;
}
