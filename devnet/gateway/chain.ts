// Reading Safe and token state from the devnet node with viem.
import {
  createPublicClient,
  getAddress,
  http,
  isAddress,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { erc20Abi, erc721Abi, safeAbi } from './abis.ts';

export const SENTINEL = '0x0000000000000000000000000000000000000001' as const;
const GUARD_SLOT = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8' as const;
const FALLBACK_HANDLER_SLOT = '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5' as const;

export type OnchainSafe = {
  address: Address;
  nonce: number;
  threshold: number;
  owners: Address[];
  singleton: Address;
  modules: Address[];
  guard: Address | null;
  fallbackHandler: Address | null;
  version: string | null;
};

export type TokenMeta = { address: Address; type: 'ERC20' | 'ERC721'; name: string; symbol: string; decimals: number };

const slotToAddress = (slot: Hex | undefined): Address | null => {
  if (!slot || slot === '0x') return null;
  const addr = getAddress(`0x${slot.slice(-40)}`);
  return addr === zeroAddress ? null : addr;
};

export function checksum(value: string): Address {
  return getAddress(value);
}

export function isAddressLike(value: string): boolean {
  return isAddress(value, { strict: false });
}

export class ChainReader {
  readonly client: PublicClient;
  private safeCache = new Map<string, { block: bigint; safe: OnchainSafe | null }>();
  private tokenCache = new Map<string, TokenMeta | null>();

  constructor(rpcUrl: string) {
    this.client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) });
  }

  /** Reads a Safe's state; null when the address holds no Safe. Cached per block. */
  async readSafe(address: Address, block: bigint): Promise<OnchainSafe | null> {
    const cached = this.safeCache.get(address);
    if (cached && cached.block === block) return cached.safe;
    const safe = await this.readSafeUncached(address);
    this.safeCache.set(address, { block, safe });
    return safe;
  }

  private async readSafeUncached(address: Address): Promise<OnchainSafe | null> {
    const code = await this.client.getCode({ address });
    if (!code || code === '0x') return null;
    const c = { address, abi: safeAbi } as const;
    try {
      const [nonce, threshold, owners, modulesPage, singletonSlot, guardSlot, handlerSlot] = await Promise.all([
        this.client.readContract({ ...c, functionName: 'nonce' }),
        this.client.readContract({ ...c, functionName: 'getThreshold' }),
        this.client.readContract({ ...c, functionName: 'getOwners' }),
        this.client.readContract({ ...c, functionName: 'getModulesPaginated', args: [SENTINEL, 50n] }),
        this.client.getStorageAt({ address, slot: '0x0' }),
        this.client.getStorageAt({ address, slot: GUARD_SLOT }),
        this.client.getStorageAt({ address, slot: FALLBACK_HANDLER_SLOT }),
      ]);
      if (threshold === 0n || owners.length === 0) return null;
      let version: string | null = null;
      try {
        version = await this.client.readContract({ ...c, functionName: 'VERSION' });
      } catch {
        version = null;
      }
      return {
        address,
        nonce: Number(nonce),
        threshold: Number(threshold),
        owners: owners.map((o) => getAddress(o)),
        singleton: slotToAddress(singletonSlot) ?? zeroAddress,
        modules: modulesPage[0].map((m) => getAddress(m)),
        guard: slotToAddress(guardSlot),
        fallbackHandler: slotToAddress(handlerSlot),
        version,
      };
    } catch {
      return null;
    }
  }

  cachedToken(address: string): TokenMeta | null | undefined {
    return this.tokenCache.get(getAddress(address));
  }

  /** Token metadata by kind; null when the contract does not answer like a token. */
  async tokenMeta(address: Address, kind: 'ERC20' | 'ERC721'): Promise<TokenMeta | null> {
    const key = getAddress(address);
    const hit = this.tokenCache.get(key);
    if (hit !== undefined) return hit;
    let meta: TokenMeta | null;
    try {
      if (kind === 'ERC20') {
        const c = { address: key, abi: erc20Abi } as const;
        const [name, symbol, decimals] = await Promise.all([
          this.client.readContract({ ...c, functionName: 'name' }),
          this.client.readContract({ ...c, functionName: 'symbol' }),
          this.client.readContract({ ...c, functionName: 'decimals' }),
        ]);
        meta = { address: key, type: 'ERC20', name, symbol, decimals: Number(decimals) };
      } else {
        const c = { address: key, abi: erc721Abi } as const;
        const [name, symbol] = await Promise.all([
          this.client.readContract({ ...c, functionName: 'name' }).catch(() => 'Unknown collection'),
          this.client.readContract({ ...c, functionName: 'symbol' }).catch(() => 'NFT'),
        ]);
        meta = { address: key, type: 'ERC721', name, symbol, decimals: 0 };
      }
    } catch {
      meta = null;
    }
    this.tokenCache.set(key, meta);
    return meta;
  }

  async erc20Balance(token: Address, holder: Address): Promise<bigint> {
    try {
      return await this.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
    } catch {
      return 0n;
    }
  }

  async tokenUri(token: Address, id: bigint): Promise<string | null> {
    try {
      return await this.client.readContract({ address: token, abi: erc721Abi, functionName: 'tokenURI', args: [id] });
    } catch {
      return null;
    }
  }

  async approvedHash(safe: Address, owner: Address, hash: Hex): Promise<boolean> {
    try {
      const v = await this.client.readContract({ address: safe, abi: safeAbi, functionName: 'approvedHashes', args: [owner, hash] });
      return v !== 0n;
    } catch {
      return false;
    }
  }

  /** EIP-1271 check (bytes32 form) on a contract signer. */
  async isValidContractSignature(signer: Address, hash: Hex, signature: Hex): Promise<boolean> {
    try {
      const magic = await this.client.readContract({ address: signer, abi: safeAbi, functionName: 'isValidSignature', args: [hash, signature] });
      return magic.toLowerCase() === '0x1626ba7e';
    } catch {
      return false;
    }
  }
}
