/**
 * web3-onboard's core and common pin viem 2.12.0 and get their own copy of it (node_modules/@web3-onboard/{core,common}/
 * node_modules/viem). What the connect step runs of it — hex and unit helpers (isHex, toHex, fromHex, hexToBigInt,
 * numberToHex, formatEther, parseEther), their errors and keccak for addresses — is a second copy of code the app's
 * viem (2.57) already has, and Rolldown packed the copy's shared modules into a 17.7 kB gzip chunk of the connect step
 * (issue 22, decision 0076).
 *
 * This plugin resolves web3-onboard's STATIC imports of viem (`import { toHex } from 'viem'`) to the app's viem, so
 * those helpers come from the chunks the connect step loads for the app's own use of viem. Its DYNAMIC imports stay on
 * its own copy: `await import('viem')` (createPublicClient for balances and ENS, extractChain/defineChain) and
 * `await import('viem/chains')` take viem's whole namespace, and the app's viem index is reached by the first load, so
 * resolving them to the app's viem would put all of viem into the boot chunk (tried: boot 87.6 → 175 kB gzip). They run
 * only for features the app turns off or never reaches (account center balances, ENS names, chains unknown to onboard)
 * and stay in lazy chunks of their own.
 *
 * web3-onboard enters the app's viem through a copy of viem's index (`?onboard-viem`, re-exports only, tree-shaken like
 * the original), so that `privateModules` can be given to it as copies too: modules whose sharing would change the
 * app's own chunks. Shared, viem's `formatEther` left the `transaction` chunk for a chunk of its own (a new file name
 * in the boot chunk's preload lists), and `fromHex` with the errors of `errors/encoding` needed two more exports from
 * the boot chunk; as copies they cost the connect step ~0.4 kB and leave the boot chunk as it was.
 *
 * Only the specifier changes; the calls are the same viem 2.x API (same major version, the functions' contracts unchanged).
 * tests/e2e/wallet-connect.spec.ts, devnet-account.spec.ts and device-signer.spec.ts run the modal and the connection on it.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** The web3-onboard packages whose static viem imports are shared with the app. */
const ONBOARD = /[\\/]node_modules[\\/]@web3-onboard[\\/](core|common)[\\/]dist[\\/]/;
/** web3-onboard's entry into the app's viem: a copy of viem's index (re-exports only) that only web3-onboard imports. */
const SUFFIX = '?onboard-viem';

interface ResolveContext {
  resolve(source: string, importer: string, options: Record<string, unknown>): Promise<{ id: string; external?: boolean | string } | null>;
}

/**
 * @param privateModules app-viem modules web3-onboard gets a copy of instead of sharing them (their chunk would
 *   otherwise change for the app's own screens; see decision 0076)
 */
export function onboardSharedViem(privateModules: RegExp = /(?!)/, root: string = process.cwd()) {
  // A file of the app itself: resolving from it finds the app's node_modules/viem.
  const appImporter = resolve(root, 'src/main.tsx');
  return {
    name: 'countersign:onboard-shared-viem',
    enforce: 'pre' as const,
    apply: 'build' as const,
    async resolveId(this: ResolveContext, source: string, importer: string | undefined, options: Record<string, unknown>) {
      if (!importer) return null;
      if (importer.endsWith(SUFFIX)) {
        // Inside web3-onboard's copy of viem's index (or of a private module): the app's modules, except the private ones.
        const resolved = await this.resolve(source, importer.slice(0, -SUFFIX.length), { ...options, skipSelf: true });
        if (!resolved || resolved.external || resolved.id.includes('?') || resolved.id.startsWith('\0')) return resolved;
        return privateModules.test(resolved.id) ? { ...resolved, id: resolved.id + SUFFIX } : resolved;
      }
      if (!ONBOARD.test(importer)) return null;
      if (source !== 'viem' && !source.startsWith('viem/')) return null;
      if (options.kind !== 'import-statement') return null; // import('viem'), import('viem/chains'): onboard's own copy
      const resolved = await this.resolve(source, appImporter, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?') || resolved.id.startsWith('\0')) return resolved;
      return { ...resolved, id: resolved.id + SUFFIX };
    },
    async load(id: string) {
      return id.endsWith(SUFFIX) ? readFile(id.slice(0, -SUFFIX.length), 'utf8') : null;
    },
  };
}
