// Data decoder, transaction-confirmation view and transaction preview.
import type { Hono } from 'hono';
import * as v from 'valibot';
import { getAddress, type Hex } from 'viem';
import { parseAddress, type GatewayContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { AddressSchema, HexSchema, readBody } from '../http.ts';
import { decodeCall, txDataFor, txInfoFor } from '../txs.ts';
import type { ConfirmationView } from '../types.ts';

const DecodeBody = v.object({
  data: HexSchema,
  to: v.nullish(AddressSchema),
  operation: v.optional(v.picklist([0, 1])),
  value: v.nullish(v.union([v.string(), v.number()])),
});

const PreviewBody = v.object({
  to: AddressSchema,
  data: v.nullish(HexSchema),
  value: v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d+$/, 'value must be a decimal string')),
  operation: v.picklist([0, 1], 'operation must be 0 (CALL) or 1 (DELEGATE)'),
});

export function decodingRoutes(app: Hono, ctx: GatewayContext): void {
  app.post('/v1/chains/:chainId/data-decoder', async (c) => {
    const body = await readBody(c, DecodeBody);
    await ctx.sync();
    const decoded = decodeCall(ctx, { to: body.to ? getAddress(body.to) : getAddress('0x0000000000000000000000000000000000000000'), data: body.data as Hex });
    if (!decoded) throw notFound('Cannot find function selector to decode data');
    return c.json(decoded);
  });

  app.post('/v1/chains/:chainId/safes/:address/views/transaction-confirmation', async (c) => {
    parseAddress(c.req.param('address'));
    const body = await readBody(c, DecodeBody);
    await ctx.sync();
    const decoded = decodeCall(ctx, { to: body.to ? getAddress(body.to) : getAddress('0x0000000000000000000000000000000000000000'), data: body.data as Hex });
    if (!decoded) throw notFound('Cannot find function selector to decode data');
    const view: ConfirmationView = { type: 'GENERIC', method: decoded.method, parameters: decoded.parameters };
    return c.json(view);
  });

  app.post('/v1/chains/:chainId/transactions/:address/preview', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const body = await readBody(c, PreviewBody);
    const call = { to: getAddress(body.to), value: BigInt(body.value), data: (body.data ?? null) as Hex | null, operation: body.operation };
    return c.json({ txInfo: await txInfoFor(ctx, safe.address, call), txData: txDataFor(ctx, call) });
  });
}
