/**
 * Model-based test of the spendingLimits machine through its real view (the "Spending limits" section of
 * /settings/modules): the chain read is held in a deferred promise, so each state is asserted on screen; retry and
 * refresh are clicked. 100 % transition coverage.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { decodeFunctionData, getAddress } from 'viem';
import { allowanceModuleAbi } from '../../src/domain/safe/allowance.ts';
import type { FlowRequest } from '../../src/machines/shared/flows.ts';
import { DEVNET_STRANGER } from '../../src/machines/shared/samples.ts';
import { accountServicesReadOnlyInput, accountServicesSampleInput, serializeValueAndErrors, spendingLimitsSample, spendingLimitsSampleEvents } from '../../src/machines/accountServices/accountServices.samples.ts';
import type { SpendingLimitsContext } from '../../src/machines/accountServices/accountServices.types.ts';
import { spendingLimitsMachine } from '../../src/machines/accountServices/spendingLimits.machine.ts';
import { SpendingLimitsView, type SpendingLimitsRef } from '../../src/views/accountServices/SpendingLimits.tsx';
import { modelTests, type ViewDriver } from '../harness/modelHarness.ts';
import { settleExecutors, snapshotOf, startWithDeferredEffects, type EffectsSut } from './accountServices.support.tsx';

const click = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());
const DUSD = { address: getAddress('0xa513e6e4b8f2a923d98304ec87f64353c4d5c853'), symbol: 'dUSD', decimals: 6, balance: '1000000000' };
const start = (input = accountServicesSampleInput, propose?: (r: FlowRequest) => void) =>
  startWithDeferredEffects(spendingLimitsMachine, ['loadSpendingLimits'], input, (actor) => <SpendingLimitsView actor={actor as SpendingLimitsRef} tokens={[DUSD]} propose={propose} />);

describe('spendingLimits (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as SpendingLimitsContext;
  const driver: ViewDriver<EffectsSut> = {
    start: () => start(),
    events: {
      ...settleExecutors({ loadSpendingLimits: 'loadSpendingLimits' }),
      'user.retry': () => click('Retry loading spending limits'),
      'user.refresh': () => click('Refresh spending limits'),
    },
    states: {
      loading: (sut) => {
        expect(screen.getByRole('status')).toHaveTextContent('Loading spending limits…');
        expect(sut.inputs.get('loadSpendingLimits')?.at(-1)).toEqual({ chainId: '31337', safe: accountServicesSampleInput.safe.address });
      },
      failed: (sut) => {
        expect(screen.getByRole('alert')).toHaveTextContent(`Could not load spending limits. ${ctx(sut).error}`);
        expect(screen.queryByRole('list', { name: 'Beneficiaries' })).toBeNull();
      },
      list: (sut) => {
        const limits = ctx(sut).limits!;
        expect(screen.getByLabelText('Allowance module')).toHaveTextContent(limits.enabled ? 'is enabled on this Safe' : 'is not enabled on this Safe');
        const rows = within(screen.getByRole('list', { name: 'Beneficiaries' })).getAllByRole('listitem', { name: /^Beneficiary / });
        expect(rows).toHaveLength(limits.beneficiaries.length);
        expect(rows[0]).toHaveTextContent('100 dUSD per day, 60 spent, 40 left, resets 2026-12-01 00:00 UTC');
        expect(screen.getByRole('button', { name: 'Refresh spending limits' })).toBeEnabled();
      },
    },
  };
  modelTests({ name: 'spendingLimits', machine: spendingLimitsMachine, input: accountServicesSampleInput, events: spendingLimitsSampleEvents, serializeState: serializeValueAndErrors, driver, states: 'with transitions' });

  it('says when the chain has no Allowance module, and reads the same without a wallet', async () => {
    const sut = start(accountServicesReadOnlyInput);
    await act(async () => sut.pending.get('loadSpendingLimits')!.resolve({ module: null, enabled: false, beneficiaries: [] }));
    expect(screen.getByText(/Allowance module is not deployed here/)).toBeInTheDocument();
    sut.cleanup();
  });

  it('a one-time limit has no reset date; a beneficiary without limits says so', async () => {
    const sut = start();
    const [b] = spendingLimitsSample.beneficiaries;
    const oneTime = { ...b!.limits[0]!, resetTimeMin: 0, spent: '0' };
    await act(async () =>
      sut.pending.get('loadSpendingLimits')!.resolve({ ...spendingLimitsSample, beneficiaries: [{ ...b!, limits: [oneTime] }, { address: accountServicesSampleInput.safe.owners[1]!, limits: [] }] }),
    );
    const rows = within(screen.getByRole('list', { name: 'Beneficiaries' })).getAllByRole('listitem', { name: /^Beneficiary / });
    expect(rows[0]).toHaveTextContent('100 dUSD one time, 0 spent, 100 left');
    expect(rows[0]).not.toHaveTextContent('resets');
    expect(rows[1]).toHaveTextContent('No limit set.');
    sut.cleanup();
  });

  it('an owner’s limit opens New transaction with the batch (enableModule, addDelegate, setAllowance); bad input is refused first', async () => {
    const propose = vi.fn<(r: FlowRequest) => void>();
    const sut = start(accountServicesSampleInput, propose);
    await act(async () => sut.pending.get('loadSpendingLimits')!.resolve({ ...spendingLimitsSample, enabled: false, beneficiaries: [] }));
    const form = screen.getByRole('form', { name: 'Set a spending limit' });
    const fill = async (who: string, amount: string) => {
      await act(async () => fireEvent.change(within(form).getByLabelText('Beneficiary address'), { target: { value: who } }));
      await act(async () => fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: amount } }));
      await act(async () => within(form).getByRole('button', { name: 'Set spending limit' }).click());
    };
    await fill('0x1234', '100');
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the beneficiary’s address');
    await fill(accountServicesSampleInput.safe.address, '100');
    expect(within(form).getByRole('alert')).toHaveTextContent('The Safe cannot be its own beneficiary.');
    await fill(DEVNET_STRANGER, '0');
    expect(within(form).getByRole('alert')).toHaveTextContent('The amount must be more than 0.');
    expect(propose).not.toHaveBeenCalled();
    await fill(DEVNET_STRANGER, '100');
    expect(propose).toHaveBeenCalledTimes(1);
    const request = propose.mock.calls[0]![0] as Extract<FlowRequest, { mode: 'create' }>;
    const draft = request.initialDraft as { kind: 'batch'; calls: { kind: string; to: string; data: `0x${string}`; origin: string }[] };
    expect(draft.kind).toBe('batch');
    expect(draft.calls.map((c) => [c.kind, c.origin])).toEqual(Array(3).fill(['rawCall', 'Spending limits']));
    expect(draft.calls[0]!.to).toBe(getAddress(accountServicesSampleInput.safe.address));
    expect(decodeFunctionData({ abi: allowanceModuleAbi, data: draft.calls[2]!.data })).toEqual({ functionName: 'setAllowance', args: [DEVNET_STRANGER, DUSD.address, 100_000_000n, 1440, 0] });
    sut.cleanup();
  });

  it('an owner removes a beneficiary’s last limit (deleteAllowance and removeDelegate); without a wallet there is no form', async () => {
    const propose = vi.fn<(r: FlowRequest) => void>();
    const sut = start(accountServicesSampleInput, propose);
    await act(async () => sut.pending.get('loadSpendingLimits')!.resolve(spendingLimitsSample));
    await click(/^Remove the dUSD limit of /);
    const draft = (propose.mock.calls[0]![0] as Extract<FlowRequest, { mode: 'create' }>).initialDraft as { calls: { data: `0x${string}` }[] };
    expect(draft.calls.map((c) => decodeFunctionData({ abi: allowanceModuleAbi, data: c.data }).functionName)).toEqual(['deleteAllowance', 'removeDelegate']);
    sut.cleanup();
    const readOnly = start(accountServicesReadOnlyInput, propose);
    await act(async () => readOnly.pending.get('loadSpendingLimits')!.resolve(spendingLimitsSample));
    expect(screen.queryByRole('form', { name: 'Set a spending limit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove the / })).toBeNull();
    expect(screen.getByText(/Connect the wallet of one of the Safe’s signers/)).toBeInTheDocument();
    readOnly.cleanup();
  });
});
