/**
 * Issue 9, "Done when" 1, in the FULL app on the devnet: the PUBLISHED @safe-global/safe-apps-sdk (9.1.0, the
 * devnet's probe app, devnet/apps/probe) inside the app's sandboxed iframe at /apps/open.
 * - every read method answers, checked against the gateway and the chain read here with viem;
 * - requestAddressBook asks through our permission prompt (accepted) and returns the address book;
 * - sendTransactions goes through our confirmation dialog, is proposed, and the app receives the safeTxHash;
 * - signMessage: owner A signs in our dialog; owner B (in-app navigation) confirms from Messages → CONFIRMED;
 *   the app then gets the prepared signature and the SDK's isMessageSigned is true (EIP-1271 on chain).
 */
import { expect, test } from '@playwright/test';
import { getAddress, hashMessage, pad, type Hex } from 'viem';
import { appsPage } from './fixtures/appsPage.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { PROBE, probeApp, type Settled } from './fixtures/probeApp.ts';

const app = useDevnetApp();
const { chain, team, owner, appUrl, gateway, openFromList, reference, safeMessageHashOf, ownerASignsAppMessage, ownerBConfirms, signAppTransaction, addAddressBookEntry } =
  appsPage(() => app);
const { openProbe, probeFrame, probeCall } = probeApp(() => app);
const probeUrl = () => appUrl('probe');
const ok = (settled: Settled | undefined): unknown => {
  expect(settled, JSON.stringify(settled)).toMatchObject({ ok: true });
  return (settled as { value: unknown }).value;
};

test('the real SDK reads everything through our host, and the address book after our permission prompt', async ({ page }) => {
  test.setTimeout(180_000);
  const safe = team();
  const bookEntry = { address: getAddress('0x00000000000000000000000000000000000b00c5'), name: 'Probe book entry' };
  await addAddressBookEntry(page, bookEntry.address, bookEntry.name);

  const frame = await openProbe(page);
  const { safeInfo, appSafeInfo, chainInfo, balances, queuedHash, queuedTx, logs, minedHash, minedBlock } = await reference();
  const client = chain();

  const r = await probeCall<Record<string, Settled>>(frame, 'reads', { safeTxHash: queuedHash, txHash: minedHash, blockHash: minedBlock.hash });

  expect(ok(r.safe)).toEqual(appSafeInfo);
  expect(ok(r.chain)).toMatchObject({
    chainName: chainInfo.chainName,
    chainId: '31337',
    shortName: chainInfo.shortName,
    nativeCurrency: chainInfo.nativeCurrency,
    blockExplorerUriTemplate: chainInfo.blockExplorerUriTemplate,
  });
  expect(ok(r.environment)).toEqual({ origin: new URL(app.url('/')).origin });
  const appBalances = ok(r.balances) as typeof balances;
  expect(appBalances.fiatTotal).toBe(balances.fiatTotal);
  expect(appBalances.items.map((i) => [i.tokenInfo.address, i.balance])).toEqual(balances.items.map((i) => [i.tokenInfo.address, i.balance]));
  expect(appBalances.items.length).toBeGreaterThan(0);
  expect(ok(r.tx)).toMatchObject({ txId: queuedTx.txId, txStatus: queuedTx.txStatus, safeAddress: queuedTx.safeAddress, detailedExecutionInfo: { nonce: queuedTx.detailedExecutionInfo.nonce } });
  expect(ok(r.permissions)).toEqual([]);

  // rpcCall: every read method of the product spec, against anvil.
  expect(BigInt(ok(r.eth_getBalance) as string)).toBe(await client.getBalance({ address: safe }));
  expect(ok(r.eth_getCode)).toBe(await client.getCode({ address: safe }));
  expect(ok(r.eth_getStorageAt)).toBe(pad(safeInfo.implementation.value.toLowerCase() as Hex, { size: 32 }));
  expect(BigInt(ok(r.eth_getTransactionCount) as string)).toBe(BigInt(await client.getTransactionCount({ address: safe })));
  const latest = ok(r.eth_getBlockByNumber) as { number: string; hash: string };
  expect(BigInt(latest.number)).toBe((await client.getBlock({ blockNumber: BigInt(latest.number) })).number);
  expect(latest.hash).toBe((await client.getBlock({ blockNumber: BigInt(latest.number) })).hash);
  expect(ok(r.eth_getBlockByHash)).toMatchObject({ hash: minedBlock.hash, number: `0x${minedBlock.number.toString(16)}` });
  expect(ok(r.eth_getTransactionByHash)).toMatchObject({ hash: minedHash, blockHash: minedBlock.hash });
  expect(ok(r.eth_getTransactionReceipt)).toMatchObject({ transactionHash: minedHash, status: '0x1' });
  expect(BigInt(ok(r.eth_gasPrice) as string)).toBeGreaterThan(0n);
  expect(BigInt(ok(r.eth_call) as string)).toBe(BigInt(safeInfo.threshold));
  expect(BigInt(ok(r.eth_estimateGas) as string)).toBeGreaterThanOrEqual(21_000n);
  expect((ok(r.eth_getLogs) as unknown[]).length).toBe(logs.length);

  // requestAddressBook: the SDK finds no permission and asks (wallet_requestPermissions) → our prompt → Accept.
  const book = probeCall<Settled>(frame, 'addressBook');
  const permissionPrompt = page.getByRole('dialog', { name: 'Permissions Request' });
  await expect(permissionPrompt).toContainText(`Devnet SDK Probe (${new URL(probeUrl()).origin}) is requesting permissions for:`);
  await expect(permissionPrompt).toContainText('Access to your address book');
  await permissionPrompt.getByRole('button', { name: 'Accept' }).click();
  expect(ok(await book)).toEqual([{ address: bookEntry.address, name: bookEntry.name, chainId: '31337' }]);
  // wallet_requestPermissions always asks, even for a permission already granted.
  const requested = probeCall<Settled>(frame, 'requestPermissions');
  await permissionPrompt.getByRole('button', { name: 'Accept' }).click();
  const granted = ok(await requested) as { parentCapability: string; invoker: string }[];
  expect(granted).toEqual([expect.objectContaining({ parentCapability: 'requestAddressBook', invoker: new URL(probeUrl()).origin })]);
  expect(ok((await probeCall<Record<string, Settled>>(frame, 'reads', { safeTxHash: queuedHash, txHash: minedHash, blockHash: minedBlock.hash })).permissions)).toEqual([
    expect.objectContaining({ parentCapability: 'requestAddressBook', invoker: new URL(probeUrl()).origin }),
  ]);
});

test('the real SDK’s sendTransactions goes through our dialog, is proposed, and the app receives the safeTxHash', async ({ page }) => {
  test.setTimeout(150_000);
  const frame = await openProbe(page);

  const recipient = getAddress('0x00000000000000000000000000000000000a11ce');
  const sent = probeCall<Settled>(frame, 'send', [{ to: recipient, value: '1000', data: '0x' }]);
  const safeTxHash = await signAppTransaction(page, new URL(probeUrl()).origin);

  expect(ok(await sent)).toEqual({ safeTxHash });
  const proposed = await gateway<{ txStatus: string; txData: { to: { value: string }; value: string }; detailedExecutionInfo: { confirmations: { signer: { value: string } }[] } }>(`/v1/chains/31337/transactions/${safeTxHash}`);
  expect(proposed.txStatus).toBe('AWAITING_CONFIRMATIONS');
  expect(proposed.txData.to.value).toBe(recipient);
  expect(proposed.txData.value).toBe('1000');
  expect(proposed.detailedExecutionInfo.confirmations.map((c) => c.signer.value)).toEqual([owner(0)]);
  // The app reads it back through getTxBySafeTxHash.
  const block = await chain().getBlock();
  const again = await probeCall<Record<string, Settled>>(frame, 'reads', { safeTxHash, txHash: `0x${'00'.repeat(32)}`, blockHash: block.hash });
  expect(ok(again.tx)).toMatchObject({ txStatus: 'AWAITING_CONFIRMATIONS', txData: { to: { value: recipient }, value: '1000' } });
});

test('the real SDK’s signMessage: owner A signs, owner B confirms from Messages → CONFIRMED, and isMessageSigned is true', async ({ page }) => {
  test.setTimeout(180_000);
  const text = `Signed through the real Safe Apps SDK ${Date.now()}`;
  const safeMessageHash = safeMessageHashOf(text);
  let frame = await openProbe(page);

  // Owner A signs in our dialog; the message needs a second confirmation.
  const signed = probeCall<Settled>(frame, 'signMessage', text);
  await ownerASignsAppMessage(page, text, safeMessageHash);
  // Closing the dialog before the message is fully signed answers the app "Transaction was rejected" (protocol A.2.7).
  expect(await signed).toEqual({ ok: false, error: 'Transaction was rejected' });
  const pending = await probeCall<{ signature: Settled; signedWithSignature: Settled }>(frame, 'checkMessage', text, safeMessageHash);
  expect(pending.signature).toEqual({ ok: true, value: null }); // exists, not fully signed: the gateway's null
  expect(pending.signedWithSignature).toEqual({ ok: true, value: false });

  // Owner B, through in-app navigation: Messages → the message → Confirm message → Sign → CONFIRMED.
  const signature = await ownerBConfirms(page, safeMessageHash);

  // Back in the app (still in-app navigation): the SDK reads the prepared signature; isMessageSigned is true.
  await openFromList(page, PROBE);
  frame = await probeFrame(page);
  const check = await probeCall<{ messageHash: string; signature: Settled; signedWithSignature: Settled; signedWithoutSignature: Settled }>(frame, 'checkMessage', text, safeMessageHash);
  expect(check.messageHash).toBe(hashMessage(text));
  expect(check.signature).toEqual({ ok: true, value: signature });
  expect(check.signedWithSignature).toEqual({ ok: true, value: true });
  // Off-chain: nothing was stored on chain (SignMessageLib), so without the signature the Safe says no.
  expect(check.signedWithoutSignature).toEqual({ ok: true, value: false });
});
