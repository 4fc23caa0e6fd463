/**
 * Exports an auditor can rely on (issue 18, security review F3; decision 0047). A signing-flow stream is built with
 * the real transactionFlow machine and the real capture: its effects hash the SafeTx with src/domain/safe and sign it
 * with anvil's well-known dev keys (viem accounts, no mock signer). Then a forger cuts or rewrites the log and
 * recomputes every digest and hash (what F3 showed passes a hash chain): the anchors or the attestation catch it.
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { safeTxHashes } from '../../../src/domain/safe/hashing.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { transactionFlowMachine } from '../../../src/machines/transactionFlow/index.ts';
import type { SafeTxJson, TxFlowInput } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import { attestationSubjectOf, attestationText, signAttestation, type Attestation } from '../../../src/services/eventLog/attestation.ts';
import { exportNdjson, verifyNdjson, withAttestation } from '../../../src/services/eventLog/ndjson.ts';
import { recordHash } from '../../../src/services/eventLog/hash.ts';
import { eventOf, snapshotStateAfter } from '../../../src/services/eventLog/replay.ts';
import type { LogRecord } from '../../../src/services/eventLog/index.ts';
import { runSigningFlow, signingFlowInput, toSafeTx } from './signingFlow.ts';

// anvil's well-known dev accounts 0, 1, 2 (the Safe's owners) and 5 (not an owner).
const KEYS = {
  a: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  b: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  c: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  stranger: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
} as const;
const A = privateKeyToAccount(KEYS.a);
const B = privateKeyToAccount(KEYS.b);
const C = privateKeyToAccount(KEYS.c);
const STRANGER = privateKeyToAccount(KEYS.stranger);
const SAFE: Address = getAddress('0x599c86d40e80ac8d0a4b7b19642457a73333d91f');
const RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD';
const FORGER: Address = '0x00000000000000000000000000000000000BAd00';
const app = { name: 'countersign', version: 'test' };

const input = signingFlowInput({ address: SAFE, chainId: '31337', nonce: 3, threshold: 2, owners: [A.address, B.address, C.address], wallet: A.address });
const ctx = { chainId: 31337n, safeAddress: SAFE, version: '1.4.1' };
const signingFlowRecords = () => runSigningFlow({ input, proposer: A, cosigners: [B], recipient: RECIPIENT });

/**
 * The forger's tool: edit payloads, keep the first `keep` records, then recompute every stateAfter by replaying the
 * real machine and every record hash, and seal a fresh export. The result is internally consistent.
 */
async function reseal(records: readonly LogRecord[], options: { keep?: number; edit?: (record: LogRecord) => void } = {}): Promise<string> {
  const kept: LogRecord[] = structuredClone(records.slice(0, options.keep ?? records.length)) as LogRecord[];
  let snapshot: AnyMachineSnapshot | undefined;
  let prevHash = '0'.repeat(64);
  for (const record of kept) {
    options.edit?.(record);
    [snapshot] = snapshot ? transition(transactionFlowMachine, snapshot as never, eventOf(record) as never) : initialTransition(transactionFlowMachine, (record.payload as unknown as { input: TxFlowInput }).input);
    record.stateAfter = await snapshotStateAfter(snapshot!);
    record.prevHash = prevHash;
    record.hash = await recordHash(record);
    prevHash = record.hash;
  }
  return exportNdjson(kept, { app, exportedAt: '2026-11-29T09:00:00.000Z' });
}

const built = (record: LogRecord) => (record.type === 'xstate.done.actor.buildSafeTx' ? (record.payload['output'] as unknown as { safeTx: SafeTxJson; hashes: { safeTxHash: Hex; domainHash: Hex; messageHash: Hex } }) : null);

async function attest(records: readonly LogRecord[], account: typeof A, block: bigint | null = 123n): Promise<Attestation> {
  const subject = attestationSubjectOf(records, block);
  return { ...subject, signer: account.address, text: attestationText(subject), signature: await account.signMessage({ message: attestationText(subject) }) };
}

describe('a signing-flow export: anchors', () => {
  it('an honest export is internally consistent, unattested, and its anchors hold: the fields hash to the safeTxHash, both signatures recover to owners', async () => {
    const records = await signingFlowRecords();
    expect(records.at(-1)?.stateAfter.value).toBe('signed');
    const report = await verifyNdjson(await exportNdjson(records, { app, exportedAt: '2026-11-29T09:00:00.000Z' }), MACHINES);
    expect(report.problem).toBeNull();
    expect(report.ok).toBe(true);
    expect(report.attestation.status).toBe('none');
    expect(report.anchors).toMatchObject({ checked: 3, failed: 0, againstChain: 0 });
    expect(report.anchors.details[0]?.signers.map((s) => [s.signer, s.verdict])).toEqual([
      [A.address, 'recovered'],
      [B.address, 'recovered'],
    ]);
    expect(report.lines[0]).toMatch(/^OK: stream session\/transactionFlow:attest#1, 13 records \(seq 1–13\), hash chain intact, replay reaches "signed" .*: internally consistent$/);
    expect(report.lines[1]).toBe('Not attested: anyone could have written or cut this file.');
    expect(report.lines[2]).toBe(`Anchored facts: 3 checked (1 hash recomputed from the recorded fields; signatures recovered to ${A.address}, ${B.address}), none against chain (no chain given).`);
  });

  it('a re-chained rewrite of the SafeTx (another recipient, same recorded hash) is consistent but its anchor fails', async () => {
    const records = await signingFlowRecords();
    const forged = await reseal(records, { edit: (r) => built(r) && (built(r)!.safeTx.to = FORGER) });
    const report = await verifyNdjson(forged, MACHINES);
    expect(report.problem).toBeNull(); // the hash chain and the replay alone cannot tell (F3)
    expect(report.lines[0]).toMatch(/^OK: .*internally consistent$/);
    expect(report.ok).toBe(false);
    expect(report.anchors.failed).toBe(1);
    expect(report.lines[2]).toMatch(/^FAIL anchored facts: .*the recorded fields \(seq 5\) do not hash to safeTxHash 0x/);
  });

  it('a rewrite that also recomputes the safeTxHash no longer matches the owners’ signatures', async () => {
    const records = await signingFlowRecords();
    const forged = await reseal(records, {
      edit: (r) => {
        const out = built(r);
        if (!out) return;
        out.safeTx.to = FORGER;
        Object.assign(out.hashes, safeTxHashes(ctx, toSafeTx(out.safeTx)));
      },
    });
    const report = await verifyNdjson(forged, MACHINES);
    expect(report.problem).toBeNull();
    expect(report.ok).toBe(false);
    expect(report.anchors.details[0]?.fieldsMatch).toBe(true);
    expect(report.lines[2]).toContain(`the signature of ${A.address} recovers to`);
    expect(report.lines[2]).toContain(`the signature of ${B.address} recovers to`);
  });

  it('a re-sealed truncation (the signatures cut off) is consistent, and reported as not attested', async () => {
    const records = await signingFlowRecords();
    const report = await verifyNdjson(await reseal(records, { keep: records.length - 2 }), MACHINES);
    expect(report.problem).toBeNull();
    expect(report.recordCount).toBe(records.length - 2);
    expect(report.lines[1]).toBe('Not attested: anyone could have written or cut this file.');
  });
});

describe('an attested export', () => {
  it('verifies and names the owner who signed it', async () => {
    const records = await signingFlowRecords();
    const text = withAttestation(await exportNdjson(records, { app, exportedAt: '2026-11-29T09:00:00.000Z' }), await attest(records, A));
    expect(text.trimEnd().split('\n')).toHaveLength(records.length + 3);
    const report = await verifyNdjson(text, MACHINES);
    expect(report.problem).toBeNull();
    expect(report.ok).toBe(true);
    expect(report.attestation).toMatchObject({ status: 'valid', signer: A.address, listedOwner: true, owner: 'notChecked', block: '123' });
    expect(report.lines[1]).toBe(`Attested by ${A.address} (owner at block 123: not checked, no chain was given to check it against).`);
  });

  it('the signed text says what is signed, in words a wallet shows', async () => {
    const records = await signingFlowRecords();
    expect(attestationText(attestationSubjectOf(records, 123n))).toBe(
      [
        'Countersign: I attest this event log export.',
        '',
        'Format: countersign-eventlog version 2',
        'Stream: session/transactionFlow:attest#1',
        `Safe: ${SAFE}`,
        'Chain ID: 31337',
        'Records: 13',
        `Head hash: ${records.at(-1)!.hash}`,
        'Block: 123',
        '',
        'Signing costs nothing and sends no transaction.',
      ].join('\n'),
    );
  });

  it('a record rewritten and re-chained under the old attestation: the attestation no longer covers the head', async () => {
    const records = await signingFlowRecords();
    const attestation = await attest(records, A);
    // F3's rewrites: a user event's payload (the amount typed) and a record's time, each re-chained and re-sealed.
    const rewrites = [
      await reseal(records, { edit: (r) => r.seq === 2 && ((r.payload['draft'] as { amount: string }).amount = '100') }),
      await reseal(records, { edit: (r) => r.seq === 4 && (r.recordedAt = '2026-01-01T09:09:09.000Z') }),
    ];
    for (const text of rewrites) {
      const report = await verifyNdjson(withAttestation(text, attestation), MACHINES);
      expect(report.problem).toBeNull();
      expect(report.ok).toBe(false);
      expect(report.attestation.status).toBe('invalid');
      expect(report.lines[1]).toMatch(new RegExp(`^FAIL attestation by ${A.address}: it does not cover this file: it attests 13 records ending in [0-9a-f]{12}…, the file has 13 ending in [0-9a-f]{12}… \\(records were cut, added or rewritten after signing\\)\\.$`));
    }
    // Re-sealing without a change gives the same head: the attestation still holds (it covers content, not the sealing).
    expect((await verifyNdjson(withAttestation(await reseal(records), attestation), MACHINES)).attestation.status).toBe('valid');
  });

  it('a re-sealed truncation under the old attestation fails', async () => {
    const records = await signingFlowRecords();
    const report = await verifyNdjson(withAttestation(await reseal(records, { keep: records.length - 2 }), await attest(records, A)), MACHINES);
    expect(report.ok).toBe(false);
    expect(report.attestation.status).toBe('invalid');
    expect(report.attestation.reason).toMatch(/^it attests 13 records ending in .*, the file has 11 ending in/);
  });

  it('an attestation whose signature was swapped for another key’s, or whose text was edited, fails', async () => {
    const records = await signingFlowRecords();
    const plain = await exportNdjson(records, { app, exportedAt: '2026-11-29T09:00:00.000Z' });
    const good = await attest(records, A);
    const swapped = await verifyNdjson(withAttestation(plain, { ...good, signature: (await attest(records, B)).signature }), MACHINES);
    expect(swapped.attestation).toMatchObject({ status: 'invalid', reason: `its signature is by ${B.address}, not by ${A.address}` });
    const edited = await verifyNdjson(withAttestation(plain, { ...good, block: '124' }), MACHINES);
    expect(edited.attestation).toMatchObject({ status: 'invalid', reason: 'its text is not the text this format signs' });
  });

  it('signed by a non-owner: reported by address, never as an owner', async () => {
    const records = await signingFlowRecords();
    const report = await verifyNdjson(withAttestation(await exportNdjson(records, { app, exportedAt: 'x' }), await attest(records, STRANGER)), MACHINES);
    expect(report.attestation).toMatchObject({ status: 'valid', signer: STRANGER.address, listedOwner: false });
    expect(report.lines[1]).toBe(`Attested by ${STRANGER.address}, not among the owners this log records, (owner at block 123: not checked, no chain was given to check it against).`);
    expect(report.lines[1]).not.toMatch(/: yes/);
  });

  it('signAttestation asks the wallet for personal_sign of the text and refuses a signature by another account', async () => {
    const records = await signingFlowRecords();
    const subject = attestationSubjectOf(records, null);
    const calls: { method: string; params?: readonly unknown[] }[] = [];
    const wallet = (account: typeof A) => ({
      request: async (args: { method: string; params?: readonly unknown[] }) => {
        calls.push(args);
        return account.signMessage({ message: { raw: args.params![0] as Hex } });
      },
    });
    const attestation = await signAttestation(wallet(A), A.address, subject);
    expect(calls[0]?.method).toBe('personal_sign');
    expect(attestation.signer).toBe(A.address);
    const report = await verifyNdjson(withAttestation(await exportNdjson(records, { app, exportedAt: 'x' }), attestation), MACHINES);
    expect(report.lines[1]).toBe(`Attested by ${A.address} (owner: not checked, no chain was given to check it against).`);
    await expect(signAttestation(wallet(B), A.address, subject)).rejects.toThrow(`The signature is from ${B.address}, not from the connected account ${A.address}.`);
    const rejecting = { request: async () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) };
    await expect(signAttestation(rejecting, A.address, subject)).rejects.toMatchObject({ kind: 'rejected', message: 'You declined to sign in your wallet, so no signed export was made. You can still use Export NDJSON, which needs no signature.' });
    await expect(signAttestation(null, null, subject)).rejects.toMatchObject({ kind: 'noWallet' });
  });
});
