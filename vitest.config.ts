import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { preactCompatAlias, preactCompatResolver } from './scripts/lib/preactCompat.ts';
import './tests/setup/node-polyfills.ts';

/**
 * The DOM tests render with preact/compat like the build (decision 0073). An alias only reaches modules that run
 * through Vite, and Node's own loader would give the libraries below react-dom (Testing Library and
 * use-sync-external-store are CommonJS: their require('react-dom/client') never meets the alias). So the dom project
 * pre-bundles them with Vite's dependency optimizer, which applies the aliases, into one graph with Preact itself:
 * one Preact, one xstate and one Testing Library DOM for the views, the libraries and the tests.
 * tests/dom/renderer.test.tsx fails if any of them renders with react-dom again.
 */
// Testing Library's act() comes from react-dom/test-utils when React has none: React's act on Preact (tests/setup/reactAct.ts).
const TEST_ACT = { 'react-dom/test-utils': fileURLToPath(new URL('./tests/setup/reactAct.ts', import.meta.url)) };

const DOM_PREBUNDLED = [
  'preact',
  'preact/hooks',
  'preact/compat',
  'preact/compat/client',
  'preact/jsx-runtime',
  'preact/compat/jsx-runtime',
  'preact/compat/jsx-dev-runtime',
  'preact/test-utils',
  'xstate/graph',
  '@testing-library/react',
  '@testing-library/dom',
  '@testing-library/user-event',
  '@radix-ui/react-dialog',
  '@radix-ui/react-dropdown-menu',
  '@radix-ui/react-popover',
  '@radix-ui/react-tabs',
  '@radix-ui/react-toast',
  '@radix-ui/react-tooltip',
  '@radix-ui/react-visually-hidden',
  '@xstate/react',
  'xstate',
];

// Three layers share one runner:
//  - unit: pure modules and machines, Node environment
//  - dom: React views and model-based tests that drive the real views, jsdom environment
//  - integration: services and the devnet against a real anvil and the local gateway, Node environment
export default defineConfig({
  plugins: [react()],
  test: {
    // One worker per core: vitest 5 otherwise ran every file one after another on a 2-core machine (measured: two 6 s
    // sleeps took 13.8 s by default, 7.1 s with two workers). The integration files run two at a time as well: each
    // starts its own devnet on free ports (decision 0091).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'devnet/**/*.test.ts'],
          // A budget against hangs, not a speed check (speed lives in npm run bench): vitest's 5 s default failed
          // eslint-, tsx- and property-based tests on a loaded 2-core machine.
          testTimeout: 30_000,
          // web3-onboard's device modules run through Vite here (not Node's loader), so that the tests' vi.mock of a
          // device SDK (Trezor Connect, the Keystone keyring, WalletConnect's provider) reaches their imports (decision 0066).
          server: { deps: { inline: [/@web3-onboard[\\/](trezor|keystone|walletconnect)/] } },
        },
      },
      {
        extends: true,
        resolve: { alias: preactCompatAlias(TEST_ACT) },
        // Pre-bundled anew on every run: tests/setup/reactAct.ts is bundled into Testing Library's pre-bundle, and the
        // optimizer's cache does not notice when it changes (a second or two per run). Vitest merges this into deps.optimizer.
        optimizeDeps: { force: true },
        test: {
          name: 'dom',
          environment: 'jsdom',
          // Its files share workers and the jsdom environment (decision 0092: 148 → 95 s); a stubbed global goes back after each test.
          isolate: false,
          unstubGlobals: true,
          include: ['tests/model/**/*.test.{ts,tsx}', 'tests/dom/**/*.test.{ts,tsx}', 'src/**/*.test.tsx'],
          setupFiles: ['tests/setup/node-polyfills.ts', 'tests/setup/dom.ts', 'tests/setup/preactEvents.ts'],
          deps: { optimizer: { client: { enabled: true, include: DOM_PREBUNDLED, rolldownOptions: { plugins: [preactCompatResolver(TEST_ACT)] } } } },
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
