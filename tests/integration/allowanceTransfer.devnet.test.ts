// The allowanceTransfer flow's effects (decision 0063) against a fresh devnet: a 1-of-1 Safe gives account 3 100 dUSD
// a day; the check prepares a 60 dUSD transfer (calldata decoded locally, eth_call passing) and refuses 150 dUSD in
// words; the wallet (an EIP-1193 provider over account 3's key) sends it with an empty signature, one transaction;
// the receipt's event matches; a recovery finds that transaction by the allowance's nonce and the module's event;
// then 50 dUSD is refused in words; with the module disabled the eth_call's revert reason refuses the transfer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, parseUnits, type Address, type Hex } from 'viem';
import {
  DEVNET_ACCOUNTS,
  connectDevnet,
  createSafe,
  decodeExecuteAllowanceTransfer,
  encodeAddDelegate,
  encodeSetAllowance,
  erc20Abi,
  execNextSafeTx,
  safeAbi,
  type DevnetClients,
} from '../../devnet/chain/index.ts';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import { createAllowanceTransferEffects } from '../../src/services/allowanceTransfer.ts';
import type { AllowanceTransferEffects, PreparedTransfer, SpendToken } from '../../src/machines/allowanceTransfer/allowanceTransfer.types.ts';

const owner = DEVNET_ACCOUNTS[0]!;
const beneficiary = DEVNET_ACCOUNTS[3]!;
const PAYEE: Address = getAddress('0x00000000000000000000000000000000b0b5e7e7');
const dusd = (n: string): bigint => parseUnits(n, 6);

let devnet: Devnet;
let c: DevnetClients;
let safe: Address;
let module: Address;
let token: SpendToken;
let effects: AllowanceTransferEffects;
const sent: unknown[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
  c = await connectDevnet(devnet.rpcUrl);
  module = devnet.modules.allowance;
  token = { address: devnet.tokens.usd.address, symbol: 'dUSD', decimals: 6 };
  safe = await createSafe(devnet.rpcUrl, { owners: [owner.address], threshold: 1, saltNonce: 0x5e4d_0063n });
  await c.send(owner, { to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [safe, dusd('200')] }) }, 'funding the Safe');
  const ownerTx = (to: Address, data: Hex) => execNextSafeTx(devnet.rpcUrl, safe, { to, data }, { signers: [owner.privateKey] });
  await ownerTx(safe, encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [module] }));
  await ownerTx(module, encodeAddDelegate(beneficiary.address));
  await ownerTx(module, encodeSetAllowance({ delegate: beneficiary.address, token: token.address, amount: dusd('100'), resetTimeMin: 1440 }));
  const wallet = c.wallet(beneficiary.privateKey);
  const provider = {
    async request({ method, params }: { method: string; params?: readonly unknown[] }): Promise<unknown> {
      if (method === 'eth_chainId') return `0x${devnet.chainId.toString(16)}`;
      if (method === 'eth_accounts') return [beneficiary.address];
      if (method === 'eth_sendTransaction') {
        sent.push(params?.[0]);
        const tx = params![0] as { to: Address; data: Hex };
        return wallet.sendTransaction({ to: tx.to, data: tx.data });
      }
      throw new Error(`unexpected ${method}`);
    },
  };
  effects = createAllowanceTransferEffects({ chain: c.publicClient, wallet: () => provider });
});

afterAll(async () => {
  await devnet?.stop();
});

const check = (amount: string) => effects.checkTransfer({ chainId: String(devnet.chainId), safe, delegate: beneficiary.address, token, to: PAYEE, amount: dusd(amount).toString() });
const balanceOf = (who: Address) => c.publicClient.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

describe('allowanceTransfer effects on the devnet', () => {
  let prepared: PreparedTransfer;

  it('prepares 60 dUSD: the allowance and balance read on chain, the calldata exactly the transfer, the eth_call passing', async () => {
    const out = await check('60');
    expect(out.refusal).toBeUndefined();
    prepared = out.prepared!;
    expect(prepared).toMatchObject({ module, delegate: beneficiary.address, safeBalance: dusd('200').toString(), allowance: { amount: dusd('100').toString(), spent: '0', resetTimeMin: 1440, nonce: 1 } });
    expect(decodeExecuteAllowanceTransfer(prepared.data)).toMatchObject({ safe, token: token.address, to: PAYEE, amount: dusd('60'), delegate: beneficiary.address, signature: '0x' });
  });

  it('refuses 150 dUSD in words: more than what is left', async () => {
    expect((await check('150')).refusal).toMatch(/^150 dUSD is more than what is left of your spending limit: 100 dUSD of 100 dUSD per day \(resets .+ UTC\)\. Nothing was sent\.$/);
  });

  it('sends with one wallet transaction; the receipt’s event matches; a recovery finds the same transaction', async () => {
    const { txHash } = await effects.sendTransfer({ chainId: String(devnet.chainId), chainName: 'Devnet', account: beneficiary.address, module, data: prepared.data });
    expect(sent).toHaveLength(1);
    const expected = { safe, delegate: beneficiary.address, token: token.address, to: PAYEE, amount: dusd('60').toString(), nonce: 1 };
    const result = await effects.waitForTransfer({ chainId: String(devnet.chainId), module, txHash, expected });
    expect(result).toMatchObject({ status: 'SUCCESS', txHash, allowance: { spent: dusd('60').toString(), nonce: 2 } });
    expect(await balanceOf(PAYEE)).toBe(dusd('60'));
    expect(await balanceOf(safe)).toBe(dusd('140'));
    expect(await effects.findTransfer({ chainId: String(devnet.chainId), module, expected, fromBlock: prepared.blockNumber })).toEqual({ txHash });
    // Another transfer than the one sent is not taken for it; at the current nonce nothing was sent yet.
    expect(await effects.findTransfer({ chainId: String(devnet.chainId), module, expected: { ...expected, amount: '1' }, fromBlock: prepared.blockNumber })).toEqual({ txHash: null });
    expect(await effects.findTransfer({ chainId: String(devnet.chainId), module, expected: { ...expected, nonce: 2 }, fromBlock: prepared.blockNumber })).toEqual({ txHash: null });
    // A receipt whose event is for another transfer is not a success.
    expect(await effects.waitForTransfer({ chainId: String(devnet.chainId), module, txHash, expected: { ...expected, to: safe } })).toMatchObject({ status: 'FAILED' });
  });

  it('then refuses 50 dUSD in words, before any wallet request', async () => {
    expect((await check('50')).refusal).toMatch(/^50 dUSD is more than what is left of your spending limit: 40 dUSD of 100 dUSD per day \(resets .+ UTC\)\. Nothing was sent\.$/);
    expect(sent).toHaveLength(1);
  });

  it('refuses with the revert reason when the module would revert (the Safe disabled it)', async () => {
    const SENTINEL = '0x0000000000000000000000000000000000000001';
    await execNextSafeTx(devnet.rpcUrl, safe, { to: safe, data: encodeFunctionData({ abi: safeAbi, functionName: 'disableModule', args: [SENTINEL, module] }) }, { signers: [owner.privateKey] });
    expect((await check('10')).refusal).toMatch(/^The Allowance module would refuse this transfer: .*GS104.*\. Nothing was sent\.$/);
  });
});
