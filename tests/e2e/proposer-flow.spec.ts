/**
 * Issue 21, proposers, on the devnet in Chromium with the Devnet Wallet: a wallet that is not an owner of the team
 * Safe (devnet account 3) composes a transfer. Before an owner adds it as a proposer, the flow says so and the wallet
 * is never asked; once owner A has added it (a delegate request to the gateway signed with A's key — the Settings
 * journey that does the same has its own test in proposers.spec.ts), it proposes: its signature is not a
 * confirmation, it is offered neither Sign nor Execute, and owners A and B confirm and execute the very transaction it
 * proposed, with the tokens checked on chain.
 */
import { expect, test, type Page } from '@playwright/test';
import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { expectSigningCalls, installWalletSpy } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
const flow = txFlowPage(() => app);
const { dialog, owner, team } = flow;

const PROPOSER = 3;

/** Owner `delegator` adds `delegate` as a proposer of the team Safe (POST /v2/chains/{chainId}/delegates, EIP-712 signed). */
async function addProposerThroughGateway(delegator: number, delegate: Address, label: string) {
  const account = privateKeyToAccount(app.devnet.owners[delegator]!.privateKey as Hex);
  const totp = BigInt(Math.floor(Date.now() / 1000 / 3600));
  const signature = await account.signTypedData({
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId: app.devnet.chainId },
    types: { Delegate: [{ name: 'delegateAddress', type: 'address' }, { name: 'totp', type: 'uint256' }] },
    primaryType: 'Delegate',
    message: { delegateAddress: getAddress(delegate), totp },
  });
  const response = await fetch(`${app.devnet.gatewayUrl}/v2/chains/${app.devnet.chainId}/delegates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ safe: team(), delegate, delegator: account.address, signature, label }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

/** New transaction → 2 dUSD to `recipient` → the Safe's next nonce → the review. */
async function composeToReview(page: Page, recipient: Address, nonce: number) {
  await page.getByRole('button', { name: 'New transaction' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText(/The connected wallet is not a signer of this Safe\. You can propose this transaction only if an owner added/)).toBeVisible();
  await flow.composeTransfer(page, recipient, '2');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await flow.chooseNonce(page, nonce);
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
}

test('a wallet that is not an owner proposes once an owner added it; owners confirm and execute what it proposed', async ({ page }) => {
  test.setTimeout(180_000);
  await installWalletSpy(page);
  const proposer = owner(PROPOSER);
  const recipient = getAddress(`0x${'7e57'.repeat(10)}`);
  const usd = app.devnet.tokens.usd.address as Address;
  const before = await flow.balanceOf(usd, recipient);
  const nonce = await flow.safeNonce();

  await flow.openSafe(page, PROPOSER);
  await composeToReview(page, recipient, nonce);
  const d = dialog(page);
  // A proposer is never offered to sign or execute; what it can do is propose.
  await expect(d.getByRole('button', { name: /^(Sign|Sign and execute|Execute|Execute with relay)$/ })).toHaveCount(0);
  await expect(d.getByText(/If an owner added this wallet as a proposer, you can propose this transaction/)).toBeVisible();

  // Not a proposer yet: the gateway does not list it, the flow says so, and the wallet is not asked.
  await d.getByRole('button', { name: 'Propose transaction' }).click();
  await expect(d.getByRole('alert')).toContainText(`${proposer} is not a proposer of this Safe. An owner can add it under Settings → Security`);
  await expectSigningCalls(page, []);
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);

  // Owner A adds it; the same review now proposes: the wallet signs the safeTxHash shown, which the gateway keeps
  // as the proposal's, not as a confirmation.
  await addProposerThroughGateway(0, proposer, 'Ops bot');
  const safeTxHash = await flow.shownSafeTxHash(page);
  await d.getByRole('button', { name: 'Propose transaction' }).click();
  await expect(d.getByRole('status')).toContainText('Proposed. It waits for the owners: confirmed 0 of 2. Your signature as proposer does not count as a confirmation.', { timeout: 20_000 });
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  await expect(d.getByRole('region', { name: 'Outcome' })).toContainText(safeTxHash);
  await d.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // The queued transaction: the proposer sees it but has no action on it; the gateway names it as the proposer.
  await flow.openQueuedTx(page, nonce, /dUSD|Send|Transfer/);
  await expect(page.getByRole('group', { name: 'Transaction actions' })).toHaveCount(0);
  await expect(page.locator('.tx-proposer')).toContainText('Proposed by a proposer (not an owner), as the gateway reports it (who proposed is not recorded on chain):');
  await expect(page.locator('.tx-proposer')).toContainText(proposer);

  // Owner A confirms it (a real confirmation: 1 of 2), owner B signs and executes it.
  await flow.selectAccount(page, 0);
  await flow.openQueuedTx(page, nonce, /dUSD|Send|Transfer/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByRole('region', { name: 'Hashes' })).toContainText(safeTxHash, { timeout: 20_000 });
  await expect(d.getByText(/^Confirmed 0 of 2/)).toBeVisible();
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Close' }).click();

  await flow.selectAccount(page, 1);
  await flow.openQueuedTx(page, nonce, /dUSD|Send|Transfer/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByRole('region', { name: 'Hashes' })).toContainText(safeTxHash, { timeout: 20_000 });
  await d.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });

  expect(await flow.balanceOf(usd, recipient)).toBe(before + 2_000_000n);
  expect(await flow.safeNonce()).toBe(nonce + 1);
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_signTypedData_v4', 'eth_signTypedData_v4', 'eth_sendTransaction']);
});
