import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildIntegrity } from './scripts/lib/buildIntegrity.ts';
import { firstLoadChunk } from './scripts/lib/firstLoadChunk.ts';
import { lazyPackageCopies } from './scripts/lib/lazyPackageCopies.ts';

export default defineConfig({
  // buildIntegrity: CSP meta fallback, Subresource Integrity and the printed build hash (scripts/lib/buildIntegrity.ts).
  // lazyPackageCopies: the signer-device libraries' (and modules') own copy of viem/ox/abitype/@noble/@scure/rxjs/tslib, so that what
  // they use of them stays in their lazy chunks instead of joining the first load or the connect step's chunks
  // (scripts/lib/lazyPackageCopies.ts, decision 0066).
  plugins: [
    lazyPackageCopies(
      /[\\/]node_modules[\\/](@walletconnect|@reown|@base-org|@coinbase|@ledgerhq|@trezor|@keystonehq|@web3-onboard[\\/](walletconnect|trezor|keystone|hw-common))[\\/]|[\\/]src[\\/]services[\\/]wallet[\\/]modules[\\/]/,
      /[\\/]node_modules[\\/](viem|ox|abitype|@noble|@scure|rxjs|tslib)[\\/]/,
    ),
    react(),
    buildIntegrity(),
  ],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Everything the first page needs in one chunk, not a dozen small shared ones (decision 0019).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            firstLoadChunk('src/main.tsx', /[\\/]node_modules[\\/](react|react-dom|scheduler|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect|valibot|idb)[\\/]|[\\/]node_modules[\\/]xstate[\\/]dist[\\/](?!xstate-graph)/),
            // The Safe's and the Allowance module's ABIs are shared by the same lazy screens: one chunk, one preload entry.
            { name: 'abis', test: /[\\/]src[\\/]domain[\\/]safe[\\/](abis|allowance|nestedSafes)\.ts$/ },
            // The look-alike rule and this browser's known addresses (decision 0064): one chunk for opening a Safe and the flows.
            { name: 'lookAlike', test: /[\\/]src[\\/](domain[\\/]safe[\\/]lookAlike|services[\\/](knownAddresses|safeLookAlike))\.ts$/ },
          ],
        },
      },
    },
  },
});
