/**
 * The balances' loading state, for the home's cards and the Assets screen alike (the Assets screen itself loads
 * when it first opens, not with the home).
 */
import { balancesStatusOf, fiatUpdatingOf, type RegionStatus } from '../../machines/safeSession/safeSession.connect.ts';
import { useSafeSession } from './safeSessionContext.tsx';

/** Fiat figures wait for the chosen currency: a loading mark, never the old figure with the new symbol. */
export function useFiatUpdating(): boolean {
  return useSafeSession(fiatUpdatingOf);
}

/** `ready.balances` state as a Loadable status. */
export function useBalancesStatus(): RegionStatus {
  return useSafeSession(balancesStatusOf);
}
