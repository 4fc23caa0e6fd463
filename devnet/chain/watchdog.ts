/**
 * Cleanup that survives this Node process: a tiny `sh` loop, in its own process group, that waits while this
 * process is alive and then runs a shell command (kill anvil, delete a temp folder). It covers the exits no
 * JavaScript handler sees: SIGKILL (which `tsx` sends when a child does not acknowledge a relayed signal within
 * 30 ms), fatal signals, crashes. stop() ends the loop (and its `sleep`) once the normal cleanup has run.
 */
import { spawn } from 'node:child_process';

export interface Watchdog {
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/** Quotes a string for a POSIX shell. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Starts the watchdog. `whileAlive` runs every 0.5 s while the parent lives; if it exits non-zero the
 * watchdog quits without running `onParentDeath` (e.g. "the process I guard is already gone").
 */
export function startWatchdog(onParentDeath: string, whileAlive = 'true'): Watchdog {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do ${whileAlive} || exit 0; sleep 0.5; done; ${onParentDeath}`;
  const child = spawn('sh', ['-c', script], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return resolve();
        // ref() again: an unref'd child's exit would not keep the event loop alive while we wait for it.
        child.ref();
        const timer = setTimeout(resolve, 2_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          clearTimeout(timer);
          resolve();
        }
      });
      return stopping;
    },
  };
}
