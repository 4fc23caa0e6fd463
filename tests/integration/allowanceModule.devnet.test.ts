// Safe's Allowance module on a fresh devnet: it sits at its canonical address with the compiled code; a 1-of-1 Safe
// enables it, makes account 3 a delegate with 100 dUSD a day, the delegate spends 60 dUSD with its own signature,
// a further 50 dUSD is refused (allowance exceeded), and a day later the allowance has reset and the 50 go through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, encodeFunctionData, getAddress, http, keccak256, parseEventLogs, parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ALLOWANCE_MODULE_ADDRESS,
  DEVNET_ACCOUNTS,
  allowanceModuleAbi,
  allowanceModuleArtifact,
  allowanceModuleCanonicalAddress,
  allowanceTransferHash,
  allowanceTransferTypedData,
  connectDevnet,
  createSafe,
  decodeTokenAllowance,
  deployAllowanceModule,
  encodeAddDelegate,
  encodeExecuteAllowanceTransfer,
  encodeSetAllowance,
  erc20Abi,
  execNextSafeTx,
  receiptOf,
  safeAbi,
  waitForSuccess,
  type AllowanceTransfer,
  type DevnetClients,
  type DevnetAccount,
} from '../../devnet/chain/index.ts';
import { startDevnet, type Devnet } from '../../devnet/index.ts';

const acct = (i: number): DevnetAccount => {
  const a = DEVNET_ACCOUNTS[i];
  if (!a) throw new Error(`no account ${i}`);
  return a;
};
const owner = acct(0);
const beneficiary = acct(3);
/** Receives the beneficiary's transfers: an address with no history, so its balance is exactly what arrived. */
const PAYEE: Address = getAddress('0x00000000000000000000000000000000a11ce5e7');
const DAY_MIN = 1440;

let devnet: Devnet;
let c: DevnetClients;
let safe: Address;
let module: Address;
let usd: Address;
const dusd = (n: string): bigint => parseUnits(n, 6);

beforeAll(async () => {
  devnet = await startDevnet();
  c = await connectDevnet(devnet.rpcUrl);
  module = devnet.modules.allowance;
  usd = devnet.tokens.usd.address;
  safe = await createSafe(devnet.rpcUrl, { owners: [owner.address], threshold: 1, saltNonce: 0xa110_0a0cen });
  await c.send(owner, { to: usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [safe, dusd('200')] }) }, 'funding the Safe');
});

afterAll(async () => {
  await devnet?.stop();
});

const balanceOf = (who: Address): Promise<bigint> => c.publicClient.readContract({ address: usd, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
const allowance = async () =>
  decodeTokenAllowance(await c.publicClient.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'getTokenAllowance', args: [safe, beneficiary.address, usd] }));

/** A Safe transaction of the owner (1-of-1) calling `to` with `data`. */
const ownerTx = (to: Address, data: `0x${string}`) => execNextSafeTx(devnet.rpcUrl, safe, { to, data }, { signers: [owner.privateKey] });

/** The beneficiary's signed executeAllowanceTransfer of `amount` dUSD to PAYEE, at the allowance's current nonce. */
async function signedTransfer(amount: bigint): Promise<{ transfer: AllowanceTransfer; data: `0x${string}` }> {
  const transfer: AllowanceTransfer = { safe, token: usd, to: PAYEE, amount, nonce: (await allowance()).nonce };
  const signature = await privateKeyToAccount(beneficiary.privateKey).signTypedData(allowanceTransferTypedData(devnet.chainId, module, transfer));
  return { transfer, data: encodeExecuteAllowanceTransfer({ ...transfer, delegate: beneficiary.address, signature }) };
}

describe('the Allowance module on the devnet', () => {
  it('is at its canonical address with the compiled runtime code, and deploying again changes nothing', async () => {
    expect(module).toBe(ALLOWANCE_MODULE_ADDRESS);
    expect(module).toBe(allowanceModuleCanonicalAddress());
    const code = await c.publicClient.getCode({ address: module });
    expect(keccak256(code ?? '0x')).toBe(allowanceModuleArtifact().runtimeCodeHash);
    expect(keccak256(code ?? '0x')).toBe('0x7aa63affdca06fe94576f00077ad61a02ccf203a5da31e1b4ed595df7b65cf3e');
    expect(await c.publicClient.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'NAME' })).toBe('Allowance Module');
    expect(await c.publicClient.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'VERSION' })).toBe('0.1.1');
    expect(await deployAllowanceModule(devnet.rpcUrl)).toEqual({ address: module, deployed: false });
  });

  it('lets the owner enable it, add the beneficiary as delegate and give a daily 100 dUSD allowance', async () => {
    await ownerTx(safe, encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [module] }));
    expect(await c.publicClient.readContract({ address: safe, abi: safeAbi, functionName: 'isModuleEnabled', args: [module] })).toBe(true);

    await ownerTx(module, encodeAddDelegate(beneficiary.address));
    const [delegates] = await c.publicClient.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'getDelegates', args: [safe, 0, 10] });
    expect(delegates).toEqual([beneficiary.address]);

    const { receipt } = await ownerTx(module, encodeSetAllowance({ delegate: beneficiary.address, token: usd, amount: dusd('100'), resetTimeMin: DAY_MIN }));
    const [set] = parseEventLogs({ abi: allowanceModuleAbi, eventName: 'SetAllowance', logs: receipt.logs });
    expect(set?.args).toEqual({ safe, delegate: beneficiary.address, token: usd, allowanceAmount: dusd('100'), resetTime: DAY_MIN });
    expect(await c.publicClient.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'getTokens', args: [safe, beneficiary.address] })).toEqual([usd]);
    const now = (await c.publicClient.getBlock()).timestamp;
    expect(await allowance()).toEqual({ amount: dusd('100'), spent: 0n, resetTimeMin: DAY_MIN, lastResetMin: Number(now / 60n), nonce: 1 });
  });

  it('lets the beneficiary spend 60 dUSD with its own signature over the transfer hash', async () => {
    const { transfer, data } = await signedTransfer(dusd('60'));
    const onChainHash = await c.publicClient.readContract({
      address: module,
      abi: allowanceModuleAbi,
      functionName: 'generateTransferHash',
      args: [safe, usd, PAYEE, transfer.amount, '0x0000000000000000000000000000000000000000', 0n, transfer.nonce],
    });
    expect(allowanceTransferHash(devnet.chainId, module, transfer)).toBe(onChainHash);

    const receipt = await c.send(beneficiary, { to: module, data }, 'executeAllowanceTransfer');
    const [executed] = parseEventLogs({ abi: allowanceModuleAbi, eventName: 'ExecuteAllowanceTransfer', logs: receipt.logs });
    expect(executed?.args).toEqual({ safe, delegate: beneficiary.address, token: usd, to: PAYEE, value: dusd('60'), nonce: 1 });
    expect(await balanceOf(PAYEE)).toBe(dusd('60'));
    expect(await balanceOf(safe)).toBe(dusd('140'));
    expect(await allowance()).toMatchObject({ amount: dusd('100'), spent: dusd('60'), nonce: 2 });
  });

  it('refuses a further 50 dUSD: the allowance would be exceeded', async () => {
    const { data } = await signedTransfer(dusd('50'));
    await expect(c.publicClient.call({ account: beneficiary.address, to: module, data })).rejects.toThrow(/newSpent > allowance\.spent && newSpent <= allowance\.amount/);
    // Sent anyway (gas given, so no estimate refuses it first), it is mined and reverts.
    const hash = await c.wallet(beneficiary.privateKey).sendTransaction({ to: module, data, gas: 500_000n });
    expect((await receiptOf(c.publicClient, hash)).status).toBe('reverted');
    expect(await balanceOf(PAYEE)).toBe(dusd('60'));
    expect(await balanceOf(safe)).toBe(dusd('140'));
    expect(await allowance()).toMatchObject({ spent: dusd('60'), nonce: 2 });
  });

  it('resets a day later: nothing is spent in the new period and the 50 dUSD go through', async () => {
    const before = await allowance();
    const test = createTestClient({ mode: 'anvil', transport: http(devnet.rpcUrl) });
    await test.increaseTime({ seconds: DAY_MIN * 60 });
    await test.mine({ blocks: 1 });
    expect(await allowance()).toEqual({ ...before, spent: 0n, lastResetMin: before.lastResetMin + DAY_MIN });

    const { data } = await signedTransfer(dusd('50'));
    const hash = await c.wallet(beneficiary.privateKey).sendTransaction({ to: module, data });
    await waitForSuccess(c.publicClient, hash, 'executeAllowanceTransfer after the reset');
    expect(await balanceOf(PAYEE)).toBe(dusd('110'));
    expect(await balanceOf(safe)).toBe(dusd('90'));
    expect(await allowance()).toMatchObject({ amount: dusd('100'), spent: dusd('50'), nonce: 3 });
  });
});
