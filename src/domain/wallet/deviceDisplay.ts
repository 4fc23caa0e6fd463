/**
 * What a signing device shows before it signs (issue 19), computed from the exact bytes the app sends it. The app
 * shows these lines beside the device's screen and asks the signer to compare; the Devnet Wallet's device profiles
 * compute their screen with the same wording from the bytes they receive, so a browser test compares the two.
 *
 * - Typed data (`eth_signTypedData_v4`), by the device's DeviceDisplay:
 *   `hashes` and `remote`: "Domain hash" (EIP-712 domain separator) and "Message hash" (hashStruct of the message);
 *   `fields`: each domain field, then each message field, by its EIP-712 name (addresses checksummed, integers in
 *   decimal, bytes in hex);
 *   `qr`: what a Keystone shows after scanning the request's QR code (keystoneRequest.ts: computed from the object
 *   handed to its SDK).
 * - A transaction (an execution): "Transaction hash" — keccak-256 of the unsigned EIP-1559 transaction as the
 *   device serialises it to sign — then the fields the device lists.
 * - A message (`personal_sign`, the account services' authorisations): "Message", the text when the bytes are
 *   printable UTF-8 text, else the bytes in hex (0x…, lower case), as a Ledger's Ethereum app shows bytes that are
 *   not text (decision 0075).
 */
import {
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
  toHex,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { keystoneTypedDataDisplay } from './keystoneRequest.ts';
import type { DeviceDisplay } from './signerDevice.ts';

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
  const allTypes = { EIP712Domain: domainFields(typedData), ...types };
  return [
    { label: 'Domain hash', value: hashDomain({ domain: typedData.domain ?? {}, types: allTypes } as Parameters<typeof hashDomain>[0]) },
    {
      label: 'Message hash',
      value: hashStruct({ data: typedData.message as Record<string, unknown>, primaryType: typedData.primaryType as string, types: allTypes } as Parameters<typeof hashStruct>[0]),
    },
  ];
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
