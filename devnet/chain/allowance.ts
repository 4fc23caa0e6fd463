/**
 * Safe's Allowance module (AllowanceModule 0.1.1) on the devnet, at its canonical address, deployed the way it was
 * on real networks: its creation code sent through the Safe singleton factory with salt 0 (CREATE2).
 *
 * Where the code comes from (decision 0060): no npm package ships the module's bytecode (@safe-global/
 * safe-modules-deployments has only addresses and ABIs, no code or code hash), so it is compiled from the release's
 * source, copied into allowance-module-0.1.1/, with solc 0.7.6 and the release's settings, and the creation code
 * is kept in allowance-module-0.1.1/AllowanceModule.json (`compile.ts` there rebuilds and re-checks it). The check
 * is the address: CREATE2 through the factory with salt 0 puts keccak256(creation code) into the address, so only
 * the byte-identical creation code lands at the address the deployments package lists for 0.1.1. After deploying,
 * the runtime code hash is compared with the one recorded at compile time.
 */
import { readFileSync } from 'node:fs';
import { concat, getAddress, keccak256, zeroHash, type Address, type Hex } from 'viem';
import { getAllowanceModuleDeployment } from '@safe-global/safe-modules-deployments';
import { INFRA_ACCOUNT } from './accounts.ts';
import { connectDevnet } from './clients.ts';
import { SINGLETON_FACTORY_ADDRESS, ensureSingletonFactory, singletonFactoryAddressOf } from './safeContracts.ts';
import { ALLOWANCE_MODULE_ADDRESS, ALLOWANCE_MODULE_VERSION } from '../../src/domain/safe/allowance.ts';
export const ALLOWANCE_MODULE_ARTIFACT_FILE = 'AllowanceModule.json';

/** What allowance-module-0.1.1/compile.ts writes. */
export interface AllowanceModuleArtifact {
  readonly contractName: 'AllowanceModule';
  readonly version: string;
  /** Repository, commit and folder of the sources. */
  readonly source: string;
  readonly compiler: string;
  readonly settings: Record<string, unknown>;
  /** Creation code. */
  readonly bytecode: Hex;
  /** keccak256 of the runtime code the compiler produced (no immutables: what ends up on chain). */
  readonly runtimeCodeHash: Hex;
}

let artifact: AllowanceModuleArtifact | undefined;

export function allowanceModuleArtifact(): AllowanceModuleArtifact {
  if (!artifact) {
    const raw = JSON.parse(readFileSync(new URL(`./allowance-module-0.1.1/${ALLOWANCE_MODULE_ARTIFACT_FILE}`, import.meta.url), 'utf8')) as Partial<AllowanceModuleArtifact>;
    if (raw.version !== ALLOWANCE_MODULE_VERSION || !/^0x[0-9a-f]+$/.test(raw.bytecode ?? '') || !/^0x[0-9a-f]{64}$/.test(raw.runtimeCodeHash ?? '')) {
      throw new Error(`${ALLOWANCE_MODULE_ARTIFACT_FILE}: not an AllowanceModule ${ALLOWANCE_MODULE_VERSION} artifact`);
    }
    artifact = raw as AllowanceModuleArtifact;
  }
  return artifact;
}

/** The one address @safe-global/safe-modules-deployments lists for AllowanceModule 0.1.1 (it is on every listed chain). */
export function allowanceModuleCanonicalAddress(): Address {
  const d = getAllowanceModuleDeployment({ version: ALLOWANCE_MODULE_VERSION });
  const addresses = new Set(Object.values(d?.networkAddresses ?? {}).map((a) => getAddress(a)));
  const [address, ...others] = addresses;
  if (!address || others.length > 0) throw new Error(`safe-modules-deployments: expected one address for AllowanceModule ${ALLOWANCE_MODULE_VERSION}, got ${[...addresses].join(', ') || 'none'}`);
  return address;
}

export interface DeployAllowanceModuleResult {
  readonly address: Address;
  /** False when the module was already there (e.g. a chain loaded from a state file): then it was only verified. */
  readonly deployed: boolean;
}

/**
 * Deploys AllowanceModule 0.1.1 at its canonical address unless it is there, and verifies it. Idempotent. Throws
 * if the creation code would not land at the canonical address or the code on chain is not the expected one.
 */
export async function deployAllowanceModule(rpcUrl: string): Promise<DeployAllowanceModuleResult> {
  const { bytecode, runtimeCodeHash } = allowanceModuleArtifact();
  const address = singletonFactoryAddressOf(bytecode);
  if (address !== ALLOWANCE_MODULE_ADDRESS) throw new Error(`AllowanceModule: creation code would deploy at ${address}, canonical is ${ALLOWANCE_MODULE_ADDRESS}`);
  const { publicClient, send } = await connectDevnet(rpcUrl);
  let code = await publicClient.getCode({ address });
  let deployed = false;
  if (!code || code === '0x') {
    await ensureSingletonFactory(rpcUrl);
    await send(INFRA_ACCOUNT, { to: SINGLETON_FACTORY_ADDRESS, data: concat([zeroHash, bytecode]), gas: 8_000_000n }, 'deploying AllowanceModule');
    code = await publicClient.getCode({ address });
    deployed = true;
  }
  if (!code || code === '0x') throw new Error(`AllowanceModule: no code at ${address} after deployment`);
  const actual = keccak256(code);
  if (actual !== runtimeCodeHash) throw new Error(`AllowanceModule: code hash ${actual} at ${address} differs from the compiled ${runtimeCodeHash}`);
  return { address, deployed };
}
