/**
 * The Safe's spending limits (Safe's Allowance module), on /settings/modules: read on chain by the spendingLimits
 * machine, never from the gateway. Per beneficiary (named from the address book where known) and token:
 * "100 dUSD per day, 60 spent, 40 left, resets …".
 *
 * Owners set or remove a limit through the normal transaction flow: the form builds the calls (allowance.ts:
 * enableModule on the Safe when needed, addDelegate, setAllowance; deleteAllowance and removeDelegate) and opens
 * New transaction with them handed over as a batch, which the review describes from its bytes.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { getAddress, isAddress, isAddressEqual, parseUnits, type Address as Addr } from 'viem';
import type { ActorRefFrom } from 'xstate';
import {
  MAX_ALLOWANCE_AMOUNT,
  NATIVE_TOKEN,
  RESET_PERIODS,
  removeLimitCalls,
  setLimitCalls,
  spendingLimitText,
  type AllowanceCall,
  type ResetPeriod,
  type SpendingLimitsState,
} from '../../domain/safe/allowance.ts';
import type { FlowRequest } from '../../machines/shared/flows.ts';
import type { CallDraft, TokenOption } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { useOpenFlow } from '../flows/flowsContext.tsx';
import { useSafeSession } from '../safeSession/safeSessionContext.tsx';
import { FieldError } from './parts.tsx';
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

/** Who asks for the handed-over calls, as the compose step names it. */
export const SPENDING_LIMITS_ORIGIN = 'Spending limits';

const RESET_LABELS: Record<ResetPeriod, string> = { oneTime: 'One time', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly (30 days)' };

/** The calls as the transaction flow's draft: handed over ready-made (one call, or a batch). */
export function limitRequest(calls: AllowanceCall[]): FlowRequest {
  const drafts: CallDraft[] = calls.map((c) => ({ kind: 'rawCall', to: c.to, value: '0', data: c.data, operation: 0, origin: SPENDING_LIMITS_ORIGIN }));
  return { kind: 'transaction', mode: 'create', initialDraft: drafts.length === 1 ? drafts[0]! : { kind: 'batch', calls: drafts } };
}

type Propose = (request: FlowRequest) => void;

/** The form: beneficiary, token (from the Safe's balances), amount, reset period; its problems are said before the flow opens. */
function SetLimitForm({ limits, safe, tokens, propose }: { limits: SpendingLimitsState & { module: Addr }; safe: string; tokens: readonly TokenOption[]; propose: Propose }) {
  const id = useId();
  const [beneficiary, setBeneficiary] = useState('');
  const [picked, setToken] = useState('');
  // The balances may arrive after the form: until a token is picked, the first of the Safe's tokens.
  const token = picked || (tokens[0] ? (tokens[0].address ?? NATIVE_TOKEN) : '');
  const [amount, setAmount] = useState('');
  const [reset, setReset] = useState<ResetPeriod>('daily');
  const [problem, setProblem] = useState<{ field: 'beneficiary' | 'amount' | 'token'; text: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const who = beneficiary.trim();
    if (!isAddress(who, { strict: false })) return setProblem({ field: 'beneficiary', text: 'Enter the beneficiary’s address: 0x followed by 40 hexadecimal characters.' });
    if (isAddressEqual(who, safe as Addr)) return setProblem({ field: 'beneficiary', text: 'The Safe cannot be its own beneficiary.' });
    const option = tokens.find((t) => (t.address ?? NATIVE_TOKEN).toLowerCase() === token.toLowerCase());
    if (!option) return setProblem({ field: 'token', text: 'Choose one of the Safe’s tokens.' });
    let base: bigint;
    try {
      base = parseUnits(amount.trim(), option.decimals);
    } catch {
      return setProblem({ field: 'amount', text: 'Enter an amount, e.g. 100 or 12.5.' });
    }
    if (base <= 0n) return setProblem({ field: 'amount', text: 'The amount must be more than 0.' });
    if (base > MAX_ALLOWANCE_AMOUNT) return setProblem({ field: 'amount', text: 'The amount is larger than the module can hold.' });
    setProblem(null);
    const beneficiaryAddress = getAddress(who);
    const isDelegate = limits.beneficiaries.some((b) => isAddressEqual(b.address, beneficiaryAddress));
    propose(
      limitRequest(
        setLimitCalls({ safe: getAddress(safe), module: limits.module, enabled: limits.enabled, isDelegate, beneficiary: beneficiaryAddress, token: getAddress(option.address ?? NATIVE_TOKEN), amount: base, resetTimeMin: RESET_PERIODS[reset] }),
      ),
    );
  };
  const error = (field: 'beneficiary' | 'amount' | 'token') => (problem?.field === field ? problem.text : null);
  return (
    <form aria-label="Set a spending limit" onSubmit={submit} noValidate className="spending-limits-form">
      <h3>Set a spending limit</h3>
      <label htmlFor={`${id}-who`}>Beneficiary address</label>
      <input id={`${id}-who`} value={beneficiary} onChange={(e) => setBeneficiary(e.target.value)} aria-invalid={error('beneficiary') !== null} aria-describedby={`${id}-who-error`} spellCheck={false} />
      <FieldError id={`${id}-who-error`} text={error('beneficiary')} />
      <label htmlFor={`${id}-token`}>Token</label>
      <select id={`${id}-token`} value={token} onChange={(e) => setToken(e.target.value)}>
        {tokens.map((t) => (
          <option key={t.address ?? 'native'} value={t.address ?? NATIVE_TOKEN}>
            {t.symbol}
          </option>
        ))}
      </select>
      <FieldError text={error('token')} />
      <label htmlFor={`${id}-amount`}>Amount</label>
      <input id={`${id}-amount`} value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} aria-invalid={error('amount') !== null} aria-describedby={`${id}-amount-error`} />
      <FieldError id={`${id}-amount-error`} text={error('amount')} />
      <label htmlFor={`${id}-reset`}>Reset</label>
      <select id={`${id}-reset`} value={reset} onChange={(e) => setReset(e.target.value as ResetPeriod)}>
        {(Object.keys(RESET_LABELS) as ResetPeriod[]).map((r) => (
          <option key={r} value={r}>
            {RESET_LABELS[r]}
          </option>
        ))}
      </select>
      <div>
        <button type="submit" className="primary">
          Set spending limit
        </button>
      </div>
      {!limits.enabled ? <p className="muted">The Safe has not enabled the Allowance module yet: the transaction enables it too.</p> : null}
    </form>
  );
}

export function SpendingLimitsView({ actor, tokens = [], propose }: { actor: SpendingLimitsRef; tokens?: readonly TokenOption[]; propose?: Propose | undefined }) {
  const { step, canManage, context: ctx } = useSelector(actor, connectSpendingLimits, shallowEqualViewModel);
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
                            <li key={limit.token}>
                              {spendingLimitText(limit)}
                              {canManage && propose && limits.module ? (
                                <>
                                  {' '}
                                  <button
                                    type="button"
                                    className="danger"
                                    aria-label={`Remove the ${limit.symbol ?? 'token'} limit of ${who}`}
                                    onClick={() => propose(limitRequest(removeLimitCalls({ module: limits.module!, beneficiary: b.address, token: limit.token, lastLimit: b.limits.length === 1 })))}
                                  >
                                    Remove
                                  </button>
                                </>
                              ) : null}
                            </li>
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
        {limits?.module && canManage && propose ? <SetLimitForm limits={{ ...limits, module: limits.module }} safe={ctx.safe.address} tokens={tokens} propose={propose} /> : null}
        {limits?.module && !canManage ? <p className="muted">Connect the wallet of one of the Safe’s signers to set or remove spending limits.</p> : null}
      </Loadable>
    </section>
  );
}

/** The Safe's tokens, from its balances (the native coin has no address), for the form's token choice. */
function useSafeTokens(): TokenOption[] {
  const items = useSafeSession((s) => s.context.balances?.items);
  return (items ?? []).map((item) => ({
    address: item.tokenInfo.type === 'NATIVE_TOKEN' || /^0x0{40}$/i.test(item.tokenInfo.address) ? null : getAddress(item.tokenInfo.address),
    symbol: item.tokenInfo.symbol,
    decimals: item.tokenInfo.decimals,
    balance: item.balance,
  }));
}

function SpendingLimitsActor({ input }: { input: AccountServicesInput }) {
  const logic = useAccountServicesLogic();
  const inspect = logic.inspect ? { inspect: logic.inspect } : {};
  const actor = useActorRef(logic.spendingLimits, { input, ...inspect });
  const tokens = useSafeTokens();
  // Read from the chain (RPC-only mode, decision 0054): changes are proposed through the gateway, so none is offered.
  const readFromChain = useSafeSession((s) => s.context.safeInfo?.readFromChain ?? null);
  const { open, error } = useOpenFlow();
  return (
    <>
      {error ? (
        <p role="alert" className="settings-error">
          {error}
        </p>
      ) : null}
      <SpendingLimitsView actor={actor} tokens={tokens} propose={readFromChain ? undefined : (request) => void open(request)} />
    </>
  );
}

/** The section for the open Safe and wallet (a new actor when either changes). */
export function SpendingLimitsSection() {
  return <ForOpenSafe render={(input) => <SpendingLimitsActor input={input} />} />;
}
