/**
 * Static routes of the devnet's demo Safe Apps, mounted on the local gateway:
 *   GET /devnet/apps/hello            index.html
 *   GET /devnet/apps/hello/main.js    the app, bundled on first request with Vite from hello/main.ts (offline)
 *   GET /devnet/apps/hello/manifest.json, icon.svg
 * The app talks to Countersign only through postMessage (src/bridge/sdk), so it needs nothing from the gateway.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(HERE, '../..');
export const HELLO_APP_PATH = '/devnet/apps/hello';

const STATIC: Record<string, { file: string; type: string }> = {
  '': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/manifest.json': { file: 'manifest.json', type: 'application/json; charset=utf-8' },
  '/icon.svg': { file: 'icon.svg', type: 'image/svg+xml' },
};

let bundle: Promise<string> | null = null;

/** Bundles hello/main.ts (with Countersign's SDK) into one ES module; memoised, retried after a failure. */
export function buildHelloApp(): Promise<string> {
  bundle ??= (async () => {
    const { build } = await import('vite');
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      root: REPO_ROOT,
      build: {
        write: false,
        minify: true,
        modulePreload: false,
        rollupOptions: {
          input: { main: join(HERE, 'hello/main.ts') },
          output: { format: 'es', entryFileNames: '[name].js' },
        },
      },
    });
    const outputs = Array.isArray(result) ? result : [result];
    for (const output of outputs) {
      if (!('output' in output)) continue;
      const main = output.output.find((item) => item.type === 'chunk' && item.fileName === 'main.js');
      if (main && main.type === 'chunk') return main.code;
    }
    throw new Error('demo app: the bundle has no main.js');
  })();
  bundle.catch(() => {
    bundle = null;
  });
  return bundle;
}

const headers = (type: string): Record<string, string> => ({
  'content-type': type,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

/** Mounts the demo apps on a hono app (the devnet gateway). */
export function devnetAppRoutes(app: Hono): void {
  app.get(`${HELLO_APP_PATH}/main.js`, async (c) => c.body(await buildHelloApp(), 200, headers('text/javascript; charset=utf-8')));
  app.get(`${HELLO_APP_PATH}`, (c) => c.redirect(`${HELLO_APP_PATH}/`, 302));
  app.get(`${HELLO_APP_PATH}/*`, async (c) => {
    const rest = new URL(c.req.url).pathname.slice(HELLO_APP_PATH.length);
    const entry = STATIC[rest];
    if (!entry) return c.json({ code: 404, message: `Cannot GET ${HELLO_APP_PATH}${rest}` }, 404);
    if (entry.file === 'index.html') void buildHelloApp().catch(() => undefined);
    return c.body(await readFile(join(HERE, 'hello', entry.file)), 200, headers(entry.type));
  });
}
