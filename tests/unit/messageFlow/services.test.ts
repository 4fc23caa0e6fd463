// The messageFlow effects without a network: local hashing and the seed's primaryType rule, the typed data
// the wallet is sent, wallet error kinds, EIP-1271 magic values, the allow-listed SignMessageLib.
import { describe, expect, it } from 'vitest';
import { decodeFunctionData, hashTypedData, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEMO_TYPED_MESSAGE } from '../../../devnet/seed/offchain.ts';
import { safeMessageHash as independentSafeMessageHash } from '../../../devnet/chain/safe.ts';
import { MESSAGE_TEXTS } from '../../../src/machines/messageFlow/index.ts';
import type { MessageFlowSafe } from '../../../src/machines/messageFlow/index.ts';
import { createMessageFlowEffects, previewOf, type Eip1193Like } from '../../../src/services/messageFlow.ts';
import { signMessageLibAbi } from '../../../src/domain/safe/abis.ts';
import { safe } from './fixtures.ts';

const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const; // anvil account 0
const signer = privateKeyToAccount(key);
const ownedSafe: MessageFlowSafe = { ...safe, owners: [signer.address, ...safe.owners.slice(1)] };

function fakeWallet(overrides: Partial<Record<string, (params: readonly unknown[]) => unknown>> = {}) {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  const provider: Eip1193Like = {
    async request({ method, params = [] }) {
      calls.push({ method, params });
      const handler = overrides[method];
      if (handler) return handler(params);
      if (method === 'eth_chainId') return '0x7a69';
      if (method === 'eth_accounts') return [signer.address];
      if (method === 'eth_signTypedData_v4') return signer.signTypedData(JSON.parse(params[1] as string) as TypedDataDefinition);
      throw new Error(`unexpected ${method}`);
    },
  };
  return { provider, calls };
}

const effects = (provider: Eip1193Like | null, readContract?: (args: { functionName: string; abi: readonly unknown[]; args: readonly unknown[] }) => Promise<unknown>) =>
  createMessageFlowEffects({ gateway: null as never, chain: { readContract: readContract as never }, wallet: () => provider });

describe('local hashing (previewOf)', () => {
  it('matches an independent SafeMessage implementation for text and typed data', () => {
    const text = previewOf(safe, { kind: 'text', message: 'Hello Safe' });
    expect(text.safeMessageHash).toBe(independentSafeMessageHash(31337, safe.address, 'Hello Safe'));
    const typed = previewOf(safe, { kind: 'typed', typedData: DEMO_TYPED_MESSAGE as never });
    expect(typed.safeMessageHash).toBe(independentSafeMessageHash(31337, safe.address, DEMO_TYPED_MESSAGE as never));
    expect(typed.content).toMatchObject({ kind: 'typed', typedData: { primaryType: 'Mail', domain: { chainId: 31337 } } });
  });

  it('shows the wallet exactly the SafeMessage typed data whose hash is displayed', () => {
    const p = previewOf(safe, { kind: 'text', message: 'Hello Safe' });
    const sent = JSON.parse(p.walletTypedData) as TypedDataDefinition & { message: { message: Hex } };
    expect(sent.primaryType).toBe('SafeMessage');
    expect(sent.types).toEqual({
      EIP712Domain: [
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      SafeMessage: [{ name: 'message', type: 'bytes' }],
    });
    expect(sent.message.message).toBe(p.innerHash);
    expect(hashTypedData(sent)).toBe(p.safeMessageHash);
  });

  it('applies the primaryType rule: one root inferred, else "Please specify primaryType"', () => {
    const types = { A: [{ name: 'x', type: 'uint256' }], B: [{ name: 'y', type: 'uint256' }] };
    const draft = (value: unknown) => ({ kind: 'draft' as const, format: 'typed' as const, text: JSON.stringify(value) });
    expect(() => previewOf(safe, draft({ domain: {}, types, message: { x: '1' } }))).toThrow('Please specify primaryType');
    // EIP712Domain in types makes two roots: the caller must name primaryType.
    const withDomain = { domain: { name: 'X' }, types: { EIP712Domain: [{ name: 'name', type: 'string' }], A: types.A }, message: { x: '1' } };
    expect(() => previewOf(safe, draft(withDomain))).toThrow('Please specify primaryType');
    expect(previewOf(safe, draft({ ...withDomain, primaryType: 'A' })).content).toMatchObject({ typedData: { primaryType: 'A' } });
    expect(previewOf(safe, { kind: 'typed', typedData: { domain: {}, types, message: { y: '2' } }, primaryType: 'B' }).content).toMatchObject({ typedData: { primaryType: 'B' } });
    expect(() => previewOf(safe, { kind: 'draft', format: 'typed', text: '{nope' })).toThrow(/^The typed data is not valid JSON/);
    expect(() => previewOf(safe, draft({ types }))).toThrow('Invalid typed data');
    expect(() => previewOf(safe, { kind: 'draft', format: 'text', text: '  ' })).toThrow('Enter a message to sign.');
  });

  it('decodes hex text as UTF-8 when valid, and flags a raw 32-byte hash as blind signing', () => {
    expect(previewOf(safe, { kind: 'text', message: '0x48656c6c6f' }).content).toEqual({ kind: 'text', text: 'Hello' });
    const raw = `0x${'ff'.repeat(32)}`;
    const blind = previewOf(safe, { kind: 'text', message: raw });
    expect(blind.content).toEqual({ kind: 'text', text: raw });
    expect(blind.blindSigning).toBe(true);
    expect(previewOf(safe, { kind: 'text', message: 'Hello' }).blindSigning).toBe(false);
  });

  it('uses the legacy domain (no chainId) for Safes before 1.3.0', () => {
    const legacy = previewOf({ ...safe, version: '1.2.0' }, { kind: 'text', message: 'Hello' });
    const domain = JSON.parse(legacy.walletTypedData).domain as Record<string, string>;
    expect(Object.keys(domain)).toEqual(['verifyingContract']);
    expect(domain.verifyingContract!.toLowerCase()).toBe(safe.address.toLowerCase());
  });

  it('judges the typed data\'s chain against the Safe\'s (decision 0026); text has none', () => {
    const permit = (chainId?: unknown) => ({ kind: 'typed' as const, typedData: { ...DEMO_TYPED_MESSAGE, domain: { ...DEMO_TYPED_MESSAGE.domain, chainId } } as never });
    expect(previewOf(safe, { kind: 'text', message: 'Hello Safe' }).chain).toEqual({ kind: 'text' });
    expect(previewOf(safe, permit(31337)).chain).toEqual({ kind: 'sameChain', chainId: '31337' });
    expect(previewOf(safe, permit('0x7a69')).chain).toEqual({ kind: 'sameChain', chainId: '31337' });
    expect(previewOf(safe, permit(1)).chain).toEqual({
      kind: 'otherChain',
      chainId: '1',
      safeChainId: '31337',
      reason: 'This message is for chain 1, but this Safe is on chain 31337 — signing is blocked.',
    });
    const { chainId: _drop, ...noChain } = DEMO_TYPED_MESSAGE.domain as Record<string, unknown>;
    expect(previewOf(safe, { kind: 'typed', typedData: { ...DEMO_TYPED_MESSAGE, domain: noChain } as never }).chain).toEqual({ kind: 'anyChain' });
    // The compose form's JSON and a stored gateway message are judged the same way.
    expect(previewOf(safe, { kind: 'draft', format: 'typed', text: JSON.stringify({ ...DEMO_TYPED_MESSAGE, domain: { ...DEMO_TYPED_MESSAGE.domain, chainId: '1' } }) }).chain).toMatchObject({ kind: 'otherChain', chainId: '1' });
  });
});

describe('requestSignature', () => {
  const preview = previewOf(ownedSafe, { kind: 'text', message: 'Hello Safe' });
  const wallet = { address: signer.address, chainId: '31337' };

  it('signs with eth_signTypedData_v4 only, sending the exact payload shown', async () => {
    const { provider, calls } = fakeWallet();
    const result = await effects(provider).requestSignature({ safe: ownedSafe, wallet, preview });
    expect(result.signer).toBe(signer.address);
    expect(calls.map((c) => c.method)).toEqual(['eth_chainId', 'eth_accounts', 'eth_signTypedData_v4']);
    expect(calls[2]!.params).toEqual([signer.address, preview.walletTypedData]);
  });

  it('maps wallet problems to their kinds, before or instead of prompting', async () => {
    const e = (provider: Eip1193Like | null) => effects(provider).requestSignature({ safe: ownedSafe, wallet, preview });
    await expect(e(null)).rejects.toEqual({ kind: 'disconnected', message: MESSAGE_TEXTS.noWallet });
    await expect(e(fakeWallet({ eth_chainId: () => '0x1' }).provider)).rejects.toMatchObject({ kind: 'wrongChain' });
    const rejected = fakeWallet({ eth_signTypedData_v4: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) });
    await expect(e(rejected.provider)).rejects.toEqual({ kind: 'rejected', message: 'User rejected signing.' });
    await expect(e(fakeWallet({ eth_accounts: () => [] }).provider)).rejects.toMatchObject({ kind: 'disconnected' });
    const stranger = fakeWallet();
    await expect(effects(stranger.provider).requestSignature({ safe, wallet, preview: previewOf(safe, { kind: 'text', message: 'Hello Safe' }) })).rejects.toEqual({
      kind: 'notOwner',
      message: MESSAGE_TEXTS.notSigner,
    });
    expect(stranger.calls).toEqual([]);
  });

  it('never asks the wallet for typed data of another chain, nor for typed data naming no chain without the acknowledgement', async () => {
    const typed = (chainId?: number) => {
      const { chainId: _drop, ...rest } = DEMO_TYPED_MESSAGE.domain as Record<string, unknown>;
      return previewOf(ownedSafe, { kind: 'typed', typedData: { ...DEMO_TYPED_MESSAGE, domain: chainId === undefined ? rest : { ...rest, chainId } } as never });
    };
    const other = fakeWallet();
    await expect(effects(other.provider).requestSignature({ safe: ownedSafe, wallet, preview: typed(1), anyChainAcknowledged: true })).rejects.toEqual({
      kind: 'other',
      message: 'This message is for chain 1, but this Safe is on chain 31337 — signing is blocked.',
    });
    // The verdict is judged again from the message itself: a preview claiming the same chain does not pass.
    await expect(effects(other.provider).requestSignature({ safe: ownedSafe, wallet, preview: { ...typed(1), chain: { kind: 'sameChain', chainId: '31337' } } })).rejects.toMatchObject({
      message: 'This message is for chain 1, but this Safe is on chain 31337 — signing is blocked.',
    });
    await expect(effects(other.provider).requestSignature({ safe: ownedSafe, wallet, preview: typed(), anyChainAcknowledged: false })).rejects.toMatchObject({
      kind: 'other',
      message: expect.stringMatching(/^Refusing to sign: this message names no chain/),
    });
    expect(other.calls).toEqual([]);

    const same = fakeWallet();
    await expect(effects(same.provider).requestSignature({ safe: ownedSafe, wallet, preview: typed(31337) })).resolves.toMatchObject({ signer: signer.address });
    const acknowledged = fakeWallet();
    await expect(effects(acknowledged.provider).requestSignature({ safe: ownedSafe, wallet, preview: typed(), anyChainAcknowledged: true })).resolves.toMatchObject({ signer: signer.address });
    expect([...same.calls, ...acknowledged.calls].filter((c) => c.method === 'eth_signTypedData_v4')).toHaveLength(2);
  });

  it('refuses to sign a preview whose hash does not belong to its message', async () => {
    const { provider, calls } = fakeWallet();
    const forged = { ...preview, safeMessageHash: `0x${'00'.repeat(32)}` as Hex };
    await expect(effects(provider).requestSignature({ safe: ownedSafe, wallet, preview: forged })).rejects.toMatchObject({ kind: 'other', message: expect.stringMatching(/^Refusing to sign/) });
    expect(calls).toEqual([]);
  });
});

describe('verifyOnChain (EIP-1271 magic values only)', () => {
  const input = { safe, innerHash: `0x${'11'.repeat(32)}` as Hex, signature: '0x' as Hex };
  const answering = (hashForm: unknown, bytesForm: unknown) => async (args: { abi: readonly unknown[] }) => {
    const bytes = (args.abi[0] as { inputs: { type: string }[] }).inputs[0]!.type === 'bytes';
    const answer = bytes ? bytesForm : hashForm;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  it('is valid for 0x1626ba7e (hash form) or 0x20c13b0b (bytes form), and nothing else', async () => {
    expect(await effects(null, answering('0x1626ba7e', '0x00000000')).verifyOnChain(input)).toEqual({ valid: true, form: 'hash', hashFormResult: '0x1626ba7e', bytesFormResult: null });
    expect(await effects(null, answering(new Error('reverted'), '0x20c13b0b')).verifyOnChain(input)).toEqual({ valid: true, form: 'bytes', hashFormResult: null, bytesFormResult: '0x20c13b0b' });
    expect(await effects(null, answering('0x20c13b0b', '0x1626ba7e')).verifyOnChain(input)).toEqual({ valid: false, form: null, hashFormResult: '0x20c13b0b', bytesFormResult: '0x1626ba7e' });
    expect(await effects(null, answering(new Error('x'), new Error('y'))).verifyOnChain(input)).toEqual({ valid: false, form: null, hashFormResult: null, bytesFormResult: null });
  });
});

describe('prepareOnChainSignature', () => {
  const innerHash = `0x${'22'.repeat(32)}` as Hex;
  it('builds a DELEGATECALL to the allow-listed SignMessageLib of the Safe version', async () => {
    const modern = await effects(null).prepareOnChainSignature({ safe, innerHash });
    expect(modern).toMatchObject({ to: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9', operation: 1, value: '0', library: 'SignMessageLib 1.4.1', method: 'signMessage', innerHash });
    expect(modern.data.slice(0, 10)).toBe('0x85a5affe');
    expect(decodeFunctionData({ abi: signMessageLibAbi, data: modern.data }).args).toEqual([innerHash]);
    expect((await effects(null).prepareOnChainSignature({ safe: { ...safe, chainId: '1', version: '1.3.0+L2' }, innerHash })).to).toBe('0xA65387F16B013cf2Af4605Ad8aA5ec25a2cbA3a2');
    // The allow-list is the chain's: the devnet deploys only the 1.4.1 contracts, so no SignMessageLib 1.3.0 there.
    await expect(effects(null).prepareOnChainSignature({ safe: { ...safe, version: '1.3.0+L2' }, innerHash })).rejects.toThrow('no allow-listed SignMessageLib');
    await expect(effects(null).prepareOnChainSignature({ safe: { ...safe, version: '1.1.1' }, innerHash })).rejects.toThrow('no allow-listed SignMessageLib');
  });
});
