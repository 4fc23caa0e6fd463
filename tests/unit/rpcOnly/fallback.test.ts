// When the Safe session reads around the gateway (RPC-only mode, decision 0054), and when it shows the error.
import { describe, expect, it } from 'vitest';
import { GatewayError, GatewayTimeoutError } from '../../../src/services/gateway/http.ts';
import { localChains } from '../../../src/services/rpcOnly/chains.ts';
import { fallbackReason } from '../../../src/services/rpcOnly/fallback.ts';
import { parseCursor } from '../../../src/services/rpcOnly/history.ts';

const noGateway = Object.assign(new Error('No gateway is configured.'), { name: 'NoGatewayError' });

describe('the fallback trigger', () => {
  it('reads from the chain when the gateway is absent, unreachable or refusing service', () => {
    expect(fallbackReason(noGateway, 'safe')).toBe('noGateway');
    expect(fallbackReason(new TypeError('Failed to fetch'), 'chains')).toBe('unreachable');
    expect(fallbackReason(new GatewayError('', 0), 'safe')).toBe('unreachable');
    for (const status of [401, 403, 429]) expect(fallbackReason(new GatewayError('x', status), 'safe')).toBe('failing');
  });

  it('shows a 5xx or a timeout as product-spec §8 says (with Retry), not read around it', () => {
    for (const ask of ['safe', 'chains'] as const) {
      expect(fallbackReason(new GatewayTimeoutError(10_000), ask)).toBeNull();
      for (const status of [500, 502, 503]) expect(fallbackReason(new GatewayError('x', status), ask)).toBeNull();
    }
  });

  it('reads from the chain when the gateway does not serve the chain list (404/405), not for a Safe it does not know', () => {
    expect(fallbackReason(new GatewayError('Not found', 404), 'chains')).toBe('noChains');
    expect(fallbackReason(new GatewayError('Method not allowed', 405), 'chains')).toBe('noChains');
    // An unknown Safe address stays "not found".
    expect(fallbackReason(new GatewayError('Not found', 404), 'safe')).toBeNull();
    expect(fallbackReason(new GatewayError('Invalid address', 422), 'safe')).toBeNull();
    expect(fallbackReason(new GatewayError('Bad request', 400), 'safe')).toBeNull();
  });

  it('shows a wrong answer as the error instead of reading around it', () => {
    // A 200 whose body is malformed, and a gateway that answers for another Safe.
    expect(fallbackReason(new GatewayError('Invalid response content: OK', 200), 'safe')).toBeNull();
    expect(fallbackReason(new Error('The gateway answered with another Safe'), 'safe')).toBeNull();
    expect(fallbackReason(new Error('something else'), 'chains')).toBeNull();
  });
});

describe('the chains RPC-only mode knows', () => {
  it('are the devnet and the chains config.json gives an RPC for', () => {
    const chains = localChains({ devnet: { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', accounts: [] }, rpcOverrides: { '1': 'https://rpc.example', '8453': 'https://base.example', '31337': 'http://127.0.0.1:8545' } });
    expect(chains.map((c) => [c.chainId, c.shortName, c.rpcUri.value])).toEqual([
      ['31337', 'devnet', 'http://127.0.0.1:8545'],
      ['1', 'eth', 'https://rpc.example'],
      ['8453', 'base', 'https://base.example'],
    ]);
    // No gateway feature is claimed for them (messages, NFTs, Safe Apps need the gateway).
    expect(chains.every((c) => c.features.length === 0)).toBe(true);
    expect(localChains({ devnet: null, rpcOverrides: { '999': 'https://x.example' } })[0]).toMatchObject({ chainName: 'Chain 999', shortName: 'chain999' });
  });

  it('pages history with a block cursor', () => {
    expect(parseCursor(null)).toEqual({ toBlock: null, executionsSeen: 0 });
    expect(parseCursor('chain:12345:7')).toEqual({ toBlock: 12345n, executionsSeen: 7 });
    expect(parseCursor('https://gateway/next')).toEqual({ toBlock: null, executionsSeen: 0 });
  });
});
