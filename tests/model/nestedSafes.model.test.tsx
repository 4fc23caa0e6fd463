/**
 * Model-based test of the nestedSafes machine through its real views (Settings › Setup's "Owner Safes" section and
 * a queued transaction's "Approve as owner Safe" links): the chain read is held in a deferred promise, so each state
 * is asserted on screen; retry and refresh are clicked. 100 % transition coverage.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEVNET_STRANGER } from '../../src/machines/shared/samples.ts';
import { accountServicesSampleInput, nestedSafesSample, nestedSafesSampleEvents, serializeValueAndErrors } from '../../src/machines/accountServices/accountServices.samples.ts';
import type { NestedSafesContext } from '../../src/machines/accountServices/accountServices.types.ts';
import { nestedSafesMachine } from '../../src/machines/accountServices/nestedSafes.machine.ts';
import { NestedSafesView, type NestedSafesRef } from '../../src/views/accountServices/NestedSafes.tsx';
import { modelTests, type ViewDriver } from '../harness/modelHarness.ts';
import { settleExecutors, snapshotOf, startWithDeferredEffects, type EffectsSut } from './accountServices.support.tsx';

const click = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());
const strangerInput = { ...accountServicesSampleInput, wallet: DEVNET_STRANGER.toLowerCase() };
const start = (input: typeof accountServicesSampleInput = strangerInput) => startWithDeferredEffects(nestedSafesMachine, ['loadNestedSafes'], input, (actor) => <NestedSafesView actor={actor as NestedSafesRef} chainId="31337" />);

describe('nestedSafes (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as NestedSafesContext;
  const driver: ViewDriver<EffectsSut> = {
    start: () => start(),
    events: {
      ...settleExecutors({ loadNestedSafes: 'loadNestedSafes' }),
      'user.retry': () => click('Retry loading owner Safes'),
      'user.refresh': () => click('Refresh owner Safes'),
    },
    states: {
      loading: (sut) => {
        expect(screen.getByRole('status')).toHaveTextContent('Loading owner Safes…');
        expect(sut.inputs.get('loadNestedSafes')?.at(-1)).toEqual({ chainId: '31337', safe: accountServicesSampleInput.safe.address });
      },
      failed: (sut) => {
        expect(screen.getByRole('alert')).toHaveTextContent(`Could not load owner Safes. ${ctx(sut).error}`);
        expect(screen.queryByRole('list', { name: 'Owner Safes' })).toBeNull();
      },
      shown: (sut) => {
        const rows = within(screen.getByRole('list', { name: 'Owner Safes' })).getAllByRole('listitem');
        expect(rows).toHaveLength(ctx(sut).nested!.ownerSafes.length);
        expect(rows[0]).toHaveTextContent('A Safe with 1 owner, 1 of 1 required (read on chain). Your wallet is one of its owners');
        expect(screen.getByRole('button', { name: 'Refresh owner Safes' })).toBeEnabled();
      },
    },
  };
  modelTests({ name: 'nestedSafes', machine: nestedSafesMachine, input: strangerInput, events: nestedSafesSampleEvents, serializeState: serializeValueAndErrors, driver, states: 'with transitions' });

  it('warns of an owner Safe that needs this Safe, and of a Safe that can then never reach its threshold', async () => {
    const sut = start();
    const ownerSafe = nestedSafesSample.ownerSafes[0]!;
    await act(async () =>
      sut.pending.get('loadNestedSafes')!.resolve({ ...nestedSafesSample, owners: nestedSafesSample.owners.slice(0, 2), ownerSafes: [{ ...ownerSafe, owners: [DEVNET_STRANGER, nestedSafesSample.safe], threshold: 2 }] }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`Owner Safe ${ownerSafe.address} can never approve for this Safe: it needs 2 of its 2 owners, and one of them is this Safe`);
    expect(alert).toHaveTextContent('This Safe can never reach its threshold: it needs 2 of its 2 owners, and only 1 of them can ever sign.');
    sut.cleanup();
  });

  it('says so when no owner is a Safe', async () => {
    const sut = start();
    await act(async () => sut.pending.get('loadNestedSafes')!.resolve({ ...nestedSafesSample, ownerSafes: [] }));
    expect(screen.getByText('None of this Safe’s signers is a Safe (read on chain).')).toBeInTheDocument();
    sut.cleanup();
  });

  it('a wallet that owns none of the owner Safes is not told it may approve as one', async () => {
    const sut = start({ ...strangerInput, wallet: accountServicesSampleInput.wallet! });
    await act(async () => sut.pending.get('loadNestedSafes')!.resolve(nestedSafesSample));
    const [row] = within(screen.getByRole('list', { name: 'Owner Safes' })).getAllByRole('listitem');
    expect(row).toHaveTextContent('A Safe with 1 owner, 1 of 1 required (read on chain).');
    expect(row).not.toHaveTextContent('Your wallet');
    sut.cleanup();
  });
});
