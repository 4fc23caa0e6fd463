/**
 * The app renders with Preact through `preact/compat` instead of React 19's react-dom (issue 22, decision 0073):
 * react-dom alone was 63.7 kB of the 145 kB gzip boot chunk. The source keeps importing from 'react' and its types
 * stay @types/react; these aliases are a build concern, shared by the build, the dev server (vite.config.ts) and the
 * DOM tests (vitest.config.ts), so that what the tests render is what ships.
 *
 * Each entry matches the whole import specifier (a RegExp with ^…$): 'react' must not also catch 'react-remove-scroll'.
 * Libraries that import React (Radix, @xstate/react, web3-onboard's React package, use-sync-external-store) get
 * preact/compat too; that is intended.
 */

import type { Plugin as RolldownPlugin } from 'rolldown';

/** Import specifier → its preact/compat module. */
export const PREACT_COMPAT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react/compiler-runtime': 'preact/compat/compiler-runtime',
  // react-dom's scheduler: nothing should import it once react-dom is gone; aliased so a library that does gets the shim.
  scheduler: 'preact/compat/scheduler',
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The entries for Vite's resolve.alias; `extra` adds or overrides specifiers (the DOM tests' act, vitest.config.ts). */
export const preactCompatAlias = (extra: Readonly<Record<string, string>> = {}): { find: RegExp; replacement: string }[] =>
  Object.entries({ ...PREACT_COMPAT, ...extra }).map(([from, to]) => ({ find: new RegExp(`^${escape(from)}$`), replacement: to }));

/**
 * The same aliases as a Rolldown plugin, for Vite's dependency optimizer in the DOM tests (vitest.config.ts): Vitest
 * marks 'react' and the JSX runtimes external there before resolve.alias is consulted, so a pre-bundled library would
 * import the real React at run time. A plugin of the optimizer's own runs before that and resolves them to Preact.
 */
export const preactCompatResolver = (extra: Readonly<Record<string, string>> = {}): RolldownPlugin => {
  const map: Readonly<Record<string, string>> = { ...PREACT_COMPAT, ...extra };
  return {
    name: 'countersign:preact-compat',
    async resolveId(source, importer) {
      const target = map[source];
      return target === undefined ? null : this.resolve(target, importer, { skipSelf: true });
    },
  };
};
