/**
 * Reads, from the chain, the open Safe's spending limits (the spendingLimits machine of Settings › Modules, its own
 * actor here) and keeps the connected wallet's own in the Assets store: loaded lazily once Assets has rendered, and
 * only while a wallet is connected. Nothing comes from the gateway. After a spend (an allowanceTransfer flow ends)
 * it reads again.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { isAddressEqual } from 'viem';
import { spendingLimitText } from '../../domain/safe/allowance.ts';
import type { AccountServicesInput } from '../../machines/accountServices/accountServices.types.ts';
import { useAccountServicesInput, useAccountServicesLogic } from '../accountServices/accountServicesContext.tsx';
import { useFlowsState } from '../flows/flowsContext.tsx';
// Types only: the store's module stays in the Assets chunk (importing it here would make it a chunk of its own).
import type { WalletLimitsStore, WalletTokenLimit } from './walletLimitsStore.ts';

function Reader({ input, store }: { input: AccountServicesInput & { wallet: `0x${string}` }; store: WalletLimitsStore }) {
  const logic = useAccountServicesLogic();
  const inspect = logic.inspect ? { inspect: logic.inspect } : {};
  const actor = useActorRef(logic.spendingLimits, { input, ...inspect });
  const limits = useSelector(actor, (s) => s.context.limits);
  useEffect(() => {
    const mine = limits?.enabled ? limits.beneficiaries.find((b) => isAddressEqual(b.address, input.wallet)) : undefined;
    const next: Record<string, WalletTokenLimit> = {};
    for (const limit of mine?.limits ?? []) {
      if (limit.symbol === null || limit.decimals === null) continue;
      next[limit.token.toLowerCase()] = { text: `Your spending limit: ${spendingLimitText(limit)}`, token: { address: limit.token, symbol: limit.symbol, decimals: limit.decimals } };
    }
    store.set(next);
  }, [limits, input.wallet, store]);
  useEffect(() => () => store.set({}), [store]);
  // A spend just ended: read the limits again.
  const { flows } = useFlowsState();
  const spending = flows.filter((f) => f.kind === 'allowanceTransfer').length;
  const before = useRef(spending);
  useEffect(() => {
    if (spending < before.current) actor.send({ type: 'user.refresh' });
    before.current = spending;
  }, [spending, actor]);
  return null;
}

/** `store` is the Assets table's: the row lines and buttons read it. */
export default function WalletLimits({ store }: { store: WalletLimitsStore }) {
  const found = useAccountServicesInput();
  if (!found?.input.wallet) return null;
  return <Reader key={found.key} input={found.input as AccountServicesInput & { wallet: `0x${string}` }} store={store} />;
}
