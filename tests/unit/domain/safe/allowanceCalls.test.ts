/**
 * An owner's change of a spending limit (src/domain/safe/allowance.ts): the batch's calls, how the review describes
 * them from the bytes (describe.ts, txSentence.ts), and the devnet gateway's decoding of them, verified against
 * the bytes as the app verifies a gateway decoding.
 */
import { encodeFunctionData, getAddress, zeroAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { ALLOWANCE_MODULE_ADDRESS, encodeSetAllowance, removeLimitCalls, setLimitCalls } from '../../../../src/domain/safe/allowance.ts';
import { describeCall, tokensOf } from '../../../../src/domain/safe/describe.ts';
import { encodeMultiSendCall } from '../../../../src/domain/safe/multisend.ts';
import { verifiedDecoding } from '../../../../src/domain/safe/crossCheck.ts';
import { callSentence } from '../../../../src/machines/shared/txSentence.ts';
import { decodeData as devnetDecode } from '../../../../devnet/gateway/decoder.ts';
import type { DataDecoded } from '../../../../src/domain/gateway/types.ts';

/** The devnet gateway's decoding, as the app receives it (JSON). */
const decodeData = (data: Hex): DataDecoded | null => JSON.parse(JSON.stringify(devnetDecode(data))) as DataDecoded | null;

const SAFE = getAddress('0x5afe000000000000000000000000000000005afe');
const BOB = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906');
const DUSD = getAddress('0xa513e6e4b8f2a923d98304ec87f64353c4d5c853');
const MODULE = ALLOWANCE_MODULE_ADDRESS;
const ctx = { chainId: 31337, safeAddress: SAFE, version: '1.4.1' };
const facts = {
  safe: { address: SAFE, threshold: 2, ownerCount: 3 },
  native: { symbol: 'ETH', decimals: 18 },
  tokens: { [DUSD.toLowerCase()]: { symbol: 'dUSD', decimals: 6 } },
  nameOf: (a: string) => (a.toLowerCase() === BOB.toLowerCase() ? 'Bob' : null),
};
const describeAll = (calls: { to: `0x${string}`; data: Hex }[]) => calls.map((c) => describeCall({ ...c, value: 0n, operation: 0 }, ctx));

describe('setting and removing a spending limit', () => {
  it('enables the module, adds the beneficiary and sets the allowance, each named from the bytes', () => {
    const calls = setLimitCalls({ safe: SAFE, module: MODULE, enabled: false, isDelegate: false, beneficiary: BOB, token: DUSD, amount: 100_000_000n, resetTimeMin: 1440 });
    expect(calls.map((c) => c.to)).toEqual([SAFE, MODULE, MODULE]);
    const described = describeAll(calls);
    expect(described[0]!.effect).toEqual({ kind: 'settings', change: { type: 'enableModule', module: MODULE } });
    expect(described.map((c) => callSentence(c, facts))).toEqual([
      'Enable module 0xAA46…091C — it can move funds without the signers',
      'Add Bob (0x90F7…b906) as a spending-limit beneficiary',
      "Set Bob (0x90F7…b906)'s spending limit to 100 dUSD per day",
    ]);
    expect(described[2]!.effect).toMatchObject({ kind: 'contractCall', decoded: { method: 'setAllowance', source: 'local' } });
    expect(tokensOf(described[2]!)).toEqual([DUSD]);
    // already enabled and a delegate: only setAllowance
    expect(setLimitCalls({ safe: SAFE, module: MODULE, enabled: true, isDelegate: true, beneficiary: BOB, token: zeroAddress, amount: 10n ** 18n, resetTimeMin: 0 })).toHaveLength(1);
    const eth = describeAll(setLimitCalls({ safe: SAFE, module: MODULE, enabled: true, isDelegate: true, beneficiary: BOB, token: zeroAddress, amount: 10n ** 18n, resetTimeMin: 0 }));
    expect(callSentence(eth[0]!, facts)).toBe("Set Bob (0x90F7…b906)'s spending limit to 1 ETH one time");
  });

  it('removes a limit, and the beneficiary with its last one', () => {
    expect(describeAll(removeLimitCalls({ module: MODULE, beneficiary: BOB, token: DUSD, lastLimit: false })).map((c) => callSentence(c, facts))).toEqual([
      "Remove Bob (0x90F7…b906)'s spending limit of dUSD",
    ]);
    expect(describeAll(removeLimitCalls({ module: MODULE, beneficiary: BOB, token: DUSD, lastLimit: true })).map((c) => callSentence(c, facts))).toEqual([
      "Remove Bob (0x90F7…b906)'s spending limit of dUSD",
      'Remove Bob (0x90F7…b906) as a spending-limit beneficiary, with all its limits',
    ]);
  });

  it('is not taken for a module call at another address, on a chain without the module, or with extra bytes', () => {
    const data = encodeSetAllowance({ delegate: BOB, token: DUSD, amount: 1n, resetTimeMin: 0 });
    expect(describeCall({ to: BOB, data, value: 0n, operation: 0 }, ctx).effect).toMatchObject({ kind: 'contractCall', decoded: null });
    expect(describeCall({ to: MODULE, data, value: 0n, operation: 0 }, { ...ctx, chainId: 1 }).effect).toMatchObject({ kind: 'contractCall', decoded: null });
    expect(describeCall({ to: MODULE, data: `${data}00` as Hex, value: 0n, operation: 0 }, ctx).effect).toMatchObject({ kind: 'contractCall', decoded: null });
  });

  it('the devnet gateway decodes the batch with the module’s ABI, and its decoding verifies against the bytes', () => {
    const calls = setLimitCalls({ safe: SAFE, module: MODULE, enabled: false, isDelegate: false, beneficiary: BOB, token: DUSD, amount: 100_000_000n, resetTimeMin: 1440 });
    const batch = encodeMultiSendCall(calls.map((c) => ({ operation: 0, to: c.to, value: 0n, data: c.data })));
    const decoded = decodeData(batch);
    expect(decoded?.method).toBe('multiSend');
    const inner = (decoded?.parameters?.[0]?.valueDecoded ?? []) as { dataDecoded?: DataDecoded | null }[];
    expect(inner.map((v) => v.dataDecoded?.method)).toEqual(['enableModule', 'addDelegate', 'setAllowance']);
    for (const [i, v] of inner.entries()) expect(verifiedDecoding(calls[i]!.data, v.dataDecoded), v.dataDecoded?.method).not.toBeNull();
    const one = encodeFunctionData({ abi: [{ type: 'function', name: 'deleteAllowance', inputs: [{ type: 'address', name: 'delegate' }, { type: 'address', name: 'token' }], outputs: [], stateMutability: 'nonpayable' }], args: [BOB, DUSD] });
    expect(verifiedDecoding(one, decodeData(one))?.method).toBe('deleteAllowance');
  });
});
