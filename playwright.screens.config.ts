import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/** `npm run screens`: screenshots for review into .tmp/screens/, not tests (tests/screens is outside tests/e2e). */
export default defineConfig({ ...base, testDir: 'tests/screens', testMatch: '**/*.spec.ts', timeout: 600_000 });
