/**
 * Browser implementations of the Node built-ins the Keystone stack imports (issue 19, decision 0079), given only to
 * the packages that import them — never a global alias, so nothing else in the build (and nothing on the first load)
 * changes:
 *
 * - `crypto`, imported by `hdkey` (Keystone's keyring derives the account addresses with it; Trezor's account scan
 *   too): hdkey calls only `createHmac('sha512')`, `createHash('sha256')` and `randomBytes`. They come from the
 *   packages crypto-browserify itself re-exports them from (`create-hmac`, `create-hash`, `randombytes`; their
 *   `browser` builds), not the whole of crypto-browserify (its signing, ciphers and Diffie-Hellman primes).
 * - `stream`, imported by `cipher-base` (the base class of create-hash/create-hmac): `stream-browserify`.
 *
 * Without these Vite replaces both with an empty stub ("externalized for browser compatibility") and the Keystone's
 * account sync throws `createHmac is not a function` in a browser. The globals the same libraries read (`Buffer`,
 * `process`) are set by src/services/wallet/modules/nodeGlobals.ts when the Keystone module loads.
 */

/** The module standing for `crypto` where hdkey imports it. */
export const CRYPTO_SUBSET_MODULE = '\0countersign:crypto-subset';

export interface ScopedBuiltin {
  /** The Node built-in as imported (`crypto`, `stream`). */
  source: string;
  /** The importers that get the replacement (their resolved file path). */
  importer: RegExp;
  /** A package to resolve instead, or CRYPTO_SUBSET_MODULE for hdkey's crypto functions. */
  replacement: string;
}

export const KEYSTONE_BUILTINS: readonly ScopedBuiltin[] = [
  { source: 'crypto', importer: /[\\/]node_modules[\\/]hdkey[\\/]/, replacement: CRYPTO_SUBSET_MODULE },
  { source: 'stream', importer: /[\\/]node_modules[\\/]cipher-base[\\/]/, replacement: 'stream-browserify' },
];

interface ResolveContext {
  resolve(source: string, importer: string | undefined, options: Record<string, unknown>): Promise<{ id: string } | null>;
}

export function scopedNodeBuiltins(rules: readonly ScopedBuiltin[] = KEYSTONE_BUILTINS) {
  return {
    name: 'countersign:scoped-node-builtins',
    enforce: 'pre' as const,
    async resolveId(this: ResolveContext, source: string, importer: string | undefined, options: Record<string, unknown>) {
      if (source === CRYPTO_SUBSET_MODULE) return CRYPTO_SUBSET_MODULE;
      if (!importer) return null;
      const bare = source.replace(/^node:/, '');
      const rule = rules.find((r) => r.source === bare && r.importer.test(importer.replace(/\?.*$/, '')));
      if (!rule) return null;
      if (rule.replacement === CRYPTO_SUBSET_MODULE) return CRYPTO_SUBSET_MODULE;
      return this.resolve(rule.replacement, importer, { ...options, skipSelf: true });
    },
    load(id: string) {
      if (id !== CRYPTO_SUBSET_MODULE) return null;
      return [
        "import createHash from 'create-hash';",
        "import createHmac from 'create-hmac';",
        "import randomBytes from 'randombytes';",
        'export { createHash, createHmac, randomBytes };',
        'export default { createHash, createHmac, randomBytes };',
      ].join('\n');
    },
  };
}
