/**
 * Shared driver parts of the account-services model tests: effects held in deferred promises (by actor src,
 * with the inputs they were started with); the plan-run-cover loop is the harness's modelTests.
 */
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createActor, fromPromise, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { deferred, type Deferred } from '../harness/deferred.ts';
import type { SystemUnderTest, ViewDriver } from '../harness/modelHarness.ts';

export interface EffectsSut extends SystemUnderTest {
  pending: Map<string, Deferred<unknown>>;
  inputs: Map<string, unknown[]>;
}

/** The machine with each named effect held open in a deferred promise; starts it and renders `view(actor)`. */
export function startWithDeferredEffects(machine: AnyStateMachine, effects: string[], input: unknown, view: (actor: AnyActorRef) => ReactElement): EffectsSut {
  const pending = new Map<string, Deferred<unknown>>();
  const inputs = new Map<string, unknown[]>();
  const actors = Object.fromEntries(
    effects.map((name) => [
      name,
      fromPromise(({ input: effectInput }: { input: unknown }) => {
        inputs.set(name, [...(inputs.get(name) ?? []), effectInput]);
        const d = deferred<unknown>();
        pending.set(name, d);
        return d.promise;
      }),
    ]),
  );
  const actor = createActor(machine.provide({ actors } as never), { input } as never);
  actor.start();
  render(view(actor));
  return {
    actor,
    pending,
    inputs,
    cleanup: () => {
      cleanup();
      actor.stop();
    },
  };
}

export const snapshotOf = (sut: SystemUnderTest) => sut.actor.getSnapshot() as AnyMachineSnapshot;

/** Executors for `xstate.done.actor.<id>` / `xstate.error.actor.<id>`: settle the running effect `src`. */
export function settleExecutors(ids: Record<string, string>): ViewDriver<EffectsSut>['events'] {
  const out: ViewDriver<EffectsSut>['events'] = {};
  for (const [id, src] of Object.entries(ids)) {
    const running = (sut: EffectsSut) => {
      const d = sut.pending.get(src);
      if (!d) throw new Error(`${src} is not running`);
      sut.pending.delete(src);
      return d;
    };
    out[`xstate.done.actor.${id}`] = (sut, e) => act(async () => running(sut).resolve((e as { output?: unknown }).output));
    out[`xstate.error.actor.${id}`] = (sut, e) => act(async () => running(sut).reject((e as { error?: unknown }).error));
  }
  return out;
}

export const sendAsIs = (sut: SystemUnderTest, e: AnyEventObject) => act(async () => sut.actor.send(e));
