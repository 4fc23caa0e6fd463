/**
 * The execution-hash step's shared logic (issue 19, decision 0070): the plan fixed for a device, the send of exactly
 * that plan (refused when it is not this transaction), the read-back of what the device changed, and the machine-side
 * helpers every flow that sends uses. The device's provider is a recorded EIP-1193 boundary; the chain reads are stubs
 * answering as anvil does (the browser test drives both for real).
 */
import { describe, expect, it } from 'vitest';
import { getAddress, type Hex } from 'viem';
import { planExecution, sendPlanned } from '../../../src/services/transactionFlow/deviceExecution.ts';
import { SEND_FAILURE_KINDS, changesKept, executionStored, signsOnDevice, walletErrorRoutesOf } from '../../../src/machines/shared/deviceExecution.ts';
import { executionHash } from '../../../src/domain/wallet/deviceDisplay.ts';
import type { Eip1193Like } from '../../../src/services/transactionFlow/wallet.ts';
import { SAMPLE_LEDGER, sampleExecutionPlan } from '../../../src/machines/shared/samples.ts';

const FROM = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
const TO = getAddress('0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0');
const DATA: Hex = '0xa9059cbb';
const on = { chainId: '31337', chainName: 'Devnet' };
const TX_HASH: Hex = `0x${'ab'.repeat(32)}`;

const chain = {
  getTransactionCount: async () => 12,
  estimateGas: async () => 100_000n,
  estimateFeesPerGas: async () => ({ maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }),
};

function wallet() {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  const provider: Eip1193Like = {
    async request({ method, params = [] }) {
      calls.push({ method, params });
      if (method === 'eth_chainId') return '0x7a69';
      if (method === 'eth_accounts') return [FROM];
      if (method === 'eth_sendTransaction') return TX_HASH;
      throw new Error(`unexpected ${method}`);
    },
  };
  return { access: () => provider, calls };
}

describe('the execution-hash step, shared by every flow that sends', () => {
  it('fixes the pending nonce, the gas with a 20 % margin and the fees, for exactly this transaction', async () => {
    const plan = await planExecution(chain as never, '31337', FROM, { to: TO, data: DATA });
    expect(plan).toEqual({ chainId: 31337, nonce: 12, gas: '120000', maxFeePerGas: '3000000000', maxPriorityFeePerGas: '1000000000', to: TO, value: '0', data: DATA });
    await expect(planExecution(chain as never, '31337', null, { to: TO, data: DATA })).rejects.toMatchObject({ kind: 'disconnected' });
    const failing = { ...chain, estimateGas: async () => Promise.reject(new Error('execution reverted: GS013\nmore')) };
    await expect(planExecution(failing as never, '31337', FROM, { to: TO, data: DATA })).rejects.toEqual({ kind: 'other', message: 'The execution would fail: execution reverted: GS013' });
  });

  it('sends exactly the plan, reads the mined transaction back and reports what the device changed', async () => {
    const plan = await planExecution(chain as never, '31337', FROM, { to: TO, data: DATA });
    const w = wallet();
    const mined = { nonce: 12, gas: 120_000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 2_000_000_000n, to: TO, value: 0n, input: DATA };
    const sent = await sendPlanned({ wallet: w.access, chain: { getTransaction: async () => mined as never }, sleep: async () => {} }, on, FROM, { to: TO, data: DATA }, plan, 'Ledger');
    expect(w.calls.find((c) => c.method === 'eth_sendTransaction')!.params[0]).toEqual({
      from: FROM, to: TO, data: DATA, value: '0x0', type: '0x2', nonce: '0xc', gas: '0x1d4c0', maxFeePerGas: '0xb2d05e00', maxPriorityFeePerGas: '0x3b9aca00',
    });
    expect(sent).toEqual({ txHash: TX_HASH, changes: ['max priority fee 1 → 2 gwei'] });
  });

  it('refuses a plan that is not this transaction; without a plan the wallet chooses and nothing is read back', async () => {
    const plan = await planExecution(chain as never, '31337', FROM, { to: TO, data: DATA });
    const w = wallet();
    const deps = { wallet: w.access, chain: {}, sleep: async () => {} };
    await expect(sendPlanned(deps, on, FROM, { to: TO, data: '0xdeadbeef' }, plan)).rejects.toMatchObject({ kind: 'other', message: expect.stringContaining('not the one checked on the device') });
    expect(w.calls).toEqual([]);
    expect(await sendPlanned(deps, on, FROM, { to: TO, data: DATA })).toEqual({ txHash: TX_HASH });
    expect(w.calls.find((c) => c.method === 'eth_sendTransaction')!.params[0]).toEqual({ from: FROM, to: TO, data: DATA, value: '0x0' });
  });

  it('the machines: a device wallet only, the lines the device will show, changes kept only when some, one error route per kind', () => {
    const plan = { ...sampleExecutionPlan(TO), to: TO, data: DATA };
    expect(signsOnDevice({ device: SAMPLE_LEDGER })).toBe(true);
    expect(signsOnDevice({})).toBe(false);
    expect(signsOnDevice(null)).toBe(false);
    const stored = executionStored({ wallet: { device: SAMPLE_LEDGER } }, plan);
    expect(stored.deviceCheck?.lines[0]).toEqual({ label: 'Transaction hash', value: executionHash({ ...plan, gas: 120_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, value: 0n }) });
    expect(executionStored({ wallet: null }, plan).deviceCheck).toBeUndefined();
    expect(changesKept([])).toEqual({});
    expect(changesKept(undefined)).toEqual({});
    expect(changesKept(['nonce 1 → 2'])).toEqual({ deviceChanges: ['nonce 1 → 2'] });
    const routes = walletErrorRoutesOf('flow', SEND_FAILURE_KINDS);
    expect(routes.map((r) => r.target)).toEqual(SEND_FAILURE_KINDS.map((kind) => `#flow.walletError.${kind}`));
    expect(routes.at(-1)).not.toHaveProperty('guard');
  });
});
