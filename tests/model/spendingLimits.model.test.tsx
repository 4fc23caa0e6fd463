/**
 * Model-based test of the spendingLimits machine through its real view (the "Spending limits" section of
 * /settings/modules): the chain read is held in a deferred promise, so each state is asserted on screen; retry and
 * refresh are clicked. 100 % transition coverage.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountServicesReadOnlyInput, accountServicesSampleInput, serializeValueAndErrors, spendingLimitsSample, spendingLimitsSampleEvents } from '../../src/machines/accountServices/accountServices.samples.ts';
import type { SpendingLimitsContext } from '../../src/machines/accountServices/accountServices.types.ts';
import { spendingLimitsMachine } from '../../src/machines/accountServices/spendingLimits.machine.ts';
import { SpendingLimitsView, type SpendingLimitsRef } from '../../src/views/accountServices/SpendingLimits.tsx';
import { modelTests, type ViewDriver } from '../harness/modelHarness.ts';
import { settleExecutors, snapshotOf, startWithDeferredEffects, type EffectsSut } from './accountServices.support.tsx';

const click = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());
const start = (input = accountServicesSampleInput) =>
  startWithDeferredEffects(spendingLimitsMachine, ['loadSpendingLimits'], input, (actor) => <SpendingLimitsView actor={actor as SpendingLimitsRef} />);

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
});
