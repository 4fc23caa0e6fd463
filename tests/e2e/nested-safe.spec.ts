/**
 * Issue 21, nested Safes (security.md S21), on the devnet in Chromium with the Devnet Wallet: a 1-of-1 parent Safe
 * (owned by devnet account 3) is an owner of a 2-of-2 child Safe (with account 2). Account 2 proposes a child
 * transaction; the parent approves it through its own transaction flow (approveHash), whose review shows the child's
 * transaction and its three hashes beside the parent's own — only because they hash here to the approved bytes. The
 * child then executes with the parent's on-chain approval, checked on chain. A gateway that describes another
 * transaction for the approved hash blocks the parent's signing, and the wallet is never asked.
 */
import { expect, test, type Page } from '@playwright/test';
import { concat, createPublicClient, encodeFunctionData, getAddress, http, parseAbi, parseEther, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { connectDevnet, createSafe } from '../../devnet/chain/index.ts';
import { safeTxHashes, safeTxTypedData } from '../../src/domain/safe/hashing.ts';
import { normalizeSafeTx, toProposeTransactionBody } from '../../src/domain/safe/index.ts';
import type { SafeContext } from '../../src/domain/safe/types.ts';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { expectSigningCalls, installWalletSpy } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
const flow = txFlowPage(() => app);
const { dialog } = flow;
const APPROVE_ABI = JSON.stringify([{ type: 'function', name: 'approveHash', stateMutability: 'nonpayable', inputs: [{ name: 'hashToApprove', type: 'bytes32' }], outputs: [] }]);

const SWAP_ABI = parseAbi(['function swapOwner(address prevOwner, address oldOwner, address newOwner)']);
const EXEC_ABI = parseAbi(['function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)']);
const key = (i: number) => app.devnet.owners[i]! as { address: Address; privateKey: Hex };
const chain = () => createPublicClient({ transport: http(app.devnet.rpcUrl) });
const shortName = () => app.teamSafe.split(':')[0]!;

/** A 1-of-1 parent (account 3) owning a 2-of-2 child (with account 2), the child funded, and account 2's proposal of a child transaction. */
async function nestedSetup(salt: bigint, recipient: Address) {
  const parent = await createSafe(app.devnet.rpcUrl, { owners: [key(3).address], threshold: 1, saltNonce: salt });
  const child = await createSafe(app.devnet.rpcUrl, { owners: [parent, key(2).address], threshold: 2, saltNonce: salt + 1n });
  const clients = await connectDevnet(app.devnet.rpcUrl);
  await clients.send(key(3), { to: child, value: parseEther('1') }, 'funding the child Safe');
  const ctx: SafeContext = { chainId: BigInt(app.devnet.chainId), safeAddress: child, version: '1.4.1' };
  const tx = normalizeSafeTx({ to: recipient, value: parseEther('0.1'), nonce: 0n });
  const signature = await privateKeyToAccount(key(2).privateKey).signTypedData(safeTxTypedData(ctx, tx) as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0]);
  const response = await fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/transactions/${child}/propose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(toProposeTransactionBody(ctx, tx, { sender: key(2).address, signature })),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return { parent, child, hash: safeTxHashes(ctx, tx).safeTxHash };
}

/** Opens `path` of the Safe `safe` and connects the Devnet Wallet as account 3. */
async function openAsAccount3(page: Page, path: string, safe: Address) {
  await page.goto(app.url(`${path}?safe=${shortName()}:${safe}`));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Devnet Wallet' }).click();
  await flow.selectAccount(page, 3);
}

/** Account 3 opens the parent Safe and composes approveHash(hash) on the child, up to the review. */
async function composeApproval(page: Page, parent: Address, child: Address, hash: Hex) {
  await openAsAccount3(page, '/home', parent);
  await page.getByRole('button', { name: 'New transaction' }).click();
  const d = dialog(page);
  await d.getByRole('radio', { name: 'Contract interaction' }).check();
  await d.getByLabel('Contract address').fill(child);
  await d.getByLabel('ABI (JSON)').fill(APPROVE_ABI);
  await d.getByLabel('Method').selectOption('approveHash(bytes32)');
  await d.getByLabel('hashToApprove (bytes32)').fill(hash);
  await d.getByRole('button', { name: 'Continue' }).click();
  await flow.chooseNonce(page, 0);
  await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
}

/** The 1-of-1 parent signs and executes its approval at once; the child's approvedHashes(parent, hash) reads 1 on chain. */
async function signAndExecuteApproval(page: Page, parent: Address, child: Address, hash: Hex) {
  const d = dialog(page);
  await d.getByRole('radio', { name: 'Yes, execute' }).check();
  await d.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await d.getByRole('button', { name: 'Close' }).click();
  const approved = await chain().readContract({ address: child, abi: [{ type: 'function', name: 'approvedHashes', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'bytes32' }], outputs: [{ type: 'uint256' }] }], functionName: 'approvedHashes', args: [parent, hash] });
  expect(approved).toBe(1n);
}

test('a 1-of-1 parent Safe approves its 2-of-2 child’s transaction through its own flow, seeing both levels; the child executes it', async ({ page }) => {
  test.setTimeout(180_000);
  await installWalletSpy(page);
  const recipient = getAddress(`0x${'a11ce'.repeat(8)}`);
  const { parent, child, hash } = await nestedSetup(7101n, recipient);

  await composeApproval(page, parent, child, hash);
  const d = dialog(page);
  const approves = d.getByRole('region', { name: 'Transaction it approves' });
  await expect(approves).toContainText(`this Safe approves (approveHash) the transaction whose safeTxHash is ${hash}`);
  await expect(approves).toContainText('it is exactly the hash approved');
  await expect(approves).toContainText(recipient);
  await expect(approves).toContainText('0.1 ETH');
  await expect(approves.getByText(hash, { exact: true }).last()).toBeVisible();
  // The parent's own hashes stay in their own section, beside the child's.
  const own = await flow.shownSafeTxHash(page);
  expect(own).not.toBe(hash);
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);

  // 1 of 1: sign and execute at once; the parent's approveHash lands on the child.
  await signAndExecuteApproval(page, parent, child, hash);

  // Account 2 opens the child: the parent's approval is listed, verified on chain, and counts; account 2 signs and executes.
  await flow.selectAccount(page, 2);
  await page.goto(app.url(`/transactions/queue?safe=${shortName()}:${child}`));
  // Its queue counts the parent's approval: 2 of 2, ready to execute from the row.
  const row = page.locator('.tx-row').filter({ hasText: 'Ready to execute' });
  await expect(row).toContainText('2/2', { timeout: 20_000 });
  await row.getByRole('button', { name: 'Execute' }).click();
  await expect(d.getByRole('region', { name: 'Hashes' })).toContainText(hash, { timeout: 20_000 });
  await expect(d.getByRole('list', { name: 'Confirmations' })).toContainText(parent);
  await d.getByRole('button', { name: 'Execute' }).click();
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  expect(await chain().getBalance({ address: recipient })).toBe(parseEther('0.1'));
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_sendTransaction', 'eth_sendTransaction']);
});

test('a gateway that gives another transaction for the approved hash blocks the parent’s signing; the wallet is never asked', async ({ page }) => {
  test.setTimeout(120_000);
  await installWalletSpy(page);
  const { parent, child, hash } = await nestedSetup(7201n, getAddress(`0x${'b0b0'.repeat(10)}`));
  // The lie: the child's transaction for that hash sends 9 ETH, not 0.1.
  await page.route(new RegExp(`/v1/chains/${app.devnet.chainId}/transactions/${hash}$`, 'i'), async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { txData: { value: string } };
    json.txData.value = parseEther('9').toString();
    await route.fulfill({ response, json });
  });
  await composeApproval(page, parent, child, hash);
  const d = dialog(page);
  await expect(d.getByText('Signing is blocked: the gateway’s answer does not match the transaction built here.')).toBeVisible();
  await expect(d).toContainText(`The transaction given for ${hash} hashes here to`);
  // Nothing of the lie is shown as what is approved.
  await expect(d.getByRole('region', { name: 'Transaction it approves' })).not.toContainText('9 ETH');
  await expect(d.getByRole('button', { name: /^(Sign|Sign and execute|Execute)$/ })).toBeDisabled();
  await expectSigningCalls(page, []);
});

test('from the child: the owner of its parent Safe is offered “Approve as owner Safe”, which starts the parent’s approval flow; then it says the parent has approved', async ({ page }) => {
  test.setTimeout(180_000);
  await installWalletSpy(page);
  const recipient = getAddress(`0x${'c0ffee'.repeat(6)}c0ff`);
  const { parent, child, hash } = await nestedSetup(7301n, recipient);

  // Account 3 owns the parent, not the child: the child's queued transaction offers to approve as the parent.
  await openAsAccount3(page, '/transactions/queue', child);
  await page.goto(app.url(`/transactions/tx?safe=${shortName()}:${child}&id=${encodeURIComponent(`multisig_${child}_${hash}`)}`));
  const offer = page.getByRole('group', { name: 'Approve as an owner Safe' });
  await expect(offer).toContainText('An owner of this Safe is a Safe your wallet owns', { timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await offer.getByRole('link', { name: `Approve as owner Safe ${parent.slice(0, 6)}…${parent.slice(-4)}` }).click();

  // The parent's queue holds the request; starting it opens the parent's own flow with approveHash(hash) on the child.
  await expect(page).toHaveURL(new RegExp(`safe=${shortName()}(:|%3A)${parent}`, 'i'));
  const request = page.getByRole('region', { name: 'Approve another Safe’s transaction' });
  await expect(request).toContainText(hash, { timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
  await request.getByRole('button', { name: 'Start the approval' }).click();
  const d = dialog(page);
  await expect(d.getByRole('region', { name: 'Requested transaction' })).toContainText('Nested Safe approval', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Continue' }).click();
  await flow.chooseNonce(page, 0);
  const approves = d.getByRole('region', { name: 'Transaction it approves' });
  await expect(approves).toContainText('it is exactly the hash approved', { timeout: 30_000 });
  await expect(approves).toContainText(recipient);
  await signAndExecuteApproval(page, parent, child, hash);
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_sendTransaction']);

  // Back on the child, the parent has approved: no offer is left, and Settings › Setup lists the parent as an owner Safe of account 3's.
  await page.goto(app.url(`/transactions/tx?safe=${shortName()}:${child}&id=${encodeURIComponent(`multisig_${child}_${hash}`)}`));
  const after = page.getByRole('group', { name: 'Approve as an owner Safe' });
  await expect(after).toHaveText(`Owner Safe ${parent.slice(0, 6)}…${parent.slice(-4)}, which your wallet owns, has approved this transaction.`, { timeout: 30_000 });
  await expect(after.getByRole('link')).toHaveCount(0);
  await page.goto(app.url(`/settings/setup?safe=${shortName()}:${child}`));
  const owners = page.getByRole('list', { name: 'Owner Safes' });
  await expect(owners.getByRole('listitem', { name: `Owner Safe ${parent}` })).toContainText('1 of 1 required (read on chain). Your wallet is one of its owners', { timeout: 30_000 });
  await expect(page.locator('.nested-deadlock')).toHaveCount(0);
});

test('Settings › Setup warns of a nested chain that can never reach its threshold', async ({ page }) => {
  test.setTimeout(120_000);
  // A 2-of-2 Safe owned by account 3 and a Safe that needs it: the owner Safe (2 of 2: account 2 and the first Safe)
  // can only approve after the first Safe has, which needs the owner Safe first.
  const clients = await connectDevnet(app.devnet.rpcUrl);
  const first = await createSafe(app.devnet.rpcUrl, { owners: [key(3).address, key(2).address], threshold: 2, saltNonce: 7401n });
  const second = await createSafe(app.devnet.rpcUrl, { owners: [key(2).address, first], threshold: 2, saltNonce: 7402n });
  // The first Safe swaps account 2 for the second Safe: now each needs the other (one owner signs the 2-of-2 in turn).
  const ctx: SafeContext = { chainId: BigInt(app.devnet.chainId), safeAddress: first, version: '1.4.1' };
  const swapData = encodeFunctionData({ abi: SWAP_ABI, functionName: 'swapOwner', args: [key(3).address, key(2).address, second] });
  const tx = normalizeSafeTx({ to: first, data: swapData, nonce: 0n });
  const typed = safeTxTypedData(ctx, tx) as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0];
  const sigs = await Promise.all([key(3), key(2)].sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1)).map((k) => privateKeyToAccount(k.privateKey).signTypedData(typed)));
  const signatures = concat(sigs);
  await clients.send(key(3), { to: first, data: encodeFunctionData({ abi: EXEC_ABI, functionName: 'execTransaction', args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures] }) }, 'the first Safe makes the second its owner');

  await page.goto(app.url(`/settings/setup?safe=${shortName()}:${first}`));
  const warning = page.locator('.nested-deadlock');
  await expect(warning).toContainText(`Owner Safe ${second} can never approve for this Safe: it needs 2 of its 2 owners, and one of them is this Safe`, { timeout: 30_000 });
  await expect(warning).toContainText('This Safe can never reach its threshold: it needs 2 of its 2 owners, and only 1 of them can ever sign.');
  expect(await axeViolations(page)).toEqual([]);
});

test('Settings › Setup creates a Safe owned by the open Safe; the new Safe lists it as an owner Safe the wallet owns', async ({ page }) => {
  test.setTimeout(120_000);
  const team = app.teamSafe.split(':')[1] as Address;
  await flow.openSafe(page, 0);
  await page.goto(app.url(`/settings/setup?safe=${app.teamSafe}`));
  await page.getByRole('link', { name: 'Create a Safe owned by this Safe' }).click();
  const form = page.getByRole('form', { name: 'Set up the new Safe' });
  await expect(form.getByRole('textbox', { name: 'Signer 1 address' })).toHaveValue(team, { timeout: 20_000 });
  await form.getByRole('button', { name: 'Next' }).click();
  const predicted = getAddress((await page.getByTestId('predicted-address').getAttribute('data-address')) ?? '');
  await page.getByRole('button', { name: 'Create Safe' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('safe') === `${shortName()}:${predicted}`, { timeout: 60_000 });
  const abi = parseAbi(['function getOwners() view returns (address[])', 'function getThreshold() view returns (uint256)']);
  expect(await chain().readContract({ address: predicted, abi, functionName: 'getOwners' })).toEqual([getAddress(team)]);
  expect(await chain().readContract({ address: predicted, abi, functionName: 'getThreshold' })).toBe(1n);
  await page.goto(app.url(`/settings/setup?safe=${shortName()}:${predicted}`));
  await expect(page.getByRole('list', { name: 'Owner Safes' }).getByRole('listitem', { name: `Owner Safe ${getAddress(team)}` })).toContainText('2 of 3 required (read on chain). Your wallet is one of its owners', { timeout: 30_000 });
});

test('an owner change that would lock the Safe forever (an owner Safe that needs it) is blocked in the review; the wallet is never asked', async ({ page }) => {
  test.setTimeout(120_000);
  await installWalletSpy(page);
  // `first`: 1 of 1, account 3. `other`: 2 of 2, account 2 and `first`. Adding `other` to `first` at 2 of 2 would need
  // `other`'s approval, which needs `first`'s: neither could ever sign again.
  const first = await createSafe(app.devnet.rpcUrl, { owners: [key(3).address], threshold: 1, saltNonce: 7501n });
  const other = await createSafe(app.devnet.rpcUrl, { owners: [key(2).address, first], threshold: 2, saltNonce: 7502n });
  await openAsAccount3(page, '/home', first);
  await page.getByRole('button', { name: 'New transaction' }).click();
  const d = dialog(page);
  await d.getByRole('radio', { name: 'Settings change' }).check();
  await d.getByLabel('Change', { exact: true }).selectOption({ label: 'Add signer' });
  await d.getByLabel('New signer address').fill(other);
  await d.getByLabel('Threshold').selectOption('2');
  await d.getByRole('button', { name: 'Continue' }).click();
  await flow.chooseNonce(page, 0);
  const warnings = d.getByRole('region', { name: 'Warnings' });
  await expect(warnings).toContainText('The Safe would be locked forever', { timeout: 30_000 });
  await expect(warnings).toContainText(`After this change: Owner Safe ${other} can never approve for this Safe: it needs 2 of its 2 owners, and one of them is this Safe`);
  await expect(warnings).toContainText('After this change: This Safe can never reach its threshold: it needs 2 of its 2 owners, and only 1 of them can ever sign.');
  await expect(d.getByRole('button', { name: /^(Sign|Sign and execute|Execute)$/ })).toBeDisabled();
  await expectSigningCalls(page, []);
});
