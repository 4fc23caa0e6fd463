/**
 * What each signer-device wallet module adds when the user picks it (issue 19, decision 0066): the gzip bytes of the
 * chunks its getInterface imports — the chunk of its interface entry (src/services/wallet/modules/*Interface.ts)
 * and every chunk reachable from it — minus the chunks the page has already loaded (the cold load and the connect
 * step). Read from the bundle graph of the build the bench serves (a Vite plugin records it).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ChunkInfo {
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
}

/** A Vite plugin that records the chunks of the build, and the recorded graph. */
export function chunkGraphRecorder() {
  const chunks = new Map<string, ChunkInfo>();
  const plugin = {
    name: 'bench:chunk-graph',
    // After Vite's own generateBundle work (it drops the JS of CSS-only chunks): the chunks as written.
    writeBundle(_options: unknown, bundle: Record<string, { type: string; fileName: string; imports?: string[]; dynamicImports?: string[]; moduleIds?: string[] }>) {
      chunks.clear();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, { fileName: output.fileName, imports: output.imports ?? [], dynamicImports: output.dynamicImports ?? [], moduleIds: output.moduleIds ?? [] });
      }
    },
  };
  return { plugin, chunks };
}

export const WALLET_MODULE_ENTRIES: Readonly<Record<string, string>> = {
  Ledger: 'src/services/wallet/modules/ledgerInterface.ts',
  Trezor: 'src/services/wallet/modules/trezorInterface.ts',
  WalletConnect: 'src/services/wallet/modules/walletConnectInterface.ts',
  Keystone: 'src/services/wallet/modules/keystoneInterface.ts',
};

export interface ModuleSize {
  /** gzip bytes of the chunks loaded when the module is picked (static imports of its entry chunk). */
  onPickGzipBytes: number;
  /** The same plus every chunk those may load later (dynamic imports), e.g. Trezor's account scan. */
  withLazyGzipBytes: number;
  chunks: string[];
  lazyChunks: string[];
}

/** A chunk of the app's own code (other than the wallet modules): the lazy walk does not go into the app's screens. */
const appChunk = (chunk: ChunkInfo) => chunk.moduleIds.some((id) => /[\\/]src[\\/]/.test(id) && !/[\\/]src[\\/]services[\\/]wallet[\\/]modules[\\/]/.test(id));

function closure(chunks: Map<string, ChunkInfo>, start: string, followDynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    if (!chunk) continue;
    queue.push(...chunk.imports.filter((f) => chunks.has(f)));
    if (followDynamic) queue.push(...chunk.dynamicImports.filter((f) => chunks.has(f) && !appChunk(chunks.get(f)!)));
  }
  return seen;
}

/** Each module's added size; `loaded` are the asset paths (e.g. `assets/boot-x.js`) the page had already fetched. */
export async function walletModuleSizes(chunks: Map<string, ChunkInfo>, distDir: string, loaded: ReadonlySet<string>): Promise<Record<string, ModuleSize>> {
  const gzipOf = new Map<string, number>();
  const size = async (files: Iterable<string>) => {
    let total = 0;
    for (const file of files) {
      if (!file.endsWith('.js')) continue;
      if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(await readFile(join(distDir, file)), { level: 6 }).length);
      total += gzipOf.get(file)!;
    }
    return total;
  };
  const result: Record<string, ModuleSize> = {};
  for (const [label, entry] of Object.entries(WALLET_MODULE_ENTRIES)) {
    const chunk = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(entry)));
    if (!chunk) throw new Error(`no chunk holds ${entry}`);
    const onPick = [...closure(chunks, chunk.fileName, false)].filter((f) => !loaded.has(f)).sort();
    const all = [...closure(chunks, chunk.fileName, true)].filter((f) => !loaded.has(f)).sort();
    result[label] = { onPickGzipBytes: await size(onPick), withLazyGzipBytes: await size(all), chunks: onPick, lazyChunks: all.filter((f) => !onPick.includes(f)) };
  }
  return result;
}
