/**
 * Model-based test of the localData machine through the real Settings › Environment and Settings › Data views
 * (rendered together on one actor), effects held in deferred promises.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { expect } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { connectLocalData } from '../../src/machines/localData/localData.connect.ts';
import { localDataMachine } from '../../src/machines/localData/localData.machine.ts';
import { localDataSampleEvents, serializeLocalDataState } from '../../src/machines/localData/localData.samples.ts';
import type { LocalDataContext } from '../../src/machines/localData/localData.types.ts';
import { shallowEqualViewModel } from '../../src/views/useViewModel.ts';
import { DataPanel } from '../../src/views/settings/DataScreen.tsx';
import { EnvironmentPanel } from '../../src/views/settings/EnvironmentScreen.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

const events: AnyEventObject[] = localDataSampleEvents.map((e) => {
  const error = (e as { error?: Record<string, unknown> }).error;
  return error && error.name === 'Error' ? { ...e, error: new Error(String(error.message)) } : e;
});

const EFFECTS = ['loadSetup', 'checkRpc', 'saveRpc', 'checkToken', 'saveTokens', 'exportData', 'readImport', 'applyImport'] as const;
type Effect = (typeof EFFECTS)[number];
interface DataSut extends SystemUnderTest {
  pending: Record<Effect, Deferred<unknown> | null>;
  inputs: Partial<Record<Effect, unknown>>;
}

const ctx = (s: AnyMachineSnapshot) => s.context as LocalDataContext;
const payload = (event: AnyEventObject, key: 'output' | 'error'): unknown => (event as unknown as Record<string, unknown>)[key];
function running(sut: DataSut, name: Effect): Deferred<unknown> {
  const d = sut.pending[name];
  if (!d) throw new Error(`${name} is not running`);
  return d;
}

function Views({ actor }: { actor: ReturnType<typeof createActor<typeof localDataMachine>> }) {
  const view = useSelector(actor, connectLocalData, shallowEqualViewModel);
  return (
    <>
      <div data-testid="environment">
        <EnvironmentPanel view={view} send={actor.send} />
      </div>
      <div data-testid="data">
        <DataPanel view={view} send={actor.send} />
      </div>
    </>
  );
}

const env = () => within(screen.getByTestId('environment'));
const data = () => within(screen.getByTestId('data'));

const driver: ViewDriver<DataSut> = {
  start() {
    const pending = Object.fromEntries(EFFECTS.map((name) => [name, null])) as DataSut['pending'];
    const inputs: DataSut['inputs'] = {};
    const hold = (name: Effect) =>
      fromPromise(({ input }: { input: unknown }) => {
        inputs[name] = input;
        return (pending[name] = deferred<unknown>()).promise;
      });
    const actor = createActor(localDataMachine.provide({ actors: Object.fromEntries(EFFECTS.map((name) => [name, hold(name)])) as never }));
    actor.start();
    render(<Views actor={actor} />);
    return {
      actor,
      pending,
      inputs,
      cleanup: () => {
        cleanup();
        actor.stop();
      },
    };
  },
  events: {
    ...Object.fromEntries(
      EFFECTS.flatMap((name) => [
        [`xstate.done.actor.${name}`, (sut: DataSut, e: AnyEventObject) => act(async () => running(sut, name).resolve(payload(e, 'output')))],
        [`xstate.error.actor.${name}`, (sut: DataSut, e: AnyEventObject) => act(async () => running(sut, name).reject(payload(e, 'error')))],
      ]),
    ),
    'user.retry': () => act(async () => env().getByRole('button', { name: 'Retry' }).click()),
    'user.saveRpc': async (sut, e) => {
      const { url } = e as unknown as { url: string };
      await act(async () => void fireEvent.change(env().getByLabelText(/^Custom RPC URL for /), { target: { value: url } }));
      await act(async () => env().getByRole('button', { name: 'Check and save' }).click());
      if (ctx(sut.actor.getSnapshot() as AnyMachineSnapshot).rpcDraft) expect(sut.inputs.checkRpc ?? null).not.toBeUndefined();
    },
    'user.resetRpc': async (sut, e) => {
      const button = env().queryByRole('button', { name: 'Reset to default' });
      // Offered only while the chain has a custom RPC; the machine accepts it either way.
      await act(async () => (button ? button.click() : sut.actor.send(e)));
    },
    'user.addToken': async (sut, e) => {
      const { address } = e as unknown as { address: string };
      await act(async () => void fireEvent.change(env().getByLabelText(/^Token contract address on /), { target: { value: address } }));
      await act(async () => env().getByRole('button', { name: 'Check and add' }).click());
      if (ctx(sut.actor.getSnapshot() as AnyMachineSnapshot).tokenDraft) expect(sut.inputs.checkToken ?? null).not.toBeUndefined();
    },
    'user.removeToken': async (sut, e) => {
      const { address } = e as unknown as { address: string };
      const button = env().queryByRole('button', { name: new RegExp(`^Remove .* \\(${address}\\)$`) });
      // Offered only for a token in the list; the machine accepts it either way.
      await act(async () => (button ? button.click() : sut.actor.send(e)));
    },
    'user.export': () => act(async () => data().getByRole('button', { name: 'Export local data' }).click()),
    'user.chooseFile': async (_, e) => {
      const { fileName, text } = e as unknown as { fileName: string; text: string };
      const file = new File([text], fileName, { type: 'application/json' });
      await act(async () => {
        fireEvent.change(data().getByLabelText('Export file to import'), { target: { files: [file] } });
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    },
    'user.setImportMode': (_, e) => {
      const { mode } = e as unknown as { mode: string };
      return act(async () => data().getByRole('radio', { name: mode === 'merge' ? /^Merge/ : /^Replace/ }).click());
    },
    'user.confirmImport': (sut) => {
      const mode = ctx(sut.actor.getSnapshot() as AnyMachineSnapshot).importMode;
      return act(async () => data().getByRole('button', { name: mode === 'replace' ? 'Replace local data' : 'Import' }).click());
    },
    'user.cancelImport': () => act(async () => data().getByRole('button', { name: 'Cancel' }).click()),
  },
  states: {
    loading: () => {
      expect(env().getByRole('status')).toHaveTextContent('Loading chains…');
    },
    loadFailed: (sut) => {
      // The live snapshot: the model's vertex collapses context (serializeLocalDataState).
      const s = sut.actor.getSnapshot() as AnyMachineSnapshot;
      expect(env().getByRole('alert')).toHaveTextContent(ctx(s).error ?? '');
    },
    'ready.rpc.idle': (sut) => {
      // The live snapshot: the model's vertex collapses context (serializeLocalDataState).
      const s = sut.actor.getSnapshot() as AnyMachineSnapshot;
      const { rpcError, rpcSaved, chains } = ctx(s);
      expect(env().getAllByRole('listitem')).toHaveLength(chains.length);
      if (rpcError) expect(env().getAllByRole('alert').map((a) => a.textContent)).toContain(rpcError.message);
      if (rpcSaved) expect(env().getAllByRole('status').map((a) => a.textContent).join(' ')).toContain(rpcSaved.reset ? 'Reset.' : 'Saved.');
      expect(env().getByRole('button', { name: 'Check and save' })).toBeEnabled();
    },
    'ready.rpc.checking': () => {
      expect(env().getAllByRole('status').map((a) => a.textContent)).toContain('Checking the RPC…');
      expect(env().getByRole('button', { name: 'Check and save' })).toBeDisabled();
    },
    'ready.rpc.saving': () => {
      expect(env().getByRole('button', { name: 'Check and save' })).toBeDisabled();
    },
    'ready.tokens.idle': (sut) => {
      // The live snapshot: the model's vertex collapses context (serializeLocalDataState).
      const { tokenError, tokenSaved, addedTokens } = ctx(sut.actor.getSnapshot() as AnyMachineSnapshot);
      for (const token of addedTokens['31337'] ?? []) expect(env().getByRole('button', { name: `Remove ${token.symbol} (${token.address})` })).toBeEnabled();
      if (tokenError) expect(env().getAllByRole('alert').map((a) => a.textContent)).toContain(tokenError.message);
      if (tokenSaved) expect(env().getAllByRole('status').map((a) => a.textContent).join(' ')).toContain(tokenSaved.removed ? `Removed ${tokenSaved.symbol}.` : `Added ${tokenSaved.symbol}.`);
      expect(env().getByRole('button', { name: 'Check and add' })).toBeEnabled();
    },
    'ready.tokens.checking': () => {
      expect(env().getAllByRole('status').map((a) => a.textContent)).toContain('Reading the token on the chain…');
      expect(env().getByRole('button', { name: 'Check and add' })).toBeDisabled();
    },
    'ready.tokens.saving': () => {
      expect(env().getByRole('button', { name: 'Check and add' })).toBeDisabled();
    },
    'ready.transfer.idle': (sut) => {
      // The live snapshot: the model's vertex collapses context (serializeLocalDataState).
      const s = sut.actor.getSnapshot() as AnyMachineSnapshot;
      expect(data().getByRole('button', { name: 'Export local data' })).toBeEnabled();
      expect(data().queryByRole('region', { name: 'Import preview' })).toBeNull();
      const { lastExport, lastImport } = ctx(s);
      if (lastExport) expect(data().getByText(/^Exported/)).toHaveTextContent(lastExport.fileName);
      if (lastImport) expect(data().getByText(/^Imported/)).toHaveTextContent(`Imported ${lastImport.written} items`);
    },
    'ready.transfer.exporting': () => {
      expect(data().getByRole('button', { name: 'Exporting…' })).toBeDisabled();
    },
    'ready.transfer.reading': () => {
      expect(data().getByText('Reading the file…')).toBeInTheDocument();
    },
    'ready.transfer.previewing': (sut) => {
      // The live snapshot: the model's vertex collapses context (serializeLocalDataState).
      const s = sut.actor.getSnapshot() as AnyMachineSnapshot;
      const { preview, importMode } = ctx(s);
      const region = data().getByRole('region', { name: 'Import preview' });
      for (const change of preview!.changes) expect(region).toHaveTextContent(change.label);
      for (const error of preview!.errors) expect(region).toHaveTextContent(error);
      const button = within(region).getByRole('button', { name: importMode === 'replace' ? 'Replace local data' : 'Import' });
      if (importMode === 'replace' && preview!.errors.length > 0) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
    },
    'ready.transfer.importing': () => {
      expect(data().getByRole('button', { name: 'Importing…' })).toBeDisabled();
    },
  },
};

describeModel('localData (model-based, real Environment and Data views)', {
  machine: localDataMachine,
  events,
  serializeState: serializeLocalDataState,
  driver,
  states: 'with transitions',
});
