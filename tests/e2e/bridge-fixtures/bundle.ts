/**
 * Pages for bridge tests and the bridge benchmark: entries bundled in memory by Vite, an HTML page per entry,
 * served by node:http on a fresh 127.0.0.1 port (one port per origin).
 */
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { build, type Rollup } from 'vite';

export interface ServedFile {
  type: string;
  body: string | Uint8Array;
}

const page = (entry: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${entry}</title></head><body><script type="module" src="/${entry}.js"></script></body></html>`;

/** Bundles `entries` (name → source file) and adds `/<name>.html` loading `/<name>.js`. */
export async function bundlePages(entries: Record<string, string>, options: { minify?: boolean } = {}): Promise<Map<string, ServedFile>> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve('.'),
    build: {
      write: false,
      minify: options.minify ?? true,
      modulePreload: false,
      rollupOptions: { input: entries, output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  });
  const files = new Map<string, ServedFile>();
  for (const output of (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]) {
    for (const item of output.output) files.set(`/${item.fileName}`, { type: 'text/javascript; charset=utf-8', body: item.type === 'chunk' ? item.code : item.source });
  }
  for (const entry of Object.keys(entries)) files.set(`/${entry}.html`, { type: 'text/html; charset=utf-8', body: page(entry) });
  return files;
}

/** Serves `files` on a new port; the server is added to `servers` so the caller can close it. */
export async function serveFiles(files: ReadonlyMap<string, ServedFile>, servers: Server[]): Promise<string> {
  const server = createServer((req, res) => {
    const file = files.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}
