/**
 * Issue 11, fault injection on the signing flows, in Chromium against the devnet-mode app on a throw-away devnet.
 * A faulty proxy (Playwright route interception, tests/e2e/fixtures/gatewayFaults.ts) in front of the devnet
 * gateway makes one write or prepare endpoint answer 5xx, hang past the timeout (also after the gateway acted on
 * the request: its answer is lost) or return malformed JSON:
 *  - the proposal POST (owner A's first signature) and owner B's confirmation of a queued transaction;
 *  - the relay POST;
 *  - the nonces read, the safeTxGas estimation and the data decoder (what the compose → review steps need);
 *  - the off-chain message's creation POST and its confirmation POST.
 * Each gives the flow's failure state with the gateway's §8 text and "Try again" (the message dialog's "Retry");
 * no signature is lost (after the fault is removed, "Try again" posts the same signature without a new wallet
 * prompt: the Devnet Wallet is instrumented, tests/e2e/fixtures/walletSpy.ts); no draft is lost (Back shows the composed values); and the
 * retries follow the seed's policy (product-spec §9, src/services/gateway/http.ts): gateway requests are never
 * retried automatically — one request per attempt, one more per "Try again" — and time out after 10000 ms.
 */
import { expect, test, type Page } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { injectGatewayFault, type Fault, type InjectedFault } from './fixtures/gatewayFaults.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';
import { installWalletSpy, signingCalls, expectSigningCalls } from './fixtures/walletSpy.ts';

/** product-spec §9 / src/services/gateway/http.ts */
const GATEWAY_TIMEOUT_MS = 10_000;

const app = useDevnetApp();
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ page }) => installWalletSpy(page));

const ui = txFlowPage(() => app);
const { dialog, owner, team } = ui;
const chainPath = () => `/v1/chains/${app.devnet.chainId}`;
const inject = (page: Page, path: string, initial: Fault | null, method: 'GET' | 'POST') => injectGatewayFault(page, app.devnet.gatewayUrl, path, initial, { method });
const proposePath = () => `${chainPath()}/transactions/${team()}/propose`;
/** The transaction dialog's button; the message dialog calls it "Retry". */
const tryAgain = (page: Page, name: 'Try again' | 'Retry' = 'Try again') => dialog(page).getByRole('button', { name, exact: true });
const alertOf = (page: Page) => dialog(page).getByRole('alert');

/** The app does not repeat a request on its own: the count stays put for a while. */
async function expectAttempts(page: Page, fault: InjectedFault, expected: number) {
  await page.waitForTimeout(1_000);
  expect(fault.attempts()).toBe(expected);
}

/** Every request the fault saw carried the same JSON body (the same signature, posted again). */
function expectSameBodies(fault: InjectedFault): Record<string, unknown> {
  const bodies = fault.bodies().map((body) => JSON.stringify(body));
  expect(new Set(bodies).size).toBe(1);
  return JSON.parse(bodies[0]!) as Record<string, unknown>;
}

/** A hang (before or after the gateway got the request): the request stays open until the page's 10 s timeout; the failure is shown then, after one request. */
async function expectTimeout(page: Page, fault: InjectedFault, busy: string, expected: number, retry: 'Try again' | 'Retry' = 'Try again') {
  const started = Date.now();
  await tryAgain(page, retry).click();
  await expect(dialog(page).getByRole('status')).toHaveText(busy);
  await expect(alertOf(page)).toContainText('The gateway did not answer within 10 s.', { timeout: GATEWAY_TIMEOUT_MS + 10_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(GATEWAY_TIMEOUT_MS);
  await expectAttempts(page, fault, expected);
}

async function gatewayTx(safeTxHash: string): Promise<{ detailedExecutionInfo: { confirmations: { signer: { value: string }; signature: string }[] } }> {
  const res = await fetch(`${app.devnet.gatewayUrl}${chainPath()}/transactions/${safeTxHash}`);
  expect(res.status).toBe(200);
  return res.json() as never;
}

/** Back on the compose step: the ERC20 transfer composed is all there. */
async function expectDraft(page: Page, recipient: string, amount: string) {
  const d = dialog(page);
  await expect(d.getByRole('radio', { name: 'Send tokens' })).toBeChecked();
  await expect(d.getByLabel('Token', { exact: true })).toHaveValue(app.devnet.tokens.usd.address);
  await expect(d.getByLabel('Recipient address')).toHaveValue(recipient);
  await expect(d.getByLabel('Amount', { exact: true })).toHaveValue(amount);
}

/**
 * A prepare-side failure shown with `prefix` and `firstText`, then malformed JSON on "Try again" (one request
 * each, no automatic retry), then Back: the composed transfer is all there.
 */
async function failTwiceThenBack(page: Page, fault: InjectedFault, prefix: string, firstText: string, recipient: string, amount: string) {
  await expect(alertOf(page)).toHaveText(`${prefix} ${firstText}`);
  await expectAttempts(page, fault, 1);
  fault.set({ kind: 'malformed' });
  await tryAgain(page).click();
  await expect(alertOf(page)).toHaveText(`${prefix} Invalid response content: OK`);
  await expectAttempts(page, fault, 2);
  await dialog(page).getByRole('button', { name: 'Back' }).click();
  await expectDraft(page, recipient, amount);
}

/**
 * The review is reached, ready to sign, and the wallet was never asked for anything; then cancel. `warning`: a risk the
 * review must name before signing is possible (its acknowledgement is ticked here).
 */
async function reviewWithoutWallet(page: Page, warning?: string) {
  const d = dialog(page);
  await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
  if (warning !== undefined) {
    await expect(d.getByText(warning)).toBeVisible({ timeout: 20_000 });
    await expect(d.getByRole('button', { name: /^Sign$/ })).toBeDisabled();
    await d.getByRole('checkbox', { name: 'I understand the risks and would like to proceed with this transaction.' }).check();
  }
  await expect(d.getByRole('button', { name: /^Sign$/ })).toBeEnabled();
  expect(await signingCalls(page)).toEqual([]);
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(d).toHaveCount(0);
}

const SUBMIT_FAILED = 'Error submitting the transaction. Please try again.';

test('the proposal POST: 5xx, malformed JSON and a lost answer (timeout) each give "Try again", which posts the same signature without a new wallet prompt', async ({ page }) => {
  test.setTimeout(120_000);
  await ui.openSafe(page, 0);
  const nonce = await ui.safeNonce();
  const propose = await inject(page, proposePath(), { kind: '5xx', status: 503, body: { code: 1337, message: 'Injected outage' } }, 'POST');

  await page.getByRole('button', { name: 'New transaction' }).click();
  await ui.composeTransfer(page, owner(3), '2');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  // At the next nonce, so that owner B can execute it in the next test.
  await ui.chooseNonce(page, nonce);
  const safeTxHash = await ui.shownSafeTxHash(page);
  await dialog(page).getByRole('button', { name: /^Sign$/ }).click();

  await expect(alertOf(page)).toHaveText(`${SUBMIT_FAILED} 1337: Injected outage`);
  await expectAttempts(page, propose, 1);
  await expectSigningCalls(page, ['eth_signTypedData_v4']);

  propose.set({ kind: 'malformed' });
  await tryAgain(page).click();
  await expect(alertOf(page)).toHaveText(`${SUBMIT_FAILED} Invalid response content: OK`);
  await expectAttempts(page, propose, 2);

  propose.set({ kind: '5xx', status: 502 });
  await tryAgain(page).click();
  await expect(alertOf(page)).toHaveText(`${SUBMIT_FAILED} Bad Gateway`);
  await expectAttempts(page, propose, 3);

  // The gateway stores the proposal but its answer is lost: the page times out; posting it again is harmless.
  propose.set({ kind: 'lostAnswer' });
  await expectTimeout(page, propose, 'Submitting the signature to the gateway…', 4);

  propose.heal();
  await tryAgain(page).click();
  await expect(dialog(page).getByRole('status')).toHaveText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  expect(propose.attempts()).toBe(5);
  // One wallet prompt for five posts of the same proposal, and the gateway stored that signature.
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  const body = expectSameBodies(propose);
  expect(body).toMatchObject({ safeTxHash, sender: owner(0), nonce: String(nonce) });
  const stored = await gatewayTx(safeTxHash);
  expect(stored.detailedExecutionInfo.confirmations.map((c) => c.signature.toLowerCase())).toEqual([String(body.signature).toLowerCase()]);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
});

test('owner B’s confirmation fails, then the relay fails: "Try again" recovers each; one signature, one relay request per attempt', async ({ page }) => {
  test.setTimeout(150_000);
  await ui.openSafe(page, 1);
  const nonce = await ui.safeNonce();
  // Owner B's signature is posted to the same proposal endpoint (the gateway adds it as a confirmation).
  const confirm = await inject(page, proposePath(), { kind: '5xx', status: 500 }, 'POST');

  await ui.openQueuedTx(page, nonce, /dUSD/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  const safeTxHash = await ui.shownSafeTxHash(page);
  // Owner B's is the last signature: "Execute now?" is answered No, to sign only.
  await dialog(page).getByRole('radio', { name: 'No, only sign (anyone can execute later)' }).check();
  await dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  await expect(alertOf(page)).toHaveText(`${SUBMIT_FAILED} Internal Server Error`);
  await expectAttempts(page, confirm, 1);
  await expectSigningCalls(page, ['eth_signTypedData_v4']);

  confirm.heal();
  await tryAgain(page).click();
  await expect(dialog(page).getByRole('status')).toHaveText('Signature submitted. Confirmed 2 of 2.', { timeout: 20_000 });
  expect(confirm.attempts()).toBe(2);
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  const body = expectSameBodies(confirm);
  expect(body).toMatchObject({ safeTxHash, sender: owner(1) });
  expect((await gatewayTx(safeTxHash)).detailedExecutionInfo.confirmations).toHaveLength(2);
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  // Fully signed: execute with the relay, which fails twice.
  const relay = await inject(page, `${chainPath()}/relay`, { kind: '5xx', status: 503, body: { code: 503, message: 'Relayer unavailable' } }, 'POST');
  await ui.openQueuedTx(page, nonce, /dUSD/);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Execute' }).click();
  await expect(dialog(page).getByRole('region', { name: 'Hashes' })).toContainText(safeTxHash, { timeout: 20_000 });
  const relayChoice = dialog(page).getByRole('radio', { name: /^Relay \(\d+ of \d+ left\)$/ });
  const relayButton = dialog(page).getByRole('button', { name: 'Execute with relay', exact: true });
  await relayChoice.check();
  await relayButton.click();
  await expect(alertOf(page)).toHaveText(`${SUBMIT_FAILED} 503: Relayer unavailable`);
  await expectAttempts(page, relay, 1);

  // Nothing was relayed: "Try again" goes back to the review, where the relay is still the choice, to confirm again.
  relay.set({ kind: 'malformed' });
  await tryAgain(page).click();
  await expect(relayChoice).toBeChecked();
  await relayButton.click();
  await expect(alertOf(page)).toHaveText(`${SUBMIT_FAILED} Invalid response content: OK`);
  await expectAttempts(page, relay, 2);

  relay.heal();
  await tryAgain(page).click();
  await relayButton.click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  expect(relay.attempts()).toBe(3);
  expect(await ui.safeNonce()).toBe(nonce + 1);
  // The wallet never sent anything: the relayer did. The failed attempts did not use up the quota.
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  const quota = (await (await fetch(`${app.devnet.gatewayUrl}${chainPath()}/relay/${team()}`)).json()) as { remaining: number; limit: number };
  expect(quota.limit - quota.remaining).toBe(1);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
});

test('the nonces read and the data decoder fail: "Try again" and Back keep the composed transfer; nothing reaches the wallet', async ({ page }) => {
  test.setTimeout(90_000);
  await ui.openSafe(page, 0);
  const nonces = await inject(page, `${chainPath()}/safes/${team()}/nonces`, { kind: '5xx', status: 503, body: { code: 1, message: 'Nonces unavailable' } }, 'GET');
  const decoder = await inject(page, `${chainPath()}/data-decoder`, null, 'POST');
  const d = dialog(page);
  const recipient = owner(2);

  await page.getByRole('button', { name: 'New transaction' }).click();
  await ui.composeTransfer(page, recipient, '4.5');
  await d.getByRole('button', { name: 'Continue' }).click();
  await failTwiceThenBack(page, nonces, 'The nonces could not be loaded.', '1: Nonces unavailable', recipient, '4.5');
  nonces.heal();
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible();
  expect(nonces.attempts()).toBe(3);

  // The data decoder (needed for the review) fails: prepareFailed, with Back and Try again.
  decoder.set({ kind: '5xx', status: 500, body: { code: 500, message: 'Decoder crashed' } });
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(alertOf(page)).toHaveText('The transaction could not be prepared. 500: Decoder crashed');
  await expectAttempts(page, decoder, 1);
  await d.getByRole('button', { name: 'Back' }).click();
  await expectDraft(page, recipient, '4.5');
  await d.getByRole('button', { name: 'Continue' }).click();
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(alertOf(page)).toHaveText('The transaction could not be prepared. 500: Decoder crashed');
  await expectAttempts(page, decoder, 2);

  decoder.heal();
  await tryAgain(page).click();
  await reviewWithoutWallet(page);
  expect(decoder.attempts()).toBe(3);
});

test('the safeTxGas estimation (Safes before 1.3.0) fails: "Try again" and Back keep the draft; nothing reaches the wallet', async ({ page }) => {
  test.setTimeout(90_000);
  // The devnet's Safes are 1.4.1, which need no estimation: their Safe info is presented as 1.2.0 so that the flow
  // asks for one (nothing is signed with the hashes of that pretend version).
  await inject(page, `${chainPath()}/safes/${team()}`, { kind: 'tamper', edit: (json) => void (json.version = '1.2.0') }, 'GET');
  const estimation = await inject(
    page,
    `/v2/chains/${app.devnet.chainId}/safes/${team()}/multisig-transactions/estimations`,
    { kind: '5xx', status: 500, body: { code: 50, message: 'Estimation failed' } },
    'POST',
  );
  await ui.openSafe(page, 0);
  const d = dialog(page);
  const recipient = owner(3);

  await page.getByRole('button', { name: 'New transaction' }).click();
  await ui.composeTransfer(page, recipient, '1.25');
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(d.getByLabel('Nonce', { exact: true })).toBeVisible();
  await d.getByRole('button', { name: 'Continue' }).click();
  await failTwiceThenBack(page, estimation, 'The transaction could not be prepared.', '50: Estimation failed', recipient, '1.25');
  estimation.heal();
  await d.getByRole('button', { name: 'Continue' }).click();
  await d.getByRole('button', { name: 'Continue' }).click();
  // The pretend version is only the gateway's claim: the chain's VERSION() says 1.4.1, so the two-source check
  // (decision 0053) blocks signing before any hash of the pretend domain could be signed; the wallet is never asked.
  await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
  await expect(d.getByRole('alert').filter({ hasText: 'Signing is blocked: the gateway’s Safe info does not match the chain.' })).toContainText('Version: gateway 1.2.0, chain 1.4.1.');
  await expect(d.getByRole('button', { name: /^Sign$/ })).toBeDisabled();
  expect(await signingCalls(page)).toEqual([]);
  expect(estimation.attempts()).toBe(3);
});

test('an off-chain message: its creation POST and owner B’s confirmation POST fail or lose their answer; "Retry" posts the same signatures', async ({ page }) => {
  test.setTimeout(120_000);
  await ui.openSafe(page, 0);
  const create = await inject(page, `${chainPath()}/safes/${team()}/messages`, { kind: '5xx', status: 502 }, 'POST');
  const d = dialog(page);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('link', { name: 'Messages' }).click();
  await page.getByRole('button', { name: 'Sign message' }).click();
  await d.getByRole('radio', { name: /^Text/ }).check();
  await d.getByRole('textbox', { name: 'Message' }).fill(`Countersign faults ${Date.now()}`);
  await d.getByRole('button', { name: 'Review' }).click();
  const messageHash = (await d.getByLabel('SafeMessage hash', { exact: true }).textContent())!.trim();
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(alertOf(page)).toHaveText('Your signature was not accepted. Bad Gateway');
  await expectAttempts(page, create, 1);
  await expectSigningCalls(page, ['eth_signTypedData_v4']);

  // The gateway stores the message but its answer is lost: the page times out. Retrying finds it stored
  // ("already exists"), with this very signature: done, not an error.
  create.set({ kind: 'lostAnswer' });
  await expectTimeout(page, create, 'Submitting your signature to the gateway…', 2, 'Retry');
  create.heal();
  await tryAgain(page, 'Retry').click();
  await expect(d).toHaveAccessibleName('Collect confirmations', { timeout: 20_000 });
  expect(create.attempts()).toBe(3);
  expectSameBodies(create);
  await expectSigningCalls(page, ['eth_signTypedData_v4']);
  await d.getByRole('button', { name: /^Close/ }).click();

  // Owner B confirms from the message's details.
  const add = await inject(page, `${chainPath()}/messages/${messageHash}/signatures`, { kind: '5xx', status: 503, body: { code: 7, message: 'Signature store offline' } }, 'POST');
  await ui.selectAccount(page, 1);
  await nav.getByRole('link', { name: 'Messages' }).click();
  // The list follows the Safe info's messagesTag (polled every 15 s).
  await page.getByRole('link', { name: `Details of message ${messageHash}` }).click({ timeout: 25_000 });
  await page.getByRole('button', { name: 'Confirm message' }).click();
  await expect(d.getByLabel('SafeMessage hash', { exact: true })).toHaveText(messageHash, { timeout: 20_000 });
  await d.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(alertOf(page)).toHaveText('Your signature was not accepted. 7: Signature store offline');
  await expectAttempts(page, add, 1);
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_signTypedData_v4']);

  add.set({ kind: 'lostAnswer' });
  await expectTimeout(page, add, 'Submitting your signature to the gateway…', 2, 'Retry');

  add.heal();
  await tryAgain(page, 'Retry').click();
  await expect(d).toHaveAccessibleName('Message successfully signed', { timeout: 30_000 });
  expect(add.attempts()).toBe(3);
  expectSameBodies(add);
  await expectSigningCalls(page, ['eth_signTypedData_v4', 'eth_signTypedData_v4']);
  await expect(d.getByRole('region', { name: 'Confirmations' }).getByRole('heading', { level: 3 })).toHaveText('Confirmations: 2 of 2');
});
