/**
 * Issue 15 hole 1 (finding F1) on the real devnet, in Chromium: decoded calls whose parameters are structs.
 * Queued transactions call functions that take tuples — `submit((address,uint256),bytes32)` and
 * `payout((address,uint256)[])` — and a tampering proxy in front of the devnet gateway rewrites the decoding the
 * gateway returns with them (`txData.dataDecoded`), in the gateway's own form (`type: "tuple"` without components)
 * and in the canonical spelling `(address,uint256)[]`. A lie inside a tuple blocks signing and the wallet is never
 * asked; the truthful decoding is shown as verified and signing reaches the wallet; on the details page a lying
 * decoding is never shown.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { buildSafeTx } from '../../devnet/chain/index.ts';
import { proposeSafeTx } from '../../devnet/seed/offchain.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { escapeRegExp, txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls } from './fixtures/walletSpy.ts';
import { expectNothingSent } from './fixtures/txTamper.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });

const ui = txFlowPage(() => app);
const { dialog } = ui;

type Json = Record<string, unknown>;

/** Where a lying gateway would like the funds to go. */
const MALLORY = getAddress('0xbadbadbadbadbadbadbadbadbadbadbadbadbad0');
/** Any trace of MALLORY in the page. */
const MALLORY_TRACE = /badbadbad/i;
/** The contract the calls go to (its code does not matter: the decoding is checked against the bytes). */
const TARGET = getAddress('0x00000000000000000000000000000000c0de5ec7');
const REF = `0x${'ab'.repeat(32)}` as Hex;
/** The control's own transaction (signing it must not change what the other tests open). */
const CONTROL_REF = `0x${'cd'.repeat(32)}` as Hex;

const structAbi = parseAbi(['function submit((address to, uint256 amount) order, bytes32 ref)', 'function payout((address to, uint256 amount)[] payments)']);

/** The two calls with struct parameters, their nonces (after the seeded queue) and the decodings the gateway may send. */
function calls() {
  const alice = ui.owner(3);
  const bob = ui.owner(2);
  const next = app.devnet.demo.queue.reduce((max, q) => Math.max(max, q.nonce), 0) + 1;
  const submitCall = (nonce: number, ref: Hex) => ({
    nonce,
    data: encodeFunctionData({ abi: structAbi, functionName: 'submit', args: [{ to: alice, amount: 5n }, ref] }),
    // The gateway's form: a bare "tuple" type, its value the list of the members.
    decoding: (to: Address, amount: string) => ({
      method: 'submit',
      parameters: [
        { name: 'order', type: 'tuple', value: [to, amount] },
        { name: 'ref', type: 'bytes32', value: ref },
      ],
    }),
    alice,
  });
  return {
    submit: submitCall(next, REF),
    control: submitCall(next + 2, CONTROL_REF),
    payout: {
      nonce: next + 1,
      data: encodeFunctionData({ abi: structAbi, functionName: 'payout', args: [[{ to: alice, amount: 7n }, { to: bob, amount: 9n }]] }),
      // The canonical spelling of an array of tuples.
      decoding: (second: Address, amount: string) => ({
        method: 'payout',
        parameters: [{ name: 'payments', type: '(address,uint256)[]', value: [[alice, '7'], [second, amount]] }],
      }),
      bob,
    },
  };
}

/** Proposes the three queued transactions (owner A signs them), once for the file. */
let proposed = false;
async function proposeStructCalls() {
  if (proposed) return;
  const team = app.devnet.safes[0]!;
  const { submit, payout, control } = calls();
  for (const call of [submit, payout, control]) {
    await proposeSafeTx(app.devnet.gatewayUrl, app.devnet.chainId, team.address, buildSafeTx({ to: TARGET, data: call.data, nonce: BigInt(call.nonce) }), app.devnet.owners[0]!);
  }
  proposed = true;
}

/** Makes the gateway's details answer for the transaction with `data` carry `decoding` as its decoded data. */
async function decodeAs(page: Page, data: Hex, decoding: Json) {
  let tampered = 0;
  await page.route(new RegExp(`^${escapeRegExp(app.devnet.gatewayUrl)}/v1/chains/${app.devnet.chainId}/transactions/multisig_[^/?]+(\\?.*)?$`), async (route: Route) => {
    const response = await route.fetch();
    const json = (await response.json()) as Json;
    const txData = json.txData as Json | null;
    if (txData && typeof txData.hexData === 'string' && txData.hexData.toLowerCase() === data.toLowerCase()) {
      txData.dataDecoded = decoding;
      tampered += 1;
    }
    await route.fulfill({ response, json });
  });
  return { count: () => tampered };
}

/**
 * Owner B (account 1) opens the queued transaction at `nonce` and its details page. After the page load the wallet
 * reconnects with the account last selected in this tab (`reconnectsAs`: owner A at first, B once B was selected).
 */
async function openDetails(page: Page, nonce: number, reconnectsAs = 0) {
  await page.goto(app.url(`/transactions/queue?safe=${app.teamSafe}`));
  await expect(ui.walletButton(page, reconnectsAs)).toBeVisible({ timeout: 20_000 });
  await ui.selectAccount(page, 1);
  await ui.openQueuedTx(page, nonce, /./);
}

async function openConfirm(page: Page, nonce: number) {
  await openDetails(page, nonce);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 30_000 });
}

const blockedAlert = (page: Page) => dialog(page).getByRole('alert').filter({ hasText: 'Signing is blocked' });
const target = `${TARGET.slice(0, 6)}…${TARGET.slice(-4)}`;

/** Signing is blocked, clicking anyway sends nothing, and no part of the lie is shown as the decoding. */
async function expectBlockedAndNothingSent(page: Page) {
  const whatItDoes = dialog(page).getByRole('region', { name: 'What it does' });
  await expect(whatItDoes).not.toContainText('Method:');
  await expect(whatItDoes).not.toContainText(MALLORY_TRACE);
  await expectNothingSent(page);
}

test.beforeEach(async ({ page }) => {
  await proposeStructCalls();
  await installWalletSpy(page);
  await ui.openSafe(page, 0);
});

test('control: the truthful decoding of a struct parameter (the gateway\'s bare "tuple") is shown as verified and signing reaches the wallet', async ({ page }) => {
  const { control: submit } = calls();
  const proxy = await decodeAs(page, submit.data, submit.decoding(submit.alice, '5'));
  await openConfirm(page, submit.nonce);
  await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(blockedAlert(page)).toHaveCount(0);
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText(`Call submit on ${target}`);
  const whatItDoes = dialog(page).getByRole('region', { name: 'What it does' });
  await expect(whatItDoes).toContainText('Method: submit (decoding verified against the call data)');
  await expect(whatItDoes).toContainText(`["${submit.alice}","5"]`);
  const sign = dialog(page).getByRole('button', { name: 'Sign', exact: true });
  await expect(sign).toBeEnabled();
  await sign.click();
  await expect.poll(() => signingCalls(page)).toContain('eth_signTypedData_v4');
});

test('a lie inside a struct parameter (another recipient in the tuple) blocks signing and the wallet is never asked', async ({ page }) => {
  const { submit } = calls();
  const proxy = await decodeAs(page, submit.data, submit.decoding(MALLORY, '5'));
  await openConfirm(page, submit.nonce);
  await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  const blocked = blockedAlert(page);
  await expect(blocked).toContainText('The gateway reports txData.dataDecoded');
  await expect(blocked).toContainText(`${MALLORY.toLowerCase()} at parameter 0.0`);
  // The title is the local sentence: the lying decoding does not even name the method.
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText(new RegExp(`^Call function 0x[0-9a-f]{8} \\(not decoded\\) on ${escapeRegExp(target)}$`));
  await expectBlockedAndNothingSent(page);
});

test('a lie inside an array of structs (canonical "(address,uint256)[]" spelling) blocks signing and the wallet is never asked', async ({ page }) => {
  const { payout } = calls();
  const proxy = await decodeAs(page, payout.data, payout.decoding(payout.bob, '9000'));
  await openConfirm(page, payout.nonce);
  await expect.poll(() => proxy.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  const blocked = blockedAlert(page);
  await expect(blocked).toContainText('The gateway reports txData.dataDecoded');
  await expect(blocked).toContainText('9000 at parameter 0.1.1');
  await expectBlockedAndNothingSent(page);
  await expect(dialog(page).getByRole('region', { name: 'What it does' })).not.toContainText('9000');
});

test('the truthful array of structs is verified; on the details page a lying struct decoding is never shown', async ({ page }) => {
  const { payout, submit } = calls();
  // Truthful: verified and listed with both members.
  const honest = await decodeAs(page, payout.data, payout.decoding(payout.bob, '9'));
  await openDetails(page, payout.nonce);
  await expect.poll(() => honest.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 2, name: `Call payout on ${target}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Method: payout (decoding verified against the call data)')).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });

  // Lying: the details page describes the bytes and shows nothing of the gateway's decoding.
  const lying = await decodeAs(page, submit.data, submit.decoding(MALLORY, '5'));
  await openDetails(page, submit.nonce, 1);
  await expect.poll(() => lying.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Call function 0x[0-9a-f]{8} \\(not decoded\\) on ${escapeRegExp(target)}$`) })).toBeVisible({ timeout: 20_000 });
  const main = page.getByRole('main');
  await expect(main).not.toContainText('Method: submit');
  await expect(main).not.toContainText(MALLORY_TRACE);
});
