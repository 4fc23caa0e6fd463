/**
 * `npm run devnet`: starts the offline devnet (anvil + Safe contracts + demo data + local gateway), prints ONE
 * line of JSON to stdout — {rpcUrl, gatewayUrl, chainId, shortName, safes, owners} — and runs until SIGINT or
 * SIGTERM, then stops everything it started. All logging goes to stderr.
 *
 *   --state DIR          keep chain and gateway database in DIR between runs   (env DEVNET_STATE)
 *   --rpc-port N         anvil port, default a free one                        (env DEVNET_RPC_PORT)
 *   --gateway-port N     gateway port, default a free one                      (env DEVNET_GATEWAY_PORT)
 *   --app-origin URL     allow this origin with CORS (repeatable)              (env DEVNET_APP_ORIGINS, comma-separated)
 */
import { startDevnet, type Devnet } from './index.ts';

interface CliOptions {
  stateDir?: string;
  rpcPort?: number;
  gatewayPort?: number;
  appOrigins: string[];
}

const USAGE = 'usage: npm run devnet -- [--state DIR] [--rpc-port N] [--gateway-port N] [--app-origin URL]...';

function port(value: string | undefined, what: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new Error(`${what}: not a port number: ${value}`);
  return n;
}

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  const opts: CliOptions = {
    stateDir: env.DEVNET_STATE || undefined,
    rpcPort: port(env.DEVNET_RPC_PORT, 'DEVNET_RPC_PORT'),
    gatewayPort: port(env.DEVNET_GATEWAY_PORT, 'DEVNET_GATEWAY_PORT'),
    appOrigins: (env.DEVNET_APP_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--state':
        opts.stateDir = value();
        break;
      case '--rpc-port':
        opts.rpcPort = port(value(), flag);
        break;
      case '--gateway-port':
        opts.gatewayPort = port(value(), flag);
        break;
      case '--app-origin':
        opts.appOrigins.push(value());
        break;
      case '--help':
      case '-h':
        process.stderr.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  return opts;
}

async function main(): Promise<void> {
  const started = performance.now();
  const opts = parseCliArgs(process.argv.slice(2), process.env);
  const log = (m: string): void => void process.stderr.write(`${m}\n`);

  // A signal during start-up is remembered and honoured once startDevnet has returned (so its cleanup runs).
  const run: { devnet?: Devnet; signalled?: NodeJS.Signals } = {};
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (run.signalled) {
      log(`devnet: ${signal} again, exiting now`);
      process.exit(1);
    }
    run.signalled = signal;
    if (!run.devnet) return;
    log(`devnet: ${signal}, stopping`);
    await run.devnet.stop();
    process.exit(0);
  };
  process.on('SIGINT', (s) => void shutdown(s));
  process.on('SIGTERM', (s) => void shutdown(s));

  const devnet = await startDevnet({ ...opts, log });
  run.devnet = devnet;
  if (run.signalled) {
    log(`devnet: ${run.signalled} during start-up, stopping`);
    await devnet.stop();
    process.exit(0);
  }
  const { rpcUrl, gatewayUrl, chainId, shortName, safes, owners } = devnet;
  process.stdout.write(`${JSON.stringify({ rpcUrl, gatewayUrl, chainId, shortName, safes, owners })}\n`);
  log(`devnet: ready in ${Math.round(performance.now() - started)} ms (${devnet.seeded ? 'seeded' : 'reused state in ' + devnet.stateDir}); Ctrl-C to stop`);
}

main().catch((err: unknown) => {
  process.stderr.write(`devnet: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
