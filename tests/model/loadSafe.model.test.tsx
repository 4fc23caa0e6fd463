/**
 * Model-based test of the loadSafe machine through the real add-existing-Safe flow: validation texts of
 * anchor-features §1, the gateway check, review, adding, and opening the Safe; effects held in deferreds.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { loadSafeMachine } from '../../src/machines/loadSafe/loadSafe.machine.ts';
import { LOAD_SAFE_TEXTS } from '../../src/machines/loadSafe/loadSafe.logic.ts';
import type { AddedSafe, LoadSafeContext, LoadSafeSetup, SafeSummary } from '../../src/machines/loadSafe/loadSafe.types.ts';
import { loadSafeSampleEvents, loadSafeSampleInput, serializeLoadSafeState } from '../../src/machines/loadSafe/loadSafe.samples.ts';
import { DEVNET_SAFE } from '../../src/machines/shared/samples.ts';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult } from '../../src/machines/walletConnection/walletConnection.types.ts';
import { LoadSafeFlow } from '../../src/views/loadSafe/LoadSafeScreen.tsx';
import { WalletProvider } from '../../src/views/walletConnection/walletContext.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

const SAFE = DEVNET_SAFE;
/** The shared samples with `{ name: 'Error', message }` payloads turned back into the `Error` instances the real effects reject with. */
const events: AnyEventObject[] = loadSafeSampleEvents.map((e) => {
  const error = (e as { error?: Record<string, unknown> }).error;
  return error && error.name === 'Error' && Object.keys(error).length === 2 ? { ...e, error: new Error(String(error.message)) } : e;
});

interface LoadSut extends SystemUnderTest {
  pending: { loadSetup: Deferred<LoadSafeSetup> | null; checkSafe: Deferred<SafeSummary> | null; addSafe: Deferred<void> | null };
  checked: unknown[];
  added: AddedSafe[];
  opened: string[];
}

const payload = <T,>(event: AnyEventObject, key: 'output' | 'error'): T => (event as unknown as Record<string, T>)[key]!;
function running<K extends keyof LoadSut['pending']>(sut: LoadSut, name: K): NonNullable<LoadSut['pending'][K]> {
  const d = sut.pending[name];
  if (!d) throw new Error(`${name} is not running`);
  return d as NonNullable<LoadSut['pending'][K]>;
}
const ctx = (s: AnyMachineSnapshot) => s.context as LoadSafeContext;

const submitted = (e: AnyEventObject) => e as unknown as { chainId: string; address: string; name: string };

const driver: ViewDriver<LoadSut> = {
  start() {
    const sut = { pending: { loadSetup: null, checkSafe: null, addSafe: null }, checked: [], added: [], opened: [] } as unknown as LoadSut;
    const actor = createActor(
      loadSafeMachine.provide({
        actors: {
          loadSetup: fromPromise(() => (sut.pending.loadSetup = deferred<LoadSafeSetup>()).promise),
          checkSafe: fromPromise(({ input }) => {
            sut.checked.push(input);
            return (sut.pending.checkSafe = deferred<SafeSummary>()).promise;
          }),
          addSafe: fromPromise(({ input }) => {
            sut.added.push(input);
            return (sut.pending.addSafe = deferred<void>()).promise;
          }),
        },
        actions: { openSafe: (_, params) => void sut.opened.push(params.href) },
      }),
      { input: {} },
    );
    const wallet = createActor(walletConnectionMachine.provide({ actors: { restoreWallet: fromPromise<ConnectResult>(() => new Promise(() => {})) } }));
    wallet.start();
    actor.start();
    render(
      <WalletProvider actors={{ wallet }}>
        <LoadSafeFlow actor={actor} />
      </WalletProvider>,
    );
    return Object.assign(sut, {
      actor,
      cleanup: () => {
        cleanup();
        actor.stop();
        wallet.stop();
      },
    });
  },
  events: {
    'xstate.done.actor.loadSetup': (sut, e) => act(async () => running(sut, 'loadSetup').resolve(payload(e, 'output'))),
    'xstate.error.actor.loadSetup': (sut, e) => act(async () => running(sut, 'loadSetup').reject(payload(e, 'error'))),
    'user.retry': () => act(async () => screen.getByRole('button', { name: 'Retry' }).click()),
    'user.submit': async (_, e) => {
      const { chainId, address, name } = submitted(e);
      const form = screen.getByRole('form', { name: 'Choose address, network and a name' });
      await act(async () => {
        fireEvent.change(within(form).getByRole('combobox', { name: /Network/ }), { target: { value: chainId } });
        fireEvent.change(within(form).getByRole('textbox', { name: /Safe account address/ }), { target: { value: address } });
        fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: name } });
      });
      await act(async () => within(form).getByRole('button', { name: 'Next' }).click());
    },
    'xstate.done.actor.checkSafe': async (sut, e) => {
      expect(sut.checked.at(-1)).toEqual({ chainId: '31337', address: SAFE });
      await act(async () => running(sut, 'checkSafe').resolve(payload(e, 'output')));
    },
    'xstate.error.actor.checkSafe': (sut, e) => act(async () => running(sut, 'checkSafe').reject(payload(e, 'error'))),
    'user.back': () => act(async () => screen.getByRole('button', { name: 'Back' }).click()),
    'user.confirm': async (sut) => {
      await act(async () => screen.getByRole('button', { name: 'Add Safe account' }).click());
      expect(sut.added.at(-1)).toEqual({ chainId: '31337', address: SAFE, name: 'Treasury' });
    },
    'xstate.done.actor.addSafe': (sut) => act(async () => running(sut, 'addSafe').resolve()),
    'xstate.error.actor.addSafe': (sut, e) => act(async () => running(sut, 'addSafe').reject(payload(e, 'error'))),
  },
  states: {
    preparing: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading networks…');
    },
    prepareFailed: (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`Could not load the networks. ${ctx(s).error}`);
    },
    editing: (_, s) => {
      const { fieldError, error, form } = ctx(s);
      const view = screen.getByRole('form', { name: 'Choose address, network and a name' });
      expect(within(view).getByRole('combobox', { name: /Network/ })).toHaveValue(form.chainId);
      expect(within(view).getByRole('button', { name: 'Next' })).toBeEnabled();
      const alerts = within(view).queryAllByRole('alert').map((a) => a.textContent);
      expect(alerts).toEqual([fieldError, error].filter((t): t is string => t !== null));
      if (fieldError) expect(within(view).getByRole('textbox', { name: /Safe account address/ })).toHaveAttribute('aria-invalid', 'true');
    },
    checking: () => {
      expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    },
    review: (_, s) => {
      expect(screen.getByText('Any transaction requires the confirmation of: 2 out of 2 signers')).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Signers' })).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Add Safe account' })).toBeEnabled();
      const { error } = ctx(s);
      if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
    },
    adding: () => {
      expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
    },
    added: (sut) => {
      expect(sut.opened).toEqual([`/home?safe=dev:${SAFE}`]);
    },
  },
};

describeModel('loadSafe (model-based, real views)', {
  machine: loadSafeMachine,
  input: loadSafeSampleInput,
  events,
  serializeState: serializeLoadSafeState,
  driver,
  cases: () => {
    it('uses the validation texts of the Safe{Wallet} add-Safe form', () => {
      expect([LOAD_SAFE_TEXTS.notASafe, LOAD_SAFE_TEXTS.alreadyAdded]).toEqual(['Address given is not a valid Safe account address', 'Safe account is already added']);
    });
  },
});
