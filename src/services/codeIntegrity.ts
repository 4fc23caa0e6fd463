/**
 * Is the build's import map in force? Production builds pin every JavaScript file, lazily imported chunks included,
 * through the `integrity` section of an import map in index.html (docs/decisions/0022-lazy-chunk-integrity.md). That
 * map is an inline script: a host whose Content-Security-Policy does not allow it by its hash makes the browser drop
 * it, and with it every check of the lazily loaded code, without a word. The map also maps `IMPORT_MAP_PROBE`, a
 * specifier nothing imports, so resolving it (no fetch) tells whether the map was applied.
 */

/** The bare specifier only the build's import map resolves (written by scripts/lib/importMapIntegrity.ts). */
export const IMPORT_MAP_PROBE = '@countersign/import-map';

export function importMapActive(resolve: (specifier: string) => string = (specifier) => import.meta.resolve(specifier)): boolean {
  try {
    resolve(IMPORT_MAP_PROBE);
    return true;
  } catch {
    // A bare specifier no import map maps: TypeError.
    return false;
  }
}
