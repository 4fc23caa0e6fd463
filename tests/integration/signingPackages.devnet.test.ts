// Signing packages (decision 0055) against the devnet, with the gateway unreachable: the transaction flows' gateway
// calls are answered by the packages kept in this browser (IndexedDB: fake-indexeddb here) and the chain. A proposal
// is kept as a package; the queue, the nonces and the details read it back with the chain's owners and threshold; the
// package is shared, refused when changed by hand, and imported into another browser's store, which then holds both
// signatures; once executed on chain, its details say SUCCESS with the transaction hash from the Safe's events.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from 'viem';
import { buildSafeTx, connectDevnet, joinSignatures, safeAbi, safeTxHash, signSafeTx, type SafeTx } from '../../devnet/chain/index.ts';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import type { TransactionItem } from '../../src/domain/gateway/types.ts';
import { SIGNING_PACKAGE_TEXTS } from '../../src/domain/safe/signingPackage.ts';
import { createChainClientRegistry } from '../../src/services/chain/client.ts';
import { createGatewayClient } from '../../src/services/gateway/client.ts';
import { Runtime } from '../../src/services/runtime.ts';
import { localChains } from '../../src/services/rpcOnly/chains.ts';
import { createSigningPackagesPort, parseImportText } from '../../src/services/signingPackages/port.ts';
import { openPackageStore } from '../../src/services/signingPackages/store.ts';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
});
afterAll(async () => {
  await devnet?.stop();
});

const config = () => ({ rpcOverrides: {}, devnet: { chainId: devnet.chainId, rpcUrl: devnet.rpcUrl, accounts: [] } });
const chainClient = () => createChainClientRegistry().get(localChains(config())[0]!);
const CHAIN = () => String(devnet.chainId);

/** A runtime whose gateway cannot be reached; its session gateway reads the team Safe from the chain. */
async function chainReadRuntime(safe: Address): Promise<Runtime> {
  const runtime = new Runtime();
  runtime.configure({ gatewayUrl: 'http://127.0.0.1:9', ...config() });
  const info = await runtime.sessionGateway.getSafeInfo(CHAIN(), safe);
  expect(info).toMatchObject({ readFromChain: 'The gateway cannot be reached.' });
  return runtime;
}

const txs = (items: TransactionItem[]) => items.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : []));

function proposeBody(tx: SafeTx, safeTxHash: Hex, sender: Address, signature: Hex) {
  return {
    to: tx.to,
    value: tx.value.toString(),
    data: tx.data === '0x' ? null : tx.data,
    nonce: tx.nonce.toString(),
    operation: tx.operation,
    safeTxGas: tx.safeTxGas.toString(),
    baseGas: tx.baseGas.toString(),
    gasPrice: tx.gasPrice.toString(),
    gasToken: tx.gasToken,
    refundReceiver: null,
    safeTxHash,
    sender,
    signature,
    origin: null,
  };
}

describe('signing packages with the gateway unreachable', () => {
  it('keeps a proposal, lists it, shares it, refuses a changed copy, and imports it elsewhere; after execution it reads SUCCESS', async () => {
    const team = devnet.safes[0]!;
    const [a, b] = [devnet.owners[0]!, devnet.owners[1]!];
    const runtime = await chainReadRuntime(team.address);
    const gateway = runtime.sessionGateway;
    const chain = await connectDevnet(devnet.rpcUrl);
    const nonce = await chain.publicClient.readContract({ address: team.address, abi: safeAbi, functionName: 'nonce' });
    const recipient = devnet.owners[3]!.address;
    const tx = buildSafeTx({ to: devnet.tokens.usd.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 2_000_000n] }), nonce });
    const hash = safeTxHash(devnet.chainId, team.address, tx);

    // Not offered without a gateway: the decoder and the relay.
    await expect(gateway.getDecodedData(CHAIN(), { data: tx.data, to: tx.to })).rejects.toMatchObject({ status: 404 });
    await expect(gateway.getRelayCount(CHAIN(), team.address)).rejects.toThrow(/needs the gateway/);

    // A's proposal is kept as a package.
    const proposed = await gateway.proposeTransaction(CHAIN(), team.address, proposeBody(tx, hash, a.address, await signSafeTx(devnet.chainId, team.address, tx, a.privateKey)));
    expect(proposed).toMatchObject({ txStatus: 'AWAITING_CONFIRMATIONS', detailedExecutionInfo: { type: 'MULTISIG', nonce: Number(nonce), safeTxHash: hash, confirmationsRequired: 2 } });
    const queue = await gateway.getTransactionQueue(CHAIN(), team.address);
    expect(queue.results[0]).toEqual({ type: 'LABEL', label: 'Next' });
    expect(txs(queue.results)).toEqual([
      expect.objectContaining({
        id: `multisig_${getAddress(team.address)}_${hash}`,
        txStatus: 'AWAITING_CONFIRMATIONS',
        executionInfo: expect.objectContaining({ nonce: Number(nonce), confirmationsRequired: 2, confirmationsSubmitted: 1 }),
        txInfo: expect.objectContaining({ type: 'Transfer', recipient: expect.objectContaining({ value: recipient }), transferInfo: expect.objectContaining({ type: 'ERC20', value: '2000000', tokenSymbol: devnet.tokens.usd.symbol }) }),
      }),
    ]);
    expect(await gateway.getNonces(CHAIN(), team.address)).toEqual({ currentNonce: Number(nonce), recommendedNonce: Number(nonce) + 1 });

    // Shared from A's browser; a copy with the amount changed is refused; B's browser keeps the real one.
    const portA = createSigningPackagesPort({ chainClient: runtime.chainClient, gateway: createGatewayClient({ baseUrl: devnet.gatewayUrl }), onChanged: () => {} });
    const shared = await portA.share(CHAIN(), team.address, hash);
    expect(shared).toMatchObject({ signatures: 1, fileName: expect.stringMatching(new RegExp(`-nonce-${nonce}-`)) });
    expect(parseImportText(`https://app.example/transactions/queue?safe=x#${shared!.fragment}`)).toMatchObject({ ok: true, pkg: { hashes: { safeTxHash: hash } } });
    let changed = 0;
    const portB = createSigningPackagesPort({ chainClient: runtime.chainClient, gateway: createGatewayClient({ baseUrl: devnet.gatewayUrl }), onChanged: () => (changed += 1), store: () => openPackageStore({ name: 'browser-b' }) });
    const tampered = shared!.text.replace('"value": "0"', '"value": "1"');
    expect(tampered).not.toBe(shared!.text);
    const refused = await portB.importText(CHAIN(), team.address, tampered);
    expect(refused).toMatchObject({ status: 'refused', reason: expect.stringMatching(new RegExp(`^${SIGNING_PACKAGE_TEXTS.safeTxHash(hash, '0x').slice(0, -4).replace(/[()]/g, '\\$&')}`)) });
    expect(changed).toBe(0);
    expect(await portB.share(CHAIN(), team.address, hash)).toBeNull();
    expect(await portB.importText(CHAIN(), team.address, shared!.text)).toEqual({ status: 'added', safeTxHash: hash, nonce: nonce.toString(), signers: [a.address], added: 1, missing: 1 });
    expect(await portB.importText(CHAIN(), team.address, shared!.text)).toMatchObject({ status: 'added', added: 0 });
    expect(changed).toBe(2);
    expect(await portB.importText(CHAIN(), team.address, 'not a package')).toEqual({ status: 'refused', reason: 'This is neither a signing package file nor a link to one.' });

    // B signs in A's browser too (as the confirm flow proposes): two signatures, ready to execute.
    const signatureB = await signSafeTx(devnet.chainId, team.address, tx, b.privateKey);
    const confirmed = await gateway.proposeTransaction(CHAIN(), team.address, proposeBody(tx, hash, b.address, signatureB));
    expect(confirmed).toMatchObject({ txStatus: 'AWAITING_EXECUTION' });
    expect(confirmed.detailedExecutionInfo?.type === 'MULTISIG' && confirmed.detailedExecutionInfo.confirmations.map((c) => c.signer.value)).toEqual([a.address, b.address]);

    // Executed on chain: the queue is empty, the details read SUCCESS with the hash from the Safe's events.
    const signatures = joinSignatures([
      { signer: a.address, signature: await signSafeTx(devnet.chainId, team.address, tx, a.privateKey) },
      { signer: b.address, signature: signatureB },
    ]);
    const txHash = await chain.wallet(a.privateKey).writeContract({
      address: team.address,
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: txHash });
    expect(txs((await gateway.getTransactionQueue(CHAIN(), team.address)).results)).toEqual([]);
    expect(await gateway.getTransactionDetails(CHAIN(), hash)).toMatchObject({ txStatus: 'SUCCESS', txHash });
    // The package kept in B's browser is now stale: importing it again is refused on its nonce.
    expect(await portB.importText(CHAIN(), team.address, shared!.text)).toEqual({ status: 'refused', reason: SIGNING_PACKAGE_TEXTS.nonceUsed(nonce.toString(), Number(nonce) + 1) });
    expect(await chainClient().readContract({ address: devnet.tokens.usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })).toBeGreaterThanOrEqual(2_000_000n);
  }, 120_000);
  it('proposes a kept package to the gateway when it answers again: first signature proposes, the next confirms', async () => {
    const team = devnet.safes[0]!;
    const [a, b] = [devnet.owners[0]!, devnet.owners[1]!];
    const runtime = await chainReadRuntime(team.address);
    const chain = await connectDevnet(devnet.rpcUrl);
    const nonce = await chain.publicClient.readContract({ address: team.address, abi: safeAbi, functionName: 'nonce' });
    const tx = buildSafeTx({ to: devnet.owners[3]!.address, value: 7n, nonce: nonce + 5n });
    const hash = safeTxHash(devnet.chainId, team.address, tx);
    for (const owner of [a, b]) {
      await runtime.sessionGateway.proposeTransaction(CHAIN(), team.address, proposeBody(tx, hash, owner.address, await signSafeTx(devnet.chainId, team.address, tx, owner.privateKey)));
    }
    let changed = 0;
    const gateway = createGatewayClient({ baseUrl: devnet.gatewayUrl });
    const port = createSigningPackagesPort({ chainClient: runtime.chainClient, gateway, onChanged: () => (changed += 1) });
    expect(await port.list(CHAIN(), team.address)).toContainEqual({ safeTxHash: hash, nonce: (nonce + 5n).toString(), signatures: 2 });
    await expect(gateway.getTransactionDetails(CHAIN(), hash)).rejects.toMatchObject({ status: 404 });

    expect(await port.propose(CHAIN(), team.address, hash)).toEqual({ status: 'proposed', signatures: 2 });
    const details = await createGatewayClient({ baseUrl: devnet.gatewayUrl }).getTransactionDetails(CHAIN(), hash);
    expect(details.detailedExecutionInfo?.type === 'MULTISIG' && details.detailedExecutionInfo.confirmations.map((c) => c.signer.value).sort()).toEqual([a.address, b.address].sort());
    expect(await port.list(CHAIN(), team.address)).not.toContainEqual(expect.objectContaining({ safeTxHash: hash }));
    expect(changed).toBe(1);
    expect(await port.propose(CHAIN(), team.address, hash)).toEqual({ status: 'failed', reason: 'This browser no longer keeps this package.' });
  }, 120_000);
});
