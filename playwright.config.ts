import { defineConfig } from '@playwright/test';

/** Browser tests drive Debian's Chromium; nothing downloads a browser. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Three spec files at a time on the 2-core machine, each with its own devnet on free ports (the app is built once,
  // in the global setup). With two, the cores were idle 30 % of the run (the specs wait on receipts, timeouts and
  // page loads): 839 s with two, 720 s with three, same suite, quiet machine (decision 0086). Waits that only load can
  // stretch (a devnet receipt, a list's first page) are generous; nothing here times how fast a screen is (that is
  // `npm run bench`).
  fullyParallel: false,
  workers: 3,
  globalSetup: './tests/e2e/globalSetup.ts',
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
    // A navigation that never finishes fails on its own line instead of using up the whole test timeout.
    navigationTimeout: 30_000,
  },
});
