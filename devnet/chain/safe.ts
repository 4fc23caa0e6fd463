/**
 * Safe 1.4.1 helpers for the devnet: create a Safe proxy through the canonical SafeProxyFactory
 * (`createProxyWithNonce`, address taken from the ProxyCreation event), predict that address with CREATE2,
 * build the EIP-712 SafeTx / SafeMessage typed data, sign them with local keys, and execute a transaction with
 * signatures sorted by owner address (the Safe rejects an unsorted set with GS026).
 */
import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  hashMessage,
  hashTypedData,
  keccak256,
  parseEventLogs,
  zeroAddress,
  type Address,
  type Hash,
  type Hex,
  type TransactionReceipt,
  type TypedDataDefinition,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { safeAbi, safeProxyFactoryAbi } from './abis.ts';
import { INFRA_ACCOUNT } from './accounts.ts';
import { connectDevnet, type DevnetPublicClient } from './clients.ts';
import { SAFE_141 } from './safeContracts.ts';

function keyHolder(privateKey: Hex | undefined): { address: Address; privateKey: Hex } | undefined {
  return privateKey ? { address: privateKeyToAccount(privateKey).address, privateKey } : undefined;
}

export interface CreateSafeOptions {
  owners: readonly Address[];
  threshold: number;
  saltNonce: bigint;
  /** Mastercopy; SafeL2 by default (it emits the events the local gateway indexes). */
  singleton?: Address;
  /** Fallback handler; the canonical CompatibilityFallbackHandler by default. */
  fallbackHandler?: Address;
  /** Private key of the account that pays for the creation (INFRA_ACCOUNT by default). */
  senderPrivateKey?: Hex;
}

export function safeSetupData(opts: Pick<CreateSafeOptions, 'owners' | 'threshold' | 'fallbackHandler'>): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [[...opts.owners], BigInt(opts.threshold), zeroAddress, '0x', opts.fallbackHandler ?? SAFE_141.compatibilityFallbackHandler, zeroAddress, 0n, zeroAddress],
  });
}

/** Creation code of SafeProxy as returned by SafeProxyFactory.proxyCreationCode() (1.4.1). */
let proxyCreationCode: Hex | undefined;
async function getProxyCreationCode(publicClient: DevnetPublicClient): Promise<Hex> {
  proxyCreationCode ??= await publicClient.readContract({ address: SAFE_141.safeProxyFactory, abi: safeProxyFactoryAbi, functionName: 'proxyCreationCode' });
  return proxyCreationCode;
}

/** CREATE2 address the factory will give a Safe with these parameters (no transaction is sent). */
export async function predictSafeAddress(rpcUrl: string, opts: CreateSafeOptions): Promise<Address> {
  const { publicClient } = await connectDevnet(rpcUrl);
  const initializer = safeSetupData(opts);
  const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(initializer), opts.saltNonce]));
  const bytecode = concat([await getProxyCreationCode(publicClient), encodeAbiParameters([{ type: 'uint256' }], [BigInt(opts.singleton ?? SAFE_141.safeL2)])]);
  return getContractAddress({ opcode: 'CREATE2', from: SAFE_141.safeProxyFactory, salt, bytecode });
}

/** Deploys a Safe proxy and returns its address (from the ProxyCreation event). */
export async function createSafe(rpcUrl: string, opts: CreateSafeOptions): Promise<Address> {
  const { send } = await connectDevnet(rpcUrl);
  const data = encodeFunctionData({
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [opts.singleton ?? SAFE_141.safeL2, safeSetupData(opts), opts.saltNonce],
  });
  const receipt = await send(keyHolder(opts.senderPrivateKey) ?? INFRA_ACCOUNT, { to: SAFE_141.safeProxyFactory, data }, 'creating a Safe');
  const [created] = parseEventLogs({ abi: safeProxyFactoryAbi, eventName: 'ProxyCreation', logs: receipt.logs });
  if (!created) throw new Error('createProxyWithNonce: no ProxyCreation event');
  return created.args.proxy;
}

export const Operation = { Call: 0, DelegateCall: 1 } as const;
export type Operation = (typeof Operation)[keyof typeof Operation];

/** The ten SafeTx fields, all present (see protocol.md B.8.1). */
export interface SafeTx {
  to: Address;
  value: bigint;
  data: Hex;
  operation: Operation;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
}

/** A SafeTx with the usual defaults: no value, no data, CALL, no gas refund. */
export function buildSafeTx(tx: Pick<SafeTx, 'to' | 'nonce'> & Partial<SafeTx>): SafeTx {
  return {
    value: 0n,
    data: '0x',
    operation: Operation.Call,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    ...tx,
  };
}

export const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

export const SAFE_MESSAGE_TYPES = { SafeMessage: [{ name: 'message', type: 'bytes' }] } as const;

/** EIP-712 typed data of a SafeTx for a Safe >= 1.3.0 (domain: chainId + verifyingContract). */
export function safeTxTypedData(chainId: number, safe: Address, tx: SafeTx): TypedDataDefinition<typeof SAFE_TX_TYPES, 'SafeTx'> {
  return { domain: { chainId, verifyingContract: safe }, types: SAFE_TX_TYPES, primaryType: 'SafeTx', message: { ...tx, operation: tx.operation } };
}

export function safeTxHash(chainId: number, safe: Address, tx: SafeTx): Hash {
  return hashTypedData(safeTxTypedData(chainId, safe, tx));
}

/** 65-byte ECDSA signature (v = 27/28) of the SafeTx by a local key, via eth_signTypedData_v4 semantics. */
export async function signSafeTx(chainId: number, safe: Address, tx: SafeTx, privateKey: Hex): Promise<Hex> {
  return privateKeyToAccount(privateKey).signTypedData(safeTxTypedData(chainId, safe, tx));
}

/** The message a Safe owner signs for an off-chain (EIP-1271) Safe message: string (EIP-191) or typed data. */
export type SafeMessageContent = string | TypedDataDefinition;

/** Inner hash of a Safe message: EIP-191 for strings, EIP-712 for typed data. */
export function safeMessageInnerHash(message: SafeMessageContent): Hash {
  return typeof message === 'string' ? hashMessage(message) : hashTypedData(message);
}

export function safeMessageTypedData(chainId: number, safe: Address, message: SafeMessageContent): TypedDataDefinition<typeof SAFE_MESSAGE_TYPES, 'SafeMessage'> {
  return { domain: { chainId, verifyingContract: safe }, types: SAFE_MESSAGE_TYPES, primaryType: 'SafeMessage', message: { message: safeMessageInnerHash(message) } };
}

/** The SafeMessage hash (protocol.md B.8.2): equals CompatibilityFallbackHandler.getMessageHashForSafe. */
export function safeMessageHash(chainId: number, safe: Address, message: SafeMessageContent): Hash {
  return hashTypedData(safeMessageTypedData(chainId, safe, message));
}

export async function signSafeMessage(chainId: number, safe: Address, message: SafeMessageContent, privateKey: Hex): Promise<Hex> {
  return privateKeyToAccount(privateKey).signTypedData(safeMessageTypedData(chainId, safe, message));
}

export interface OwnerSignature {
  signer: Address;
  signature: Hex;
}

/** Concatenates owner signatures sorted ascending by owner address, as the Safe requires. */
export function joinSignatures(sigs: readonly OwnerSignature[]): Hex {
  const sorted = [...sigs].sort((a, b) => {
    const x = BigInt(a.signer);
    const y = BigInt(b.signer);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return sorted.length === 0 ? '0x' : concat(sorted.map((s) => s.signature));
}

/** Signs a SafeTx with each key and returns the sorted, concatenated signatures. */
export async function signSafeTxWithKeys(chainId: number, safe: Address, tx: SafeTx, privateKeys: readonly Hex[]): Promise<Hex> {
  const sigs = await Promise.all(
    privateKeys.map(async (pk) => ({ signer: privateKeyToAccount(pk).address, signature: await signSafeTx(chainId, safe, tx, pk) })),
  );
  return joinSignatures(sigs);
}

export async function getSafeNonce(rpcUrl: string, safe: Address): Promise<bigint> {
  const { publicClient } = await connectDevnet(rpcUrl);
  return publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
}

export interface ExecSafeTxOptions {
  /** Owners' private keys to sign with (at least the threshold). */
  signers: readonly Hex[];
  /** Key of the account that submits execTransaction (the first signer by default). */
  executorPrivateKey?: Hex;
}

/**
 * Signs `tx` with the given owner keys and submits execTransaction. Throws if the Ethereum transaction
 * reverts or the Safe reports ExecutionFailure.
 */
export async function execSafeTx(rpcUrl: string, safe: Address, tx: SafeTx, opts: ExecSafeTxOptions): Promise<{ receipt: TransactionReceipt; safeTxHash: Hash }> {
  const { send, chain } = await connectDevnet(rpcUrl);
  const executor = keyHolder(opts.executorPrivateKey ?? opts.signers[0]);
  if (!executor) throw new Error('execSafeTx: no signer');
  const signatures = await signSafeTxWithKeys(chain.id, safe, tx, opts.signers);
  const data = encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures],
  });
  const receipt = await send(executor, { to: safe, data }, 'execTransaction');
  const events = parseEventLogs({ abi: safeAbi, logs: receipt.logs.filter((l) => l.address.toLowerCase() === safe.toLowerCase()) });
  const txHash = safeTxHash(chain.id, safe, tx);
  if (events.some((e) => e.eventName === 'ExecutionFailure')) throw new Error(`Safe transaction ${txHash} failed (ExecutionFailure)`);
  if (!events.some((e) => e.eventName === 'ExecutionSuccess' && e.args.txHash === txHash)) throw new Error(`Safe transaction ${txHash}: no ExecutionSuccess`);
  return { receipt, safeTxHash: txHash };
}

/** Signs and executes the next transaction of `safe` (its current on-chain nonce). */
export async function execNextSafeTx(
  rpcUrl: string,
  safe: Address,
  tx: Omit<Parameters<typeof buildSafeTx>[0], 'nonce'>,
  opts: ExecSafeTxOptions,
): Promise<{ receipt: TransactionReceipt; safeTxHash: Hash; nonce: bigint }> {
  const nonce = await getSafeNonce(rpcUrl, safe);
  const result = await execSafeTx(rpcUrl, safe, buildSafeTx({ ...tx, nonce }), opts);
  return { ...result, nonce };
}

export interface SafeState {
  address: Address;
  owners: Address[];
  threshold: number;
  nonce: bigint;
  version: string;
}

export async function readSafe(rpcUrl: string, safe: Address): Promise<SafeState> {
  const { publicClient } = await connectDevnet(rpcUrl);
  const [owners, threshold, nonce, version] = await Promise.all([
    publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' }),
    publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold' }),
    publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' }),
    publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'VERSION' }),
  ]);
  return { address: safe, owners: [...owners], threshold: Number(threshold), nonce, version };
}
