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

  it('lets a machine share types with services (type-only imports are erased)', async () => {
    const code = "import type { RuntimeConfig } from '../../services/config.ts';\nexport type X = RuntimeConfig;\n";
    expect(await ruleIds(code, 'src/machines/appSession/ok.machine.ts')).toEqual([]);
  });

  it('rejects network, React and DOM use inside machines', async () => {
    const rule = '@typescript-eslint/no-restricted-imports';
    expect(await ruleIds("import ky from 'ky';\nexport const k = ky;\n", 'src/machines/x/a.ts')).toContain(rule);
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

  it('accepts the allowed directions', async () => {
    expect(await ruleIds("import { setup } from 'xstate';\nimport { isAddress } from 'viem';\nexport const s = [setup, isAddress];\n", 'src/machines/x/ok.ts')).toEqual([]);
    expect(await ruleIds("import { matchRoute } from '../machines/shared/routes.ts';\nexport const m = matchRoute;\n", 'src/views/Ok.tsx')).toEqual([]);
    expect(await ruleIds("import { parseRuntimeConfig } from './config.ts';\nexport const p = parseRuntimeConfig;\n", 'src/services/ok.ts')).toEqual([]);
  });
});
