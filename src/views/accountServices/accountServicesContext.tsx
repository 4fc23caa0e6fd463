/**
 * The account-services machines with their effects provided (by the composition root), handed in through
 * <AccountServicesProvider>. Each settings section starts one actor per visit and per Safe: the open Safe and the
 * connected wallet are the actor's input. The cards with a signature are told when the Safe's owners or the connected
 * wallet change (decision 0088, `useSignerChanges`), so what was typed stays; the others start a new actor then.
 * `inspect` records the actors' events in the event log.
 */
import { createContext, Fragment, useContext, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { DelegatesListMachine } from '../../machines/accountServices/delegatesList.machine.ts';
import type { EmailAlertsMachine } from '../../machines/accountServices/emailAlerts.machine.ts';
import type { PushNotificationsMachine } from '../../machines/accountServices/pushNotifications.machine.ts';
import type { RecoveryRegistrationMachine } from '../../machines/accountServices/recoveryRegistration.machine.ts';
import type { UnsubscribeMachine } from '../../machines/accountServices/unsubscribe.machine.ts';
import type { SpendingLimitsMachine } from '../../machines/accountServices/spendingLimits.machine.ts';
import type { NestedSafesMachine } from '../../machines/accountServices/nestedSafes.machine.ts';
import type { AccountServicesInput } from '../../machines/accountServices/accountServices.types.ts';
import { useSafeSession } from '../safeSession/safeSessionContext.tsx';
import { useWalletAddress } from '../walletConnection/ReadOnlyBadge.tsx';
import { useResolved, type MaybeDeferred } from '../deferred.ts';

export interface AccountServicesLogic {
  pushNotifications: PushNotificationsMachine;
  emailAlerts: EmailAlertsMachine;
  recovery: RecoveryRegistrationMachine;
  delegates: DelegatesListMachine;
  unsubscribe: UnsubscribeMachine;
  spendingLimits: SpendingLimitsMachine;
  nestedSafes: NestedSafesMachine;
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

const AccountServicesContext = createContext<MaybeDeferred<AccountServicesLogic> | null>(null);

/** `logic` may load on first use (decision 0019): the settings sections suspend until it has. */
export function AccountServicesProvider({ logic, children }: { logic: MaybeDeferred<AccountServicesLogic> | undefined; children: ReactNode }) {
  return <AccountServicesContext.Provider value={logic ?? null}>{children}</AccountServicesContext.Provider>;
}

export function useAccountServicesLogic(): AccountServicesLogic {
  const logic = useContext(AccountServicesContext);
  if (!logic) throw new Error('AccountServicesProvider was given no logic');
  return useResolved(logic);
}

/** The actors' input: the open Safe (inside <SafeGate>, so it has loaded) and the connected wallet. */
export function useAccountServicesInput(): { input: AccountServicesInput; key: string; safeKey: string } | null {
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  const chainName = useSafeSession((s) => s.context.chain?.chainName ?? '');
  const address = useSafeSession((s) => s.context.safeInfo?.address.value ?? null);
  const owners = useSafeSession((s) => (s.context.safeInfo?.owners ?? []).map((o) => o.value).join(','));
  const wallet = useWalletAddress();
  if (!chainId || !address) return null;
  const input: AccountServicesInput = { safe: { chainId, chainName, address, owners: owners ? owners.split(',') : [] }, wallet };
  return { input, key: `${chainId}:${address}:${owners}:${wallet ?? ''}`, safeKey: `${chainId}:${address}` };
}

/**
 * Renders `render(input)` for the open Safe and wallet. Another Safe remounts it (a new actor); so do other owners or
 * another wallet, unless `signerChangesTold`: then the actors started by `render` are told (decision 0088).
 */
export function ForOpenSafe({ render, signerChangesTold = false }: { render: (input: AccountServicesInput) => ReactNode; signerChangesTold?: boolean }) {
  const found = useAccountServicesInput();
  if (!found) return null;
  return <Fragment key={signerChangesTold ? found.safeKey : found.key}>{render(found.input)}</Fragment>;
}
