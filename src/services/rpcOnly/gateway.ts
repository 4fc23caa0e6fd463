/**
 * The gateway as the Safe session reads it, with RPC-only mode behind it (decision 0054). Runtime.sessionGateway
 * (src/services/runtime.ts) sends each call to the gateway and loads this module on the first failure (or when the
 * gateway's chain list lacks a chain config.json gives an RPC for); from then on, for a chain read from the chain,
 * the session's reads are answered here and never reach the gateway:
 *
 *   getChainsConfig     → the local chains (chains.ts) when the gateway cannot list them, else its list plus them
 *   getSafeInfo         → readSafeInfoFromChain         getBalances → readBalancesFromChain (one multicall)
 *   getTransactionHistory → readHistoryPage (bounded ranges)
 *   getSafeMessages, getCollectiblesPage → "come from the gateway, which is not available"
 *
 * The transaction flows use it too (decision 0055): their signatures are collected in signing packages kept in this
 * browser (packages.ts), which answer getTransactionQueue, getTransactionDetails, getNonces, proposeTransaction and
 * deleteTransaction; the decoder, the confirmation view, contract ABIs, the gas estimation and the relay answer
 * "not here" (the flows decode locally and offer execution with the wallet). The Safe Apps host and the message flow
 * keep the plain gateway (they are not offered while a Safe is read from the chain).
 */
import type { ChainInfo, Page } from '../../domain/gateway/types.ts';
import { lazyPackageStore, type PackageStore } from '../signingPackages/store.ts';
import { createLocalCollection, notHere } from './packages.ts';
import { createRpcOnlySession, type RpcOnlyDeps } from './session.ts';

type Args = readonly unknown[];

const page = <T>(results: T[]): Page<T> => ({ count: results.length, next: null, previous: null, results });

export type ChainFallback = ReturnType<typeof createChainFallback>;

export function createChainFallback(deps: RpcOnlyDeps & { packageStore?: () => Promise<PackageStore> }) {
  const session = createRpcOnlySession(deps);
  const local = createLocalCollection({
    store: deps.packageStore ?? lazyPackageStore(),
    clientFor: session.clientFor,
  });
  const str = (value: unknown) => String(value);
  const safe = (args: Args) => ({ chainId: String(args[0]), safeAddress: String(args[1]) });

  /** The answer from the chain for a chain already read from it, or undefined (ask the gateway). */
  function answers(key: string, args: Args): Promise<unknown> | undefined {
    if (key === 'getChainsConfig' || !session.readsFromChain(String(args[0]))) return undefined;
    switch (key) {
      case 'getSafeInfo':
        return session.safeInfo(safe(args));
      case 'getBalances':
        return session.balances({ ...safe(args), currency: String(args[2] ?? 'usd') });
      case 'getTransactionQueue':
        return local.getTransactionQueue(str(args[0]), str(args[1]));
      case 'getTransactionDetails':
        return local.getTransactionDetails(str(args[0]), str(args[1]));
      case 'getNonces':
        return local.getNonces(str(args[0]), str(args[1]));
      case 'proposeTransaction':
        return local.proposeTransaction(str(args[0]), str(args[1]), args[2] as Parameters<typeof local.proposeTransaction>[2]);
      case 'deleteTransaction':
        return local.deleteTransaction(str(args[0]), str(args[1]));
      case 'getDecodedData':
        return Promise.reject(notHere('The decoder'));
      case 'getConfirmationView':
        return Promise.reject(notHere('The confirmation view'));
      case 'getContract':
        return Promise.reject(notHere('A contract’s ABI'));
      case 'getSafeTxGasEstimation':
        return Promise.reject(notHere('The gas estimation'));
      case 'getRelayCount':
      case 'relayTransaction':
        return Promise.reject(notHere('Relaying'));
      case 'getTransactionHistory':
        return session.history({ ...safe(args), pageUrl: typeof args[2] === 'string' ? args[2] : null }).then((p) => ({ ...p, previous: null }));
      case 'getSafeMessages':
        return Promise.resolve().then(() => session.gatewayOnly('Signed messages'));
      case 'getCollectiblesPage':
        return Promise.resolve().then(() => session.gatewayOnly('NFTs'));
      default:
        return undefined;
    }
  }

  /** The gateway failed this call: the chain's answer when the failure falls back (fallback.ts), else the error. */
  async function instead(key: string, args: Args, error: unknown): Promise<unknown> {
    if (key === 'getChainsConfig') return page(session.chainsInstead(error));
    if (key === 'getSafeInfo') return session.safeInfoInstead(error, safe(args));
    if (key === 'getBalances') return session.balancesInstead(error, { ...safe(args), currency: String(args[2] ?? 'usd') });
    throw error;
  }

  /** The gateway's chain list, with the chains of config.json it does not list (read from the chain). */
  const withLocal = (listed: Page<ChainInfo>): Page<ChainInfo> => ({ ...listed, results: session.withLocalChains(listed.results) });

  return { answers, instead, withLocal };
}
