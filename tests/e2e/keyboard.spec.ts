/**
 * Issue 17, keyboard only: on the real devnet, owner A proposes an ERC20 transfer from the team Safe and owner B
 * confirms and executes it, with nothing but Tab, Shift+Tab, Enter, Space, Escape, arrow keys and typing into the
 * focused field (no click, no fill). The account switch from A to B happens in the wallet, so it goes through
 * the Devnet Wallet's hook like the other specs. Along the way: a dialog takes focus inside itself, Escape closes
 * a dismissable dialog and focus goes back to its trigger, Tab is never stuck outside a dialog, and the focused
 * control shows a focus indicator.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp();
const flow = txFlowPage(() => app);

interface Focus {
  /** Role-ish description of the focused element, for failure messages. */
  text: string;
  /** Focus stayed on the same element as at the previous look. */
  same: boolean;
  body: boolean;
  inDialog: boolean;
}

/** The focused element (through open shadow roots: web3-onboard's modal lives in one), described. */
async function lookAtFocus(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const w = window as unknown as { __kbdLast?: Element | null };
    const same = w.__kbdLast === el;
    w.__kbdLast = el;
    if (!el) return { text: '(nothing)', same, body: true, inDialog: false };
    const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim().slice(0, 60) ?? '';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const value = el instanceof HTMLInputElement ? ` value="${el.value}"` : '';
    return { text: `${role} "${name}"${value}`, same, body: el === document.body, inDialog: Boolean(el.closest('[role="dialog"], [role="alertdialog"], dialog')) };
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false;
  return target.evaluate((node) => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el === node;
  });
}

/**
 * Press Tab (or Shift+Tab) until `target` has focus. Fails listing every element focused on the way if it is not
 * reached in `max` presses, or if focus stays on one element outside a dialog (a focus trap).
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 }: { back?: boolean; max?: number } = {}) {
  const seen: string[] = [];
  await lookAtFocus(page);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await lookAtFocus(page);
    seen.push(focus.text);
    if (await isFocused(target)) return;
    if (focus.same && !focus.inDialog && !focus.body) throw new Error(`Focus is stuck on ${focus.text} outside a dialog. Focused: ${seen.join(' → ')}`);
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} did not reach ${target} in ${max} presses. Focused: ${seen.join(' → ')}`);
}

/** The focused control has a visible focus indicator (its own outline or box shadow, or its row's for a row link). */
async function expectFocusIndicator(page: Page) {
  const style = await page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return null;
    const painted = el.matches('.tx-row-link') ? el.closest('.tx-row')! : el;
    const s = getComputedStyle(painted);
    return { outline: s.outlineStyle === 'none' || s.outlineWidth === '0px' ? 'none' : `${s.outlineStyle} ${s.outlineWidth}`, shadow: s.boxShadow, what: el.outerHTML.slice(0, 80) };
  });
  expect(style, 'something has focus').not.toBeNull();
  expect(style!.outline !== 'none' || style!.shadow !== 'none', `focus indicator on ${style!.what}: outline ${style!.outline}, box-shadow ${style!.shadow}`).toBe(true);
}

/** Focus is inside the open dialog. */
async function expectFocusInDialog(page: Page) {
  await expect.poll(async () => (await lookAtFocus(page)).inDialog, { message: 'focus moved into the dialog' }).toBe(true);
}

/** Tab to `target`, check its focus indicator and press `key` on it. */
async function activate(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter', opts?: { back?: boolean; max?: number }) {
  await tabTo(page, target, opts);
  await expectFocusIndicator(page);
  await page.keyboard.press(key);
}

test('keyboard only: owner A proposes a transfer, owner B confirms and executes it', async ({ page }) => {
  test.setTimeout(120_000);
  const usd = app.devnet.tokens.usd;
  // A signer of the Safe, so that the recipient field suggests it.
  const recipient = flow.owner(2);
  const before = await flow.balanceOf(usd.address, recipient);
  const nonce = await flow.safeNonce();
  const dialog = flow.dialog(page);

  // 1. Connect the Devnet Wallet from the header. The wallet list (web3-onboard's) takes focus, keeps Tab inside
  // and closes on Escape with focus back on Connect wallet.
  await page.goto(app.url(`/home?safe=${app.teamSafe}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const connectWallet = page.getByRole('button', { name: 'Connect wallet' });
  const devnetWallet = page.getByRole('button', { name: 'Devnet Wallet' });
  await activate(page, connectWallet);
  await expect(devnetWallet).toBeFocused({ timeout: 20_000 });
  await expectFocusIndicator(page);
  await page.keyboard.press('Escape');
  await expect(devnetWallet).toHaveCount(0);
  await expect(connectWallet).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(devnetWallet).toBeFocused({ timeout: 20_000 });
  const inList: Focus[] = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    inList.push(await lookAtFocus(page));
  }
  expect(inList.filter((f) => !f.inDialog).map((f) => f.text), 'Tab stays inside the wallet list').toEqual([]);
  await tabTo(page, page.getByRole('button', { name: 'Close' }), { back: true });
  await expectFocusIndicator(page);
  await activate(page, devnetWallet);
  // Connected: focus is on the wallet button that took Connect wallet's place.
  await expect(flow.walletButton(page, 0)).toBeFocused({ timeout: 20_000 });

  // 2. Owner A: New transaction → Send tokens → token, recipient, amount → nonce → review → Sign.
  const newTx = page.getByRole('button', { name: 'New transaction' });
  await activate(page, newTx);
  await expect(dialog).toBeVisible();
  await expectFocusInDialog(page);
  const compose = dialog.getByRole('form', { name: 'Compose transaction' });
  await expect(compose).toBeVisible({ timeout: 20_000 });

  // The kinds are one radio group: arrow keys move the choice (Send tokens is the first and the default).
  await tabTo(page, dialog.getByRole('radio', { name: 'Send tokens' }));
  await expect(dialog.getByRole('radio', { name: 'Send tokens' })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Send NFT' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Send NFT' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByRole('radio', { name: 'Send tokens' })).toBeChecked();

  // Token: a native select, chosen with the arrow keys until dUSD is selected.
  const token = dialog.getByLabel('Token', { exact: true });
  await tabTo(page, token);
  await expectFocusIndicator(page);
  for (let i = 0; i < 10 && (await token.inputValue()) !== usd.address; i++) await page.keyboard.press('ArrowDown');
  await expect(token).toHaveValue(usd.address);

  // Recipient: the combobox suggests the Safe's signers as one types; Escape closes the list (the dialog stays),
  // ArrowDown opens it again on the first suggestion and Enter picks it.
  const recipientField = dialog.getByRole('combobox', { name: 'Recipient address' });
  await tabTo(page, recipientField);
  await expectFocusIndicator(page);
  await page.keyboard.type(recipient.slice(0, 8));
  await expect(recipientField).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(recipientField).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog).toBeVisible();
  await expect(recipientField).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(recipientField).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByRole('listbox', { name: 'Suggested addresses' }).getByRole('option', { selected: true })).toContainText(recipient);
  await page.keyboard.press('Enter');
  await expect(recipientField).toHaveValue(recipient);
  await expect(recipientField).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog).toBeVisible();

  await tabTo(page, dialog.getByLabel('Amount', { exact: true }));
  await page.keyboard.type('7');
  await activate(page, compose.getByRole('button', { name: 'Continue' }));

  const nonceField = dialog.getByLabel('Nonce', { exact: true });
  await expect(nonceField).toBeVisible({ timeout: 20_000 });
  await expectFocusInDialog(page);
  await tabTo(page, nonceField);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(nonce));
  await expect(nonceField).toHaveValue(String(nonce));
  await activate(page, dialog.getByRole('form', { name: 'Choose nonce' }).getByRole('button', { name: 'Continue' }));

  await expect(dialog.getByRole('region', { name: 'Hashes' })).toBeVisible({ timeout: 20_000 });
  await expectFocusInDialog(page);
  const safeTxHash = await flow.shownSafeTxHash(page);
  await activate(page, dialog.getByRole('button', { name: /^Sign$/ }));
  await expect(dialog.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await expectFocusInDialog(page);

  // The finished flow is dismissable: Escape closes it and focus goes back to New transaction.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(newTx).toBeFocused();

  // 3. Owner B (the account switch is the wallet's): Queue → the row's details → Confirm → Execute now? Yes → Sign and execute.
  await flow.selectAccount(page, 1);
  await activate(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Queue|Transactions/);
  const row = page
    .locator('.tx-row')
    .filter({ has: page.locator('.tx-nonce', { hasText: new RegExp(`^${nonce}$`) }) })
    .filter({ hasText: /dUSD|Send|Transfer/ });
  await expect(row.first()).toBeVisible({ timeout: 20_000 });
  await activate(page, row.first().getByRole('link', { name: new RegExp(`^Details of .*\\(nonce ${nonce}\\)$`) }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transaction details');
  // The link left the page with the list: focus went to the screen's content, not to the body.
  await expect(page.locator('#content')).toBeFocused();

  const confirm = page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await activate(page, confirm);
  await expect(dialog.getByRole('region', { name: 'Hashes' })).toContainText(safeTxHash, { timeout: 20_000 });
  await expectFocusInDialog(page);
  // Back from the dialog's end: Shift+Tab reaches the review's "Execute now?" radio group (its checked radio, Yes);
  // the arrow keys move within it and the one submit button follows the choice.
  const yes = dialog.getByRole('radio', { name: 'Yes, execute' });
  const onlySign = dialog.getByRole('radio', { name: 'No, only sign (anyone can execute later)' });
  await tabTo(page, yes, { back: true });
  await expect(yes).toBeChecked();
  await expectFocusIndicator(page);
  await page.keyboard.press('ArrowDown');
  await expect(onlySign).toBeChecked();
  await expect(onlySign).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Sign', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(yes).toBeChecked();
  // Tab goes on to the actions; Space presses a button.
  await activate(page, dialog.getByRole('button', { name: 'Sign and execute' }), 'Space');
  await expect(dialog.getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await expectFocusInDialog(page);
  await activate(page, dialog.getByRole('button', { name: 'Close', exact: true }));
  await expect(dialog).toHaveCount(0);
  // Confirm, which opened the dialog, is gone once the details show the executed transaction: focus is on the
  // screen's content, not on the body, and Tab goes on through the page and round to its first stop (no trap).
  await expect(page.getByRole('group', { name: 'Transaction actions' })).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('#content')).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }), { max: 80 });

  // 4. On chain: the tokens moved and the Safe's nonce went up.
  expect(await flow.balanceOf(usd.address, recipient)).toBe(before + 7_000_000n);
  expect(await flow.safeNonce()).toBe(nonce + 1);
});
