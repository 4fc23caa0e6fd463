/**
 * Logs written by earlier code still verify and replay (issue 16: machine ids and event names are part of stored
 * logs). `stored/transactionFlow-4b0383a.ndjson` was exported on commit 4b0383a, before the domain floor and the
 * one-name moves: the real transactionFlow machine, driven with the registry's sample effect outputs through
 * compose → nonce → review → sign (13 records). It is verified here with today's registry: hash chain, header,
 * footer, and a replay of every recorded event through today's machine reaching the recorded states.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../../src/machines/registry.ts';
import { verifyNdjson } from '../../../src/services/eventLog/index.ts';

const stored = (name: string) => readFileSync(join(import.meta.dirname, 'stored', name), 'utf8');

describe('logs written before the code moved', () => {
  it('a transactionFlow signing stream from 4b0383a verifies and replays to its recorded end', async () => {
    const text = stored('transactionFlow-4b0383a.ndjson');
    const report = await verifyNdjson(text, MACHINES);
    expect(report.problem).toBeNull();
    expect(report.summary).toMatch(/^OK: stream transactionFlow:golden-2026-11-25, 13 records \(seq 1–13\), hash chain intact, replay reaches "signed"/);
  });

  it('a transactionFlow signing stream from 09fee25, before proposers could propose, verifies and replays to its recorded end', async () => {
    // Written on 09fee25 by tests/unit/eventLog/signingFlow.ts (the real machine and capture, real keys): compose →
    // nonce → review → sign, 13 records. Today's machine adds the proposer's path beside it (EARLIER_VERSIONS).
    const report = await verifyNdjson(stored('transactionFlow-09fee25.ndjson'), MACHINES);
    expect(report.problem).toBeNull();
    expect(report.summary).toMatch(/^OK: stream session\/transactionFlow:attest#1, 13 records \(seq 1–13\), hash chain intact, replay reaches "signed"/);
  });

  it('an appSession stream from dee7dfe, before actions were named and before the root kept the account and visibility, verifies and replays', async () => {
    // Exported on dee7dfe by the real appSession machine: boot, gateway probe (without the chain list the root now
    // passes to the wallet), theme, a link, opening a Safe and leaving it. Today's context has two more fields; the
    // record's digests cover the context that version kept (EARLIER_VERSIONS.appSession).
    const text = stored('appSession-dee7dfe.ndjson');
    const report = await verifyNdjson(text, MACHINES);
    expect(report.problem).toBeNull();
    expect(report.summary).toMatch(/^OK: stream appSession:golden-dee7dfe, 7 records \(seq 1–7\), hash chain intact, replay reaches "running\.gatewayOnline"|^OK: stream appSession:golden-dee7dfe, 7 records \(seq 1–7\), hash chain intact, replay reaches \{"running":"gatewayOnline"\}/);
  });

  it('a createSafe visit from 6fbb5b1, before the form had a name for the new Safe, verifies and replays to "succeeded"', async () => {
    // Exported on 6fbb5b1 by the real createSafe machine (createSafeVisits, in-memory store, stub effects): a draft,
    // a refused and an accepted form, the prediction, the deployment and tracking. Its forms have no `name`; today's
    // context leaves the field out when it was never typed, so the recorded digests hold without a projection.
    const report = await verifyNdjson(stored('createSafe-6fbb5b1.ndjson'), MACHINES);
    expect(report.problem).toBeNull();
    expect(report.summary).toMatch(/^OK: stream session-golden\/createSafe:visit#1, 9 records \(seq 1–9\), hash chain intact, replay reaches "succeeded"/);
  });

  it('an emailAlerts stream from 9e9f73e, in which an owner on a device registered, showed and deleted an address, verifies and replays', async () => {
    // Written on 9e9f73e (decision 0075) by its real emailAlerts machine and capture (device input, deferred effects,
    // in-memory store): register, show cancelled at the check, show with a locked Ledger and Try again, delete; 18
    // records, the address and signatures redacted. Each request went straight to checkingOnDevice; today's asks the
    // gateway first (askingGateway, decision 0078), so these records replay on that version's own definition.
    const report = await verifyNdjson(stored('emailAlerts-9e9f73e.ndjson'), MACHINES);
    expect(report.problem).toBeNull();
    expect(report.summary).toMatch(/^OK: stream emailAlerts:golden-9e9f73e, 18 records \(seq 1–18\), hash chain intact, replay reaches \{"resting":"notRegistered"\}/);
  });

  it('without the earlier versions listed, the same streams are refused as another version (the list is what lets them replay)', async () => {
    const bare = MACHINES.map((entry) => ({ ...entry, replaysVersions: [] }));
    for (const name of ['transactionFlow-4b0383a.ndjson', 'transactionFlow-09fee25.ndjson', 'appSession-dee7dfe.ndjson', 'createSafe-6fbb5b1.ndjson', 'emailAlerts-9e9f73e.ndjson']) {
      const report = await verifyNdjson(stored(name), bare);
      expect(report.problem?.kind).toBe('version');
    }
  });

  it('the appSession stream replayed without its context projection mismatches (the projection is checked, not skipped)', async () => {
    const unprojected = MACHINES.map((entry) => (entry.id === 'appSession' ? { ...entry, replaysVersions: (entry.replaysVersions ?? []).map(({ hash, note }) => ({ hash, note })) } : entry));
    const report = await verifyNdjson(stored('appSession-dee7dfe.ndjson'), unprojected);
    expect(report.problem?.kind).toBe('replay');
  });

  it('the same stream with one recorded event renamed no longer replays (the check can fail)', async () => {
    const text = stored('transactionFlow-4b0383a.ndjson').replace('"type":"user.confirmNonce"', '"type":"user.confirmNonceRenamed"');
    const report = await verifyNdjson(text, MACHINES);
    expect(report.problem).not.toBeNull();
  });
});
