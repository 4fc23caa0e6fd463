/**
 * A small page for the wallet browser test: the real walletConnection machine with the real web3-onboard
 * effects (provideWalletServices), the real header button and banners, and the runtime config served by
 * our static server (so the Devnet Wallet is offered exactly as in the app). Two chains: the devnet and a
 * second one the devnet wallet does not know, to exercise switch → 4902 → add chain.
 */
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import type { RuntimeConfig } from '../../../src/machines/appSession/appSession.types.ts';
import { walletConnectionMachine } from '../../../src/machines/walletConnection/walletConnection.machine.ts';
import type { WalletConnectionEvent } from '../../../src/machines/walletConnection/walletConnection.types.ts';
import type { ChainInfo } from '../../../src/domain/gateway/types.ts';
import { provideWalletServices } from '../../../src/services/wallet/onboard.ts';
import { WalletButton } from '../../../src/views/walletConnection/WalletButton.tsx';
import { WalletNotices } from '../../../src/views/walletConnection/WalletNotices.tsx';
import { WalletProvider } from '../../../src/views/walletConnection/walletContext.tsx';

const config = (await (await fetch('./config.json')).json()) as RuntimeConfig;

function chain(chainId: string, chainName: string, rpc: string): ChainInfo {
  return {
    chainId,
    chainName,
    shortName: chainName.toLowerCase(),
    description: chainName,
    chainLogoUri: null,
    l2: false,
    isTestnet: true,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
    transactionService: '',
    blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
    beaconChainExplorerUriTemplate: { publicKey: null },
    disabledWallets: [],
    ensRegistryAddress: null,
    balancesProvider: { chainName: null, enabled: false },
    features: [],
    gasPrice: [],
    publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: rpc },
    rpcUri: { authentication: 'NO_AUTHENTICATION', value: rpc },
    safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: rpc },
    theme: { textColor: '#ffffff', backgroundColor: '#12805c' },
    recommendedMasterCopyVersion: '1.4.1',
  } as ChainInfo;
}
const chains = [chain(String(config.devnet?.chainId ?? 31337), 'Devnet', config.devnet?.rpcUrl ?? 'http://127.0.0.1:9'), chain('100100', 'Sidechain', 'http://127.0.0.1:9')];

const actor = createActor(provideWalletServices(walletConnectionMachine, { loadChains: async () => chains, getConfig: () => config }));
actor.start();
actor.send({ type: 'system.supportedChainsChanged', chainIds: chains.map((c) => c.chainId), chainNames: Object.fromEntries(chains.map((c) => [c.chainId, c.chainName])) });

// Test hooks: what the root would send, and the machine's state.
Object.assign(window, {
  __walletFixture: {
    send: (event: WalletConnectionEvent) => actor.send(event),
    state: () => JSON.stringify(actor.getSnapshot().value),
  },
});

createRoot(document.getElementById('root')!).render(
  <WalletProvider actors={{ wallet: actor }}>
    <header className="header">
      <WalletButton />
    </header>
    <WalletNotices />
  </WalletProvider>,
);
