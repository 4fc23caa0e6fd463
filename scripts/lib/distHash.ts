/**
 * The hash of a build that users can compare with what they are served: SHA-256 over the sorted lines
 * `<path>\0<sha256 of the file, hex>\n`, one per file of the build, paths relative and with `/`.
 * `config.json` is left out: it is the deployment's runtime configuration, not code, and every host serves its
 * own (README, "Verifying a build").
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Files that are configuration rather than the build, left out of the hash. */
export const UNHASHED = new Set(['config.json']);

export interface DistManifest {
  /** Relative path → SHA-256 (hex) of its bytes, sorted by path. */
  files: [path: string, sha256: string][];
  /** SHA-256 (hex) of the manifest lines. */
  hash: string;
}

export const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir` as a relative `/` path, sorted (code-unit order, so the same on every machine). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !UNHASHED.has(path))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function manifestOf(files: [path: string, sha256: string][]): DistManifest {
  const sorted = [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = sorted.map(([path, digest]) => `${path}\0${digest}\n`).join('');
  return { files: sorted, hash: sha256(lines) };
}

/** The manifest of a build directory on disk. */
export async function distManifest(dir: string): Promise<DistManifest> {
  const paths = await listFiles(dir);
  const files = await Promise.all(paths.map(async (path): Promise<[string, string]> => [path, sha256(await readFile(join(dir, path)))]));
  return manifestOf(files);
}

/**
 * The manifest of what a host serves, for the paths of a local build of the same commit: each file fetched
 * from `baseUrl` (a missing or changed file changes the hash).
 */
export async function servedManifest(baseUrl: string, paths: string[], fetchImpl: typeof fetch = fetch): Promise<DistManifest & { missing: string[] }> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const missing: string[] = [];
  const files: [string, string][] = [];
  for (const path of paths) {
    const response = await fetchImpl(new URL(path, base), { cache: 'no-store', redirect: 'error' });
    if (!response.ok) {
      missing.push(path);
      continue;
    }
    files.push([path, sha256(new Uint8Array(await response.arrayBuffer()))]);
  }
  return { ...manifestOf(files), missing };
}
