/**
 * The Ledger's device boundary (issue 19, decision 0066): what the EIP-1193 provider (ledgerProvider.ts) asks of the
 * device, implemented on Ledger's Device Management Kit in ledgerDmk.ts and by a fake replaying recorded exchanges in
 * tests/unit/wallet/ledgerProvider.test.ts. Types only and one small error class: no DMK code here.
 */
import type { DeviceErrorKind } from '../../../domain/wallet/signerDevice.ts';

/** The Ethereum account the module uses: the first of Ledger Live's standard derivation. */
export const LEDGER_ETH_PATH = "m/44'/60'/0'/0/0";

/** A signature as the Ethereum app returns it: r and s (0x-prefixed, 32 bytes each) and v. */
export interface EthSignatureParts {
  r: `0x${string}`;
  s: `0x${string}`;
  /** 27/28 for messages and typed data; 0/1 (or 27/28) as y-parity for an EIP-1559 transaction. */
  v: number;
}

/** EIP-712 typed data as eth_signTypedData_v4 carries it (parsed). */
export interface TypedDataV4 {
  domain: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

/** The Ethereum app on a connected Ledger. Every method rejects with an EthDeviceError. */
export interface EthDevice {
  getAddress(path: string): Promise<{ address: `0x${string}` }>;
  signTypedData(path: string, typedData: TypedDataV4): Promise<EthSignatureParts>;
  /** Signs the unsigned serialised transaction (an EIP-1559 envelope, `0x02 ‖ rlp([...])`). */
  signTransaction(path: string, unsignedSerializedTx: Uint8Array): Promise<EthSignatureParts>;
  signPersonalMessage(path: string, message: Uint8Array): Promise<EthSignatureParts>;
  /** Calls `listener` once when the device session is lost (unplugged, closed); returns the unsubscribe. */
  onDisconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/** What the device port rejects with: the contract's device error kind when it is one, else null (another failure). */
export class EthDeviceError extends Error {
  readonly kind: DeviceErrorKind | null;
  constructor(kind: DeviceErrorKind | null, message: string) {
    super(message);
    this.name = 'EthDeviceError';
    this.kind = kind;
  }
}
