/**
 * Builds the devnet app once, before any worker starts: every spec file of every worker serves this one build
 * (each with its own devnet). Workers see E2E_DEVNET_APP_BUILT and do not build again (two workers building into
 * one folder at once would empty it under each other).
 */
import { buildDevnetApp } from './fixtures/devnetApp.ts';

export default async function globalSetup(): Promise<void> {
  await buildDevnetApp();
  process.env.E2E_DEVNET_APP_BUILT = '1';
}
