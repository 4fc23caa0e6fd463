// RPC-only mode (decision 0054) against the devnet: with the gateway unreachable, the Safe session reads the demo
// 2-of-3 Safe from the chain — its info matches readSafeState, the balances (one deployless multicall) match the
// chain's own reads, and the history from its events shows the seeded executions (nonces 0–2) and incoming
// transfers, each execution's SafeTx hashed here to the hash its event carries. A 404 for an unknown Safe from a
// gateway that answers stays "not a Safe".
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { createPublicClient, erc20Abi, getAddress, http, parseEther, parseUnits, type Address } from 'viem';
import { DEVNET_ACCOUNTS, deployExtraErc20 } from '../../devnet/chain/index.ts';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import { safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import type { TransactionItem } from '../../src/domain/gateway/types.ts';
import { createChainClientRegistry } from '../../src/services/chain/client.ts';
import { readSafeState } from '../../src/services/chain/reads.ts';
import { createLocalDataEffects } from '../../src/services/localData.ts';
import { checkTxDetails } from '../../src/services/safeSession.hashes.ts';
import { Runtime } from '../../src/services/runtime.ts';
import { openLocalStore } from '../../src/services/storage/store.ts';
import { readBalancesFromChain } from '../../src/services/rpcOnly/balances.ts';
import { localChains } from '../../src/services/rpcOnly/chains.ts';
import { readHistoryPage } from '../../src/services/rpcOnly/history.ts';
import { provideSafeSessionServices } from '../../src/services/safeSession.ts';

let devnet: Devnet;
type Session = ActorRefFrom<typeof safeSessionMachine>;
const started: Session[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
});

afterAll(async () => {
  started.forEach((actor) => actor.stop());
  await devnet?.stop();
});

const config = () => ({ rpcOverrides: {}, devnet: { chainId: devnet.chainId, rpcUrl: devnet.rpcUrl, accounts: [] } });

/** A session whose gateway is `gatewayUrl` (a closed port: unreachable), read through the runtime's session gateway. */
function open(address: string, gatewayUrl = 'http://127.0.0.1:9'): Session {
  const runtime = new Runtime();
  runtime.configure({ gatewayUrl, ...config() });
  const actor = createActor(provideSafeSessionServices(safeSessionMachine, runtime.sessionGateway), { input: { safe: { shortName: 'devnet', address } } });
  started.push(actor);
  return actor.start();
}

const chainClient = () => createChainClientRegistry().get(localChains(config())[0]!);
const txs = (items: TransactionItem[]) => items.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : []));

describe('RPC-only mode on the devnet', () => {
  it('opens the Safe from the chain when the gateway cannot be reached', async () => {
    const team = devnet.safes[0]!;
    const session = open(team.address);
    const ready = await waitFor(session, (s) => s.matches({ ready: { balances: 'loaded' } }), { timeout: 30_000 });
    const onChain = await readSafeState(chainClient(), team.address);
    expect(ready.context.chain).toMatchObject({ chainId: '31337', shortName: 'devnet' });
    expect(ready.context.safeInfo).toMatchObject({
      nonce: Number(onChain.nonce),
      threshold: onChain.threshold,
      version: onChain.version,
      implementation: { value: onChain.singleton },
      readFromChain: 'The gateway cannot be reached.',
    });
    expect(ready.context.safeInfo?.owners.map((o) => o.value)).toEqual(onChain.owners);
    expect(ready.context.safeInfo?.nonce).toBe(3);

    // Balances: the native coin and the seeded tokens, amounts as the chain reports them.
    const viem = createPublicClient({ transport: http(devnet.rpcUrl) });
    const items = ready.context.balances?.items ?? [];
    expect(ready.context.balances?.readFromChain).toBe('The gateway cannot be reached.');
    expect(items.find((i) => i.tokenInfo.type === 'NATIVE_TOKEN')?.balance).toBe((await viem.getBalance({ address: team.address })).toString());
    const usd = items.find((i) => i.tokenInfo.symbol === devnet.tokens.usd.symbol);
    expect(usd).toMatchObject({ tokenInfo: { address: devnet.tokens.usd.address, decimals: 6, name: devnet.tokens.usd.name } });
    expect(usd?.balance).toBe((await viem.readContract({ address: devnet.tokens.usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [team.address] })).toString());
    expect(items.map((i) => i.tokenInfo.symbol)).toEqual(['ETH', 'dUSD', 'DVT']);

    // The queue is empty (no signing package kept in this browser, decision 0055); the history comes from the Safe's events.
    const queue = await waitFor(ready.children.queue!, (s) => s.context.hasLoaded, { timeout: 20_000 });
    expect(queue.context.items).toEqual([]);
    session.send({ type: 'user.listOpened', list: 'history' });
    const history = await waitFor(session.getSnapshot().children.history!, (s) => s.context.hasLoaded, { timeout: 30_000 });
    const executed = txs(history.context.items).filter((tx) => tx.executionInfo?.type === 'MULTISIG');
    expect(executed.map((tx) => (tx.executionInfo?.type === 'MULTISIG' ? tx.executionInfo.nonce : null))).toEqual([2, 1, 0]);
    expect(executed[0]).toMatchObject({
      txStatus: 'SUCCESS',
      txInfo: { type: 'Transfer', direction: 'OUTGOING', transferInfo: { type: 'ERC20', tokenAddress: devnet.tokens.usd.address, value: parseUnits('250', 6).toString(), tokenSymbol: 'dUSD', decimals: 6 } },
    });
    expect(executed[1]).toMatchObject({ txInfo: { type: 'Transfer', transferInfo: { type: 'NATIVE_COIN', value: parseEther('1').toString() } } });
    expect(executed[2]).toMatchObject({ txInfo: { type: 'Custom', methodName: 'changeThreshold', to: { value: team.address } } });
    const incoming = txs(history.context.items).filter((tx) => tx.txInfo.type === 'Transfer' && tx.txInfo.direction === 'INCOMING');
    expect(incoming.some((tx) => tx.txInfo.type === 'Transfer' && tx.txInfo.transferInfo.type === 'NATIVE_COIN' && tx.txInfo.transferInfo.value === parseEther('10').toString())).toBe(true);
    expect(incoming.some((tx) => tx.txInfo.type === 'Transfer' && tx.txInfo.transferInfo.type === 'ERC721')).toBe(true);
    expect(txs(history.context.items).every((tx) => tx.txHash && tx.timestamp > 0)).toBe(true);
  }, 60_000);

  it('reads balances with one multicall and pages history in bounded ranges', async () => {
    const team = devnet.safes[0]!;
    const client = chainClient();
    const calls: string[] = [];
    const counting = new Proxy(client, {
      get: (target, key) => (key === 'request' ? (args: { method: string }) => (calls.push(args.method), target.request(args as never)) : Reflect.get(target, key)),
    });
    await readBalancesFromChain(client, { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' } }, team.address, [devnet.tokens.usd.address, devnet.tokens.dvt.address, devnet.tokens.nft.address as Address], 'x');
    const page = await readHistoryPage(counting, { chainId: '31337', safe: team.address }, null);
    // The devnet is short: the first range reaches block 0, so there is no next page.
    expect(page.next).toBeNull();
    expect(calls.filter((m) => m === 'eth_getLogs')).toHaveLength(2);
  }, 30_000);

  it('keeps "not a Safe" for an address the chain has no Safe at, and for a 404 from a gateway that answers', async () => {
    const nobody = '0x000000000000000000000000000000000000dEaD';
    const viaChain = await waitFor(open(nobody), (s) => s.matches('notASafe'), { timeout: 20_000 });
    expect(viaChain.context.error).toMatch(/no contract code/);
    const viaGateway = await waitFor(open(nobody, devnet.gatewayUrl), (s) => s.matches('notASafe') || s.matches('ready'), { timeout: 20_000 });
    expect(viaGateway.matches('notASafe')).toBe(true);
  }, 45_000);

  it('a token added in Settings › Environment is checked on the chain, kept in this browser and read with the balances (decision 0056)', async () => {
    const team = devnet.safes[0]!;
    const euro = await deployExtraErc20(devnet.rpcUrl, { name: 'Devnet Euro', symbol: 'dEUR', from: DEVNET_ACCOUNTS[6]!, to: team.address, amount: parseEther('42') });
    const runtime = new Runtime();
    runtime.configure({ gatewayUrl: 'http://127.0.0.1:9', ...config() });
    const store = await openLocalStore();
    let saved = 0;
    const effects = createLocalDataEffects({
      store,
      loadChains: runtime.knownChains,
      chainClient: runtime.chainClient,
      onTokensSaved: () => (saved += 1),
      defaultRpc: runtime.defaultRpc,
      applyCustomRpc: runtime.setUserRpc,
      onImported: () => {},
      fetch,
      download: () => {},
    });
    // With the gateway unreachable the chains are config.json's: the devnet is listed, with its tokens (none yet).
    const setup = await effects.loadSetup();
    expect(setup.chains.map((c) => c.chainId)).toEqual(['31337']);
    expect(setup.addedTokens).toEqual({});

    // Refused, each with its reason: no contract, a contract that is not a token, a bundled token, a bad checksum.
    await expect(effects.checkToken({ chainId: '31337', address: DEVNET_ACCOUNTS[5]!.address })).rejects.toThrow(`There is no contract at ${DEVNET_ACCOUNTS[5]!.address} on`);
    await expect(effects.checkToken({ chainId: '31337', address: team.address })).rejects.toThrow('does not answer like an ERC-20 token');
    await expect(effects.checkToken({ chainId: '31337', address: devnet.tokens.usd.address })).rejects.toThrow('without adding it');
    const badCase = `0x${euro.slice(2, 10).toLowerCase()}${euro.slice(10).toUpperCase()}`;
    if (badCase !== euro) await expect(effects.checkToken({ chainId: '31337', address: badCase })).rejects.toThrow('checksum');

    // Accepted in lower case, kept checksummed with the symbol the contract answers.
    const token = await effects.checkToken({ chainId: '31337', address: euro.toLowerCase() });
    expect(token).toEqual({ address: euro, symbol: 'dEUR' });
    expect(await effects.saveTokens({ chainId: '31337', add: token, remove: null })).toEqual({ '31337': [token] });
    expect(saved).toBe(1);
    await expect(effects.checkToken({ chainId: '31337', address: euro })).rejects.toThrow('already added');

    // The Safe's balances read from the chain now hold it, with the amount the chain reports.
    const ready = await waitFor(open(team.address), (s) => s.matches({ ready: { balances: 'loaded' } }), { timeout: 30_000 });
    expect(ready.context.balances?.items.map((i) => i.tokenInfo.symbol)).toEqual(['ETH', 'dUSD', 'DVT', 'dEUR']);
    expect(ready.context.balances?.items.find((i) => i.tokenInfo.symbol === 'dEUR')).toMatchObject({ balance: parseEther('42').toString(), tokenInfo: { address: euro, decimals: 18, name: 'Devnet Euro' } });

    // Removed: the next read leaves it out.
    expect(await effects.saveTokens({ chainId: '31337', add: null, remove: euro })).toEqual({});
    const again = await waitFor(open(team.address), (s) => s.matches({ ready: { balances: 'loaded' } }), { timeout: 30_000 });
    expect(again.context.balances?.items.map((i) => i.tokenInfo.symbol)).toEqual(['ETH', 'dUSD', 'DVT']);
    store.close();
  }, 60_000);

  it('an executed transaction of History opens with its details read from the Safe’s events: SafeTx, signers, executor, transaction hash', async () => {
    const team = devnet.safes[0]!;
    const runtime = new Runtime();
    runtime.configure({ gatewayUrl: 'http://127.0.0.1:9', ...config() });
    expect(await runtime.sessionGateway.getSafeInfo('31337', team.address)).toMatchObject({ readFromChain: 'The gateway cannot be reached.' });
    const page = await runtime.sessionGateway.getTransactionHistory('31337', team.address);
    const executed = txs(page.results).filter((tx) => tx.executionInfo?.type === 'MULTISIG');
    const transfer = executed.find((tx) => tx.executionInfo?.type === 'MULTISIG' && tx.executionInfo.nonce === 2)!;
    const details = await runtime.sessionGateway.getTransactionDetails('31337', transfer.id);
    expect(details).toMatchObject({ txId: transfer.id, txStatus: 'SUCCESS', txHash: transfer.txHash, txInfo: transfer.txInfo });
    const exec = details.detailedExecutionInfo;
    if (exec?.type !== 'MULTISIG') throw new Error('not a multisig transaction');
    expect(exec.nonce).toBe(2);
    // Who sent the transaction, and whose signatures it carried (recovered here), owners of the Safe each.
    const onChain = await readSafeState(chainClient(), team.address);
    const sent = await createPublicClient({ transport: http(devnet.rpcUrl) }).getTransaction({ hash: transfer.txHash as `0x${string}` });
    expect(exec.executor?.value).toBe(getAddress(sent.from));
    expect(exec.confirmations.length).toBeGreaterThan(0);
    for (const c of exec.confirmations) expect(onChain.owners).toContain(c.signer.value);

    // The details page's own check: the hash computed here equals the listed one, and no listed signature is forged.
    const check = await checkTxDetails({ chainId: '31337', safeAddress: team.address, version: onChain.version, details }, chainClient());
    expect(check.computed).toBe(exec.safeTxHash);
    expect(check.expected).toBe(exec.safeTxHash);
    expect(check.forgedSignatures).toEqual([]);
    expect(check.onChain?.confirmationChecks.map((c) => c.status)).toEqual(exec.confirmations.map(() => 'valid'));

    // An id no package and no execution holds is not "not found": its details need the gateway (424).
    await expect(runtime.sessionGateway.getTransactionDetails('31337', `multisig_${team.address}_0x${'ab'.repeat(32)}`)).rejects.toMatchObject({ status: 424 });
  }, 60_000);
});
