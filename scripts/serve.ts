/**
 * `npm run preview`: serves the built app from dist/.
 *   --port N            port (default 4173, env PORT)
 *   --gateway URL       serve a config.json pointing at this gateway instead of the built one
 *   --connect-src URL   one more origin the Content-Security-Policy lets the app connect to (repeatable), e.g.
 *                       the public RPC of a chain that has no rpcOverride in config.json
 */
import { parseArgs } from 'node:util';
import { startStaticServer } from './lib/staticServer.ts';

const { values } = parseArgs({
  options: { port: { type: 'string' }, gateway: { type: 'string' }, dir: { type: 'string' }, 'connect-src': { type: 'string', multiple: true } },
});
const port = Number(values.port ?? process.env.PORT ?? 4173);
const config = values.gateway ? { gatewayUrl: values.gateway, rpcOverrides: {}, devnet: null } : undefined;
const server = await startStaticServer({ dir: values.dir ?? 'dist', port, config, connectSrc: values['connect-src'] ?? [] });
console.log(`Countersign is served at ${server.url}/`);
const stop = () => void server.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
