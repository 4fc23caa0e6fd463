// Shared state of one gateway instance: options, SQL store, chain reader + indexer, tags, relayer.
import { createWalletClient, getAddress, http, type Address, type WalletClient, type Account, type Chain, type Transport } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ChainReader, isAddressLike, type OnchainSafe } from './chain.ts';
import { KNOWN_CONTRACTS, chainInfo, defaultSafeApps, type GatewayOptions } from './config.ts';
import { Store } from './db.ts';
import { notFound, validationError } from './errors.ts';
import { approvedHashSignature } from './hashes.ts';
import { GeneratedSafes } from './generated.ts';
import { Indexer } from './indexer.ts';
import { Proposals } from './proposals.ts';
import { Tags } from './tags.ts';
import type { AddressInfo, ChainInfo, SafeApp } from './types.ts';

export type GatewayContext = {
  opts: GatewayOptions;
  chainId: number;
  store: Store;
  reader: ChainReader;
  indexer: Indexer;
  tags: Tags;
  /** Large-Safe fixtures: generated balances, history and NFTs of registered Safes (decision 0068). */
  generated: GeneratedSafes;
  relayer: WalletClient<Transport, Chain, Account>;
  relayLimit: number;
  chain(): ChainInfo;
  safeApps(): SafeApp[];
  /** Syncs the index with the chain and returns the head block number. */
  sync(): Promise<bigint>;
  /** On-chain Safe state at the current head; 404 when the address holds no Safe. */
  getSafe(address: Address): Promise<OnchainSafe>;
  /** Like getSafe, null instead of 404. */
  findSafe(address: Address): Promise<OnchainSafe | null>;
  addressInfo(address: string): AddressInfo;
  tokenLogo(symbol: string): string;
};

const knownByAddress = new Map(KNOWN_CONTRACTS.map((c) => [c.address, c]));

export function tokenLogo(symbol: string): string {
  const letter = (symbol[0] ?? '?').toUpperCase().replace(/[^A-Z0-9]/g, '?');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#5c6bc0"/><text x="16" y="21" font-size="14" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function createContext(opts: GatewayOptions): Promise<GatewayContext> {
  const store = await Store.open(opts.dbFile);
  const reader = new ChainReader(opts.rpcUrl);
  const tags = new Tags(store);
  const indexer = new Indexer(
    reader,
    (safe, kinds) => {
      for (const k of kinds) tags.bump(safe, k);
    },
    // Like the Transaction Service: an on-chain approval is that owner's confirmation (v = 1, r = the owner).
    // The hash names its Safe: an approval recorded by another Safe is not this proposal's.
    // Listed when indexed, after what was posted before it (the Transaction Service orders them by creation).
    ({ safe, owner, safeTxHash }) => {
      const proposals = new Proposals(store);
      const proposal = proposals.get(safeTxHash);
      if (proposal && proposal.safe.toLowerCase() !== safe.toLowerCase()) return;
      proposals.addConfirmations(safeTxHash, [{ owner, signature: approvedHashSignature(owner), type: 'APPROVED_HASH' }], Date.now());
    },
  );
  const chainDef: Chain = {
    id: opts.chainId,
    name: 'Countersign Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  };
  const relayer = createWalletClient({ account: privateKeyToAccount(opts.relayerPrivateKey), chain: chainDef, transport: http(opts.rpcUrl) });

  const ctx: GatewayContext = {
    opts,
    chainId: opts.chainId,
    store,
    reader,
    indexer,
    tags,
    relayer,
    relayLimit: opts.relayLimit ?? 5,
    chain: () => chainInfo(opts),
    safeApps: () => opts.safeApps ?? defaultSafeApps(opts),
    sync: () => indexer.sync(),
    async findSafe(address) {
      const head = await indexer.sync();
      return reader.readSafe(address, head);
    },
    async getSafe(address) {
      const safe = await ctx.findSafe(address);
      if (!safe) throw notFound('Safe not found');
      return safe;
    },
    addressInfo(address) {
      const value = getAddress(address);
      const known = knownByAddress.get(value);
      if (known) return { value, name: known.displayName, logoUri: null };
      const token = reader.cachedToken(value);
      if (token) return { value, name: token.name, logoUri: tokenLogo(token.symbol) };
      return { value, name: null, logoUri: null };
    },
    tokenLogo,
    generated: new GeneratedSafes({ store, tokenLogo, addressInfo: (address) => ctx.addressInfo(address) }),
  };
  return ctx;
}

/** Parses and checksums an address path/body parameter (422 like the real gateway's AddressSchema). */
export function parseAddress(value: string | undefined, what = 'address'): Address {
  if (!value || !isAddressLike(value)) throw validationError(`Invalid ${what}`, [what]);
  return getAddress(value);
}
