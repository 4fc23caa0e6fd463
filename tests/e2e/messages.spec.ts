/**
 * Issue 8 on the real devnet, in Chromium, with the Devnet Wallet: off-chain Safe messages from the compose form
 * to CONFIRMED (owner A signs, owner B confirms from the messages list), verified by the app and on chain through
 * EIP-1271; text and EIP-712 typed data; a non-owner cannot confirm; a tampered hash from the gateway is refused
 * before the wallet is asked; the on-chain fallback (SignMessageLib DELEGATECALL through the transaction flow);
 * a reload in the middle of a message flow; a Safe App's EIP-712 typed data for another chain is blocked before the
 * wallet is asked, typed data naming no chain is signed only after the user's acknowledgement (decision 0026).
 */
import { expect, test, type Page } from '@playwright/test';
import { hashMessage, hashTypedData, parseAbi, type Hex, type TypedDataDefinition } from 'viem';
import { DEMO_TEXT_MESSAGE, DEMO_TYPED_MESSAGE } from '../../devnet/seed/offchain.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { probeApp, type Settled } from './fixtures/probeApp.ts';
import { storedLog } from './fixtures/eventLog.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { hangNext, installWalletSpy, signingCalls, expectSigningCalls } from './fixtures/walletSpy.ts';

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ page }) => installWalletSpy(page));

const MAGIC_HASH_FORM = '0x1626ba7e';
const safeAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function signedMessages(bytes32 hash) view returns (uint256)',
]);
const { chain, team, dialog, walletButton, selectAccount, openSafe, safeNonce, chooseNonce, openQueuedTx } = txFlowPage(() => app);
const { openProbe, probeCall } = probeApp(() => app);

async function goToMessages(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
}

async function openMessage(page: Page, messageHash: string) {
  await goToMessages(page);
  await page.getByRole('link', { name: `Details of message ${messageHash}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message details');
}

/** Compose form → review; returns the SafeMessage hash the app computed. */
async function composeAndReview(page: Page, format: 'text' | 'typed', text: string): Promise<Hex> {
  await page.getByRole('button', { name: 'Sign message' }).click();
  const d = dialog(page);
  await expect(d).toHaveAccessibleName('Sign a message');
  await d.getByRole('radio', { name: format === 'text' ? /^Text/ : /^Typed data/ }).check();
  await d.getByRole('textbox', { name: format === 'text' ? 'Message' : 'Typed data' }).fill(text);
  await d.getByRole('button', { name: 'Review' }).click();
  await expect(d).toHaveAccessibleName('Confirm message');
  return (await d.getByLabel('SafeMessage hash', { exact: true }).textContent())!.trim() as Hex;
}

async function isValidOnChain(innerHash: Hex, signature: Hex): Promise<Hex> {
  return chain().readContract({ address: team(), abi: safeAbi, functionName: 'isValidSignature', args: [innerHash, signature] });
}

/** Owner A signs in the compose flow; the dialog shows 1 of 2, needs confirmation. */
async function ownerASigns(page: Page, format: 'text' | 'typed', text: string): Promise<Hex> {
  await openSafe(page, 0);
  await goToMessages(page);
  const hash = await composeAndReview(page, format, text);
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog(page)).toHaveAccessibleName('Collect confirmations', { timeout: 20_000 });
  const confirmations = dialog(page).getByRole('region', { name: 'Confirmations' });
  await expect(confirmations.getByRole('heading', { level: 3 })).toHaveText('Confirmations: 1 of 2');
  await expect(confirmations).toContainText('Status: Needs confirmation');
  await expect(confirmations.getByRole('list', { name: 'Missing signers' }).getByRole('listitem')).toHaveCount(2);
  await dialog(page).getByRole('button', { name: /^Close/ }).click();
  await expect(dialog(page)).toHaveCount(0);
  return hash;
}

const messageRow = (page: Page, hash: string) => page.locator('.message-list-row').filter({ has: page.getByRole('link', { name: `Details of message ${hash}` }) });

/** Owner B opens the message from the list and confirms it: CONFIRMED, verified on chain in the app. */
async function ownerBConfirms(page: Page, hash: Hex): Promise<Hex> {
  // In the list for owner A: 1 of 2, needs confirmation, under today's date label, no confirm button (A signed).
  await goToMessages(page);
  const row = messageRow(page, hash);
  // The list follows the Safe info's messagesTag (polled every 15 s).
  await expect(row).toContainText('1/2', { timeout: 25_000 });
  await expect(row).toContainText('Needs confirmation');
  await expect(row.getByRole('button', { name: 'Confirm message' })).toHaveCount(0);
  const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());
  await expect(page.getByRole('table', { name: 'Messages' }).getByRole('heading', { level: 2 }).first()).toHaveText(today);
  // Owner B sees the confirm button in the list and in the details.
  await selectAccount(page, 1);
  await expect(row.getByRole('button', { name: 'Confirm message' })).toBeVisible();
  await openMessage(page, hash);
  // Signed by A; B and the third owner are missing.
  await expect(page.getByRole('list', { name: 'Confirmed by' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Missing signers' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Confirm message' }).click();
  const d = dialog(page);
  await expect(d).toHaveAccessibleName('Confirm message', { timeout: 20_000 });
  await expect(d.getByLabel('SafeMessage hash', { exact: true })).toHaveText(hash);
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(d).toHaveAccessibleName('Message successfully signed', { timeout: 30_000 });
  await expect(d.getByRole('status').first()).toContainText('The Safe confirms this signature on chain: apps that check it will accept it.');
  await expect(d.getByRole('status').first()).toContainText(
    `Technical check: the Safe's isValidSignature(bytes32, bytes) returned ${MAGIC_HASH_FORM}, the EIP-1271 magic value.`,
  );
  await expect(d.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 2 of 2');
  const signature = (await d.getByLabel('signature', { exact: true }).textContent())!.trim() as Hex;
  expect(signature).toMatch(/^0x[0-9a-f]{260}$/);
  await d.getByRole('button', { name: /^Close/ }).click();
  await expect(d).toHaveCount(0);
  return signature;
}

test('owner A signs a text message, owner B confirms it: CONFIRMED and valid through EIP-1271 on chain', async ({ page }) => {
  test.setTimeout(180_000);
  const text = `Countersign e2e text message ${Date.now()}`;
  const hash = await ownerASigns(page, 'text', text);

  const signature = await ownerBConfirms(page, hash);
  expect(await isValidOnChain(hashMessage(text), signature)).toBe(MAGIC_HASH_FORM);

  // The list and the details show it confirmed, with no missing signer and no confirm button.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message details');
  await expect(page.getByRole('region', { name: 'Message', exact: true })).toContainText('Confirmed');
  await expect(page.getByRole('button', { name: 'Confirm message' })).toHaveCount(0);
});

/** The seed's typed data (devnet/seed/offchain.ts) with new contents, so it is a new message. */
const typedMessage = () => ({ ...DEMO_TYPED_MESSAGE, message: { ...DEMO_TYPED_MESSAGE.message, contents: `Typed data from the e2e test ${Date.now()}` } });

test('owner A signs EIP-712 typed data, owner B confirms it: CONFIRMED and valid through EIP-1271 on chain', async ({ page }) => {
  test.setTimeout(180_000);
  const typed = typedMessage();
  const hash = await ownerASigns(page, 'typed', JSON.stringify(typed, null, 2));
  const signature = await ownerBConfirms(page, hash);
  expect(await isValidOnChain(hashTypedData(typed as TypedDataDefinition), signature)).toBe(MAGIC_HASH_FORM);
  await expect(page.getByLabel('Message content')).toContainText('"primaryType": "Mail"');
});

test('a non-owner cannot confirm: no confirm button, and a flow whose wallet switches to a non-owner refuses to sign', async ({ page }) => {
  test.setTimeout(180_000);
  const hash = await ownerASigns(page, 'text', `Only owners sign this ${Date.now()}`);
  const signedBefore = await signingCalls(page);
  expect(signedBefore).toEqual(['eth_signTypedData_v4']);

  // Account 3 owns nothing: no confirm button in the list or in the details, and no new message either.
  await selectAccount(page, 3);
  await goToMessages(page);
  await expect(messageRow(page, hash)).toContainText('1/2', { timeout: 25_000 });
  await expect(page.getByRole('button', { name: 'Confirm message' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign message' })).toBeDisabled();
  await openMessage(page, hash);
  await expect(page.getByRole('list', { name: 'Missing signers' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Confirm message' })).toHaveCount(0);

  // Owner B opens the flow, then the wallet switches to account 3 in the middle of it: the flow refuses.
  await selectAccount(page, 1);
  await page.getByRole('button', { name: 'Confirm message' }).click();
  const d = dialog(page);
  await expect(d.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled({ timeout: 20_000 });
  await selectAccount(page, 3);
  await expect(d.getByRole('alert')).toContainText("You are currently not a signer of this Safe account and won't be able to confirm this message.");
  await expect(d.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(d).toHaveCount(0);
  expect(await signingCalls(page)).toEqual(signedBefore);
});

/** The seeded plain-text message signed by owner 1 only (devnet/seed/offchain.ts): owner 0 may confirm it. */
async function seededMessageHash(page: Page): Promise<Hex> {
  await goToMessages(page);
  const link = page.locator('.message-list-row').filter({ hasText: DEMO_TEXT_MESSAGE }).getByRole('link');
  const href = (await link.getAttribute('href'))!;
  return new URL(href, 'http://localhost').searchParams.get('messageHash') as Hex;
}

/** Rewrites the gateway's answer for GET messages/{hash}. */
async function tamperMessage(page: Page, hash: string, change: (message: Record<string, unknown>) => void) {
  await page.route(
    (url) => url.pathname.toLowerCase().endsWith(`/messages/${hash.toLowerCase()}`),
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      change(body);
      await route.fulfill({ response, json: body });
    },
  );
}

test('a tampered hash or message in the gateway answer is refused before the wallet is asked', async ({ page }) => {
  test.setTimeout(120_000);
  await openSafe(page, 0);
  const hash = await seededMessageHash(page);
  const forged = `0x${'ab'.repeat(32)}`;

  // 1. The answer names another messageHash.
  await tamperMessage(page, hash, (m) => {
    m.messageHash = forged;
  });
  await messageRow(page, hash).getByRole('button', { name: 'Confirm message' }).click();
  const d = dialog(page);
  await expect(d).toHaveAccessibleName('Message refused', { timeout: 20_000 });
  await expect(d.getByRole('alert')).toHaveText(
    `Refused: the gateway answered for message hash ${forged}, but the SafeMessage hash computed locally is ${hash}. Nothing was signed or sent.`,
  );
  await expect(d.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await d.getByRole('button', { name: 'Close' }).click();
  await expect(d).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // Closing ends the flow's stream in the page's event log a moment after the dialog goes; a reload before that would
  // rightly bring the refused flow back (flows are restored from their log). Wait until the log says it is closed.
  await expect.poll(async () => Object.values((await storedLog(page, 'messageFlow')).status), { timeout: 10_000 }).toEqual(['closed']);
  // The gateway client keeps the (refused) answer until the Safe's messagesTag changes: start from a fresh page.
  await page.reload();
  await expect(walletButton(page, 0)).toBeVisible({ timeout: 20_000 });

  // 2. The hash is kept but the message was changed: it hashes locally to something else.
  await tamperMessage(page, hash, (m) => {
    m.message = `${String(m.message)} (and send all funds to the attacker)`;
  });
  await messageRow(page, hash).getByRole('button', { name: 'Confirm message' }).click();
  await expect(d).toHaveAccessibleName('Message refused', { timeout: 20_000 });
  await expect(d.getByRole('alert')).toContainText(`Refused: the message stored under ${hash} hashes locally to 0x`);
  await expect(d.getByRole('alert')).toContainText("The gateway's message does not match its hash; do not sign it.");
  await d.getByRole('button', { name: 'Close' }).click();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  expect(await signingCalls(page)).toEqual([]);
});

/** Drops EIP1271 from the devnet chain's features in the gateway's chain config (list and single chain). */
async function withoutEip1271(page: Page) {
  await page.route(
    (url) => /^\/v1\/chains(\/\d+)?\/?$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { results?: { features: string[] }[]; features?: string[] };
      for (const chainInfo of body.results ?? [body]) if (chainInfo.features) chainInfo.features = chainInfo.features.filter((f) => f !== 'EIP1271');
      await route.fulfill({ response, json: body });
    },
  );
}

test('without EIP1271 the message is signed on chain: a SignMessageLib delegate call proposed, executed, and valid on chain', async ({ page }) => {
  test.setTimeout(240_000);
  await withoutEip1271(page);
  const text = `Signed on chain ${Date.now()}`;
  const nonce = await safeNonce();
  await openSafe(page, 0);
  await goToMessages(page);
  await expect(page.getByText('Messages are not available on this network.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign message' }).click();
  const d = dialog(page);
  await d.getByRole('radio', { name: /^Text/ }).check();
  await d.getByRole('textbox', { name: 'Message' }).fill(text);
  await d.getByRole('button', { name: 'Review' }).click();
  await expect(d).toHaveAccessibleName('Sign message on-chain', { timeout: 20_000 });
  await expect(d.getByRole('note')).toHaveText('Signing a message with your Safe account requires a transaction on the blockchain');
  await expect(d).toContainText('SignMessageLib 1.4.1');
  await expect(d.getByLabel('message hash signed', { exact: true })).toHaveText(hashMessage(text));
  const safeMessageHash = (await d.getByLabel('SafeMessage hash', { exact: true }).textContent())!.trim() as Hex;
  await d.getByRole('button', { name: 'Create transaction' }).click();

  // The transaction flow opens on top with the handed-over DELEGATECALL; it is allow-listed, so nothing blocks it.
  await expect(d.getByRole('region', { name: 'Requested transaction' })).toContainText('Message signature (SignMessageLib 1.4.1)', { timeout: 20_000 });
  await expect(d.getByRole('region', { name: 'Requested transaction' })).toContainText('0xd53cd0aB83D845Ac265BE939c57F53AD838012c9');
  await d.getByRole('button', { name: 'Continue' }).click();
  await chooseNonce(page, nonce);
  await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
  await expect(d).not.toContainText('not a known Safe library');
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Close' }).click();
  // The message flow learns the transaction was proposed and ends: no dialog is left.
  await expect(dialog(page)).toHaveCount(0);

  // Owner B confirms and executes it from the queue.
  await selectAccount(page, 1);
  // The row names the method and the address-book name only, never the gateway's label ("SignMessageLib").
  await openQueuedTx(page, nonce, /signMessage on SignMessageLib 1\.4\.1/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  expect(await safeNonce()).toBe(nonce + 1);
  expect(await chain().readContract({ address: team(), abi: safeAbi, functionName: 'signedMessages', args: [safeMessageHash] })).toBe(1n);
  expect(await isValidOnChain(hashMessage(text), '0x')).toBe(MAGIC_HASH_FORM);
});

test('the user may choose on-chain signing where off-chain is available', async ({ page }) => {
  test.setTimeout(120_000);
  await openSafe(page, 0);
  await goToMessages(page);
  await composeAndReview(page, 'text', `On chain by choice ${Date.now()}`);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Sign on-chain instead' }).click();
  await expect(d).toHaveAccessibleName('Sign message on-chain', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Create transaction' }).click();
  await expect(d.getByRole('region', { name: 'Requested transaction' })).toContainText('Message signature (SignMessageLib 1.4.1)', { timeout: 20_000 });
  // Cancelling the transaction also ends the message flow.
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await signingCalls(page)).toEqual([]);
});

test('a reload in the middle of a message flow restores it; an in-flight signature request is never re-sent', async ({ page }) => {
  test.setTimeout(180_000);
  const text = `Reloaded mid-flow ${Date.now()}`;
  await openSafe(page, 0);
  await goToMessages(page);
  const hash = await composeAndReview(page, 'text', text);

  // 1. Reload at the review step: the flow comes back from its event log, at review, with the same hash.
  await page.reload();
  const d = dialog(page);
  await expect(d.getByLabel('SafeMessage hash', { exact: true })).toHaveText(hash, { timeout: 20_000 });
  await expect(d).toHaveAccessibleName('Confirm message');

  // 2. The wallet prompt is left open, then the page is reloaded: the flow checks the gateway and stops at
  //    "interrupted" without asking the wallet again.
  await hangNext(page, 'eth_signTypedData_v4', 'prompt');
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(d.getByRole('status')).toHaveText('Confirm the signature request in your wallet.');
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  await page.reload();
  await expect(d.getByRole('alert')).toHaveText(
    'The signature request was interrupted (the page was reloaded). Nothing was sent again; confirm to continue.',
    { timeout: 20_000 },
  );
  await expect(page.locator('[role="dialog"][data-flow-restored="true"]')).toBeVisible();
  await expectSigningCalls(page, ['eth_signTypedData_v4']);

  // 3. Only the user's explicit retry asks again; it then goes through to the gateway.
  await d.getByRole('button', { name: 'Retry' }).click();
  await expect(d).toHaveAccessibleName('Confirm message');
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(d).toHaveAccessibleName('Collect confirmations', { timeout: 20_000 });
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_signTypedData_v4']);
  await d.getByRole('button', { name: /^Close/ }).click();
});

test('owner A keeps collecting while owner B confirms in another browser: A sees CONFIRMED and the verification', async ({ browser }) => {
  test.setTimeout(180_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  try {
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    await installWalletSpy(pageA);
    await installWalletSpy(pageB);
    await openSafe(pageA, 0);
    await goToMessages(pageA);
    const text = `Collected while open ${Date.now()}`;
    const hash = await composeAndReview(pageA, 'text', text);
    await dialog(pageA).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(pageA)).toHaveAccessibleName('Collect confirmations', { timeout: 20_000 });
    await expect(dialog(pageA).getByRole('status').first()).toContainText('Your signature is saved: you can close this dialog, and the other signers can confirm the message from the Messages list.');

    await openSafe(pageB, 1);
    await openMessage(pageB, hash);
    await pageB.getByRole('button', { name: 'Confirm message' }).click();
    await dialog(pageB).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(pageB)).toHaveAccessibleName('Message successfully signed', { timeout: 30_000 });

    // A's dialog polls the gateway: it reaches CONFIRMED by itself and checks the signature at the Safe.
    await expect(dialog(pageA)).toHaveAccessibleName('Message successfully signed', { timeout: 30_000 });
    await expect(dialog(pageA).getByRole('status').first()).toContainText('The Safe confirms this signature on chain: apps that check it will accept it.');
    await expect(dialog(pageA).getByRole('status').first()).toContainText(
      `Technical check: the Safe's isValidSignature(bytes32, bytes) returned ${MAGIC_HASH_FORM}, the EIP-1271 magic value.`,
    );
    const signature = (await dialog(pageA).getByLabel('signature', { exact: true }).textContent())!.trim() as Hex;
    expect(await isValidOnChain(hashMessage(text), signature)).toBe(MAGIC_HASH_FORM);
  } finally {
    await contextA.close();
    await contextB.close();
  }
});

test('a reload while the signature is being POSTed: checked, then sent again only on retry, without a new wallet prompt', async ({ page }) => {
  test.setTimeout(180_000);
  await openSafe(page, 0);
  await goToMessages(page);
  const hash = await composeAndReview(page, 'text', `POST in flight ${Date.now()}`);
  // The POST of the new message is held here (it never reaches the gateway) until the page goes away.
  let held = 0;
  let release = () => {};
  await page.route(
    (url) => /\/safes\/0x[0-9a-fA-F]{40}\/messages$/.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'POST' || held > 0) return route.fallback();
      held++;
      await new Promise<void>((resolve) => (release = resolve));
      await route.abort().catch(() => undefined);
    },
  );
  const d = dialog(page);
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(d.getByRole('status')).toHaveText('Submitting your signature to the gateway…', { timeout: 20_000 });
  // The status shows as the flow enters the step; the POST itself reaches the route a moment later.
  await expect.poll(() => held, { timeout: 10_000 }).toBe(1);
  await expectSigningCalls(page, ['eth_signTypedData_v4']);

  // The page goes away with the POST in flight (the held request is dropped with it).
  await page.reload();
  release();
  // Restored: the gateway has no such message, so the flow stops and asks; the wallet is not asked again.
  await expect(d.getByRole('alert')).toHaveText(
    'The signature request was interrupted (the page was reloaded). Nothing was sent again; confirm to continue.',
    { timeout: 20_000 },
  );
  await expect(d.getByLabel('SafeMessage hash', { exact: true })).toHaveText(hash);
  await d.getByRole('button', { name: 'Retry' }).click();
  await expect(d).toHaveAccessibleName('Collect confirmations', { timeout: 20_000 });
  await expect(d.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 1 of 2');
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  expect(held).toBe(1);
  await d.getByRole('button', { name: /^Close/ }).click();
});

/** An ERC-2612 Permit as a dapp asks a Safe App to get it signed; `chainId` undefined = a domain naming no chain. */
function permit(chainId?: number) {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        ...(chainId !== undefined ? [{ name: 'chainId', type: 'uint256' }] : []),
        { name: 'verifyingContract', type: 'address' },
      ],
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', ...(chainId !== undefined ? { chainId } : {}), verifyingContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    // A new deadline each time, so each request is a new message for the gateway.
    message: { owner: team(), spender: '0x1111111254EEB25477B68fb85Ed929f73A960582', value: '1000000000', nonce: '0', deadline: String(Math.floor(Date.now() / 1000) + 86_400) },
  };
}

const OTHER_CHAIN = 'This message is for chain 1, but this Safe is on chain 31337 — signing is blocked.';
const ANY_CHAIN_ACK = 'I understand this message is valid on every chain';

/** Every messageFlow stream on /audit: what happened (event + payload) and the resulting state of each record. */
async function messageFlowLogs(page: Page): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await page.getByText('Technical records: machine ids, stream ids and raw events').click();
  const streams = page.getByRole('list', { name: 'Flows' }).getByRole('listitem').filter({ hasText: 'messageFlow · ' });
  await expect(streams.first()).toBeVisible({ timeout: 20_000 });
  const logs: string[] = [];
  for (let i = 0; i < (await streams.count()); i++) {
    const button = streams.nth(i).getByRole('button').first();
    const streamId = (await button.textContent())!;
    await button.click();
    const section = page.getByRole('region', { name: `Stream ${streamId}` });
    await expect(section.getByRole('table', { name: 'Timeline' }).locator('tbody tr').first()).toBeVisible();
    const rows = await section.getByRole('table', { name: 'Timeline' }).locator('tbody tr').all();
    const lines: string[] = [];
    for (const row of rows) lines.push(`${await row.locator('td').nth(3).innerText()} => ${await row.locator('td').nth(4).innerText()}`);
    // The stored log replays, with no effect run, to the state it recorded.
    await section.getByRole('button', { name: 'Verify stored log' }).click();
    await expect(section.getByRole('status', { name: 'Stored log verification' })).toHaveText(/^OK: stream /);
    logs.push(lines.join('\n'));
  }
  return logs;
}

test('a Safe App’s typed data for another chain is blocked before the wallet is asked; no chain needs the acknowledgement; the Safe’s chain reaches the wallet', async ({ page }) => {
  test.setTimeout(240_000);
  const frame = await openProbe(page);

  // 1. An ERC-2612 Permit for mainnet (chain 1) while the Safe is on the devnet (31337): blocked, the wallet is
  //    never asked, Cancel answers the app with a rejection.
  const blockedAnswer = probeCall<Settled>(frame, 'signTypedMessage', permit(1));
  const blocked = page.getByRole('dialog', { name: 'Signing blocked' });
  await expect(blocked.getByRole('alert')).toHaveText(OTHER_CHAIN, { timeout: 20_000 });
  await expect(blocked).toContainText('Nothing was sent to your wallet.');
  await expect(blocked.getByRole('region', { name: 'Message' })).toContainText('"chainId": 1');
  await expect(blocked.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await expect(blocked.getByRole('button', { name: 'Sign on-chain instead' })).toHaveCount(0);
  await blocked.getByRole('button', { name: 'Cancel' }).click();
  await expect(blocked).toHaveCount(0);
  expect(await blockedAnswer).toEqual({ ok: false, error: 'Transaction was rejected' });
  expect(await signingCalls(page)).toEqual([]);

  // 2. The same Permit naming no chain: Sign waits for the user's acknowledgement.
  const anyChainAnswer = probeCall<Settled>(frame, 'signTypedMessage', permit());
  const anyChain = page.getByRole('dialog', { name: 'Confirm message' });
  await expect(anyChain.getByLabel('SafeMessage hash', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(anyChain).toContainText('This message names no chain (its EIP-712 domain has no chainId)');
  const sign = anyChain.getByRole('button', { name: 'Sign', exact: true });
  await expect(sign).toBeDisabled();
  await anyChain.getByRole('checkbox', { name: ANY_CHAIN_ACK }).check();
  await expect(sign).toBeEnabled();
  await sign.click();
  const collecting = page.getByRole('dialog', { name: 'Collect confirmations' });
  await expect(collecting.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 1 of 2', { timeout: 20_000 });
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  await collecting.getByRole('button', { name: /^Close/ }).click();
  expect(await anyChainAnswer).toEqual({ ok: false, error: 'Transaction was rejected' });

  // 3. Control: the Permit for the Safe's own chain goes to the wallet with nothing more to tick.
  const sameChainAnswer = probeCall<Settled>(frame, 'signTypedMessage', permit(31337));
  const sameChain = page.getByRole('dialog', { name: 'Confirm message' });
  await expect(sameChain.getByLabel('SafeMessage hash', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(sameChain.getByRole('region', { name: 'Message' })).toContainText('"chainId": 31337');
  await expect(sameChain.getByRole('checkbox')).toHaveCount(0);
  await sameChain.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(collecting.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 1 of 2', { timeout: 20_000 });
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_signTypedData_v4']);
  await collecting.getByRole('button', { name: /^Close/ }).click();
  expect(await sameChainAnswer).toEqual({ ok: false, error: 'Transaction was rejected' });

  // 4. The block and the acknowledgement are in the flows' event logs, which replay.
  const logs = await messageFlowLogs(page);
  expect(logs).toHaveLength(3);
  const blockedLog = logs.find((log) => log.includes('=> chainBlocked'));
  expect(blockedLog, logs.join('\n---\n')).toBeDefined();
  expect(blockedLog).toMatch(/xstate\.done\.actor\.computeMessageHash .*"kind":"typed".* => chainBlocked/);
  expect(blockedLog).toMatch(/user\.cancel\s*=> cancelled/);
  expect(logs.filter((log) => log.includes('user.acknowledgeAnyChain {"acknowledged":true} => review'))).toHaveLength(1);
});
