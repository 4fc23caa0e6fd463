/**
 * Integrity for every JavaScript file of a build, lazily imported chunks included (docs/decisions/0022).
 *
 * A `<script integrity>` pins only the file it names; chunks reached later by `import()` (and the modulepreload
 * links Vite's preload helper adds for them) carry no attribute. Browsers look such a module's integrity up in the
 * import map's `integrity` section instead (HTML, "resolve a module integrity metadata"; Chromium ≥ 127), for
 * static imports, dynamic `import()` and `<link rel=modulepreload>` alike. The build therefore writes
 *
 *   <script type="importmap">{"imports":{"@countersign/import-map":"/"},"integrity":{"/assets/x.js":"sha384-…",…}}</script>
 *
 * after the Content-Security-Policy meta and before any script or modulepreload link, with one entry per .js file
 * of the build. The import map is an inline script, so `script-src` must allow it by its SHA-256: the meta
 * fallback gets the hash at build time, our static server reads it off the index.html it serves.
 *
 * The `imports` entry maps a specifier nothing imports: `import.meta.resolve` of it succeeds only when the map is in
 * force, which lets the app refuse to start on a host whose policy blocks the map (src/services/codeIntegrity.ts).
 */
import { createHash } from 'node:crypto';
import { IMPORT_MAP_PROBE } from '../../src/services/codeIntegrity.ts';

const IMPORT_MAP = /<script\b[^>]*\btype\s*=\s*"importmap"[^>]*>([\s\S]*?)<\/script\s*>/gi;
const CSP_META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/?>/i;

/** The `integrity` value of some bytes (the same digest as `<script integrity>` on index.html's tags). */
export const sriOf = (bytes: Uint8Array): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The CSP hash source (`'sha256-…'`) of an inline script's exact text. */
export const cspHashOf = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Is `path` a JavaScript file the browser may load as a module? */
export const isScript = (path: string): boolean => /\.m?js$/i.test(path);

/**
 * The import map's text for the build's files (paths relative to the build, `/`-separated; `base` the public base
 * path, which must be absolute: the keys are URLs resolved against the page's URL, and a relative base would make
 * them wrong on nested routes). Only .js/.mjs files are listed, in path order, so the text is reproducible.
 */
export function importMapOf(files: readonly (readonly [path: string, bytes: Uint8Array])[], base: string): string {
  if (!/^(\/|https?:\/\/)/.test(base)) throw new Error(`Import-map integrity needs an absolute base (got "${base}").`);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const integrity: Record<string, string> = {};
  for (const [path, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (isScript(path)) integrity[`${prefix}${path}`] = sriOf(bytes);
  }
  // `<` escaped so that no path can close the script element.
  return JSON.stringify({ imports: { [IMPORT_MAP_PROBE]: prefix }, integrity }).replaceAll('<', '\\u003c');
}

/**
 * Writes `<script type="importmap">` into an HTML page before its first script or link (every module script and
 * modulepreload comes after it; the CSP meta and `<meta charset>` stay ahead of it, the latter within the first
 * 1024 bytes), and adds the map's hash to the CSP meta's `script-src`. Refuses a page that already has an import map
 * (a second map could not add integrity for modules the first one resolved).
 */
export function insertImportMap(html: string, map: string): string {
  if (importMapsOf(html).length > 0) throw new Error('index.html already has an import map.');
  let out = html;
  const meta = CSP_META.exec(out);
  if (meta) {
    const policy = meta[1]!.replaceAll('&#39;', "'");
    if (!/(^|;)\s*script-src\s/.test(policy)) throw new Error('The CSP meta has no script-src to allow the import map in.');
    const widened = policy.replace(/(^|;)(\s*script-src\s[^;]*)/, (_, sep: string, directive: string) => `${sep}${directive.trimEnd()} ${cspHashOf(map)}`);
    const replaced = meta[0].replace(meta[1]!, () => widened.replaceAll("'", '&#39;'));
    out = out.replace(meta[0], () => replaced);
  }
  const tag = `<script type="importmap">${map}</script>`;
  const first = /<(script|link)\b/i.exec(out) ?? /<\/head\s*>/i.exec(out);
  if (!first) throw new Error('index.html has no script, link or </head> to put the import map before.');
  const indent = /[ \t]*$/.exec(out.slice(0, first.index))![0];
  return `${out.slice(0, first.index)}${tag}\n${indent}${out.slice(first.index)}`;
}

/** The text of every `<script type="importmap">` of an HTML page. */
export function importMapsOf(html: string): string[] {
  return [...html.matchAll(IMPORT_MAP)].map((m) => m[1]!);
}

/** The CSP hash sources that allow the import maps of an HTML page (what our static server adds to script-src). */
export function importMapHashes(html: string): string[] {
  return importMapsOf(html).map(cspHashOf);
}
