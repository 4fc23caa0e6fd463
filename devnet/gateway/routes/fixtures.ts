// Devnet-only fixture endpoints (not part of Safe's gateway API): `POST /devnet/fixtures/large-safe` registers a
// Safe deployed on the devnet chain as a large-Safe fixture, whose balances, history and NFTs the gateway then
// generates from the seed (devnet/gateway/generated.ts, decision 0068). devnet/seed/largeSafe.ts calls it.
import type { Hono } from 'hono';
import * as v from 'valibot';
import { parseAddress, type GatewayContext } from '../context.ts';
import { LARGE_SAFE_SIZES } from '../generated.ts';
import { readBody } from '../http.ts';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));

const RegisterLargeSafe = v.object({
  safe: v.string(),
  seed: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Unix ms the generated history ends at (default: now). */
  anchoredAt: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  sizes: v.optional(v.object({ tokens: Count, history: Count, nfts: Count })),
});

export function fixtureRoutes(app: Hono, ctx: GatewayContext): void {
  app.post('/devnet/fixtures/large-safe', async (c) => {
    const body = await readBody(c, RegisterLargeSafe);
    const safe = await ctx.getSafe(parseAddress(body.safe, 'safe'));
    const seed = body.seed ?? 22;
    const sizes = body.sizes ?? LARGE_SAFE_SIZES;
    ctx.generated.register(safe.address, seed, body.anchoredAt ?? Date.now(), sizes);
    ctx.tags.bump(safe.address, 'history');
    ctx.tags.bump(safe.address, 'collectibles');
    return c.json({ safe: safe.address, seed, sizes });
  });
}
