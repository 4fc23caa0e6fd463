/**
 * The allowanceTransfer machine's effects (decision 0063): everything is read from the chain, never from the
 * gateway. The check reads the allowance (getTokenAllowance) and the Safe's balance of the token, refuses in words
 * (allowanceTransfer.logic.ts), then eth_calls the exact transaction from the beneficiary and refuses with the
 * revert reason. The wallet sends executeAllowanceTransfer with an empty signature (Allowance module 0.1.1 then
 * takes msg.sender as the delegate: one prompt). The receipt must carry the module's ExecuteAllowanceTransfer event
 * for exactly this transfer; after a reload mid-send the transfer is looked for on chain (the allowance's nonce, then
 * the event from the block the check read), never sent again.
 */
import { erc20Abi, getAbiItem, isAddressEqual, parseEventLogs, type Address, type Hex, type PublicClient } from 'viem';
import { NATIVE_TOKEN, allowanceModuleAbi, allowanceModuleAddress, decodeTokenAllowance, encodeExecuteAllowanceTransfer } from '../domain/safe/allowance.ts';
import type { AllowanceTransferMachine } from '../machines/allowanceTransfer/allowanceTransfer.machine.ts';
import { revertRefusal, spendRefusal } from '../machines/allowanceTransfer/allowanceTransfer.logic.ts';
import type { AllowanceReading, AllowanceTransferEffects, ExpectedTransfer } from '../machines/allowanceTransfer/allowanceTransfer.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { WalletAccess } from './transactionFlow/wallet.ts';
import { planExecution, sendPlanned, type PlanChain, type SentChain } from './transactionFlow/deviceExecution.ts';

export type AllowanceTransferChain = Pick<PublicClient, 'readContract' | 'call' | 'getBalance' | 'getBlockNumber' | 'getLogs' | 'waitForTransactionReceipt'> & PlanChain & SentChain;

export interface AllowanceTransferDeps {
  chain: AllowanceTransferChain;
  wallet: WalletAccess;
  /** Between reads of a device's transaction back from the chain (default 500 ms). */
  sleep?: (ms: number) => Promise<void>;
}

const EXECUTED = getAbiItem({ abi: allowanceModuleAbi, name: 'ExecuteAllowanceTransfer' });

async function readAllowance(chain: AllowanceTransferChain, module: Address, safe: Address, delegate: Address, token: Address, blockNumber?: bigint): Promise<AllowanceReading> {
  const raw = await chain.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'getTokenAllowance', args: [safe, delegate, token], ...(blockNumber === undefined ? {} : { blockNumber }) });
  const a = decodeTokenAllowance(raw);
  return { amount: a.amount.toString(), spent: a.spent.toString(), resetTimeMin: a.resetTimeMin, lastResetMin: a.lastResetMin, nonce: a.nonce };
}

/** The revert reason in a failed eth_call's error, as plainly as the node gave it. */
export function revertReasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = /reverted with the following reason:\s*\n?\s*([^\n]+)/.exec(message)?.[1] ?? (error as { shortMessage?: string }).shortMessage ?? message.split('\n')[0] ?? 'it reverts';
  return reason.trim();
}

const matches = (args: { safe?: Address; delegate?: Address; token?: Address; to?: Address; value?: bigint; nonce?: number }, expected: ExpectedTransfer): boolean =>
  !!args.safe &&
  !!args.delegate &&
  !!args.token &&
  !!args.to &&
  isAddressEqual(args.safe, expected.safe) &&
  isAddressEqual(args.delegate, expected.delegate) &&
  isAddressEqual(args.token, expected.token) &&
  isAddressEqual(args.to, expected.to) &&
  args.value?.toString() === expected.amount &&
  args.nonce === expected.nonce;

export function createAllowanceTransferEffects(deps: AllowanceTransferDeps): AllowanceTransferEffects {
  const { chain } = deps;
  const sendDeps = { wallet: deps.wallet, chain, sleep: deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))) };
  return {
    async checkTransfer(input) {
      const module = allowanceModuleAddress(input.chainId);
      if (!module) return { refusal: `There are no spending limits on this network (the Allowance module is not deployed here). Nothing was sent.` };
      if (!input.delegate) return { refusal: 'Connect the wallet that has the spending limit. Nothing was sent.' };
      // The newest block, not viem's cached number (kept for its polling interval): a check just after a spend or a
      // change of the Safe must see it.
      const blockNumber = await chain.getBlockNumber({ cacheTime: 0 });
      const token = input.token.address;
      const [allowance, balance] = await Promise.all([
        readAllowance(chain, module, input.safe, input.delegate, token, blockNumber),
        isAddressEqual(token, NATIVE_TOKEN)
          ? chain.getBalance({ address: input.safe, blockNumber })
          : chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [input.safe], blockNumber }),
      ]);
      const refusal = spendRefusal({ amount: BigInt(input.amount), allowance, safeBalance: balance, token: input.token });
      if (refusal) return { refusal };
      const data: Hex = encodeExecuteAllowanceTransfer({ safe: input.safe, token, to: input.to, amount: BigInt(input.amount), nonce: allowance.nonce, delegate: input.delegate, signature: '0x' });
      try {
        await chain.call({ account: input.delegate, to: module, data, blockNumber });
      } catch (error) {
        return { refusal: revertRefusal(revertReasonOf(error)) };
      }
      return { prepared: { module, delegate: input.delegate, data, allowance, safeBalance: balance.toString(), blockNumber: blockNumber.toString() } };
    },

    prepareTransfer: (input) => planExecution(chain, input.chainId, input.account, { to: input.module, data: input.data }),

    sendTransfer: (input) =>
      sendPlanned(sendDeps, { chainId: input.chainId, chainName: input.chainName }, input.account, { to: input.module, data: input.data }, input.execution, input.deviceName),

    async waitForTransfer(input) {
      const receipt = await chain.waitForTransactionReceipt({ hash: input.txHash });
      if (receipt.status !== 'success') return { status: 'FAILED', txHash: input.txHash, reason: 'The transaction reverted on chain: nothing was transferred.' };
      const events = parseEventLogs({ abi: allowanceModuleAbi, eventName: 'ExecuteAllowanceTransfer', logs: receipt.logs }).filter((log) => isAddressEqual(log.address, input.module));
      if (!events.some((e) => matches(e.args, input.expected))) {
        return { status: 'FAILED', txHash: input.txHash, reason: 'The transaction was mined, but the module reported no transfer matching yours (ExecuteAllowanceTransfer).' };
      }
      const e = input.expected;
      return { status: 'SUCCESS', txHash: input.txHash, allowance: await readAllowance(chain, input.module, e.safe, e.delegate, e.token) };
    },

    async findTransfer(input) {
      const e = input.expected;
      const now = await readAllowance(chain, input.module, e.safe, e.delegate, e.token);
      if (now.nonce <= e.nonce) return { txHash: null };
      const logs = await chain.getLogs({ address: input.module, event: EXECUTED, args: { safe: e.safe }, fromBlock: BigInt(input.fromBlock), toBlock: 'latest' });
      const found = logs.find((log) => matches(log.args, e));
      return { txHash: found?.transactionHash ?? null };
    },
  };
}

export function provideAllowanceTransferServices(machine: AllowanceTransferMachine, effects: AllowanceTransferEffects): AllowanceTransferMachine {
  return machine.provide({ actors: effectActors(effects) });
}
