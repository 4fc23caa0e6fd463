/**
 * Spending limits, phase 2 (issue 21, decision 0063), on the devnet in Chromium: the owners of the team Safe give
 * account 3 (owns nothing) a 100 dUSD daily limit (set up directly on chain: the UI path is spending-limits.spec's).
 * Account 3 opens the Safe: Assets shows its limit, read from the chain, and "Send with spending limit". It sends
 * 60 dUSD to a fresh address with one wallet prompt; the page is reloaded while that broadcast's answer is lost, the
 * flow comes back and finds the transfer on chain (sent once). The recipient's and the Safe's dUSD balances and the
 * module's getTokenAllowance are read back from the chain. Then 50 dUSD is refused in words before the wallet is
 * asked. No serious axe violation on the new screens; at 390 px nothing scrolls sideways.
 */
import { expect, test, type Page } from '@playwright/test';
import { encodeFunctionData, erc20Abi, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { ALLOWANCE_MODULE_ADDRESS, allowanceModuleAbi, encodeAddDelegate, encodeSetAllowance } from '../../src/domain/safe/allowance.ts';
import { connectDevnet, execNextSafeTx } from '../../devnet/chain/index.ts';
import { axeViolations } from './fixtures/axe.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { escapeRegExp, txFlowPage } from './fixtures/txFlowPage.ts';
import { expectSigningCalls, hangNext, hungResults, installWalletSpy } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
const ui = txFlowPage(() => app);
const enableModuleAbi = parseAbi(['function enableModule(address module)']);
/** Receives the transfer: an address with no history, so its balance is exactly what arrived. */
const PAYEE: Address = getAddress('0x00000000000000000000000000000000a11ce5e7');
const BENEFICIARY = 3;
const dusd = (n: number) => BigInt(n) * 10n ** 6n;

const allowanceOf = async (safe: Address, delegate: Address, token: Address) =>
  ui.chain().readContract({ address: ALLOWANCE_MODULE_ADDRESS, abi: allowanceModuleAbi, functionName: 'getTokenAllowance', args: [safe, delegate, token] });

/** The page is no wider than the screen. */
async function expectNoSideScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `${what} is ${widths.scroll} px wide at ${widths.inner} px`).toBeLessThanOrEqual(widths.inner);
}

test.beforeAll(async () => {
  // The owners of the 2-of-3 team Safe enable the module, add account 3 and give it 100 dUSD a day; the Safe holds dUSD.
  const { devnet } = app;
  const safe = ui.team();
  const usd = devnet.tokens.usd.address as Address;
  const signers = [devnet.owners[0]!.privateKey as Hex, devnet.owners[1]!.privateKey as Hex];
  const beneficiary = ui.owner(BENEFICIARY);
  const c = await connectDevnet(devnet.rpcUrl);
  await c.send(devnet.owners[0]!, { to: usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [safe, dusd(200)] }) }, 'funding the team Safe with dUSD');
  await execNextSafeTx(devnet.rpcUrl, safe, { to: safe, data: encodeFunctionData({ abi: enableModuleAbi, functionName: 'enableModule', args: [ALLOWANCE_MODULE_ADDRESS] }) }, { signers });
  await execNextSafeTx(devnet.rpcUrl, safe, { to: ALLOWANCE_MODULE_ADDRESS, data: encodeAddDelegate(beneficiary) }, { signers });
  await execNextSafeTx(devnet.rpcUrl, safe, { to: ALLOWANCE_MODULE_ADDRESS, data: encodeSetAllowance({ delegate: beneficiary, token: usd, amount: dusd(100), resetTimeMin: 1440 }) }, { signers });
});

test('account 3 sends 60 dUSD within its 100 dUSD daily limit from Assets (a reload mid-broadcast sends nothing twice), then 50 dUSD is refused in words', async ({ page }) => {
  test.setTimeout(180_000);
  await installWalletSpy(page);
  const safe = ui.team();
  const usd = app.devnet.tokens.usd.address as Address;
  const beneficiary = ui.owner(BENEFICIARY);
  const safeBefore = await ui.balanceOf(usd, safe);

  // An owner sees nothing new on Assets.
  await ui.openSafe(page, 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
  const dusdRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /dUSD/ }) });
  await expect(dusdRow).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('wallet-spending-limit')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send with spending limit' })).toHaveCount(0);

  // The beneficiary sees its limit, read from the chain, on the token's row.
  await ui.selectAccount(page, BENEFICIARY);
  await expect(dusdRow.getByTestId('wallet-spending-limit')).toHaveText(/^Your spending limit: 100 dUSD per day, 0 spent, 100 left, resets \d{4}-\d\d-\d\d \d\d:\d\d UTC$/, { timeout: 20_000 });
  expect(await axeViolations(page)).toEqual([]);
  await dusdRow.getByRole('button', { name: 'Send with spending limit' }).click();

  const d = ui.dialog(page);
  await expect(d.getByRole('heading', { name: 'Send dUSD with your spending limit' })).toBeVisible();
  // Bad input is said in words.
  await d.getByLabel('Recipient address').fill('0x1234');
  await d.getByLabel('Amount (dUSD)').fill('sixty');
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByRole('alert').first()).toContainText('Enter the recipient’s address');
  await expect(d.getByRole('alert').nth(1)).toContainText('Enter an amount');
  await d.getByLabel('Recipient address').fill(PAYEE);
  await d.getByLabel('Amount (dUSD)').fill('60');
  expect(await axeViolations(page)).toEqual([]);
  await d.getByRole('button', { name: 'Next' }).click();

  // The review, derived from the calldata.
  await expect(d.getByTestId('spend-sentence')).toHaveText(`Send 60 dUSD from ${safe} to ${PAYEE} with your spending limit`, { timeout: 20_000 });
  await expect(d.getByTestId('spend-left-after')).toContainText(/40 dUSD of 100 dUSD per day \(resets \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
  await expect(d).toContainText('Allowance module');
  expect(await axeViolations(page)).toEqual([]);
  await expectSigningCalls(page, []);

  // The wallet sends, but its answer never reaches the page; the page is reloaded.
  await hangNext(page, 'eth_sendTransaction', 'afterSending');
  await d.getByRole('button', { name: 'Send with your wallet' }).click();
  await expect(d.getByRole('status')).toContainText('Confirm the transfer in your wallet');
  await expect.poll(() => hungResults(page), { timeout: 20_000 }).toHaveLength(1);
  await page.reload();
  await expect(ui.walletButton(page, BENEFICIARY)).toBeVisible({ timeout: 20_000 });
  // The flow comes back, finds the transfer on chain and checks its event: sent once.
  await expect(d.getByTestId('spend-done')).toHaveText('Sent. 40 dUSD left of your limit', { timeout: 30_000 });
  const [txHash] = await hungResults(page);
  await expect(d).toContainText(txHash!);
  await expectSigningCalls(page, ['eth_sendTransaction']);
  expect(await axeViolations(page)).toEqual([]);

  // The chain.
  expect(await ui.balanceOf(usd, PAYEE)).toBe(dusd(60));
  expect(await ui.balanceOf(usd, safe)).toBe(safeBefore - dusd(60));
  const [amount, spent, resetTimeMin, , nonce] = await allowanceOf(safe, beneficiary, usd);
  expect([amount, spent, resetTimeMin, nonce]).toEqual([dusd(100), dusd(60), 1440n, 2n]);

  await d.getByRole('button', { name: 'Close' }).click();
  await expect(d).toHaveCount(0);
  await expect(dusdRow.getByTestId('wallet-spending-limit')).toHaveText(/^Your spending limit: 100 dUSD per day, 60 spent, 40 left, resets /, { timeout: 20_000 });

  // 50 dUSD more: refused in words, before the wallet is asked.
  await dusdRow.getByRole('button', { name: 'Send with spending limit' }).click();
  await d.getByLabel('Recipient address').fill(PAYEE);
  await d.getByLabel('Amount (dUSD)').fill('50');
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByTestId('spend-refusal')).toHaveText(
    new RegExp(`^${escapeRegExp('50 dUSD is more than what is left of your spending limit: 40 dUSD of 100 dUSD per day (resets ')}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)\\. Nothing was sent\\.$`),
    { timeout: 20_000 },
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.waitForTimeout(1_000);
  await expectSigningCalls(page, ['eth_sendTransaction']);
  expect(await ui.balanceOf(usd, PAYEE)).toBe(dusd(60));
  expect((await allowanceOf(safe, beneficiary, usd))[1]).toBe(dusd(60));

  // At phone width the refusal, the form and Assets fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 'the refusal');
  await d.getByRole('button', { name: 'Edit' }).click();
  await expect(d.getByLabel('Amount (dUSD)')).toBeVisible();
  await expectNoSideScroll(page, 'the compose form');
  await d.getByLabel('Amount (dUSD)').fill('1');
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByTestId('spend-sentence')).toBeVisible({ timeout: 20_000 });
  await expectNoSideScroll(page, 'the review');
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(d).toHaveCount(0);
  await expect(dusdRow.getByRole('button', { name: 'Send with spending limit' })).toBeVisible();
  await expectNoSideScroll(page, 'Assets');
  await expectSigningCalls(page, ['eth_sendTransaction']);
});
