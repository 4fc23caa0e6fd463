/**
 * On-chain demo data. On a fresh chain `seedChain` deploys the Safe contracts and tokens and writes a small,
 * deterministic history spread over the past days (block timestamps set with evm_setNextBlockTimestamp when the
 * chain's clock allows it, e.g. anvil started with a genesis timestamp 10 days ago):
 *
 *  "Team" Safe, SafeL2 2-of-3 owned by accounts 0, 1, 2 (created 1-of-3, then raised to 2 by a Safe tx):
 *   - incoming: 10 ETH from account 0, 12,500 dUSD from account 0, NFTs #0–#3 (three transfers, one mint),
 *     2.5 ETH and 420 DVT from account 1
 *   - executed: nonce 0 changeThreshold(2) (settings change), nonce 1 1 ETH to account 5,
 *     nonce 2 250 dUSD to account 5 → nonce 3 is next; holds 11.5 ETH, 12,250 dUSD, 420 DVT, NFTs #0–#3
 *  "Solo" Safe, SafeL2 1-of-1 owned by account 0: 1 ETH, 100 DVT and NFT #4 in; nonce 0 sent 0.1 ETH to account 3.
 *
 * Addresses depend only on owners, threshold, saltNonce and the canonical contracts, so they are the same on
 * every run. Running it again on a seeded chain changes nothing and returns the same description.
 */
import { createTestClient, encodeFunctionData, http, parseEther, parseUnits, type Address } from 'viem';
import {
  DEVNET_ACCOUNTS,
  TOKEN_DEPLOYER,
  connectDevnet,
  createSafe,
  deploySafeContracts,
  deployTokens,
  erc20Abi,
  erc721Abi,
  execNextSafeTx,
  predictSafeAddress,
  readSafe,
  safeAbi,
  type DevnetAccount,
  type DevnetTokens,
  type SafeContracts,
} from '../chain/index.ts';

export interface DemoSafe {
  readonly name: string;
  readonly address: Address;
  readonly owners: Address[];
  readonly threshold: number;
  /** Decimal string (JSON-safe). */
  readonly saltNonce: string;
  /** The Safe's on-chain nonce after seeding (the next transaction's nonce). */
  readonly nonce: number;
}

export interface DemoChain {
  readonly chainId: number;
  readonly contracts: SafeContracts;
  readonly tokens: DevnetTokens;
  readonly safes: { readonly team: DemoSafe; readonly solo: DemoSafe };
}

const acct = (i: number): DevnetAccount => {
  const a = DEVNET_ACCOUNTS[i];
  if (!a) throw new Error(`no account ${i}`);
  return a;
};

/** Fixed salt nonces: the demo Safes' addresses never change. */
export const DEMO_SALT_NONCES = { team: 0xc0537e1a_0001n, solo: 0xc0537e1a_0002n } as const;

/** Creation parameters of the demo Safes (the team Safe is created 1-of-3 and raised to 2-of-3 on chain). */
export const DEMO_SAFE_SETUPS = {
  team: { owners: [acct(0).address, acct(1).address, acct(2).address], threshold: 1, saltNonce: DEMO_SALT_NONCES.team },
  solo: { owners: [acct(0).address], threshold: 1, saltNonce: DEMO_SALT_NONCES.solo },
} as const;

const DAY = 86_400;

/** Predicted demo Safe addresses (needs a chain with the canonical factory deployed). */
export async function demoSafeAddresses(rpcUrl: string): Promise<{ team: Address; solo: Address }> {
  return {
    team: await predictSafeAddress(rpcUrl, { ...DEMO_SAFE_SETUPS.team, owners: [...DEMO_SAFE_SETUPS.team.owners] }),
    solo: await predictSafeAddress(rpcUrl, { ...DEMO_SAFE_SETUPS.solo, owners: [...DEMO_SAFE_SETUPS.solo.owners] }),
  };
}

export interface SeedChainOptions {
  /** Unix seconds to treat as "now" when placing history in the past (default: the wall clock). */
  now?: number;
}

export async function seedChain(rpcUrl: string, opts: SeedChainOptions = {}): Promise<DemoChain> {
  const { contracts } = await deploySafeContracts(rpcUrl);
  const tokens = await deployTokens(rpcUrl);
  const { publicClient, chain } = await connectDevnet(rpcUrl);
  const addresses = await demoSafeAddresses(rpcUrl);

  const teamCode = await publicClient.getCode({ address: addresses.team });
  if (!teamCode || teamCode === '0x') {
    await writeHistory(rpcUrl, tokens, opts.now ?? Math.floor(Date.now() / 1000));
  }

  const describe = async (name: string, key: 'team' | 'solo'): Promise<DemoSafe> => {
    const s = await readSafe(rpcUrl, addresses[key]);
    return { name, address: s.address, owners: s.owners, threshold: s.threshold, saltNonce: DEMO_SALT_NONCES[key].toString(), nonce: Number(s.nonce) };
  };
  return {
    chainId: chain.id,
    contracts,
    tokens,
    safes: { team: await describe('Team Safe', 'team'), solo: await describe('Solo Safe', 'solo') },
  };
}

async function writeHistory(rpcUrl: string, tokens: DevnetTokens, now: number): Promise<void> {
  const c = await connectDevnet(rpcUrl);
  const { publicClient } = c;
  const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });

  /** Places the next block at `daysAgo` days before `now` (plus `offset` s) if the chain's clock is earlier. */
  const at = async (daysAgo: number, offset = 0): Promise<void> => {
    const target = now - daysAgo * DAY + offset;
    const latest = await publicClient.getBlock();
    if (BigInt(target) > latest.timestamp) await test.setNextBlockTimestamp({ timestamp: BigInt(target) });
  };
  const send = async (from: DevnetAccount, to: Address, value: bigint): Promise<void> => {
    await c.send(from, { to, value }, 'ETH transfer');
  };
  const erc20 = async (from: DevnetAccount, token: Address, to: Address, amount: bigint): Promise<void> => {
    await c.send(from, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) }, 'ERC20 transfer');
  };
  const mint = async (token: Address, to: Address, amount: bigint): Promise<void> => {
    await c.send(TOKEN_DEPLOYER, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'mint', args: [to, amount] }) }, 'ERC20 mint');
  };
  const mintNft = async (to: Address): Promise<void> => {
    await c.send(TOKEN_DEPLOYER, { to: tokens.nft.address, data: encodeFunctionData({ abi: erc721Abi, functionName: 'mint', args: [to] }) }, 'NFT mint');
  };
  const sendNft = async (from: DevnetAccount, to: Address, id: bigint): Promise<void> => {
    const data = encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [from.address, to, id] });
    await c.send(from, { to: tokens.nft.address, data }, 'NFT transfer');
  };
  const usd = (n: string): bigint => parseUnits(n, tokens.usd.decimals);
  const dvt = (n: string): bigint => parseUnits(n, tokens.dvt.decimals);
  const [a0, a1, a2, a3, a5] = [acct(0), acct(1), acct(2), acct(3), acct(5)];

  // Day -9: every devnet owner gets some tokens to play with; account 0 gets NFTs #0..#2 and #4.
  await at(9);
  for (const a of [a0, a1, a2, a3]) {
    await mint(tokens.usd.address, a.address, usd('50000'));
    await mint(tokens.dvt.address, a.address, dvt('5000'));
  }
  for (let i = 0; i < 3; i++) await mintNft(a0.address); // #0, #1, #2

  // Day -8: the team Safe is created (1-of-3) and receives 10 ETH.
  await at(8);
  const team = await createSafe(rpcUrl, { ...DEMO_SAFE_SETUPS.team, owners: [...DEMO_SAFE_SETUPS.team.owners] });
  await at(8, 600);
  await send(a0, team, parseEther('10'));

  // Day -7: 12,500 dUSD and three NFTs arrive; NFT #3 is minted straight into the Safe.
  await at(7);
  await erc20(a0, tokens.usd.address, team, usd('12500'));
  await at(7, 900);
  for (const id of [0n, 1n, 2n]) await sendNft(a0, team, id);
  await mintNft(team); // #3

  // Day -6: settings change, threshold 1 → 2 (Safe nonce 0, one signature suffices at threshold 1).
  await at(6);
  await execNextSafeTx(rpcUrl, team, { to: team, data: encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [2n] }) }, { signers: [a0.privateKey] });

  // Day -5: account 1 sends 2.5 ETH and 420 DVT.
  await at(5);
  await send(a1, team, parseEther('2.5'));
  await at(5, 1800);
  await erc20(a1, tokens.dvt.address, team, dvt('420'));

  // Day -4: outgoing 1 ETH to account 5 (nonce 1, signed by owners 0 and 1, executed by 1).
  await at(4);
  await execNextSafeTx(rpcUrl, team, { to: a5.address, value: parseEther('1') }, { signers: [a0.privateKey, a1.privateKey], executorPrivateKey: a1.privateKey });

  // Day -3: outgoing 250 dUSD to account 5 (nonce 2, signed by owners 1 and 2, executed by 2).
  await at(3);
  await execNextSafeTx(
    rpcUrl,
    team,
    { to: tokens.usd.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a5.address, usd('250')] }) },
    { signers: [a2.privateKey, a1.privateKey], executorPrivateKey: a2.privateKey },
  );

  // Day -2: the solo Safe (1-of-1, account 0) receives 1 ETH, 100 DVT and NFT #4, and pays 0.1 ETH to account 3.
  await at(2);
  const solo = await createSafe(rpcUrl, { ...DEMO_SAFE_SETUPS.solo, owners: [...DEMO_SAFE_SETUPS.solo.owners] });
  await send(a0, solo, parseEther('1'));
  await erc20(a0, tokens.dvt.address, solo, dvt('100'));
  await mintNft(a0.address); // #4
  await sendNft(a0, solo, 4n);
  await at(1);
  await execNextSafeTx(rpcUrl, solo, { to: a3.address, value: parseEther('0.1') }, { signers: [a0.privateKey] });

  // Back to the present, so later blocks follow the wall clock.
  const latest = await publicClient.getBlock();
  if (BigInt(now) > latest.timestamp) {
    await test.setNextBlockTimestamp({ timestamp: BigInt(now) });
    await test.mine({ blocks: 1 });
  }
}
