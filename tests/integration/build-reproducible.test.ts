/**
 * Issue 11, reproducible build: two production builds of the same tree into two directories give identical
 * files (byte for byte) and the same printed build hash; the built index.html carries the CSP meta fallback,
 * no inline script but the import map (allowed by its hash), Subresource Integrity that matches every script,
 * stylesheet and modulepreload it names, and an import map that pins every .js file of the build (decision 0022).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { sriOf } from '../../scripts/lib/buildIntegrity.ts';
import { cspHashOf, importMapsOf } from '../../scripts/lib/importMapIntegrity.ts';
import { distManifest, listFiles } from '../../scripts/lib/distHash.ts';

let dirs: string[] = [];
const printed: string[] = [];

async function buildInto(dir: string): Promise<void> {
  const logger = {
    info: (message: string) => void printed.push(message),
    warn: () => {},
    warnOnce: () => {},
    error: () => {},
    clearScreen: () => {},
    hasErrorLogged: () => false,
    hasWarned: false,
  };
  await build({ root: resolve('.'), mode: 'production', customLogger: logger, build: { outDir: dir, emptyOutDir: true } });
}

beforeAll(async () => {
  const base = await mkdtemp(join(tmpdir(), 'countersign-build-'));
  dirs = [join(base, 'one'), join(base, 'two')];
  for (const dir of dirs) await buildInto(dir);
}, 180_000);

afterAll(async () => {
  if (dirs[0]) await rm(resolve(dirs[0], '..'), { recursive: true, force: true });
});

describe('the production build', () => {
  it('is reproducible: two builds have the same files, byte for byte, and the same hash', async () => {
    const [one, two] = dirs as [string, string];
    const files = await listFiles(one);
    expect(files.length).toBeGreaterThan(5);
    expect(await listFiles(two)).toEqual(files);
    for (const file of [...files, 'config.json']) {
      expect(Buffer.compare(await readFile(join(one, file)), await readFile(join(two, file))), file).toBe(0);
    }
    const [a, b] = await Promise.all([distManifest(one), distManifest(two)]);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.hash).toBe(a.hash);
  });

  it('prints the hash of what it wrote (config.json left out)', async () => {
    const { hash, files } = await distManifest(dirs[0]!);
    expect(files.map(([path]) => path)).not.toContain('config.json');
    const lines = printed.filter((line) => line.includes('Build hash'));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toContain(hash);
  });

  it('index.html: CSP meta first, no inline script but the import map, integrity on every script, stylesheet and modulepreload', async () => {
    const dir = dirs[0]!;
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    const head = html.slice(html.indexOf('<head>') + 6).trimStart();
    expect(head.startsWith('<meta http-equiv="Content-Security-Policy"')).toBe(true);
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!.replaceAll('&#39;', "'");
    const [map] = importMapsOf(html);
    expect(meta).toContain(`script-src 'self' ${cspHashOf(map!)};`);
    expect(meta).not.toContain('unsafe-eval');
    expect(meta).not.toMatch(/script-src[^;]*unsafe-inline/);

    const tags = [...html.matchAll(/<(script|link)\b([^>]*)>/g)].map((m) => m[2]!);
    const scripts = tags.filter((t) => /\ssrc="/.test(t) || /rel="(stylesheet|modulepreload)"/.test(t));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(html.match(/<script\b/g)?.length).toBe(tags.filter((t) => /\ssrc="/.test(t)).length + 1);
    for (const tag of scripts) {
      const url = /(?:src|href)="\/([^"]+)"/.exec(tag)![1]!;
      const integrity = /integrity="([^"]+)"/.exec(tag)?.[1];
      expect(integrity, url).toBe(sriOf(await readFile(join(dir, url))));
      expect(tag, url).toMatch(/\scrossorigin/);
    }
  });

  it('index.html: the import map pins every .js file of the build by the hash of its bytes', async () => {
    const dir = dirs[0]!;
    const maps = importMapsOf(await readFile(join(dir, 'index.html'), 'utf8'));
    expect(maps).toHaveLength(1);
    const { integrity } = JSON.parse(maps[0]!) as { integrity: Record<string, string> };
    const scripts = (await listFiles(dir)).filter((path) => path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(20);
    expect(Object.keys(integrity).sort()).toEqual(scripts.map((path) => `/${path}`).sort());
    for (const path of scripts) expect(integrity[`/${path}`], path).toBe(sriOf(await readFile(join(dir, path))));
  });
});
