// Chain config, about, master copies, fiat codes, Safe apps and contract info.
import { createRequire } from 'node:module';
import type { Hono } from 'hono';
import { getAddress } from 'viem';
import { FIAT_RATES, KNOWN_CONTRACTS, MASTER_COPIES } from '../config.ts';
import { parseAddress, type GatewayContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { requestUrl } from '../http.ts';
import { slicePage, parseCursor } from '../paging.ts';
import type { ContractInfo } from '../types.ts';

const require = createRequire(import.meta.url);
const abiCache = new Map<string, readonly unknown[]>();
function artifactAbi(path: string): readonly unknown[] {
  const hit = abiCache.get(path);
  if (hit) return hit;
  const artifact = require(`@safe-global/safe-contracts/build/artifacts/contracts/${path}`) as { abi: readonly unknown[] };
  abiCache.set(path, artifact.abi);
  return artifact.abi;
}

export const VERSION = '1.0.0-devnet';

export function chainRoutes(app: Hono, ctx: GatewayContext): void {
  app.get('/about', (c) => c.json({ name: 'safe-client-gateway (countersign devnet)', version: VERSION, buildNumber: null }));
  app.get('/health/live', (c) => c.json({ status: 'OK' }));
  app.get('/health/ready', (c) => c.json({ status: 'OK' }));

  for (const v of ['v1', 'v2'] as const) {
    app.get(`/${v}/chains`, (c) => c.json(slicePage(requestUrl(c), parseCursor(requestUrl(c)), [ctx.chain()])));
    app.get(`/${v}/chains/:chainId`, (c) => c.json(ctx.chain()));
  }

  app.get('/v1/chains/:chainId/about', (c) =>
    c.json({ transactionServiceBaseUri: ctx.chain().transactionService, name: 'Safe Transaction Service (devnet)', version: VERSION, buildNumber: 'devnet' }),
  );
  app.get('/v1/chains/:chainId/about/master-copies', (c) => c.json(MASTER_COPIES));
  app.get('/v1/chains/:chainId/about/indexing', async (c) => {
    const head = await ctx.sync();
    const block = await ctx.reader.client.getBlock({ blockNumber: head });
    // the index is rebuilt from the node on every read: every indexer is at the head
    const at = new Date(Number(block.timestamp) * 1000).toISOString();
    return c.json({
      lastSync: Number(block.timestamp) * 1000,
      synced: true,
      currentBlockNumber: Number(head),
      currentBlockTimestamp: at,
      erc20BlockNumber: Number(head),
      erc20BlockTimestamp: at,
      erc20Synced: true,
      masterCopiesBlockNumber: Number(head),
      masterCopiesBlockTimestamp: at,
      masterCopiesSynced: true,
    });
  });

  app.get('/v1/balances/supported-fiat-codes', (c) => c.json(Object.keys(FIAT_RATES)));

  app.get('/v1/chains/:chainId/safe-apps', (c) => {
    const url = c.req.query('url');
    const clientUrl = c.req.query('clientUrl') ?? c.req.query('client_url');
    let apps = ctx.safeApps();
    if (url) apps = apps.filter((a) => a.url.replace(/\/$/, '') === url.replace(/\/$/, ''));
    if (clientUrl) {
      apps = apps.filter(
        (a) => a.accessControl.type !== 'DOMAIN_ALLOWLIST' || (a.accessControl.value ?? []).some((d) => clientUrl.startsWith(d)),
      );
    }
    return c.json(apps);
  });

  app.get('/v1/chains/:chainId/contracts/:address', async (c) => {
    const address = parseAddress(c.req.param('address'));
    const known = KNOWN_CONTRACTS.find((k) => k.address === address);
    if (known) {
      const body: ContractInfo = {
        address,
        name: known.name,
        displayName: known.displayName,
        logoUri: ctx.tokenLogo('Safe'),
        contractAbi: { abi: artifactAbi(known.artifact), description: known.displayName, relevance: 100 },
        trustedForDelegateCall: known.trustedForDelegateCall,
      };
      return c.json(body);
    }
    await ctx.sync();
    const kind = ctx.indexer.tokens.get(getAddress(address));
    const meta = kind ? await ctx.reader.tokenMeta(address, kind) : null;
    if (meta) {
      const abiPath = kind === 'ERC721' ? 'ERC721' : 'ERC20';
      const body: ContractInfo = {
        address,
        name: meta.name,
        displayName: `${meta.name} (${meta.symbol})`,
        logoUri: ctx.tokenLogo(meta.symbol),
        contractAbi: { abi: tokenAbi(abiPath), description: `${abiPath} token`, relevance: 50 },
        trustedForDelegateCall: false,
      };
      return c.json(body);
    }
    if (ctx.indexer.safes.has(address)) {
      const body: ContractInfo = {
        address,
        name: 'SafeProxy',
        displayName: 'Safe Account',
        logoUri: ctx.tokenLogo('Safe'),
        contractAbi: null,
        trustedForDelegateCall: false,
      };
      return c.json(body);
    }
    throw notFound('No Contract matches the given query.');
  });
}

function tokenAbi(kind: 'ERC20' | 'ERC721'): readonly unknown[] {
  const key = `oz:${kind}`;
  const hit = abiCache.get(key);
  if (hit) return hit;
  const artifact = require(`@openzeppelin/contracts/build/contracts/${kind}.json`) as { abi: readonly unknown[] };
  abiCache.set(key, artifact.abi);
  return artifact.abi;
}
