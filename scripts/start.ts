/**
 * `npm start`: the app on the offline devnet with demo data.
 *  1. builds the app in devnet mode (the only build that contains the Devnet Wallet) into .devnet/app,
 *  2. starts the devnet (anvil + canonical Safe contracts + local gateway), state kept in .devnet/state,
 *  3. serves the app with a config.json pointing at the devnet, and prints the URL of the demo 2-of-3 Safe.
 * It is also a local Safe to build Safe Apps against (docs/safe-app-development.md, decision 0052): an app served
 * from http://localhost:<port> or http://127.0.0.1:<port> can be added by URL at /apps/custom and opened.
 * Ctrl-C stops everything it started.
 *   --port N        app port (default 4173, env PORT)
 *   --fresh         throw the kept devnet state away first
 *   --no-build      reuse the last devnet build
 *   --connect-src URL   one more origin the Content-Security-Policy lets the app connect to (repeatable), e.g. the
 *                       https origin of a Safe App whose manifest.json should be read (docs/safe-app-development.md)
 */
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { startDevnet, type Devnet } from '../devnet/index.ts';
import { devnetRuntimeConfig } from './lib/devnetConfig.ts';
import { startStaticServer } from './lib/staticServer.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'connect-src': { type: 'string', multiple: true },
  },
});

const started = Date.now();
const log = (message: string) => console.error(`[start] ${message}`);
const APP_DIR = '.devnet/app';
const STATE_DIR = '.devnet/state';

if (values.fresh) await rm(STATE_DIR, { recursive: true, force: true });
if (!values['no-build']) {
  log('building the app (devnet mode)…');
  await build({ mode: 'devnet', logLevel: 'warn', build: { outDir: APP_DIR, emptyOutDir: true } });
}

let devnet: Devnet | null = null;
const server = await startStaticServer({
  dir: APP_DIR,
  port: Number(values.port ?? process.env.PORT ?? 4173),
  config: () => (devnet ? devnetRuntimeConfig(devnet) : undefined),
  connectSrc: values['connect-src'] ?? [],
});
log('starting the devnet…');
try {
  devnet = await startDevnet({ stateDir: STATE_DIR, appOrigins: [server.url, server.url.replace('127.0.0.1', 'localhost')], log });
} catch (error) {
  await server.stop();
  throw error;
}

const team = devnet.safes[0];
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nCountersign is running on the offline devnet (ready in ${seconds} s).`);
console.log(`  Demo 2-of-3 Safe: ${server.url}/home?safe=${devnet.shortName}:${team?.address ?? ''}`);
console.log(`  Gateway: ${devnet.gatewayUrl}   RPC: ${devnet.rpcUrl}   chain ${devnet.chainId}`);
console.log(`  Your Safe App: serve it on http://localhost:<port> (or 127.0.0.1) and add it at ${server.url}/apps/custom?safe=${devnet.shortName}:${team?.address ?? ''}`);
console.log('  (docs/safe-app-development.md)');
console.log('Press Ctrl-C to stop.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await server.stop();
  await devnet?.stop();
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
