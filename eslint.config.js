// Lint configuration. Besides the usual TypeScript and React-hooks rules, it enforces the import
// boundaries of the five source folders (see docs/architecture.md, "Layers"):
//   src/domain    the pure floor (gateway wire model, Safe rules): pure viem helpers and valibot only
//   src/machines  pure statecharts: no services, views, bridge, React, network, storage or DOM
//   src/views     render snapshots and send events: no services, no network, no storage
//   src/services  effects: never imports views
//   src/bridge    the Safe Apps bridge: never imports services or views
//   src/dev       dev-only code (the Devnet Wallet), loaded only by devnet builds: like services, never imports views
// Views also read machines only through view models (`connect<M>(snapshot)` in src/machines/<folder>/<m>.connect.ts):
// they never ask a snapshot for its state names with `.matches(…)` or `.hasTag(…)`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const networkAndStorage = ['idb', '@web3-onboard/*', 'node:*', 'fs', 'http', 'https'];
const viemClients = {
  name: 'viem',
  importNames: ['createPublicClient', 'createWalletClient', 'createTestClient', 'createClient', 'http', 'custom', 'webSocket', 'fallback'],
  message: 'Chain clients belong in src/services; pass effects in through the machine’s named actors.',
};
const domGlobals = (message) =>
  ['window', 'document', 'indexedDB', 'localStorage', 'sessionStorage', 'fetch', 'navigator', 'XMLHttpRequest', 'WebSocket', 'location', 'history', 'BroadcastChannel'].map((name) => ({ name, message }));

export const boundaryRules = {
  domain: {
    '@typescript-eslint/no-restricted-imports': ['error', {
      paths: [viemClients],
      patterns: [
        { group: ['**/services', '**/services/**', '**/machines', '**/machines/**', '**/views', '**/views/**', '**/bridge', '**/bridge/**', '**/dev', '**/dev/**', '**/root', '**/root.ts'], message: 'The domain is the floor: it imports nothing of ours above it.' },
        { group: ['react', 'react-dom', 'react-dom/*', 'xstate', '@xstate/*', ...networkAndStorage], message: 'The domain is pure: no React, XState, network, storage or Node modules.' },
      ],
    }],
    'no-restricted-globals': ['error', ...domGlobals('The domain is pure: a rule that needs the chain or the network takes a reader from its caller.')],
  },
  machines: {
    '@typescript-eslint/no-restricted-imports': ['error', {
      paths: [viemClients],
      patterns: [
        { group: ['**/services', '**/services/**'], message: 'Machines must not import services; name the effect and let the composition root provide it (shared data types live in src/domain).' },
        { group: ['**/views', '**/views/**'], message: 'Machines must not import views.' },
        { group: ['**/bridge', '**/bridge/**'], message: 'Machines must not import the bridge.' },
        { group: ['**/dev', '**/dev/**'], message: 'Machines must not import dev-only code.' },
        { group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', ...networkAndStorage], message: 'Machines are pure: no React, network, storage or Node modules.' },
      ],
    }],
    'no-restricted-globals': ['error', ...domGlobals('Machines are pure: effects go through named actors provided by the composition root.')],
  },
  views: {
    'no-restricted-imports': ['error', {
      paths: [viemClients],
      patterns: [
        { group: ['**/services', '**/services/**', '**/dev', '**/dev/**'], message: 'Views render snapshots and send events; they never call services (or dev-only code).' },
        { group: networkAndStorage, message: 'Views do no fetching or storage.' },
      ],
    }],
    'no-restricted-globals': ['error', { name: 'fetch', message: 'Views do no fetching.' }, { name: 'indexedDB', message: 'Views do no storage.' }, { name: 'localStorage', message: 'Views do no storage.' }],
  },
  services: {
    'no-restricted-imports': ['error', { patterns: [{ group: ['**/views', '**/views/**'], message: 'Services must not import views.' }] }],
  },
  bridge: {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: ['**/views', '**/views/**'], message: 'The bridge must not import views.' },
        { group: ['**/services', '**/services/**', '**/dev', '**/dev/**'], message: 'The bridge stands on the domain and the machines; services compose it, not the other way round.' },
      ],
    }],
  },
};

/** Views read view models, not state names (see src/views/useViewModel.ts). */
export const viewModelRules = {
  'no-restricted-syntax': ['error', {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(matches|hasTag)$/]",
    message: 'Views never ask a snapshot for its state names: read the machine’s view model (connect<M>(snapshot) in src/machines/<folder>/<m>.connect.ts).',
  }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.devnet/**', '.tmp/**', 'docs/**', 'bench/tmp/**', 'test-results/**', 'playwright-report/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['src/domain/**/*.{ts,tsx}'], rules: boundaryRules.domain },
  { files: ['src/machines/**/*.{ts,tsx}'], ignores: ['src/machines/**/*.test.{ts,tsx}'], rules: boundaryRules.machines },
  { files: ['src/views/**/*.{ts,tsx}'], ignores: ['src/views/**/*.test.{ts,tsx}'], rules: boundaryRules.views },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    ignores: ['src/views/**/*.test.{ts,tsx}'],
    rules: viewModelRules,
  },
  { files: ['src/services/**/*.{ts,tsx}'], rules: boundaryRules.services },
  { files: ['src/bridge/**/*.{ts,tsx}'], rules: boundaryRules.bridge },
  { files: ['src/dev/**/*.{ts,tsx}'], rules: boundaryRules.services },
);
