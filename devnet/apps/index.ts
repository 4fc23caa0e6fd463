/**
 * Static routes of the devnet's Safe Apps, mounted on the local gateway (for each app <name> in APPS):
 *   GET /devnet/apps/<name>            index.html
 *   GET /devnet/apps/<name>/main.js    the app, bundled on first request with Vite from <name>/main.ts (offline)
 *   GET /devnet/apps/<name>/manifest.json, icon.svg
 * - hello: the demo app built with Countersign's SDK (src/bridge/sdk), one button per bridge method;
 * - probe: the published @safe-global/safe-apps-sdk (devDependency) exposing its calls to browser tests;
 * - custom: NOT in the gateway's list (to be added by URL at /apps/custom): the demo app's page and bundle with
 *   its own manifest.json and icon.
 * The apps talk to Countersign only through postMessage, so they need nothing from the gateway.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(HERE, '../..');
export const APPS = ['hello', 'probe', 'custom'] as const;
export type DevnetAppName = (typeof APPS)[number];
/** Where an app's main.ts, and the static files it has no copy of, come from. */
const SOURCE: Record<DevnetAppName, 'hello' | 'probe'> = { hello: 'hello', probe: 'probe', custom: 'hello' };
export const appPath = (name: DevnetAppName): string => `/devnet/apps/${name}`;
export const HELLO_APP_PATH = appPath('hello');

const STATIC: Record<string, { file: string; type: string }> = {
  '': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/manifest.json': { file: 'manifest.json', type: 'application/json; charset=utf-8' },
  '/icon.svg': { file: 'icon.svg', type: 'image/svg+xml' },
};

const bundles = new Map<DevnetAppName, Promise<string>>();

/** Bundles <name>/main.ts into one ES module; memoised, retried after a failure. */
export function buildDevnetApp(name: DevnetAppName): Promise<string> {
  const cached = bundles.get(name);
  if (cached) return cached;
  const bundle = (async () => {
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
          input: { main: join(HERE, name, 'main.ts') },
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
    throw new Error(`devnet app ${name}: the bundle has no main.js`);
  })();
  bundles.set(name, bundle);
  bundle.catch(() => {
    if (bundles.get(name) === bundle) bundles.delete(name);
  });
  return bundle;
}

/** The demo app (our SDK). */
export const buildHelloApp = (): Promise<string> => buildDevnetApp('hello');

const headers = (type: string): Record<string, string> => ({
  'content-type': type,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

/** Mounts the devnet's apps on a hono app (the devnet gateway). */
export function devnetAppRoutes(app: Hono): void {
  for (const name of APPS) {
    const path = appPath(name);
    app.get(`${path}/main.js`, async (c) => c.body(await buildDevnetApp(SOURCE[name]), 200, headers('text/javascript; charset=utf-8')));
    app.get(path, (c) => c.redirect(`${path}/`, 302));
    app.get(`${path}/*`, async (c) => {
      const rest = new URL(c.req.url).pathname.slice(path.length);
      const entry = STATIC[rest];
      if (!entry) return c.json({ code: 404, message: `Cannot GET ${path}${rest}` }, 404);
      if (entry.file === 'index.html') void buildDevnetApp(SOURCE[name]).catch(() => undefined);
      const body = await readFile(join(HERE, name, entry.file)).catch(() => readFile(join(HERE, SOURCE[name], entry.file)));
      return c.body(body, 200, headers(entry.type));
    });
  }
}
