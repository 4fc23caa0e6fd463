/**
 * "This gateway does not offer it" (decision 0051): a route the gateway's router does not have — 405, or a 404
 * whose body is the router's `Cannot <METHOD> /path` (NestJS on Express, as today's real gateway), empty or not
 * JSON — is a GatewayError of kind `notOffered`; a 404 with a gateway error body ("Safe not found") is not. The
 * client builds on it: owners' Safes fall back /v3 → /v2 → /v1, the confirmation view is simply absent, and the
 * e-mail check asks without a signature.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayError, isNotOffered, readGatewayResponse, routeNotOffered, type GatewayClient } from '../../../../src/services/gateway/index.ts';
import { DEVNET_DEPLOYER, DEVNET_OTHER_SAFE, DEVNET_SAFE } from '../../../../src/machines/shared/samples.ts';
import { readAllOwnedSafes } from '../../../../src/services/gateway/ownedSafes.ts';
import { startTestServer, type TestServer } from './testServer.ts';

const OWNER = DEVNET_DEPLOYER;
const routeMissing = (method: string, path: string) => ({ message: `Cannot ${method} ${path}`, error: 'Not Found', statusCode: 404 });

const failureOf = async (res: Response): Promise<GatewayError> => {
  try {
    await readGatewayResponse(res);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('the answer was read as a success');
};
const json = (status: number, body: unknown, statusText = '') => new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

describe('the notOffered kind of GatewayError', () => {
  it('is the router’s 404 (NestJS route miss), any 405, and a 404 without a JSON body', async () => {
    const nest = await failureOf(json(404, routeMissing('GET', `/v1/owners/${OWNER}/safes`), 'Not Found'));
    expect(nest).toMatchObject({ status: 404, kind: 'notOffered', message: 'Not Found' });
    expect(isNotOffered(nest)).toBe(true);
    expect(isNotOffered(await failureOf(json(405, { statusCode: 405, message: 'Method Not Allowed' }, 'Method Not Allowed')))).toBe(true);
    expect(isNotOffered(await failureOf(new Response('', { status: 404, statusText: 'Not Found' })))).toBe(true);
    expect(isNotOffered(await failureOf(new Response('<html>404</html>', { status: 404, statusText: 'Not Found' })))).toBe(true);
    // the devnet's route miss before decision 0051 carried a code too: still the router's text
    expect(isNotOffered(await failureOf(json(404, { code: 404, message: 'Cannot DELETE /v1/subscriptions' })))).toBe(true);
  });

  it('is not a missing resource, nor any other failure', async () => {
    const safe = await failureOf(json(404, { code: 404, message: 'Safe not found' }, 'Not Found'));
    expect(safe).toMatchObject({ status: 404, message: '404: Safe not found' });
    expect(safe.kind).toBeUndefined();
    expect(isNotOffered(await failureOf(json(404, { statusCode: 404, message: 'No email address was found for signer' })))).toBe(false);
    expect(isNotOffered(await failureOf(json(403, { statusCode: 403, message: 'Cannot GET this' })))).toBe(false);
    expect(isNotOffered(await failureOf(json(500, { code: 500, message: 'Cannot GET /x' })))).toBe(false);
    expect(isNotOffered(new Error('Cannot GET /x'))).toBe(false);
    expect(routeNotOffered(404, { message: 'Cannot fetch the Safe' })).toBe(false);
    expect(routeNotOffered(404, null)).toBe(false);
  });
});

let server: TestServer;
let client: GatewayClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  client = createGatewayClient({ baseUrl: server.baseUrl });
});

const miss = (method: string, path: string) =>
  server.route(`${method} ${path}`, (hit, res) => {
    res.writeHead(404, 'Not Found', { 'content-type': 'application/json' });
    res.end(JSON.stringify(routeMissing(method, hit.url)));
  });

describe('owners’ Safes on every chain: /v3, then /v2, then /v1', () => {
  it('reads /v3 where it is served', async () => {
    server.json(`GET /v3/owners/${OWNER}/safes`, { '31337': [DEVNET_SAFE] });
    expect(await readAllOwnedSafes(client, OWNER)).toEqual({ '31337': [DEVNET_SAFE] });
    expect(server.hits.map((h) => h.url)).toEqual([`/v3/owners/${OWNER}/safes`]);
  });

  it('falls back in order while the gateway does not offer one, and remembers the one that answered', async () => {
    miss('GET', `/v3/owners/${OWNER}/safes`);
    server.json(`GET /v2/owners/${OWNER}/safes`, { '31337': [DEVNET_SAFE, DEVNET_OTHER_SAFE] });
    expect(await readAllOwnedSafes(client, OWNER)).toEqual({ '31337': [DEVNET_SAFE, DEVNET_OTHER_SAFE] });
    await readAllOwnedSafes(client, OWNER);
    expect(server.hits.map((h) => h.url.split('/')[1])).toEqual(['v3', 'v2', 'v2']);
  });

  it('reaches /v1 (a seed-era gateway) and fails only when no version is offered', async () => {
    miss('GET', `/v3/owners/${OWNER}/safes`);
    miss('GET', `/v2/owners/${OWNER}/safes`);
    server.json(`GET /v1/owners/${OWNER}/safes`, { '31337': [DEVNET_SAFE] });
    expect(await readAllOwnedSafes(client, OWNER)).toEqual({ '31337': [DEVNET_SAFE] });
    server.reset();
    const none = createGatewayClient({ baseUrl: server.baseUrl });
    for (const v of ['v3', 'v2', 'v1']) miss('GET', `/${v}/owners/${OWNER}/safes`);
    await expect(readAllOwnedSafes(none, OWNER)).rejects.toMatchObject({ kind: 'notOffered' });
    expect(server.hits).toHaveLength(3);
  });

  it('does not fall back on another failure (the caller reads chain by chain then)', async () => {
    server.json(`GET /v3/owners/${OWNER}/safes`, { code: 503, message: 'Service unavailable' }, 503);
    await expect(readAllOwnedSafes(client, OWNER)).rejects.toThrow('503: Service unavailable');
    expect(server.hits).toHaveLength(1);
  });
});

describe('the confirmation view and e-mail alerts', () => {
  const S = DEVNET_SAFE;
  it('a confirmation view the gateway does not offer is null; a real failure still fails', async () => {
    miss('POST', `/v1/chains/31337/safes/${S}/views/transaction-confirmation`);
    expect(await client.getConfirmationView('31337', S, { data: '0x12', to: S })).toBeNull();
    server.json(`POST /v1/chains/31337/safes/${S}/views/transaction-confirmation`, { code: 500, message: 'boom' }, 500);
    await expect(client.getConfirmationView('31337', S, { data: '0x12', to: S })).rejects.toThrow('500: boom');
  });

  it('reads an e-mail registration without signature headers (to learn whether e-mail alerts are offered)', async () => {
    const path = `/v1/chains/31337/safes/${S}/emails/${OWNER}`;
    server.json(`GET ${path}`, { statusCode: 403, code: 403, message: 'Missing Safe-Wallet-Signature or Safe-Wallet-Signature-Timestamp header' }, 403);
    await expect(client.getRegisteredEmail('31337', S, OWNER)).rejects.toMatchObject({ status: 403, kind: undefined });
    expect(server.hits[0]!.headers['safe-wallet-signature']).toBeUndefined();
    miss('GET', path);
    await expect(client.getRegisteredEmail('31337', S, OWNER)).rejects.toMatchObject({ status: 404, kind: 'notOffered' });
    server.json(`GET ${path}`, { code: 404, message: 'No email address was found for signer' }, 404);
    await expect(client.getRegisteredEmail('31337', S, OWNER)).rejects.toMatchObject({ status: 404, kind: undefined });
  });
});
