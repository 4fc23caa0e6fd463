/**
 * Bounded storage (issue 18, decision 0049): 8 visible hours of a Safe left open, on fake timers, through the real
 * boot machines and the real capture into a MemoryEventStore. The gateway is the boundary: a stub answering the
 * same Safe info, balances and queue every time (bench/lib/eventLogSoak.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findMachine } from '../../../src/machines/registry.ts';
import { replayRecords, sameState, stateAfterOf } from '../../../src/services/eventLog/index.ts';
import { safeInfoChanged } from '../../../src/machines/safeSession/safeSession.samples.ts';
import { runEventLogSoak, type SoakResult } from '../../../bench/lib/eventLogSoak.ts';

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

  it('without elision, an unchanged poll writes nothing: it is no event (decision 0090)', async () => {
    // The security review measured every poll written in full (a timer record and a Safe-info record each, 240 polls
    // an hour, over 200 kB an hour). Since decision 0090 a poll that finds the Safe unchanged makes no transition.
    const result = await runEventLogSoak({ hours: 1, advance, elideUnchanged: false });
    report('without elision', result);
    expect(result.samples[1]!.records - result.samples[0]!.records).toBe(0);
    expect(result.bytesPerHour).toBe(0);
    expect(result.elided.spans).toBe(0);
  });

  it('with elision: at most 20 kB per visible hour, only the change is written, and the streams replay exactly', async () => {
    // Halfway, the Safe changes once (a new nonce and tags): that poll and the reloads it sets off are written.
    const result = await runEventLogSoak({ hours: HOURS, advance, changeAtHour: 5 });
    report('with elision', result);
    const opened = result.samples[0]!;
    const end = result.samples.at(-1)!;
    expect(end.hour).toBe(HOURS);
    // The bound on data: bytes added per visible hour once the Safe was open.
    expect(result.bytesPerHour).toBeLessThanOrEqual(GOAL_BYTES_PER_HOUR);
    expect(end.bytes - opened.bytes).toBeLessThanOrEqual(GOAL_BYTES_PER_HOUR * HOURS);
    // The polls that found nothing (240 an hour) wrote nothing (decision 0090): no hour but the change's grew.
    for (const hour of result.samples.slice(1)) if (hour.hour !== 5) expect(hour.records, `hour ${hour.hour}`).toBe(result.samples[hour.hour - 1]!.records);
    // The change was written: the Safe session's stream grew in hour 5 and its records carry the new nonce.
    expect(result.samples[5]!.records).toBeGreaterThan(result.samples[4]!.records);
    const session = await result.store.readStream(result.safeSessionStreamId);
    expect(session.filter((r) => r.type === 'xstate.done.actor.watchSafeInfo').map((r) => (r.payload.output as { nonce: number }).nonce)).toEqual([safeInfoChanged.nonce]);
    expect(session.some((r) => r.type.startsWith('xstate.after.') || r.type === 'xstate.done.actor.pollSafeInfo')).toBe(false);
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
