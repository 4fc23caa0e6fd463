/**
 * Decision 0052: Safe Apps over http are accepted on the devnet only, and only from this computer
 * (http://localhost:<port>, http://127.0.0.1:<port>); every other build and config keeps https only. The rule
 * (`appUrlRefusal`), the two machines that apply it (adding a custom app, opening an app) in both modes, and the
 * one place that says "devnet" (`isDevnet`).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { customAppsMachine } from '../../../src/machines/safeApps/customApps.machine.ts';
import { openAppMachine } from '../../../src/machines/safeApps/openApp.machine.ts';
import { CustomAppErrors, LOCAL_APP_HOSTS, appUrlRefusal } from '../../../src/machines/safeApps/safeApps.logic.ts';
import type { AppInfo, AppManifest, CustomSafeApp, LoadAppInfoInput } from '../../../src/machines/safeApps/safeApps.types.ts';
import { isDevnet, parseRuntimeConfig } from '../../../src/services/config.ts';

const LOCAL = ['http://localhost:3000', 'http://127.0.0.1:5173/app', 'http://localhost', 'HTTP://LOCALHOST:8080/'];
const HTTP_ELSEWHERE = ['http://192.168.1.20:3000', 'http://app.example', 'http://localhost.evil.example:3000', 'http://127.0.0.2:3000', 'http://[::1]:3000'];

describe('appUrlRefusal: the URL rule', () => {
  it('https is accepted anywhere, in both modes', () => {
    for (const local of [false, true]) {
      expect(appUrlRefusal('https://app.example', local)).toBeNull();
      expect(appUrlRefusal('https://localhost:8443/app', local)).toBeNull();
    }
  });

  it('production (no devnet): every http app is refused with the https-only text, localhost included', () => {
    for (const url of [...LOCAL, ...HTTP_ELSEWHERE]) expect(appUrlRefusal(url, false), url).toBe(CustomAppErrors.httpsOnly);
    expect(CustomAppErrors.httpsOnly).toContain('https://');
    expect(CustomAppErrors.httpsOnly).toContain('npm start');
  });

  it('devnet: http on localhost or 127.0.0.1, any port, is accepted; other http hosts are refused with what to use', () => {
    for (const url of LOCAL) expect(appUrlRefusal(url, true), url).toBeNull();
    for (const url of HTTP_ELSEWHERE) expect(appUrlRefusal(url, true), url).toBe(CustomAppErrors.localHttpOnly);
    expect(LOCAL_APP_HOSTS).toEqual(['127.0.0.1', 'localhost']);
  });

  it('what is not an app URL stays "The url is invalid" in both modes', () => {
    for (const local of [false, true]) {
      for (const bad of ['javascript:alert(1)', 'ftp://localhost:21', 'localhost:3000', 'http://user:pw@localhost:3000', '']) {
        expect(appUrlRefusal(bad, local), bad).toBe(CustomAppErrors.invalidUrl);
      }
    }
  });
});

describe('isDevnet: the one place that says whether the runtime is the devnet', () => {
  const production = parseRuntimeConfig({ gatewayUrl: 'https://gateway.example' });
  const devnet = parseRuntimeConfig({ gatewayUrl: 'http://127.0.0.1:5001', devnet: { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', accounts: [] } });
  it('is true only for a config with `devnet`', () => {
    expect(isDevnet(production)).toBe(false);
    expect(isDevnet(devnet)).toBe(true);
    expect(isDevnet(null)).toBe(false);
  });
});

const MANIFEST: AppManifest = { name: 'My App', description: 'Mine', iconUrl: null, browserPermissions: [] };

/** The customApps machine with instant effects; `fetched` records the manifest reads it asked for. */
function customApps(localHttpApps: boolean | undefined) {
  const fetched: string[] = [];
  const actor = createActor(
    customAppsMachine.provide({
      actors: {
        loadCustomApps: fromPromise(async () => [] as CustomSafeApp[]),
        fetchManifest: fromPromise(async ({ input }: { input: { url: string } }) => {
          fetched.push(input.url);
          return MANIFEST;
        }),
      },
    }),
    { input: localHttpApps === undefined ? { chainId: '31337' } : { chainId: '31337', localHttpApps } },
  ).start();
  return { actor, fetched };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('customApps applies the rule', () => {
  it('production: http://localhost is refused with the https-only text and its manifest is never read', async () => {
    for (const mode of [false, undefined]) {
      const { actor, fetched } = customApps(mode);
      await settle();
      actor.send({ type: 'user.add', url: 'http://localhost:3000' });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.error).toBe(CustomAppErrors.httpsOnly);
      await settle();
      expect(fetched).toEqual([]);
      // The way forward: an https address is read as before.
      actor.send({ type: 'user.add', url: 'https://app.example' });
      await settle();
      expect(actor.getSnapshot().value).toBe('confirmingAdd');
      expect(fetched).toEqual(['https://app.example']);
    }
  });

  it('devnet: http://localhost:<port> and http://127.0.0.1:<port> are read; another http host is refused', async () => {
    const { actor, fetched } = customApps(true);
    await settle();
    actor.send({ type: 'user.add', url: 'http://192.168.1.20:3000' });
    expect(actor.getSnapshot().context.error).toBe(CustomAppErrors.localHttpOnly);
    actor.send({ type: 'user.add', url: 'http://localhost:3000/' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirmingAdd');
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.add', url: 'http://127.0.0.1:5173' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirmingAdd');
    expect(fetched).toEqual(['http://localhost:3000', 'http://127.0.0.1:5173']);
  });
});

describe('openApp applies the rule', () => {
  const open = (appUrl: string, localHttpApps?: boolean) =>
    createActor(openAppMachine.provide({ actors: { loadAppInfo: fromPromise<AppInfo, LoadAppInfoInput>(() => new Promise(() => undefined)) } }), {
      input: { appUrl, hostOrigin: 'http://127.0.0.1:4173', chainId: '31337', ...(localHttpApps === undefined ? {} : { localHttpApps }) },
    }).start();

  it('production: an http app is refused as insecure (localhost too); https loads', () => {
    for (const url of ['http://localhost:3000', 'http://app.example']) {
      const snapshot = open(url).getSnapshot();
      expect(snapshot.value).toBe('refused');
      expect(snapshot.context.refusal).toBe('insecureUrl');
    }
    expect(open('https://app.example').getSnapshot().value).toBe('loadingInfo');
  });

  it('devnet: an http app on this computer loads; elsewhere is refused; our own origin stays "sameOrigin"', () => {
    expect(open('http://localhost:3000', true).getSnapshot().value).toBe('loadingInfo');
    expect(open('http://127.0.0.1:5173/app', true).getSnapshot().value).toBe('loadingInfo');
    expect(open('http://192.168.1.20:3000', true).getSnapshot().context.refusal).toBe('insecureUrl');
    expect(open('http://127.0.0.1:4173/evil', true).getSnapshot().context.refusal).toBe('sameOrigin');
    expect(open('http://127.0.0.1:4173/evil', false).getSnapshot().context.refusal).toBe('sameOrigin');
  });
});
