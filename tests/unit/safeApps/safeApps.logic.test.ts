import { describe, expect, it } from 'vitest';
import {
  BASE_SANDBOX,
  CustomAppErrors,
  appOriginOf,
  categoriesOf,
  filterApps,
  isAllowedOn,
  normalizeAppUrl,
  parseManifest,
  pinnedApps,
  sandboxFor,
  togglePinned,
} from '../../../src/machines/safeApps/safeApps.logic.ts';
import type { SafeApp } from '../../../src/machines/safeApps/safeApps.types.ts';
import { createAppFrameRegistry, fetchManifest, type SafeAppsServiceDeps } from '../../../src/services/bridge.ts';

const app = (id: number, patch: Partial<SafeApp> = {}): SafeApp => ({
  id,
  url: `https://app${id}.example`,
  name: `App ${id}`,
  iconUrl: null,
  description: `Description ${id}`,
  chainIds: ['1'],
  provider: null,
  accessControl: { type: 'NO_RESTRICTIONS', value: null },
  tags: [],
  features: [],
  developerWebsite: null,
  socialProfiles: [],
  featured: false,
  ...patch,
});

describe('app URLs and origins', () => {
  it('normalises http(s) URLs and refuses everything else', () => {
    expect(normalizeAppUrl(' https://app.example/path/ ')).toBe('https://app.example/path');
    expect(normalizeAppUrl('https://app.example/#x')).toBe('https://app.example');
    expect(normalizeAppUrl('http://127.0.0.1:8787/devnet/apps/hello')).toBe('http://127.0.0.1:8787/devnet/apps/hello');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example', 'app.example', '', 'https://user:pw@app.example']) {
      expect(normalizeAppUrl(bad)).toBeNull();
    }
    expect(appOriginOf('https://app.example:8443/a/b?c=1')).toBe('https://app.example:8443');
  });

  it('never gives allow-same-origin to an app on our own origin (S13)', () => {
    expect(sandboxFor('https://app.example', 'https://wallet.example')).toBe(`${BASE_SANDBOX} allow-same-origin`);
    expect(sandboxFor('https://wallet.example', 'https://wallet.example')).toBe(BASE_SANDBOX);
    expect(BASE_SANDBOX).toBe('allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox');
  });
});

describe('the apps list', () => {
  it('honours DOMAIN_ALLOWLIST without matching look-alike hosts', () => {
    const restricted = app(1, { accessControl: { type: 'DOMAIN_ALLOWLIST', value: ['http://127.0.0.1', 'https://wallet.example'] } });
    expect(isAllowedOn(restricted, 'http://127.0.0.1:4173')).toBe(true);
    expect(isAllowedOn(restricted, 'https://wallet.example')).toBe(true);
    expect(isAllowedOn(restricted, 'http://127.0.0.1.evil.example')).toBe(false);
    expect(isAllowedOn(restricted, 'https://other.example')).toBe(false);
    expect(isAllowedOn(app(2), 'https://other.example')).toBe(true);
  });

  it('searches name, description and category; filters by category and BATCHED_TRANSACTIONS', () => {
    const apps = [app(1, { name: 'Swap', tags: ['DeFi'], features: ['BATCHED_TRANSACTIONS'] }), app(2, { description: 'Send tokens', tags: ['Payments'] }), app(3, { tags: ['DeFi', 'NFT'] })];
    expect(filterApps(apps, { query: 'swap', tag: null, batchedOnly: false }).map((a) => a.id)).toEqual([1]);
    expect(filterApps(apps, { query: 'TOKENS', tag: null, batchedOnly: false }).map((a) => a.id)).toEqual([2]);
    expect(filterApps(apps, { query: 'defi', tag: null, batchedOnly: false }).map((a) => a.id)).toEqual([1, 3]);
    expect(filterApps(apps, { query: '', tag: 'DeFi', batchedOnly: true }).map((a) => a.id)).toEqual([1]);
    expect(categoriesOf(apps)).toEqual(['DeFi', 'NFT', 'Payments']);
  });

  it('pins and unpins, keeping pin order and skipping apps no longer listed', () => {
    expect(togglePinned([3, 1], 2)).toEqual([3, 1, 2]);
    expect(togglePinned([3, 1, 2], 1)).toEqual([3, 2]);
    expect(pinnedApps([app(1), app(2), app(3)], [3, 9, 1]).map((a) => a.id)).toEqual([3, 1]);
  });
});

describe('manifest.json', () => {
  it('needs a name, a description and icons; picks the best icon and known browser features', () => {
    const manifest = parseManifest(
      {
        name: ' Hello ',
        description: 'Says hello',
        icons: [
          { src: 'small.png', sizes: '32x32' },
          { src: '/big.png', sizes: '256x256' },
        ],
        safe_apps_permissions: ['camera', 'not-a-feature', 7],
      },
      'https://app.example/sub',
    );
    expect(manifest).toEqual({ name: 'Hello', description: 'Says hello', iconUrl: 'https://app.example/big.png', browserPermissions: ['camera'] });
    expect(parseManifest({ name: 'A', description: '', iconPath: 'logo.svg' }, 'https://app.example/sub').iconUrl).toBe('https://app.example/sub/logo.svg');
    expect(parseManifest({ name: 'A', description: '', icons: [{ src: 'javascript:alert(1)' }] }, 'https://app.example').iconUrl).toBeNull();
    for (const bad of [null, [], 'x', { name: 'A', description: 'B' }, { description: 'B', iconPath: 'i.svg' }, { name: 'A', iconPath: 'i.svg' }]) {
      expect(() => parseManifest(bad, 'https://app.example')).toThrow(CustomAppErrors.notASafeApp);
    }
  });

  it('is fetched from <url>/manifest.json; an unreadable one means the app is not a Safe App', async () => {
    const asked: string[] = [];
    const ok = await fetchManifest(async (url) => {
      asked.push(url);
      return JSON.stringify({ name: 'Hello', description: 'd', iconPath: 'icon.svg' });
    }, 'https://app.example/hello/');
    expect(asked).toEqual(['https://app.example/hello/manifest.json']);
    expect(ok.iconUrl).toBe('https://app.example/hello/icon.svg');
    await expect(fetchManifest(async () => '<html>', 'https://app.example')).rejects.toThrow(CustomAppErrors.notASafeApp);
    await expect(fetchManifest(async () => {
      throw new Error('404');
    }, 'https://app.example')).rejects.toThrow(CustomAppErrors.notASafeApp);
    await expect(fetchManifest(async () => '{}', 'javascript:alert(1)')).rejects.toThrow(CustomAppErrors.invalidUrl);
  });
});

describe('the frame registry', () => {
  it('answers the registered window of an origin until it is unregistered', () => {
    const frames = createAppFrameRegistry();
    const win = { postMessage: () => undefined };
    const off = frames.register('https://app.example', () => win);
    expect(frames.window('https://app.example')).toBe(win);
    expect(frames.window('https://other.example')).toBeNull();
    off();
    expect(frames.window('https://app.example')).toBeNull();
  });
});

/** The services with no gateway, chain or storage behind them (any use of those throws). */
async function bareServices(deps: Partial<SafeAppsServiceDeps> = {}) {
  const { provideSafeAppsServices } = await import('../../../src/services/bridge.ts');
  return provideSafeAppsServices({
    gateway: {} as never,
    chainClient: () => ({ request: async () => null }),
    store: {} as never,
    getSession: () => null,
    hostOrigin: 'https://wallet.example',
    hostWindow: { addEventListener: () => undefined, removeEventListener: () => undefined },
    startTransactionFlow: async () => ({ status: 'rejected' }),
    startMessageFlow: async () => ({ status: 'rejected' }),
    ...deps,
  });
}

describe('wiring', () => {
  it('provideSafeAppsServices returns what <SafeAppsProvider logic> takes', async () => {
    type Logic = import('../../../src/views/safeApps/safeAppsContext.tsx').SafeAppsLogic;
    const accept = (logic: Logic): Logic => logic;
    const services = await bareServices();
    const logic = accept(services);
    expect(logic.hostOrigin).toBe('https://wallet.example');
    expect(logic.openApp.id).toBe('openApp');
    // Without an open Safe every bridge request is answered `Request failed` (getSessionInfo throws).
    await expect(services.effects.getSessionInfo({ appOrigin: 'https://app.example' })).rejects.toThrow('No Safe is open');
  });

  it('the root’s bridge session answers getSafeInfo from the open Safe in the message’s task, reading no storage', async () => {
    const { createActor } = await import('xstate');
    const { chainInfo, safeInfo } = await import('../../../src/machines/bridgeRequest/bridgeRequest.samples.ts');
    const { countingWindow, fakeHostWindow } = await import('../bridge/hostWindow.ts');
    const host = fakeHostWindow();
    const frame = countingWindow();
    let open = { safe: safeInfo, chain: chainInfo, isReadOnly: true, darkMode: false };
    // Any storage read would throw here.
    const services = await bareServices({ getSession: () => open, hostWindow: host });
    services.frames.register('https://app.example', () => frame);
    const session = createActor(services.bridgeSession, { input: { appOrigin: 'https://app.example' } }).start();
    const ask = (id: string, method: string) => host.dispatch({ data: { id, method, params: undefined, env: { sdkVersion: '9.1.0' } }, origin: 'https://app.example', source: frame });
    ask('a', 'getSafeInfo');
    open = { ...open, isReadOnly: false, darkMode: true };
    ask('b', 'getSafeInfo');
    ask('c', 'getCurrentTheme');
    ask('d', 'getEnvironmentInfo');
    expect(frame.posted.map((p) => [p.targetOrigin, p.message])).toEqual([
      ['https://app.example', expect.objectContaining({ id: 'a', success: true, data: expect.objectContaining({ safeAddress: safeInfo.address.value, isReadOnly: true }) })],
      ['https://app.example', expect.objectContaining({ id: 'b', success: true, data: expect.objectContaining({ isReadOnly: false }) })],
      ['https://app.example', expect.objectContaining({ id: 'c', success: true, data: { darkMode: true } })],
      ['https://app.example', expect.objectContaining({ id: 'd', success: true, data: { origin: 'https://wallet.example' } })],
    ]);
    session.stop();
    expect(host.listenerCount()).toBe(0);
  });
});
