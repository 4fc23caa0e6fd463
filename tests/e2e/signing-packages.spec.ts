/**
 * Issue 20's first "done when" (decision 0055), in Chromium on the devnet with EVERY request to the gateway's origin
 * aborted in both browsers: owner A composes and signs a transfer, which is kept in A's browser as a signing package;
 * owner B, in another browser context, imports it from A's link (and A's file), where it is checked against the chain;
 * B signs and executes it with the wallet. The recipient's balance and the Safe's nonce are checked on chain, and B's
 * History shows the execution read from the Safe's events. A package changed by hand is refused with the reason and
 * nothing of it is kept. No request ever reaches the gateway.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { hashMessage, parseAbi, type Hex } from 'viem';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { escapeRegExp, txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
const { dialog, owner } = ui;
test.describe.configure({ mode: 'serial' });

const NOTICE = 'Reading from the chain: the gateway is not available';
const signedMessagesAbi = parseAbi(['function signedMessages(bytes32 hash) view returns (uint256)']);

/** Aborts every request to the gateway's origin from this browser context; returns how many were tried. */
async function blockGateway(context: BrowserContext): Promise<{ count: () => number }> {
  const origin = new URL(app.devnet.gatewayUrl).origin;
  let tried = 0;
  await context.route(
    (url) => url.origin === origin,
    async (route) => {
      tried += 1;
      await route.abort('connectionrefused');
    },
  );
  return { count: () => tried };
}

async function openChainReadSafe(page: Page, account: number) {
  await installWalletSpy(page);
  await ui.openSafe(page, account);
  await expect(page.getByRole('note', { name: NOTICE })).toBeVisible({ timeout: 30_000 });
}

const importRegion = (page: Page) => page.getByRole('region', { name: 'Import a signing package' });

test('two owners with no gateway: propose, exchange the signing package, confirm and execute; history from chain events', async ({ browser }) => {
  test.setTimeout(300_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const blockedA = await blockGateway(contextA);
  const blockedB = await blockGateway(contextB);
  try {
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const recipient = owner(3);
    const before = await ui.balanceOf(app.devnet.tokens.usd.address, recipient);
    const nonce = await ui.safeNonce();

    // Owner A builds and signs; the signature is kept in A's browser.
    await openChainReadSafe(pageA, 0);
    await pageA.getByRole('button', { name: 'New transaction' }).click();
    await ui.composeTransfer(pageA, recipient, '4');
    await dialog(pageA).getByRole('button', { name: 'Continue' }).click();
    await ui.chooseNonce(pageA, nonce);
    const safeTxHash = await ui.shownSafeTxHash(pageA);
    await dialog(pageA).getByRole('button', { name: /^Sign$/ }).click();
    await expect(dialog(pageA).getByRole('status').first()).toContainText('Signature kept in this browser. Confirmed 1 of 2.', { timeout: 30_000 });
    expect(await signingCalls(pageA)).toEqual(['eth_signTypedData_v4']);

    const share = dialog(pageA).getByRole('region', { name: 'Signing package' });
    await expect(share.getByRole('button', { name: 'Download package file' })).toBeVisible();
    expect(await axeViolations(pageA)).toEqual([]);
    const link = await share.getByRole('textbox', { name: 'Link to the package' }).inputValue();
    expect(link).toMatch(/\/transactions\/queue\?safe=.*#package=[A-Za-z0-9_-]+$/);
    const [download] = await Promise.all([pageA.waitForEvent('download'), share.getByRole('button', { name: 'Download package file' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`nonce-${nonce}-.*\\.json$`));
    const file = await download.path();
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text).hashes.safeTxHash).toBe(safeTxHash);
    await dialog(pageA).getByRole('button', { name: 'Close' }).click();

    // A's queue lists it (kept in this browser), not executable yet.
    await pageA.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await expect(pageA.locator('.tx-row').filter({ has: pageA.locator('.tx-nonce', { hasText: new RegExp(`^${nonce}$`) }) })).toHaveCount(1, { timeout: 20_000 });

    // Owner B opens A's link: the package is checked against the chain, then kept.
    await openChainReadSafe(pageB, 1);
    await pageB.goto(link);
    await expect(pageB.getByRole('note', { name: NOTICE })).toBeVisible({ timeout: 30_000 });
    await expect(ui.walletButton(pageB, 1)).toBeVisible({ timeout: 20_000 });
    await expect(importRegion(pageB).getByLabel('Or paste a link or the package’s text')).toHaveValue(/^#package=/);
    await importRegion(pageB).getByRole('button', { name: 'Check and import' }).click();
    await expect(importRegion(pageB).getByRole('status')).toContainText(`Checked and kept: nonce ${nonce}, safeTxHash ${safeTxHash}. 1 signature added. Signed by ${owner(0)}. 1 more signature needed.`, { timeout: 20_000 });
    // The same package as a file adds nothing new.
    await importRegion(pageB).getByLabel('Package file').setInputFiles(file);
    await expect(importRegion(pageB).getByRole('status')).toContainText('This browser already had every signature in it.', { timeout: 20_000 });
    expect(await axeViolations(pageB)).toEqual([]);

    // B confirms and executes from the queue.
    await ui.openQueuedTx(pageB, nonce, /dUSD|Send/);
    await expect(pageB.getByRole('region', { name: 'Signing package' }).getByRole('button', { name: 'Download package file' })).toBeVisible();
    expect(await axeViolations(pageB)).toEqual([]);
    await expect(pageB.getByLabel('Hash check')).toHaveText('✓ The signing package’s safeTxHash matches the one computed locally.');
    // The details page's link names only the Safe (not the page's own query).
    expect(await pageB.getByRole('region', { name: 'Signing package' }).getByRole('textbox', { name: 'Link to the package' }).inputValue()).toMatch(/\/transactions\/queue\?safe=[^&#]+#package=[A-Za-z0-9_-]+$/);
    await pageB.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog(pageB).getByRole('region', { name: 'Hashes' })).toContainText(safeTxHash, { timeout: 30_000 });
    await dialog(pageB).getByRole('button', { name: 'Sign and execute' }).click();
    await expect(dialog(pageB).getByRole('status').first()).toContainText('Transaction was successful', { timeout: 60_000 });
    await dialog(pageB).getByRole('button', { name: 'Close' }).click();

    expect(await ui.balanceOf(app.devnet.tokens.usd.address, recipient)).toBe(before + 4_000_000n);
    expect(await ui.safeNonce()).toBe(nonce + 1);

    // B's history shows the execution, read from the Safe's events.
    await pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    const executed = pageB.locator('.tx-row').filter({ has: pageB.locator('.tx-nonce', { hasText: new RegExp(`^${nonce}$`) }) });
    await expect(executed).toHaveCount(1, { timeout: 30_000 });
    await expect(executed).toContainText(/dUSD/);

    // Nothing reached the gateway, and both browsers tried it.
    expect(blockedA.count()).toBeGreaterThan(0);
    expect(blockedB.count()).toBeGreaterThan(0);
  } finally {
    await contextA.close();
    await contextB.close();
  }
});

test('a package changed by hand is refused with the reason, and nothing of it is kept', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  await blockGateway(context);
  try {
    const page = await context.newPage();
    const nonce = await ui.safeNonce();
    await openChainReadSafe(page, 0);
    await page.getByRole('button', { name: 'New transaction' }).click();
    await ui.composeTransfer(page, owner(3), '1');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await ui.chooseNonce(page, nonce);
    const safeTxHash = await ui.shownSafeTxHash(page);
    await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
    const share = dialog(page).getByRole('region', { name: 'Signing package' });
    await expect(share.getByRole('button', { name: 'Download package file' })).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), share.getByRole('button', { name: 'Download package file' }).click()]);
    const original = JSON.parse(await readFile(await download.path(), 'utf8'));
    await dialog(page).getByRole('button', { name: 'Close' }).click();

    // The recipient swapped in the transaction (the hashes and the signature left as they were).
    const swapped = { ...original, safeTx: { ...original.safeTx, to: owner(2) } };
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    const region = importRegion(page);
    await region.getByLabel('Or paste a link or the package’s text').fill(JSON.stringify(swapped));
    await region.getByRole('button', { name: 'Check and import' }).click();
    await expect(region.getByRole('alert')).toContainText(new RegExp(`Not imported: .*${escapeRegExp(safeTxHash)}.*Nothing of it was kept\\.`), { timeout: 20_000 });

    // Text that is no package at all.
    await region.getByLabel('Or paste a link or the package’s text').fill('hello');
    await region.getByRole('button', { name: 'Check and import' }).click();
    await expect(region.getByRole('alert')).toContainText('Not imported: This is neither a signing package file nor a link to one.');
    // Only the original package is queued at that nonce.
    await expect(page.locator('.tx-row').filter({ has: page.locator('.tx-nonce', { hasText: new RegExp(`^${nonce}$`) }) })).toHaveCount(1, { timeout: 20_000 });
  } finally {
    await context.close();
  }
});

test('when the gateway answers again, a package kept in this browser is proposed to it', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const origin = new URL(app.devnet.gatewayUrl).origin;
  const blocking = (url: URL) => url.origin === origin;
  await context.route(blocking, (route) => route.abort('connectionrefused'));
  try {
    const page = await context.newPage();
    const nonce = await ui.safeNonce();
    await openChainReadSafe(page, 0);
    await page.getByRole('button', { name: 'New transaction' }).click();
    await ui.composeTransfer(page, owner(2), '0.5');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await ui.chooseNonce(page, nonce);
    const safeTxHash = await ui.shownSafeTxHash(page);
    await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
    await expect(dialog(page).getByRole('status').first()).toContainText('Signature kept in this browser.', { timeout: 30_000 });
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    const gatewayDetails = () => fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/transactions/${safeTxHash}`);
    expect((await gatewayDetails()).status).toBe(404);

    // The gateway is back: the Safe is read from it again; the kept package waits under "Signing packages".
    await context.unroute(blocking);
    await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
    await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('note', { name: NOTICE })).toHaveCount(0);
    await page.getByText('Signing packages: import one, or propose those kept in this browser').click();
    const kept = page.getByRole('list', { name: 'Signing packages kept in this browser' });
    await expect(kept.getByRole('listitem').filter({ hasText: safeTxHash })).toContainText(`Nonce ${nonce}, 1 signature`, { timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
    await kept.getByRole('button', { name: `Propose to the gateway (nonce ${nonce})` }).click();
    await expect(page.getByRole('region', { name: 'Kept in this browser' }).getByRole('status').last()).toContainText(`Proposed ${safeTxHash} with 1 signature: it is in the queue now.`, { timeout: 20_000 });

    // The gateway holds it, with owner A's signature; the browser no longer keeps it.
    const details = (await (await gatewayDetails()).json()) as { detailedExecutionInfo: { confirmations: { signer: { value: string } }[] } };
    expect(details.detailedExecutionInfo.confirmations.map((c) => c.signer.value)).toEqual([owner(0)]);
    await expect(kept.getByRole('listitem').filter({ hasText: safeTxHash })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('without a gateway a message is signed on chain: its SignMessageLib transaction goes through a signing package', async ({ browser }) => {
  test.setTimeout(300_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  await blockGateway(contextA);
  await blockGateway(contextB);
  try {
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const nonce = await ui.safeNonce();
    const text = `Signed on chain without a gateway ${Date.now()}`;

    // Owner A: Sign message goes straight to the on-chain signature, and its transaction is kept as a package.
    await openChainReadSafe(pageA, 0);
    await pageA.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    await pageA.getByRole('button', { name: 'Sign message' }).click();
    const d = dialog(pageA);
    await d.getByRole('radio', { name: /^Text/ }).check();
    await d.getByRole('textbox', { name: 'Message' }).fill(text);
    await d.getByRole('button', { name: 'Review' }).click();
    await expect(d).toHaveAccessibleName('Sign message on-chain', { timeout: 20_000 });
    await expect(d.getByLabel('message hash signed', { exact: true })).toHaveText(hashMessage(text));
    const safeMessageHash = (await d.getByLabel('SafeMessage hash', { exact: true }).textContent())!.trim() as Hex;
    await d.getByRole('button', { name: 'Create transaction' }).click();
    await expect(d.getByRole('region', { name: 'Requested transaction' })).toContainText('Message signature (SignMessageLib 1.4.1)', { timeout: 20_000 });
    await d.getByRole('button', { name: 'Continue' }).click();
    await ui.chooseNonce(pageA, nonce);
    await ui.shownSafeTxHash(pageA);
    await d.getByRole('button', { name: /^Sign$/ }).click();
    await expect(d.getByRole('status').first()).toContainText('Signature kept in this browser. Confirmed 1 of 2.', { timeout: 30_000 });
    const share = d.getByRole('region', { name: 'Signing package' });
    const [download] = await Promise.all([pageA.waitForEvent('download'), share.getByRole('button', { name: 'Download package file' }).click()]);
    const file = await download.path();
    await d.getByRole('button', { name: 'Close' }).click();

    // Owner B imports the file, then signs and executes; the Safe then holds the message as signed.
    await openChainReadSafe(pageB, 1);
    await pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await importRegion(pageB).getByLabel('Package file').setInputFiles(file);
    await expect(importRegion(pageB).getByRole('status')).toContainText(`Checked and kept: nonce ${nonce}`, { timeout: 20_000 });
    await ui.openQueuedTx(pageB, nonce, /./);
    await pageB.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
    await dialog(pageB).getByRole('button', { name: 'Sign and execute' }).click();
    await expect(dialog(pageB).getByRole('status').first()).toContainText('Transaction was successful', { timeout: 60_000 });
    expect(await ui.safeNonce()).toBe(nonce + 1);
    expect(await ui.chain().readContract({ address: ui.team(), abi: signedMessagesAbi, functionName: 'signedMessages', args: [safeMessageHash] })).toBe(1n);
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
