/**
 * Hostile bridge messages per second through the host validator (src/bridge/host/validate.ts), generated with
 * the property test's fast-check arbitraries (fixed seed, so every run judges the same messages).
 */
import fc from 'fast-check';
import { validateMessage } from '../../src/bridge/host/validate.ts';
import { APP_ORIGIN } from '../../tests/unit/bridge/fixtures.ts';
import { message } from '../../tests/unit/bridge/hostileMessages.ts';
import { countingWindow } from '../../tests/unit/bridge/hostWindow.ts';
import { median } from '../lib/report.ts';

export interface HostileResult {
  messages: number;
  valid: number;
  rounds: number;
  roundMs: number[];
  perSecond: number;
  rejectedBy: Record<string, number>;
}

export function measureHostile(messages = 20_000, rounds = 7, seed = 11): HostileResult {
  const windows = { app: countingWindow(), forger: countingWindow(), host: countingWindow() };
  const samples = fc.sample(message, { numRuns: messages, seed });
  const events = samples.map((sample, index) => sample.make(`${sample.valid ? 'v' : 'i'}${index}`, windows));
  const app = { window: windows.app, origin: APP_ORIGIN };
  const rejectedBy: Record<string, number> = {};
  let valid = 0;
  const roundMs: number[] = [];
  for (let round = -1; round < rounds; round++) {
    const t0 = performance.now();
    for (const event of events) {
      const verdict = validateMessage(event, app);
      if (round === 0) {
        if (verdict.ok) valid += 1;
        else rejectedBy[verdict.reason] = (rejectedBy[verdict.reason] ?? 0) + 1;
      }
    }
    if (round >= 0) roundMs.push(performance.now() - t0);
  }
  const perSecond = messages / (median(roundMs) / 1000);
  return { messages, valid, rounds, roundMs: roundMs.map((ms) => Math.round(ms * 10) / 10), perSecond, rejectedBy };
}
