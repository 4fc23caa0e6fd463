import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'fatal');
}

describe('import boundaries (eslint.config.js)', () => {
  it('rejects a machine that imports a service', async () => {
    const ids = await ruleIds(
      "import { loadRuntimeConfig } from '../../services/config.ts';\nexport const x = loadRuntimeConfig;\n",
      'src/machines/appSession/bad.machine.ts',
    );
    expect(ids).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('rejects a machine that imports even a type from a service (shared types live in the domain)', async () => {
    const code = "import type { RuntimeConfig } from '../../services/config.ts';\nexport type X = RuntimeConfig;\n";
    expect(await ruleIds(code, 'src/machines/appSession/bad.machine.ts')).toContain('@typescript-eslint/no-restricted-imports');
    const ok = "import type { SafeInfo } from '../../domain/gateway/types.ts';\nexport type X = SafeInfo;\n";
    expect(await ruleIds(ok, 'src/machines/appSession/ok.machine.ts')).toEqual([]);
  });

  it('keeps the domain a floor: nothing of ours above it, no effects', async () => {
    const rule = '@typescript-eslint/no-restricted-imports';
    for (const spec of ['../../services/config.ts', '../../machines/shared/routes.ts', '../../views/App.tsx', '../../bridge/host/listener.ts', '../../root.ts']) {
      expect(await ruleIds(`import { x } from '${spec}';\nexport const y = x;\n`, 'src/domain/safe/bad.ts')).toContain(rule);
    }
    // Type-only imports from above are refused too: the domain's types are the ones others share.
    expect(await ruleIds("import type { RuntimeConfig } from '../../services/config.ts';\nexport type X = RuntimeConfig;\n", 'src/domain/safe/bad.ts')).toContain(rule);
    expect(await ruleIds("import { setup } from 'xstate';\nexport const s = setup;\n", 'src/domain/safe/bad.ts')).toContain(rule);
    expect(await ruleIds("import { openDB } from 'idb';\nexport const o = openDB;\n", 'src/domain/gateway/bad.ts')).toContain(rule);
    expect(await ruleIds("import { createPublicClient } from 'viem';\nexport const c = createPublicClient;\n", 'src/domain/safe/bad.ts')).toContain(rule);
    expect(await ruleIds("export const f = () => fetch('/x');\n", 'src/domain/safe/bad.ts')).toContain('no-restricted-globals');
    expect(await ruleIds("import * as v from 'valibot';\nimport { keccak256 } from 'viem';\nimport { hashSafeTx } from './hashing.ts';\nexport const ok = [v, keccak256, hashSafeTx];\n", 'src/domain/safe/ok.ts')).toEqual([]);
  });

  it('rejects a bridge module that imports a service (services compose the bridge)', async () => {
    expect(await ruleIds("import { createBridge } from '../../services/bridge.ts';\nexport const b = createBridge;\n", 'src/bridge/host/bad.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { hashEip712 } from '../../domain/safe/messages.ts';\nexport const h = hashEip712;\n", 'src/bridge/sdk/ok.ts')).toEqual([]);
  });

  it('rejects network, React and DOM use inside machines', async () => {
    const rule = '@typescript-eslint/no-restricted-imports';
    expect(await ruleIds("import { openDB } from 'idb';\nexport const o = openDB;\n", 'src/machines/x/a.ts')).toContain(rule);
    expect(await ruleIds("import { useState } from 'react';\nexport const u = useState;\n", 'src/machines/x/b.ts')).toContain(rule);
    expect(await ruleIds("import { createPublicClient } from 'viem';\nexport const c = createPublicClient;\n", 'src/machines/x/c.ts')).toContain(rule);
    expect(await ruleIds('export const w = window.location.href;\n', 'src/machines/x/d.ts')).toContain('no-restricted-globals');
    expect(await ruleIds("export const f = () => fetch('/x');\n", 'src/machines/x/e.ts')).toContain('no-restricted-globals');
  });

  it('rejects a view that imports a service or fetches', async () => {
    expect(await ruleIds("import { loadRuntimeConfig } from '../services/config.ts';\nexport const x = loadRuntimeConfig;\n", 'src/views/Bad.tsx')).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds("export const f = () => fetch('/x');\n", 'src/views/Bad.tsx')).toContain('no-restricted-globals');
  });

  it('rejects a view that reads state names instead of its view model', async () => {
    const rule = 'no-restricted-syntax';
    expect(await ruleIds("export const busy = (s: { matches(v: string): boolean }) => s.matches('saving');\n", 'src/views/x/Bad.tsx')).toContain(rule);
    expect(await ruleIds("export const busy = (s?: { hasTag(t: string): boolean }) => s?.hasTag('busy');\n", 'src/views/x/Bad.tsx')).toContain(rule);
    // The view model itself may: it is pure machine code.
    expect(await ruleIds("export const busy = (s: { matches(v: string): boolean }) => s.matches('saving');\n", 'src/machines/x/x.connect.ts')).toEqual([]);
    expect(await ruleIds("export const busy = (v: { busy: boolean }) => v.busy;\n", 'src/views/x/Ok.tsx')).toEqual([]);
  });

  it('accepts the allowed directions', async () => {
    expect(await ruleIds("import { setup } from 'xstate';\nimport { isAddress } from 'viem';\nexport const s = [setup, isAddress];\n", 'src/machines/x/ok.ts')).toEqual([]);
    expect(await ruleIds("import { matchRoute } from '../machines/shared/routes.ts';\nexport const m = matchRoute;\n", 'src/views/Ok.tsx')).toEqual([]);
    expect(await ruleIds("import { parseRuntimeConfig } from './config.ts';\nexport const p = parseRuntimeConfig;\n", 'src/services/ok.ts')).toEqual([]);
  });
});
