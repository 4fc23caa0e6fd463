// Safe info, balances, collectibles, nonces, owned Safes and overviews.
import type { Hono } from 'hono';
import { getAddress, type Address } from 'viem';
import { balancesOf, fiatRate } from '../balances.ts';
import type { OnchainSafe } from '../chain.ts';
import { RECOMMENDED_VERSION, SAFE_141, SUPPORTED_SINGLETONS } from '../config.ts';
import { parseAddress, type GatewayContext } from '../context.ts';
import { httpError } from '../errors.ts';
import { requestUrl } from '../http.ts';
import { parseCursor, slicePage } from '../paging.ts';
import { queuedViews } from '../txs.ts';
import type { Collectible, SafeOverview, SafeState } from '../types.ts';

function versionState(safe: OnchainSafe): SafeState['implementationVersionState'] {
  if (!safe.version || !SUPPORTED_SINGLETONS.has(safe.singleton)) return 'UNKNOWN';
  const base = safe.version.replace(/\+.*$/, '');
  const cmp = (a: string, b: string): number => {
    const pa = a.split('.').map(Number);
    const pb = b.split('.').map(Number);
    for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
    return 0;
  };
  if (!/^\d+\.\d+\.\d+$/.test(base)) return 'UNKNOWN';
  return cmp(base, RECOMMENDED_VERSION) < 0 ? 'OUTDATED' : 'UP_TO_DATE';
}

export function safeState(ctx: GatewayContext, safe: OnchainSafe): SafeState {
  const version = safe.version && safe.singleton === SAFE_141.safeL2 ? `${safe.version}+L2` : safe.version;
  return {
    address: ctx.addressInfo(safe.address),
    chainId: String(ctx.chainId),
    nonce: safe.nonce,
    threshold: safe.threshold,
    owners: safe.owners.map((o) => ctx.addressInfo(o)),
    implementation: ctx.addressInfo(safe.singleton),
    implementationVersionState: versionState(safe),
    collectiblesTag: ctx.tags.get(safe.address, 'collectibles'),
    txQueuedTag: ctx.tags.get(safe.address, 'queue'),
    txHistoryTag: ctx.tags.get(safe.address, 'history'),
    messagesTag: ctx.tags.get(safe.address, 'messages'),
    modules: safe.modules.length ? safe.modules.map((m) => ctx.addressInfo(m)) : null,
    fallbackHandler: safe.fallbackHandler ? ctx.addressInfo(safe.fallbackHandler) : null,
    guard: safe.guard ? ctx.addressInfo(safe.guard) : null,
    version,
  };
}

async function collectiblesOf(ctx: GatewayContext, safe: Address): Promise<Collectible[]> {
  await ctx.sync();
  const out: Collectible[] = [];
  const entries = [...ctx.indexer.nftOwners.entries()].filter(([, owner]) => owner === safe);
  for (const [key] of entries) {
    const [token, id] = key.split(':') as [Address, string];
    const meta = await ctx.reader.tokenMeta(token, 'ERC721');
    const uri = await ctx.reader.tokenUri(token, BigInt(id));
    out.push({
      address: token,
      tokenName: meta?.name ?? 'Unknown collection',
      tokenSymbol: meta?.symbol ?? 'NFT',
      logoUri: ctx.tokenLogo(meta?.symbol ?? 'NFT'),
      id,
      uri,
      name: `${meta?.name ?? 'NFT'} #${id}`,
      description: null,
      imageUri: null,
      metadata: null,
    });
  }
  // a large-Safe fixture's generated NFTs (devnet/gateway/generated.ts)
  out.push(...(ctx.generated.get(safe)?.collectibles ?? []));
  return out.sort((a, b) => (a.address === b.address ? Number(BigInt(a.id) - BigInt(b.id)) : a.address < b.address ? -1 : 1));
}

export async function ownedSafes(ctx: GatewayContext, owner: Address): Promise<Address[]> {
  const head = await ctx.sync();
  const out: Address[] = [];
  for (const safe of ctx.indexer.safes) {
    const s = await ctx.reader.readSafe(safe, head);
    if (s?.owners.includes(owner)) out.push(safe);
  }
  return out.sort();
}

export function safeRoutes(app: Hono, ctx: GatewayContext): void {
  app.get('/v1/chains/:chainId/safes/:address', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    return c.json(safeState(ctx, safe));
  });

  app.get('/v1/chains/:chainId/safes/:address/balances/:currency?', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    return c.json(await balancesOf(ctx, safe.address, c.req.param('currency') ?? 'usd'));
  });

  app.get('/v1/chains/:chainId/safes/:address/collectibles', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    return c.json(await collectiblesOf(ctx, safe.address));
  });
  app.get('/v2/chains/:chainId/safes/:address/collectibles', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const url = requestUrl(c);
    return c.json(slicePage(url, parseCursor(url, 10), await collectiblesOf(ctx, safe.address)));
  });

  app.get('/v1/chains/:chainId/safes/:address/nonces', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    return c.json(nonces(ctx, safe));
  });

  app.get('/v1/chains/:chainId/owners/:address/safes', async (c) => {
    const owner = parseAddress(c.req.param('address'));
    return c.json({ safes: await ownedSafes(ctx, owner) });
  });
  // v1 is the seed's; v2 and v3 are what today's real gateway serves (same shape: chain id → Safe addresses)
  for (const v of ['v1', 'v2', 'v3'] as const) {
    app.get(`/${v}/owners/:address/safes`, async (c) => {
      const owner = parseAddress(c.req.param('address'));
      return c.json({ [String(ctx.chainId)]: await ownedSafes(ctx, owner) });
    });
  }

  app.get('/v1/safes', async (c) => {
    const currency = c.req.query('currency') ?? 'usd';
    fiatRate(currency);
    const raw = c.req.query('safes');
    if (!raw) throw httpError(400, 'Missing safes query parameter');
    const wallet = c.req.query('wallet_address');
    const walletAddr = wallet ? parseAddress(wallet, 'wallet_address') : null;
    const out: SafeOverview[] = [];
    for (const entry of raw.split(',').slice(0, 10)) {
      const [chainId, address] = entry.split(':');
      if (chainId !== String(ctx.chainId) || !address || !/^0x[0-9a-fA-F]{40}$/.test(address)) continue;
      const safe = await ctx.findSafe(getAddress(address));
      if (!safe) continue;
      const balances = await balancesOf(ctx, safe.address, currency);
      const queued = queuedViews(ctx, safe);
      out.push({
        address: ctx.addressInfo(safe.address),
        chainId: String(ctx.chainId),
        threshold: safe.threshold,
        owners: safe.owners.map((o) => ctx.addressInfo(o)),
        fiatTotal: balances.fiatTotal,
        queued: queued.length,
        awaitingConfirmation: walletAddr
          ? queued.filter(
              (q) =>
                q.confirmations.filter((x) => safe.owners.includes(x.owner)).length < safe.threshold &&
                !q.confirmations.some((x) => x.owner === walletAddr),
            ).length
          : null,
      });
    }
    return c.json(out);
  });
}

export function nonces(ctx: GatewayContext, safe: OnchainSafe): { currentNonce: number; recommendedNonce: number } {
  const queued = queuedViews(ctx, safe);
  const maxQueued = queued.reduce((m, q) => Math.max(m, q.nonce), -1);
  return { currentNonce: safe.nonce, recommendedNonce: Math.max(safe.nonce, maxQueued + 1) };
}
