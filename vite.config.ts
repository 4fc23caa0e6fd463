import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildIntegrity } from './scripts/lib/buildIntegrity.ts';
import { firstLoadChunk } from './scripts/lib/firstLoadChunk.ts';
import { lazyPackageCopies } from './scripts/lib/lazyPackageCopies.ts';
import { lazyRuntimeHelpers } from './scripts/lib/lazyRuntimeHelpers.ts';
import { onboardSharedViem } from './scripts/lib/onboardSharedViem.ts';
import { preactCompatAlias } from './scripts/lib/preactCompat.ts';
import { qrReaderWorker } from './scripts/lib/qrReaderWorker.ts';
import { scopedNodeBuiltins } from './scripts/lib/scopedNodeBuiltins.ts';

/** The chunks of the signer-device modules' interfaces (src/services/wallet/modules/*Interface.ts). */
const DEVICE_INTERFACE = /(^|\/)(ledger|trezor|walletConnect|keystone)Interface-[\w-]+\.js$/;

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
    // web3-onboard's static imports of viem use the app's viem, not its own pinned copy; its dynamic ones keep the copy
    // (scripts/lib/onboardSharedViem.ts, decision 0076).
    onboardSharedViem(/[\\/]node_modules[\\/]viem[\\/]_esm[\\/](utils[\\/]unit[\\/]formatEther|utils[\\/]encoding[\\/]fromHex|errors[\\/]encoding)\.js$/),
    // Browser builds of the Node built-ins the Keystone stack imports (crypto for hdkey, stream for cipher-base), given
    // to those packages only (scripts/lib/scopedNodeBuiltins.ts, decision 0079).
    scopedNodeBuiltins(),
    // The Keystone SDK's camera reader decodes on the page instead of in a blob: worker the CSP refuses
    // (scripts/lib/qrReaderWorker.ts, decision 0079).
    qrReaderWorker(),
    // The bundler's interop helpers only the device libraries use: copied into their chunks, not on the first load
    // (scripts/lib/lazyRuntimeHelpers.ts, decision 0071).
    lazyRuntimeHelpers(),
    // JSX and TypeScript only: React Fast Refresh hooks into react-dom, which the app no longer runs on (an edit in the
    // dev server reloads the page instead).
    react({ refreshExclude: /./ }),
    buildIntegrity(),
  ],
  // The app renders with Preact through preact/compat; the source keeps importing 'react' (scripts/lib/preactCompat.ts,
  // decision 0073).
  resolve: { alias: preactCompatAlias() },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    // A device module's interface chunk is fetched when the user picks the module; its own static imports follow it.
    // Listing them all for a preload would put ~30 file names into the connect list's chunk (modules/shells.ts) that
    // every user downloads with the modal (decision 0071). CSS, if ever, is still loaded with the chunk.
    modulePreload: { resolveDependencies: (file, deps) => (DEVICE_INTERFACE.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps) },
    sourcemap: false,
    // Everything the first page needs in one chunk, not a dozen small shared ones (decision 0019).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            firstLoadChunk('src/main.tsx', /[\\/]node_modules[\\/](preact|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect|valibot|idb)[\\/]|[\\/]node_modules[\\/]xstate[\\/]dist[\\/](?!xstate-graph)/),
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
