/**
 * Starts the real anvil binary from the npm package @foundry-rs/anvil-<platform> (not the Node wrapper), so the PID we
 * hold is anvil's own. It listens on 127.0.0.1; with port 0 (the default) anvil picks a free port and we read
 * it from its "Listening on" line. With a stateFile the chain is loaded from it when it exists and dumped to it
 * on stop (anvil only dumps on SIGINT, so stop() sends SIGINT then, SIGTERM otherwise) and stop() waits for the
 * process to exit. A watchdog (watchdog.ts) signals anvil if this Node process dies without running its exit
 * handlers (SIGKILL, crash), and an exit handler does on a normal exit: no anvil is ever left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startWatchdog } from './watchdog.ts';

export interface StartAnvilOptions {
  /** Port to listen on; 0 or undefined lets anvil pick a free one. */
  port?: number;
  /** Load the chain from this file if it exists; dump it there on stop(). */
  stateFile?: string;
  /** Chain id (anvil's default is 31337). */
  chainId?: number;
  /** Unix seconds of the genesis block (ignored when a state file is loaded). Lets demo history lie in the past. */
  genesisTimestamp?: number;
  /** Milliseconds to wait for "Listening on" before giving up (default 15000). */
  startTimeoutMs?: number;
  /** Forward anvil's own output to this process's stderr (default false: drained and dropped). */
  verbose?: boolean;
}

export interface AnvilHandle {
  readonly rpcUrl: string;
  readonly port: number;
  readonly pid: number;
  /** True when the chain was loaded from an existing state file. */
  readonly loadedState: boolean;
  /** Stops anvil (dumping the state first when a stateFile was given) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Absolute path of the anvil binary shipped by @foundry-rs/anvil for this platform. */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const platformPkg = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  const pkgJson = require.resolve(`${platformPkg}/package.json`);
  const bin = join(dirname(pkgJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(bin)) throw new Error(`anvil binary not found at ${bin}`);
  return bin;
}

function isAlive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (!isAlive(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

export async function startAnvil(opts: StartAnvilOptions = {}): Promise<AnvilHandle> {
  const args = ['--host', '127.0.0.1', '--port', String(opts.port ?? 0)];
  if (opts.chainId !== undefined) args.push('--chain-id', String(opts.chainId));
  const loading = opts.stateFile !== undefined && existsSync(opts.stateFile);
  if (opts.stateFile) {
    if (loading) args.push('--load-state', opts.stateFile);
    args.push('--dump-state', opts.stateFile);
  }
  if (opts.genesisTimestamp !== undefined && !loading) args.push('--timestamp', String(Math.floor(opts.genesisTimestamp)));
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid === undefined) {
    await new Promise<void>((resolve) => child.once('error', () => resolve()));
    throw new Error('could not spawn anvil');
  }

  // Kill anvil if this process exits without calling stop() (normal exit, uncaught exception).
  const onParentExit = (): void => {
    if (isAlive(child)) child.kill(opts.stateFile ? 'SIGINT' : 'SIGTERM');
  };
  process.on('exit', onParentExit);

  // Kill anvil if this process dies without running exit handlers (SIGKILL, fatal signal). SIGINT makes
  // anvil dump its state first.
  const watchdog = startWatchdog(`kill -${opts.stateFile ? 'INT' : 'TERM'} ${pid} 2>/dev/null`, `kill -0 ${pid} 2>/dev/null`);

  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`anvil did not start within ${opts.startTimeoutMs ?? 15_000} ms:\n${output}`)), opts.startTimeoutMs ?? 15_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (m?.[1]) {
        cleanup();
        resolve(Number(m[1]));
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(new Error(`anvil exited before listening (code ${code}, signal ${signal}):\n${output}`));
    const onError = (err: Error): void => fail(err);
    function cleanup(): void {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
    }
    function fail(err: Error): void {
      cleanup();
      if (isAlive(child)) child.kill('SIGKILL');
      process.off('exit', onParentExit);
      void watchdog.stop();
      reject(err);
    }
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });

  // Keep draining anvil's output (it logs every RPC call; a full pipe would block it).
  const sink = (chunk: Buffer): void => {
    if (opts.verbose) process.stderr.write(chunk);
  };
  child.stdout.on('data', sink);
  child.stderr.on('data', sink);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (isAlive(child)) {
        child.kill(opts.stateFile ? 'SIGINT' : 'SIGTERM');
        // Dumping a large state can take a moment; escalate only if anvil hangs.
        if (!(await waitForExit(child, 10_000))) {
          child.kill('SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
      process.off('exit', onParentExit);
      await watchdog.stop();
    })();
    return stopping;
  };

  return { rpcUrl: `http://127.0.0.1:${port}`, port, pid, loadedState: loading, stop };
}
