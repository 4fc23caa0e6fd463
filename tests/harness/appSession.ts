/**
 * A started root actor for views rendered on their own (dialogs, components) that contain in-app links: its config
 * never loads, so it stays booting at the given location (spy on its `send` to see what a link asks for).
 */
import { createActor, fromPromise } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import type { RuntimeConfig } from '../../src/machines/appSession/appSession.types.ts';

export function idleAppSession(location: { path: string; search: string } = { path: '/home', search: '' }) {
  const app = createActor(appSessionMachine.provide({ actors: { loadConfig: fromPromise<RuntimeConfig>(() => new Promise(() => {})) } }), {
    input: { location, theme: 'light' },
  });
  app.start();
  return app;
}
