/**
 * Issue 15 (security review F7): every .js file of a build, lazily imported chunks included, is pinned by the
 * import map's `integrity` section, and the map is allowed by its hash (docs/decisions/0022-lazy-chunk-integrity.md).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from 'vite';
import { buildIntegrity } from '../../scripts/lib/buildIntegrity.ts';
import { listFiles } from '../../scripts/lib/distHash.ts';
import { cspHashOf, importMapHashes, importMapOf, importMapsOf, insertImportMap, sriOf } from '../../scripts/lib/importMapIntegrity.ts';
import { IMPORT_MAP_PROBE, importMapActive } from '../../src/services/codeIntegrity.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const metaOf = (html: string) => /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!.replaceAll('&#39;', "'");
const scriptSrc = (policy: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(policy)![1]!.split(' ');

describe('importMapOf', () => {
  it('pins every .js and .mjs file by its sha384 under the base path, in path order, and nothing else', () => {
    const files = [
      ['assets/b.js', bytes('export const b = 1')],
      ['assets/a.mjs', bytes('export {}')],
      ['assets/a.css', bytes('body{}')],
      ['index.html', bytes('<!doctype html>')],
    ] as const;
    const map = JSON.parse(importMapOf(files, '/')) as { imports: Record<string, string>; integrity: Record<string, string> };
    expect(Object.keys(map.integrity)).toEqual(['/assets/a.mjs', '/assets/b.js']);
    expect(map.integrity['/assets/b.js']).toBe(sriOf(bytes('export const b = 1')));
    expect(map.imports).toEqual({ [IMPORT_MAP_PROBE]: '/' });
    expect(Object.keys((JSON.parse(importMapOf(files, '/app')) as { integrity: object }).integrity)).toEqual(['/app/assets/a.mjs', '/app/assets/b.js']);
  });

  it('refuses a relative base and cannot be closed early by a file name', () => {
    expect(() => importMapOf([], './')).toThrow(/absolute base/);
    expect(importMapOf([['assets/</script><script>x.js', bytes('')]], '/')).not.toContain('</script');
  });
});

describe('insertImportMap', () => {
  const page = [
    '<!doctype html>',
    '<html>',
    '  <head>',
    `    <meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;self&#39;; object-src &#39;none&#39;">`,
    '    <meta charset="UTF-8" />',
    '    <script type="module" crossorigin src="/assets/index.js"></script>',
    '    <link rel="modulepreload" href="/assets/boot.js">',
    '  </head>',
    '</html>',
  ].join('\n');
  const map = importMapOf([['assets/index.js', bytes('x')]], '/');

  it('puts the map after the CSP meta and charset, before every script and link, and allows it in script-src by its hash', () => {
    const out = insertImportMap(page, map);
    expect(importMapsOf(out)).toEqual([map]);
    const at = (s: string) => out.indexOf(s);
    expect(at('<meta charset')).toBeLessThan(at('<script type="importmap">'));
    expect(at('<meta charset')).toBeLessThan(1024);
    expect(at('<script type="importmap">')).toBeLessThan(at('<script type="module"'));
    expect(at('<script type="importmap">')).toBeLessThan(at('<link rel="modulepreload"'));
    expect(scriptSrc(metaOf(out))).toEqual(["'self'", cspHashOf(map)]);
    expect(metaOf(out)).toContain("default-src 'none'; script-src");
    expect(importMapHashes(out)).toEqual([cspHashOf(map)]);
  });

  it('works without a CSP meta; refuses a page that already has an import map', () => {
    const out = insertImportMap('<html><head><title>x</title></head><body></body></html>', map);
    expect(out).toContain(`<title>x</title><script type="importmap">${map}</script>`);
    expect(() => insertImportMap(out, map)).toThrow(/already has an import map/);
  });
});

describe('importMapActive', () => {
  it('is true only when the probe specifier resolves', () => {
    expect(importMapActive((s) => (s === IMPORT_MAP_PROBE ? 'https://app.example/' : s))).toBe(true);
    expect(
      importMapActive(() => {
        throw new TypeError('Failed to resolve module specifier');
      }),
    ).toBe(false);
  });
});

describe('the build plugin', () => {
  it('lists every .js file it wrote, entry and lazy chunks, with the hash of the bytes on disk, and allows the map in the meta', async () => {
    const root = await mkdtemp(join(tmpdir(), 'countersign-importmap-'));
    try {
      await writeFile(join(root, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8" /><title>t</title></head><body><script type="module" src="/main.js"></script></body></html>');
      await writeFile(join(root, 'main.js'), "document.title = 'main';\nimport('./lazy.js').then((m) => m.run());\nimport('./other.js').then((m) => m.run());\n");
      await writeFile(join(root, 'lazy.js'), "import { shared } from './shared.js';\nexport const run = () => shared('lazy');\n");
      await writeFile(join(root, 'other.js'), "import { shared } from './shared.js';\nexport const run = () => shared('other');\n");
      await writeFile(join(root, 'shared.js'), 'export const shared = (x) => console.log(x);\n');
      const outDir = join(root, 'dist');
      await build({ root, configFile: false, logLevel: 'silent', mode: 'production', plugins: [buildIntegrity()], build: { outDir, emptyOutDir: true } });

      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      const [map] = importMapsOf(html);
      const { integrity } = JSON.parse(map!) as { integrity: Record<string, string> };
      const scripts = (await listFiles(outDir)).filter((path) => path.endsWith('.js'));
      expect(scripts.length).toBeGreaterThanOrEqual(4); // entry, two lazy chunks, the shared one
      expect(Object.keys(integrity).sort()).toEqual(scripts.map((path) => `/${path}`).sort());
      for (const path of scripts) expect(integrity[`/${path}`], path).toBe(sriOf(await readFile(join(outDir, path))));
      expect(scriptSrc(metaOf(html))).toEqual(["'self'", cspHashOf(map!)]);
      expect(html.indexOf('<script type="importmap">')).toBeLessThan(html.indexOf('<script type="module"'));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
