/**
 * Test tokens from the OpenZeppelin 4.9.6 presets (compiled bytecode shipped in the npm package, no compiler):
 * "Devnet USD" (dUSD, ERC20, 6 decimals), "Devnet Token" (DVT, ERC20, 18 decimals) and "Devnet Collectibles"
 * (DNFT, ERC721 with a baseTokenURI, ids from 0). They are deployed by TOKEN_DEPLOYER from its nonces 0, 1 and 2,
 * so on a fresh chain their addresses never change; the deployer keeps MINTER_ROLE.
 *
 * OZ 4.x hard-codes `decimals()` to 18 (`return 18;`, one `PUSH1 0x12` in the function body) and the package
 * ships no configurable-decimals ERC20 with bytecode. For dUSD we therefore take ERC20PresetMinterPauser and
 * change that one constant to 6 (`withDecimals`): the dispatcher entry for `decimals()` is located in the
 * runtime code and the single PUSH1 immediately inside it is patched; nothing else moves, and deployTokens
 * checks `decimals()` on chain afterwards.
 */
import { bytesToHex, encodeDeployData, encodeFunctionData, getAddress, getContractAddress, hexToBytes, parseAbi, parseEventLogs, type Address, type Hex } from 'viem';
import { erc20Abi, erc721Abi } from './abis.ts';
import { TOKEN_DEPLOYER, type DevnetAccount } from './accounts.ts';
import { ozArtifact, type Artifact } from './artifacts.ts';
import { connectDevnet } from './clients.ts';

export interface Erc20Info {
  readonly address: Address;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

export interface Erc721Info {
  readonly address: Address;
  readonly name: string;
  readonly symbol: string;
  readonly baseTokenURI: string;
}

export interface DevnetTokens {
  readonly usd: Erc20Info;
  readonly dvt: Erc20Info;
  readonly nft: Erc721Info;
}

/** Base of the NFT metadata URIs (tokenURI = base + id). Nothing serves it; wallets show a placeholder. */
export const NFT_BASE_URI = 'https://devnet.countersign.invalid/nft/';

const SPECS = {
  usd: { kind: 'erc20', name: 'Devnet USD', symbol: 'dUSD', decimals: 6, nonce: 0 },
  dvt: { kind: 'erc20', name: 'Devnet Token', symbol: 'DVT', decimals: 18, nonce: 1 },
  nft: { kind: 'erc721', name: 'Devnet Collectibles', symbol: 'DNFT', nonce: 2 },
} as const;

/** Where the three tokens live on a fresh devnet (deployer nonces 0..2). */
export function expectedTokenAddresses(): { usd: Address; dvt: Address; nft: Address } {
  const at = (nonce: number): Address => getContractAddress({ from: TOKEN_DEPLOYER.address, nonce: BigInt(nonce) });
  return { usd: at(SPECS.usd.nonce), dvt: at(SPECS.dvt.nonce), nft: at(SPECS.nft.nonce) };
}

const erc20PresetCtorAbi = parseAbi(['constructor(string name, string symbol)']);
const erc721PresetCtorAbi = parseAbi(['constructor(string name, string symbol, string baseTokenURI)']);

const DECIMALS_SELECTOR = '313ce567';

/** A copy of an OZ 4.x ERC20 creation bytecode whose `decimals()` returns `decimals` instead of 18. */
export function withDecimals(artifact: Artifact, decimals: number): Hex {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new Error(`bad decimals ${decimals}`);
  const runtime = hexToBytes(artifact.deployedBytecode);
  const init = hexToBytes(artifact.bytecode);
  const runtimeOffset = indexOf(init, runtime);
  if (runtimeOffset < 0) throw new Error(`${artifact.contractName}: runtime code not found inside creation code`);
  // Walk the instructions: find `PUSH4 313ce567 EQ PUSH2 <dest> JUMPI`, then the first PUSH1 0x12 after <dest>.
  const ops: { pc: number; op: number; arg: string }[] = [];
  for (let pc = 0; pc < runtime.length; ) {
    const op = runtime[pc] ?? 0;
    const n = op >= 0x60 && op <= 0x7f ? op - 0x5f : 0;
    ops.push({ pc, op, arg: bytesToHex(runtime.slice(pc + 1, pc + 1 + n)).slice(2) });
    pc += 1 + n;
  }
  const entry = ops.findIndex((x, k) => x.op === 0x63 && x.arg === DECIMALS_SELECTOR && ops[k + 1]?.op === 0x14 && ops[k + 2]?.op === 0x61 && ops[k + 3]?.op === 0x57);
  const dest = entry >= 0 ? parseInt(ops[entry + 2]?.arg ?? '', 16) : NaN;
  const start = ops.findIndex((x) => x.pc === dest && x.op === 0x5b);
  if (start < 0) throw new Error(`${artifact.contractName}: decimals() entry not found`);
  const push = ops.slice(start, start + 8).find((x) => x.op === 0x60 && x.arg === '12');
  if (!push) throw new Error(`${artifact.contractName}: decimals() constant not found`);
  const patched = new Uint8Array(init);
  patched[runtimeOffset + push.pc + 1] = decimals;
  return bytesToHex(patched);
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  return Buffer.from(haystack).indexOf(Buffer.from(needle));
}

/**
 * Deploys the three tokens, or returns them if they are already at their expected addresses, and checks
 * their `decimals()` on chain.
 */
export async function deployTokens(rpcUrl: string): Promise<DevnetTokens> {
  const { publicClient, send } = await connectDevnet(rpcUrl);
  const expected = expectedTokenAddresses();
  const result: Partial<Record<keyof typeof SPECS, Address>> = {};
  for (const key of ['usd', 'dvt', 'nft'] as const) {
    const code = await publicClient.getCode({ address: expected[key] });
    if (code && code !== '0x') {
      result[key] = expected[key];
      continue;
    }
    const spec = SPECS[key];
    let data: Hex;
    if (spec.kind === 'erc20') {
      const preset = ozArtifact('ERC20PresetMinterPauser');
      const bytecode = spec.decimals === 18 ? preset.bytecode : withDecimals(preset, spec.decimals);
      data = encodeDeployData({ abi: erc20PresetCtorAbi, bytecode, args: [spec.name, spec.symbol] });
    } else {
      data = encodeDeployData({ abi: erc721PresetCtorAbi, bytecode: ozArtifact('ERC721PresetMinterPauserAutoId').bytecode, args: [spec.name, spec.symbol, NFT_BASE_URI] });
    }
    const receipt = await send(TOKEN_DEPLOYER, { data }, `deploying ${spec.symbol}`);
    if (!receipt.contractAddress) throw new Error(`deploying ${spec.symbol}: no contract address`);
    result[key] = getAddress(receipt.contractAddress);
  }
  const { usd, dvt, nft } = result;
  if (!usd || !dvt || !nft) throw new Error('token deployment incomplete');
  for (const [key, address] of [['usd', usd], ['dvt', dvt]] as const) {
    const decimals = await publicClient.readContract({ address, abi: erc20Abi, functionName: 'decimals' });
    if (decimals !== SPECS[key].decimals) throw new Error(`${SPECS[key].symbol} at ${address} has ${decimals} decimals, expected ${SPECS[key].decimals}`);
  }
  return {
    usd: { address: usd, name: SPECS.usd.name, symbol: SPECS.usd.symbol, decimals: SPECS.usd.decimals },
    dvt: { address: dvt, name: SPECS.dvt.name, symbol: SPECS.dvt.symbol, decimals: SPECS.dvt.decimals },
    nft: { address: nft, name: SPECS.nft.name, symbol: SPECS.nft.symbol, baseTokenURI: NFT_BASE_URI },
  };
}

/** Mints `amount` (base units) of a devnet ERC20 to `to` (the deployer holds MINTER_ROLE). */
export async function mintErc20(rpcUrl: string, token: Address, to: Address, amount: bigint): Promise<void> {
  const { send } = await connectDevnet(rpcUrl);
  await send(TOKEN_DEPLOYER, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'mint', args: [to, amount] }) }, 'minting ERC20');
}

/** Mints the next NFT id of a devnet ERC721 to `to` and returns the id. */
export async function mintNft(rpcUrl: string, nft: Address, to: Address): Promise<bigint> {
  const { send } = await connectDevnet(rpcUrl);
  const receipt = await send(TOKEN_DEPLOYER, { to: nft, data: encodeFunctionData({ abi: erc721Abi, functionName: 'mint', args: [to] }) }, 'minting NFT');
  const [minted] = parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: receipt.logs });
  if (!minted) throw new Error('minting NFT: no Transfer event');
  return minted.args.tokenId;
}

/**
 * Deploys one more ERC20 (OZ preset, 18 decimals) from `from` and mints `amount` to `to`: a token no bundled list
 * knows, for tests of tokens a user adds (decision 0056). `from` must not be TOKEN_DEPLOYER, whose nonces fix the
 * seeded tokens' addresses; it keeps MINTER_ROLE.
 */
export async function deployExtraErc20(rpcUrl: string, spec: { name: string; symbol: string; from: DevnetAccount; to: Address; amount: bigint }): Promise<Address> {
  if (spec.from.address === TOKEN_DEPLOYER.address) throw new Error('deployExtraErc20: the token deployer’s nonces are reserved for the seeded tokens');
  const { send } = await connectDevnet(rpcUrl);
  const data = encodeDeployData({ abi: erc20PresetCtorAbi, bytecode: ozArtifact('ERC20PresetMinterPauser').bytecode, args: [spec.name, spec.symbol] });
  const receipt = await send(spec.from, { data }, `deploying ${spec.symbol}`);
  if (!receipt.contractAddress) throw new Error(`deploying ${spec.symbol}: no contract address`);
  const token = getAddress(receipt.contractAddress);
  await send(spec.from, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'mint', args: [spec.to, spec.amount] }) }, `minting ${spec.symbol}`);
  return token;
}
