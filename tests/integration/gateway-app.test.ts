// createGatewayApp in-process (app.request, no socket, no node): static routes, errors and CORS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp, type GatewayApp } from '../../devnet/gateway/index.ts';
import * as S from './fixtures/gateway/schemas.ts';

let app: GatewayApp;

beforeAll(async () => {
  app = await createGatewayApp({
    rpcUrl: 'http://127.0.0.1:9', // nothing listens there
    chainId: 31337,
    shortName: 'devnet',
    relayerPrivateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
    corsOrigins: ['http://localhost:3000'],
  });
});
afterAll(async () => {
  await app?.close();
});

describe('createGatewayApp', () => {
  it('serves the chain config and static lists without a node', async () => {
    const chains = await app.request('/v1/chains');
    expect(chains.status).toBe(200);
    S.expectShape(S.page(S.ChainInfo), await chains.json(), 'chains');
    S.expectShape(S.FiatCodes, await (await app.request('/v1/balances/supported-fiat-codes')).json(), 'fiat');
    S.expectShape(S.SafeApps, await (await app.request('/v1/chains/31337/safe-apps')).json(), 'apps');
    S.expectShape(S.MasterCopies, await (await app.request('/v1/chains/31337/about/master-copies')).json(), 'master copies');
  });

  it('answers unknown routes with the real router’s 404 and an unreachable node with 503', async () => {
    const r = await app.request('/v1/nope');
    expect(r.status).toBe(404);
    expect(S.expectShape(S.ErrorBody, await r.json(), 'error')).toEqual({ message: 'Cannot GET /v1/nope', error: 'Not Found', statusCode: 404 });
    const down = await app.request('/v1/chains/31337/safes/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ code: 503, message: 'Service unavailable' });
  });

  it('validates bodies before touching the chain', async () => {
    const r = await app.request('/v1/chains/31337/transactions/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/propose', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: '0x1' }),
    });
    expect(r.status).toBe(422);
    expect(S.expectShape(S.ErrorBody, await r.json(), 'error')).toMatchObject({ statusCode: 422, message: 'Invalid address', path: ['to'] });
  });

  it('applies the configured CORS origins', async () => {
    const ok = await app.request('/v1/chains', { headers: { Origin: 'http://localhost:3000' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const other = await app.request('/v1/chains', { headers: { Origin: 'http://localhost:4000' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
