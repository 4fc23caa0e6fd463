// Account services: delegates, push-notification devices, e-mail registrations (codes delivered to the
// devnet outbox), recovery-alert registrations and subscriptions. Signatures are checked like the real
// services: recovered signers must be owners of the Safe (or the delegator, for delegates).
import { randomInt, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { getAddress, hashMessage, keccak256, recoverAddress, recoverMessageAddress, toHex, type Address, type Hex } from 'viem';
import type { OnchainSafe } from '../chain.ts';
import { parseAddress, type GatewayContext } from '../context.ts';
import { num, str, strOrNull } from '../db.ts';
import { httpError, notFound, upstreamError } from '../errors.ts';
import { currentTotp, delegateHash } from '../hashes.ts';
import { AddressSchema, readBody, requestUrl } from '../http.ts';
import { parseCursor, slicePage } from '../paging.ts';
import type { Delegate, OutboxMail } from '../types.ts';
import { ownedSafes } from './safes.ts';

const SIG_RE = /^0x[0-9a-fA-F]{130}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SIGNATURE_WINDOW_MS = 5 * 60_000;
export const SUBSCRIPTION_CATEGORIES = ['account_recovery'] as const;

export function isDelegateOf(ctx: GatewayContext, delegate: Address, safe: OnchainSafe): boolean {
  const rows = ctx.store.all('SELECT safe, delegator FROM delegates WHERE delegate = ?', [delegate]);
  return rows.some((r) => (str(r.safe) === '' || str(r.safe) === safe.address) && safe.owners.includes(getAddress(str(r.delegator))));
}

async function recoverDelegateSigner(ctx: GatewayContext, delegate: Address, signature: Hex): Promise<Address[]> {
  const totp = currentTotp();
  const out: Address[] = [];
  for (const t of [totp, totp - 1n]) {
    try {
      out.push(await recoverAddress({ hash: delegateHash(ctx.chainId, delegate, t), signature }));
    } catch {
      /* ignore */
    }
    try {
      out.push(await recoverMessageAddress({ message: `${delegate}${t}`, signature }));
    } catch {
      /* ignore */
    }
  }
  return out;
}

const DelegateBody = v.object({
  safe: v.nullish(AddressSchema),
  delegate: AddressSchema,
  delegator: AddressSchema,
  signature: v.pipe(v.string(), v.regex(SIG_RE, 'Invalid signature')),
  label: v.pipe(v.string(), v.minLength(1, 'label is required'), v.maxLength(50, 'label is too long')),
});

function sigHeaders(c: Context): { signature: Hex; timestamp: string } {
  const signature = c.req.header('Safe-Wallet-Signature');
  const timestamp = c.req.header('Safe-Wallet-Signature-Timestamp');
  if (!signature || !timestamp) throw httpError(403, 'Missing Safe-Wallet-Signature or Safe-Wallet-Signature-Timestamp header');
  if (!SIG_RE.test(signature)) throw httpError(403, 'Invalid signature');
  const ts = Number(timestamp);
  if (!Number.isFinite(ts) || Math.abs(Date.now() - ts) > SIGNATURE_WINDOW_MS) throw httpError(403, 'Signature expired');
  return { signature: signature as Hex, timestamp };
}

async function checkSignerMessage(signature: Hex, message: string, signer: Address): Promise<void> {
  let recovered: Address;
  try {
    recovered = await recoverMessageAddress({ message, signature });
  } catch {
    throw httpError(403, 'Invalid signature');
  }
  if (recovered !== signer) throw httpError(403, 'Invalid signature');
}

function sendMail(ctx: GatewayContext, to: string, subject: string, body: string, code: string | null): void {
  ctx.store.run('INSERT INTO outbox (to_address, subject, body, code, created_at) VALUES (?, ?, ?, ?, ?)', [to, subject, body, code, Date.now()]);
}

const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function accountRoutes(app: Hono, ctx: GatewayContext): void {
  // ---------------------------------------------------------------------------------------- delegates
  for (const ver of ['v1', 'v2'] as const) {
    app.get(`/${ver}/chains/:chainId/delegates`, (c) => {
      const q = { safe: c.req.query('safe'), delegate: c.req.query('delegate'), delegator: c.req.query('delegator'), label: c.req.query('label') };
      if (!q.safe && !q.delegate && !q.delegator && !q.label) throw httpError(422, 'At least one property is required');
      const where: string[] = [];
      const params: string[] = [];
      const add = (clause: string, value: string): void => {
        where.push(clause);
        params.push(value);
      };
      if (q.safe) add('safe = ?', parseAddress(q.safe, 'safe'));
      if (q.delegate) add('delegate = ?', parseAddress(q.delegate, 'delegate'));
      if (q.delegator) add('delegator = ?', parseAddress(q.delegator, 'delegator'));
      if (q.label) add('label = ?', q.label);
      const rows = ctx.store.all(`SELECT * FROM delegates WHERE ${where.join(' AND ')} ORDER BY created_at`, params);
      const list: Delegate[] = rows.map((r) => ({ safe: str(r.safe) || null, delegate: str(r.delegate), delegator: str(r.delegator), label: str(r.label) }));
      const url = requestUrl(c);
      return c.json(slicePage(url, parseCursor(url), list));
    });

    app.post(`/${ver}/chains/:chainId/delegates`, async (c) => {
      const body = await readBody(c, DelegateBody);
      const delegate = getAddress(body.delegate);
      const delegator = getAddress(body.delegator);
      const signers = await recoverDelegateSigner(ctx, delegate, body.signature as Hex);
      if (!signers.includes(delegator)) throw httpError(422, 'Invalid signature');
      const safeAddr = body.safe ? getAddress(body.safe) : '';
      if (safeAddr) {
        const safe = await ctx.getSafe(safeAddr);
        if (!safe.owners.includes(delegator)) throw httpError(422, `Provided delegator=${delegator} is not an owner of Safe=${safeAddr}`);
      } else {
        if ((await ownedSafes(ctx, delegator)).length === 0) throw httpError(422, `Provided delegator=${delegator} is not an owner of any Safe`);
      }
      ctx.store.run(
        'INSERT INTO delegates (safe, delegate, delegator, label, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(safe, delegate, delegator) DO UPDATE SET label = excluded.label',
        [safeAddr, delegate, delegator, body.label, Date.now()],
      );
      return c.body(null, 204);
    });
  }

  app.delete('/v1/chains/:chainId/delegates/:delegate', async (c) => {
    const delegate = parseAddress(c.req.param('delegate'), 'delegate');
    const body = await readBody(c, v.object({ delegate: v.optional(AddressSchema), delegator: AddressSchema, signature: v.pipe(v.string(), v.regex(SIG_RE, 'Invalid signature')) }));
    const delegator = getAddress(body.delegator);
    const signers = await recoverDelegateSigner(ctx, delegate, body.signature as Hex);
    if (!signers.includes(delegator) && !signers.includes(delegate)) throw httpError(422, 'Invalid signature');
    const n = ctx.store.run('DELETE FROM delegates WHERE delegate = ? AND delegator = ?', [delegate, delegator]);
    if (!n) throw notFound('Delegate not found');
    return c.body(null, 204);
  });
  app.delete('/v2/chains/:chainId/delegates/:delegate', async (c) => {
    const delegate = parseAddress(c.req.param('delegate'), 'delegate');
    const body = await readBody(c, v.object({ delegator: v.nullish(AddressSchema), safe: v.nullish(AddressSchema), signature: v.pipe(v.string(), v.regex(SIG_RE, 'Invalid signature')) }));
    if (!body.delegator && !body.safe) throw httpError(422, 'One of delegator or safe is required');
    const signers = await recoverDelegateSigner(ctx, delegate, body.signature as Hex);
    const delegator = body.delegator ? getAddress(body.delegator) : null;
    const rows = ctx.store
      .all('SELECT * FROM delegates WHERE delegate = ?', [delegate])
      .filter((r) => (!delegator || str(r.delegator) === delegator) && (!body.safe || str(r.safe) === getAddress(body.safe)));
    if (!rows.length) throw notFound('Delegate not found');
    const allowed = rows.filter((r) => signers.includes(getAddress(str(r.delegator))) || signers.includes(delegate));
    if (!allowed.length) throw httpError(422, 'Invalid signature');
    for (const r of allowed) ctx.store.run('DELETE FROM delegates WHERE safe = ? AND delegate = ? AND delegator = ?', [str(r.safe), delegate, str(r.delegator)]);
    return c.body(null, 204);
  });
  app.delete('/v1/chains/:chainId/safes/:safe/delegates/:delegate', async (c) => {
    const safeAddr = parseAddress(c.req.param('safe'), 'safe');
    const delegate = parseAddress(c.req.param('delegate'), 'delegate');
    const body = await readBody(c, v.object({ safe: v.optional(AddressSchema), delegate: v.optional(AddressSchema), signature: v.pipe(v.string(), v.regex(SIG_RE, 'Invalid signature')) }));
    const safe = await ctx.getSafe(safeAddr);
    const signers = await recoverDelegateSigner(ctx, delegate, body.signature as Hex);
    if (!signers.some((s) => safe.owners.includes(s) || s === delegate)) throw httpError(422, 'Invalid signature');
    const n = ctx.store.run('DELETE FROM delegates WHERE safe = ? AND delegate = ?', [safeAddr, delegate]);
    if (!n) throw notFound('Delegate not found');
    return c.body(null, 204);
  });

  // ---------------------------------------------------------------------------------------- notifications
  const RegisterDevice = v.object({
    uuid: v.nullish(v.pipe(v.string(), v.regex(UUID_RE, 'Invalid uuid'))),
    cloudMessagingToken: v.pipe(v.string(), v.minLength(1, 'cloudMessagingToken is required')),
    buildNumber: v.string(),
    bundle: v.string(),
    deviceType: v.picklist(['ANDROID', 'IOS', 'WEB'], 'Invalid deviceType'),
    version: v.string(),
    timestamp: v.nullish(v.pipe(v.string(), v.regex(/^\d+$/, 'Invalid timestamp'))),
    safeRegistrations: v.array(
      v.object({
        chainId: v.string(),
        safes: v.array(AddressSchema),
        signatures: v.array(v.pipe(v.string(), v.regex(SIG_RE, 'Invalid signature'))),
      }),
    ),
  });

  app.post('/v1/register/notifications', async (c) => {
    const body = await readBody(c, RegisterDevice);
    const uuid = body.uuid ?? randomUUID();
    const timestamp = body.timestamp ?? String(Math.floor(Date.now() / 1000));
    if (body.timestamp && Math.abs(Date.now() / 1000 - Number(body.timestamp)) > 300) throw httpError(422, 'Provided timestamp is not in the allowed range of 5 minutes');
    const rows: Array<{ chainId: string; safe: Address; signers: Address[] }> = [];
    for (const reg of body.safeRegistrations) {
      if (reg.chainId !== String(ctx.chainId)) throw upstreamError(404, `Chain ${reg.chainId} not found`);
      const safes = reg.safes.map((s) => getAddress(s));
      const sorted = [...safes].sort();
      const hash = keccak256(toHex(`gnosis-safe${timestamp}${uuid}${body.cloudMessagingToken}${sorted.join('')}`));
      const signers: Address[] = [];
      for (const sig of reg.signatures) {
        try {
          signers.push(await recoverAddress({ hash: hashMessage({ raw: hash }), signature: sig as Hex }));
        } catch {
          throw httpError(422, 'Invalid signature');
        }
      }
      for (const safeAddr of safes) {
        const safe = await ctx.getSafe(safeAddr);
        const valid = signers.filter((s) => safe.owners.includes(s) || isDelegateOf(ctx, s, safe));
        if (reg.signatures.length && valid.length !== signers.length) {
          throw httpError(422, `Signer is not an owner or delegate of Safe=${safeAddr}`);
        }
        rows.push({ chainId: reg.chainId, safe: safeAddr, signers: valid });
      }
    }
    ctx.store.tx(() => {
      ctx.store.run(
        `INSERT INTO devices (uuid, cloud_messaging_token, build_number, bundle, device_type, version, timestamp, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(uuid) DO UPDATE SET cloud_messaging_token = excluded.cloud_messaging_token,
         build_number = excluded.build_number, bundle = excluded.bundle, device_type = excluded.device_type,
         version = excluded.version, timestamp = excluded.timestamp, updated_at = excluded.updated_at`,
        [uuid, body.cloudMessagingToken, body.buildNumber, body.bundle, body.deviceType, body.version, timestamp, Date.now()],
      );
      for (const r of rows) {
        ctx.store.run('INSERT OR REPLACE INTO device_safes (uuid, chain_id, safe, signers) VALUES (?, ?, ?, ?)', [uuid, r.chainId, r.safe, JSON.stringify(r.signers)]);
      }
    });
    // the real v1 registration answers 200 without a body (the registration is read back with /devnet/notifications)
    return c.body(null, 200);
  });

  app.delete('/v1/chains/:chainId/notifications/devices/:uuid/safes/:safe', (c) => {
    const uuid = c.req.param('uuid');
    if (!UUID_RE.test(uuid)) throw httpError(422, 'Invalid uuid');
    const safe = parseAddress(c.req.param('safe'), 'safe');
    const n = ctx.store.run('DELETE FROM device_safes WHERE uuid = ? AND chain_id = ? AND safe = ?', [uuid, c.req.param('chainId'), safe]);
    if (!n) throw notFound('No device or Safe registration matches the given query.');
    return c.body(null, 204);
  });
  app.delete('/v1/chains/:chainId/notifications/devices/:uuid', (c) => {
    const uuid = c.req.param('uuid');
    if (!UUID_RE.test(uuid)) throw httpError(422, 'Invalid uuid');
    const n = ctx.store.run('DELETE FROM devices WHERE uuid = ?', [uuid]);
    ctx.store.run('DELETE FROM device_safes WHERE uuid = ?', [uuid]);
    if (!n) throw notFound('No device matches the given query.');
    return c.body(null, 204);
  });
  // devnet inspection of registrations
  app.get('/devnet/notifications/devices/:uuid', (c) => {
    const uuid = c.req.param('uuid');
    const device = ctx.store.get('SELECT * FROM devices WHERE uuid = ?', [uuid]);
    if (!device) throw notFound('No device matches the given query.');
    const safes = ctx.store.all('SELECT * FROM device_safes WHERE uuid = ?', [uuid]).map((r) => ({ chainId: str(r.chain_id), safe: str(r.safe), signers: JSON.parse(str(r.signers)) as string[] }));
    return c.json({ uuid, deviceType: str(device.device_type), cloudMessagingToken: str(device.cloud_messaging_token), safes });
  });

  // ---------------------------------------------------------------------------------------- e-mails
  const emailBase = '/v1/chains/:chainId/safes/:safe/emails';
  const ttl = ctx.opts.emailCodeTtlMs ?? 10 * 60_000;
  const emailRow = (safe: Address, signer: Address) =>
    ctx.store.get('SELECT * FROM emails WHERE chain_id = ? AND safe = ? AND signer = ?', [String(ctx.chainId), safe, signer]);
  const ownerOf = async (safeAddr: Address, signer: Address): Promise<void> => {
    const safe = await ctx.getSafe(safeAddr);
    if (!safe.owners.includes(signer)) throw httpError(403, `Signer=${signer} is not an owner of Safe=${safeAddr}`);
  };
  const deliverCode = (safe: Address, signer: Address, email: string): void => {
    const code = newCode();
    ctx.store.run('UPDATE emails SET code = ?, code_sent_at = ? WHERE chain_id = ? AND safe = ? AND signer = ?', [code, Date.now(), String(ctx.chainId), safe, signer]);
    const token = str(emailRow(safe, signer)?.unsubscribe_token);
    sendMail(
      ctx,
      email,
      'Verify your e-mail address',
      `Your Countersign devnet verification code for Safe ${safe} is ${code}. It expires in ${Math.round(ttl / 60_000)} minutes.\nUnsubscribe token: ${token}`,
      code,
    );
  };

  app.post(emailBase, async (c) => {
    const safe = parseAddress(c.req.param('safe'), 'safe');
    const body = await readBody(c, v.object({ emailAddress: v.pipe(v.string(), v.regex(EMAIL_RE, 'Invalid email address')), signer: AddressSchema }));
    const signer = getAddress(body.signer);
    const { signature, timestamp } = sigHeaders(c);
    await checkSignerMessage(signature, `email-register-${ctx.chainId}-${safe}-${body.emailAddress}-${signer}-${timestamp}`, signer);
    await ownerOf(safe, signer);
    if (emailRow(safe, signer)) throw httpError(409, `Email address already registered for signer ${signer}`);
    const token = randomUUID();
    ctx.store.run(
      'INSERT INTO emails (chain_id, safe, signer, email, verified, code, code_sent_at, unsubscribe_token, created_at) VALUES (?, ?, ?, ?, 0, NULL, NULL, ?, ?)',
      [String(ctx.chainId), safe, signer, body.emailAddress, token, Date.now()],
    );
    for (const cat of SUBSCRIPTION_CATEGORIES) ctx.store.run('INSERT OR IGNORE INTO subscriptions (token, category) VALUES (?, ?)', [token, cat]);
    deliverCode(safe, signer, body.emailAddress);
    return c.body(null, 201);
  });

  app.put(`${emailBase}/:signer`, async (c) => {
    const safe = parseAddress(c.req.param('safe'), 'safe');
    const signer = parseAddress(c.req.param('signer'), 'signer');
    const body = await readBody(c, v.object({ emailAddress: v.pipe(v.string(), v.regex(EMAIL_RE, 'Invalid email address')) }));
    const { signature, timestamp } = sigHeaders(c);
    await checkSignerMessage(signature, `email-edit-${ctx.chainId}-${safe}-${body.emailAddress}-${signer}-${timestamp}`, signer);
    await ownerOf(safe, signer);
    const row = emailRow(safe, signer);
    if (!row) throw notFound(`No email address was found for signer ${signer}`);
    if (str(row.email) === body.emailAddress) throw httpError(409, 'Email address matches that of the Safe owner');
    ctx.store.run('UPDATE emails SET email = ?, verified = 0 WHERE chain_id = ? AND safe = ? AND signer = ?', [body.emailAddress, String(ctx.chainId), safe, signer]);
    deliverCode(safe, signer, body.emailAddress);
    return c.body(null, 202);
  });

  app.post(`${emailBase}/:signer/verify-resend`, async (c) => {
    const safe = parseAddress(c.req.param('safe'), 'safe');
    const signer = parseAddress(c.req.param('signer'), 'signer');
    const row = emailRow(safe, signer);
    if (!row) throw notFound(`No email address was found for signer ${signer}`);
    if (num(row.verified)) throw httpError(409, 'Email address is already verified');
    deliverCode(safe, signer, str(row.email));
    return c.body(null, 202);
  });

  app.put(`${emailBase}/:signer/verify`, async (c) => {
    const safe = parseAddress(c.req.param('safe'), 'safe');
    const signer = parseAddress(c.req.param('signer'), 'signer');
    const body = await readBody(c, v.object({ code: v.pipe(v.string(), v.minLength(1, 'code is required')) }));
    const row = emailRow(safe, signer);
    if (!row) throw notFound(`No email address was found for signer ${signer}`);
    if (num(row.verified)) throw httpError(409, 'Email address is already verified');
    const code = strOrNull(row.code);
    if (!code || code !== body.code) throw httpError(400, 'Invalid verification code');
    if (Date.now() - num(row.code_sent_at) > ttl) throw httpError(400, 'Verification code expired');
    ctx.store.run('UPDATE emails SET verified = 1, code = NULL WHERE chain_id = ? AND safe = ? AND signer = ?', [String(ctx.chainId), safe, signer]);
    return c.body(null, 204);
  });

  app.get(`${emailBase}/:signer`, async (c) => {
    const safe = parseAddress(c.req.param('safe'), 'safe');
    const signer = parseAddress(c.req.param('signer'), 'signer');
    const { signature, timestamp } = sigHeaders(c);
    await checkSignerMessage(signature, `email-retrieval-${ctx.chainId}-${safe}-${signer}-${timestamp}`, signer);
    await ownerOf(safe, signer);
    const row = emailRow(safe, signer);
    if (!row) throw notFound(`No email address was found for signer ${signer}`);
    return c.json({ email: str(row.email), verified: num(row.verified) === 1 });
  });

  app.delete(`${emailBase}/:signer`, async (c) => {
    const safe = parseAddress(c.req.param('safe'), 'safe');
    const signer = parseAddress(c.req.param('signer'), 'signer');
    const { signature, timestamp } = sigHeaders(c);
    await checkSignerMessage(signature, `email-delete-${ctx.chainId}-${safe}-${signer}-${timestamp}`, signer);
    await ownerOf(safe, signer);
    const row = emailRow(safe, signer);
    if (!row) throw notFound(`No email address was found for signer ${signer}`);
    ctx.store.run('DELETE FROM emails WHERE chain_id = ? AND safe = ? AND signer = ?', [String(ctx.chainId), safe, signer]);
    ctx.store.run('DELETE FROM subscriptions WHERE token = ?', [str(row.unsubscribe_token)]);
    return c.body(null, 204);
  });

  // devnet outbox: every mail the gateway "sent"
  app.get('/devnet/outbox', (c) => {
    const to = c.req.query('to');
    const rows = to
      ? ctx.store.all('SELECT * FROM outbox WHERE to_address = ? ORDER BY id', [to])
      : ctx.store.all('SELECT * FROM outbox ORDER BY id');
    const mails: OutboxMail[] = rows.map((r) => ({ id: num(r.id), to: str(r.to_address), subject: str(r.subject), body: str(r.body), code: strOrNull(r.code), createdAt: num(r.created_at) }));
    return c.json(mails);
  });
  app.get('/devnet/subscriptions', (c) => {
    const rows = ctx.store.all('SELECT e.email, e.safe, e.signer, e.unsubscribe_token, s.category FROM emails e LEFT JOIN subscriptions s ON s.token = e.unsubscribe_token');
    return c.json(rows.map((r) => ({ email: str(r.email), safe: str(r.safe), signer: str(r.signer), token: str(r.unsubscribe_token), category: strOrNull(r.category) })));
  });

  // ---------------------------------------------------------------------------------------- recovery
  app.post('/v1/chains/:chainId/safes/:safe/recovery', async (c) => {
    const safeAddr = parseAddress(c.req.param('safe'), 'safe');
    const body = await readBody(c, v.object({ moduleAddress: AddressSchema, signer: v.optional(AddressSchema) }));
    const module = getAddress(body.moduleAddress);
    const safe = await ctx.getSafe(safeAddr);
    let signer: Address | null = null;
    if (body.signer || c.req.header('Safe-Wallet-Signature')) {
      if (!body.signer) throw httpError(422, 'signer is required with signature headers');
      signer = getAddress(body.signer);
      const { signature, timestamp } = sigHeaders(c);
      await checkSignerMessage(signature, `enable-recovery-alerts-${ctx.chainId}-${safeAddr}-${module}-${signer}-${timestamp}`, signer);
      if (!safe.owners.includes(signer)) throw httpError(403, `Signer=${signer} is not an owner of Safe=${safeAddr}`);
    }
    if (module === safeAddr) throw httpError(422, 'The module address cannot be the Safe itself');
    ctx.store.run('INSERT OR REPLACE INTO recovery_modules (chain_id, safe, module, signer, created_at) VALUES (?, ?, ?, ?, ?)', [String(ctx.chainId), safeAddr, module, signer, Date.now()]);
    return c.body(null, 200);
  });
  app.delete('/v1/chains/:chainId/safes/:safe/recovery/:module', async (c) => {
    const safeAddr = parseAddress(c.req.param('safe'), 'safe');
    const module = parseAddress(c.req.param('module'), 'moduleAddress');
    const n = ctx.store.run('DELETE FROM recovery_modules WHERE chain_id = ? AND safe = ? AND module = ?', [String(ctx.chainId), safeAddr, module]);
    if (!n) throw notFound('Recovery module not registered');
    return c.body(null, 204);
  });
  app.get('/devnet/recovery/:safe', (c) => {
    const safeAddr = parseAddress(c.req.param('safe'), 'safe');
    const rows = ctx.store.all('SELECT module, signer FROM recovery_modules WHERE chain_id = ? AND safe = ?', [String(ctx.chainId), safeAddr]);
    return c.json(rows.map((r) => ({ moduleAddress: str(r.module), signer: strOrNull(r.signer) })));
  });

  // ---------------------------------------------------------------------------------------- subscriptions
  app.delete('/v1/subscriptions', (c) => {
    const token = c.req.query('token') ?? '';
    const category = c.req.query('category') ?? '';
    if (!UUID_RE.test(token)) throw httpError(422, 'Invalid token');
    if (!category) throw httpError(422, 'category is required');
    if (!(SUBSCRIPTION_CATEGORIES as readonly string[]).includes(category)) throw notFound(`Unknown category: ${category}`);
    const n = ctx.store.run('DELETE FROM subscriptions WHERE token = ? AND category = ?', [token, category]);
    if (!n) throw notFound('No subscription matches the given token and category');
    return c.body(null, 200);
  });
  app.delete('/v1/subscriptions/all', (c) => {
    const token = c.req.query('token') ?? '';
    if (!UUID_RE.test(token)) throw httpError(422, 'Invalid token');
    const n = ctx.store.run('DELETE FROM subscriptions WHERE token = ?', [token]);
    if (!n) throw notFound('No subscription matches the given token');
    return c.body(null, 200);
  });
}
