/** Shared pieces of the Safe Apps model tests: deferred effects by name and the app-session wrapper Links need. */
import type { ReactNode } from 'react';
import { createActor, fromPromise, type AnyActorRef, type AnyEventObject } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import type { RuntimeConfig } from '../../src/machines/appSession/appSession.types.ts';
import { DEVNET_SAFE } from '../../src/machines/shared/samples.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { deferred, type Deferred } from '../harness/deferred.ts';

/** Effects held open by name until the test resolves or rejects them; inputs recorded. */
export class Effects {
  readonly pending = new Map<string, Deferred<unknown>>();
  readonly inputs: { name: string; input: unknown }[] = [];

  actor<T, I>(name: string) {
    return fromPromise<T, I>(({ input }) => {
      this.inputs.push({ name, input });
      const d = deferred<unknown>();
      this.pending.set(name, d);
      return d.promise as Promise<T>;
    });
  }

  take(name: string): Deferred<unknown> {
    const d = this.pending.get(name);
    if (!d) throw new Error(`${name} is not running`);
    this.pending.delete(name);
    return d;
  }

  lastInput(name: string): unknown {
    return [...this.inputs].reverse().find((entry) => entry.name === name)?.input;
  }
}

export const payload = <T,>(event: AnyEventObject, key: 'output' | 'error'): T => (event as unknown as Record<string, T>)[key]!;

/** A root actor that never loads its config: enough for <Link>. */
export function startAppSession(): AnyActorRef {
  const app = createActor(appSessionMachine.provide({ actors: { loadConfig: fromPromise<RuntimeConfig>(() => new Promise(() => {})) } }), {
    input: { location: { path: '/apps', search: `?safe=devnet:${DEVNET_SAFE}` }, theme: 'light' },
  });
  app.start();
  return app;
}

export function WithApp({ app, children }: { app: AnyActorRef; children: ReactNode }) {
  return <AppSessionProvider actor={app as never}>{children}</AppSessionProvider>;
}
