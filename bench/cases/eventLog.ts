/**
 * The event log's growth per visible hour (issue 18, decision 0049): the soak of bench/lib/eventLogSoak.ts (the
 * same one tests/unit/eventLog/soak.test.ts asserts), on xstate's SimulatedClock, with and without leaving out
 * unchanged spans.
 */
import { SimulatedClock } from 'xstate';
import { runEventLogSoak, type SoakResult } from '../lib/eventLogSoak.ts';

export interface EventLogGrowth {
  hours: number;
  bytesPerHour: number;
  bytesAfter: number;
  recordsAfter: number;
  elided: { spans: number; records: number };
  /** Cumulative records and bytes at the end of each visible hour (hour 0: the Safe just opened). */
  samples: { hour: number; records: number; bytes: number }[];
  streams: { machineId: string; records: number; bytes: number; snapshots: number }[];
  /** The same hour without elision: what the log grew by before (the security review's F5). */
  withoutElision: { bytesPerHour: number; recordsPerHour: number };
}

async function soak(hours: number, elideUnchanged: boolean, changeAtHour?: number): Promise<SoakResult> {
  const clock = new SimulatedClock();
  const idle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return runEventLogSoak({
    hours,
    elideUnchanged,
    ...(changeAtHour === undefined ? {} : { changeAtHour }),
    clock,
    advance: async (ms) => {
      clock.increment(ms);
      for (let i = 0; i < 4; i++) await idle();
    },
  });
}

export async function measureEventLog(hours = 8): Promise<EventLogGrowth> {
  const before = await soak(1, false);
  const after = await soak(hours, true, Math.ceil(hours / 2) + 1);
  const end = after.samples.at(-1)!;
  return {
    hours,
    bytesPerHour: Math.round(after.bytesPerHour),
    bytesAfter: after.totalBytes,
    recordsAfter: end.records,
    elided: after.elided,
    samples: after.samples,
    streams: after.streams.map((s) => ({ machineId: s.machineId, records: s.records, bytes: s.recordBytes + s.snapshotBytes, snapshots: s.snapshots })),
    withoutElision: { bytesPerHour: Math.round(before.bytesPerHour), recordsPerHour: before.samples[1]!.records - before.samples[0]!.records },
  };
}
