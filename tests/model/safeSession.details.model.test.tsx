/**
 * Model-based test of the details machine (transactions and messages) through the real Transaction details
 * and Message details screens. The item is opened by navigating (the route's `?id=` / `?messageHash=`), its
 * load and local hashing are held in deferred promises, and each outcome (verified, mismatch, nothing to
 * hash, failures with retry) is asserted on screen.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { ReactNode } from 'react';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import { messageDetailsMachine, txDetailsMachine } from '../../src/machines/safeSession/details.machine.ts';
import type { RuntimeConfig } from '../../src/machines/appSession/appSession.types.ts';
import type { DetailsRequest, HashCheck, MessageHashes } from '../../src/machines/safeSession/details.types.ts';
import { safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import type { BalancesRequest, SafeBalances } from '../../src/machines/safeSession/safeSession.types.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { MessageDetailsScreen } from '../../src/views/safeSession/Messages.tsx';
import { SafeSessionProvider } from '../../src/views/safeSession/safeSessionContext.tsx';
import { TxDetailsScreen } from '../../src/views/safeSession/TxDetails.tsx';
import { deferred, type Deferred } from '../harness/deferred.ts';
import { describeModel, withErrorInstances, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import {
  SAFE,
  chain,
  detailsEvents,
  detailsSampleInput,
  message,
  sampleSafeInfo as safeInfo,
  sampleTxDetails as txDetails,
  serializeDetailsState,
  txKeys,
  txMismatch,
  txVerified,
} from '../../src/machines/safeSession/safeSession.samples.ts';
import { quietWatcher } from '../harness/quietWatcher.ts';

const h = (byte: string) => `0x${byte.repeat(32)}`;

interface Variant {
  name: string;
  machine: AnyStateMachine;
  child: 'txDetails' | 'messageDetails';
  actorKey: 'txDetails' | 'messageDetails';
  path: string;
  param: string;
  keys: [string, string];
  details: unknown;
  screen: ReactNode;
  what: string;
  hashName: string;
  hashLabels: string[];
  verified: HashCheck<unknown>;
  mismatch: HashCheck<unknown>;
  contentCheck: (check: HashCheck<unknown> | null, checking: boolean) => void;
  /** The connected wallet the Safe session knows (marks "(you)" and "You already signed"). */
  wallet?: string;
}

const msgHashes: MessageHashes = { domainHash: h('d1'), contentHash: h('c3'), safeMessageHash: message.messageHash };

const variants: Variant[] = [
  {
    name: 'txDetails',
    machine: txDetailsMachine,
    child: 'txDetails',
    actorKey: 'txDetails',
    path: '/transactions/tx',
    param: 'id',
    keys: txKeys,
    details: txDetails,
    screen: <TxDetailsScreen />,
    what: 'transaction',
    hashName: 'safeTxHash',
    hashLabels: ['Domain hash', 'Message hash', 'safeTxHash'],
    verified: txVerified,
    mismatch: txMismatch,
    // The owner whose confirmation the sample lists is the connected wallet.
    wallet: safeInfo.owners[0]!.value,
    contentCheck: (check, checking) => {
      expect(screen.getByRole('heading', { name: 'Sent' })).toBeInTheDocument();
      // A link to send to a co-signer: this page's address with the Safe in it.
      expect(screen.getByRole('button', { name: 'Copy link to this transaction' })).toBeInTheDocument();
      if (check?.onChain) {
        // Confirmations verified on chain: counted, each with its verdict; the missing owners from the chain's list.
        expect(screen.getByRole('heading', { name: 'Confirmations (1 of 2 verified)' })).toBeInTheDocument();
        expect(screen.getByRole('list', { name: 'Confirmations' })).toHaveTextContent(`${safeInfo.owners[0]!.value} Verified.`);
        expect(screen.getByRole('list', { name: 'Missing signers' })).toHaveTextContent(safeInfo.owners[1]!.value);
        expect(screen.getByRole('list', { name: 'Missing signers' })).not.toHaveTextContent('(you)');
        expect(screen.getByText('You already signed (your signature is verified).')).toBeInTheDocument();
        expect(screen.getByRole('region', { name: 'Simulation' })).toHaveTextContent('The transaction succeeds.');
      } else {
        // Not verified here: listed as the gateway's, nothing counted, no missing signers claimed.
        expect(screen.getByRole('heading', { name: 'Confirmations (1 listed by the gateway, not verified here)' })).toBeInTheDocument();
        expect(screen.getByRole('list', { name: 'Listed by the gateway (not verified)' })).toHaveTextContent(`${safeInfo.owners[0]!.value} (you)`);
        expect(screen.getByText('You already signed.')).toBeInTheDocument();
        expect(screen.getByText(checking ? 'Checking each confirmation against the chain…' : 'The confirmations could not be checked here: nothing counts as verified.')).toBeInTheDocument();
        expect(screen.queryByRole('list', { name: 'Missing signers' })).toBeNull();
        expect(screen.queryByRole('region', { name: 'Simulation' })).toBeNull();
      }
    },
  },
  {
    name: 'messageDetails',
    machine: messageDetailsMachine,
    child: 'messageDetails',
    actorKey: 'messageDetails',
    path: '/transactions/msg',
    param: 'messageHash',
    keys: [message.messageHash, h('7b')],
    details: message,
    screen: <MessageDetailsScreen />,
    what: 'message',
    hashName: 'SafeMessage hash',
    hashLabels: ['Domain hash', 'Message hash', 'SafeMessage hash'],
    verified: { hashes: msgHashes, computed: msgHashes.safeMessageHash, expected: message.messageHash },
    mismatch: { hashes: { ...msgHashes, safeMessageHash: h('ef') }, computed: h('ef'), expected: message.messageHash },
    contentCheck: () => {
      expect(screen.getByLabelText('Message content')).toHaveTextContent('Hello Safe devnet');
      expect(screen.getByRole('heading', { name: 'Confirmations (1 of 2)' })).toBeInTheDocument();
    },
  },
];

interface DetailsSut extends SystemUnderTest {
  app: AnyActorRef;
  loads: string[];
  pending: { load: Deferred<unknown> | null; hash: Deferred<HashCheck<unknown>> | null };
}

const outputOf = <T,>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const errorOf = (event: AnyEventObject): unknown => (event as unknown as { error: unknown }).error;
const texts = (role: 'status' | 'alert') => screen.queryAllByRole(role).map((el) => el.textContent ?? '');
const hasText = (role: 'status' | 'alert', text: string) => texts(role).some((t) => t.includes(text));
const never = () => new Promise<never>(() => {});
function current<T>(d: Deferred<T> | null, name: string): Deferred<T> {
  if (!d) throw new Error(`${name} is not running`);
  return d;
}

for (const v of variants) {
  const events = withErrorInstances(detailsEvents(v.keys, v.details, v.verified, v.mismatch));

  const actual = (sut: DetailsSut) => sut.actor.getSnapshot() as AnyMachineSnapshot;

  const driver: ViewDriver<DetailsSut> = {
    async start() {
      const pending: DetailsSut['pending'] = { load: null, hash: null };
      const loads: string[] = [];
      // Both variants come from one factory; the stubs are typed loosely because they serve either.
      const stubs = {
        actors: {
          loadDetails: fromPromise<unknown, DetailsRequest>(({ input }) => (loads.push(input.key), (pending.load = deferred<unknown>()).promise)),
          computeHashes: fromPromise<HashCheck<unknown>>(() => (pending.hash = deferred<HashCheck<unknown>>()).promise),
        },
      };
      const provided = (v.machine as typeof txDetailsMachine).provide(stubs as unknown as Parameters<typeof txDetailsMachine.provide>[0]);
      const session = createActor(
        safeSessionMachine.provide({
          actors: {
            loadChains: fromPromise(async () => [chain]),
            loadSafeInfo: fromPromise(async () => safeInfo),
            watchSafeInfo: quietWatcher,
            loadBalances: fromPromise<SafeBalances, BalancesRequest>(never),
            loadFiatCodes: fromPromise<string[]>(never),
            [v.actorKey]: provided,
          },
        }),
        { input: { safe: { shortName: 'devnet', address: SAFE }, ...(v.wallet ? { walletAddress: v.wallet } : {}) } },
      );
      session.start();
      await waitFor(session, (s) => s.matches('ready'));
      // A started root whose config never loads: it only keeps the location, which navigation changes.
      const app = createActor(appSessionMachine.provide({ actors: { loadConfig: fromPromise<RuntimeConfig>(never) } }), {
        input: { location: { path: v.path, search: `?safe=devnet:${SAFE}` }, theme: 'light' },
      }).start();
      render(
        <AppSessionProvider actor={app}>
          <SafeSessionProvider actor={session}>{v.screen}</SafeSessionProvider>
        </AppSessionProvider>,
      );
      const actor = session.getSnapshot().children[v.child] as AnyActorRef;
      return { actor, app, loads, pending, cleanup: () => { cleanup(); session.stop(); app.stop(); } };
    },
    events: {
      'user.open': async (sut, e) => {
        const key = (e as unknown as { key: string }).key;
        await act(async () => sut.app.send({ type: 'system.locationChanged', path: v.path, search: `?safe=devnet:${SAFE}&${v.param}=${encodeURIComponent(key)}` }));
        expect(sut.loads.at(-1)).toBe(key);
      },
      'xstate.done.actor.loadDetails': (sut, e) => act(async () => current(sut.pending.load, 'loadDetails').resolve(outputOf(e))),
      'xstate.error.actor.loadDetails': (sut, e) => act(async () => current(sut.pending.load, 'loadDetails').reject(errorOf(e))),
      'xstate.done.actor.computeHashes': (sut, e) => act(async () => current(sut.pending.hash, 'computeHashes').resolve(outputOf(e))),
      'xstate.error.actor.computeHashes': (sut, e) => act(async () => current(sut.pending.hash, 'computeHashes').reject(errorOf(e))),
      'user.retry': async (sut) => {
        const name = actual(sut).matches('hashFailed') ? 'Retry computing the hashes' : `Retry loading the ${v.what}`;
        await act(async () => screen.getByRole('button', { name }).click());
      },
      'system.refresh': async (sut, e) => {
        const before = sut.loads.length;
        await act(async () => sut.actor.send(e));
        expect(sut.loads.length).toBe(before + 1);
      },
    },
    states: {
      idle: () => {
        expect(screen.getByText(`No ${v.what} selected.`)).toBeInTheDocument();
      },
      loading: () => {
        expect(hasText('status', `Loading the ${v.what}…`)).toBe(true);
      },
      failed: (sut) => {
        expect(hasText('alert', `Could not load the ${v.what}. ${actual(sut).context.error}`)).toBe(true);
        expect(screen.getByRole('button', { name: `Retry loading the ${v.what}` })).toBeEnabled();
      },
      hashing: () => {
        expect(hasText('status', 'Computing the hashes locally…')).toBe(true);
        v.contentCheck(null, true);
      },
      hashFailed: (sut) => {
        expect(hasText('alert', `Could not compute the hashes locally. ${actual(sut).context.error}`)).toBe(true);
        expect(screen.getByRole('button', { name: 'Retry computing the hashes' })).toBeEnabled();
        v.contentCheck(null, false);
      },
      verified: (sut) => {
        const check = actual(sut).context.check as HashCheck<Record<string, string>>;
        expect(screen.getByLabelText('Hash check')).toHaveTextContent(`The gateway’s ${v.hashName} matches the one computed locally.`);
        expect(texts('alert')).toEqual([]);
        const values = Object.values(check.hashes ?? {});
        v.hashLabels.forEach((label, i) => {
          expect(screen.getByLabelText(label, { selector: 'code' })).toHaveTextContent(values[i]!);
          expect(screen.getByRole('button', { name: `Copy ${label}` })).toBeInTheDocument();
        });
        v.contentCheck(check, false);
      },
      mismatch: (sut) => {
        const check = actual(sut).context.check as HashCheck<unknown>;
        expect(hasText('alert', `Hash mismatch. The ${v.hashName} the gateway gives (${check.expected}) differs from the one computed locally (${check.computed}).`)).toBe(true);
        expect(screen.getByLabelText(v.hashLabels[2]!, { selector: 'code' })).toHaveTextContent(check.computed!);
        v.contentCheck(check, false);
      },
      unhashed: (sut) => {
        expect(screen.getByLabelText('Hash check')).toHaveTextContent(`Nothing to hash: this is not a Safe multisig ${v.what}.`);
        expect(screen.queryByRole('heading', { name: 'Verify' })).toBeNull();
        v.contentCheck(actual(sut).context.check as HashCheck<unknown>, false);
      },
    },
  };

  describeModel(`${v.name} (model-based, real screen)`, { machine: v.machine, input: detailsSampleInput, events, serializeState: serializeDetailsState, driver, name: v.name });
}
