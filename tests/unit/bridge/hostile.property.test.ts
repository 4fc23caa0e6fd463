/**
 * Property test (S11): well over 100,000 malformed or hostile messages, mixed with valid requests, thrown at
 * the host validator and communicator. Zero crashes, zero replies to anything invalid, exactly one reply to
 * each valid request, and replies only ever go to the app window with the app's exact origin.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createHostCommunicator } from '../../../src/bridge/host/communicator.ts';
import { validateMessage } from '../../../src/bridge/host/validate.ts';
import { APP_ORIGIN } from './fixtures.ts';
import { message, type Windows } from './hostileMessages.ts';
import { countingWindow, fakeHostWindow } from './hostWindow.ts';

// ───────────────────────────── the property ─────────────────────────────

const totals = { invalid: 0, valid: 0, runs: 0, kinds: new Map<string, number>() };
const RUNS = 2_000;
const PER_RUN = 60;

describe('host validator + communicator under hostile input', () => {
  it(`drops every invalid message unanswered and answers every valid one exactly once (${RUNS} × ${PER_RUN} messages)`, () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: PER_RUN, maxLength: PER_RUN }), (samples) => {
        totals.runs += 1;
        const host = fakeHostWindow();
        const app = countingWindow();
        const forger = countingWindow();
        const windows: Windows = { app, forger, host };
        const accepted: string[] = [];
        const communicator = createHostCommunicator({
          hostWindow: host,
          getAppWindow: () => app,
          appOrigin: APP_ORIGIN,
          onRequest: (request) => {
            accepted.push(request.id);
            expect(communicator.reply(request.id, { success: true, data: null })).toBe(true);
            // A second reply to the same id is refused and posts nothing.
            expect(communicator.reply(request.id, { success: false, error: 'again' })).toBe(false);
          },
        });
        const validIds: string[] = [];
        samples.forEach((sample, index) => {
          const id = `${sample.valid ? 'v' : 'i'}${index}`;
          const event = sample.make(id, windows);
          // The pure validator agrees with the label and never throws.
          const verdict = validateMessage(event, { window: app, origin: APP_ORIGIN });
          if (verdict.ok !== sample.valid) throw new Error(`${sample.kind} judged ${verdict.ok ? `valid ${JSON.stringify(event.data, (_k, v) => (typeof v === "bigint" ? `${v}n` : v))}` : `invalid (${verdict.reason})`}`);
          host.dispatch(event);
          totals.kinds.set(sample.kind.split(':')[0]!, (totals.kinds.get(sample.kind.split(':')[0]!) ?? 0) + 1);
          if (sample.valid) {
            totals.valid += 1;
            validIds.push(id);
          } else totals.invalid += 1;
        });
        expect(accepted).toEqual(validIds);
        expect(forger.posted).toEqual([]);
        expect(app.posted.map((p) => (p.message as { id: string }).id)).toEqual(validIds);
        for (const post of app.posted) {
          expect(post.targetOrigin).toBe(APP_ORIGIN);
          expect(post.message).toMatchObject({ success: true, version: '9.1.0' });
        }
        communicator.dispose();
        expect(host.listenerCount()).toBe(0);
      }),
      { numRuns: RUNS },
    );
    expect(totals.invalid).toBeGreaterThanOrEqual(100_000);
  }, 600_000);

  afterAll(() => {
    console.info(`hostile property test: ${totals.invalid} invalid/hostile + ${totals.valid} valid messages over ${totals.runs} runs; by kind ${JSON.stringify(Object.fromEntries(totals.kinds))}`);
  });
});
