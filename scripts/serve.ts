/**
 * `npm run preview`: serves the built app from dist/.
 *   --port N            port (default 4173, env PORT)
 *   --gateway URL       serve a config.json pointing at this gateway instead of the built one
 */
import { parseArgs } from 'node:util';
import { startStaticServer } from './lib/staticServer.ts';

const { values } = parseArgs({
  options: { port: { type: 'string' }, gateway: { type: 'string' }, dir: { type: 'string' } },
});
const port = Number(values.port ?? process.env.PORT ?? 4173);
const config = values.gateway ? { gatewayUrl: values.gateway, rpcOverrides: {}, devnet: null } : undefined;
const server = await startStaticServer({ dir: values.dir ?? 'dist', port, config });
console.log(`Countersign is served at ${server.url}/`);
const stop = () => void server.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
