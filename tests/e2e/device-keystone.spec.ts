/**
 * The Keystone module in Chromium against the devnet (issue 19, decision 0079): the real @web3-onboard/keystone,
 * @keystonehq/eth-keyring and @keystonehq/sdk (its QR dialog rendered through preact/compat), the real camera path
 * (react-qr-reader on getUserMedia) and the real app flow. Only the Keystone itself is simulated
 * (fixtures/keystoneQr.ts): the QR codes it would show are made from the devnet's public test mnemonic and fed through
 * Chromium's fake camera (a Y4M file that Chromium reads again each time the page opens the camera, so the test
 * changes what the camera sees between the account sync and the signature); the request QR the page shows is read
 * back from its canvas and decoded.
 *
 * 1. Sync the account by QR, sign a transfer: the on-device step shows what the Keystone will read (computed in the
 *    page); the request QR carries exactly those values and the hashes of the safeTxHash the review showed; the
 *    Keystone's answer (eth-signature with the request's id, signed with the devnet key) is accepted and the gateway
 *    records the confirmation.
 * 2. Closing the Keystone's QR dialog (its close control, by keyboard): the flow's rejected state, in the flow's words
 *    and the Keystone's (decision 0083), and Try again, which opens the on-device step and the Keystone's dialog again.
 * 3. An execution (decision 0083): the solo Safe's signed transfer executed from the Keystone's account; the request
 *    QR is the unsigned EIP-1559 transaction (ERC-4527 typed transaction) whose hash the execution step showed, with
 *    the nonce, gas and fees the app fixed; the signed transaction is mined as it is.
 * 4. personal_sign (recovery alerts): the request QR's bytes are the text the on-device step showed; the gateway checks
 *    the signature and registers the module.
 * 5. The Keystone's dialog in the app's look (decision 0083).
 * 6. web3-onboard's account list (decision 0089): named, themed, axe clean in four looks, used by keyboard alone (Tab
 *    round its controls, Escape dismisses, arrows and Space pick an account, Enter connects); the Keystone logo on the
 *    sync page at 3:1 or more against what is behind it, in light and dark (a screenshot of it, measured).
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import { concat, formatGwei, getAddress, hashTypedData, keccak256, pad, parseTransaction, toHex, type Address, type Hex, type TransactionSerializableEIP1559, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { DEVNET_MNEMONIC } from '../../devnet/chain/accounts.ts';
import { keystoneTypedDataDisplay, keystoneTypedDataRequest } from '../../src/domain/wallet/deviceDisplay.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LOOKS, THEME } from './fixtures/looks.ts';
import { axeViolations } from './fixtures/axe.ts';
import { passDeviceStep, seriousViolations } from './fixtures/devnetDevice.ts';
import { hdKeyUr, masterFingerprint, readRequestQr, signatureUr, writeQrVideo } from './fixtures/keystoneQr.ts';
import { dusd, soloExecution } from './fixtures/soloExecution.ts';
import { txFlowPage, unsignedHashOf } from './fixtures/txFlowPage.ts';

const CAMERA = join(tmpdir(), `countersign-keystone-camera-${process.pid}.y4m`);
test.use({
  viewport: { width: 1440, height: 1000 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${CAMERA}`],
  },
});
test.describe.configure({ mode: 'serial' });
const app = useDevnetApp({ wallets: { keystone: true } });
const ui = txFlowPage(() => app);
const { solo, soloNonce, queueSoloTransfers, sentWith } = soloExecution(() => app);
/** An address with no history: its balance is exactly what arrived. */
const EXECUTION_PAYEE: Address = getAddress('0x00000000000000000000000000000000b0c0e7e3');

/** The Keystone SDK's dialog (react-modal). */
const keystoneDialog = (page: Page) => page.locator('.ReactModal__Content');

/** The Keystone signs what the request QR carried with owner 0's devnet key and shows its answer; the page scans it. */
async function answerByQr(page: Page, signature: Hex, requestId: string) {
  await writeQrVideo(CAMERA, signatureUr(signature, requestId));
  await keystoneDialog(page).getByRole('button', { name: 'Scan Keystone' }).click();
}

/** Connect wallet → Keystone → Sync Keystone (the camera sees the account QR) → pick owner 0 in the account list. */
async function connectKeystone(page: Page, safe = app.teamSafe, lookAtSync?: () => Promise<void>) {
  await writeQrVideo(CAMERA, hdKeyUr(DEVNET_MNEMONIC));
  await page.goto(app.url(`/home?safe=${safe}`));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Keystone' }).click();
  await expect(keystoneDialog(page)).toContainText('Sync Keystone', { timeout: 30_000 });
  await lookAtSync?.();
  await keystoneDialog(page).getByRole('button', { name: 'Sync Keystone' }).click();
  await expect(keystoneDialog(page)).toContainText('Please scan the QR code displayed on your Keystone');
  // The keyring derives the accounts from the scanned xpub (hdkey's crypto in the browser) and web3-onboard lists them.
  await page.getByRole('button', { name: 'Scan Accounts' }).click({ timeout: 30_000 });
  await page.getByRole('row', { name: new RegExp(ui.owner(0)) }).click({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 30_000 });
}

test('sync by QR, then sign: the request QR carries what the on-device step showed, and the Keystone’s answer is accepted', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await connectKeystone(page);
  const safeTxHash = await ui.newTransfer(page, '5');
  await ui.dialog(page).getByRole('button', { name: /^Sign$/ }).click();
  const shown = await passDeviceStep(ui.dialog(page), 'signature', 'Keystone');
  expect(shown['Safe tx hash']).toBe(safeTxHash);
  expect(shown['Primary type']).toBe('SafeTx');
  await expect(ui.dialog(page).getByRole('status')).toContainText('Confirm the signature on your Keystone');

  // The SDK's QR dialog opens above the flow's dialog; the animated request QR is read and decoded.
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  const { request, parts } = await readRequestQr(page, '.ReactModal__Content canvas');
  expect(parts).toBeGreaterThan(1); // a SafeTx does not fit one QR code: the UR is split into fountain-coded parts
  expect(request.dataType).toBe(2); // ERC-4527 typed data
  expect(request.derivationPath).toBe("44'/60'/0'/0/0");
  expect(request.sourceFingerprint).toBe(masterFingerprint(DEVNET_MNEMONIC));
  expect(request.address).toBe(ui.owner(0).toLowerCase());
  const signData = request.signData.toString('utf8');
  // The bytes are the request the app built (one definition: keystoneTypedDataRequest), its hash the safeTxHash shown,
  // and what the Keystone will show from them is what the on-device step showed.
  expect(keystoneTypedDataRequest(signData).signData).toBe(signData);
  const typed = JSON.parse(signData) as TypedDataDefinition;
  expect(hashTypedData(typed)).toBe(safeTxHash);
  expect(Object.fromEntries(keystoneTypedDataDisplay(signData).map((line) => [line.label, line.value]))).toEqual(shown);
  expect(await seriousViolations(page)).toEqual([]);

  // The Keystone signs with owner 0's devnet key and shows its answer; the page scans it with the camera.
  const signature = await privateKeyToAccount(app.devnet.owners[0]!.privateKey).signTypedData(typed as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0]);
  await answerByQr(page, signature, request.requestId);
  await expect(ui.dialog(page).getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 60_000 });
  await expect(keystoneDialog(page)).toHaveCount(0);

  // The devnet gateway recorded owner 0's confirmation with that signature.
  const details = (await (await fetch(`${app.devnet.gatewayUrl}/v1/chains/${app.devnet.chainId}/transactions/${safeTxHash}`)).json()) as {
    detailedExecutionInfo: { confirmations: { signer: { value: string }; signature: Hex }[] };
  };
  expect(details.detailedExecutionInfo.confirmations.map((c) => [c.signer.value.toLowerCase(), c.signature])).toEqual([[ui.owner(0).toLowerCase(), signature]]);
  expect(errors).toEqual([]);
});

test('closing the Keystone’s QR dialog (by keyboard) is a rejection: nothing signed, Try again opens it again', async ({ page }) => {
  test.setTimeout(180_000);
  await connectKeystone(page);
  await ui.newTransfer(page, '1');
  const d = ui.dialog(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(d, 'signature', 'Keystone');
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  // The SDK's close control (an image in a clickable box, made a button named Close: keystoneDialog.ts), by keyboard.
  await expect(page.getByRole('dialog', { name: 'Keystone: Scan with your Keystone' })).toBeVisible();
  await keystoneDialog(page).getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  const alert = d.getByRole('alert');
  // The flow's own words, then the Keystone's (decision 0083): what was done to reject, and that nothing is lost.
  await expect(alert).toHaveText(
    'User rejected signing. You cancelled the request (the QR window was closed). Nothing was signed or sent. Your transaction is kept; you can try again.',
    { timeout: 30_000 },
  );
  expect(await seriousViolations(page)).toEqual([]);
  await expect(keystoneDialog(page)).toHaveCount(0);
  await d.getByRole('button', { name: 'Try again' }).click();
  await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible();
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(d, 'signature', 'Keystone');
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
});

test('execute on a Keystone: the request QR is exactly the unsigned transaction whose hash the execution step showed, and that is what is mined', async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The devnet's 1-of-1 solo Safe (owner 0) with one transfer signed by owner 0, ready to execute.
  await queueSoloTransfers(EXECUTION_PAYEE, [2]);
  const nonce = await soloNonce();
  const owner0 = app.devnet.owners[0]!;
  const accountNonce = await ui.chain().getTransactionCount({ address: owner0.address as Address, blockTag: 'pending' });
  await connectKeystone(page, `${app.devnet.shortName}:${solo()}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
  await page.locator('.tx-row').filter({ hasText: 'Ready to execute' }).getByRole('button', { name: 'Execute' }).click({ timeout: 30_000 });
  const d = ui.dialog(page);
  await expect(d.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 30_000 });
  await d.getByRole('button', { name: 'Execute', exact: true }).click();
  await expect(d.getByRole('heading', { name: 'Check the execution on your Keystone' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const execution = await passDeviceStep(d, 'execution', 'Keystone');
  expect(Object.keys(execution)).toEqual(['Transaction hash', 'To', 'Value', 'Nonce', 'Gas limit', 'Max fee', 'Max priority fee']);
  expect(execution.To).toBe(solo());
  expect(execution.Nonce).toBe(String(accountNonce));
  await expect(d.getByRole('status')).toContainText('Confirm the execution on your Keystone');

  // The module populated the transaction (ethers) and the keyring put its unsigned EIP-1559 form in the QR code
  // (ERC-4527 typed transaction): exactly the transaction the app fixed, whose hash the step showed.
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  const { request } = await readRequestQr(page, '.ReactModal__Content canvas');
  expect(request.dataType).toBe(4); // DataType.typedTransaction
  expect(request.chainId).toBe(app.devnet.chainId);
  expect(request.derivationPath).toBe("44'/60'/0'/0/0");
  expect(request.sourceFingerprint).toBe(masterFingerprint(DEVNET_MNEMONIC));
  const unsigned = toHex(request.signData);
  expect(keccak256(unsigned)).toBe(execution['Transaction hash']);
  const tx = parseTransaction(unsigned);
  expect(tx.type).toBe('eip1559');
  expect(tx.chainId).toBe(app.devnet.chainId);
  expect(tx.to && getAddress(tx.to)).toBe(solo());
  expect(tx.value ?? 0n).toBe(0n);
  expect(String(tx.nonce)).toBe(execution.Nonce);
  expect(String(tx.gas)).toBe(execution['Gas limit']);
  expect(`${formatGwei(tx.maxFeePerGas!)} gwei`).toBe(execution['Max fee']);
  expect(`${formatGwei(tx.maxPriorityFeePerGas!)} gwei`).toBe(execution['Max priority fee']);
  expect(tx.data?.slice(0, 10)).toBe('0x6a761202'); // execTransaction

  // The Keystone signs those bytes with owner 0's key and answers r‖s‖yParity (a typed transaction's v).
  const signed = await privateKeyToAccount(owner0.privateKey).signTransaction(tx as TransactionSerializableEIP1559);
  const { r, s, yParity } = parseTransaction(signed);
  await answerByQr(page, concat([pad(r!), pad(s!), yParity ? '0x01' : '0x00']), request.requestId);
  await expect(d.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await expect(d.getByText(/changed the transaction before signing it/)).toHaveCount(0);
  await expect(keystoneDialog(page)).toHaveCount(0);

  // On chain: the transfer, and the mined transaction is the one the Keystone signed, whose hash the step showed.
  expect(await soloNonce()).toBe(nonce + 1);
  expect(await ui.balanceOf(app.devnet.tokens.usd.address as Address, EXECUTION_PAYEE)).toBe(dusd(2));
  const mined = await sentWith(owner0.address as Address, accountNonce);
  expect(mined.hash).toBe(keccak256(signed));
  expect(unsignedHashOf(mined)).toBe(execution['Transaction hash']);
  expect(errors).toEqual([]);
});

test('recovery alerts on a Keystone (personal_sign): the request QR carries the text the on-device step showed, and the gateway accepts the signature', async ({ page }) => {
  test.setTimeout(240_000);
  const module = getAddress(app.devnet.owners[2]!.address);
  await connectKeystone(page);
  // In the app (a page load would start without the Keystone connected).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Security' }).click();
  const section = page.getByRole('region', { name: 'Recovery alerts' });
  const form = section.getByRole('form', { name: 'Register recovery module' });
  await form.getByLabel('Recovery module address').fill(module);
  await form.getByRole('button', { name: 'Register module' }).click();
  const shown = await passDeviceStep(section, 'message', 'Keystone');
  expect(Object.keys(shown)).toEqual(['Message']);
  expect(shown.Message).toMatch(new RegExp(`^enable-recovery-alerts-${app.devnet.chainId}-${getAddress(ui.team())}-${module}-${getAddress(ui.owner(0))}-\\d{13}$`));
  await expect(section.getByRole('status').filter({ hasText: 'Confirm the message on your Keystone' })).toBeVisible();

  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  const { request } = await readRequestQr(page, '.ReactModal__Content canvas');
  expect(request.dataType).toBe(3); // DataType.personalMessage
  expect(request.address).toBe(ui.owner(0).toLowerCase());
  expect(request.derivationPath).toBe("44'/60'/0'/0/0");
  // The QR's payload is the message's bytes, exactly the text the step showed.
  expect(request.signData.toString('utf8')).toBe(shown.Message);
  expect(await seriousViolations(page)).toEqual([]);

  const signature = await privateKeyToAccount(app.devnet.owners[0]!.privateKey).signMessage({ message: { raw: toHex(request.signData) } });
  await answerByQr(page, signature, request.requestId);
  await expect(section.getByRole('status').filter({ hasText: 'is registered' })).toBeVisible({ timeout: 60_000 });
  // The devnet gateway checked the signature (the owner's personal_sign of the text) and registered the module.
  const modules = (await (await fetch(`${app.devnet.gatewayUrl}/devnet/recovery/${getAddress(ui.team())}`)).json()) as Array<{ moduleAddress: string; signer: string }>;
  expect(modules).toEqual([{ moduleAddress: module, signer: getAddress(ui.owner(0)) }]);
});

/**
 * The Keystone dialog as it is now, in each look: the app's theme (its box and text take --surface and --text), within
 * the viewport with no horizontal scroll (the page's nor its own), axe clean on it (and on the whole page once the flow
 * asks for a signature); a screenshot of each (KEYSTONE_SHOTS: a
 * folder to keep them in, else the test's output folder).
 */
async function checkEveryLook(page: Page, step: string) {
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.scheme);
    const dialog = keystoneDialog(page);
    await expect(dialog).toHaveCSS('background-color', THEME[look.scheme].surface);
    await expect(dialog.locator('p, li').first()).toHaveCSS('color', THEME[look.scheme].text);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(look.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await expect(page.getByRole('dialog', { name: /^Keystone/ }).getByRole('button', { name: 'Close' }).first()).toBeInViewport();
    // axe on the Keystone's dialog (at the account sync, web3-onboard's own account list is already open behind it).
    expect(await axeViolations(page, { include: '.ReactModalPortal' })).toEqual([]);
    if (step === 'request') expect(await seriousViolations(page)).toEqual([]);
    const name = `keystone-${step}-${look.width}-${look.scheme}.png`;
    await page.screenshot({ path: process.env.KEYSTONE_SHOTS ? join(process.env.KEYSTONE_SHOTS, name) : test.info().outputPath(name) });
  }
}

test('the Keystone’s dialog follows the app’s theme and fits a phone: sync, request and camera pages, light and dark, 390 and 1440 px', async ({ page }) => {
  test.setTimeout(300_000);
  await connectKeystone(page, app.teamSafe, () => checkEveryLook(page, 'sync'));
  await ui.newTransfer(page, '1');
  const d = ui.dialog(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await passDeviceStep(d, 'signature', 'Keystone');
  await expect(keystoneDialog(page)).toContainText('Scan with your Keystone', { timeout: 30_000 });
  await checkEveryLook(page, 'request');
  // The request QR is still drawn whole (black on white, its quiet zone included) and read to the end.
  const { request } = await readRequestQr(page, '.ReactModal__Content canvas');
  expect(request.dataType).toBe(2);
  // The camera page, while the camera sees a QR code that is not a Keystone's answer (the SDK says so and stays).
  await writeQrVideo(CAMERA, 'not a keystone answer');
  await keystoneDialog(page).getByRole('button', { name: 'Scan Keystone' }).click();
  await expect(keystoneDialog(page).locator('video')).toBeVisible({ timeout: 30_000 });
  await checkEveryLook(page, 'camera');
  await keystoneDialog(page).getByRole('button', { name: 'Close' }).first().click();
  await expect(d.getByRole('alert')).toContainText('You cancelled the request (the QR window was closed).', { timeout: 30_000 });
  // The flow's rejection in the Keystone's words, in every look.
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.scheme });
    await expect(d.getByRole('button', { name: 'Try again' })).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
    const name = `keystone-rejected-${look.width}-${look.scheme}.png`;
    await page.screenshot({ path: process.env.KEYSTONE_SHOTS ? join(process.env.KEYSTONE_SHOTS, name) : test.info().outputPath(name) });
  }
});

/** web3-onboard's account list (hw-common's accountSelect in <account-select>'s shadow root), as named by decision 0089. */
const accountList = (page: Page) => page.getByRole('dialog', { name: 'Keystone: Select an account' });

/** The element focused on the page, through open shadow roots: its accessible-ish description for messages. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}` : 'none';
  });

/**
 * The contrast ratio (WCAG's relative luminance) between the Keystone logo's darkest pixel and what is behind it (the
 * pixel at (3, 3) of its box, inside any rounded corner, where the image is transparent), read from a screenshot of
 * the logo as drawn.
 */
async function logoContrast(page: Page): Promise<number> {
  const png = (await keystoneDialog(page).locator(':scope > div:nth-child(2) img').screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const channel = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = (i: number) => 0.2126 * channel(pixels[i]!) + 0.7152 * channel(pixels[i + 1]!) + 0.0722 * channel(pixels[i + 2]!);
    let darkest = 1;
    for (let i = 0; i < pixels.length; i += 4) darkest = Math.min(darkest, luminance(i));
    const behind = luminance((3 * canvas.width + 3) * 4);
    return (behind + 0.05) / (darkest + 0.05);
  }, png);
}

test('web3-onboard’s account list: named, in the app’s theme and axe-clean at 390 and 1440 px, light and dark; used by keyboard alone; the Keystone logo visible in dark', async ({ page }) => {
  test.setTimeout(300_000);
  await writeQrVideo(CAMERA, hdKeyUr(DEVNET_MNEMONIC));
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Keystone' }).click();
  await expect(keystoneDialog(page)).toContainText('Sync Keystone', { timeout: 30_000 });
  // The logo (black with a blue mark) against what is behind it: at least 3:1 (WCAG 1.4.11) in both themes.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    expect(await logoContrast(page), `logo contrast in ${scheme}`).toBeGreaterThanOrEqual(3);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await keystoneDialog(page).getByRole('button', { name: 'Sync Keystone' }).click();

  // The list opens with the focus on its first select; Tab and Shift+Tab go round inside it, one stop per control.
  const list = accountList(page);
  await expect(list).toBeVisible({ timeout: 30_000 });
  const basePath = list.getByRole('combobox', { name: 'Select Base Path' });
  await expect(basePath).toBeFocused();
  const order = [
    list.getByRole('combobox', { name: 'Asset' }),
    list.getByRole('combobox', { name: 'Network' }),
    list.getByRole('checkbox', { name: 'Show Empty Addresses' }),
    list.getByRole('button', { name: 'Scan Accounts' }),
    list.getByRole('button', { name: 'Dismiss' }),
    list.getByRole('button', { name: 'Close' }), // Connect is disabled until an account is picked: round to the top
    basePath,
  ];
  for (const control of order) {
    await page.keyboard.press('Tab');
    await expect(control, `Tab reached ${await focusedElement(page)}`).toBeFocused();
  }
  await page.keyboard.press('Shift+Tab');
  await expect(list.getByRole('button', { name: 'Close' })).toBeFocused();
  // Escape dismisses it, as its own Dismiss does: no account is connected.
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  // Focus is back in web3-onboard's wallet list ("Connection Rejected"), not on the page's body: no Tab needed; its
  // keyboard support takes Escape again.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('onboard-v2');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toHaveCount(0);
  await expect(ui.walletButton(page, 0)).toHaveCount(0);

  // Again, to the end: scan, pick owner 0's account and connect, by keyboard alone.
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: 'Keystone' }).click();
  await expect(keystoneDialog(page)).toContainText('Sync Keystone', { timeout: 30_000 }); // the module syncs again
  await keystoneDialog(page).getByRole('button', { name: 'Sync Keystone' }).click();
  await expect(basePath).toBeFocused({ timeout: 30_000 });
  for (let stop = 0; stop < 4; stop++) await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: 'Scan Accounts' })).toBeFocused();
  await page.keyboard.press('Enter');
  const rows = list.locator('tbody tr');
  const owner0 = list.getByRole('row', { name: new RegExp(ui.owner(0)) });
  await expect(owner0).toBeVisible({ timeout: 60_000 });
  await expect(list.getByRole('button', { name: 'Connect' })).toBeDisabled();
  // The table is one Tab stop: its first row; arrows move between rows, Space picks one.
  await page.keyboard.press('Tab');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(owner0).toBeFocused();
  await page.keyboard.press(' ');
  await expect(owner0).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'false');

  // Every look: the app's theme, within the viewport with no sideways scroll (page, list or table), axe clean (every
  // impact) on the list; a screenshot of each.
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.scheme);
    await expect(list).toHaveCSS('background-color', THEME[look.scheme].surface);
    await expect(list).toHaveCSS('color', THEME[look.scheme].text);
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(look.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width);
    for (const part of [list, list.locator('.address-table')]) expect(await part.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expect(list.getByRole('button', { name: 'Connect' })).toBeInViewport();
    // A balance is one line (at 390 px its full precision took four lines a row); the DPATH column only where there is room.
    for (const cell of await list.locator('td.asset-td').all()) {
      const lines = await cell.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, `lines of a balance at ${look.width} px`).toBe(1);
    }
    await expect(list.getByRole('columnheader', { name: 'DPATH' })).toHaveCount(look.width < 600 ? 0 : 1);
    // Each select shows its whole choice ("Countersign Devnet" was cut at the Network select's arrow at 1440 px).
    for (const select of await list.getByRole('combobox').all()) {
      const room = await select.evaluate((el: HTMLSelectElement) => {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const text = el.selectedOptions[0]?.text ?? '';
        return { text, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - context.measureText(text).width };
      });
      expect(room.room, `"${room.text}" at ${look.width} px`).toBeGreaterThanOrEqual(0);
    }
    expect(await axeViolations(page, { include: 'account-select', everyImpact: true })).toEqual([]);
    const name = `keystone-accounts-${look.width}-${look.scheme}.png`;
    await page.screenshot({ path: process.env.KEYSTONE_SHOTS ? join(process.env.KEYSTONE_SHOTS, name) : test.info().outputPath(name) });
  }
  await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: 'Dismiss' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: 'Connect' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 30_000 });
  await expect(list).toHaveCount(0);
});
