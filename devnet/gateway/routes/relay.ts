// Relay: executes a Safe transaction (execTransaction), a Safe creation (createProxyWithNonce) or a
// MultiSend of those through the relayer account, counting down a per-Safe quota.
import type { Hono } from 'hono';
import * as v from 'valibot';
import { decodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { receiptOf } from '../../chain/clients.ts';
import { multiSendAbi, proxyFactoryAbi, safeAbi } from '../abis.ts';
import { SAFE_141 } from '../config.ts';
import { parseAddress, type GatewayContext } from '../context.ts';
import { num, str } from '../db.ts';
import { httpError, notFound } from '../errors.ts';
import { unpackMultiSend } from '../decoder.ts';
import { AddressSchema, HexSchema, readBody } from '../http.ts';

const RelayBody = v.object({
  to: AddressSchema,
  data: HexSchema,
  version: v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+/, 'version must be a semver string')),
  gasLimit: v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d+$/, 'gasLimit must be a decimal string'))),
  safeTxHash: v.nullish(v.string()),
});

export function relayRoutes(app: Hono, ctx: GatewayContext): void {
  const used = (address: Address): number =>
    num(ctx.store.get('SELECT COUNT(*) AS n FROM relays WHERE chain_id = ? AND address = ?', [String(ctx.chainId), address])?.n);

  /** The addresses whose quota a relay request uses (the Safe, or the owners of a Safe being created). */
  async function quotaAddresses(to: Address, data: Hex): Promise<Address[]> {
    if (to === SAFE_141.proxyFactory) {
      let call;
      try {
        call = decodeFunctionData({ abi: proxyFactoryAbi, data });
      } catch {
        throw httpError(422, 'Invalid proxy factory call');
      }
      try {
        const setup = decodeFunctionData({ abi: safeAbi, data: call.args[1] });
        if (setup.functionName !== 'setup') throw new Error('not setup');
        return (setup.args[0] as readonly Address[]).map((o) => getAddress(o));
      } catch {
        throw httpError(422, 'Safe creation initializer is not a setup call');
      }
    }
    if (to === SAFE_141.multiSend || to === SAFE_141.multiSendCallOnly) {
      let entries;
      try {
        const call = decodeFunctionData({ abi: multiSendAbi, data });
        entries = unpackMultiSend(call.args[0]);
      } catch {
        throw httpError(422, 'Invalid multiSend call');
      }
      const out: Address[] = [];
      for (const e of entries) {
        if (e.operation !== 0) throw httpError(422, 'Only CALL operations can be relayed in a multiSend');
        out.push(...(await quotaAddresses(e.to, e.data)));
      }
      return [...new Set(out)];
    }
    const safe = await ctx.findSafe(to);
    if (!safe) throw httpError(422, `Address ${to} is not a Safe, the proxy factory or MultiSend`);
    try {
      const call = decodeFunctionData({ abi: safeAbi, data });
      if (call.functionName !== 'execTransaction') throw new Error('not exec');
    } catch {
      throw httpError(422, 'Only execTransaction calls can be relayed to a Safe');
    }
    return [to];
  }

  app.post('/v1/chains/:chainId/relay', async (c) => {
    const body = await readBody(c, RelayBody);
    const to = getAddress(body.to);
    const data = body.data as Hex;
    const addresses = await quotaAddresses(to, data);
    for (const a of addresses) {
      if (used(a) >= ctx.relayLimit) throw httpError(429, `Relay limit reached for ${a}`);
    }
    // simulate first: a reverting execution must not use up the quota
    try {
      await ctx.reader.client.call({ account: ctx.relayer.account.address, to, data });
    } catch (err) {
      const reason = err instanceof Error ? (err.message.split('\n')[0] ?? 'reverted') : 'reverted';
      throw httpError(422, `Relay simulation failed: ${reason}`);
    }
    const hash = await ctx.relayer.sendTransaction({ to, data, gas: body.gasLimit ? BigInt(body.gasLimit) + 150_000n : undefined });
    // Asked for until it comes (anvil mines a block only per transaction: viem's wait asks again only on a new block).
    await receiptOf(ctx.reader.client, hash, 'relayed execution');
    ctx.store.tx(() => {
      for (const a of addresses) {
        ctx.store.run('INSERT INTO relays (task_id, chain_id, address, tx_hash, created_at) VALUES (?, ?, ?, ?, ?)', [`${hash}:${a}`, String(ctx.chainId), a, hash, Date.now()]);
      }
    });
    return c.json({ taskId: hash }, 200);
  });

  app.get('/v1/chains/:chainId/relay/status/:taskId', async (c) => {
    const taskId = c.req.param('taskId');
    const row = ctx.store.get('SELECT tx_hash FROM relays WHERE tx_hash = ?', [taskId]);
    if (!row) throw notFound('Task not found');
    const receipt = await ctx.reader.client.getTransactionReceipt({ hash: str(row.tx_hash) as Hex }).catch(() => null);
    // RelayTaskStatus: 110 Submitted, 200 Included, 500 Reverted (the receipt only once mined)
    if (!receipt) return c.json({ status: 110 });
    return c.json({ status: receipt.status === 'success' ? 200 : 500, receipt: { transactionHash: receipt.transactionHash } });
  });

  app.get('/v1/chains/:chainId/relay/:address', (c) => {
    const address = parseAddress(c.req.param('address'));
    return c.json({ remaining: Math.max(0, ctx.relayLimit - used(address)), limit: ctx.relayLimit });
  });
}
