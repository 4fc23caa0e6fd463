/**
 * The memoised context digest (decision 0077) is the defined one: `contextDigest(contextJson(context, redactor))`.
 * Checked on generated contexts with generated redaction paths, along sequences of `assign`-like updates that share
 * unchanged fields (as XState contexts do), and on every registered machine's contexts reached with its sample
 * events, with its real redactor.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { MACHINES } from '../../../src/machines/registry.ts';
import { redactorFor } from '../../../src/machines/privateFields.ts';
import { contextDigest, contextJson } from '../../../src/services/eventLog/index.ts';
import { memoContextDigest } from '../../../src/services/eventLog/contextDigestMemo.ts';
import { inert } from './privacyFixtures.ts';

const defined = (context: unknown, redactor?: ReturnType<typeof redactorFor>) => contextDigest(contextJson(context, redactor));

const KEYS = ['safe', 'safeInfo', 'balances', 'email', 'request', 'password', 'items', 'error', 'n', 'a', 'b'];
const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt(), fc.double());
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 4 })),
})).node;
const context = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 });
const paths = fc.array(fc.constantFrom('email', 'request.email', 'request', 'items.email', 'safeInfo.owners', 'balances.items.a'), { maxLength: 3 });
/** One assign: some fields replaced (by new values, or by equal copies), the others kept as they were (shared). */
const update = fc.record({ replace: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 3 }), copyOf: fc.array(fc.constantFrom(...KEYS), { maxLength: 3 }) });

describe('memoContextDigest', () => {
  it('equals the defined digest along sequences of updates that share unchanged fields', async () => {
    await fc.assert(
      fc.asyncProperty(context, fc.array(update, { maxLength: 6 }), paths, fc.boolean(), async (start, updates, redactPaths, redacted) => {
        const redactor = redacted ? redactorFor({ context: redactPaths }) : undefined;
        let current: Record<string, unknown> = start;
        expect(await memoContextDigest(current, redactor)).toBe(await defined(current, redactor));
        for (const { replace, copyOf } of updates) {
          const copies = Object.fromEntries(copyOf.filter((key) => key in current).map((key) => [key, structuredClone(current[key])]));
          current = { ...current, ...copies, ...replace };
          expect(await memoContextDigest(current, redactor)).toBe(await defined(current, redactor));
          // the same context again (a timer event that assigns nothing)
          expect(await memoContextDigest(current, redactor)).toBe(await defined(current, redactor));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('tells apart contexts that differ only deep inside a field, a secret field, or a field that holds the context', async () => {
    const base = { balances: { items: [{ a: 1 }, { a: 2 }] }, n: 1 };
    const changed = { ...base, balances: { items: [{ a: 1 }, { a: 3 }] } };
    expect(await memoContextDigest(base)).toBe(await defined(base));
    expect(await memoContextDigest(changed)).toBe(await defined(changed));
    expect(await memoContextDigest(changed)).not.toBe(await memoContextDigest(base));
    const secret = { password: { value: 'hunter2' }, n: 1 };
    expect(await memoContextDigest(secret)).toBe(await defined(secret));
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic.self = { back: cyclic };
    expect(await memoContextDigest(cyclic)).toBe(await defined(cyclic));
    for (const other of [null, 'text', [1, 2], new Date(0)]) expect(await memoContextDigest(other)).toBe(await defined(other));
  });

  it('equals the defined digest on every registered machine’s contexts, with its redactor', async () => {
    let compared = 0;
    for (const entry of MACHINES) {
      for (const input of [entry.sampleInput, ...(entry.extraSampleInputs ?? [])]) {
        const actor = createActor(inert(entry.machine), { input });
        actor.start();
        const check = async () => {
          const { context } = actor.getSnapshot();
          expect(await memoContextDigest(context, entry.redactor), entry.id).toBe(await defined(context, entry.redactor));
          compared++;
        };
        await check();
        for (const event of entry.sampleEvents as AnyEventObject[]) {
          if (!actor.getSnapshot().can(event)) continue;
          actor.send(event);
          await check();
        }
        actor.stop();
      }
    }
    expect(compared).toBeGreaterThan(MACHINES.length * 5);
  });
});
