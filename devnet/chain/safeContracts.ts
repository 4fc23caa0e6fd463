/**
 * Deploys the Safe singleton factory and the nine Safe 1.4.1 contracts at their canonical addresses, the way
 * they were deployed on real networks: the factory from its presigned EIP-155 transaction
 * (@safe-global/safe-singleton-factory), then each contract through the factory with CREATE2 and salt 0.
 * Every deployed code hash is checked against the `codeHash` published in @safe-global/safe-deployments.
 * Idempotent: contracts already present (e.g. a chain loaded from a state file) are only verified.
 */
import {
  concat,
  createTestClient,
  getContractAddress,
  http,
  keccak256,
  parseEther,
  zeroHash,
  type Address,
  type Hex,
} from 'viem';
import {
  getCompatibilityFallbackHandlerDeployment,
  getCreateCallDeployment,
  getMultiSendCallOnlyDeployment,
  getMultiSendDeployment,
  getProxyFactoryDeployment,
  getSafeL2SingletonDeployment,
  getSafeSingletonDeployment,
  getSignMessageLibDeployment,
  getSimulateTxAccessorDeployment,
  type SingletonDeployment,
} from '@safe-global/safe-deployments';
import { INFRA_ACCOUNT } from './accounts.ts';
import { safeArtifact, singletonFactoryDeployment, type SafeContractName } from './artifacts.ts';
import { connectDevnet, waitForSuccess } from './clients.ts';

/** The Safe singleton factory (same address on every EVM chain). */
export const SINGLETON_FACTORY_ADDRESS: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7';
/** Runtime code of the singleton factory (used only on chains the factory package has no presigned tx for). */
const SINGLETON_FACTORY_RUNTIME: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

/** Canonical Safe 1.4.1 addresses (identical on every chain deployed through the singleton factory). */
export const SAFE_141 = {
  safe: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  signMessageLib: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9',
  createCall: '0x9b35Af71d77eaf8d7e40252370304687390A1A52',
  simulateTxAccessor: '0x3d4BA2E0884aa488718476ca2FB8Efc291A46199',
} as const satisfies Record<SafeContractName, Address>;

export type SafeContracts = { readonly [K in SafeContractName]: Address };

export const SAFE_VERSION = '1.4.1';

const DEPLOYMENT_LOOKUP: Record<SafeContractName, (f: { version: string }) => SingletonDeployment | undefined> = {
  safe: getSafeSingletonDeployment,
  safeL2: getSafeL2SingletonDeployment,
  safeProxyFactory: getProxyFactoryDeployment,
  compatibilityFallbackHandler: getCompatibilityFallbackHandlerDeployment,
  multiSend: getMultiSendDeployment,
  multiSendCallOnly: getMultiSendCallOnlyDeployment,
  signMessageLib: getSignMessageLibDeployment,
  createCall: getCreateCallDeployment,
  simulateTxAccessor: getSimulateTxAccessorDeployment,
};

/** Canonical address and runtime code hash of a Safe 1.4.1 contract, as published in safe-deployments. */
export function canonicalDeployment(name: SafeContractName): { address: Address; codeHash: Hex } {
  const d = DEPLOYMENT_LOOKUP[name]({ version: SAFE_VERSION });
  const canonical = d?.deployments.canonical;
  if (!canonical) throw new Error(`safe-deployments has no canonical ${SAFE_VERSION} deployment for ${name}`);
  return { address: canonical.address as Address, codeHash: canonical.codeHash as Hex };
}

export const SAFE_CONTRACT_NAMES = Object.keys(SAFE_141) as SafeContractName[];

/** CREATE2 address of `initCode` deployed through the singleton factory with salt 0. */
export function singletonFactoryAddressOf(initCode: Hex, salt: Hex = zeroHash): Address {
  return getContractAddress({ opcode: 'CREATE2', from: SINGLETON_FACTORY_ADDRESS, salt, bytecode: initCode });
}

export interface DeploySafeContractsResult {
  readonly contracts: SafeContracts;
  /** Names of contracts deployed by this call (empty when everything was already there). */
  readonly deployed: SafeContractName[];
}

/** Deploys the Safe singleton factory unless it is there (from its presigned transaction, or its code where there is none). */
export async function ensureSingletonFactory(rpcUrl: string): Promise<void> {
  const { publicClient, send } = await connectDevnet(rpcUrl);
  const code = await publicClient.getCode({ address: SINGLETON_FACTORY_ADDRESS });
  if (code && code !== '0x') return;
  const deployment = singletonFactoryDeployment(publicClient.chain.id);
  if (!deployment) {
    // No presigned transaction for this chain id: place the (immutable-free) runtime code directly.
    await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setCode({ address: SINGLETON_FACTORY_ADDRESS, bytecode: SINGLETON_FACTORY_RUNTIME });
    return;
  }
  const cost = deployment.gasPrice * deployment.gasLimit;
  const balance = await publicClient.getBalance({ address: deployment.signerAddress });
  if (balance < cost) await send(INFRA_ACCOUNT, { to: deployment.signerAddress, value: cost - balance }, 'funding the factory signer');
  const hash = await publicClient.sendRawTransaction({ serializedTransaction: deployment.transaction });
  await waitForSuccess(publicClient, hash, 'singleton factory deployment');
}

/**
 * Deploys (or verifies) the singleton factory and the nine Safe 1.4.1 contracts. Throws if any contract ends
 * up at a non-canonical address or with a code hash different from safe-deployments'.
 */
export async function deploySafeContracts(rpcUrl: string): Promise<DeploySafeContractsResult> {
  await ensureSingletonFactory(rpcUrl);
  const { publicClient, send } = await connectDevnet(rpcUrl);
  const deployed: SafeContractName[] = [];
  for (const name of SAFE_CONTRACT_NAMES) {
    const { address, codeHash } = canonicalDeployment(name);
    const initCode = safeArtifact(name).bytecode;
    const predicted = singletonFactoryAddressOf(initCode);
    if (predicted !== address || address !== SAFE_141[name]) {
      throw new Error(`${name}: artifact would deploy at ${predicted}, canonical is ${address}`);
    }
    let code = await publicClient.getCode({ address });
    if (!code || code === '0x') {
      await send(INFRA_ACCOUNT, { to: SINGLETON_FACTORY_ADDRESS, data: concat([zeroHash, initCode]), gas: 8_000_000n }, `deploying ${name}`);
      code = await publicClient.getCode({ address });
      deployed.push(name);
    }
    if (!code || code === '0x') throw new Error(`${name}: no code at ${address} after deployment`);
    const actual = keccak256(code);
    if (actual !== codeHash) throw new Error(`${name}: code hash ${actual} differs from safe-deployments ${codeHash}`);
  }
  return { contracts: { ...SAFE_141 }, deployed };
}

/** ETH every devnet account starts with on anvil, for reference in tests and docs. */
export const ANVIL_DEFAULT_BALANCE = parseEther('10000');
