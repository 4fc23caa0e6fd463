// The app's own gateway-client schemas (src/domain/gateway/schemas.ts) accept what the devnet gateway
// serves: the two sides of the devnet agree on every shape the app reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as App from '../../src/domain/gateway/schemas.ts';
import { buildSafeTx, safeTxHash, signSafeMessage, signSafeTx } from '../../devnet/chain/index.ts';
import { CHAIN_ID, owner, startTestDevnet, type TestDevnet } from './fixtures/gateway/devnet.ts';
import { client } from './fixtures/gateway/http.ts';

let d: TestDevnet;
let api: ReturnType<typeof client>;
const C = '/v1/chains/31337';

beforeAll(async () => {
  d = await startTestDevnet();
  api = client(d.url);
  // some queue and message content
  const tx = buildSafeTx({ to: owner(6).address, value: 1n, nonce: 0n });
  await api.post(`${C}/transactions/${d.safe}/propose`, {
    to: tx.to, value: '1', data: null, nonce: '0', operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver, safeTxHash: safeTxHash(CHAIN_ID, d.safe, tx), sender: owner(0).address,
    signature: await signSafeTx(CHAIN_ID, d.safe, tx, owner(0).privateKey), origin: null,
  });
  await api.post(`${C}/safes/${d.safe}/messages`, { message: 'compat', safeAppId: null, origin: null, signature: await signSafeMessage(CHAIN_ID, d.safe, 'compat', owner(0).privateKey) });
});
afterAll(async () => {
  await d?.stop();
});

function accepts(schema: v.GenericSchema, value: unknown, what: string): void {
  const r = v.safeParse(schema, value);
  if (!r.success) {
    const issues = r.issues.slice(0, 5).map((i) => `${(i.path ?? []).map((p) => String(p.key)).join('.')}: ${i.message}`);
    throw new Error(`app schema rejects ${what}:\n  ${issues.join('\n  ')}`);
  }
}

describe('app gateway-client schemas accept the devnet gateway', () => {
  it('reads', async () => {
    const cases: Array<[v.GenericSchema, string]> = [
      [App.ChainInfoSchema, C],
      [App.pageSchema(App.ChainInfoSchema), '/v1/chains'],
      [App.SafeInfoSchema, `${C}/safes/${d.safe}`],
      [App.SafeBalancesSchema, `${C}/safes/${d.safe}/balances/usd`],
      [App.FiatCurrenciesSchema, '/v1/balances/supported-fiat-codes'],
      [App.CollectiblesSchema, `${C}/safes/${d.safe}/collectibles`],
      [App.CollectiblesPageSchema, `/v2/chains/31337/safes/${d.safe}/collectibles`],
      [App.TransactionItemPageSchema, `${C}/safes/${d.safe}/transactions/history`],
      [App.TransactionItemPageSchema, `${C}/safes/${d.safe}/transactions/queued`],
      [App.TransactionItemPageSchema, `${C}/safes/${d.safe}/incoming-transfers/`],
      [App.TransactionItemPageSchema, `${C}/safes/${d.safe}/multisig-transactions/`],
      [App.SafeNoncesSchema, `${C}/safes/${d.safe}/nonces`],
      [App.MasterCopiesSchema, `${C}/about/master-copies`],
      [App.SafeAppsSchema, `${C}/safe-apps`],
      [App.MessagePageSchema, `${C}/safes/${d.safe}/messages`],
      [App.OwnedSafesSchema, `${C}/owners/${owner(0).address}/safes`],
      [App.AllOwnedSafesSchema, `/v1/owners/${owner(0).address}/safes`],
      [App.SafeOverviewsSchema, `/v1/safes?currency=usd&safes=31337:${d.safe}`],
      [App.ContractInfoSchema, `${C}/contracts/${d.tokens.usd.address}`],
      [App.RelayCountSchema, `${C}/relay/${d.safe}`],
      [App.DelegatesPageSchema, `${C}/delegates?safe=${d.safe}`],
    ];
    for (const [schema, path] of cases) {
      const r = await api.get(path);
      expect(r.status, path).toBe(200);
      accepts(schema, r.body, path);
    }
    const history = (await api.get(`${C}/safes/${d.safe}/transactions/history`)).body as { results: Array<{ type: string; transaction?: { id: string } }> };
    for (const item of history.results) {
      if (item.transaction) accepts(App.TransactionDetailsSchema, (await api.get(`${C}/transactions/${item.transaction.id}`)).body, `details ${item.transaction.id}`);
    }
    const queue = (await api.get(`${C}/safes/${d.safe}/transactions/queued`)).body as { results: Array<{ transaction?: { id: string } }> };
    for (const item of queue.results) {
      if (item.transaction) accepts(App.TransactionDetailsSchema, (await api.get(`${C}/transactions/${item.transaction.id}`)).body, `details ${item.transaction.id}`);
    }
    const messages = (await api.get(`${C}/safes/${d.safe}/messages`)).body as { results: Array<{ messageHash?: string }> };
    for (const m of messages.results) if (m.messageHash) accepts(App.MessageSchema, (await api.get(`${C}/messages/${m.messageHash}`)).body, 'message');
    accepts(App.EstimationResponseSchema, (await api.post(`/v2/chains/31337/safes/${d.safe}/multisig-transactions/estimations`, { to: owner(5).address, value: '1', data: '0x', operation: 0 })).body, 'estimation');
    accepts(App.DataDecodedSchema, (await api.post(`${C}/data-decoder`, { data: '0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa9000000000000000000000000000000000000000000000000000000000000000a', to: d.tokens.usd.address })).body, 'decoded');
  });
});
