/**
 * Issue 20, "Safe App developers on the devnet" (decision 0052): a Safe App built on the PUBLISHED
 * @safe-global/safe-apps-sdk (the devnet's probe, devnet/apps/probe) served the way a developer serves their own
 * app — by its own small http server (devnet/apps/serve.ts, a child process started and stopped here by its PID)
 * on a random free port of this computer, NOT on the gateway — is added by URL at /apps/custom on the devnet
 * app (`npm start`'s build and config), opened, and answers through the SDK:
 * - getSafeInfo (address, owners, threshold, nonce) and getChainInfo match the chain and the gateway;
 * - sendTransactions reaches our review step, is signed by owner A, confirmed and executed by owner B, and the
 *   recipient's balance is checked on chain; the app receives the safeTxHash.
 * The served CSP lets the app's manifest be read, its icon shown and its page framed: no CSP violation is logged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { getAddress, parseAbi, parseEther } from 'viem';
import { axeViolations } from './fixtures/axe.ts';
import { appsPage } from './fixtures/appsPage.ts';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { probeApp, type Settled } from './fixtures/probeApp.ts';
import { CustomAppErrors } from '../../src/machines/safeApps/safeApps.logic.ts';

const app = useDevnetApp();
const { chain, team, owner, dialog, connect, gateway, selectAccount, openQueuedTx, safeNonce, chooseNonce, shownSafeTxHash } = appsPage(() => app);
const { probeCall } = probeApp(() => app);

const LOCAL_APP = 'My Local Safe App';
const safeReadAbi = parseAbi(['function getOwners() view returns (address[])', 'function getThreshold() view returns (uint256)']);

/** The developer's app server: a child process on a random free port (it prints its URL once it listens). */
let server: ChildProcess | null = null;
let localUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'devnet/apps/serve.ts', '--app', 'probe', '--port', '0', '--name', LOCAL_APP], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the app server exited (${code}) before listening`)));
  });
  const started = JSON.parse(first) as { url: string; pid: number };
  expect(started.pid).toBe(child.pid);
  localUrl = started.url;
  expect(localUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test.afterAll(async () => {
  const child = server;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(child.pid, 'SIGTERM');
  await exited;
});

/** Every Content-Security-Policy violation the page logs. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

/** /apps/custom → add the local app by URL (manifest read, risk accepted) → open it (unknown-app warning) → its frame. */
async function addAndOpenLocalApp(page: Page): Promise<Frame> {
  await page.goto(app.url(`/apps/custom?safe=${app.teamSafe}`));
  await connect(page);
  const form = page.getByRole('form', { name: 'Add custom app' });
  // On the devnet the form says that an app on this computer may be added.
  await expect(form.getByRole('textbox', { name: 'Safe App URL' })).toHaveAccessibleDescription(/http:\/\/localhost:<port> or http:\/\/127\.0\.0\.1:<port>/, { timeout: 20_000 });
  await form.getByRole('textbox', { name: 'Safe App URL' }).fill(localUrl);
  await form.getByRole('button', { name: 'Add app' }).click();
  const confirm = page.getByRole('dialog', { name: 'Add custom Safe App' });
  await expect(confirm).toContainText(LOCAL_APP, { timeout: 15_000 });
  await expect(confirm).toContainText(localUrl);
  // The manifest's icon, from the app's own http origin, is shown (img-src allows this computer on the devnet).
  const icon = confirm.locator(`img[src="${localUrl}/icon.svg"]`);
  await expect.poll(() => icon.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('checkbox', { name: 'This Safe App is not part of Countersign and I agree to use it at my own risk.' }).check();
  await confirm.getByRole('button', { name: 'Add', exact: true }).click();
  const added = page.getByRole('list', { name: 'Custom apps' }).getByRole('listitem', { name: LOCAL_APP });
  await expect(added).toContainText(localUrl);

  await added.getByRole('link', { name: LOCAL_APP }).click();
  const prompt = page.getByRole('dialog', { name: 'Open Safe App' });
  await expect(prompt.getByRole('note')).toContainText('The application you are trying to access is not in the default Safe Apps list.');
  await prompt.getByRole('checkbox', { name: 'I understand the risk and want to open this app' }).check();
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await expect(page.frameLocator(`iframe[title="${LOCAL_APP}"]`).locator('#status')).toContainText(`Connected to Safe ${team()}`, { timeout: 30_000 });
  const frame = page.frames().find((f) => f.url().startsWith(localUrl));
  if (!frame) throw new Error('the local app’s frame is missing');
  return frame;
}

const ok = (settled: Settled | undefined): unknown => {
  expect(settled, JSON.stringify(settled)).toMatchObject({ ok: true });
  return (settled as { value: unknown }).value;
};

test('an SDK app on a random localhost port is added by URL and opened; getSafeInfo and getChainInfo match the chain', async ({ page }) => {
  test.setTimeout(180_000);
  const violations = cspViolations(page);
  // On the devnet http is accepted from this computer only: another host is refused with what to use instead.
  await page.goto(app.url(`/apps/custom?safe=${app.teamSafe}`));
  await connect(page);
  const form = page.getByRole('form', { name: 'Add custom app' });
  await form.getByRole('textbox', { name: 'Safe App URL' }).fill('http://192.168.1.20:3000');
  await form.getByRole('button', { name: 'Add app' }).click();
  await expect(page.getByRole('alert')).toHaveText(CustomAppErrors.localHttpOnly);
  expect(await axeViolations(page)).toEqual([]);

  const frame = await addAndOpenLocalApp(page);

  const zero = `0x${'00'.repeat(32)}`;
  const r = await probeCall<Record<string, Settled>>(frame, 'reads', { safeTxHash: zero, txHash: zero, blockHash: zero });

  // getSafeInfo: what the Safe contract says on chain.
  const client = chain();
  const safe = ok(r.safe) as { safeAddress: string; chainId: number; owners: string[]; threshold: number; nonce: number; isReadOnly: boolean };
  expect(safe.safeAddress).toBe(team());
  expect(safe.chainId).toBe(await client.getChainId());
  expect(safe.owners).toEqual(await client.readContract({ address: team(), abi: safeReadAbi, functionName: 'getOwners' }));
  expect(BigInt(safe.threshold)).toBe(await client.readContract({ address: team(), abi: safeReadAbi, functionName: 'getThreshold' }));
  expect(safe.nonce).toBe(await safeNonce());
  expect(safe.isReadOnly).toBe(false);
  // getChainInfo: the chain the RPC serves, named as the gateway names it.
  const chainInfo = await gateway<{ chainName: string; shortName: string; nativeCurrency: unknown }>('/v1/chains/31337');
  expect(ok(r.chain)).toMatchObject({ chainId: String(await client.getChainId()), chainName: chainInfo.chainName, shortName: chainInfo.shortName, nativeCurrency: chainInfo.nativeCurrency });
  // The host is the devnet app; the app's rpcCall reaches the chain.
  expect(ok(r.environment)).toEqual({ origin: new URL(app.url('/')).origin });
  expect(BigInt(ok(r.eth_getBalance) as string)).toBe(await client.getBalance({ address: team() }));
  expect(BigInt(ok(r.eth_call) as string)).toBe(BigInt(safe.threshold));

  expect(violations).toEqual([]);
});

test('the local app’s sendTransactions reaches our review, is signed, confirmed and executed; the balance moves on chain', async ({ page }) => {
  test.setTimeout(240_000);
  const violations = cspViolations(page);
  const frame = await addAndOpenLocalApp(page);

  const recipient = getAddress('0x00000000000000000000000000000000000a11ce');
  const value = parseEther('0.0123');
  const before = await chain().getBalance({ address: recipient });
  const nonce = await safeNonce();
  const sent = probeCall<Settled>(frame, 'send', [{ to: recipient, value: value.toString(), data: '0x' }]);

  // Our transaction flow's review: the app's request, named by its origin.
  const d = page.getByRole('dialog', { name: 'New transaction' });
  await expect(d.getByRole('region', { name: 'Requested transaction' })).toContainText(new URL(localUrl).origin, { timeout: 20_000 });
  await d.getByRole('button', { name: 'Continue' }).click();
  // At the Safe's current nonce, so that it can be executed at once.
  await chooseNonce(page, nonce);
  const safeTxHash = await shownSafeTxHash(page);
  await d.getByRole('button', { name: /^Sign$/ }).click();
  await expect(d.getByRole('status')).toContainText('Signature submitted. Confirmed 1 of 2.', { timeout: 20_000 });
  await d.getByRole('button', { name: 'Close' }).click();
  expect(ok(await sent)).toEqual({ safeTxHash });

  // Owner B confirms and executes it from the queue (in-app navigation keeps the wallet's account).
  await selectAccount(page, 1);
  await openQueuedTx(page, nonce, /0\.0123/);
  await expect(page.getByRole('main')).toContainText(safeTxHash);
  await page.getByRole('group', { name: 'Transaction actions' }).getByRole('button', { name: 'Confirm' }).click();
  await dialog(page).getByRole('button', { name: 'Sign and execute' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('Transaction was successful', { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  expect(await safeNonce()).toBe(nonce + 1);
  expect(await chain().getBalance({ address: recipient })).toBe(before + value);
  const executed = await gateway<{ txStatus: string; detailedExecutionInfo: { confirmations: { signer: { value: string } }[] } }>(`/v1/chains/31337/transactions/${safeTxHash}`);
  expect(executed.txStatus).toBe('SUCCESS');
  expect(executed.detailedExecutionInfo.confirmations.map((c) => c.signer.value).sort()).toEqual([owner(0), owner(1)].sort());
  expect(violations).toEqual([]);
});
