// The REAL @safe-global/safe-gateway-typescript-sdk, pointed at the devnet gateway, reads everything the
// app needs without error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmSafeMessage,
  getBalances,
  getChainConfig,
  getChainsConfig,
  getCollectibles,
  getCollectiblesPage,
  getConfirmationView,
  getContract,
  getDecodedData,
  getFiatCurrencies,
  getMasterCopies,
  getModuleTransactions,
  getMultisigTransactions,
  getIncomingTransfers,
  getNonces,
  getOwnedSafes,
  getAllOwnedSafes,
  getRelayCount,
  getSafeApps,
  getSafeInfo,
  getSafeMessage,
  getSafeMessages,
  getSafeOverviews,
  getTransactionDetails,
  getTransactionHistory,
  getTransactionQueue,
  getDelegates,
  postSafeGasEstimation,
  proposeSafeMessage,
  proposeTransaction,
  setBaseUrl,
} from '@safe-global/safe-gateway-typescript-sdk';
import { buildSafeTx, safeMessageHash, safeTxHash, signSafeMessage, signSafeTx } from '../../devnet/chain/index.ts';
import { CHAIN_ID, owner, startTestDevnet, type TestDevnet } from './fixtures/gateway/devnet.ts';

let d: TestDevnet;
const chainId = String(CHAIN_ID);

beforeAll(async () => {
  d = await startTestDevnet();
  setBaseUrl(d.url);
});
afterAll(async () => {
  await d?.stop();
});

describe('safe-gateway-typescript-sdk 3.23.1 against the devnet gateway', () => {
  it('reads chains, Safe info, balances and collectibles', async () => {
    const chains = await getChainsConfig();
    expect(chains.results[0]?.chainId).toBe(chainId);
    expect((await getChainConfig(chainId)).shortName).toBe('devnet');
    const info = await getSafeInfo(chainId, d.safe);
    expect(info.threshold).toBe(2);
    const balances = await getBalances(chainId, d.safe, 'usd', { exclude_spam: true, trusted: false });
    expect(balances.items.length).toBeGreaterThanOrEqual(3);
    expect(await getFiatCurrencies()).toContain('USD');
    expect((await getCollectibles(chainId, d.safe)).length).toBe(2);
    expect((await getCollectiblesPage(chainId, d.safe)).results.length).toBe(2);
    expect((await getOwnedSafes(chainId, owner(0).address)).safes).toContain(d.safe);
    expect((await getAllOwnedSafes(owner(0).address))[chainId]).toContain(d.safe);
    const overviews = await getSafeOverviews([`${CHAIN_ID}:${d.safe}`], { currency: 'usd', trusted: false, exclude_spam: true });
    expect(overviews[0]?.threshold).toBe(2);
  });

  it('proposes and reads queue, history, tx details and nonces', async () => {
    const tx = buildSafeTx({ to: owner(6).address, value: 1n, nonce: 0n });
    const hash = safeTxHash(CHAIN_ID, d.safe, tx);
    const details = await proposeTransaction(chainId, d.safe, {
      to: tx.to,
      value: '1',
      data: '0x',
      nonce: '0',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: tx.gasToken,
      refundReceiver: tx.refundReceiver,
      safeTxHash: hash,
      sender: owner(0).address,
      signature: await signSafeTx(CHAIN_ID, d.safe, tx, owner(0).privateKey),
      origin: null,
    } as unknown as Parameters<typeof proposeTransaction>[2]);
    expect(details.txId).toBe(`multisig_${d.safe}_${hash}`);
    const queue = await getTransactionQueue(chainId, d.safe);
    expect(queue.results.some((i) => i.type === 'TRANSACTION')).toBe(true);
    const history = await getTransactionHistory(chainId, d.safe, { timezone: 'UTC', trusted: true });
    expect(history.results.length).toBeGreaterThan(0);
    const page2 = await getTransactionHistory(chainId, d.safe, undefined, history.next ?? undefined);
    expect(page2.results).toBeDefined();
    expect((await getTransactionDetails(chainId, hash)).txId).toBe(details.txId);
    expect(await getNonces(chainId, d.safe)).toEqual({ currentNonce: 0, recommendedNonce: 1 });
    const est = await postSafeGasEstimation(chainId, d.safe, { to: owner(6).address, value: '1', data: '0x', operation: 0 });
    expect(Number(est.safeTxGas)).toBeGreaterThan(0);
    expect((await getMultisigTransactions(chainId, d.safe)).results.length).toBe(1);
    expect((await getModuleTransactions(chainId, d.safe)).results).toEqual([]);
    expect((await getIncomingTransfers(chainId, d.safe)).results.length).toBeGreaterThan(0);
  });

  it('reads and writes messages', async () => {
    const text = 'sdk message';
    await proposeSafeMessage(chainId, d.safe, { message: text, signature: await signSafeMessage(CHAIN_ID, d.safe, text, owner(0).privateKey) });
    const hash = safeMessageHash(CHAIN_ID, d.safe, text);
    await confirmSafeMessage(chainId, hash, { signature: await signSafeMessage(CHAIN_ID, d.safe, text, owner(1).privateKey) });
    const msg = await getSafeMessage(chainId, hash);
    expect(msg.status).toBe('CONFIRMED');
    const list = await getSafeMessages(chainId, d.safe);
    expect(list.results.some((m) => m.type === 'MESSAGE')).toBe(true);
  });

  it('reads Safe apps, master copies, contracts, decoder output, delegates and relay counts', async () => {
    expect((await getSafeApps(chainId, { client_url: 'http://localhost:5173' } as Parameters<typeof getSafeApps>[1])).length).toBeGreaterThan(0);
    expect((await getMasterCopies(chainId)).length).toBeGreaterThan(0);
    const contract = await getContract(chainId, d.tokens.usd.address);
    expect(contract.name).toBe('Devnet USD');
    const data = '0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa9000000000000000000000000000000000000000000000000000000000000000a';
    expect((await getDecodedData(chainId, 0, data, d.tokens.usd.address)).method).toBe('transfer');
    expect((await getConfirmationView(chainId, d.safe, 0, data, d.tokens.usd.address)).type).toBe('GENERIC');
    expect((await getDelegates(chainId, { safe: d.safe })).results).toEqual([]);
    expect(await getRelayCount(chainId, d.safe)).toEqual({ remaining: 3, limit: 3 });
  });

  it('surfaces gateway errors as "CGW error - <code>: <message>"', async () => {
    await expect(getSafeInfo(chainId, owner(5).address)).rejects.toThrow('CGW error - 404: Safe not found');
    await expect(getSafeInfo(chainId, '0x12')).rejects.toThrow('CGW error - custom: Invalid address');
  });
});
