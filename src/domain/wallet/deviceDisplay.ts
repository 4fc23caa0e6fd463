/**
 * What a signing device shows before it signs (issue 19), computed from the exact bytes the app sends it. The app
 * shows these lines beside the device's screen and asks the signer to compare; the Devnet Wallet's device profiles
 * compute their screen with the same wording from the bytes they receive, so a browser test compares the two.
 *
 * - Typed data (`eth_signTypedData_v4`), by the device's DeviceDisplay:
 *   `hashes` and `remote`: "Domain hash" (EIP-712 domain separator) and "Message hash" (hashStruct of the message);
 *   `fields`: each domain field, then each message field, by its EIP-712 name (addresses checksummed, integers in
 *   decimal, bytes in hex);
 *   `qr`: what a Keystone shows after scanning the request's QR code (keystoneTypedDataDisplay below: computed from
 *   the object handed to its SDK).
 * - A transaction (an execution): "Transaction hash" — keccak-256 of the unsigned EIP-1559 transaction as the
 *   device serialises it to sign — then the fields the device lists.
 * - A message (`personal_sign`, the account services' authorisations): "Message", the text when the bytes are
 *   printable UTF-8 text, else the bytes in hex (0x…, lower case), as a Ledger's Ethereum app shows bytes that are
 *   not text (decision 0075).
 */
import {
  concat,
  formatGwei,
  getAddress,
  hexToBytes,
  isHex,
  getTypesForEIP712Domain,
  hashDomain,
  hashStruct,
  isAddress,
  keccak256,
  serializeTransaction,
  serializeTypedData,
  toHex,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { deviceErrorOf, SIGNER_DEVICES_BY_LABEL, type DeviceDisplay, type SignerDeviceKind } from './signerDevice.ts';

export interface DisplayLine {
  label: string;
  value: string;
}

type TypedField = { name: string; type: string };

function fieldValue(type: string, value: unknown): string {
  if (type === 'address' && typeof value === 'string' && isAddress(value, { strict: false })) return getAddress(value);
  if (/^u?int\d*$/.test(type)) {
    if (typeof value === 'bigint' || typeof value === 'number') return value.toString(10);
    if (typeof value === 'string') {
      try {
        return BigInt(value).toString(10);
      } catch {
        return value;
      }
    }
  }
  if (typeof value === 'string') return type.startsWith('bytes') ? value.toLowerCase() : value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The typed data's EIP712Domain fields (given, or derived from the domain as viem does). */
function domainFields(typedData: TypedDataDefinition): readonly TypedField[] {
  const given = (typedData.types as Record<string, readonly TypedField[] | undefined>).EIP712Domain;
  return given ?? getTypesForEIP712Domain({ domain: typedData.domain ?? {} });
}

/** What a device with `display` shows before it signs `typedData`. */
export function typedDataDisplay(display: DeviceDisplay, typedData: TypedDataDefinition): DisplayLine[] {
  const types = typedData.types as Record<string, readonly TypedField[]>;
  const domain = (typedData.domain ?? {}) as Record<string, unknown>;
  if (display === 'qr') return keystoneTypedDataDisplay(typedData);
  if (display === 'fields') {
    const lines: DisplayLine[] = domainFields(typedData).map((field) => ({ label: field.name, value: fieldValue(field.type, domain[field.name]) }));
    const message = typedData.message as Record<string, unknown>;
    for (const field of types[typedData.primaryType as string] ?? []) lines.push({ label: field.name, value: fieldValue(field.type, message[field.name]) });
    return lines;
  }
  const hashes = typedDataHashes(domain, { EIP712Domain: domainFields(typedData), ...types }, typedData.primaryType as string, typedData.message as Record<string, unknown>);
  return [
    { label: 'Domain hash', value: hashes.domainHash },
    { label: 'Message hash', value: hashes.messageHash },
  ];
}

/** The EIP-712 domain separator and hashStruct of the message (`types` with its EIP712Domain): the two hashes devices show. */
function typedDataHashes(domain: Record<string, unknown>, types: Record<string, readonly TypedField[]>, primaryType: string, message: Record<string, unknown>): { domainHash: Hex; messageHash: Hex } {
  return {
    domainHash: hashDomain({ domain, types } as Parameters<typeof hashDomain>[0]),
    messageHash: hashStruct({ data: message, primaryType, types } as Parameters<typeof hashStruct>[0]),
  };
}

/** The unsigned transaction an executing signer's device signs: every field fixed by the app before the prompt. */
export interface UnsignedExecution {
  chainId: number;
  nonce: number;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  to: Address;
  value: bigint;
  data: Hex;
}

/** keccak-256 of the unsigned EIP-1559 transaction (what a Ledger shows as "Transaction hash" when it signs blind). */
export function executionHash(tx: UnsignedExecution): Hex {
  return keccak256(
    serializeTransaction({
      type: 'eip1559',
      chainId: tx.chainId,
      nonce: tx.nonce,
      gas: tx.gas,
      maxFeePerGas: tx.maxFeePerGas,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
      to: tx.to,
      value: tx.value,
      data: tx.data,
    }),
  );
}

/** What a device shows before it signs the execution `tx`. */
export function executionDisplay(tx: UnsignedExecution): DisplayLine[] {
  return [
    { label: 'Transaction hash', value: executionHash(tx) },
    { label: 'To', value: getAddress(tx.to) },
    { label: 'Value', value: tx.value.toString(10) },
    { label: 'Nonce', value: String(tx.nonce) },
    { label: 'Gas limit', value: tx.gas.toString(10) },
    { label: 'Max fee', value: `${formatGwei(tx.maxFeePerGas)} gwei` },
    { label: 'Max priority fee', value: `${formatGwei(tx.maxPriorityFeePerGas)} gwei` },
  ];
}

/** The fields of a sent transaction that differ from the one the signer checked, in words; empty when none. */
export function executionChanges(
  checked: UnsignedExecution,
  sent: { nonce: number; gas: bigint; maxFeePerGas?: bigint | null; maxPriorityFeePerGas?: bigint | null; to: Address | null; value: bigint; input: Hex },
): string[] {
  const changes: string[] = [];
  if (sent.nonce !== checked.nonce) changes.push(`nonce ${checked.nonce} → ${sent.nonce}`);
  if (sent.gas !== checked.gas) changes.push(`gas limit ${checked.gas} → ${sent.gas}`);
  if ((sent.maxFeePerGas ?? null) !== checked.maxFeePerGas) changes.push(`max fee ${formatGwei(checked.maxFeePerGas)} → ${sent.maxFeePerGas == null ? 'none' : formatGwei(sent.maxFeePerGas)} gwei`);
  if ((sent.maxPriorityFeePerGas ?? null) !== checked.maxPriorityFeePerGas) {
    changes.push(`max priority fee ${formatGwei(checked.maxPriorityFeePerGas)} → ${sent.maxPriorityFeePerGas == null ? 'none' : formatGwei(sent.maxPriorityFeePerGas)} gwei`);
  }
  if (!sent.to || sent.to.toLowerCase() !== checked.to.toLowerCase()) changes.push(`recipient ${getAddress(checked.to)} → ${sent.to ? getAddress(sent.to) : 'none'}`);
  if (sent.value !== checked.value) changes.push(`value ${checked.value} → ${sent.value}`);
  if (sent.input.toLowerCase() !== checked.data.toLowerCase()) changes.push('the call data');
  return changes;
}

/** The bytes personal_sign sends for `message`: the UTF-8 of a text, or the raw bytes as given. */
export const personalSignData = (message: string | { raw: Hex }): Hex => (typeof message === 'string' ? toHex(message) : message.raw);

/** personal_sign's bytes as a device shows them: the text when they are printable UTF-8, else the bytes in hex. */
export function messageText(data: Hex): string {
  const hex = data.toLowerCase() as Hex;
  if (!isHex(hex)) return data;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(hex));
    // eslint-disable-next-line no-control-regex
    return text.length === 0 || /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? hex : text;
  } catch {
    return hex;
  }
}

/** What a device shows before it signs the personal_sign bytes `data`. */
export const messageDisplay = (data: Hex): DisplayLine[] => [{ label: 'Message', value: messageText(data) }];

/*
 * Keystone: what it reads and shows for an EIP-712 signature (issue 19, decision 0079). One definition for both:
 * `keystoneTypedDataRequest` builds the object the Keystone SDK is handed (the wallet module passes exactly
 * `request.typedData` to the keyring's signTypedData, which puts `JSON.stringify` of it in the QR code's sign-data,
 * ERC-4527 data type 2), and `keystoneTypedDataDisplay` computes the on-device step's lines from that same object.
 *
 * The text is the one `eth_signTypedData_v4` carries when viem sends it (viem's signTypedData: the EIP712Domain type
 * derived from the domain unless given, `serializeTypedData`: addresses in lower case, integers as decimal strings),
 * so building it from the app's typed data or from the JSON the request carried gives the same bytes.
 *
 * What the device shows, from the Keystone 3 firmware (KeystoneHQ/keystone3-firmware, the Ethereum typed-data page
 * of gui_eth.c and its layout): the domain's Name, Version ("v" and the version), Chain ID (with the firmware's own
 * network name after it, not shown here), Verifying Contract and Salt when present; the Primary Type; for a `SafeTx`
 * also the Domain Hash, the Message Hash and the Safe Tx Hash; then the message as JSON, here one line per field as
 * the QR's text has it.
 */

/** Typed data as the Keystone receives it: the parsed text of the QR code's sign-data. */
export interface KeystoneTypedData {
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
  primaryType: string;
  types: Record<string, readonly TypedField[]>;
}

/** ERC-4527's data type of a typed-data request (@keystonehq/bc-ur-registry-eth DataType.typedData). */
export const KEYSTONE_TYPED_DATA_TYPE = 2;

export interface KeystoneTypedDataRequest {
  /** The object handed to the Keystone SDK (its keyring encodes it with JSON.stringify). */
  typedData: KeystoneTypedData;
  /** The QR code's sign-data, as UTF-8 text: JSON.stringify(typedData). */
  signData: string;
}

/** The request a Keystone is sent for `typedData` (the app's typed data, or the JSON an eth_signTypedData_v4 carried). */
export function keystoneTypedDataRequest(typedData: TypedDataDefinition | KeystoneTypedData | string): KeystoneTypedDataRequest {
  const given = (typeof typedData === 'string' ? JSON.parse(typedData) : typedData) as TypedDataDefinition;
  const domain = (given.domain ?? {}) as Record<string, unknown>;
  const types = { EIP712Domain: getTypesForEIP712Domain({ domain: given.domain ?? {} }), ...(given.types as Record<string, readonly TypedField[]>) };
  const signData = serializeTypedData({ domain, message: given.message, primaryType: given.primaryType, types } as Parameters<typeof serializeTypedData>[0]);
  const parsed = JSON.parse(signData) as KeystoneTypedData;
  // A guard: the SDK encodes the object again, and must put exactly these bytes in the QR code.
  if (JSON.stringify(parsed) !== signData) throw new Error('The typed data does not survive JSON encoding unchanged; it is not sent to the Keystone.');
  return { typedData: parsed, signData };
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The domain fields a Keystone names, in its order. */
const DOMAIN_LABELS: readonly [string, string][] = [
  ['name', 'Name'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['verifyingContract', 'Verifying contract'],
  ['salt', 'Salt'],
];

/** What a Keystone shows after scanning the request for `typedData` (computed from the request's own object). */
export function keystoneTypedDataDisplay(typedData: TypedDataDefinition | KeystoneTypedData | string): DisplayLine[] {
  const request = keystoneTypedDataRequest(typedData).typedData;
  const lines: DisplayLine[] = [];
  for (const [field, label] of DOMAIN_LABELS) {
    const value = request.domain[field];
    if (value === undefined || value === null) continue;
    lines.push({ label, value: field === 'version' ? `v${text(value)}` : text(value) });
  }
  lines.push({ label: 'Primary type', value: request.primaryType });
  if (request.primaryType === 'SafeTx') {
    const { domainHash, messageHash } = typedDataHashes(request.domain, request.types, request.primaryType, request.message);
    lines.push({ label: 'Domain hash', value: domainHash });
    lines.push({ label: 'Message hash', value: messageHash });
    lines.push({ label: 'Safe tx hash', value: keccak256(concat(['0x1901', domainHash, messageHash])) });
  }
  for (const field of request.types[request.primaryType] ?? []) lines.push({ label: field.name, value: text(request.message[field.name]) });
  return lines;
}

/**
 * A device's own words for a rejection, by kind (issue 19, decision 0083; here, not in signerDevice.ts, which the first
 * load carries), said after a flow's "rejected" title when
 * that device rejected. Only a Keystone's: it never answers "no" itself; its request is refused by closing the QR
 * window, which the flow's generic words ("User rejected signing.") do not say.
 */
export const DEVICE_REJECTED_TEXTS: Readonly<Partial<Record<SignerDeviceKind, string>>> = {
  keystone: 'You cancelled the request (the QR window was closed).',
};

/**
 * A flow's rejection text `generic`, followed by the device's own words when the device `deviceName` (the connected
 * wallet's) rejected with the contract's `rejected` error; `generic` alone otherwise. The words are ours, by device
 * kind: nothing the provider wrote is shown.
 */
export function rejectionText(generic: string, error: unknown, deviceName: string | undefined): string {
  const kind = deviceName === undefined ? undefined : SIGNER_DEVICES_BY_LABEL[deviceName]?.kind;
  const words = kind && deviceErrorOf(error) === 'rejected' ? DEVICE_REJECTED_TEXTS[kind] : undefined;
  return words ? `${generic} ${words}` : generic;
}

/** The device's own words a rejection's text ends with (rejectionText), or null: a view with its own title shows only these. */
export function deviceRejectionWords(message: string | null | undefined): string | null {
  if (!message) return null;
  return Object.values(DEVICE_REJECTED_TEXTS).find((words) => message.endsWith(words)) ?? null;
}
