import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import './tests/setup/node-polyfills.ts';

// Three layers share one runner:
//  - unit: pure modules and machines, Node environment
//  - dom: React views and model-based tests that drive the real views, jsdom environment
//  - integration: services and the devnet against a real anvil and the local gateway, Node environment
export default defineConfig({
  plugins: [react()],
  test: {
    // One worker per core: vitest 5 otherwise ran every file one after another on a 2-core machine (measured: two 6 s
    // sleeps took 13.8 s by default, 7.1 s with two workers). The integration layer still runs its files one at a time.
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
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/model/**/*.test.{ts,tsx}', 'tests/dom/**/*.test.{ts,tsx}', 'src/**/*.test.tsx'],
          setupFiles: ['tests/setup/node-polyfills.ts', 'tests/setup/dom.ts'],
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
          fileParallelism: false,
        },
      },
    ],
  },
});
