// The devnet chain against a real anvil: canonical Safe 1.4.1 deployment with matching code hashes, the demo
// Safes and their history, local EIP-712 hashing vs the contracts, and anvil state dump/load.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, hashMessage, keccak256, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  DEVNET_ACCOUNTS,
  SAFE_141,
  SAFE_CONTRACT_NAMES,
  SINGLETON_FACTORY_ADDRESS,
  buildSafeTx,
  canonicalDeployment,
  compatibilityFallbackHandlerAbi,
  connectDevnet,
  deploySafeContracts,
  deployTokens,
  erc20Abi,
  erc721Abi,
  joinSignatures,
  predictSafeAddress,
  safeAbi,
  safeMessageHash,
  safeTxHash,
  signSafeMessage,
  signSafeTx,
  startAnvil,
  type AnvilHandle,
  type DevnetClients,
} from '../../devnet/chain/index.ts';
import { DEMO_SAFE_SETUPS, seedChain, type DemoChain } from '../../devnet/seed/chain.ts';

// Deterministic: the same owners, threshold, saltNonce and canonical contracts give the same addresses on every run.
const TEAM_SAFE: Address = '0x599C86d40e80ac8D0a4B7b19642457A73333d91f';
const SOLO_SAFE: Address = '0x4116ab459cf5B93Ce08a44F227DdF95b83bdeAF1';

const acct = (i: number) => {
  const a = DEVNET_ACCOUNTS[i];
  if (!a) throw new Error(`no account ${i}`);
  return a;
};

const DAY = 86_400;
// Only the bytes32 overload: with both overloads a 32-byte hash also matches `bytes` and viem may pick that one.
const isValidSignatureBytes32Abi = parseAbi(['function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)']);
const SINK: Address = '0x000000000000000000000000000000000000dEaD';
let anvil: AnvilHandle;
let demo: DemoChain;
let c: DevnetClients;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  anvil = await startAnvil({ genesisTimestamp: now - 10 * DAY });
  demo = await seedChain(anvil.rpcUrl, { now });
  c = await connectDevnet(anvil.rpcUrl);
});

afterAll(async () => {
  await anvil?.stop();
});

describe('canonical Safe 1.4.1 deployment', () => {
  it('puts the singleton factory and all nine contracts at their canonical addresses with the published code hashes', async () => {
    expect(await c.publicClient.getCode({ address: SINGLETON_FACTORY_ADDRESS })).toMatch(/^0x[0-9a-f]{20,}/);
    expect(demo.contracts).toEqual(SAFE_141);
    for (const name of SAFE_CONTRACT_NAMES) {
      const { address, codeHash } = canonicalDeployment(name);
      expect(SAFE_141[name]).toBe(address);
      const code = await c.publicClient.getCode({ address });
      expect(code, name).toBeDefined();
      expect(keccak256(code ?? '0x'), name).toBe(codeHash);
    }
    expect(await c.publicClient.readContract({ address: SAFE_141.safeL2, abi: safeAbi, functionName: 'VERSION' })).toBe('1.4.1');
  });

  it('is idempotent', async () => {
    const again = await deploySafeContracts(anvil.rpcUrl);
    expect(again.deployed).toEqual([]);
    expect(again.contracts).toEqual(SAFE_141);
    expect(await deployTokens(anvil.rpcUrl)).toEqual(demo.tokens);
  });
});

describe('test tokens', () => {
  it('has a 6-decimals and an 18-decimals ERC20 and an ERC721 with a base URI', async () => {
    const read = c.publicClient.readContract;
    const { usd, dvt, nft } = demo.tokens;
    expect(await read({ address: usd.address, abi: erc20Abi, functionName: 'decimals' })).toBe(6);
    expect(await read({ address: usd.address, abi: erc20Abi, functionName: 'symbol' })).toBe('dUSD');
    expect(await read({ address: usd.address, abi: erc20Abi, functionName: 'name' })).toBe('Devnet USD');
    expect(await read({ address: dvt.address, abi: erc20Abi, functionName: 'decimals' })).toBe(18);
    expect(await read({ address: dvt.address, abi: erc20Abi, functionName: 'symbol' })).toBe('DVT');
    expect(await read({ address: nft.address, abi: erc721Abi, functionName: 'symbol' })).toBe('DNFT');
    expect(await read({ address: nft.address, abi: erc721Abi, functionName: 'tokenURI', args: [3n] })).toBe(`${nft.baseTokenURI}3`);
    expect(await read({ address: nft.address, abi: erc721Abi, functionName: 'totalSupply' })).toBe(5n);
  });

  it('the 6-decimals token still behaves as an ERC20 (balances, transfer)', async () => {
    const { usd } = demo.tokens;
    const before = await c.publicClient.readContract({ address: usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [acct(6).address] });
    const hash = await c.wallet(acct(3).privateKey).writeContract({ address: usd.address, abi: erc20Abi, functionName: 'transfer', args: [acct(6).address, parseUnits('1.5', 6)] });
    await c.publicClient.waitForTransactionReceipt({ hash });
    const after = await c.publicClient.readContract({ address: usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [acct(6).address] });
    expect(after - before).toBe(1_500_000n);
  });
});

describe('demo Safes', () => {
  it('lives at stable, predictable addresses', async () => {
    expect(demo.safes.team.address).toBe(TEAM_SAFE);
    expect(demo.safes.solo.address).toBe(SOLO_SAFE);
    expect(await predictSafeAddress(anvil.rpcUrl, { ...DEMO_SAFE_SETUPS.team, owners: [...DEMO_SAFE_SETUPS.team.owners] })).toBe(TEAM_SAFE);
    expect(await predictSafeAddress(anvil.rpcUrl, { ...DEMO_SAFE_SETUPS.solo, owners: [...DEMO_SAFE_SETUPS.solo.owners] })).toBe(SOLO_SAFE);
  });

  it('team Safe: SafeL2 2-of-3 of accounts 0,1,2 with ETH, both tokens and NFTs #0–#3', async () => {
    const read = c.publicClient.readContract;
    expect(await read({ address: TEAM_SAFE, abi: safeAbi, functionName: 'getOwners' })).toEqual([acct(0).address, acct(1).address, acct(2).address]);
    expect(await read({ address: TEAM_SAFE, abi: safeAbi, functionName: 'getThreshold' })).toBe(2n);
    expect(await read({ address: TEAM_SAFE, abi: safeAbi, functionName: 'nonce' })).toBe(3n);
    expect(await read({ address: TEAM_SAFE, abi: safeAbi, functionName: 'VERSION' })).toBe('1.4.1');
    // The proxy's singleton (storage slot 0) is SafeL2, its fallback handler the canonical one.
    const slot0 = await c.publicClient.getStorageAt({ address: TEAM_SAFE, slot: '0x0' });
    expect(getAddress(`0x${(slot0 ?? '').slice(-40)}`)).toBe(SAFE_141.safeL2);
    const handlerSlot = await c.publicClient.getStorageAt({ address: TEAM_SAFE, slot: '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5' });
    expect(getAddress(`0x${(handlerSlot ?? '').slice(-40)}`)).toBe(SAFE_141.compatibilityFallbackHandler);

    expect(await c.publicClient.getBalance({ address: TEAM_SAFE })).toBe(parseEther('11.5'));
    expect(await read({ address: demo.tokens.usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [TEAM_SAFE] })).toBe(parseUnits('12250', 6));
    expect(await read({ address: demo.tokens.dvt.address, abi: erc20Abi, functionName: 'balanceOf', args: [TEAM_SAFE] })).toBe(parseUnits('420', 18));
    expect(await read({ address: demo.tokens.nft.address, abi: erc721Abi, functionName: 'balanceOf', args: [TEAM_SAFE] })).toBe(4n);
    for (const id of [0n, 1n, 2n, 3n]) {
      expect(await read({ address: demo.tokens.nft.address, abi: erc721Abi, functionName: 'ownerOf', args: [id] })).toBe(TEAM_SAFE);
    }
    expect(demo.safes.team).toMatchObject({ owners: [acct(0).address, acct(1).address, acct(2).address], threshold: 2, nonce: 3 });
  });

  it('solo Safe: 1-of-1 of account 0 with ETH, DVT and NFT #4', async () => {
    const read = c.publicClient.readContract;
    expect(await read({ address: SOLO_SAFE, abi: safeAbi, functionName: 'getOwners' })).toEqual([acct(0).address]);
    expect(await read({ address: SOLO_SAFE, abi: safeAbi, functionName: 'getThreshold' })).toBe(1n);
    expect(await read({ address: SOLO_SAFE, abi: safeAbi, functionName: 'nonce' })).toBe(1n);
    expect(await c.publicClient.getBalance({ address: SOLO_SAFE })).toBe(parseEther('0.9'));
    expect(await read({ address: demo.tokens.dvt.address, abi: erc20Abi, functionName: 'balanceOf', args: [SOLO_SAFE] })).toBe(parseUnits('100', 18));
    expect(await read({ address: demo.tokens.nft.address, abi: erc721Abi, functionName: 'ownerOf', args: [4n] })).toBe(SOLO_SAFE);
  });

  it('has an executed history: settings change, outgoing ETH and token transfer, incoming funds, spread over past days', async () => {
    const logs = await c.publicClient.getContractEvents({ address: TEAM_SAFE, abi: safeAbi, fromBlock: 0n });
    const names = logs.map((l) => l.eventName);
    expect(names.filter((n) => n === 'ExecutionSuccess')).toHaveLength(3);
    expect(names.filter((n) => n === 'SafeMultiSigTransaction')).toHaveLength(3);
    expect(names).not.toContain('ExecutionFailure');
    expect(names).toContain('SafeSetup');
    const threshold = logs.find((l) => l.eventName === 'ChangedThreshold');
    expect(threshold?.eventName === 'ChangedThreshold' && threshold.args.threshold).toBe(2n);
    const received = logs.filter((l) => l.eventName === 'SafeReceived').map((l) => (l.eventName === 'SafeReceived' ? l.args.value : 0n));
    expect(received).toEqual([parseEther('10'), parseEther('2.5')]);

    // Account 5 never spends: it got exactly the 1 ETH and 250 dUSD sent by the team Safe.
    expect(await c.publicClient.getBalance({ address: acct(5).address })).toBe(parseEther('10001'));
    expect(await c.publicClient.readContract({ address: demo.tokens.usd.address, abi: erc20Abi, functionName: 'balanceOf', args: [acct(5).address] })).toBe(parseUnits('250', 6));

    // The threshold change happened about six days ago; the chain's clock is back at the present.
    const block = await c.publicClient.getBlock({ blockNumber: threshold?.blockNumber ?? 0n });
    expect(Number(block.timestamp)).toBeGreaterThanOrEqual(now - 6 * DAY);
    expect(Number(block.timestamp)).toBeLessThan(now - 5 * DAY);
    expect(Number((await c.publicClient.getBlock()).timestamp)).toBeGreaterThanOrEqual(now);
  });

  it('seeding again changes nothing', async () => {
    const head = await c.publicClient.getBlockNumber();
    const again = await seedChain(anvil.rpcUrl, { now });
    expect(await c.publicClient.getBlockNumber()).toBe(head);
    expect(again.safes.team.address).toBe(TEAM_SAFE);
    expect(again.safes.solo.address).toBe(SOLO_SAFE);
  });
});

describe('local signing vs the contracts', () => {
  const tx = () =>
    buildSafeTx({
      to: demo.tokens.usd.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [acct(4).address, 1_000_000n] }),
      nonce: 3n,
    });

  it('safeTxHash from local EIP-712 hashing equals getTransactionHash', async () => {
    const t = tx();
    const onChain = await c.publicClient.readContract({
      address: TEAM_SAFE,
      abi: safeAbi,
      functionName: 'getTransactionHash',
      args: [t.to, t.value, t.data, t.operation, t.safeTxGas, t.baseGas, t.gasPrice, t.gasToken, t.refundReceiver, t.nonce],
    });
    expect(safeTxHash(c.chain.id, TEAM_SAFE, t)).toBe(onChain);
  });

  it('sorted local signatures pass checkSignatures; unsorted ones revert GS026', async () => {
    const t = tx();
    const hash = safeTxHash(c.chain.id, TEAM_SAFE, t);
    const sigs = await Promise.all(
      [acct(2), acct(0)].map(async (a) => ({ signer: a.address, signature: await signSafeTx(c.chain.id, TEAM_SAFE, t, a.privateKey) })),
    );
    await expect(c.publicClient.readContract({ address: TEAM_SAFE, abi: safeAbi, functionName: 'checkSignatures', args: [hash, '0x', joinSignatures(sigs)] })).resolves.toBeUndefined();
    // Descending owner order (account 0 = 0xf39F… before account 2 = 0x3C44…).
    const [s2, s0] = sigs;
    const unsorted = `0x${s0?.signature.slice(2)}${s2?.signature.slice(2)}` as const;
    await expect(c.publicClient.readContract({ address: TEAM_SAFE, abi: safeAbi, functionName: 'checkSignatures', args: [hash, '0x', unsorted] })).rejects.toThrow(/GS026/);
  });

  it('SafeMessage hash equals getMessageHashForSafe and two owner signatures satisfy EIP-1271', async () => {
    const message = 'Hello Safe devnet';
    const hash = safeMessageHash(c.chain.id, TEAM_SAFE, message);
    const onChain = await c.publicClient.readContract({
      address: SAFE_141.compatibilityFallbackHandler,
      abi: compatibilityFallbackHandlerAbi,
      functionName: 'getMessageHashForSafe',
      args: [TEAM_SAFE, hashMessage(message)],
    });
    expect(hash).toBe(onChain);
    const sigs = await Promise.all(
      [acct(1), acct(0)].map(async (a) => ({ signer: a.address, signature: await signSafeMessage(c.chain.id, TEAM_SAFE, message, a.privateKey) })),
    );
    const magic = await c.publicClient.readContract({
      address: TEAM_SAFE,
      abi: isValidSignatureBytes32Abi,
      functionName: 'isValidSignature',
      args: [hashMessage(message), joinSignatures(sigs)],
    });
    expect(magic).toBe('0x1626ba7e');
  });
});

describe('startAnvil', () => {
  it('dumps the chain on stop and loads it on the next start; the process is gone after stop()', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'devnet-chain-test-'));
    try {
      const stateFile = join(dir, 'state.json');
      const first = await startAnvil({ stateFile });
      expect(first.loadedState).toBe(false);
      expect(existsSync(`/proc/${first.pid}`)).toBe(true);
      const fc = await connectDevnet(first.rpcUrl);
      const hash = await fc.wallet(acct(4).privateKey).sendTransaction({ to: SINK, value: parseEther('3') });
      await fc.publicClient.waitForTransactionReceipt({ hash });
      await first.stop();
      expect(existsSync(`/proc/${first.pid}`)).toBe(false);
      expect(existsSync(stateFile)).toBe(true);

      const second = await startAnvil({ stateFile, chainId: 31337 });
      try {
        expect(second.loadedState).toBe(true);
        const sc = await connectDevnet(second.rpcUrl);
        expect(await sc.publicClient.getBalance({ address: SINK })).toBe(parseEther('3'));
        expect(await sc.publicClient.getTransaction({ hash })).toMatchObject({ hash });
      } finally {
        await second.stop();
      }
      expect(existsSync(`/proc/${second.pid}`)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('honours a fixed port and chain id', async () => {
    const probe = await startAnvil();
    const port = probe.port;
    await probe.stop();
    const fixed = await startAnvil({ port, chainId: 1337 });
    try {
      expect(fixed.rpcUrl).toBe(`http://127.0.0.1:${port}`);
      expect((await connectDevnet(fixed.rpcUrl)).chain.id).toBe(1337);
      // A chain id without a presigned factory transaction still gets the canonical deployment.
      const { contracts } = await deploySafeContracts(fixed.rpcUrl);
      expect(contracts).toEqual(SAFE_141);
    } finally {
      await fixed.stop();
    }
  });

  it('reports a failed start (port in use) and leaves nothing running', async () => {
    await expect(startAnvil({ port: anvil.port, startTimeoutMs: 5_000 })).rejects.toThrow(/anvil/);
  });
});
