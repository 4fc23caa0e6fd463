/**
 * getInterface of the Ledger shell (issue 19, decision 0066): the EIP-1193 provider (ledgerProvider.ts) on the
 * Device Management Kit's port (ledgerDmk.ts). This file and everything it imports load only when Ledger is picked;
 * the device is asked for (WebHID's picker) on the first eth_requestAccounts, i.e. right after the pick.
 */
import { connectLedger } from './ledgerDmk.ts';
import { createLedgerProvider } from './ledgerProvider.ts';
import type { InterfaceHelpers } from './shells.ts';

export function ledgerInterface(helpers: InterfaceHelpers): { provider: ReturnType<typeof createLedgerProvider> } {
  const chains = helpers.chains.filter((c): c is typeof c & { rpcUrl: string } => typeof c.rpcUrl === 'string' && c.rpcUrl !== '').map((c) => ({ id: c.id, rpcUrl: c.rpcUrl }));
  return { provider: createLedgerProvider({ connect: connectLedger, chains }) };
}
