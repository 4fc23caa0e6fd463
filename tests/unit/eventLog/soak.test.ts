/**
 * Bounded storage (issue 18, decision 0049): 8 visible hours of a Safe left open, on fake timers, through the real
 * boot machines and the real capture into a MemoryEventStore. The gateway is the boundary: a stub answering the
 * same Safe info, balances and queue every time (bench/lib/eventLogSoak.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findMachine } from '../../../src/machines/registry.ts';
import { replayRecords, sameState, stateAfterOf } from '../../../src/services/eventLog/index.ts';
import { safeInfoChanged } from '../../../src/machines/safeSession/safeSession.samples.ts';
import { HOUR_MS, runEventLogSoak, type SoakResult } from '../../../bench/lib/eventLogSoak.ts';

const HOURS = 8;
const GOAL_BYTES_PER_HOUR = 20_000;

function report(label: string, result: SoakResult): void {
  const rows = result.streams.map((s) => `  ${s.machineId.padEnd(16)} ${String(s.records).padStart(6)} records ${String(Math.round((s.recordBytes + s.snapshotBytes) / 1000)).padStart(7)} kB  (${s.snapshots} snapshots)  ${s.streamId}`);
  const hours = result.samples.map((s) => `h${s.hour}: ${s.records} records, ${(s.bytes / 1000).toFixed(1)} kB`).join('; ');
  console.log(`${label}: ${(result.bytesPerHour / 1000).toFixed(2)} kB per visible hour, ${(result.totalBytes / 1000).toFixed(1)} kB after ${result.hours} h; elided ${result.elided.spans} spans / ${result.elided.records} records\n${rows.join('\n')}\n  ${hours}`);
}

describe('event-log growth over 8 visible hours of an untouched Safe', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-29T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms).then(() => undefined);

  it('without elision, every poll is written in full (the figure the security review measured)', async () => {
    const result = await runEventLogSoak({ hours: 1, advance, elideUnchanged: false });
    report('without elision', result);
    // 240 polls an hour, each at least a timer record and a Safe-info record.
    expect(result.samples[1]!.records - result.samples[0]!.records).toBeGreaterThanOrEqual(480);
    expect(result.bytesPerHour).toBeGreaterThan(GOAL_BYTES_PER_HOUR * 10);
  });

  it('with elision, unchanged polls are left out: at most 20 kB per visible hour, and the streams replay exactly', async () => {
    // Halfway, the Safe changes once (a new nonce and tags): that poll and the reloads it sets off are written.
    const result = await runEventLogSoak({ hours: HOURS, advance, changeAtHour: 5 });
    report('with elision', result);
    const opened = result.samples[0]!;
    const end = result.samples.at(-1)!;
    expect(end.hour).toBe(HOURS);
    // The bound on data: bytes added per visible hour once the Safe was open.
    expect(result.bytesPerHour).toBeLessThanOrEqual(GOAL_BYTES_PER_HOUR);
    expect(end.bytes - opened.bytes).toBeLessThanOrEqual(GOAL_BYTES_PER_HOUR * HOURS);
    // Every poll (240 an hour) but the one that found the change was a span that changed nothing: left out, counted.
    expect(result.elided.spans).toBeGreaterThanOrEqual((HOURS * HOUR_MS) / 15_000 - 2);
    // The change was written: the Safe session's stream grew in hour 5 and its records carry the new nonce.
    expect(result.samples[5]!.records).toBeGreaterThan(result.samples[4]!.records);
    const session = await result.store.readStream(result.safeSessionStreamId);
    expect(session.filter((r) => r.type === 'xstate.done.actor.pollSafeInfo').map((r) => (r.payload.output as { nonce: number }).nonce)).toEqual([safeInfoChanged.nonce]);
    // Replay: every recorded state of every stream is reproduced, and the last one is the live actor's.
    for (const streamId of result.capture.streamIds()) {
      const records = await result.store.readStream(streamId);
      const entry = findMachine(records[0]!.machineId)!;
      const replayed = await replayRecords(entry.machine, records);
      expect(replayed.mismatch, streamId).toBeNull();
      expect(replayed.applied).toBe(records.length);
      const live = result.liveStates.get(streamId);
      if (live) {
        expect(sameState(await stateAfterOf(replayed.snapshot.value, replayed.snapshot.status, replayed.snapshot.context), await stateAfterOf(live.value, live.status, live.context)), streamId).toBe(true);
      }
    }
    expect(result.liveStates.size).toBe(2);
  });
});
