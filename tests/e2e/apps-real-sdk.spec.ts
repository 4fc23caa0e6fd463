/**
 * Issue 9, "Done when" 1, in the FULL app on the devnet: the PUBLISHED @safe-global/safe-apps-sdk (9.1.0, the
 * devnet's probe app, devnet/apps/probe) inside the app's sandboxed iframe at /apps/open.
 * - every read method answers, checked against the gateway and the chain read here with viem;
 * - requestAddressBook asks through our permission prompt (accepted) and returns the address book;
 * - sendTransactions goes through our confirmation dialog, is proposed, and the app receives the safeTxHash;
 * - signMessage: owner A signs in our dialog; owner B (in-app navigation) confirms from Messages → CONFIRMED;
 *   the app then gets the prepared signature and the SDK's isMessageSigned is true (EIP-1271 on chain).
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { getAddress, hashMessage, hashTypedData, pad, type Address, type Hex } from 'viem';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();

const { chain, team, owner, dialog, selectAccount, safeNonce } = txFlowPage(() => app);

type Settled = { ok: true; value: unknown } | { ok: false; error: string; code?: number };
const PROBE = 'Devnet SDK Probe';
const probeUrl = () => `${app.devnet.gatewayUrl}/devnet/apps/probe`;
const gateway = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${app.devnet.gatewayUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
const ok = (settled: Settled | undefined): unknown => {
  expect(settled, JSON.stringify(settled)).toMatchObject({ ok: true });
  return (settled as { value: unknown }).value;
};

async function connect(page: Page) {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Wallet ${owner(0)}`, 'i') })).toBeVisible();
}

/** The probe's frame once its SDK has had the Safe info from our host. */
async function probeFrame(page: Page): Promise<Frame> {
  await expect(page.frameLocator(`iframe[title="${PROBE}"]`).locator('#status')).toContainText(`Connected to Safe ${team()}`, { timeout: 30_000 });
  const frame = page.frames().find((f) => f.url().startsWith(probeUrl()));
  if (!frame) throw new Error('probe frame missing');
  return frame;
}

/** /apps → the probe's card → the prompt → Continue: in-app navigation (the Devnet Wallet keeps its account). */
async function openProbeFromList(page: Page): Promise<Frame> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
  await page.getByRole('listitem', { name: PROBE }).first().getByRole('link', { name: PROBE }).click();
  await page.getByRole('dialog', { name: 'Open Safe App' }).getByRole('button', { name: 'Continue' }).click();
  return probeFrame(page);
}

/** Calls `window.probe[method]` in the app; after 60 s fails with the probe's trace (which request is pending). */
async function probeCall<T = Settled>(frame: Frame, method: string, ...args: unknown[]): Promise<T> {
  const call = frame.evaluate(
    ([name, params]) => (window as unknown as { probe: Record<string, (...a: unknown[]) => Promise<unknown>> }).probe[name as string]!(...(params as unknown[])),
    [method, args] as const,
  ) as Promise<T>;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void frame
        .evaluate(() => (window as unknown as { probeTrace: string[] }).probeTrace.slice(-6))
        .then((trace) => reject(new Error(`probe.${method} did not settle in 60 s; last steps: ${trace.join(', ')}`)), reject);
    }, 60_000);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function addAddressBookEntry(page: Page, address: Address, name: string) {
  await page.goto(app.url(`/address-book?safe=${app.teamSafe}`));
  await page.getByRole('button', { name: 'Add entry' }).click();
  const form = page.getByRole('form', { name: 'Add entry' });
  await form.getByLabel('Address').fill(address);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
}

test('the real SDK reads everything through our host, and the address book after our permission prompt', async ({ page }) => {
  test.setTimeout(180_000);
  const safe = team();
  const bookEntry = { address: getAddress('0x00000000000000000000000000000000000b00c5'), name: 'Probe book entry' };
  await addAddressBookEntry(page, bookEntry.address, bookEntry.name);

  await page.goto(app.url(`/apps/open?safe=${app.teamSafe}&appUrl=${encodeURIComponent(probeUrl())}`));
  await connect(page);
  const prompt = page.getByRole('dialog', { name: 'Open Safe App' });
  await expect(prompt).toContainText(PROBE);
  await expect(prompt.getByRole('note')).toHaveCount(0); // listed by the gateway: no unknown-app warning
  await prompt.getByRole('button', { name: 'Continue' }).click();
  const frame = await probeFrame(page);

  // What the reads are checked against: the gateway's answers and the chain.
  const client = chain();
  const [safeInfo, chainInfo, balances, queue] = await Promise.all([
    gateway<{ nonce: number; threshold: number; owners: { value: string }[]; implementation: { value: string }; fallbackHandler: { value: string } | null; guard: unknown; modules: unknown; version: string }>(`/v1/chains/31337/safes/${safe}`),
    gateway<Record<string, unknown>>('/v1/chains/31337'),
    gateway<{ fiatTotal: string; items: { tokenInfo: { address: string }; balance: string }[] }>(`/v1/chains/31337/safes/${safe}/balances/usd?trusted=false&exclude_spam=true`),
    gateway<{ results: { type: string; transaction?: { id: string } }[] }>(`/v1/chains/31337/safes/${safe}/transactions/queued`),
  ]);
  const queuedId = queue.results.find((item) => item.type === 'TRANSACTION')!.transaction!.id;
  const queuedHash = queuedId.split('_').at(-1)!;
  const queuedTx = await gateway<{ txId: string; txStatus: string; safeAddress: string; detailedExecutionInfo: { nonce: number } }>(`/v1/chains/31337/transactions/${queuedHash}`);
  // A mined transaction of the Safe (its creation is the first log's transaction).
  const logs = await client.getLogs({ address: safe, fromBlock: 'earliest', toBlock: 'latest' });
  const minedHash = logs[0]!.transactionHash!;
  const minedBlock = await client.getBlock({ blockNumber: logs[0]!.blockNumber! });

  const r = await probeCall<Record<string, Settled>>(frame, 'reads', { safeTxHash: queuedHash, txHash: minedHash, blockHash: minedBlock.hash });

  expect(ok(r.safe)).toEqual({
    safeAddress: safe,
    chainId: 31337,
    threshold: safeInfo.threshold,
    owners: safeInfo.owners.map((o) => o.value),
    isReadOnly: false,
    nonce: await safeNonce(),
    implementation: safeInfo.implementation.value,
    modules: null,
    fallbackHandler: safeInfo.fallbackHandler?.value ?? null,
    guard: null,
    version: safeInfo.version,
    network: expect.any(String),
  });
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
  await expect(permissionPrompt).toContainText(`${new URL(probeUrl()).origin} is requesting permissions for:`);
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
  await page.goto(app.url(`/apps/open?safe=${app.teamSafe}&appUrl=${encodeURIComponent(probeUrl())}`));
  await connect(page);
  await page.getByRole('dialog', { name: 'Open Safe App' }).getByRole('button', { name: 'Continue' }).click();
  const frame = await probeFrame(page);

  const recipient = getAddress('0x00000000000000000000000000000000000a11ce');
  const sent = probeCall<Settled>(frame, 'send', [{ to: recipient, value: '1000', data: '0x' }]);
  const d = page.getByRole('dialog', { name: 'New transaction' });
  const requested = d.getByRole('region', { name: 'Requested transaction' });
  await expect(requested).toContainText(new URL(probeUrl()).origin);
  await d.getByRole('button', { name: 'Continue' }).click();
  await d.getByRole('button', { name: 'Continue' }).click(); // recommended nonce
  const hashes = d.getByRole('region', { name: 'Hashes' });
  await expect(hashes).toBeVisible({ timeout: 20_000 });
  const safeTxHash = (await hashes.locator('code').last().textContent())!.trim();
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Close' }).click();

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
  const safe = team();
  const safeMessageHash = hashTypedData({
    domain: { chainId: 31337, verifyingContract: safe },
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: hashMessage(text) },
  });
  await page.goto(app.url(`/apps/open?safe=${app.teamSafe}&appUrl=${encodeURIComponent(probeUrl())}`));
  await connect(page);
  await page.getByRole('dialog', { name: 'Open Safe App' }).getByRole('button', { name: 'Continue' }).click();
  let frame = await probeFrame(page);

  // Owner A signs in our dialog; the message needs a second confirmation.
  const signed = probeCall<Settled>(frame, 'signMessage', text);
  const d = dialog(page).filter({ has: page.getByLabel('SafeMessage hash', { exact: true }) });
  await expect(d.getByLabel('SafeMessage hash', { exact: true })).toHaveText(safeMessageHash, { timeout: 20_000 });
  await expect(d.getByRole('region', { name: 'Message' })).toContainText(text);
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(d).toHaveAccessibleName('Collect confirmations', { timeout: 20_000 });
  await expect(d.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 1 of 2');
  // Closing the dialog before the message is fully signed answers the app "Transaction was rejected" (protocol A.2.7).
  await d.getByRole('button', { name: /^Close/ }).click();
  expect(await signed).toEqual({ ok: false, error: 'Transaction was rejected' });
  const pending = await probeCall<{ signature: Settled; signedWithSignature: Settled }>(frame, 'checkMessage', text, safeMessageHash);
  expect(pending.signature).toEqual({ ok: true, value: null }); // exists, not fully signed: the gateway's null
  expect(pending.signedWithSignature).toEqual({ ok: true, value: false });

  // Owner B, through in-app navigation: Messages → the message → Confirm message → Sign → CONFIRMED.
  await selectAccount(page, 1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
  await page.getByRole('link', { name: `Details of message ${safeMessageHash}` }).click({ timeout: 25_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message details');
  await page.getByRole('button', { name: 'Confirm message' }).click();
  await expect(dialog(page).getByLabel('SafeMessage hash', { exact: true })).toHaveText(safeMessageHash, { timeout: 20_000 });
  await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog(page)).toHaveAccessibleName('Message successfully signed', { timeout: 30_000 });
  const signature = (await dialog(page).getByLabel('signature', { exact: true }).textContent())!.trim();
  await dialog(page).getByRole('button', { name: /^Close/ }).click();
  const message = await gateway<{ status: string; preparedSignature: string | null }>(`/v1/chains/31337/messages/${safeMessageHash}`);
  expect(message.status).toBe('CONFIRMED');
  expect(message.preparedSignature).toBe(signature);

  // Back in the app (still in-app navigation): the SDK reads the prepared signature; isMessageSigned is true.
  frame = await openProbeFromList(page);
  const check = await probeCall<{ messageHash: string; signature: Settled; signedWithSignature: Settled; signedWithoutSignature: Settled }>(frame, 'checkMessage', text, safeMessageHash);
  expect(check.messageHash).toBe(hashMessage(text));
  expect(check.signature).toEqual({ ok: true, value: signature });
  expect(check.signedWithSignature).toEqual({ ok: true, value: true });
  // Off-chain: nothing was stored on chain (SignMessageLib), so without the signature the Safe says no.
  expect(check.signedWithoutSignature).toEqual({ ok: true, value: false });
});
