import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import type { GatewayProbe, RuntimeConfig } from '../../src/machines/appSession/appSession.types.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { StatechartsScreen } from '../../src/views/statecharts/StatechartsScreen.tsx';
import { deferred, type Deferred } from '../harness/deferred.ts';

afterEach(cleanup);

function start() {
  const pending: { config: Deferred<RuntimeConfig> | null; probe: Deferred<GatewayProbe> | null } = { config: null, probe: null };
  const actor = createActor(
    appSessionMachine.provide({
      actors: {
        loadConfig: fromPromise(() => (pending.config = deferred<RuntimeConfig>()).promise),
        probeGateway: fromPromise(() => (pending.probe = deferred<GatewayProbe>()).promise),
      },
    }),
    { input: { location: { path: '/statecharts', search: '' }, theme: 'light' } },
  );
  actor.start();
  render(
    <AppSessionProvider actor={actor}>
      <StatechartsScreen />
    </AppSessionProvider>,
  );
  return { actor, pending };
}

const active = (machine: string) =>
  [...screen.getByTestId(`diagram-${machine}`).querySelectorAll('[data-active="true"]')].map((n) => n.getAttribute('data-state-id'));

describe('/statecharts', () => {
  it('lists every registered machine with its generated diagram and definition hash', async () => {
    start();
    const nav = screen.getByRole('navigation', { name: 'Machines' });
    for (const entry of MACHINES) {
      expect(within(nav).getByRole('link', { name: entry.title })).toHaveAttribute('href', `#machine-${entry.id}`);
      const section = screen.getByRole('region', { name: entry.title });
      expect(within(section).getByRole('img', { name: `Statechart of ${entry.id}` })).toBeInTheDocument();
    }
    // Each hash arrives on its own (a digest each): wait for all of them, not for the first render that shows one.
    await waitFor(() => expect(screen.getAllByTitle(/^[0-9a-f]{64}$/)).toHaveLength(MACHINES.length), { timeout: 15_000 });
  }, 30_000); // renders every machine's diagram: slow under load

  it('highlights the current state of the running root actor, live', async () => {
    const { pending } = start();
    expect(screen.getByTestId('current-appSession')).toHaveTextContent('booting');
    expect(active('appSession')).toEqual(['appSession.booting']);

    await act(async () => pending.config!.resolve({ gatewayUrl: 'http://gateway.test', rpcOverrides: {}, devnet: null }));
    expect(screen.getByTestId('current-appSession')).toHaveTextContent('running.gateway.checkingGateway & eventLog.saving');
    expect(active('appSession')).toEqual(['appSession.running', 'appSession.running.gateway', 'appSession.running.gateway.checkingGateway', 'appSession.running.eventLog', 'appSession.running.eventLog.saving']);

    await act(async () => pending.probe!.reject(new Error('down')));
    expect(screen.getByTestId('current-appSession')).toHaveTextContent('running.gateway.gatewayUnreachable & eventLog.saving');
    expect(active('appSession')).toEqual(['appSession.running', 'appSession.running.gateway', 'appSession.running.gateway.gatewayUnreachable', 'appSession.running.eventLog', 'appSession.running.eventLog.saving']);
  }, 30_000);
});

describe('running actors', () => {
  it('include machine children (flows) with their active states', async () => {
    const { setup, createActor: create } = await import('xstate');
    const { runningActors } = await import('../../src/views/statecharts/activeStates.ts');
    const flow = setup({}).createMachine({ id: 'txFlow', initial: 'review', states: { review: { on: { 'user.sign': 'signing' } }, signing: {} } });
    const root = setup({ actors: { flow } }).createMachine({ id: 'root', type: 'parallel', states: { a: {}, b: {} }, invoke: { id: 'tx-1', src: 'flow' } });
    const actor = create(root).start();
    expect(runningActors('root', actor.getSnapshot())).toEqual([
      { actorId: 'root', machineId: 'root', state: 'a & b', activeIds: ['root.a', 'root.b'] },
      { actorId: 'tx-1', machineId: 'txFlow', state: 'review', activeIds: ['txFlow.review'] },
    ]);
    actor.getSnapshot().children['tx-1']!.send({ type: 'user.sign' });
    expect(runningActors('root', actor.getSnapshot())[1]).toMatchObject({ state: 'signing', activeIds: ['txFlow.signing'] });
  });
});
