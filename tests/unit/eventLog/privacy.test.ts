/**
 * Personal data and credentials never reach the event log (issue 18, security review F4, decision 0048): every
 * registered machine is driven through the real capture with distinctive values in the fields it declares private,
 * and nothing written to the store (records, snapshots, heads) may contain them; the redacted streams still verify
 * and replay; a machine whose events carry a field named like personal data must declare it (or be listed here as
 * public by design, with the reason).
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { isEmailAddress, isUuid } from '../../../src/machines/accountServices/accountServices.logic.ts';
import { BOOT_MACHINES } from '../../../src/machines/registry.boot.ts';
import { MACHINES, findMachine, type RegisteredMachine } from '../../../src/machines/registry.ts';
import { CREATE_SAFE_ID } from '../../../src/machines/createSafe/createSafe.machine.ts';
import { REDACTED, REDACTED_EMAIL, REDACTED_UUID, redactedValue, redactorFor, redactPaths } from '../../../src/machines/privateFields.ts';
import { contextDigest, createAuditService, createEventCapture, exportNdjson, REDACTED as LOG_REDACTED, restoreStream, verifyNdjson, type JsonValue } from '../../../src/services/eventLog/index.ts';
import { distinctiveSamples, driveThroughCapture, inert, privateLeaves, RecordingStore, stringsIn, type DistinctiveSamples } from './privacyFixtures.ts';

describe('placeholders keep what the machines check', () => {
  const values = ['owner@example.com', '  owner@example.com ', 'not an address', 'a@b', '123456', ' 123456 ', '', '   ', '3f2b1c9e-6a47-4d2b-9c1e-0d8f7a6b5c4d', ' 3f2b1c9e-6a47-4d2b-9c1e-0d8f7a6b5c4d', 'nope', `0x${'cd'.repeat(65)}`];

  it.each(values)('%j: same e-mail, uuid and blank verdicts; trimming commutes; a placeholder maps to itself', (value) => {
    const placeholder = redactedValue(value) as string;
    expect(isEmailAddress(placeholder)).toBe(isEmailAddress(value));
    expect(isUuid(placeholder)).toBe(isUuid(value));
    expect(placeholder.trim().length > 0).toBe(value.trim().length > 0);
    expect(redactedValue(placeholder)).toBe(placeholder);
    expect(redactedValue(value.trim())).toBe(placeholder.trim());
    if (value.trim()) expect([REDACTED, REDACTED_EMAIL, REDACTED_UUID]).toContain(placeholder);
  });

  it('redacts what a path leads to, item by item through arrays, everything under an object, and leaves the rest and the input alone', () => {
    const value: JsonValue = { output: { uuid: 'x-1', signatures: ['0xaa', '0xbb'], chainId: '1' }, list: [{ email: 'a@b.co', n: 1 }, { email: ' ' }], auth: { signature: '0x1', timestamp: 17 }, kept: null };
    const before = structuredClone(value);
    expect(redactPaths(value, ['output.uuid', 'output.signatures', 'list.email', 'auth', 'missing.path', 'kept.deeper'])).toEqual({
      output: { uuid: REDACTED, signatures: [REDACTED, REDACTED], chainId: '1' },
      list: [{ email: REDACTED_EMAIL, n: 1 }, { email: ' ' }],
      auth: { signature: REDACTED, timestamp: REDACTED },
      kept: null,
    });
    expect(value).toEqual(before);
  });
});

/** Everything a run wrote, as one list of strings. */
async function writtenStrings(store: RecordingStore): Promise<string[]> {
  const { records, snapshots, heads } = await store.written();
  return stringsIn([records, snapshots, heads] as unknown as JsonValue);
}

const leaked = (strings: string[], privateValues: string[]) => privateValues.filter((value) => strings.some((s) => s.includes(value)));

const withPrivate = MACHINES.filter((entry) => entry.privateFields);

/**
 * The walks to every state take longest for emailAlerts (822 shortest paths with its device input and the gateway
 * asked first, decision 0078): ~24 s with the machine's two cores half busy, ~50 s with them fully shared, so the
 * 30 s default fails on a loaded machine. They get two minutes.
 */
const WALK_TIMEOUT_MS = 120_000;

/**
 * The walk through the real capture, once per machine: the leak check and the export check read the same records (the
 * walk is deterministic: same paths, clock and ids), and emailAlerts' walk alone takes a quarter of this file's time.
 * Machines with private fields go to every state; the others (no private value to find) send every event once.
 */
const walks = new Map<string, Promise<{ samples: DistinctiveSamples; store: RecordingStore; failures: Error[]; streams: string[] }>>();
const walkOf = (entry: RegisteredMachine) => {
  let walk = walks.get(entry.id);
  if (!walk) {
    const samples = distinctiveSamples(entry);
    const store = new RecordingStore();
    const failures: Error[] = [];
    walk = driveThroughCapture(entry, samples, store, failures, entry.privateFields !== undefined).then((streams) => ({ samples, store, failures, streams }));
    walks.set(entry.id, walk);
  }
  return walk;
};

describe('no private value reaches the store, for every registered machine', () => {
  it('the account-services screens declare their personal data, and the local-data screen its RPC URLs and imported file', () => {
    expect(withPrivate.map((entry) => entry.id).sort()).toEqual(['delegatesList', 'emailAlerts', 'localData', 'pushNotifications', 'recoveryRegistration', 'unsubscribe']);
  });

  it.each(MACHINES.map((entry) => [entry.id, entry] as const))('%s: every sample event on the way to every state, through the real capture', async (_id, entry) => {
    const { samples, store, failures } = await walkOf(entry);
    expect(failures).toEqual([]);
    expect(store.records.length).toBeGreaterThan(0);
    expect(leaked(await writtenStrings(store), samples.privateValues)).toEqual([]);
    // The digest in stateAfter covers the context as stored: the redacted one (snapshotEvery 1 caches each).
    for (const snapshot of store.snapshotsWritten) {
      const record = store.records.find((r) => r.streamId === snapshot.streamId && r.seq === snapshot.seq)!;
      expect(record.stateAfter.digest).toBe(await contextDigest(snapshot.context));
    }
  }, WALK_TIMEOUT_MS);

  it('the registry gives every entry that declares private fields its redaction, with the event log’s mark', () => {
    expect(REDACTED).toBe(LOG_REDACTED);
    for (const entry of MACHINES) expect(entry.redactor !== undefined, entry.id).toBe(entry.privateFields !== undefined);
  });

  it.each(withPrivate.map((entry) => [entry.id, entry] as const))('%s: without its declaration the same walk writes its private values (the check can fail)', async (_id, entry) => {
    const { privateFields: _dropped, redactor: _redactor, ...bare } = entry;
    const samples = distinctiveSamples(entry);
    const store = new RecordingStore();
    await driveThroughCapture(bare as RegisteredMachine, samples, store);
    const strings = await writtenStrings(store);
    // Every distinctive value is written somewhere when nothing redacts it: the walk reaches every declared field.
    expect(leaked(strings, samples.privateValues)).toEqual(samples.privateValues);
    // ... and the context paths matter on their own: with only the payloads redacted, the snapshots still leak.
    const payloadsOnly = new RecordingStore();
    const eventsOnly = { events: entry.privateFields!.events ?? {} };
    await driveThroughCapture({ ...entry, privateFields: eventsOnly, redactor: redactorFor(eventsOnly) }, samples, payloadsOnly);
    const { records, snapshots } = await payloadsOnly.written();
    expect(leaked(stringsIn(records.map((r) => r.payload)), samples.privateValues)).toEqual([]);
    expect(leaked(stringsIn(snapshots as unknown as JsonValue), samples.privateValues).length).toBeGreaterThan(0);
  }, WALK_TIMEOUT_MS);

  it.each(withPrivate.map((entry) => [entry.id, entry] as const))('%s: every redacted stream exports, verifies and replays exactly', async (_id, entry) => {
    const { samples, store, streams } = await walkOf(entry);
    for (const streamId of streams) {
      const text = await exportNdjson(await store.readStream(streamId), { app: { name: 'countersign', version: 'test' }, exportedAt: '2026-11-29T09:00:00.000Z' });
      const report = await verifyNdjson(text, MACHINES);
      expect(report.problem, streamId).toBeNull();
      expect(report.summary).toMatch(/^OK: /);
      expect(leaked([text], samples.privateValues)).toEqual([]);
    }
  }, WALK_TIMEOUT_MS);

  it('every declared event type is one the machine receives, and every declared path reaches a value in its samples', () => {
    for (const entry of withPrivate) {
      for (const [type, paths] of Object.entries(entry.privateFields!.events ?? {})) {
        const events: AnyEventObject[] = type === 'xstate.init' ? [entry.sampleInput, ...(entry.extraSampleInputs ?? [])].map((input) => ({ type, input })) : entry.sampleEvents.filter((e) => e.type === type);
        expect(events.length, `${entry.id} ${type}`).toBeGreaterThan(0);
        for (const path of paths) expect(events.flatMap((e) => privateLeaves(e, [path])).length, `${entry.id} ${type} ${path}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('the events a failed store could not save', () => {
  it('are offered as text with the same redaction (the persistence alert’s download)', async () => {
    const entry = findMachine('emailAlerts')!;
    const samples = distinctiveSamples(entry);
    const store = new RecordingStore();
    store.failure = new Error('QuotaExceededError: the disk is full');
    const failures: Error[] = [];
    const streamId = 'session/emailAlerts:visit#1';
    const capture = createEventCapture({ store, machines: MACHINES, streamIdFor: () => streamId, onFailure: (_, error) => failures.push(error) });
    const actor = createActor(inert(entry.machine), { input: samples.inputs[0] as never, inspect: capture.inspect });
    actor.start();
    for (const event of samples.events.filter((e) => !e.type.startsWith('xstate.error.'))) actor.send(event);
    await capture.flush();
    actor.stop();
    expect(failures.map((e) => e.message)).toEqual(['QuotaExceededError: the disk is full']);
    const text = createAuditService({ store, capture, machines: MACHINES, app: { name: 'countersign', version: 'test' }, currentStreamId: streamId }).unsavedText();
    expect(text).toContain('user.submitEmail');
    expect(text).toContain(REDACTED_EMAIL);
    expect(leaked([text!], samples.privateValues)).toEqual([]);
  });
});

// ───────────── a new machine cannot forget ─────────────

/** Keys that name personal data or a credential. */
const PERSONAL_KEY = /^(e-?mail(address)?|code|verificationcode|otp|pin|passcode|token|\w*token|signatures?|\w*signature|uuid|deviceid|timestamp|phone(number)?)$/i;
const EMAIL_VALUE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An on-chain address is public (a token, a Safe, an owner). */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Fields named like personal data that are public by design, per machine, with the reason. */
const PUBLIC_BY_DESIGN: Readonly<Record<string, { keys: RegExp; why: string }>> = {
  transactionFlow: { keys: /^signature$/, why: 'owners’ EIP-712 signatures over the SafeTx: what the audit trail anchors (decision 0048)' },
  bulkExecuteFlow: { keys: /^signature$/, why: 'the confirmations of the transactions executed: public on the gateway and on chain' },
  details: { keys: /^signature$/, why: 'a transaction’s confirmations as the gateway shows them to anyone' },
  messageFlow: { keys: /^(signature|preparedSignature)$/, why: 'owners’ signatures over the SafeMessage: the audit trail’s anchors' },
  bridgeRequest: { keys: /^signature$/, why: 'the Safe message signature handed back to the app' },
  deleteTxFlow: { keys: /^signature$/, why: 'the owner’s EIP-712 delete request for one queued transaction: it can delete only that transaction, and is the record of who deleted it' },
};

/** Sample payload fields named like personal data (or holding an e-mail address) that the entry neither declares private nor lists as public. */
function undeclaredPersonalFields(entry: RegisteredMachine): string[] {
  const problems = new Set<string>();
  const events: AnyEventObject[] = [...[entry.sampleInput, ...(entry.extraSampleInputs ?? [])].map((input) => ({ type: 'xstate.init', input })), ...entry.sampleEvents];
  for (const event of events) {
    const { type, ...payload } = event;
    const declared = entry.privateFields?.events?.[type] ?? [];
    const visit = (value: unknown, keys: string[]) => {
      if (Array.isArray(value)) return value.forEach((item) => visit(item, keys));
      if (value !== null && typeof value === 'object') return Object.entries(value).forEach(([key, item]) => visit(item, [...keys, key]));
      if (typeof value !== 'string' || !value.trim() || ADDRESS.test(value)) return;
      const key = keys.at(-1) ?? '';
      if (!PERSONAL_KEY.test(key) && !EMAIL_VALUE.test(value.trim())) return;
      const path = keys.join('.');
      if (declared.some((d) => path === d || path.startsWith(`${d}.`))) return;
      if (PUBLIC_BY_DESIGN[entry.id]?.keys.test(key)) return;
      problems.add(`${type} ${path}`);
    };
    visit(payload, []);
  }
  return [...problems];
}

describe('a machine whose events carry personal data must declare it', () => {
  it('every registered machine declares (or lists as public by design) each field named like personal data', () => {
    expect(Object.fromEntries(MACHINES.map((entry) => [entry.id, undeclaredPersonalFields(entry)]).filter(([, problems]) => problems!.length > 0))).toEqual({});
  });

  it('the e-mail screen without its declaration is caught: the address, the code, the authorisation signature and its timestamp', () => {
    const { privateFields: _dropped, redactor: _redactor, ...bare } = findMachine('emailAlerts')!;
    expect(undeclaredPersonalFields(bare as RegisteredMachine).sort()).toEqual([
      'user.submitEmail email',
      'user.verify code',
      'xstate.done.actor.sendEmailRequest output.email',
      'xstate.done.actor.signEmailRequest output.signature',
      'xstate.done.actor.signEmailRequest output.timestamp',
    ]);
  });

  it('a new machine is caught for a field named like personal data, and for an e-mail address under any name', () => {
    const entry = {
      ...findMachine('delegatesList')!,
      sampleEvents: [
        { type: 'user.savePhone', phone: '+44 20 7946 0000' },
        { type: 'xstate.done.actor.loadProfile', output: { contact: 'someone@example.org', deviceToken: 'fcm-abc' } },
      ],
    };
    expect(undeclaredPersonalFields(entry).sort()).toEqual(['user.savePhone phone', 'xstate.done.actor.loadProfile output.contact', 'xstate.done.actor.loadProfile output.deviceToken']);
    // A transaction flow's signature is public by design; the same field in another machine is not.
    expect(undeclaredPersonalFields({ ...entry, sampleEvents: [{ type: 'xstate.done.actor.sign', output: { signature: `0x${'ab'.repeat(65)}` } }] })).toEqual(['xstate.done.actor.sign output.signature']);
  });
});

// ───────────── restore and the boot list ─────────────

describe('a redacted value never goes back to the gateway', () => {
  it('only flows and create-Safe visits are resumed from their logs, and none of them declares private fields', () => {
    // src/services/flows/flowHost.ts (MACHINE_OF_KIND) and src/services/createSafeVisits.ts are the only callers of restoreStream.
    for (const id of ['transactionFlow', 'messageFlow', CREATE_SAFE_ID]) expect(findMachine(id)?.privateFields, id).toBeUndefined();
  });

  it('restoreStream refuses a stream of a machine with private fields: its log holds placeholders, not the values', async () => {
    const entry = findMachine('emailAlerts')!;
    const samples = distinctiveSamples(entry);
    const store = new RecordingStore();
    const [streamId] = await driveThroughCapture(entry, samples, store, [], false);
    await expect(restoreStream(store, entry, streamId!)).rejects.toThrow(/private fields/);
  });

  it('the boot list declares nothing private, as the registry (the root’s capture reads the boot list)', () => {
    for (const boot of BOOT_MACHINES) {
      expect(boot.privateFields, boot.id).toBeUndefined();
      expect(boot.redactor, boot.id).toBeUndefined();
      expect(findMachine(boot.id)?.privateFields, boot.id).toBeUndefined();
    }
  });
});
