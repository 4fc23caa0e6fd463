// Transaction lists (history, queue, multisig, module, incoming), details, propose/confirm/delete,
// estimations and the creation record.
import type { Hono } from 'hono';
import * as v from 'valibot';
import { getAddress, zeroAddress, type Address, type Hex } from 'viem';
import type { OnchainSafe } from '../chain.ts';
import { parseAddress, type GatewayContext } from '../context.ts';
import { httpError, notFound, upstreamError } from '../errors.ts';
import {
  currentTotp,
  deleteRequestHash,
  recoverSignatures,
  safeTxHash as computeSafeTxHash,
  SignatureError,
  type RecoveredSignature,
} from '../hashes.ts';
import { AddressSchema, Bytes32Schema, HexSchema, NumericStringSchema, readBody, requestUrl, SignatureSchema } from '../http.ts';
import { parseCursor, pageOf, slicePage } from '../paging.ts';
import { Proposals } from '../proposals.ts';
import { recoverAddress } from 'viem';
import {
  detailsById,
  executedViews,
  historyEntries,
  historyPage,
  isTrustedDelegateCallTarget,
  multisigDetails,
  multisigSummary,
  moduleSummary,
  multisigViewByHash,
  queuePage,
  queuedViews,
  transferSummary,
} from '../txs.ts';
import type { TransactionItem } from '../types.ts';
import { nonces } from './safes.ts';
import { isDelegateOf } from './accounts.ts';

const ProposeSchema = v.object({
  to: AddressSchema,
  value: NumericStringSchema,
  data: v.nullish(HexSchema),
  nonce: NumericStringSchema,
  operation: v.picklist([0, 1], 'operation must be 0 (CALL) or 1 (DELEGATE)'),
  safeTxGas: NumericStringSchema,
  baseGas: NumericStringSchema,
  gasPrice: NumericStringSchema,
  gasToken: v.nullish(AddressSchema),
  refundReceiver: v.nullish(AddressSchema),
  safeTxHash: Bytes32Schema,
  sender: AddressSchema,
  signature: v.nullish(SignatureSchema),
  origin: v.nullish(v.string()),
});

const EstimationSchema = v.object({
  to: AddressSchema,
  value: NumericStringSchema,
  data: v.nullish(HexSchema),
  operation: v.picklist([0, 1], 'operation must be 0 (CALL) or 1 (DELEGATE)'),
});

function txItem(transaction: TransactionItem['transaction']): TransactionItem {
  return { type: 'TRANSACTION', transaction, conflictType: 'None' };
}

async function recoverOwners(ctx: GatewayContext, safe: OnchainSafe, hash: Hex, signature: Hex): Promise<RecoveredSignature[]> {
  let recovered: RecoveredSignature[];
  try {
    recovered = await recoverSignatures(hash, signature, { reader: ctx.reader, safe: safe.address });
  } catch (err) {
    throw httpError(422, err instanceof SignatureError && err.message !== 'Invalid signature' ? `Invalid signature: ${err.message}` : 'Invalid signature');
  }
  return recovered;
}

export function transactionRoutes(app: Hono, ctx: GatewayContext): void {
  const proposals = new Proposals(ctx.store);

  app.get('/v1/chains/:chainId/safes/:address/transactions/history', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const url = requestUrl(c);
    const page = parseCursor(url);
    const entries = await historyEntries(ctx, safe);
    const tzOffset = Number.parseInt(c.req.query('timezone_offset') ?? '0', 10);
    const items = await historyPage(ctx, entries, page.offset, page.limit, {
      timezone: c.req.query('timezone') || null,
      offset: Number.isFinite(tzOffset) ? tzOffset : 0,
    });
    return c.json(pageOf(url, page, entries.length, items));
  });

  app.get('/v1/chains/:chainId/safes/:address/transactions/queued', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const url = requestUrl(c);
    const page = parseCursor(url);
    const views = queuedViews(ctx, safe);
    const items = await queuePage(ctx, safe, views, page.offset, page.limit);
    return c.json(pageOf(url, page, views.length, items));
  });

  app.get('/v1/chains/:chainId/safes/:address/transactions/creation', async (c) => {
    const address = parseAddress(c.req.param('address'));
    await ctx.sync();
    const rec = ctx.indexer.creations.get(address);
    if (!rec) throw notFound('Safe creation not found');
    return c.json({
      created: new Date(rec.timestamp).toISOString(),
      creator: rec.creator,
      transactionHash: rec.txHash,
      factoryAddress: rec.factory,
      masterCopy: rec.singleton,
      setupData: null,
      saltNonce: rec.saltNonce,
      dataDecoded: null,
    });
  });

  app.on('GET', ['/v1/chains/:chainId/safes/:address/multisig-transactions', '/v1/chains/:chainId/safes/:address/multisig-transactions/'], async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const url = requestUrl(c);
    const q = (k: string): string | undefined => c.req.query(k);
    const executedViewsList = await executedViews(ctx, safe.address);
    const executedHashes = new Set(executedViewsList.map((x) => x.safeTxHash.toLowerCase()));
    let views = [
      ...executedViewsList,
      ...proposals
        .ofSafe(safe.address)
        .filter((p) => !executedHashes.has(p.safeTxHash.toLowerCase()))
        .map((p) => ({ ...p, executed: null })),
    ];
    if (q('executed') !== undefined) views = views.filter((x) => !!x.executed === (q('executed') === 'true'));
    if (q('nonce') !== undefined) views = views.filter((x) => String(x.nonce) === q('nonce'));
    if (q('to')) views = views.filter((x) => x.to.toLowerCase() === q('to')!.toLowerCase());
    if (q('value')) views = views.filter((x) => x.value.toString() === q('value'));
    if (q('execution_date__gte')) views = views.filter((x) => x.executed && x.executed.timestamp >= Date.parse(q('execution_date__gte')!));
    if (q('execution_date__lte')) views = views.filter((x) => x.executed && x.executed.timestamp <= Date.parse(q('execution_date__lte')!));
    views.sort((a, b) => b.nonce - a.nonce || b.submittedAt - a.submittedAt);
    const page = parseCursor(url);
    const slice = views.slice(page.offset, page.offset + page.limit);
    const items = await Promise.all(slice.map(async (x) => txItem(await multisigSummary(ctx, x, safe))));
    return c.json(pageOf(url, page, views.length, items));
  });

  app.on('GET', ['/v1/chains/:chainId/safes/:address/module-transactions', '/v1/chains/:chainId/safes/:address/module-transactions/'], async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const url = requestUrl(c);
    let list = ctx.indexer.moduleTxsOf(safe.address).reverse();
    const module = c.req.query('module');
    const to = c.req.query('to');
    const txHash = c.req.query('transaction_hash');
    if (module) list = list.filter((m) => m.module.toLowerCase() === module.toLowerCase());
    if (to) list = list.filter((m) => m.to.toLowerCase() === to.toLowerCase());
    if (txHash) list = list.filter((m) => m.txHash.toLowerCase() === txHash.toLowerCase());
    const page = parseCursor(url);
    const items = await Promise.all(list.slice(page.offset, page.offset + page.limit).map(async (m) => txItem(await moduleSummary(ctx, m))));
    return c.json(pageOf(url, page, list.length, items));
  });

  app.on('GET', ['/v1/chains/:chainId/safes/:address/incoming-transfers', '/v1/chains/:chainId/safes/:address/incoming-transfers/'], async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const url = requestUrl(c);
    let list = ctx.indexer.transfersOf(safe.address).filter((t) => t.to === safe.address).reverse();
    const token = c.req.query('token_address');
    const value = c.req.query('value');
    const gte = c.req.query('execution_date__gte');
    const lte = c.req.query('execution_date__lte');
    if (token) list = list.filter((t) => (t.token ?? zeroAddress).toLowerCase() === token.toLowerCase());
    if (value) list = list.filter((t) => t.value.toString() === value);
    if (gte) list = list.filter((t) => t.timestamp >= Date.parse(gte));
    if (lte) list = list.filter((t) => t.timestamp <= Date.parse(lte));
    return c.json(slicePage(url, parseCursor(url), list.map((t) => txItem(transferSummary(ctx, safe.address, t)))));
  });

  app.get('/v1/chains/:chainId/transactions/:id', async (c) => c.json(await detailsById(ctx, c.req.param('id'))));

  app.post('/v1/chains/:chainId/transactions/:address/propose', async (c) => {
    const address = parseAddress(c.req.param('address'));
    const body = await readBody(c, ProposeSchema);
    const safe = await ctx.getSafe(address);
    const nonce = Number(body.nonce);
    if (nonce < safe.nonce) throw httpError(422, 'Invalid nonce');
    const tx = {
      to: getAddress(body.to),
      value: BigInt(body.value),
      data: (body.data ?? '0x') as Hex,
      operation: body.operation,
      safeTxGas: BigInt(body.safeTxGas),
      baseGas: BigInt(body.baseGas),
      gasPrice: BigInt(body.gasPrice),
      gasToken: getAddress(body.gasToken ?? zeroAddress),
      refundReceiver: getAddress(body.refundReceiver ?? zeroAddress),
      nonce: BigInt(nonce),
    };
    const hash = computeSafeTxHash(safe.address, ctx.chainId, safe.version, tx);
    if (hash.toLowerCase() !== body.safeTxHash.toLowerCase()) throw httpError(422, 'Invalid safeTxHash');
    if (tx.operation === 1 && !isTrustedDelegateCallTarget(tx.to)) throw httpError(422, 'Delegate call is disabled');
    const sender = getAddress(body.sender);
    const senderIsOwner = safe.owners.includes(sender);
    const senderIsDelegate = !senderIsOwner && isDelegateOf(ctx, sender, safe);
    if (!senderIsOwner && !senderIsDelegate) throw httpError(422, 'Unauthorized address');
    const recovered = body.signature ? await recoverOwners(ctx, safe, hash, body.signature as Hex) : [];
    if (senderIsDelegate) {
      if (recovered.length !== 1 || recovered[0]!.owner !== sender) throw httpError(422, 'Invalid signature');
    } else {
      for (const r of recovered) if (!safe.owners.includes(r.owner)) throw httpError(422, 'Invalid signature');
      if (recovered.length && !recovered.some((r) => r.owner === sender)) throw httpError(422, 'Invalid signature');
    }
    const now = Date.now();
    const existing = proposals.get(hash);
    ctx.store.tx(() => {
      if (!existing) {
        proposals.insert(
          {
            safe: safe.address,
            safeTxHash: hash,
            to: tx.to,
            value: tx.value,
            data: tx.data === '0x' ? null : tx.data,
            operation: tx.operation,
            safeTxGas: tx.safeTxGas,
            baseGas: tx.baseGas,
            gasPrice: tx.gasPrice,
            gasToken: tx.gasToken,
            refundReceiver: tx.refundReceiver,
            nonce,
            proposer: sender,
            proposedByDelegate: senderIsDelegate ? sender : null,
            origin: body.origin ?? null,
          },
          now,
        );
      }
      if (!senderIsDelegate) proposals.addConfirmations(hash, recovered.map((r) => ({ owner: r.owner, signature: r.signature, type: r.type })), now);
    });
    ctx.tags.bump(safe.address, 'queue');
    const view = await multisigViewByHash(ctx, hash);
    return c.json(await multisigDetails(ctx, view!, safe));
  });

  app.post('/v1/chains/:chainId/transactions/:safeTxHash/confirmations', async (c) => {
    const body = await readBody(c, v.object({ signature: v.optional(SignatureSchema), signedSafeTxHash: v.optional(SignatureSchema) }));
    const signature = body.signature ?? body.signedSafeTxHash;
    if (!signature) throw httpError(422, 'Invalid signature');
    const view = await multisigViewByHash(ctx, c.req.param('safeTxHash'));
    if (!view) throw notFound('No MultisigTransaction matches the given query.');
    const safe = await ctx.getSafe(view.safe);
    const recovered = await recoverOwners(ctx, safe, view.safeTxHash, signature as Hex);
    for (const r of recovered) if (!safe.owners.includes(r.owner)) throw httpError(422, 'Invalid signature');
    if (!proposals.get(view.safeTxHash)) throw notFound('No MultisigTransaction matches the given query.');
    proposals.addConfirmations(view.safeTxHash, recovered.map((r) => ({ owner: r.owner, signature: r.signature, type: r.type })), Date.now());
    ctx.tags.bump(safe.address, 'queue');
    const updated = await multisigViewByHash(ctx, view.safeTxHash);
    return c.json(await multisigDetails(ctx, updated!, safe));
  });

  app.delete('/v1/chains/:chainId/transactions/:safeTxHash', async (c) => {
    const hash = c.req.param('safeTxHash');
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw httpError(422, 'Invalid safeTxHash');
    const body = await readBody(c, v.object({ signature: SignatureSchema }));
    const view = await multisigViewByHash(ctx, hash);
    const proposal = proposals.get(hash);
    if (!view || !proposal) throw notFound('No MultisigTransaction matches the given query.');
    if (view.executed) throw httpError(422, 'Executed transactions cannot be deleted');
    if (!proposal.proposer) throw httpError(422, 'Transaction has no proposer');
    const totp = currentTotp();
    let signer: Address | null = null;
    for (const t of [totp, totp - 1n]) {
      const h = deleteRequestHash(view.safe, ctx.chainId, view.safeTxHash, t);
      try {
        const s = await recoverAddress({ hash: h, signature: body.signature as Hex });
        if (s === proposal.proposer) {
          signer = s;
          break;
        }
      } catch {
        // try the previous window
      }
    }
    if (!signer) throw httpError(422, 'Provided signer is not the proposer of the transaction');
    proposals.delete(view.safeTxHash);
    ctx.tags.bump(view.safe, 'queue');
    return c.body(null, 204);
  });

  app.post('/v2/chains/:chainId/safes/:address/multisig-transactions/estimations', async (c) => {
    const safe = await ctx.getSafe(parseAddress(c.req.param('address')));
    const body = await readBody(c, EstimationSchema);
    const data = (body.data ?? '0x') as Hex;
    const to = getAddress(body.to);
    let safeTxGas: bigint;
    try {
      if (body.operation === 0) {
        safeTxGas = await ctx.reader.client.estimateGas({ account: safe.address, to, value: BigInt(body.value), data });
      } else {
        // simulate the delegate call: estimate as a call from the Safe (gas is close; delegatecall runs in the Safe's context)
        safeTxGas = await ctx.reader.client.estimateGas({ account: safe.address, to, data });
      }
    } catch (err) {
      const reason = err instanceof Error ? (err.message.split('\n')[0] ?? 'reverted') : 'reverted';
      throw upstreamError(422, `Gas estimation failed: ${reason}`);
    }
    return c.json({ ...nonces(ctx, safe), safeTxGas: safeTxGas.toString() });
  });
}

