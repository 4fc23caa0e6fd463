/**
 * What a SafeTx does, from its bytes (describe.ts), the sentence the signer reads (txSentence.ts), and every
 * field of the gateway's txInfo summary checked against it (txInfoCheck.ts): each field mutated alone is caught,
 * or is one the signing screens never show.
 */
import { encodeFunctionData, getAddress, maxUint256, parseAbi, zeroAddress, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { callSentence, formatAmount, partiesOf, txSentence } from '../../../../src/machines/shared/txSentence.ts';
import type { DescribedCall } from '../../../../src/domain/safe/txDescription.ts';
import { safeSettingsAbi, safeToL2MigrationAbi, signMessageLibAbi } from '../../../../src/domain/safe/abis.ts';
import { describeCall, tokensOf, type RawCall } from '../../../../src/domain/safe/describe.ts';
import { encodeMultiSendCall } from '../../../../src/domain/safe/multisend.ts';
import { checkTxInfo } from '../../../../src/domain/safe/txInfoCheck.ts';
import type { TxInfo } from '../../../../src/domain/gateway/types.ts';

const SAFE = getAddress('0x5afe000000000000000000000000000000005afe');
const ALICE = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906');
const BOB = getAddress('0x15d34aaf54267db7d7c367839aaf71a00a2c6a65');
const TOKEN = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3');
const ctx = { chainId: 31337, safeAddress: SAFE, version: '1.4.1' };
const erc20 = parseAbi(['function transfer(address,uint256)', 'function approve(address,uint256)', 'function transferFrom(address,address,uint256)']);
const call = (to: Address, data: Hex = '0x', value = 0n, operation: 0 | 1 = 0): RawCall => ({ to, data, value, operation });
const facts = { safe: { address: SAFE, threshold: 2, ownerCount: 3 }, native: { symbol: 'ETH', decimals: 18 }, tokens: { [TOKEN.toLowerCase()]: { symbol: 'USDC', decimals: 6 } } };
const sentence = (c: DescribedCall) => callSentence(c, facts);

describe('describeCall', () => {
  it('native transfers, empty calls and the on-chain rejection', () => {
    expect(sentence(describeCall(call(ALICE, '0x', 500000000000000000n), ctx))).toBe('Send 0.5 ETH to 0x90F7…b906');
    expect(describeCall(call(SAFE), ctx).effect).toEqual({ kind: 'rejection' });
    expect(describeCall(call(ALICE), ctx).effect).toEqual({ kind: 'empty' });
    const rejection = describeCall(call(SAFE), ctx);
    expect(txSentence({ call: rejection, native: facts.native, tokens: {} }, { safe: facts.safe }, '7')).toBe('Reject transaction #7');
  });

  it('ERC-20 transfers and approvals in token units', () => {
    const transfer = describeCall(call(TOKEN, encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [ALICE, 1_500_000n] })), ctx);
    expect(transfer.effect).toEqual({ kind: 'tokenTransfer', token: TOKEN, from: null, to: ALICE, amount: '1500000' });
    expect(sentence(transfer)).toBe('Send 1.5 USDC to 0x90F7…b906');
    expect(tokensOf(transfer)).toEqual([TOKEN]);
    const approve = describeCall(call(TOKEN, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [BOB, maxUint256] })), ctx);
    expect(sentence(approve)).toBe('Approve 0x15d3…6A65 to spend unlimited USDC');
    // Unknown token metadata: base units, never a guessed symbol.
    expect(callSentence(transfer, { ...facts, tokens: {} })).toBe('Send 1500000 base units of token 0x5FbD…0aa3 to 0x90F7…b906');
  });

  it('every Safe settings call to the Safe itself', () => {
    const settings = (functionName: string, args: readonly unknown[]) => describeCall(call(SAFE, encodeFunctionData({ abi: safeSettingsAbi, functionName, args } as never)), ctx);
    expect(sentence(settings('addOwnerWithThreshold', [ALICE, 2n]))).toBe('Add signer 0x90F7…b906, then 2 of 4 must confirm');
    expect(sentence(settings('removeOwner', [BOB, ALICE, 2n]))).toBe('Remove signer 0x90F7…b906, then 2 of 2 must confirm');
    expect(sentence(settings('swapOwner', [BOB, ALICE, TOKEN]))).toBe('Replace signer 0x90F7…b906 with 0x5FbD…0aa3');
    expect(sentence(settings('changeThreshold', [1n]))).toBe('Change the threshold to 1 of 3');
    expect(sentence(settings('enableModule', [ALICE]))).toMatch(/^Enable module 0x90F7…b906 — it can move funds without the signers$/);
    expect(sentence(settings('setGuard', [zeroAddress]))).toBe('Remove the transaction guard');
    expect(sentence(settings('changeMasterCopy', [ALICE]))).toBe("Change the Safe's implementation to 0x90F7…b906");
    // The same call to another contract is not a settings change.
    expect(describeCall(call(ALICE, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'changeThreshold', args: [1n] })), ctx).effect.kind).toBe('contractCall');
  });

  it('MultiSend batches recursively; a truncated batch is undecodable', () => {
    const inner = encodeMultiSendCall([
      { operation: 0, to: ALICE, value: 1n, data: '0x' },
      { operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [BOB, 2n] }) },
    ]);
    const outer = encodeMultiSendCall([{ operation: 1, to: BOB, value: 0n, data: inner }]);
    const batch = describeCall(call(BOB, outer, 0n, 1), ctx);
    expect(batch.effect.kind).toBe('batch');
    const nested = batch.effect.kind === 'batch' ? batch.effect.calls[0]! : null;
    expect(nested?.effect.kind === 'batch' ? nested.effect.calls.map((c) => c.effect.kind) : null).toEqual(['nativeTransfer', 'tokenTransfer']);
    expect(tokensOf(batch)).toEqual([TOKEN]);
    expect(describeCall(call(BOB, `${outer.slice(0, -40)}` as Hex, 0n, 1), ctx).effect.kind).toBe('undecodable');
  });

  it('SignMessageLib, the L2 migration and unknown calls', () => {
    const sign = describeCall(call(BOB, encodeFunctionData({ abi: signMessageLibAbi, functionName: 'signMessage', args: ['0x1234'] }), 0n, 1), ctx);
    expect(sign.effect.kind).toBe('signMessage');
    const migrate = describeCall(call(BOB, encodeFunctionData({ abi: safeToL2MigrationAbi, functionName: 'migrateToL2', args: [ALICE] }), 0n, 1), ctx);
    expect(migrate.effect).toEqual({ kind: 'migration', library: 'SafeToL2Migration', method: 'migrateToL2', singleton: ALICE });
    const unknown = describeCall(call(BOB, '0xdeadbeef00', 0n, 1), ctx);
    expect(sentence(unknown)).toBe("DELEGATECALL function 0xdeadbeef (not decoded) on 0x15d3…6A65: it runs with the Safe's own storage");
  });

  it("says the signer's own address-book names beside the short addresses, in the title too", () => {
    const names: Record<string, string> = { [ALICE.toLowerCase()]: 'Alice', [BOB.toLowerCase()]: '  ' };
    const named = { ...facts, nameOf: (a: string) => names[a.toLowerCase()] ?? null };
    const transfer = describeCall(call(ALICE, '0x', 500000000000000000n), ctx);
    expect(callSentence(transfer, named)).toBe('Send 0.5 ETH to Alice (0x90F7…b906)');
    expect(txSentence({ call: transfer, native: facts.native, tokens: {} }, { safe: facts.safe, nameOf: named.nameOf }, '3')).toBe('Send 0.5 ETH to Alice (0x90F7…b906)');
    // A blank name is no name; an address without one is said as before.
    const approve = describeCall(call(TOKEN, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [BOB, 5n] })), ctx);
    expect(callSentence(approve, named)).toBe('Approve 0x15d3…6A65 to spend 0.000005 USDC');
    const swap = describeCall(call(SAFE, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'swapOwner', args: [BOB, BOB, ALICE] })), ctx);
    expect(callSentence(swap, named)).toBe('Replace signer 0x15d3…6A65 with Alice (0x90F7…b906)');
    // The Safe itself is "the Safe", whatever the address book says.
    const nft = describeCall(call(TOKEN, encodeFunctionData({ abi: parseAbi(['function safeTransferFrom(address,address,uint256)']), functionName: 'safeTransferFrom', args: [SAFE, ALICE, 2n] })), ctx);
    expect(callSentence(nft, { ...named, nameOf: (a: string) => (a === SAFE ? 'Treasury' : named.nameOf(a)) })).toBe('Send NFT #2 of 0x5FbD…0aa3 from the Safe to Alice (0x90F7…b906)');
  });

  it('lists every address the transaction names, once, without the Safe or the zero address', () => {
    const transfer = describeCall(call(TOKEN, encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [ALICE, 1n] })), ctx);
    expect(partiesOf(transfer, SAFE)).toEqual([
      { role: 'Recipient', address: ALICE },
      { role: 'Token', address: TOKEN },
    ]);
    const batch = describeCall(
      call(
        BOB,
        encodeMultiSendCall([
          { operation: 0, to: ALICE, value: 1n, data: '0x' },
          { operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [BOB, 5n] }) },
          { operation: 0, to: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [ALICE, 5n] }) },
        ]),
        0n,
        1,
      ),
      ctx,
    );
    expect(batch.effect.kind).toBe('batch');
    expect(partiesOf(batch, SAFE)).toEqual([
      { role: 'Recipient', address: ALICE },
      { role: 'Spender', address: BOB },
      { role: 'Token', address: TOKEN },
    ]);
    const swap = describeCall(call(SAFE, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'swapOwner', args: [BOB, BOB, ALICE] })), ctx);
    expect(partiesOf(swap, SAFE)).toEqual([
      { role: 'New signer', address: ALICE },
      { role: 'Signer removed', address: BOB },
    ]);
    expect(partiesOf(describeCall(call(SAFE), ctx), SAFE)).toEqual([]);
    const removeGuard = describeCall(call(SAFE, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'setGuard', args: [zeroAddress] })), ctx);
    expect(partiesOf(removeGuard, SAFE)).toEqual([]);
  });

  it('formats amounts without rounding', () => {
    expect(formatAmount('1', 18)).toBe('0.000000000000000001');
    expect(formatAmount('123000000', 6)).toBe('123');
    expect(formatAmount('0', 6)).toBe('0');
  });
});

// ───────────── txInfo against the bytes ─────────────

const info = (x: unknown) => x as TxInfo;
const ai = (value: string) => ({ value, name: null, logoUri: null });

const cases: { name: string; raw: RawCall; good: TxInfo; shownNowhere: string[] }[] = [
  {
    name: 'native transfer',
    raw: call(ALICE, '0x', 5n),
    good: info({ type: 'Transfer', humanDescription: null, sender: ai(SAFE), recipient: ai(ALICE), direction: 'OUTGOING', transferInfo: { type: 'NATIVE_COIN', value: '5' } }),
    // "Custom" is a less specific but true summary of a value transfer; its fields are not shown either.
    shownNowhere: ['type', 'humanDescription', 'sender.name', 'sender.logoUri', 'recipient.name', 'recipient.logoUri'],
  },
  {
    name: 'ERC-20 transfer',
    raw: call(TOKEN, encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [ALICE, 7n] })),
    good: info({
      type: 'Transfer',
      humanDescription: null,
      sender: ai(SAFE),
      recipient: ai(ALICE),
      direction: 'OUTGOING',
      transferInfo: { type: 'ERC20', tokenAddress: TOKEN, value: '7', tokenName: 'USD', tokenSymbol: 'USDC', logoUri: null, decimals: 6, trusted: true, imitation: false },
    }),
    shownNowhere: ['humanDescription', 'sender.name', 'sender.logoUri', 'recipient.name', 'recipient.logoUri', 'transferInfo.tokenName', 'transferInfo.tokenSymbol', 'transferInfo.logoUri', 'transferInfo.decimals', 'transferInfo.trusted', 'transferInfo.imitation'],
  },
  {
    name: 'ERC-20 pulled into the Safe (INCOMING is right)',
    raw: call(TOKEN, encodeFunctionData({ abi: erc20, functionName: 'transferFrom', args: [BOB, SAFE, 7n] })),
    good: info({
      type: 'Transfer',
      humanDescription: null,
      sender: ai(BOB),
      recipient: ai(SAFE),
      direction: 'INCOMING',
      transferInfo: { type: 'ERC20', tokenAddress: TOKEN, value: '7', tokenName: null, tokenSymbol: null, logoUri: null, decimals: null, trusted: null },
    }),
    shownNowhere: ['humanDescription', 'sender.name', 'sender.logoUri', 'recipient.name', 'recipient.logoUri', 'transferInfo.tokenName', 'transferInfo.tokenSymbol', 'transferInfo.logoUri', 'transferInfo.decimals', 'transferInfo.trusted'],
  },
  {
    name: 'approve shown as a cancellation',
    raw: call(TOKEN, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [BOB, maxUint256] })),
    good: info({ type: 'Custom', humanDescription: null, to: ai(TOKEN), dataSize: '68', value: '0', methodName: 'approve', actionCount: null, isCancellation: false }),
    shownNowhere: ['humanDescription', 'to.name', 'to.logoUri', 'to.value', 'dataSize', 'value'],
  },
  {
    name: 'removeOwner',
    raw: call(SAFE, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'removeOwner', args: [BOB, ALICE, 1n] })),
    good: info({ type: 'SettingsChange', humanDescription: null, dataDecoded: { method: 'removeOwner', parameters: [] }, settingsInfo: { type: 'REMOVE_OWNER', owner: ai(ALICE), threshold: 1 } }),
    shownNowhere: ['humanDescription', 'dataDecoded.method', 'dataDecoded.parameters', 'settingsInfo.owner.name', 'settingsInfo.owner.logoUri'],
  },
];

/** Every leaf path of a JSON value. */
function leaves(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  if (Array.isArray(value)) return value.length === 0 ? [prefix] : value.flatMap((v, i) => leaves(v, `${prefix}.${i}`));
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** The same value with one leaf changed to a different value of a plausible kind. */
function mutate(value: unknown, path: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  const last = keys.at(-1)!;
  const old = node[last];
  if (path === 'type') node[last] = old === 'Custom' ? 'Transfer' : 'Custom';
  else if (typeof old === 'boolean') node[last] = !old;
  else if (typeof old === 'number') node[last] = old + 1;
  else if (typeof old === 'string' && /^0x[0-9a-fA-F]{40}$/.test(old)) node[last] = old.toLowerCase() === BOB.toLowerCase() ? ALICE : BOB;
  else if (path.endsWith('direction')) node[last] = old === 'OUTGOING' ? 'INCOMING' : 'OUTGOING';
  else if (path.endsWith('settingsInfo.type')) node[last] = 'CHANGE_THRESHOLD';
  else if (path.endsWith('transferInfo.type')) node[last] = old === 'NATIVE_COIN' ? 'ERC20' : 'NATIVE_COIN';
  else if (typeof old === 'string' && /^\d+$/.test(old)) node[last] = String(BigInt(old) + 1n);
  else node[last] = old === null ? 'Invented text' : `${String(old)}x`;
  return copy;
}

describe('checkTxInfo', () => {
  for (const c of cases) {
    it(`${c.name}: the true summary passes; every field changed alone is caught or never shown`, () => {
      const described = describeCall(c.raw, ctx);
      expect(checkTxInfo(described, c.good, SAFE)).toEqual([]);
      for (const path of leaves(c.good)) {
        if (c.shownNowhere.includes(path)) continue;
        const lie = mutate(c.good, path) as TxInfo;
        if (lie.type !== 'Transfer' && lie.type !== 'Custom' && lie.type !== 'SettingsChange') continue;
        const found = (() => {
          try {
            return checkTxInfo(described, lie, SAFE);
          } catch {
            return [{ field: 'shape', local: '', gateway: '' }];
          }
        })();
        expect(found, `${c.name}: ${path} changed`).not.toEqual([]);
      }
    });
  }

  it('an approve summarised as an on-chain rejection, and a removeOwner as a threshold change, are caught', () => {
    const approve = describeCall(cases[3]!.raw, ctx);
    expect(checkTxInfo(approve, info({ ...cases[3]!.good, methodName: null, isCancellation: true }), SAFE)).toEqual([{ field: 'txInfo.isCancellation', local: 'not a rejection (tokenApproval)', gateway: 'true' }]);
    const remove = describeCall(cases[4]!.raw, ctx);
    expect(checkTxInfo(remove, info({ ...cases[4]!.good, settingsInfo: { type: 'CHANGE_THRESHOLD', threshold: 1 } }), SAFE)[0]?.field).toBe('txInfo.settingsInfo');
  });
});
