/**
 * The owned-Safes reads are never cached: a Safe created (or an owner added) elsewhere changes them, and no
 * Safe info tag of an already known Safe announces it, so "My Safe accounts" must ask the gateway every time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../../src/services/gateway/index.ts';
import { startTestServer, type TestServer } from './testServer.ts';
import { DEVNET_DEPLOYER, DEVNET_OTHER_SAFE, DEVNET_SAFE } from '../../../../src/machines/shared/samples.ts';

const OWNER = DEVNET_DEPLOYER;
const SAFE_A = DEVNET_SAFE;
const SAFE_B = DEVNET_OTHER_SAFE;

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
  client = createGatewayClient({ baseUrl: `${server.baseUrl}/` });
});

describe('gateway client: owned Safes', () => {
  it('asks the gateway again on every read of one chain', async () => {
    server.json(`GET /v1/chains/31337/owners/${OWNER}/safes`, { safes: [SAFE_A] });
    expect((await client.getOwnedSafes('31337', OWNER)).safes).toEqual([SAFE_A]);
    server.json(`GET /v1/chains/31337/owners/${OWNER}/safes`, { safes: [SAFE_A, SAFE_B] });
    expect((await client.getOwnedSafes('31337', OWNER)).safes).toEqual([SAFE_A, SAFE_B]);
    expect(server.hitsOf('GET', `/v1/chains/31337/owners/${OWNER}/safes`)).toBe(2);
  });

  it('asks the gateway again on every read across chains', async () => {
    server.json(`GET /v3/owners/${OWNER}/safes`, { '31337': [SAFE_A] });
    await client.getAllOwnedSafes(OWNER);
    server.json(`GET /v3/owners/${OWNER}/safes`, { '31337': [SAFE_A, SAFE_B] });
    expect(await client.getAllOwnedSafes(OWNER)).toEqual({ '31337': [SAFE_A, SAFE_B] });
    expect(server.hitsOf('GET', `/v3/owners/${OWNER}/safes`)).toBe(2);
  });
});
