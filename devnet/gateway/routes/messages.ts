// Off-chain (EIP-1271) Safe messages: list, get, create, add signature. The gateway recomputes the
// SafeMessage hash and checks that every signature recovers to an owner.
import type { Hono } from 'hono';
import * as v from 'valibot';
import { getAddress, type Address, type Hex } from 'viem';
import type { OnchainSafe } from '../chain.ts';
import { parseAddress, type GatewayContext } from '../context.ts';
import { num, str, strOrNull, type Row } from '../db.ts';
import { httpError, notFound, upstreamError } from '../errors.ts';
import { buildSignatures, inferPrimaryType, recoverSignatures, safeMessageHash } from '../hashes.ts';
import { readBody, requestUrl } from '../http.ts';
import { pageOf, parseCursor } from '../paging.ts';
import { dayStart } from '../txs.ts';
import type { MessageListItem, SafeMessage, TypedDataMessage } from '../types.ts';

const TypedDataSchema = v.object({
  domain: v.record(v.string(), v.unknown()),
  types: v.record(v.string(), v.array(v.object({ name: v.string(), type: v.string() }))),
  primaryType: v.optional(v.string()),
  message: v.record(v.string(), v.unknown()),
});

const ProposeMessage = v.object({
  message: v.union([v.string(), TypedDataSchema], 'message must be a string or EIP-712 typed data'),
  safeAppId: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))),
  signature: v.pipe(v.string('Invalid signature'), v.regex(/^0x([0-9a-fA-F]{130})+$/, 'Invalid signature')),
  origin: v.nullish(v.string()),
});

function normalizeTyped(td: v.InferOutput<typeof TypedDataSchema>): TypedDataMessage {
  const primaryType = td.primaryType ?? inferPrimaryType(td.types);
  if (!primaryType) throw httpError(422, 'Could not calculate messageHash');
  const domain = { ...td.domain };
  if (domain.chainId !== undefined && domain.chainId !== null) domain.chainId = Number(domain.chainId);
  return { domain, types: td.types, primaryType, message: td.message };
}

async function ownerSignature(safe: OnchainSafe, hash: Hex, signature: Hex): Promise<{ owner: Address; signature: Hex }> {
  let recovered;
  try {
    recovered = await recoverSignatures(hash, signature);
  } catch {
    throw httpError(422, 'Invalid signature');
  }
  if (recovered.length !== 1) throw httpError(422, 'Invalid signature');
  const r = recovered[0]!;
  if (!safe.owners.includes(r.owner)) throw httpError(422, 'Invalid signature');
  return { owner: r.owner, signature: r.signature };
}

export function messageRoutes(app: Hono, ctx: GatewayContext): void {
  const toMessage = (row: Row, safe: OnchainSafe): SafeMessage => {
    const hash = str(row.message_hash);
    const confs = ctx.store
      .all('SELECT owner, signature FROM message_confirmations WHERE message_hash = ? ORDER BY created_at, rowid', [hash])
      .map((r) => ({ owner: getAddress(str(r.owner)), signature: str(r.signature) as Hex }));
    const status = confs.length >= safe.threshold ? 'CONFIRMED' : 'NEEDS_CONFIRMATION';
    const origin = strOrNull(row.origin);
    const appId = row.safe_app_id === null ? null : num(row.safe_app_id);
    const app = appId !== null ? ctx.safeApps().find((a) => a.id === appId) : undefined;
    const raw = str(row.message);
    return {
      messageHash: hash,
      status,
      logoUri: app?.iconUrl ?? null,
      name: app?.name ?? null,
      message: raw.startsWith('{') ? (JSON.parse(raw) as TypedDataMessage) : (JSON.parse(raw) as string),
      creationTimestamp: num(row.created_at),
      modifiedTimestamp: num(row.modified_at),
      confirmationsSubmitted: confs.length,
      confirmationsRequired: safe.threshold,
      proposedBy: ctx.addressInfo(str(row.proposed_by)),
      confirmations: confs.map((c) => ({ owner: ctx.addressInfo(c.owner), signature: c.signature })),
      preparedSignature: status === 'CONFIRMED' ? buildSignatures(confs) : null,
      origin,
    };
  };

  app.get('/v1/chains/:chainId/safes/:address/messages', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const url = requestUrl(c);
    const page = parseCursor(url);
    const rows = ctx.store.all('SELECT * FROM messages WHERE safe = ? ORDER BY created_at DESC, rowid DESC', [safe.address]);
    const items: MessageListItem[] = [];
    let lastDay: number | null = page.offset > 0 && rows[page.offset - 1] ? dayStart(num(rows[page.offset - 1]!.created_at), null, 0) : null;
    for (const row of rows.slice(page.offset, page.offset + page.limit)) {
      const m = toMessage(row, safe);
      const day = dayStart(m.creationTimestamp, null, 0);
      if (day !== lastDay) items.push({ type: 'DATE_LABEL', timestamp: day });
      lastDay = day;
      items.push({ type: 'MESSAGE', ...m });
    }
    return c.json(pageOf(url, page, rows.length, items));
  });

  app.get('/v1/chains/:chainId/messages/:hash', async (c) => {
    const row = ctx.store.get('SELECT * FROM messages WHERE message_hash = ?', [c.req.param('hash').toLowerCase()]);
    if (!row) throw notFound('No SafeMessage matches the given query.');
    const safe = await ctx.getSafe(getAddress(str(row.safe)));
    return c.json(toMessage(row, safe));
  });

  app.post('/v1/chains/:chainId/safes/:address/messages', async (c) => {
    const body = await readBody(c, ProposeMessage);
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    if (!safe.version) throw httpError(422, 'Could not calculate messageHash');
    const message = typeof body.message === 'string' ? body.message : normalizeTyped(body.message);
    let hash: Hex;
    try {
      hash = safeMessageHash(safe.address, ctx.chainId, safe.version, message);
    } catch {
      throw httpError(422, 'Could not calculate messageHash');
    }
    const { owner, signature } = await ownerSignature(safe, hash, body.signature as Hex);
    const key = hash.toLowerCase();
    if (ctx.store.get('SELECT 1 FROM messages WHERE message_hash = ?', [key])) throw upstreamError(400, `Message with hash ${hash} for safe ${safe.address} already exists in DB`);
    const now = Date.now();
    ctx.store.tx(() => {
      ctx.store.run(
        'INSERT INTO messages (message_hash, safe, message, safe_app_id, origin, proposed_by, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [key, safe.address, JSON.stringify(message), body.safeAppId ?? null, body.origin ?? null, owner, now, now],
      );
      ctx.store.run('INSERT INTO message_confirmations (message_hash, owner, signature, created_at) VALUES (?, ?, ?, ?)', [key, owner, signature, now]);
    });
    ctx.tags.bump(safe.address, 'messages');
    // 202 Accepted without a body, as the real gateway answers (its Transaction Service indexes asynchronously)
    return c.body(null, 202);
  });

  app.post('/v1/chains/:chainId/messages/:hash/signatures', async (c) => {
    const body = await readBody(c, v.object({ signature: v.pipe(v.string('Invalid signature'), v.regex(/^0x([0-9a-fA-F]{130})+$/, 'Invalid signature')) }));
    const key = c.req.param('hash').toLowerCase();
    const row = ctx.store.get('SELECT * FROM messages WHERE message_hash = ?', [key]);
    if (!row) throw notFound('No SafeMessage matches the given query.');
    const safe = await ctx.getSafe(getAddress(str(row.safe)));
    const { owner, signature } = await ownerSignature(safe, key as Hex, body.signature as Hex);
    if (ctx.store.get('SELECT 1 FROM message_confirmations WHERE message_hash = ? AND owner = ?', [key, owner])) {
      throw upstreamError(400, `Signature for owner ${owner} already exists`);
    }
    const now = Date.now();
    ctx.store.tx(() => {
      ctx.store.run('INSERT INTO message_confirmations (message_hash, owner, signature, created_at) VALUES (?, ?, ?, ?)', [key, owner, signature, now]);
      ctx.store.run('UPDATE messages SET modified_at = ? WHERE message_hash = ?', [now, key]);
    });
    ctx.tags.bump(safe.address, 'messages');
    return c.body(null, 200);
  });
}
