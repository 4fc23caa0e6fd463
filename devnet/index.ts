/**
 * startDevnet: the whole offline devnet in one call. Starts anvil, deploys the canonical Safe 1.4.1 contracts, Safe's
 * Allowance module and test tokens and writes the on-chain demo history (first run only), starts the local gateway
 * (devnet/gateway) and posts the off-chain demo data (queue, messages) through its HTTP API.
 *
 * With `stateDir` the chain (anvil --dump-state/--load-state) and the gateway database live in that folder and
 * the demo data is written only once (remembered in `devnet.json`); the folder is reset when it is
 * inconsistent (marker without chain state, or a chain without the demo Safes). Without it everything goes to
 * a temporary folder that stop() deletes. stop() stops everything this call started.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Address, Hex } from 'viem';
import {
  DEVNET_ACCOUNTS,
  RELAYER_ACCOUNT,
  connectDevnet,
  deployAllowanceModule,
  readSafe,
  shellQuote,
  startAnvil,
  startWatchdog,
  type AnvilHandle,
  type DevnetTokens,
  type SafeContracts,
} from './chain/index.ts';
import { startGateway } from './gateway/index.ts';
import { seedChain, seedGateway, seedLargeSafe, type DemoChain, type DemoOffchain, type LargeSafeFixture } from './seed/index.ts';

export const DEVNET_SHORT_NAME = 'devnet';

export interface StartDevnetOptions {
  /** Keep chain and gateway database in this folder between runs. */
  stateDir?: string;
  /** anvil port (default: a free one). */
  rpcPort?: number;
  /** Gateway port (default: a free one). */
  gatewayPort?: number;
  /** Origins the gateway allows with CORS (the app's origin). */
  appOrigins?: string[];
  /** Progress messages (default: none). */
  log?: (message: string) => void;
  /** The gateway answers like Safe's production gateway of 2026: the endpoints it dropped answer 404 (decision 0051). */
  likeRealGateway?: boolean;
  /** Also seed the large-Safe fixture (devnet/seed/largeSafe.ts, decision 0068): 30 owners, 200 queued, 300 messages, generated lists. */
  large?: boolean;
}

export interface DevnetSafe {
  name: string;
  address: Address;
  owners: Address[];
  threshold: number;
}

export interface DevnetKey {
  address: Address;
  privateKey: Hex;
}

/** Safe modules on the devnet, at their canonical addresses (not enabled on any demo Safe). */
export interface DevnetModules {
  /** Safe's Allowance module 0.1.1 (spending limits; devnet/chain/allowance.ts). */
  allowance: Address;
}

export interface DevnetInfo {
  rpcUrl: string;
  gatewayUrl: string;
  chainId: number;
  shortName: typeof DEVNET_SHORT_NAME;
  /** The 2-of-3 team Safe first, then the 1-of-1 solo Safe (current on-chain owners/threshold). */
  safes: DevnetSafe[];
  /** Devnet keys: owners 0, 1, 2 of the team Safe, then account 3 (owns nothing). */
  owners: DevnetKey[];
  tokens: DevnetTokens;
  contracts: SafeContracts;
  modules: DevnetModules;
  /** Hashes of the seeded off-chain demo data (queue and messages). */
  demo: DemoOffchain;
  /** The folder holding chain and database (a temporary one without `stateDir`). */
  stateDir: string;
  /** True when this run wrote the demo data (first run of a state folder, or every throw-away run). */
  seeded: boolean;
  /** anvil's process id. */
  anvilPid: number;
  /** The large-Safe fixture, when started with `large` (not among `safes`). */
  large?: LargeSafeFixture;
}

export interface Devnet extends DevnetInfo {
  stop(): Promise<void>;
}

interface Marker {
  version: 1;
  seededAt: string;
  chain: DemoChain;
  offchain: DemoOffchain;
}

const MARKER = 'devnet.json';
const CHAIN_STATE = 'anvil-state.json';
const GATEWAY_DB = 'gateway.sqlite';
const DAY = 86_400;

async function readMarker(file: string): Promise<Marker | undefined> {
  try {
    const m = JSON.parse(await readFile(file, 'utf8')) as Partial<Marker>;
    const ok = m.version === 1 && typeof m.chain?.safes?.team?.address === 'string' && typeof m.chain.safes.solo?.address === 'string' && Array.isArray(m.offchain?.queue);
    return ok ? (m as Marker) : undefined;
  } catch {
    return undefined;
  }
}

async function hasCode(rpcUrl: string, address: Address): Promise<boolean> {
  const { publicClient } = await connectDevnet(rpcUrl);
  const code = await publicClient.getCode({ address });
  return code !== undefined && code !== '0x';
}

export async function startDevnet(opts: StartDevnetOptions = {}): Promise<Devnet> {
  const t0 = performance.now();
  const sink = opts.log ?? ((): void => undefined);
  /** Progress lines carry the time since startDevnet was called, e.g. `devnet: [+812 ms] gateway at …`. */
  const log = (message: string): void => sink(message.replace(/^devnet: /, `devnet: [+${Math.round(performance.now() - t0)} ms] `));
  const persistent = opts.stateDir !== undefined;
  const dir = persistent ? resolve(opts.stateDir ?? '.') : await mkdtemp(join(tmpdir(), 'countersign-devnet-'));
  await mkdir(dir, { recursive: true });
  const markerFile = join(dir, MARKER);
  const stateFile = join(dir, CHAIN_STATE);
  const dbFile = join(dir, GATEWAY_DB);

  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async (): Promise<void> => {
    for (const c of cleanups.splice(0).reverse()) {
      try {
        await c();
      } catch (err) {
        log(`devnet: error while stopping: ${String(err)}`);
      }
    }
  };
  if (!persistent) {
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // If this process is killed outright, remove the throw-away folder once anvil (signalled by its own
    // watchdog) has had time to exit.
    const dirWatchdog = startWatchdog(`sleep 2; rm -rf ${shellQuote(dir)}`);
    cleanups.push(() => dirWatchdog.stop());
  }

  try {
    let marker = persistent ? await readMarker(markerFile) : undefined;
    if (marker && !existsSync(stateFile)) {
      log(`devnet: ${dir} has demo data but no chain state; starting over`);
      marker = undefined;
    }
    if (!marker) await resetFolder(dir, [markerFile, stateFile, dbFile]);

    const now = Math.floor(Date.now() / 1000);
    const anvilOptions = { port: opts.rpcPort, stateFile: persistent ? stateFile : undefined, genesisTimestamp: now - 10 * DAY };
    let anvil: AnvilHandle;
    try {
      anvil = await startAnvil(anvilOptions);
    } catch (err) {
      if (!marker) throw err;
      // Most likely an unreadable state file: start over rather than refuse to run.
      log(`devnet: anvil could not load ${stateFile} (${(err as Error).message.split('\n')[0]}); starting over`);
      marker = undefined;
      await resetFolder(dir, [markerFile, stateFile, dbFile]);
      anvil = await startAnvil(anvilOptions);
    }
    cleanups.push(() => anvil.stop());
    log(`devnet: anvil ${anvil.loadedState ? 'loaded state' : 'started'} at ${anvil.rpcUrl} (pid ${anvil.pid})`);

    if (marker && !(await hasCode(anvil.rpcUrl, marker.chain.safes.team.address))) {
      log('devnet: chain state does not contain the demo Safes; starting over');
      await anvil.stop();
      marker = undefined;
      await resetFolder(dir, [markerFile, stateFile, dbFile]);
      anvil = await startAnvil(anvilOptions);
    }

    let chain: DemoChain;
    if (marker) {
      chain = marker.chain;
    } else {
      log('devnet: deploying Safe 1.4.1 contracts and tokens, writing demo history');
      chain = await seedChain(anvil.rpcUrl, { now });
    }
    // After the demo history (its blocks stay as they were), and on a loaded chain too (a state from before it had none).
    const allowanceModule = await deployAllowanceModule(anvil.rpcUrl);
    if (allowanceModule.deployed) log(`devnet: Allowance module deployed at ${allowanceModule.address}`);

    const gateway = await startGateway({
      rpcUrl: anvil.rpcUrl,
      chainId: chain.chainId,
      dbFile,
      port: opts.gatewayPort,
      corsOrigins: opts.appOrigins,
      relayerPrivateKey: RELAYER_ACCOUNT.privateKey,
      shortName: DEVNET_SHORT_NAME,
      ...(opts.likeRealGateway ? { likeRealGateway: true } : {}),
    });
    cleanups.push(() => gateway.stop());
    log(`devnet: gateway at ${gateway.url}${opts.likeRealGateway ? ' (like the real gateway: the endpoints it dropped answer 404)' : ''}`);

    let offchain: DemoOffchain;
    if (marker) {
      offchain = marker.offchain;
    } else {
      log('devnet: posting off-chain demo data (queue, messages) to the gateway');
      offchain = await seedGateway(gateway.url, chain);
      if (persistent) {
        const m: Marker = { version: 1, seededAt: new Date().toISOString(), chain, offchain };
        await writeFile(markerFile, `${JSON.stringify(m, null, 2)}\n`);
      }
    }

    let large: LargeSafeFixture | undefined;
    if (opts.large) {
      log('devnet: seeding the large-Safe fixture');
      large = await seedLargeSafe({ rpcUrl: anvil.rpcUrl, gatewayUrl: gateway.url, chainId: chain.chainId, tokens: chain.tokens, log });
      log(`devnet: large Safe ${large.address} ready in ${large.ms} ms`);
    }

    const safes: DevnetSafe[] = [];
    for (const s of [chain.safes.team, chain.safes.solo]) {
      const current = await readSafe(anvil.rpcUrl, s.address);
      safes.push({ name: s.name, address: s.address, owners: current.owners, threshold: current.threshold });
    }

    const info: DevnetInfo = {
      rpcUrl: anvil.rpcUrl,
      gatewayUrl: gateway.url,
      chainId: chain.chainId,
      shortName: DEVNET_SHORT_NAME,
      safes,
      owners: DEVNET_ACCOUNTS.slice(0, 4).map((a) => ({ address: a.address, privateKey: a.privateKey })),
      tokens: chain.tokens,
      contracts: chain.contracts,
      modules: { allowance: allowanceModule.address },
      demo: offchain,
      stateDir: dir,
      seeded: !marker,
      anvilPid: anvil.pid,
      ...(large ? { large } : {}),
    };
    let stopping: Promise<void> | undefined;
    return { ...info, stop: () => (stopping ??= stopAll()) };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function resetFolder(dir: string, files: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const f of files) await rm(f, { force: true });
}
