/**
 * `npm run devnet`: starts the offline devnet (anvil + Safe contracts + demo data + local gateway), prints ONE
 * line of JSON to stdout — {rpcUrl, gatewayUrl, chainId, shortName, safes, owners} — and runs until SIGINT or
 * SIGTERM, then stops everything it started. All logging goes to stderr.
 *
 *   --state DIR          keep chain and gateway database in DIR between runs   (env DEVNET_STATE)
 *   --rpc-port N         anvil port, default a free one                        (env DEVNET_RPC_PORT)
 *   --gateway-port N     gateway port, default a free one                      (env DEVNET_GATEWAY_PORT)
 *   --app-origin URL     allow this origin with CORS (repeatable)              (env DEVNET_APP_ORIGINS, comma-separated)
 *   --like-real-gateway  the gateway drops the endpoints Safe's production     (env DEVNET_LIKE_REAL_GATEWAY=1)
 *                        gateway no longer serves (404, decision 0051)
 *   --large              also seed the large-Safe fixture: 30 owners, 200      (env DEVNET_LARGE=1)
 *                        queued, 300 messages, 1,500 tokens, 10,000 history
 *                        items, 500 NFTs (decision 0068); its address is
 *                        `large.address` in the JSON line
 */
import { USAGE, parseCliArgs } from './cliArgs.ts';
import { startDevnet, type Devnet } from './index.ts';

async function main(): Promise<void> {
  const started = performance.now();
  const { help, ...opts } = parseCliArgs(process.argv.slice(2), process.env);
  if (help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const log = (m: string): void => void process.stderr.write(`${m}\n`);

  // A signal during start-up is remembered and honoured once startDevnet has returned (so its cleanup runs).
  // A repeated signal within 2 s is ignored: Ctrl-C reaches this process both from the terminal and relayed
  // by tsx. A later one forces the exit (anvil and the temp folder are then handled by their watchdogs).
  const run: { devnet?: Devnet; signalled?: NodeJS.Signals; at?: number } = {};
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (run.signalled) {
      if (performance.now() - (run.at ?? 0) < 2_000) return;
      log(`devnet: ${signal} again, exiting now`);
      process.exit(1);
    }
    run.signalled = signal;
    run.at = performance.now();
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
  const { rpcUrl, gatewayUrl, chainId, shortName, safes, owners, large } = devnet;
  process.stdout.write(`${JSON.stringify({ rpcUrl, gatewayUrl, chainId, shortName, safes, owners, ...(large ? { large: { address: large.address, threshold: large.threshold, owners: large.owners } } : {}) })}\n`);
  log(
    `devnet: ready in ${Math.round(performance.now() - started)} ms, ${Math.round(process.uptime() * 1000)} ms since process start (${devnet.seeded ? 'seeded' : 'reused'} state in ${devnet.stateDir}); Ctrl-C to stop`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`devnet: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
