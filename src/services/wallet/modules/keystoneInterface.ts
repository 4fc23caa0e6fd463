/**
 * The Keystone module's interface (issue 19, decision 0066): an air-gapped signer that reads requests and answers
 * with QR codes (ERC-4527), loaded only when the user picks Keystone. web3-onboard's module
 * (@web3-onboard/keystone, on @keystonehq/eth-keyring) wrapped so that
 * - eth_signTypedData_v4 is signed as EIP-712 typed data on the Keystone: the module answers only
 *   `eth_signTypedData` (its keyring's signTypedData sends the typed data as JSON, ERC-4527 DataType.typedData);
 *   the v4 request is passed to it as the object keystoneTypedDataRequest builds (src/domain/wallet/
 *   deviceDisplay.ts), the same object the on-device step computes its lines from (decision 0079);
 * - its QR dialog can be used above the flow's modal dialog, is named, and its close control is a button
 *   (keystoneDialog.ts);
 * - web3-onboard's account list, which eth_requestAccounts opens, is named, themed and keyboard-usable while it is
 *   open (accountListDialog.ts, decision 0089);
 * - eth_sign is refused (`noTypedData`), never a fallback;
 * - the Keystone SDK's failures are reported as the contract's device errors (keystoneErrorKind).
 */
// First: Buffer and process for the Keystone stack, before any of it is evaluated (decision 0079).
import './nodeGlobals.ts';
import { DEVICE_REJECTED_TEXTS, keystoneTypedDataRequest } from '../../../domain/wallet/deviceDisplay.ts';
import type { DeviceErrorKind } from '../../../domain/wallet/signerDevice.ts';
import { supportAccountList } from './accountListDialog.ts';
import { exposeKeystoneDialog, watchKeystoneDialog } from './keystoneDialog.ts';
import { guardProvider, messageOf, paramsArray, parseTypedData, type DeviceEip1193Provider, type RequestArguments } from './deviceProvider.ts';
import type { InterfaceHelpers, ModuleHelpers } from './shells.ts';

export const KEYSTONE_TEXTS: Readonly<Record<DeviceErrorKind, string>> = {
  locked: 'Your Keystone is locked. Unlock it, then scan the request again.',
  wrongApp: 'The QR code came from another Keystone or account than the one connected. Use that one, then try again.',
  blindSigningDisabled: 'Your Keystone refused to sign this data. Update its firmware, then try again.',
  disconnected: 'The Keystone did not answer. Scan the request with it again.',
  rejected: DEVICE_REJECTED_TEXTS.keystone!, // the flows say it after their own "rejected" title (decision 0083)
  noTypedData: 'Your Keystone signs typed data (eth_signTypedData_v4) here: eth_sign is refused.',
};

/**
 * The contract's device error kind of a Keystone failure, or null. From @keystonehq/sdk and base-eth-keyring:
 * "#ktek_error[play-cancel]: play canceled", "#ktek_error[read-cancel]: read signature canceled" and "Reading
 * canceled" (the user closed the QR window), "read signature error: mismatched requestId" (a QR code of another
 * request), "Address … not found in this keyring" / "Unknown address" (another device or account).
 */
export function keystoneErrorKind(error: unknown): DeviceErrorKind | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = messageOf(error);
  if (code === 4001 || /play-cancel|read-cancel|canceled|cancelled|user rejected/i.test(message)) return 'rejected';
  if (/mismatched requestId|not found in this keyring|unknown address/i.test(message)) return 'wrongApp';
  return null;
}

/**
 * The requests the module answers with its QR dialog (a signature read back by the camera): the dialog is made usable
 * above the flow's modal dialog before each (an execution's eth_sendTransaction signs with eth_signTransaction,
 * ERC-4527 DataType.typedTransaction; personal_sign with DataType.personalMessage; decision 0083).
 */
const QR_REQUESTS: ReadonlySet<string> = new Set(['eth_signTypedData_v4', 'eth_signTypedData', 'eth_sendTransaction', 'eth_signTransaction', 'personal_sign']);
/** The requests the module answers with web3-onboard's account list (hw-common's accountSelect). */
const ACCOUNT_REQUESTS: ReadonlySet<string> = new Set(['eth_requestAccounts', 'eth_selectAccounts']);

export function keystoneProvider(inner: { request(args: RequestArguments): Promise<unknown> }): DeviceEip1193Provider {
  return guardProvider(inner, {
    kindOf: keystoneErrorKind,
    textOf: (kind) => KEYSTONE_TEXTS[kind],
    override: (args) => {
      if (QR_REQUESTS.has(args.method)) exposeKeystoneDialog();
      if (ACCOUNT_REQUESTS.has(args.method)) {
        // Only while the list can be open: it is gone once this request settles (an account picked, or dismissed).
        const release = supportAccountList(typeof document === 'undefined' ? undefined : document, 'Keystone');
        return inner.request(args).finally(release);
      }
      if (args.method !== 'eth_signTypedData_v4') return null;
      const [address, typedData] = paramsArray(args.params);
      return inner.request({ method: 'eth_signTypedData', params: [address, keystoneTypedDataRequest(parseTypedData(typedData)).typedData] });
    },
  });
}

export async function keystoneInterface(moduleHelpers: ModuleHelpers, helpers: InterfaceHelpers): Promise<{ provider: DeviceEip1193Provider }> {
  // Loaded after nodeGlobals.ts has run: the module's libraries read Buffer and process as they evaluate.
  const { default: keystoneModule } = await import('@web3-onboard/keystone');
  watchKeystoneDialog(); // before the SDK opens its dialog for the account sync

  const module = (keystoneModule() as unknown as (h: ModuleHelpers) => { getInterface(h: InterfaceHelpers): Promise<{ provider: DeviceEip1193Provider }> } | null)(moduleHelpers);
  if (!module) throw new Error('Keystone is not available on this device.');
  const { provider } = await module.getInterface(helpers);
  return { provider: keystoneProvider(provider) };
}
