/**
 * The WalletConnect module's interface (issue 19, decision 0066), loaded only when the user picks WalletConnect
 * (offered only with a project id in config.json): web3-onboard's module (@web3-onboard/walletconnect, on
 * @walletconnect/ethereum-provider) wrapped so that eth_sign is refused (`noTypedData`) and the remote wallet's
 * failures are reported as the contract's device errors (walletConnectErrorKind).
 *
 * The relay: @web3-onboard/walletconnect does not pass a relay URL to EthereumProvider.init, so when config.json
 * names one, EthereumProvider.init is wrapped (the module imports the same class object) to add `relayUrl`. The
 * served Content-Security-Policy allows exactly that relay (scripts/lib/csp.ts).
 */
import EthereumProvider from '@walletconnect/ethereum-provider';
import walletConnectModule from '@web3-onboard/walletconnect';
import type { DeviceErrorKind } from '../../../domain/wallet/signerDevice.ts';
import { guardProvider, messageOf, type DeviceEip1193Provider, type RequestArguments } from './deviceProvider.ts';
import type { InterfaceHelpers, ModuleHelpers } from './shells.ts';

export const WALLETCONNECT_TEXTS: Readonly<Record<DeviceErrorKind, string>> = {
  locked: 'Your wallet app is locked. Unlock it on your phone, then try again.',
  wrongApp: 'The wallet app answered for another account or chain. Check the connected account in the app, then try again.',
  blindSigningDisabled: 'Your wallet app refused to sign this data. Check its settings, then try again.',
  disconnected: 'The WalletConnect session has ended. Connect your wallet app again, then try again.',
  rejected: 'You rejected the request in your wallet app.',
  noTypedData: 'Your wallet app cannot sign typed data (eth_signTypedData_v4), which this app requires: eth_sign is never used instead.',
};

/**
 * The contract's device error kind of a WalletConnect failure, or null. Codes: EIP-1193 4001 (rejected), 4100/4900
 * (disconnected), 4200 (unsupported); WalletConnect's SDK errors 5000 USER_REJECTED, 5002 USER_REJECTED_METHODS,
 * 5101 UNSUPPORTED_METHODS, 6000 USER_DISCONNECTED. A typed-data request the wallet cannot serve is `noTypedData`.
 */
export function walletConnectErrorKind(error: unknown, args?: RequestArguments): DeviceErrorKind | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = messageOf(error);
  const typedData = args?.method === 'eth_signTypedData_v4';
  if (typedData && (code === 4200 || code === 5101 || code === 5002 || /unsupported|not supported|missing or invalid\. request\(\) method/i.test(message))) return 'noTypedData';
  if (code === 4001 || code === 5000 || /user rejected|rejected by (the )?user|user denied|user cancel/i.test(message)) return 'rejected';
  if (code === 4900 || code === 6000 || /session.*(expired|deleted|not found|doesn't exist|does not exist)|no matching key|please call connect|disconnected/i.test(message)) return 'disconnected';
  return null;
}

type InitOptions = Parameters<(typeof EthereumProvider)['init']>[0];

let relayFor: string | null = null;
let wrapped = false;
/** Adds the configured relay to every EthereumProvider.init (the module's own call included). */
function applyRelay(relayUrl: string | undefined): void {
  relayFor = relayUrl ?? null;
  if (wrapped) return;
  wrapped = true;
  const init = EthereumProvider.init.bind(EthereumProvider);
  (EthereumProvider as { init: (options: InitOptions) => ReturnType<typeof init> }).init = (options) => init(relayFor ? { ...options, relayUrl: relayFor } : options);
}

export async function walletConnectInterface(
  options: { projectId: string; relayUrl?: string },
  moduleHelpers: ModuleHelpers,
  helpers: InterfaceHelpers,
): Promise<{ provider: DeviceEip1193Provider; instance?: unknown }> {
  applyRelay(options.relayUrl);
  const init = walletConnectModule({ projectId: options.projectId, dappUrl: typeof location === 'object' ? location.origin : undefined, additionalOptionalMethods: ['eth_signTypedData_v4'] });
  const module = (init as unknown as (h: ModuleHelpers) => { getInterface(h: InterfaceHelpers): Promise<{ provider: DeviceEip1193Provider; instance?: unknown }> } | null)(moduleHelpers);
  if (!module) throw new Error('WalletConnect is not available here.');
  const { provider, instance } = await module.getInterface(helpers);
  return { provider: guardProvider(provider, { kindOf: walletConnectErrorKind, textOf: (kind) => WALLETCONNECT_TEXTS[kind] }), ...(instance !== undefined ? { instance } : {}) };
}
