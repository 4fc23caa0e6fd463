/**
 * Reads compiled contract artifacts (creation bytecode) from the pinned npm packages at run time:
 * @safe-global/safe-contracts@1.4.1 (hardhat artifacts) and @openzeppelin/contracts@4.9.6 (truffle-style
 * build/contracts/*.json). None of the contracts used here has link references.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Hex } from 'viem';

export interface Artifact {
  readonly contractName: string;
  readonly bytecode: Hex;
  readonly deployedBytecode: Hex;
}

const require = createRequire(import.meta.url);
const cache = new Map<string, Artifact>();

function load(modulePath: string): Artifact {
  let a = cache.get(modulePath);
  if (!a) {
    const raw: unknown = JSON.parse(readFileSync(require.resolve(modulePath), 'utf8'));
    if (typeof raw !== 'object' || raw === null) throw new Error(`bad artifact ${modulePath}`);
    const { contractName, bytecode, deployedBytecode } = raw as Record<string, unknown>;
    if (typeof contractName !== 'string' || typeof bytecode !== 'string' || !bytecode.startsWith('0x') || bytecode.length < 4) {
      throw new Error(`artifact ${modulePath} has no bytecode`);
    }
    a = { contractName, bytecode: bytecode as Hex, deployedBytecode: (typeof deployedBytecode === 'string' ? deployedBytecode : '0x') as Hex };
    cache.set(modulePath, a);
  }
  return a;
}

export const SAFE_ARTIFACT_PATHS = {
  safe: 'Safe.sol/Safe',
  safeL2: 'SafeL2.sol/SafeL2',
  safeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory',
  compatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler',
  multiSend: 'libraries/MultiSend.sol/MultiSend',
  multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly',
  signMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib',
  createCall: 'libraries/CreateCall.sol/CreateCall',
  simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor',
} as const;

export type SafeContractName = keyof typeof SAFE_ARTIFACT_PATHS;

export function safeArtifact(name: SafeContractName): Artifact {
  return load(`@safe-global/safe-contracts/build/artifacts/contracts/${SAFE_ARTIFACT_PATHS[name]}.json`);
}

export type OzPreset = 'ERC20PresetMinterPauser' | 'ERC721PresetMinterPauserAutoId' | 'ERC1155PresetMinterPauser';

export function ozArtifact(name: OzPreset): Artifact {
  return load(`@openzeppelin/contracts/build/contracts/${name}.json`);
}

export interface SingletonFactoryDeployment {
  readonly gasPrice: bigint;
  readonly gasLimit: bigint;
  readonly signerAddress: Hex;
  readonly transaction: Hex;
  readonly address: Hex;
}

/** The presigned EIP-155 deployment of the Safe singleton factory for `chainId`, if the package has one. */
export function singletonFactoryDeployment(chainId: number): SingletonFactoryDeployment | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(require.resolve(`@safe-global/safe-singleton-factory/artifacts/${chainId}/deployment.json`), 'utf8'));
  } catch {
    return undefined;
  }
  const r = raw as { gasPrice: number | string; gasLimit: number | string; signerAddress: Hex; transaction: Hex; address: Hex };
  return { gasPrice: BigInt(r.gasPrice), gasLimit: BigInt(r.gasLimit), signerAddress: r.signerAddress, transaction: r.transaction, address: r.address };
}
