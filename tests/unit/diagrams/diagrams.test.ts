import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { definitionHash, MACHINES } from '../../../src/machines/registry.ts';
import { renderSvg } from '../../../scripts/lib/elkSvg.ts';
import { machineModel } from '../../../scripts/lib/machineModel.ts';
import { plansFor } from '../../../scripts/lib/qaPaths.ts';
import { toMermaid, transitionTable } from '../../../scripts/lib/toMermaid.ts';

/** Nested + parallel + guard + invoke + final: everything the converter must show. */
const sample = setup({
  guards: { hasSigner: () => true },
  actors: { requestSignature: setup({}).createMachine({}) },
}).createMachine({
  id: 'sample',
  initial: 'draft',
  states: {
    draft: { on: { 'user.sign': { target: 'signing', guard: 'hasSigner' } } },
    signing: {
      type: 'parallel',
      states: {
        wallet: { initial: 'asking', states: { asking: { tags: ['nonIdempotent'], invoke: { id: 'requestSignature', src: 'requestSignature' }, on: { 'system.recover': 'interrupted' } }, interrupted: {} } },
        timer: { initial: 'running', states: { running: { after: { 1000: 'expired' } }, expired: { type: 'final' } } },
      },
    },
  },
});

/** The dotted paths a plan's state name stands for: `ready.(info.paused & balances.loaded)` → `ready.info.paused`, `ready.balances.loaded`. */
function statePaths(name: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === '(') depth++;
    else if (name[i] === ')') depth--;
    else if (depth === 0 && name.startsWith(' & ', i)) {
      parts.push(name.slice(start, i));
      start = i + 3;
    }
  }
  parts.push(name.slice(start));
  return parts.flatMap((part) => {
    const nested = /^([^(]*)\.\((.*)\)$/.exec(part);
    return nested ? statePaths(nested[2]!).map((inner) => `${nested[1]}.${inner}`) : [part];
  });
}

describe('diagrams', () => {
  it('Mermaid shows nesting, parallel regions, initial states, guards and invoked actors', () => {
    const text = toMermaid(machineModel(sample));
    expect(text).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> draft',
        '  state "draft" as draft',
        '  state signing {',
        '    state signing_wallet {',
        '      [*] --> signing_wallet_asking',
        '      state "asking" as signing_wallet_asking',
        '      signing_wallet_asking : invoke requestSignature',
        '      signing_wallet_asking : tags nonIdempotent',
        '      state "interrupted" as signing_wallet_interrupted',
        '    }',
        '    --',
        '    state signing_timer {',
        '      [*] --> signing_timer_running',
        '      state "running" as signing_timer_running',
        '      state "expired" as signing_timer_expired',
        '      signing_timer_expired --> [*]',
        '    }',
        '  }',
        '  draft --> signing : user.sign [hasSigner]',
        '  signing_wallet_asking --> signing_wallet_interrupted : system.recover',
        '  signing_timer_running --> signing_timer_expired : xstate.after.1000.sample.signing.timer.running',
        '',
      ].join('\n'),
    );
    expect(transitionTable(machineModel(sample))).toContain('| 1 | `draft` | `user.sign` | `hasSigner` | `signing` |  |');
  });

  it('the SVG is deterministic and marks every state with its id for live highlighting', async () => {
    const model = machineModel(sample);
    const a = await renderSvg(model);
    expect(await renderSvg(model)).toBe(a);
    for (const id of ['sample.draft', 'sample.signing', 'sample.signing.wallet.asking', 'sample.signing.timer.expired']) expect(a).toContain(`data-state-id="${id}"`);
    expect(a).toContain('user.sign [hasSigner]');
    expect(a).toContain('invoke requestSignature');
  });

  it('the committed docs/machines files are what the code generates (headed by the definition hash)', async () => {
    for (const entry of MACHINES) {
      const md = readFileSync(`docs/machines/${entry.id}.md`, 'utf8');
      expect(md).toContain(`<!-- definition-hash: ${await definitionHash(entry.machine)} -->`);
      expect(md).toContain(toMermaid(machineModel(entry.machine)).trimEnd());
      expect(readFileSync(`docs/machines/${entry.id}.svg`, 'utf8')).toBe(await renderSvg(machineModel(entry.machine)));
    }
  }, 60_000);

  it('QA paths exist for every registered machine and reach every state', () => {
    for (const entry of MACHINES) {
      const plans = plansFor(entry);
      const reached = new Set(plans.filter((p) => p.kind === 'shortest').map((p) => p.target));
      const targets = new Set(machineModel(entry.machine).transitions.flatMap((t) => t.targets));
      expect(plans.length).toBeGreaterThan(0);
      expect(plans.every((p) => p.steps[0]!.event.type === 'xstate.init')).toBe(true);
      for (const target of targets) {
        const node = entry.machine.getStateNodeById(target);
        if (node.always?.length) continue; // transient: the machine never rests there
        if (node.type === 'history') continue; // a history pseudo-state resolves to the sibling last active
        const path = node.path.join('.');
        const hit = [...reached].some((r) => statePaths(r).some((part) => part === path || part.startsWith(`${path}.`) || part.endsWith(`.${path}`) || part.includes(`.${path}.`)));
        expect(hit, `${entry.id}: no QA path reaches ${path}`).toBe(true);
      }
    }
  }, 60_000);
});
