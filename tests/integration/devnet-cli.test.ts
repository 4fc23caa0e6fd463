// `npm run devnet` (tsx devnet/cli.ts) as a user runs it: one JSON line on stdout, a working chain and gateway,
// and after SIGTERM/SIGINT no process of its tree is left and its ports are closed. With --state the second run
// reuses the chain and the gateway database instead of seeding again.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SINK: Address = '0x000000000000000000000000000000000000c0DE';

interface DevnetLine {
  rpcUrl: string;
  gatewayUrl: string;
  chainId: number;
  shortName: string;
  safes: { name: string; address: Address; owners: Address[]; threshold: number }[];
  owners: { address: Address; privateKey: Hex }[];
}

interface Run {
  child: ChildProcess;
  line: DevnetLine;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: ChildProcess[] = [];

afterAll(async () => {
  // Only if a test failed half-way: stop what this file started, by PID. SIGTERM the devnet's own Node process
  // (it stops anvil and the gateway), then SIGKILL whatever of the tree is still there.
  for (const c of running) {
    if (c.exitCode !== null || c.signalCode !== null || !c.pid) continue;
    const tree = descendants(c.pid);
    for (const [pid, cmd] of tree) if (cmd.includes('preflight') && cmd.includes('devnet/cli.ts')) process.kill(pid, 'SIGTERM');
    await eventually(() => [...tree].every(([pid, cmd]) => !alive(pid, cmd) || !cmd.includes('/bin/anvil ')), 10_000);
    for (const [pid, cmd] of tree) if (alive(pid, cmd)) process.kill(pid, 'SIGKILL');
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
});

/** Starts the devnet CLI directly with tsx, or through `npm run -s devnet` as a user would. */
function startCli(args: string[], env: Record<string, string> = {}, via: 'tsx' | 'npm' = 'tsx'): Promise<Run> {
  const [cmd, cmdArgs] = via === 'tsx' ? [TSX, ['devnet/cli.ts', ...args]] : ['npm', ['run', '-s', 'devnet', '--', ...args]];
  const child = spawn(cmd, cmdArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.once('exit', (code, signal) => res({ code, signal })));
  return new Promise<Run>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`devnet did not start within 45 s\n${err}`)), 45_000);
    // Ready = the JSON line on stdout and the "ready" log on stderr (two pipes, either may arrive first).
    const check = (): void => {
      if (!out.includes('\n') || !/ready in \d+ ms/.test(err)) return;
      clearTimeout(timer);
      try {
        res({ child, line: JSON.parse(out.slice(0, out.indexOf('\n'))) as DevnetLine, stdout: () => out, stderr: () => err, exited });
      } catch (e) {
        rej(new Error(`stdout is not one JSON line: ${out}\n${String(e)}`));
      }
    };
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      check();
    });
    child.stderr?.on('data', check);
    void exited.then(({ code }) => rej(new Error(`devnet exited early (code ${code})\n${err}`)));
  });
}

/** pid → cmdline of every live process below `root` (from /proc). */
function descendants(root: number): Map<number, string> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const found = new Map<number, string>();
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift() as number;
    for (const kid of children.get(pid) ?? []) {
      try {
        found.set(kid, readFileSync(`/proc/${kid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim());
      } catch {
        continue;
      }
      queue.push(kid);
    }
  }
  return found;
}

function alive(pid: number, cmdline: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false; // zombie: exited, awaiting reaping
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() === cmdline;
  } catch {
    return false;
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((res) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      res(true);
    });
    s.once('error', () => res(false));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

async function eventually(check: () => boolean | Promise<boolean>, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return res.json();
}

/** Checks the running devnet, stops it with `signal`, and checks that nothing is left. */
async function checkAndStop(run: Run, signal: NodeJS.Signals): Promise<{ stateDir: string }> {
  const { line } = run;
  expect(Object.keys(line)).toEqual(['rpcUrl', 'gatewayUrl', 'chainId', 'shortName', 'safes', 'owners']);
  expect(line).toMatchObject({ chainId: 31337, shortName: 'devnet' });
  expect(line.safes[0]).toMatchObject({ address: '0x599C86d40e80ac8D0a4B7b19642457A73333d91f', threshold: 2 });
  expect(line.safes[0]?.owners).toEqual(line.owners.slice(0, 3).map((o) => o.address));
  expect(line.owners.map((o) => privateKeyToAccount(o.privateKey).address)).toEqual(line.owners.map((o) => o.address));
  expect(line.owners.length).toBeGreaterThanOrEqual(4);

  const chain = createPublicClient({ transport: http(line.rpcUrl) });
  expect(await chain.getChainId()).toBe(31337);
  expect(await getJson(`${line.gatewayUrl}/v1/chains/31337`)).toMatchObject({ chainId: '31337', shortName: 'devnet' });

  const stateDir = /state in (\S+);/.exec(run.stderr())?.[1] ?? '';
  expect(stateDir).not.toBe('');
  const rpcPort = Number(new URL(line.rpcUrl).port);
  const gatewayPort = Number(new URL(line.gatewayUrl).port);
  const tree = descendants(run.child.pid ?? -1);
  const anvil = [...tree].filter(([, cmd]) => cmd.includes('/bin/anvil '));
  expect(anvil, [...tree.values()].join('\n')).toHaveLength(1);

  expect(run.child.kill(signal)).toBe(true);
  const exit = await run.exited;
  expect(exit).toEqual({ code: 0, signal: null });
  expect(run.stdout().trim().split('\n')).toHaveLength(1); // exactly one line, nothing else on stdout

  expect(await eventually(() => [...tree].every(([pid, cmd]) => !alive(pid, cmd))), `left behind:\n${[...tree].filter(([p, c]) => alive(p, c)).map(([p, c]) => `${p} ${c}`).join('\n')}`).toBe(true);
  const [anvilPid] = anvil[0] ?? [-1];
  expect(existsSync(`/proc/${anvilPid}/cmdline`) && alive(anvilPid, anvil[0]?.[1] ?? '')).toBe(false);
  expect(await portOpen(rpcPort)).toBe(false);
  expect(await portOpen(gatewayPort)).toBe(false);
  return { stateDir };
}

describe('npm run devnet', () => {
  it('runs twice in a row, throw-away, and leaves no process, port or temp folder behind', async () => {
    // First through npm (SIGTERM to npm itself), then with tsx directly (SIGTERM to tsx).
    for (const via of ['npm', 'tsx'] as const) {
      const signal = 'SIGTERM';
      const run = await startCli([], {}, via);
      const { stateDir } = await checkAndStop(run, signal);
      expect(run.stderr()).toMatch(/seeded state in/);
      expect(stateDir.startsWith(tmpdir())).toBe(true);
      expect(existsSync(stateDir)).toBe(false);
    }
  }, 180_000); // two cold starts; generous for a loaded machine

  it('--state DIR: the second start reuses chain and database (same Safes, no re-seed, changes kept)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'devnet-cli-test-'));
    try {
      const [rpcPort, gatewayPort] = [await freePort(), await freePort()];
      const first = await startCli(['--state', dir, '--rpc-port', String(rpcPort)], { DEVNET_GATEWAY_PORT: String(gatewayPort) });
      expect(first.stderr()).toMatch(/seeded state in/);
      expect(first.line.rpcUrl).toBe(`http://127.0.0.1:${rpcPort}`);
      expect(first.line.gatewayUrl).toBe(`http://127.0.0.1:${gatewayPort}`);
      const team = first.line.safes[0]?.address ?? '0x';
      const queue1 = (await getJson(`${first.line.gatewayUrl}/v1/chains/31337/safes/${team}/transactions/queued`)) as { results: unknown[] };
      const messages1 = (await getJson(`${first.line.gatewayUrl}/v1/chains/31337/safes/${team}/messages`)) as { results: unknown[] };
      expect(queue1.results.length).toBeGreaterThan(0);
      // A change made during the first run must survive into the second.
      const owner3 = first.line.owners[3];
      const walletClient = createWalletClient({ account: privateKeyToAccount(owner3?.privateKey ?? '0x'), transport: http(first.line.rpcUrl) });
      const chain = createPublicClient({ transport: http(first.line.rpcUrl) });
      const hash = await walletClient.sendTransaction({ to: SINK, value: parseEther('1'), chain: null });
      await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      const head1 = await chain.getBlockNumber();
      const marker1 = readFileSync(join(dir, 'devnet.json'), 'utf8');
      await checkAndStop(first, 'SIGINT');
      for (const f of ['anvil-state.json', 'devnet.json', 'gateway.sqlite']) expect(existsSync(join(dir, f)), f).toBe(true);

      const second = await startCli([], { DEVNET_STATE: dir, DEVNET_RPC_PORT: String(rpcPort), DEVNET_GATEWAY_PORT: String(gatewayPort) });
      expect(second.stderr()).toMatch(/reused state in/);
      expect(second.stderr()).not.toMatch(/writing demo history|posting off-chain/);
      expect(second.line.safes).toEqual(first.line.safes);
      expect(second.line.owners).toEqual(first.line.owners);
      const chain2 = createPublicClient({ transport: http(second.line.rpcUrl) });
      expect(await chain2.getBalance({ address: SINK })).toBe(parseEther('1'));
      expect(await chain2.getBlockNumber()).toBeGreaterThanOrEqual(head1);
      expect(readFileSync(join(dir, 'devnet.json'), 'utf8')).toBe(marker1);
      const queue2 = (await getJson(`${second.line.gatewayUrl}/v1/chains/31337/safes/${team}/transactions/queued`)) as { results: unknown[] };
      const messages2 = (await getJson(`${second.line.gatewayUrl}/v1/chains/31337/safes/${team}/messages`)) as { results: unknown[] };
      expect(queue2).toEqual(queue1);
      expect(messages2.results.length).toBe(messages1.results.length);
      await checkAndStop(second, 'SIGTERM');
      expect(existsSync(join(dir, 'anvil-state.json'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
