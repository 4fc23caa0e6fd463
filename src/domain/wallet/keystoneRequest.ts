/**
 * What a Keystone reads and shows for an EIP-712 signature (issue 19, decision 0079). One definition for both:
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
import { concat, getTypesForEIP712Domain, hashDomain, hashStruct, keccak256, serializeTypedData, type Hex, type TypedDataDefinition } from 'viem';
import type { DisplayLine } from './deviceDisplay.ts';

type TypedField = { name: string; type: string };

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
    const domainHash = hashDomain({ domain: request.domain, types: request.types } as Parameters<typeof hashDomain>[0]);
    const messageHash = hashStruct({ data: request.message, primaryType: request.primaryType, types: request.types } as Parameters<typeof hashStruct>[0]);
    lines.push({ label: 'Domain hash', value: domainHash });
    lines.push({ label: 'Message hash', value: messageHash });
    lines.push({ label: 'Safe tx hash', value: keccak256(concat(['0x1901', domainHash, messageHash as Hex])) });
  }
  for (const field of request.types[request.primaryType] ?? []) lines.push({ label: field.name, value: text(request.message[field.name]) });
  return lines;
}
