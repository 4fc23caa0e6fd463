// Generated (not on-chain) lists for a Safe registered as a large-Safe fixture (issue 22, decision 0068):
// ERC-20 balances, incoming transfers for the history and NFTs, built from a seed so every run serves the same
// data. Registered through `POST /devnet/fixtures/large-safe` (devnet/seed/largeSafe.ts calls it) and kept in
// the gateway database, so a persistent devnet serves them again after a restart.
//
// None of this touches what the app hashes or checks against the chain: owners, threshold, nonce, version and
// modules come from the chain, and the queued transactions and messages of the fixture are real proposals with
// owner signatures posted through the public API. The generated tokens and NFT collections have no code on the
// chain (their addresses are derived from the seed); sending one from the app is refused by the transaction
// flow's chain reads, as it should be for a token the chain does not know.
import { getAddress, keccak256, stringToHex, type Address, type Hex } from 'viem';
import type { GatewayContext } from './context.ts';
import type { BalanceItem, Collectible, TransactionDetails, TransactionSummary } from './types.ts';

export type GeneratedSizes = { tokens: number; history: number; nfts: number };

export const LARGE_SAFE_SIZES: GeneratedSizes = { tokens: 1_500, history: 10_000, nfts: 500 };

export type GeneratedSafe = {
  safe: Address;
  seed: number;
  /** Unix ms the data is anchored at (the newest history item is just before it). */
  anchoredAt: number;
  sizes: GeneratedSizes;
  /** ERC-20 balances with their fiat value (USD), unsorted. */
  balances: Array<BalanceItem & { fiatUsd: number }>;
  /** Incoming transfers, newest first. */
  history: TransactionSummary[];
  historyById: Map<string, TransactionSummary>;
  collectibles: Collectible[];
};

/** Deterministic 32-bit PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An address derived from the seed and a label (no key, no code). */
export const derivedAddress = (seed: number, label: string): Address => getAddress(`0x${keccak256(stringToHex(`countersign-fixture:${seed}:${label}`)).slice(26)}`);
const derivedHash = (seed: number, label: string): Hex => keccak256(stringToHex(`countersign-fixture:${seed}:${label}`));

const SYLLABLES = ['ar', 'be', 'co', 'da', 'el', 'fo', 'ga', 'hi', 'io', 'ju', 'ka', 'lu', 'mo', 'ne', 'or', 'pa', 'qu', 'ri', 'so', 'ta', 'ul', 've', 'wa', 'xe', 'yo', 'zu'];

function tokenName(rand: () => number, index: number): { name: string; symbol: string } {
  const parts = 2 + Math.floor(rand() * 2);
  let word = '';
  for (let i = 0; i < parts; i++) word += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
  const name = `${word[0]!.toUpperCase()}${word.slice(1)} Token ${index + 1}`;
  const symbol = `${word.slice(0, 4).toUpperCase()}${index + 1}`;
  return { name, symbol };
}

const DAY_MS = 86_400_000;

export function generateSafeData(ctx: Pick<GatewayContext, 'addressInfo' | 'tokenLogo'>, safe: Address, seed: number, anchoredAt: number, sizes: GeneratedSizes = LARGE_SAFE_SIZES): GeneratedSafe {
  const rand = prng(seed);

  // Tokens: amounts and prices spread over several orders of magnitude, some worth nothing (no price).
  const tokens: { address: Address; name: string; symbol: string; decimals: number; priceUsd: number }[] = [];
  const balances: GeneratedSafe['balances'] = [];
  for (let i = 0; i < sizes.tokens; i++) {
    const { name, symbol } = tokenName(rand, i);
    const decimals = [18, 18, 18, 6, 8, 0][Math.floor(rand() * 6)]!;
    const priceUsd = rand() < 0.3 ? 0 : Number((10 ** (rand() * 6 - 3)).toPrecision(6));
    const address = derivedAddress(seed, `token:${i}`);
    tokens.push({ address, name, symbol, decimals, priceUsd });
    const units = Math.floor(10 ** (rand() * 7)) + 1;
    const balance = BigInt(units) * 10n ** BigInt(decimals);
    const fiatUsd = units * priceUsd;
    balances.push({
      tokenInfo: { type: 'ERC20', address, decimals, symbol, name, logoUri: ctx.tokenLogo(symbol) },
      balance: balance.toString(),
      fiatBalance: fiatUsd.toFixed(2),
      fiatConversion: String(priceUsd),
      fiatUsd,
    });
  }

  // NFTs: 10 collections.
  const collections = Array.from({ length: 10 }, (_, i) => ({ address: derivedAddress(seed, `collection:${i}`), name: `Fixture Collection ${i + 1}`, symbol: `FIX${i + 1}` }));
  const collectibles: Collectible[] = [];
  for (let i = 0; i < sizes.nfts; i++) {
    const c = collections[i % collections.length]!;
    const id = String(Math.floor(i / collections.length) + 1);
    collectibles.push({ address: c.address, tokenName: c.name, tokenSymbol: c.symbol, logoUri: ctx.tokenLogo(c.symbol), id, uri: null, name: `${c.name} #${id}`, description: null, imageUri: null, metadata: null });
  }
  collectibles.sort((a, b) => (a.address === b.address ? Number(BigInt(a.id) - BigInt(b.id)) : a.address < b.address ? -1 : 1));

  // History: incoming transfers over about three years before the anchor, newest first (several a day).
  const senders = Array.from({ length: 50 }, (_, i) => derivedAddress(seed, `sender:${i}`));
  const history: TransactionSummary[] = [];
  const step = (3 * 365 * DAY_MS) / Math.max(1, sizes.history);
  let timestamp = anchoredAt - 60_000;
  for (let k = 0; k < sizes.history; k++) {
    const sender = senders[Math.floor(rand() * senders.length)]!;
    const id = derivedHash(seed, `transfer:${k}`);
    const txHash = derivedHash(seed, `txhash:${k}`);
    let transferInfo: Extract<TransactionSummary['txInfo'], { type: 'Transfer' }>['transferInfo'];
    if (k % 7 === 3) {
      transferInfo = { type: 'NATIVE_COIN', value: (BigInt(Math.floor(rand() * 1_000_000) + 1) * 10n ** 12n).toString() };
    } else if (k % 11 === 5) {
      const nft = collectibles[Math.floor(rand() * collectibles.length)]!;
      transferInfo = { type: 'ERC721', tokenAddress: nft.address, tokenId: nft.id, tokenName: nft.tokenName, tokenSymbol: nft.tokenSymbol, logoUri: nft.logoUri, trusted: true };
    } else {
      const t = tokens[Math.floor(rand() * tokens.length)]!;
      const amount = BigInt(Math.floor(rand() * 10_000) + 1) * 10n ** BigInt(t.decimals);
      transferInfo = { type: 'ERC20', tokenAddress: t.address, value: amount.toString(), tokenName: t.name, tokenSymbol: t.symbol, logoUri: ctx.tokenLogo(t.symbol), decimals: t.decimals, trusted: true, imitation: false };
    }
    history.push({
      id: `transfer_${safe}_${id}`,
      timestamp: Math.round(timestamp),
      txStatus: 'SUCCESS',
      txInfo: { type: 'Transfer', sender: ctx.addressInfo(sender), recipient: ctx.addressInfo(safe), direction: 'INCOMING', transferInfo, humanDescription: null },
      executionInfo: null,
      safeAppInfo: null,
      txHash,
    });
    timestamp -= step * (0.5 + rand());
  }
  return { safe, seed, anchoredAt, sizes, balances, history, historyById: new Map(history.map((h) => [h.id, h])), collectibles };
}

/** Details of a generated history item (an incoming transfer), as the gateway answers for an indexed one. */
export function generatedTransferDetails(g: GeneratedSafe, s: TransactionSummary): TransactionDetails {
  return { safeAddress: g.safe, txId: s.id, executedAt: s.timestamp, txStatus: 'SUCCESS', txInfo: s.txInfo, txData: null, txHash: s.txHash, detailedExecutionInfo: null, safeAppInfo: null, note: null };
}

/** The registered fixtures of one gateway: rows of `generated_safes`, each generated once on first use. */
export class GeneratedSafes {
  private readonly cache = new Map<string, GeneratedSafe>();

  constructor(private readonly ctx: Pick<GatewayContext, 'store' | 'addressInfo' | 'tokenLogo'>) {}

  register(safe: Address, seed: number, anchoredAt: number, sizes: GeneratedSizes = LARGE_SAFE_SIZES): void {
    this.ctx.store.run(
      'INSERT INTO generated_safes (safe, seed, anchored_at, sizes) VALUES (?, ?, ?, ?) ON CONFLICT(safe) DO UPDATE SET seed = excluded.seed, anchored_at = excluded.anchored_at, sizes = excluded.sizes',
      [safe.toLowerCase(), seed, anchoredAt, JSON.stringify(sizes)],
    );
    this.cache.delete(safe.toLowerCase());
  }

  get(safe: Address): GeneratedSafe | null {
    const key = safe.toLowerCase();
    const hit = this.cache.get(key);
    if (hit) return hit;
    const row = this.ctx.store.get('SELECT seed, anchored_at, sizes FROM generated_safes WHERE safe = ?', [key]);
    if (!row) return null;
    const g = generateSafeData(this.ctx, getAddress(safe), Number(row.seed), Number(row.anchored_at), JSON.parse(String(row.sizes)) as GeneratedSizes);
    this.cache.set(key, g);
    return g;
  }

  /** The fixture a `transfer_<safe>_<id>` history id belongs to, with its item. */
  transfer(safe: Address, id: string): { g: GeneratedSafe; item: TransactionSummary } | null {
    const g = this.get(safe);
    const item = g?.historyById.get(id);
    return g && item ? { g, item } : null;
  }
}
