/**
 * Creating a Safe the way Safe{Wallet} does (pay now, through the connected wallet): the SafeProxyFactory 1.4.1
 * deploys a proxy of the SafeL2 singleton with `createProxyWithNonce`, and the proxy is initialised with
 * `setup(owners, threshold, 0x0, 0x, CompatibilityFallbackHandler, 0x0, 0, 0x0)` in the same call.
 *
 * The address is predicted locally (CREATE2), never asked from a node or the gateway:
 *   salt     = keccak256(keccak256(initializer) ‖ uint256(saltNonce))
 *   initCode = proxyCreationCode ‖ uint256(uint160(singleton))
 *   address  = keccak256(0xff ‖ factory ‖ salt ‖ keccak256(initCode))[12:]
 */
import { concat, encodeAbiParameters, encodeFunctionData, getAddress, getContractAddress, keccak256, zeroAddress, type Address, type Hex } from 'viem';
import { safeProxyFactoryAbi, safeSetupAbi } from './abis.ts';
import { SAFE_141_CREATION } from './contracts.ts';

/**
 * Creation code of SafeProxy 1.4.1, what `SafeProxyFactory.proxyCreationCode()` returns (from
 * @safe-global/safe-contracts 1.4.1; a unit test compares it with the artifact, the devnet test with the
 * factory on chain).
 */
export const SAFE_PROXY_CREATION_CODE_141: Hex =
  '0x608060405234801561001057600080fd5b506040516101e63803806101e68339818101604052602081101561003357600080fd5b8101908080519060200190929190505050600073ffffffffffffffffffffffffffffffffffffffff168173ffffffffffffffffffffffffffffffffffffffff1614156100ca576040517f08c379a00000000000000000000000000000000000000000000000000000000081526004018080602001828103825260228152602001806101c46022913960400191505060405180910390fd5b806000806101000a81548173ffffffffffffffffffffffffffffffffffffffff021916908373ffffffffffffffffffffffffffffffffffffffff1602179055505060ab806101196000396000f3fe608060405273ffffffffffffffffffffffffffffffffffffffff600054167fa619486e0000000000000000000000000000000000000000000000000000000060003514156050578060005260206000f35b3660008037600080366000845af43d6000803e60008114156070573d6000fd5b3d6000f3fea264697066735822122003d1488ee65e08fa41e58e888a9865554c535f2c77126a82cb4c0f917f31441364736f6c63430007060033496e76616c69642073696e676c65746f6e20616464726573732070726f7669646564';

export interface NewSafeConfig {
  owners: readonly Address[];
  threshold: number;
  /** Decimal string (uint256). */
  saltNonce: string;
}

export interface SafeCreationContracts {
  proxyFactory: Address;
  singleton: Address;
  fallbackHandler: Address;
  proxyCreationCode: Hex;
}

/** Safe{Wallet}'s defaults: SafeL2 1.4.1 through the canonical factory, with the compatibility fallback handler. */
export const DEFAULT_SAFE_CREATION: SafeCreationContracts = {
  proxyFactory: SAFE_141_CREATION.proxyFactory,
  singleton: SAFE_141_CREATION.safeL2Singleton,
  fallbackHandler: SAFE_141_CREATION.fallbackHandler,
  proxyCreationCode: SAFE_PROXY_CREATION_CODE_141,
};

/** The `setup` call a new Safe is initialised with. */
export function safeSetupData(config: Pick<NewSafeConfig, 'owners' | 'threshold'>, contracts: SafeCreationContracts = DEFAULT_SAFE_CREATION): Hex {
  return encodeFunctionData({
    abi: safeSetupAbi,
    functionName: 'setup',
    args: [config.owners.map((o) => getAddress(o)), BigInt(config.threshold), zeroAddress, '0x', contracts.fallbackHandler, zeroAddress, 0n, zeroAddress],
  });
}

/** The CREATE2 address the factory will deploy this Safe at. */
export function predictSafeAddress(config: NewSafeConfig, contracts: SafeCreationContracts = DEFAULT_SAFE_CREATION): Address {
  const initializer = safeSetupData(config, contracts);
  const salt = keccak256(concat([keccak256(initializer), encodeAbiParameters([{ type: 'uint256' }], [BigInt(config.saltNonce)])]));
  const initCode = concat([contracts.proxyCreationCode, encodeAbiParameters([{ type: 'uint256' }], [BigInt(contracts.singleton)])]);
  return getContractAddress({ opcode: 'CREATE2', from: contracts.proxyFactory, salt, bytecode: initCode });
}

/** The transaction that deploys the Safe: `createProxyWithNonce(singleton, setup…, saltNonce)` to the factory. */
export function createProxyTransaction(config: NewSafeConfig, contracts: SafeCreationContracts = DEFAULT_SAFE_CREATION): { to: Address; data: Hex } {
  return {
    to: contracts.proxyFactory,
    data: encodeFunctionData({
      abi: safeProxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [contracts.singleton, safeSetupData(config, contracts), BigInt(config.saltNonce)],
    }),
  };
}
