/**
 * The Node globals the Keystone stack reads in a browser (issue 19, decision 0079): `global` (Node's name for
 * globalThis: `readable-stream`, `eccrypto`, UR code), `Buffer` (its keyring, the UR
 * registry, ethereumjs and the rlp code call `Buffer.from`/`Buffer.concat` without importing it) and `process`
 * (readable-stream, under create-hash, calls `process.nextTick`; util and others read `process.env`). Imported first
 * by keystoneInterface.ts, so it runs only when the user picks Keystone — never on the first load or the connect
 * step. An existing global (Node, the unit tests) is kept.
 *
 * `Buffer` is the `buffer` package (the browser build those libraries expect). `process` is the small part of
 * Node's process that browser builds read, as the `process` package's browser shim defines it.
 */
import { Buffer } from 'buffer';

type NodeLikeGlobal = { Buffer?: unknown; process?: unknown; global?: unknown };

function nextTick(callback: (...args: unknown[]) => void, ...args: unknown[]): void {
  queueMicrotask(() => callback(...args));
}

/** A browser `process`: no Node version (libraries that test for Node must not take their Node path). */
export const browserProcess = Object.freeze({
  browser: true,
  env: {} as Record<string, string | undefined>,
  argv: [] as string[],
  version: '',
  versions: {} as Record<string, string>,
  platform: 'browser',
  nextTick,
  cwd: () => '/',
});

export function installNodeGlobals(target: object = globalThis): void {
  const g = target as NodeLikeGlobal;
  g.global ??= target;
  g.Buffer ??= Buffer;
  g.process ??= browserProcess;
}

installNodeGlobals();
