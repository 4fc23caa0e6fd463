/**
 * A code-splitting group that puts the app's own modules the entry imports statically (what a cold load downloads
 * anyway), and the libraries every page runs on, into one chunk. Without it, Rolldown gives each module the entry
 * shares with a lazily loaded screen a small chunk of its own: a dozen more requests and modulepreloads, and less
 * for gzip to share (decision 0019). Modules reached only through dynamic import() stay out of it. The walk stops at
 * node_modules: a library's index imports all of it statically, and tree-shaking, not this graph, decides what of it
 * a page uses; only the `libraries` named here (all of them on every page) join the chunk — the app's own copies of
 * them, not a copy nested under another package's node_modules (a wallet module's own React 16 or xstate 4, issue 19:
 * those load with that module, never on the first load).
 */
import { resolve } from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Whether a module is in a package installed under another package's node_modules (not the app's own copy). */
const nestedPackage = (id: string): boolean => (id.match(/[\\/]node_modules[\\/]/g) ?? []).length > 1;

export function firstLoadChunk(entry: string, libraries: RegExp, name = 'boot') {
  const entryId = resolve(entry);
  let graph: ModuleGraph | null = null;
  let firstLoad = new Set<string>();
  const staticClosure = (ctx: ModuleGraph): Set<string> => {
    const seen = new Set<string>();
    const queue = [entryId];
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).filter((dep) => !/[\\/]node_modules[\\/]/.test(dep)));
    }
    return seen;
  };
  return {
    debugName: name,
    name: (id: string, ctx: ModuleGraph): string | null => {
      if (ctx !== graph) {
        graph = ctx;
        firstLoad = staticClosure(ctx);
      }
      return firstLoad.has(id) || (libraries.test(id) && !nestedPackage(id)) ? name : null;
    },
  };
}
