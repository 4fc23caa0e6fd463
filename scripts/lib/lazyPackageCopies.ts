/**
 * Keeps a lazily loaded library's use of a shared library off the first load (issue 19, decision 0066).
 *
 * The first load statically imports viem's index, which re-exports all of viem: Rolldown then counts every viem
 * module as reached by the first load, and any viem module that a lazy chunk uses lands in the first-load chunk
 * (it is "loaded already" when the lazy chunk runs). WalletConnect (through @reown/appkit and @walletconnect/utils)
 * uses much of viem and ox, which would add ~80 kB gzip to the boot chunk although only a WalletConnect user needs it.
 *
 * The same happens one step later: libraries the connect step loads (web3-onboard's core uses rxjs and tslib, the
 * Devnet Wallet viem) get split into more, smaller shared chunks once the device libraries use them too, which made
 * the connect step heavier.
 *
 * This plugin gives the `roots` (the signer-device libraries and modules) their own copy of the `shared` libraries:
 * an import of a shared library from a root, and every import inside such a copy, resolves to the same file with a
 * `?lazy-copy` suffix — a distinct module that only the lazy chunks reach. The code is the same files; the cost is
 * that a device module's user downloads the parts of viem/rxjs/tslib it uses once more.
 */
import { readFile } from 'node:fs/promises';

const SUFFIX = '?lazy-copy';

interface ResolveContext {
  resolve(source: string, importer: string, options: Record<string, unknown>): Promise<{ id: string; external?: boolean | string } | null>;
}

export function lazyPackageCopies(roots: RegExp, shared: RegExp) {
  return {
    name: 'countersign:lazy-package-copies',
    enforce: 'pre' as const,
    apply: 'build' as const, // the dev server pre-bundles dependencies itself; the first load's size is a build matter
    async resolveId(this: ResolveContext, source: string, importer: string | undefined, options: Record<string, unknown>) {
      if (!importer) return null;
      const copy = importer.endsWith(SUFFIX);
      if (!copy && !roots.test(importer)) return null;
      const resolved = await this.resolve(source, copy ? importer.slice(0, -SUFFIX.length) : importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?') || resolved.id.startsWith('\0')) return resolved;
      return shared.test(resolved.id) ? { ...resolved, id: resolved.id + SUFFIX } : resolved;
    },
    async load(id: string) {
      return id.endsWith(SUFFIX) ? readFile(id.slice(0, -SUFFIX.length), 'utf8') : null;
    },
  };
}
