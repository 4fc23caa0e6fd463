/**
 * Model-based test of bridgeSession through the real /apps/open view: a Safe App opened to `running`, whose
 * session is the machine under test. Requests arrive the way the host listener hands them over
 * (`bridge.request` sent back by the listener actor), a reply comes from the request child itself (its
 * `getSessionInfo` resolved), and the theme and close commands are sent to the session as the composition
 * root would. Every path ends with the listener having been told exactly what the session forwarded.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromCallback, waitFor, type AnyActorRef, type AnyEventObject } from 'xstate';
import { bridgeRequestMachine } from '../../src/machines/bridgeRequest/bridgeRequest.machine.ts';
import { bridgeSessionSampleEvents, bridgeSessionSampleInput, session } from '../../src/machines/bridgeRequest/bridgeRequest.samples.ts';
import type { BridgeSessionInfo, GetSessionInfoInput } from '../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { bridgeSessionMachine, requestActorId, withSessionReplies, type BridgeListenerCommand, type BridgeListenerInput } from '../../src/machines/bridgeRequest/bridgeSession.machine.ts';
import { BRIDGE_SESSION_ID, openAppMachine } from '../../src/machines/safeApps/openApp.machine.ts';
import type { AppInfo } from '../../src/machines/safeApps/safeApps.types.ts';
import { createAppFrameRegistry } from '../../src/services/bridge.ts';
import { OpenAppView } from '../../src/views/safeApps/OpenAppScreen.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { Effects, WithApp, startAppSession } from './safeApps.support.tsx';

const HOST = 'http://wallet.test';
const { appOrigin } = bridgeSessionSampleInput;
const INFO: AppInfo = { url: `${appOrigin}/hello`, name: 'Hello', description: 'Says hello', iconUrl: null, listed: true, browserPermissions: [], permissions: [] };
const sessionInfo: BridgeSessionInfo = session({ hostOrigin: HOST });
const requestEvent = bridgeSessionSampleEvents.find((e) => e.type === 'bridge.request')!;

interface SessionSut extends SystemUnderTest {
  effects: Effects;
  listener: { input: BridgeListenerInput | null; sendBack: ((event: AnyEventObject) => void) | null; commands: BridgeListenerCommand[] };
}

const children = (sut: SessionSut) => sut.actor.getSnapshot().children as Record<string, AnyActorRef | undefined>;

const driver: ViewDriver<SessionSut> = {
  async start() {
    const effects = new Effects();
    const listener: SessionSut['listener'] = { input: null, sendBack: null, commands: [] };
    const bridgeListener = fromCallback<BridgeListenerCommand, BridgeListenerInput>(({ input, sendBack, receive }) => {
      listener.input = input;
      listener.sendBack = sendBack as never;
      receive((command) => void listener.commands.push(command));
    });
    const bridgeRequest = withSessionReplies(bridgeRequestMachine.provide({ actors: { getSessionInfo: effects.actor<BridgeSessionInfo, GetSessionInfoInput>('getSessionInfo') } }));
    const open = createActor(
      openAppMachine.provide({ actors: { loadAppInfo: effects.actor('loadAppInfo'), bridgeSession: bridgeSessionMachine.provide({ actors: { bridgeListener, bridgeRequest } }) } }),
      { input: { appUrl: INFO.url, hostOrigin: HOST, chainId: '31337' } },
    );
    const app = startAppSession();
    open.start();
    render(
      <WithApp app={app}>
        <OpenAppView actor={open} frames={createAppFrameRegistry()} hostOrigin={HOST} />
      </WithApp>,
    );
    // Open the app through the view: its info, then the user continues.
    await act(async () => effects.take('loadAppInfo').resolve(INFO));
    await act(async () => screen.getByRole('button', { name: 'Continue' }).click());
    await waitFor(open, (s) => s.matches('running'));
    const actor = open.getSnapshot().children[BRIDGE_SESSION_ID] as AnyActorRef;
    return { actor, effects, listener, cleanup: () => (cleanup(), open.stop(), app.stop()) };
  },
  events: {
    'bridge.request': async (sut, e) => {
      await act(async () => sut.listener.sendBack?.(e));
      expect(children(sut)[requestActorId((e as unknown as { request: { id: string } }).request.id)]).toBeDefined();
    },
    // The request child answers from the session facts and sends its one reply to the session (the sample
    // request is handed over first when none is waiting for them).
    'bridge.reply': async (sut, e) => {
      if (!sut.effects.pending.has('getSessionInfo')) await act(async () => sut.listener.sendBack?.(requestEvent));
      await act(async () => sut.effects.take('getSessionInfo').resolve(sessionInfo));
      expect(sut.listener.commands.at(-1)).toEqual({ type: 'bridge.reply', id: (e as unknown as { id: string }).id, reply: { success: true, data: expect.anything() } });
    },
    'bridge.theme': async (sut, e) => {
      await act(async () => sut.actor.send(e));
      expect(sut.listener.commands.at(-1)).toEqual(e);
    },
    'user.closeApp': (sut, e) => act(async () => sut.actor.send(e)),
  },
  states: {
    open: (sut) => {
      expect(sut.listener.input).toEqual({ appOrigin });
      expect(screen.getByTitle('Hello')).toHaveAttribute('src', INFO.url);
      expect(screen.getByLabelText('App requests')).toBeInTheDocument();
    },
    closed: (sut) => {
      expect(sut.actor.getSnapshot().status).toBe('done');
      // Nothing is answered or forwarded once the app is closed.
      expect(Object.keys(children(sut))).toEqual([]);
    },
  },
};

describeModel('bridgeSession (model-based, real /apps/open view)', {
  machine: bridgeSessionMachine,
  input: bridgeSessionSampleInput,
  events: bridgeSessionSampleEvents,
  driver,
  states: 'with transitions',
});
