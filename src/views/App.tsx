import { lazy, Suspense, useEffect } from 'react';
import { connectAppSession } from '../machines/appSession/appSession.connect.ts';
import { matchRoute } from '../machines/shared/routes.ts';
import { SafeSessionProvider } from './safeSession/safeSessionContext.tsx';
import { AccountServicesProvider, type AccountServicesLogic } from './accountServices/accountServicesContext.tsx';
import { useWallet, WalletProvider, type DevnetAccountsPort, type LoadSafeLogic, type MyAccountsLogic } from './walletConnection/walletContext.tsx';
import type { CreateSafeVisitsPort } from '../machines/createSafe/createSafe.port.ts';
import { connectWalletConnection } from '../machines/walletConnection/walletConnection.connect.ts';
import { useAppSelector, useAppSend } from './appContext.tsx';
import { GatewayStatus } from './layout/GatewayStatus.tsx';
import { Header } from './layout/Header.tsx';
import { Sidebar } from './layout/Sidebar.tsx';
import { SkipLink } from './layout/SkipLink.tsx';
import { useFocusKeeper } from './layout/useFocusKeeper.ts';
import './layout/layout.css';
import { FlowDialogs } from './flows/FlowDialogs.tsx';
import { ToastsProvider } from './ui/toasts.tsx';
import { CodeBoundary } from './components/CodeBoundary.tsx';
import { SafeAppsProvider, type SafeAppsLogic } from './safeApps/safeAppsContext.tsx';
import { LocalDataProvider, type LocalDataLogic } from './settings/localDataContext.tsx';
import { SCREENS, screenTitle } from './screens/registry.tsx';
import type { MaybeDeferred } from './deferred.ts';

function Boot() {
  const booting = useAppSelector((s) => connectAppSession(s).phase === 'booting');
  const error = useAppSelector((s) => connectAppSession(s).error);
  const send = useAppSend();
  if (booting) {
    return (
      <main className="boot" role="status">
        Loading Countersign…
      </main>
    );
  }
  return (
    <main className="boot">
      <div role="alert" className="banner banner-error">
        <strong>Countersign could not start.</strong> {error}
      </div>
      <button type="button" onClick={() => send({ type: 'user.retry' })}>
        Retry
      </button>
    </main>
  );
}

/** Machines whose screens start one actor per visit, with their effects provided by the composition root. */
export interface ScreenLogic {
  loadSafe?: MaybeDeferred<LoadSafeLogic>;
  /** /new-safe/create: resumes the wallet's unfinished visit or starts one (decision 0018). */
  createSafeVisits?: MaybeDeferred<CreateSafeVisitsPort>;
  accounts?: MaybeDeferred<MyAccountsLogic>;
  /** Settings: notifications, e-mail, security. */
  accountServices?: MaybeDeferred<AccountServicesLogic>;
  /** Settings: data (export / import) and environment (custom RPC). */
  localData?: MaybeDeferred<LocalDataLogic>;
}

/**
 * `screens` and `apps` may load on first use (decision 0019): the screens that need them suspend meanwhile.
 * `devnetAccounts`: devnet builds only, the wallet menu's Devnet Wallet account switcher (decision 0037).
 */
// The wallet's banners load when there is one to show (decision 0045's addendum): most visits never need them.
const WalletNotices = lazy(() => import('./walletConnection/WalletNotices.tsx').then((m) => ({ default: m.WalletNotices })));

function WalletNoticesWhenAny() {
  const shown = useWallet((s) => {
    const vm = connectWalletConnection(s);
    return vm.retrying || vm.failed || vm.unavailable || vm.chainFit === 'wrongChain' || vm.chainFit === 'unsupportedChain';
  });
  return shown ? (
    <Suspense fallback={null}>
      <WalletNotices />
    </Suspense>
  ) : null;
}

export function App({
  screens = {},
  apps = null,
  devnetAccounts = null,
}: {
  screens?: ScreenLogic;
  apps?: MaybeDeferred<SafeAppsLogic> | null;
  devnetAccounts?: DevnetAccountsPort | null;
}) {
  const running = useAppSelector((s) => connectAppSession(s).phase === 'running');
  const theme = useAppSelector((s) => connectAppSession(s).theme);
  const path = useAppSelector((s) => connectAppSession(s).location.path);
  const wallet = useAppSelector((s) => s.children.wallet);
  const addressBook = useAppSelector((s) => s.children.addressBook);
  const safeSession = useAppSelector((s) => s.children.safeSession ?? null);
  const route = matchRoute(path);
  const screen = SCREENS[route.id];

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const title = screenTitle(route);
  useEffect(() => {
    document.title = `${title} · Countersign`;
  }, [title]);
  useFocusKeeper();

  if (!running || !wallet) return <Boot />;
  return (
    <WalletProvider actors={{ wallet, addressBook, accounts: screens.accounts, loadSafe: screens.loadSafe, createSafeVisits: screens.createSafeVisits, devnetAccounts }}>
      {/* Notices outlive the open Safe (its provider re-mounts its children): their region is the shell's last child. */}
      <ToastsProvider>
      <SafeSessionProvider actor={safeSession}>
        <SkipLink />
        <div className="shell">
          <Sidebar />
          <div className="main-column">
            <Header />
            <GatewayStatus />
            <WalletNoticesWhenAny />
            <main className="content" id="content" tabIndex={-1}>
              <AccountServicesProvider logic={screens.accountServices}>
                <LocalDataProvider logic={screens.localData}>
                <CodeBoundary what="This screen" resetKey={path}>
                  <Suspense fallback={<p role="status">Loading…</p>}>
                    {apps ? <SafeAppsProvider logic={apps}>{screen.render(route)}</SafeAppsProvider> : screen.render(route)}
                  </Suspense>
                </CodeBoundary>
                </LocalDataProvider>
              </AccountServicesProvider>
            </main>
          </div>
        </div>
        <FlowDialogs />
      </SafeSessionProvider>
      </ToastsProvider>
    </WalletProvider>
  );
}
