/**
 * The two-source check in every signing flow's effects (decision 0053): the Safe info the flow was given is
 * compared with the chain before the wallet is asked. A swapped owner, a changed threshold, an extra module, a
 * different guard block with that text; an equal Safe passes; a chain that cannot be read blocks as "not checked".
 */
import { describe, expect, it } from 'vitest';
import { getAddress, pad, zeroAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { FALLBACK_HANDLER_STORAGE_SLOT, GUARD_STORAGE_SLOT, SINGLETON_STORAGE_SLOT } from '../../../src/domain/safe/abis.ts';
import { SAFE_INFO_BLOCKED, SAFE_INFO_UNCHECKED } from '../../../src/domain/safe/safeInfoCheck.ts';
import type { GatewayView, TxFlowSafe } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import type { MessageFlowSafe } from '../../../src/machines/messageFlow/messageFlow.types.ts';
import { createTransactionFlowEffects, hashesOf, type TxFlowChain } from '../../../src/services/transactionFlow/transactionFlow.ts';
import { draftToSafeTx, toSafeTxJson } from '../../../src/services/transactionFlow/convert.ts';
import { createMessageFlowEffects } from '../../../src/services/messageFlow.ts';
import { checkSafeAgainstChain } from '../../../src/services/chain/safeInfoCheck.ts';
import { messageFlowSafeOf } from '../../../src/services/flows/inputs.ts';
import type { GatewayClient } from '../../../src/services/gateway/client.ts';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const at = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const OWNER_2 = at(0xb2);
const STRANGER = at(0xee);
const MODULE = at(0x30);
const GUARD = at(0x40);
const HANDLER = getAddress('0xfd0732dc9e303f09fcef3a7388ad10a83459ec99');
const SINGLETON = getAddress('0x29fcb43b46531bca003ddc8fcb67ffe91900c762');
const SAFE = getAddress('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826');

/** The Safe as the chain holds it. */
interface ChainSafe {
  owners: Address[];
  threshold: number;
  nonce: number;
  version: string;
  modules: Address[];
  guard: Address;
  fallbackHandler: Address;
  singleton: Address;
}
const onChain: ChainSafe = { owners: [account.address, OWNER_2], threshold: 2, nonce: 4, version: '1.4.1', modules: [], guard: zeroAddress, fallbackHandler: HANDLER, singleton: SINGLETON };

/** The Safe as the gateway (through the Safe session) gave it to the flow: the same, unless a test changes it. */
const safe: TxFlowSafe = {
  chainId: '31337',
  chainName: 'Devnet',
  address: SAFE,
  version: '1.4.1+L2',
  nonce: 4,
  threshold: 2,
  owners: [account.address, OWNER_2],
  modules: [],
  guard: null,
  fallbackHandler: HANDLER,
  implementation: SINGLETON,
};

/** A chain answering the Safe's reads (and counting them); `down` fails every read like an unreachable RPC. */
function fakeChain(state: ChainSafe, options: { down?: boolean } = {}) {
  const reads: string[] = [];
  const word = (address: Address): Hex => pad(address, { size: 32 });
  const chain: TxFlowChain = {
    waitForTransactionReceipt: (async () => {
      throw new Error('unused');
    }) as never,
    call: (async () => {
      throw new Error('unused');
    }) as never,
    readContract: (async ({ functionName }: { functionName: string }) => {
      reads.push(functionName);
      if (options.down) throw new Error('HTTP request failed.\nURL: http://127.0.0.1:8545');
      switch (functionName) {
        case 'nonce':
          return BigInt(state.nonce);
        case 'getOwners':
          return state.owners;
        case 'getThreshold':
          return BigInt(state.threshold);
        case 'VERSION':
          return state.version;
        case 'getModulesPaginated':
          return [state.modules, '0x0000000000000000000000000000000000000001'];
        default:
          throw new Error(`unexpected read ${functionName}`);
      }
    }) as never,
    getStorageAt: (async ({ slot }: { slot: Hex }) => {
      reads.push(`storage ${slot}`);
      if (options.down) throw new Error('HTTP request failed.');
      if (slot === GUARD_STORAGE_SLOT) return word(state.guard);
      if (slot === FALLBACK_HANDLER_STORAGE_SLOT) return word(state.fallbackHandler);
      if (slot === SINGLETON_STORAGE_SLOT) return word(state.singleton);
      throw new Error(`unexpected slot ${slot}`);
    }) as never,
  };
  return { chain, reads };
}

/** A wallet that records every request: the wallet must never be asked when the check blocks. */
function recordingWallet() {
  const calls: string[] = [];
  const provider = {
    async request({ method, params = [] }: { method: string; params?: readonly unknown[] }) {
      calls.push(method);
      if (method === 'eth_chainId') return '0x7a69';
      if (method === 'eth_accounts') return [account.address];
      if (method === 'eth_signTypedData_v4') {
        const typed = JSON.parse(String(params[1])) as { types: Record<string, unknown> };
        const { EIP712Domain: _drop, ...types } = typed.types;
        return account.signTypedData({ ...(typed as object), types } as never);
      }
      throw new Error(`unexpected ${method}`);
    },
  };
  return { provider, calls };
}

const noGateway = null as unknown as GatewayClient;
const emptyView: GatewayView = { decoded: null, innerCalls: [], stored: null, summary: 'Native transfer', raw: { details: null, dataDecoded: null, confirmationView: null } };
const RECIPIENT = at(0x99);
const draft = { kind: 'nativeTransfer' as const, recipient: RECIPIENT, amount: '1', decimals: 18 };
const builtAt = (nonce: number) => {
  const tx = draftToSafeTx(draft, safe, BigInt(nonce));
  return { safeTx: toSafeTxJson(tx), hashes: hashesOf(safe, tx) };
};

/** The differences a lying gateway causes, and the text the signer sees for each. */
const lies: { name: string; chain: Partial<ChainSafe>; text: string }[] = [
  { name: 'a swapped owner', chain: { owners: [account.address, STRANGER] }, text: `Owners: the gateway lists ${OWNER_2} that the chain does not have; the chain has ${STRANGER} that the gateway does not list.` },
  { name: 'a changed threshold', chain: { threshold: 1 }, text: 'Threshold: gateway 2, chain 1.' },
  { name: 'an extra module', chain: { modules: [MODULE] }, text: `Modules: the chain has ${MODULE} that the gateway does not list.` },
  { name: 'a different guard', chain: { guard: GUARD }, text: `Guard: gateway none, chain ${GUARD}.` },
];

describe('checkSafeAgainstChain', () => {
  it('reads the Safe once: owners, threshold, nonce, version, modules and three storage words', async () => {
    const { chain, reads } = fakeChain(onChain);
    await expect(checkSafeAgainstChain(chain, safe)).resolves.toEqual({ status: 'agrees', chainNonce: '4', gatewayBehind: false });
    expect(reads.sort()).toEqual(
      ['VERSION', 'getModulesPaginated', 'getOwners', 'getThreshold', 'nonce', `storage ${FALLBACK_HANDLER_STORAGE_SLOT}`, `storage ${GUARD_STORAGE_SLOT}`, `storage ${SINGLETON_STORAGE_SLOT}`].sort(),
    );
  });
  it('a chain that cannot be read, or no chain client, is "unchecked", never passed', async () => {
    await expect(checkSafeAgainstChain(fakeChain(onChain, { down: true }).chain, safe)).resolves.toEqual({ status: 'unchecked', reason: 'HTTP request failed.' });
    await expect(checkSafeAgainstChain(null, safe)).resolves.toMatchObject({ status: 'unchecked' });
    await expect(checkSafeAgainstChain({ readContract: fakeChain(onChain).chain.readContract }, safe)).resolves.toMatchObject({ status: 'unchecked' });
  });
});

describe('transaction flow: crossCheck (propose, confirm, execute, reject all pass through it before the review)', () => {
  const crossCheck = (state: ChainSafe, nonce = 4) => {
    const { chain } = fakeChain(state);
    return createTransactionFlowEffects({ gateway: noGateway, chain, wallet: () => null }).crossCheck({ safe, ...builtAt(nonce), draft, gatewayView: emptyView });
  };

  it('an equal Safe passes: no mismatch, the verdict agrees', async () => {
    const checked = await crossCheck(onChain);
    expect(checked.mismatches).toEqual([]);
    expect(checked.safeInfo).toEqual({ status: 'agrees', chainNonce: '4', gatewayBehind: false });
  });

  for (const lie of lies) {
    it(`${lie.name} blocks with that text (it is a mismatch, so canSign is false)`, async () => {
      const checked = await crossCheck({ ...onChain, ...lie.chain });
      expect(checked.mismatches).toEqual([lie.text]);
      expect(checked.safeInfo).toEqual({ status: 'differs', chainNonce: '4', differences: [lie.text] });
    });
  }

  it('a gateway one execution behind is normal; a transaction at the nonce the chain already used is blocked', async () => {
    const behind = await crossCheck({ ...onChain, nonce: 5 }, 5);
    expect(behind.mismatches).toEqual([]);
    expect(behind.safeInfo).toEqual({ status: 'agrees', chainNonce: '5', gatewayBehind: true });
    const used = await crossCheck({ ...onChain, nonce: 5 }, 4);
    expect(used.mismatches).toEqual(['Nonce: this transaction uses nonce 4, which the chain has already used (the Safe is at nonce 5); the gateway has not caught up.']);
  });

  it('a chain that cannot be read rejects with "Not checked against the chain" (the review is not reached; Try again reads again)', async () => {
    const { chain } = fakeChain(onChain, { down: true });
    const effects = createTransactionFlowEffects({ gateway: noGateway, chain, wallet: () => null });
    await expect(effects.crossCheck({ safe, ...builtAt(4), draft, gatewayView: emptyView })).rejects.toThrow(SAFE_INFO_UNCHECKED);
  });
});

describe('delete: the DeleteRequest signature', () => {
  const request = (state: ChainSafe, options: { down?: boolean } = {}) => {
    const wallet = recordingWallet();
    const effects = createTransactionFlowEffects({ gateway: noGateway, chain: fakeChain(state, options).chain, wallet: () => wallet.provider });
    const signed = effects.requestDeleteSignature({ safe, wallet: { address: account.address, chainId: '31337' }, safeTxHash: builtAt(4).hashes.safeTxHash, nowMs: 1_700_000_000_000 });
    return { signed, wallet };
  };

  it('an equal Safe: the wallet is asked', async () => {
    const { signed, wallet } = request(onChain);
    await expect(signed).resolves.toMatchObject({ signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
    expect(wallet.calls).toContain('eth_signTypedData_v4');
  });

  for (const lie of lies) {
    it(`${lie.name}: refused with that text, the wallet never asked`, async () => {
      const { signed, wallet } = request({ ...onChain, ...lie.chain });
      await expect(signed).rejects.toEqual({ kind: 'other', message: expect.stringContaining(lie.text) });
      await expect(signed).rejects.toMatchObject({ message: expect.stringMatching(new RegExp(`^${SAFE_INFO_BLOCKED}`)) });
      expect(wallet.calls).toEqual([]);
    });
  }

  it('a chain that cannot be read: refused as not checked, the wallet never asked', async () => {
    const { signed, wallet } = request(onChain, { down: true });
    await expect(signed).rejects.toMatchObject({ kind: 'other', message: expect.stringMatching(new RegExp(`^${SAFE_INFO_UNCHECKED}`)) });
    expect(wallet.calls).toEqual([]);
  });
});

describe('bulk execute: loadBatch', () => {
  it('a difference rejects the batch before the review (nothing can be executed), with the text', async () => {
    const gateway = { getTransactionDetails: async () => Promise.reject(new Error('unused')) } as unknown as GatewayClient;
    const effects = (state: ChainSafe) => createTransactionFlowEffects({ gateway, chain: fakeChain(state).chain, wallet: () => null });
    // No items: only the Safe info is checked.
    await expect(effects(onChain).loadBatch({ safe, txIds: [] })).resolves.toEqual([]);
    for (const lie of lies) {
      await expect(effects({ ...onChain, ...lie.chain }).loadBatch({ safe, txIds: [] })).rejects.toThrow(lie.text);
    }
  });
});

describe('message flow: the preview carries the verdict; requestSignature refuses without it agreeing', () => {
  const messageSafe: MessageFlowSafe = messageFlowSafeOf(safe);
  const effectsOn = (state: ChainSafe, wallet: ReturnType<typeof recordingWallet>, options: { down?: boolean } = {}) =>
    createMessageFlowEffects({ gateway: noGateway, chain: fakeChain(state, options).chain, wallet: () => wallet.provider });
  const sign = async (state: ChainSafe, options: { down?: boolean } = {}) => {
    const wallet = recordingWallet();
    const effects = effectsOn(state, wallet, options);
    const preview = await effects.computeMessageHash({ safe: messageSafe, request: { kind: 'text', message: 'Hello Safe' } });
    const signed = effects.requestSignature({ safe: messageSafe, wallet: { address: account.address, chainId: '31337' }, preview });
    return { preview, signed, wallet };
  };

  it('the message flow is given what the gateway said: nonce, modules, guard, implementation', () => {
    expect(messageSafe).toMatchObject({ nonce: 4, modules: [], guard: null, implementation: SINGLETON, fallbackHandler: HANDLER });
  });

  it('an equal Safe: agrees, and the wallet signs', async () => {
    const { preview, signed, wallet } = await sign(onChain);
    expect(preview.safeInfo).toEqual({ status: 'agrees', chainNonce: '4', gatewayBehind: false });
    await expect(signed).resolves.toMatchObject({ signer: account.address });
    expect(wallet.calls).toContain('eth_signTypedData_v4');
  });

  for (const lie of lies) {
    it(`${lie.name}: the preview lists it and the wallet is never asked`, async () => {
      const { preview, signed, wallet } = await sign({ ...onChain, ...lie.chain });
      expect(preview.safeInfo).toEqual({ status: 'differs', chainNonce: '4', differences: [lie.text] });
      await expect(signed).rejects.toMatchObject({ kind: 'other', message: expect.stringContaining(lie.text) });
      expect(wallet.calls).toEqual([]);
    });
  }

  it('a chain that cannot be read: "unchecked" in the preview, and the wallet is never asked', async () => {
    const { preview, signed, wallet } = await sign(onChain, { down: true });
    expect(preview.safeInfo).toMatchObject({ status: 'unchecked' });
    await expect(signed).rejects.toMatchObject({ kind: 'other', message: expect.stringMatching(new RegExp(`^${SAFE_INFO_UNCHECKED}`)) });
    expect(wallet.calls).toEqual([]);
  });
});
