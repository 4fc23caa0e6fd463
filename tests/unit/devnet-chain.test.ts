// Pure parts of the devnet chain module and CLI: ABIs vs the compiled artifacts, canonical addresses vs
// safe-deployments, the 6-decimals token patch, CLI option parsing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { hexToBytes, toFunctionSignature, toEventSignature, type Abi, type AbiEvent, type AbiFunction } from 'viem';
import {
  SAFE_141,
  SAFE_ARTIFACT_PATHS,
  SAFE_CONTRACT_NAMES,
  canonicalDeployment,
  compatibilityFallbackHandlerAbi,
  erc20Abi,
  erc721Abi,
  ozArtifact,
  safeAbi,
  safeArtifact,
  safeProxyFactoryAbi,
  singletonFactoryAddressOf,
  withDecimals,
} from '../../devnet/chain/index.ts';
import { parseCliArgs } from '../../devnet/cliArgs.ts';

const require = createRequire(import.meta.url);
const artifactAbi = (path: string): Abi => (JSON.parse(readFileSync(require.resolve(path), 'utf8')) as { abi: Abi }).abi;

function signatures(abi: Abi): Set<string> {
  const out = new Set<string>();
  for (const item of abi) {
    if (item.type === 'function') out.add(toFunctionSignature(item as AbiFunction));
    if (item.type === 'event') out.add(`event ${toEventSignature(item as AbiEvent)}`);
  }
  return out;
}

describe('devnet ABIs match the compiled artifacts', () => {
  const cases: [string, Abi, string][] = [
    ['SafeL2', safeAbi, `@safe-global/safe-contracts/build/artifacts/contracts/${SAFE_ARTIFACT_PATHS.safeL2}.json`],
    ['SafeProxyFactory', safeProxyFactoryAbi, `@safe-global/safe-contracts/build/artifacts/contracts/${SAFE_ARTIFACT_PATHS.safeProxyFactory}.json`],
    ['CompatibilityFallbackHandler', compatibilityFallbackHandlerAbi, `@safe-global/safe-contracts/build/artifacts/contracts/${SAFE_ARTIFACT_PATHS.compatibilityFallbackHandler}.json`],
    ['ERC20PresetMinterPauser', erc20Abi, '@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json'],
    ['ERC721PresetMinterPauserAutoId', erc721Abi, '@openzeppelin/contracts/build/contracts/ERC721PresetMinterPauserAutoId.json'],
  ];
  it.each(cases)('%s', (_name, ours, path) => {
    const theirs = signatures(artifactAbi(path));
    for (const sig of signatures(ours)) expect(theirs, sig).toContain(sig);
  });
});

describe('canonical Safe 1.4.1 deployment', () => {
  it.each(SAFE_CONTRACT_NAMES)('%s: artifact CREATE2 address = safe-deployments canonical address', (name) => {
    const { address, codeHash } = canonicalDeployment(name);
    expect(address).toBe(SAFE_141[name]);
    expect(codeHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(singletonFactoryAddressOf(safeArtifact(name).bytecode)).toBe(address);
  });
});

describe('withDecimals', () => {
  it('changes exactly one byte of the ERC20 preset, inside its runtime code', () => {
    const preset = ozArtifact('ERC20PresetMinterPauser');
    const before = hexToBytes(preset.bytecode);
    const after = hexToBytes(withDecimals(preset, 6));
    expect(after.length).toBe(before.length);
    const diffs = [...before.keys()].filter((i) => before[i] !== after[i]);
    expect(diffs).toHaveLength(1);
    const at = diffs[0] ?? -1;
    expect(before[at]).toBe(0x12);
    expect(after[at]).toBe(6);
    expect(before[at - 1]).toBe(0x60); // PUSH1
    expect(withDecimals(preset, 18)).toBe(preset.bytecode);
    expect(() => withDecimals(preset, 256)).toThrow();
  });
});

describe('devnet CLI options', () => {
  it('reads flags and environment, flags winning', () => {
    expect(parseCliArgs([], {})).toEqual({ stateDir: undefined, rpcPort: undefined, gatewayPort: undefined, appOrigins: [], likeRealGateway: false, large: false });
    expect(parseCliArgs(['--state', '.devnet', '--rpc-port', '8545', '--gateway-port=3100', '--app-origin', 'http://localhost:5173'], {})).toEqual({
      stateDir: '.devnet',
      rpcPort: 8545,
      gatewayPort: 3100,
      appOrigins: ['http://localhost:5173'],
      likeRealGateway: false,
      large: false,
    });
    expect(parseCliArgs(['--rpc-port', '9000'], { DEVNET_STATE: '/tmp/x', DEVNET_RPC_PORT: '8545', DEVNET_GATEWAY_PORT: '3100', DEVNET_APP_ORIGINS: 'http://a:1, http://b:2' })).toEqual({
      stateDir: '/tmp/x',
      rpcPort: 9000,
      gatewayPort: 3100,
      appOrigins: ['http://a:1', 'http://b:2'],
      likeRealGateway: false,
      large: false,
    });
    // the real-gateway switch (decision 0051): a flag, or DEVNET_LIKE_REAL_GATEWAY=1
    expect(parseCliArgs(['--like-real-gateway'], {}).likeRealGateway).toBe(true);
    expect(parseCliArgs([], { DEVNET_LIKE_REAL_GATEWAY: '1' }).likeRealGateway).toBe(true);
    expect(parseCliArgs([], { DEVNET_LIKE_REAL_GATEWAY: 'true' }).likeRealGateway).toBe(true);
    expect(parseCliArgs([], { DEVNET_LIKE_REAL_GATEWAY: '0' }).likeRealGateway).toBe(false);
    // the large-Safe fixture (decision 0068): a flag, or DEVNET_LARGE=1
    expect(parseCliArgs(['--large'], {}).large).toBe(true);
    expect(parseCliArgs([], { DEVNET_LARGE: '1' }).large).toBe(true);
    expect(parseCliArgs([], { DEVNET_LARGE: 'no' }).large).toBe(false);
    expect(parseCliArgs(['-h'], {}).help).toBe(true);
  });

  it('rejects bad input', () => {
    expect(() => parseCliArgs(['--rpc-port', 'abc'], {})).toThrow(/not a port/);
    expect(() => parseCliArgs(['--state'], {})).toThrow(/needs a value/);
    expect(() => parseCliArgs(['--bogus'], {})).toThrow(/unknown argument/);
    expect(() => parseCliArgs(['--like-real-gateway=no'], {})).toThrow(/takes no value/);
    expect(() => parseCliArgs(['--large=yes'], {})).toThrow(/takes no value/);
    expect(() => parseCliArgs([], { DEVNET_GATEWAY_PORT: '70000' })).toThrow(/not a port/);
  });
});
