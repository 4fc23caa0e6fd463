// The Devnet Wallet's local behaviour (no chain, no DOM): accounts, chains, events, signing, EIP-6963.
// eth_sendTransaction and forwarded reads run against a real anvil in tests/integration/devnet-wallet.test.ts.
import { describe, expect, it } from 'vitest';
import { hashTypedData, recoverAddress, recoverMessageAddress, recoverTypedDataAddress, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { DEVNET_ACCOUNTS, DEVNET_MNEMONIC } from '../../devnet/chain/accounts.ts';
import {
  DEVNET_WALLET_ICON,
  DEVNET_WALLET_RDNS,
  ProviderRpcError,
  SELECTED_ACCOUNT_KEY,
  announceDevnetWallet,
  createDevnetWallet,
  installDevnetWallet,
  type DevnetWalletProvider,
  type Eip6963ProviderInfo,
} from '../../src/dev/devnetWallet.ts';

const accounts = DEVNET_ACCOUNTS.slice(0, 3).map((a) => ({ address: a.address, privateKey: a.privateKey }));
const [a0, a1] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];

function wallet(connected = false): DevnetWalletProvider {
  // The RPC URL is never contacted by these tests (port 9 = discard).
  return createDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts, connected });
}

async function rejection(p: Promise<unknown>): Promise<ProviderRpcError> {
  const err = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderRpcError);
  return err as ProviderRpcError;
}

describe('devnet accounts', () => {
  it('are the anvil mnemonic accounts', () => {
    DEVNET_ACCOUNTS.forEach((a, i) => {
      const derived = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: i });
      expect(derived.address).toBe(a.address);
    });
    expect(DEVNET_ACCOUNTS).toHaveLength(10);
  });
});

describe('Devnet Wallet (EIP-1193)', () => {
  it('reveals accounts only after eth_requestAccounts and emits accountsChanged', async () => {
    const w = wallet();
    const seen: unknown[] = [];
    w.on('accountsChanged', (a) => seen.push(a));
    expect(await w.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await w.request({ method: 'eth_requestAccounts' })).toEqual([a0.address]);
    expect(await w.request({ method: 'eth_accounts' })).toEqual([a0.address]);
    expect(seen).toEqual([[a0.address]]);
    expect(await w.request({ method: 'wallet_getPermissions' })).toMatchObject([{ parentCapability: 'eth_accounts' }]);
  });

  it('switches accounts with selectAccount and disconnects', async () => {
    const w = wallet(true);
    const seen: unknown[] = [];
    const listener = (a: unknown): void => void seen.push(a);
    w.on('accountsChanged', listener);
    w.selectAccount(1);
    expect(await w.request({ method: 'eth_accounts' })).toEqual([a1.address]);
    w.disconnect();
    expect(await w.request({ method: 'eth_accounts' })).toEqual([]);
    expect(seen).toEqual([[a1.address], []]);
    w.removeListener('accountsChanged', listener);
    await w.request({ method: 'eth_requestAccounts' });
    expect(seen).toHaveLength(2);
    expect(() => w.selectAccount(3)).toThrow(RangeError);
  });

  it('answers chain requests locally, 4902 for an unknown chain, adds and switches chains', async () => {
    const w = wallet(true);
    const chains: unknown[] = [];
    w.on('chainChanged', (c) => chains.push(c));
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await w.request({ method: 'net_version' })).toBe('31337');
    expect(await w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull();
    expect(chains).toEqual([]);
    expect((await rejection(w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))).code).toBe(4902);

    await w.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1', chainName: 'Ethereum', rpcUrls: ['http://127.0.0.1:9'] }] });
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x1');
    await w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
    expect(chains).toEqual(['0x1', '0x7a69']);
  });

  it('signs eth_signTypedData_v4 (a SafeTx) with the requested account', async () => {
    const w = wallet(true);
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        SafeTx: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
          { name: 'operation', type: 'uint8' },
          { name: 'safeTxGas', type: 'uint256' },
          { name: 'baseGas', type: 'uint256' },
          { name: 'gasPrice', type: 'uint256' },
          { name: 'gasToken', type: 'address' },
          { name: 'refundReceiver', type: 'address' },
          { name: 'nonce', type: 'uint256' },
        ],
      },
      primaryType: 'SafeTx',
      domain: { chainId: 31337, verifyingContract: '0x599C86d40e80ac8D0a4B7b19642457A73333d91f' },
      message: {
        to: DEVNET_ACCOUNTS[5]?.address ?? '0x',
        value: 10n ** 18n,
        data: '0x',
        operation: 0,
        safeTxGas: 0n,
        baseGas: 0n,
        gasPrice: 0n,
        gasToken: '0x0000000000000000000000000000000000000000',
        refundReceiver: '0x0000000000000000000000000000000000000000',
        nonce: 3n,
      },
    } as const;
    // What a dapp sends: JSON with uint256 values as decimal strings and EIP712Domain listed in types.
    const json = JSON.stringify(typedData, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    w.selectAccount(1);
    const signature = (await w.request({ method: 'eth_signTypedData_v4', params: [a1.address, json] })) as Hex;
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    const { EIP712Domain: _d, ...types } = typedData.types;
    const definition = { types, primaryType: typedData.primaryType, domain: typedData.domain, message: typedData.message };
    expect(await recoverTypedDataAddress({ ...definition, signature })).toBe(a1.address);
    // The Safe accepts v = 27/28 (0x1b/0x1c) as a plain ECDSA signature.
    expect(['1b', '1c']).toContain(signature.slice(-2));
    expect(await recoverAddress({ hash: hashTypedData(definition), signature })).toBe(a1.address);
  });

  it('signs personal_sign (text and hex) and eth_sign', async () => {
    const w = wallet(true);
    const text = 'Hello from the Devnet Wallet';
    const sig1 = (await w.request({ method: 'personal_sign', params: [text, a0.address] })) as Hex;
    expect(await recoverMessageAddress({ message: text, signature: sig1 })).toBe(a0.address);
    const raw: Hex = '0xdeadbeef';
    const sig2 = (await w.request({ method: 'personal_sign', params: [raw, a0.address.toLowerCase()] })) as Hex;
    expect(await recoverMessageAddress({ message: { raw }, signature: sig2 })).toBe(a0.address);
    const hash: Hex = `0x${'ab'.repeat(32)}`;
    const sig3 = (await w.request({ method: 'eth_sign', params: [a0.address, hash] })) as Hex;
    expect(await recoverAddress({ hash, signature: sig3 })).toBe(a0.address);
  });

  it('refuses to sign before connecting or for an address it does not hold', async () => {
    const w = wallet();
    expect((await rejection(w.request({ method: 'personal_sign', params: ['hi', a0.address] }))).code).toBe(4100);
    await w.request({ method: 'eth_requestAccounts' });
    const stranger: Address = DEVNET_ACCOUNTS[9]?.address ?? '0x';
    expect((await rejection(w.request({ method: 'personal_sign', params: ['hi', stranger] }))).code).toBe(4100);
    expect((await rejection(w.request({ method: 'eth_signTypedData_v4', params: [a0.address, '{not json'] }))).code).toBe(-32602);
  });

  it('rejects a key that does not match its address', () => {
    expect(() => createDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 1, accounts: [{ address: a1.address, privateKey: a0.privateKey }] })).toThrow(/does not match/);
  });

});

describe('Devnet Wallet: the selected account survives a page load in the same tab (decision 0037)', () => {
  /** A tab's sessionStorage: outlives one wallet (one page), shared by the next wallet created with it. */
  function tab(): Map<string, string> & { getItem(k: string): string | null; setItem(k: string, v: string): void } {
    const map = new Map<string, string>();
    return Object.assign(map, { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) });
  }
  const open = (storage: ReturnType<typeof tab> | null, connected = true) =>
    createDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts, connected, storage });

  it('starts from the account selected on the previous page, and remembers only its address', async () => {
    const storage = tab();
    const first = open(storage);
    expect(first.selectedIndex).toBe(0);
    first.selectAccount(2);
    expect([...storage.entries()]).toEqual([[SELECTED_ACCOUNT_KEY, accounts[2]!.address]]);

    const reloaded = open(storage, false);
    expect(reloaded.selectedIndex).toBe(2);
    expect(await reloaded.request({ method: 'eth_requestAccounts' })).toEqual([accounts[2]!.address]);
    reloaded.selectAccount(1);
    expect(open(storage).selectedIndex).toBe(1);
  });

  it('starts at account 0 in a new tab, without storage, for an address it does not hold, or when storage throws', () => {
    expect(open(tab()).selectedIndex).toBe(0);
    const without = open(null);
    without.selectAccount(2);
    expect(open(null).selectedIndex).toBe(0);
    const foreign = tab();
    foreign.setItem(SELECTED_ACCOUNT_KEY, '0x000000000000000000000000000000000000dEaD');
    expect(open(foreign).selectedIndex).toBe(0);
    const refusing = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: (): void => {
        throw new Error('QuotaExceededError');
      },
    };
    const w = createDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts, connected: true, storage: refusing });
    expect(w.selectedIndex).toBe(0);
    w.selectAccount(1);
    expect(w.selectedIndex).toBe(1);
  });

  it('installDevnetWallet remembers in the tab\'s sessionStorage', () => {
    const storage = tab();
    const original = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
    try {
      const target = new EventTarget();
      const config = { rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts };
      installDevnetWallet(config, target).selectAccount(2);
      expect(installDevnetWallet(config, target).selectedIndex).toBe(2);
    } finally {
      if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
      else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });
});

describe('Devnet Wallet (EIP-6963)', () => {
  it('announces itself and answers eip6963:requestProvider until stopped', () => {
    const target = new EventTarget();
    const announced: { info: Eip6963ProviderInfo; provider: unknown }[] = [];
    target.addEventListener('eip6963:announceProvider', (e) => announced.push((e as CustomEvent<{ info: Eip6963ProviderInfo; provider: unknown }>).detail));
    const w = wallet();
    const stop = announceDevnetWallet(w, target);
    expect(announced).toHaveLength(1);
    const first = announced[0];
    expect(first?.provider).toBe(w);
    expect(first?.info.name).toBe('Devnet Wallet');
    expect(first?.info.rdns).toBe(DEVNET_WALLET_RDNS);
    expect(first?.info.rdns).toBe('dev.countersign.devnet');
    expect(first?.info.icon).toBe(DEVNET_WALLET_ICON);
    expect(first?.info.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(first?.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Object.isFrozen(first)).toBe(true);

    target.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(2);
    expect(announced[1]?.info.uuid).toBe(first?.info.uuid);
    stop();
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(2);
  });

  it('makes a v4 uuid without crypto.randomUUID (insecure contexts)', () => {
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      const target = new EventTarget();
      let info: Eip6963ProviderInfo | undefined;
      target.addEventListener('eip6963:announceProvider', (e) => (info = (e as CustomEvent<{ info: Eip6963ProviderInfo }>).detail.info));
      announceDevnetWallet(wallet(), target)();
      expect(info?.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true, writable: true });
    }
  });
});
