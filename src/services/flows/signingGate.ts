/**
 * Signing needs a working event log (decision 0050). While the log cannot save, no flow asks the wallet to sign
 * or send: the flow host does not open a flow, and a flow already open (or a Safe being created, or a settings
 * request that signs) is refused at the wallet boundary, before the wallet is asked, with the text below. Reads
 * (eth_chainId, eth_accounts, …) still pass.
 */
import type { WalletFailure } from '../../machines/transactionFlow/transactionFlow.types.ts';
import type { Eip1193Like, WalletAccess } from '../transactionFlow/wallet.ts';

export const SIGNING_PAUSED_TEXT =
  'Signing is paused because the event log cannot save, and nothing is signed without a record. Use the banner at the top of the page: export what is kept or free space, then choose Try again.';

/** The wallet requests that sign or send (everything else only reads). */
const ASKS_THE_WALLET = /^(eth_sign|eth_signTransaction|eth_signTypedData|personal_sign|eth_sendTransaction|eth_sendRawTransaction|wallet_sendCalls)/;

export function asksTheWallet(method: string): boolean {
  return ASKS_THE_WALLET.test(method);
}

/** The wallet as flows see it: while `paused()`, a request that signs or sends is refused before the wallet sees it. */
export function gateWallet(access: WalletAccess, paused: () => boolean): WalletAccess {
  return () => {
    const provider = access();
    if (!provider) return null;
    const gated: Eip1193Like = {
      request: (args) => {
        if (paused() && asksTheWallet(args.method)) {
          const refusal: WalletFailure = { kind: 'other', message: SIGNING_PAUSED_TEXT };
          return Promise.reject(refusal);
        }
        return provider.request(args);
      },
    };
    return gated;
  };
}
