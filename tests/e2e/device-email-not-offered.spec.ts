/**
 * Decision 0078 on the real devnet, in Chromium: an owner on a Ledger (the Devnet Wallet's profile, decision 0067)
 * on a gateway without e-mail alerts (likeRealGateway, decision 0051). The app asks the gateway first, without a
 * signature, and says the alerts are not offered: the owner is never shown a check, and the device never a request.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { getAddress } from 'viem';
import { useDevnetApp } from './fixtures/devnetApp.ts';
import { LEDGER, deviceScreenState, seriousViolations, withDevice } from './fixtures/devnetDevice.ts';
import { txFlowPage } from './fixtures/txFlowPage.ts';

const app = useDevnetApp({ likeRealGateway: true });
const ui = txFlowPage(() => app);
test.use({ viewport: { width: 1440, height: 1000 } });

/** The e-mail requests a page made to the gateway, as `METHOD /path status`. */
function emailRequests(page: Page) {
  const seen: string[] = [];
  page.on('requestfinished', async (request: Request) => {
    if (!request.url().startsWith(app.devnet.gatewayUrl) || !request.url().includes('/emails/')) return;
    const response = await request.response().catch(() => null);
    seen.push(`${request.method()} ${new URL(request.url()).pathname} ${response?.status() ?? 0}`);
  });
  return seen;
}

for (const [name, start] of [
  ['registering an address', async (section: ReturnType<Page['getByRole']>) => {
    await section.getByRole('form', { name: 'Register e-mail address' }).getByLabel('E-mail address').fill('ledger-owner@example.com');
    await section.getByRole('button', { name: 'Register address' }).click();
  }],
  ['showing the registration', async (section: ReturnType<Page['getByRole']>) => section.getByRole('button', { name: 'Show registration' }).click()],
] as const) {
  test(`an owner on a Ledger ${name} on a gateway without e-mail alerts: "not offered", no check and nothing on the device`, async ({ page }) => {
    test.setTimeout(120_000);
    await withDevice(page, LEDGER);
    const log = emailRequests(page);
    await ui.openSafe(page, 0);
    await page.goto(app.url(`/settings/email?safe=${app.teamSafe}`));
    await expect(ui.walletButton(page, 0)).toBeVisible({ timeout: 20_000 });
    const section = page.getByRole('region', { name: 'E-mail alerts' });
    await start(section);
    await expect(section.getByRole('status')).toContainText(/not offered by this gateway/, { timeout: 30_000 });
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expect(section.getByRole('form')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Check the message on your Ledger/ })).toHaveCount(0);
    expect(await deviceScreenState(page)).toBeNull();
    // The only e-mail request: the unsigned read, which the router answers with its 404.
    expect(log).toEqual([`GET /v1/chains/${app.devnet.chainId}/safes/${getAddress(ui.team())}/emails/${ui.owner(0)} 404`]);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
