/**
 * Host page of the /apps/open browser test: the real OpenAppView with the real services (gateway client, chain
 * client, IndexedDB storage, bridge) against the devnet, outside the full app (whose Safe-session wiring is the
 * root's). Query: gateway, rpc, safe, appUrl.
 */
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import { appSessionMachine } from '../../../src/machines/appSession/appSession.machine.ts';
import type { RuntimeConfig } from '../../../src/machines/appSession/appSession.types.ts';
import { provideSafeAppsServices } from '../../../src/services/bridge.ts';
import { createChainClient } from '../../../src/services/chain/index.ts';
import { createGatewayClient } from '../../../src/services/gateway/index.ts';
import { openLocalStore } from '../../../src/services/storage/index.ts';
import { AppSessionProvider } from '../../../src/views/appContext.tsx';
import { OpenAppView } from '../../../src/views/safeApps/OpenAppScreen.tsx';

const query = new URLSearchParams(location.search);
const gatewayUrl = query.get('gateway') ?? '';
const rpcUrl = query.get('rpc') ?? '';
const safeAddress = query.get('safe') ?? '';
const appUrl = query.get('appUrl') ?? '';

const gateway = createGatewayClient({ baseUrl: gatewayUrl });
const chain = await gateway.getChainConfig('31337');
const safe = await gateway.getSafeInfo('31337', safeAddress);
const store = await openLocalStore({ name: 'apps-e2e' });
const services = provideSafeAppsServices({
  gateway,
  chainClient: (c) => createChainClient(c, { rpcUrl }),
  store,
  getSession: () => ({ safe, chain, isReadOnly: false, darkMode: false }),
  hostOrigin: location.origin,
  hostWindow: window,
  startTransactionFlow: async () => ({ status: 'rejected' }),
  startMessageFlow: async () => ({ status: 'rejected' }),
});

const app = createActor(appSessionMachine.provide({ actors: { loadConfig: fromPromise<RuntimeConfig>(() => new Promise(() => {})) } }), {
  input: { location: { path: '/apps/open', search: location.search }, theme: 'light' },
});
app.start();
// The devnet's apps are served over http from this computer, which the devnet allows (decision 0052).
const actor = createActor(services.openApp, { input: { appUrl, hostOrigin: location.origin, chainId: '31337', localHttpApps: true } });
actor.start();

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <AppSessionProvider actor={app}>
    <OpenAppView actor={actor} frames={services.frames} hostOrigin={location.origin} />
  </AppSessionProvider>,
);
