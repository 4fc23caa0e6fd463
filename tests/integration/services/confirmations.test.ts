/**
 * Confirmations verified on the devnet (real anvil, real Safe 1.4.1 contracts, the local gateway): an on-chain
 * approveHash counts and a forged v = 1 does not; a Safe owned by another Safe confirms with a contract
 * signature that the owner Safe accepts through EIP-1271 (CompatibilityFallbackHandler), and executing with
 * exactly the counted confirmations succeeds; a tampered contract signature is rejected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concat, encodeAbiParameters, getAddress, encodeFunctionData, keccak256, pad, parseAbi, parseEther, parseEventLogs, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startDevnet, type Devnet } from '../../../devnet/index.ts';
import { connectDevnet, createSafe, safeAbi as devnetSafeAbi, type DevnetClients } from '../../../devnet/chain/index.ts';
import { createChainClient, isValidSafeSignature, type ChainClient } from '../../../src/services/chain/index.ts';
import { createGatewayClient, type GatewayClient } from '../../../src/services/gateway/index.ts';
import {
  approvedHashSignature,
  buildSignatureBytes,
  countedConfirmations,
  domainHash,
  messageInnerHash,
  normalizeSafeTx,
  ownerSignatureOf,
  SAFE_MESSAGE_TYPEHASH,
  safeAbi,
  safeMessageHash,
  safeMessageTypedData,
  safeTxHash,
  safeTxTypedData,
  toProposeTransactionBody,
  verifyConfirmations,
  verifyMessageConfirmations,
  type ConfirmationCheck,
  type SafeContext,
  type SafeTx,
} from '../../../src/domain/safe/index.ts';

const CHAIN = '31337';
let devnet: Devnet;
let gateway: GatewayClient;
let client: ChainClient;
let clients: DevnetClients;

type Key = { address: Address; privateKey: Hex };
const signTyped = (key: Key, typed: ReturnType<typeof safeTxTypedData> | ReturnType<typeof safeMessageTypedData>): Promise<Hex> =>
  privateKeyToAccount(key.privateKey).signTypedData(typed as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0]);
/** A contract signature as the transaction service lists it: r = owner, s = 65, v = 0, then length and data. */
const listedContractSignature = (owner: Address, data: Hex): Hex =>
  concat([pad(owner, { size: 32 }), pad(toHex(65), { size: 32 }), '0x00', pad(toHex((data.length - 2) / 2), { size: 32 }), data]);
const execArgs = (tx: SafeTx, signatures: Hex) =>
  [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures] as const;

/** Sends execTransaction from `from` and returns whether the Safe reported ExecutionSuccess for this hash. */
async function execute(safe: Address, tx: SafeTx, signatures: Hex, from: Key, hash: Hex): Promise<boolean> {
  const receipt = await clients.send(from, { to: safe, data: encodeFunctionData({ abi: safeAbi, functionName: 'execTransaction', args: execArgs(tx, signatures) }), gas: 1_000_000n }, 'execTransaction');
  const events = parseEventLogs({ abi: devnetSafeAbi, eventName: 'ExecutionSuccess', logs: receipt.logs.filter((l) => l.address.toLowerCase() === safe.toLowerCase()) });
  return events.some((e) => e.args.txHash === hash);
}

const verdicts = (checks: readonly ConfirmationCheck[]) => checks.map((c) => [c.signer, c.kind, c.status]);

beforeAll(async () => {
  devnet = await startDevnet();
  gateway = createGatewayClient({ baseUrl: devnet.gatewayUrl });
  client = createChainClient(await gateway.getChainConfig(CHAIN), { rpcUrl: devnet.rpcUrl });
  clients = await connectDevnet(devnet.rpcUrl);
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('approved hashes (v = 1) on the devnet', () => {
  it('an owner who called approveHash counts; a forged v = 1 for an owner who did not is invalid, not counted, and would revert', async () => {
    const team = devnet.safes[0]!;
    const [owner0, owner1, owner2] = devnet.owners as [Key, Key, Key, Key];
    const stranger = devnet.owners[3]!;
    const info = await gateway.getSafeInfo(CHAIN, team.address);
    const ctx: SafeContext = { chainId: 31337, safeAddress: team.address, version: info.version ?? '1.4.1' };
    await clients.send(stranger, { to: team.address, value: parseEther('1') }, 'funding the team Safe');
    // The next nonce to execute (the demo queue already holds proposals at it and after it).
    const nonce = await client.readContract({ address: team.address, abi: safeAbi, functionName: 'nonce' });
    const tx = normalizeSafeTx({ to: stranger.address, value: parseEther('0.25'), nonce });
    const hash = safeTxHash(ctx, tx);

    // Owner 0 proposes with an EIP-712 signature; owner 1 approves the hash on chain, and the gateway lists it.
    await gateway.proposeTransaction(CHAIN, team.address, toProposeTransactionBody(ctx, tx, { sender: owner0.address, signature: await signTyped(owner0, safeTxTypedData(ctx, tx)) }));
    await clients.send(owner1, { to: team.address, data: encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [hash] }) }, 'approveHash');
    const details = await gateway.confirmTransaction(CHAIN, hash, approvedHashSignature(owner1.address));
    const exec = details.detailedExecutionInfo;
    if (exec?.type !== 'MULTISIG') throw new Error('expected MULTISIG execution info');
    const listed = exec.confirmations.map((c) => ({ signer: c.signer.value, signature: c.signature }));
    expect(listed).toHaveLength(2);

    // A tampering gateway adds a v = 1 "confirmation" of owner 2, who approved nothing.
    const forged = { signer: owner2.address, signature: approvedHashSignature(owner2.address) };
    const owners = [...team.owners];
    const checks = await verifyConfirmations({ chain: client, safe: { chainId: CHAIN, address: team.address, version: ctx.version, owners }, safeTxHash: hash, tx, confirmations: [...listed, forged] });
    expect(verdicts(checks)).toEqual([
      [owner0.address, 'ecdsa', 'valid'],
      [owner1.address, 'approvedHash', 'valid'],
      [owner2.address, 'approvedHash', 'invalid'],
    ]);
    expect(checks[2]!.detail).toBe(`Not approved on chain: ${owner2.address} has not called approveHash for this transaction; it counts only if ${owner2.address} executes the transaction.`);
    const counted = countedConfirmations(checks, owners);
    expect(counted.map((c) => c.signer)).toEqual([owner0.address, owner1.address]);

    // What F9 prevents: the forged confirmation in place of a real one makes execTransaction revert (GS025).
    const withForged = buildSignatureBytes([checks[0]!, checks[2]!].map(ownerSignatureOf));
    await expect(client.simulateContract({ address: team.address, abi: safeAbi, functionName: 'execTransaction', args: execArgs(tx, withForged), account: stranger.address })).rejects.toThrow(/GS025/);

    // Exactly the counted confirmations, sent by a non-owner: the Safe executes it.
    const before = await client.getBalance({ address: stranger.address, blockTag: 'latest' });
    expect(await execute(team.address, tx, buildSignatureBytes(counted.map(ownerSignatureOf)), stranger, hash)).toBe(true);
    expect((await client.getBalance({ address: stranger.address, blockTag: 'latest' })) > before).toBe(true);
  });
});

describe('a Safe owned by another Safe (EIP-1271 through the CompatibilityFallbackHandler)', () => {
  let inner: Address;
  let outer: Address;
  let innerCtx: SafeContext;
  let outerCtx: SafeContext;
  let owners: Address[];

  beforeAll(async () => {
    const [owner0, , owner2] = devnet.owners as [Key, Key, Key, Key];
    inner = await createSafe(devnet.rpcUrl, { owners: [owner2.address], threshold: 1, saltNonce: 1271n });
    outer = await createSafe(devnet.rpcUrl, { owners: [owner0.address, inner], threshold: 2, saltNonce: 1272n });
    innerCtx = { chainId: 31337, safeAddress: inner, version: '1.4.1' };
    outerCtx = { chainId: 31337, safeAddress: outer, version: '1.4.1' };
    owners = [owner0.address, inner];
    await clients.send(devnet.owners[3]!, { to: outer, value: parseEther('1') }, 'funding the outer Safe');
  });

  it('the inner Safe’s contract signature is valid; executing with exactly the counted confirmations succeeds; a tampered one is invalid', async () => {
    const [owner0, , owner2] = devnet.owners as [Key, Key, Key, Key];
    const stranger = devnet.owners[3]!;
    const tx = normalizeSafeTx({ to: stranger.address, value: parseEther('0.1'), nonce: 0n });
    const hash = safeTxHash(outerCtx, tx);
    // What the outer Safe 1.4.1 hands its owner contract: its own encodeTransactionData (the EIP-712 pre-image).
    const preimage = await client.readContract({
      address: outer,
      abi: parseAbi(['function encodeTransactionData(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes)']),
      functionName: 'encodeTransactionData',
      args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, tx.nonce],
    });
    expect(keccak256(preimage)).toBe(hash);
    // The inner Safe's owner signs a SafeMessage of the inner Safe over those bytes; that is the contract signature's data.
    const innerSignature = await signTyped(owner2, safeMessageTypedData(innerCtx, preimage));
    const contract = listedContractSignature(inner, innerSignature);
    const tampered = listedContractSignature(inner, `${innerSignature.slice(0, 40)}${innerSignature[40] === 'a' ? 'b' : 'a'}${innerSignature.slice(41)}` as Hex);
    // Signed the way a bytes32-form checker would expect (SafeMessage over the 32-byte hash): not what a 1.4.1 Safe asks.
    const overHash = listedContractSignature(inner, await signTyped(owner2, safeMessageTypedData(innerCtx, hash)));
    const listed = [
      { signer: owner0.address, signature: await signTyped(owner0, safeTxTypedData(outerCtx, tx)) },
      { signer: inner, signature: tampered },
      { signer: inner, signature: contract },
    ];
    const outerSafe = { chainId: CHAIN, address: outer, version: '1.4.1', owners };
    const checks = await verifyConfirmations({ chain: client, safe: outerSafe, safeTxHash: hash, tx, confirmations: listed });
    expect(verdicts(checks)).toEqual([
      [owner0.address, 'ecdsa', 'valid'],
      [inner, 'contract', 'invalid'],
      [inner, 'contract', 'valid'],
    ]);
    expect(checks[1]!.detail).toBe(`Not accepted: the owner contract ${inner} rejects this signature (EIP-1271).`);
    expect(checks[2]!.detail).toBe(`The owner contract ${inner} accepts this signature (EIP-1271).`);
    expect(verdicts(await verifyConfirmations({ chain: client, safe: outerSafe, safeTxHash: hash, tx, confirmations: [{ signer: inner, signature: overHash }] }))).toEqual([
      [inner, 'contract', 'invalid'],
    ]);

    // No RPC: the contract signature is unverifiable (and the ECDSA one still checks).
    const offline = createChainClient(await gateway.getChainConfig(CHAIN), { rpcUrl: 'http://127.0.0.1:9' });
    const unreachable = await verifyConfirmations({ chain: offline, safe: outerSafe, safeTxHash: hash, tx, confirmations: [listed[0]!, listed[2]!] });
    expect(unreachable.map((c) => c.status)).toEqual(['valid', 'unverifiable']);

    const counted = countedConfirmations(checks, owners);
    expect(counted).toEqual([checks[0], checks[2]]);
    const before = await client.getBalance({ address: stranger.address, blockTag: 'latest' });
    expect(await execute(outer, tx, buildSignatureBytes(counted.map(ownerSignatureOf)), stranger, hash)).toBe(true);
    expect(await client.getBalance({ address: stranger.address, blockTag: 'latest' })).toBeGreaterThan(before);
  });

  it('a message of the outer Safe: the contract signature over its SafeMessage pre-image is valid, and the Safe agrees (isValidSignature)', async () => {
    const [owner0, , owner2] = devnet.owners as [Key, Key, Key, Key];
    const text = 'Countersign: a message signed by a Safe owned by a Safe';
    const innerHash = messageInnerHash(text);
    const hash = safeMessageHash(outerCtx, text);
    const preimage = concat(['0x1901', domainHash(outerCtx), keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }], [SAFE_MESSAGE_TYPEHASH, keccak256(innerHash)]))]);
    expect(keccak256(preimage)).toBe(hash);
    const listed = [
      { signer: owner0.address, signature: await signTyped(owner0, safeMessageTypedData(outerCtx, innerHash)) },
      { signer: inner, signature: listedContractSignature(inner, await signTyped(owner2, safeMessageTypedData(innerCtx, preimage))) },
      { signer: inner, signature: listedContractSignature(inner, await signTyped(owner2, safeMessageTypedData(innerCtx, innerHash))) },
    ];
    const checks = await verifyMessageConfirmations({ chain: client, safe: { chainId: CHAIN, address: outer, version: '1.4.1', owners }, safeMessageHash: hash, message: innerHash, confirmations: listed });
    expect(verdicts(checks)).toEqual([
      [owner0.address, 'ecdsa', 'valid'],
      [inner, 'contract', 'valid'],
      [inner, 'contract', 'invalid'],
    ]);
    const counted = countedConfirmations(checks, owners);
    expect(await isValidSafeSignature(client, outer, innerHash, buildSignatureBytes(counted.map(ownerSignatureOf)))).toBe(true);
    expect(await isValidSafeSignature(client, outer, innerHash, buildSignatureBytes([checks[0]!, checks[2]!].map(ownerSignatureOf)))).toBe(false);
  });
});

describe('a parent Safe approves its child’s transaction on chain (nested Safes, approveHash)', () => {
  it('the parent’s own transaction calls approveHash; the gateway lists it as the parent’s confirmation unasked (as the Transaction Service does), it verifies on chain, and the child executes with it', async () => {
    const [, owner1, , owner3] = devnet.owners as [Key, Key, Key, Key];
    const parent = await createSafe(devnet.rpcUrl, { owners: [owner3.address], threshold: 1, saltNonce: 2101n });
    const child = await createSafe(devnet.rpcUrl, { owners: [parent, owner1.address], threshold: 2, saltNonce: 2102n });
    await clients.send(owner3, { to: child, value: parseEther('1') }, 'funding the child Safe');
    const childCtx: SafeContext = { chainId: 31337, safeAddress: child, version: '1.4.1' };
    const parentCtx: SafeContext = { chainId: 31337, safeAddress: parent, version: '1.4.1' };

    // Owner 1 proposes the child's transaction with its signature: 1 of 2.
    const recipient = getAddress('0x00000000000000000000000000000000000a11ce');
    const tx = normalizeSafeTx({ to: recipient, value: parseEther('0.1'), nonce: 0n });
    const hash = safeTxHash(childCtx, tx);
    await gateway.proposeTransaction(CHAIN, child, toProposeTransactionBody(childCtx, tx, { sender: owner1.address, signature: await signTyped(owner1, safeTxTypedData(childCtx, tx)) }));

    // The parent (1 of 1) executes approveHash(hash) on the child through its own SafeTx, signed by owner 3.
    const outer = normalizeSafeTx({ to: child, data: encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [hash] }), nonce: 0n });
    const outerHash = safeTxHash(parentCtx, outer);
    expect(await execute(parent, outer, await signTyped(owner3, safeTxTypedData(parentCtx, outer)), owner3, outerHash)).toBe(true);

    // Nobody posted anything: the gateway's details of the child's transaction list the parent's approval (v = 1).
    const details = await gateway.getTransactionDetails(CHAIN, hash);
    const exec = details.detailedExecutionInfo;
    if (exec?.type !== 'MULTISIG') throw new Error('expected MULTISIG execution info');
    const listed = exec.confirmations.map((c) => ({ signer: c.signer.value, signature: c.signature }));
    expect(listed).toEqual(expect.arrayContaining([{ signer: parent, signature: approvedHashSignature(parent) }]));
    expect(listed).toHaveLength(2);

    const checks = await verifyConfirmations({ chain: client, safe: { chainId: CHAIN, address: child, version: '1.4.1', owners: [parent, owner1.address] }, safeTxHash: hash, tx, confirmations: listed });
    expect(checks.every((c) => c.status === 'valid')).toBe(true);
    const counted = countedConfirmations(checks, [parent, owner1.address]);
    expect(counted).toHaveLength(2);
    expect(await execute(child, tx, buildSignatureBytes(counted.map(ownerSignatureOf)), owner1, hash)).toBe(true);
    expect(await client.getBalance({ address: recipient, blockTag: 'latest' })).toBe(parseEther('0.1'));
  });

  it('an owner’s approval of the hash on another Safe is not listed as a confirmation of this one', async () => {
    // The hash names its Safe; an approval recorded in another Safe's approvedHashes counts nowhere here.
    const [, owner1, , owner3] = devnet.owners as [Key, Key, Key, Key];
    const child = await createSafe(devnet.rpcUrl, { owners: [owner3.address, owner1.address], threshold: 2, saltNonce: 2103n });
    const other = await createSafe(devnet.rpcUrl, { owners: [owner3.address], threshold: 1, saltNonce: 2104n });
    const childCtx: SafeContext = { chainId: 31337, safeAddress: child, version: '1.4.1' };
    const tx = normalizeSafeTx({ to: owner3.address, value: 1n, nonce: 0n });
    const hash = safeTxHash(childCtx, tx);
    await gateway.proposeTransaction(CHAIN, child, toProposeTransactionBody(childCtx, tx, { sender: owner1.address, signature: await signTyped(owner1, safeTxTypedData(childCtx, tx)) }));
    await clients.send(owner3, { to: other, data: encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [hash] }) }, 'approveHash on the other Safe');
    const details = await gateway.getTransactionDetails(CHAIN, hash);
    const exec = details.detailedExecutionInfo;
    if (exec?.type !== 'MULTISIG') throw new Error('expected MULTISIG execution info');
    expect(exec.confirmations.map((c) => c.signer.value)).toEqual([owner1.address]);
    // The same owner approving on the child itself is listed.
    await clients.send(owner3, { to: child, data: encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [hash] }) }, 'approveHash on the child');
    // A new client: ours keeps what it read for a while.
    const again = (await createGatewayClient({ baseUrl: devnet.gatewayUrl }).getTransactionDetails(CHAIN, hash)).detailedExecutionInfo;
    if (again?.type !== 'MULTISIG') throw new Error('expected MULTISIG execution info');
    expect(again.confirmations.map((c) => c.signer.value).sort()).toEqual([owner1.address, owner3.address].sort());
  });
});
