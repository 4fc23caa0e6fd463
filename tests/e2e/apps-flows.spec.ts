/**
 * Issue 9, "Done when" 2, in the full app on the devnet: the devnet's demo Safe App (our SDK, devnet/apps/hello)
 * opened at /apps/open in the app's sandboxed iframe, driven through its own buttons (the answers it shows are
 * checked against the gateway and the chain):
 * - every read method, the address book after our permission prompt, the EIP-1193 provider;
 * - sendTransactions goes through our confirmation dialog, is proposed, and the app receives the safeTxHash;
 * - signMessage: owner A signs in our dialog, owner B confirms from Messages → CONFIRMED; the app then reads the
 *   prepared signature and isMessageSigned is true.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { getAddress, pad, type Hex } from 'viem';
import { appsPage } from './fixtures/appsPage.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';

const app = useDevnetApp();
const { chain, team, owner, appUrl, gateway, openApp, openFromList, reference, safeMessageHashOf, ownerASignsAppMessage, ownerBConfirms, signAppTransaction, addAddressBookEntry } =
  appsPage(() => app);

const HELLO = 'Devnet Hello App';
const MESSAGE = 'Hello from the devnet app';

async function openHello(page: Page): Promise<FrameLocator> {
  await openApp(page, 'hello', HELLO);
  return connected(page);
}

async function connected(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator(`iframe[title="${HELLO}"]`);
  await expect(frame.locator('#status')).toContainText(`Connected to Safe ${team()}`, { timeout: 30_000 });
  return frame;
}

/** Clicks the app's button for `name` (after filling its field) and waits for the answer it shows. */
async function press(frame: FrameLocator, name: string, input?: string) {
  if (input !== undefined) await frame.locator(`#input-${name}`).fill(input);
  await frame.locator(`#call-${name}`).click();
  await expect(frame.locator(`#result-${name}`)).not.toHaveAttribute('data-status', 'pending', { timeout: 30_000 });
}

/** The app's answer for `name` as JSON (it must be a success). */
async function answer<T = unknown>(frame: FrameLocator, name: string, input?: string): Promise<T> {
  await press(frame, name, input);
  const result = frame.locator(`#result-${name}`);
  await expect(result, name).toHaveAttribute('data-status', 'ok');
  return JSON.parse((await result.textContent()) ?? 'null') as T;
}

test('the demo app reads everything through our host, and the address book after our permission prompt', async ({ page }) => {
  test.setTimeout(180_000);
  const bookEntry = { address: getAddress('0x00000000000000000000000000000000000b00c6'), name: 'Hello book entry' };
  await addAddressBookEntry(page, bookEntry.address, bookEntry.name);
  const frame = await openHello(page);
  const { safe, safeInfo, appSafeInfo, chainInfo, balances, queuedHash, queuedTx, logs, minedHash, minedBlock } = await reference();
  const client = chain();

  expect(await answer(frame, 'getSafeInfo')).toEqual(appSafeInfo);
  expect(await answer(frame, 'getChainInfo')).toMatchObject({ chainName: chainInfo.chainName, chainId: '31337', shortName: chainInfo.shortName, nativeCurrency: chainInfo.nativeCurrency });
  expect(await answer(frame, 'getEnvironmentInfo')).toEqual({ origin: new URL(app.url('/')).origin });
  const appBalances = await answer<typeof balances>(frame, 'getSafeBalances');
  expect(appBalances.fiatTotal).toBe(balances.fiatTotal);
  expect(appBalances.items.map((i) => [i.tokenInfo.address, i.balance])).toEqual(balances.items.map((i) => [i.tokenInfo.address, i.balance]));
  expect(await answer(frame, 'getTxBySafeTxHash', queuedHash)).toEqual({ txId: queuedTx.txId, txStatus: queuedTx.txStatus, safeAddress: queuedTx.safeAddress });

  // rpcCall: every read method of the product spec, against anvil.
  expect(BigInt(await answer<string>(frame, 'eth_getBalance'))).toBe(await client.getBalance({ address: safe }));
  expect(await answer(frame, 'eth_getCode')).toBe((await client.getCode({ address: safe }))!.slice(0, 66));
  expect(await answer(frame, 'eth_getStorageAt')).toBe(pad(safeInfo.implementation.value.toLowerCase() as Hex, { size: 32 }));
  expect(BigInt(await answer<string>(frame, 'eth_getTransactionCount'))).toBe(BigInt(await client.getTransactionCount({ address: safe })));
  const latest = await answer<{ number: string; hash: string }>(frame, 'eth_getBlockByNumber');
  expect(latest.hash).toBe((await client.getBlock({ blockNumber: BigInt(latest.number) })).hash);
  expect(await answer(frame, 'eth_getBlockByHash', minedBlock.hash)).toMatchObject({ hash: minedBlock.hash, number: `0x${minedBlock.number.toString(16)}` });
  expect(await answer(frame, 'eth_getTransactionByHash', minedHash)).toMatchObject({ hash: minedHash, blockHash: minedBlock.hash });
  expect(await answer(frame, 'eth_getTransactionReceipt', minedHash)).toMatchObject({ transactionHash: minedHash, status: '0x1' });
  expect(BigInt(await answer<string>(frame, 'eth_gasPrice'))).toBeGreaterThan(0n);
  expect(BigInt(await answer<string>(frame, 'eth_call'))).toBe(BigInt(safeInfo.threshold));
  expect(BigInt(await answer<string>(frame, 'eth_estimateGas'))).toBeGreaterThanOrEqual(21_000n);
  expect(await answer(frame, 'eth_getLogs')).toEqual({ count: logs.length });
  expect(await answer(frame, 'provider')).toEqual({ accounts: [safe], chainId: '0x7a69' });

  // Permissions: none yet; the address book is asked for through our prompt (accepted), then read.
  expect(await answer(frame, 'wallet_getPermissions')).toEqual([]);
  await frame.locator('#call-wallet_requestPermissions').click();
  const permissionPrompt = page.getByRole('dialog', { name: 'Permissions Request' });
  await expect(permissionPrompt).toContainText(`Devnet Hello App (${new URL(appUrl('hello')).origin}) is requesting permissions for:`);
  await permissionPrompt.getByRole('button', { name: 'Accept' }).click();
  await expect(frame.locator('#result-wallet_requestPermissions')).toHaveAttribute('data-status', 'ok');
  const invoker = new URL(appUrl('hello')).origin;
  expect(await answer(frame, 'wallet_getPermissions')).toEqual([expect.objectContaining({ parentCapability: 'requestAddressBook', invoker })]);
  expect(await answer(frame, 'requestAddressBook')).toEqual([{ address: bookEntry.address, name: bookEntry.name, chainId: '31337' }]);
});

test('the demo app proposes a transaction through our dialog and receives its safeTxHash', async ({ page }) => {
  test.setTimeout(120_000);
  const frame = await openHello(page);
  await frame.locator('#call-sendTransactions').click();
  const safeTxHash = await signAppTransaction(page, new URL(appUrl('hello')).origin);
  const result = frame.locator('#result-sendTransactions');
  await expect(result).toHaveAttribute('data-status', 'ok');
  expect(JSON.parse((await result.textContent()) ?? '{}')).toEqual({ safeTxHash });
  const proposed = await gateway<{ txStatus: string; detailedExecutionInfo: { confirmations: { signer: { value: string } }[] } }>(`/v1/chains/31337/transactions/${safeTxHash}`);
  expect(proposed.txStatus).toBe('AWAITING_CONFIRMATIONS');
  expect(proposed.detailedExecutionInfo.confirmations.map((c) => c.signer.value)).toEqual([owner(0)]);
  // The app reads it back (its getTxBySafeTxHash field is prefilled with the hash it received).
  expect(await answer(frame, 'getTxBySafeTxHash')).toMatchObject({ txStatus: 'AWAITING_CONFIRMATIONS', safeAddress: team() });
});

test('the demo app’s signMessage: owner A signs, owner B confirms from Messages → CONFIRMED, and isMessageSigned is true', async ({ page }) => {
  test.setTimeout(180_000);
  const safeMessageHash = safeMessageHashOf(MESSAGE);
  let frame = await openHello(page);
  await frame.locator('#call-signMessage').click();
  await ownerASignsAppMessage(page, MESSAGE, safeMessageHash);
  // Closed before it was fully signed: the app is answered "Transaction was rejected" (protocol A.2.7).
  await expect(frame.locator('#result-signMessage')).toHaveText('Error: Transaction was rejected');

  const signature = await ownerBConfirms(page, safeMessageHash);

  await openFromList(page, HELLO);
  frame = await connected(page);
  expect(await answer(frame, 'getOffChainSignature', safeMessageHash)).toBe(signature);
  // The isMessageSigned field is prefilled with the signature just read.
  expect(await answer(frame, 'isMessageSigned')).toBe(true);
  expect(await answer(frame, 'isMessageSigned', '0x')).toBe(false);
});
