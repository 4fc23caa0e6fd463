/**
 * What a Keystone is sent and shows for an EIP-712 signature (src/domain/wallet/deviceDisplay.ts, decision 0079):
 * the request's text is exactly the one viem's signTypedData puts in eth_signTypedData_v4 (checked against a real
 * viem wallet client whose transport records the request), the object handed to the SDK encodes back to that text,
 * and the lines the on-device step shows are computed from that same object, with the hashes that make the
 * safeTxHash.
 */
import { describe, expect, it } from 'vitest';
import { createWalletClient, custom, getAddress, hashDomain, hashTypedData, type Address, type TypedDataDefinition } from 'viem';
import { safeTxHashes, safeTxTypedData } from '../../../src/domain/safe/hashing.ts';
import { keystoneTypedDataDisplay, keystoneTypedDataRequest, typedDataDisplay } from '../../../src/domain/wallet/deviceDisplay.ts';

const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
const ctx = { chainId: 31337, safeAddress: '0x599C86d40e80ac8D0a4B7b19642457A73333d91f' as Address, version: '1.4.1' };
const tx = {
  to: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35' as Address,
  value: 0n,
  data: '0xa9059cbb00000000000000000000000090f79bf6eb2c4f870365e785982e1f101e93b90600000000000000000000000000000000000000000000000000000000004c4b40' as const,
  operation: 0 as const,
  safeTxGas: 0n,
  baseGas: 0n,
  gasPrice: 0n,
  gasToken: '0x0000000000000000000000000000000000000000' as Address,
  refundReceiver: '0x0000000000000000000000000000000000000000' as Address,
  nonce: 3n,
};
const safeTx = safeTxTypedData(ctx, tx) as unknown as TypedDataDefinition;

/** The JSON viem's signTypedData sends for `typed` (a JSON-RPC account: the request goes to the transport). */
async function sentByViem(typed: TypedDataDefinition): Promise<string> {
  let sent: string | null = null;
  const client = createWalletClient({
    account: OWNER,
    transport: custom({
      async request({ method, params }: { method: string; params: unknown[] }) {
        if (method !== 'eth_signTypedData_v4') throw new Error(method);
        sent = params[1] as string;
        return `0x${'11'.repeat(65)}`;
      },
    }),
  });
  await client.signTypedData(typed as Parameters<typeof client.signTypedData>[0]);
  return sent!;
}

describe('keystoneTypedDataRequest', () => {
  it('builds exactly the text eth_signTypedData_v4 carries, from the app’s typed data or from that text', async () => {
    const json = await sentByViem(safeTx);
    expect(keystoneTypedDataRequest(safeTx).signData).toBe(json);
    expect(keystoneTypedDataRequest(json).signData).toBe(json);
    expect(keystoneTypedDataRequest(JSON.parse(json) as TypedDataDefinition).signData).toBe(json);
  });

  it('hands the SDK an object that encodes back to those bytes (the SDK applies JSON.stringify)', () => {
    const request = keystoneTypedDataRequest(safeTx);
    expect(JSON.stringify(request.typedData)).toBe(request.signData);
    expect(Object.keys(request.typedData)).toEqual(['domain', 'message', 'primaryType', 'types']);
    expect(request.typedData.types.EIP712Domain).toEqual([
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ]);
    // Addresses in lower case and integers as decimal strings, as viem serialises them.
    expect(request.typedData.domain).toEqual({ chainId: 31337, verifyingContract: ctx.safeAddress.toLowerCase() });
    expect(request.typedData.message.nonce).toBe('3');
    expect(request.typedData.message.to).toBe(tx.to.toLowerCase());
  });

  it('keeps an EIP712Domain type the typed data gives (a named, versioned domain)', async () => {
    const typed = {
      domain: { name: 'Permit', version: '1', chainId: 1, verifyingContract: getAddress('0x' + 'ab'.repeat(20)) },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'Hello' },
    } as unknown as TypedDataDefinition;
    expect(keystoneTypedDataRequest(typed).signData).toBe(await sentByViem(typed));
  });
});

describe('keystoneTypedDataDisplay', () => {
  it('a SafeTx: its domain, the primary type, the three hashes the Keystone shows, then each field as the QR has it', () => {
    const lines = keystoneTypedDataDisplay(safeTx);
    const hashes = safeTxHashes(ctx, tx);
    expect(lines).toEqual([
      { label: 'Chain ID', value: '31337' },
      { label: 'Verifying contract', value: ctx.safeAddress.toLowerCase() },
      { label: 'Primary type', value: 'SafeTx' },
      { label: 'Domain hash', value: hashDomain({ domain: safeTx.domain!, types: { EIP712Domain: keystoneTypedDataRequest(safeTx).typedData.types.EIP712Domain! } } as Parameters<typeof hashDomain>[0]) },
      { label: 'Message hash', value: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
      { label: 'Safe tx hash', value: hashes.safeTxHash },
      { label: 'to', value: tx.to.toLowerCase() },
      { label: 'value', value: '0' },
      { label: 'data', value: tx.data },
      { label: 'operation', value: '0' },
      { label: 'safeTxGas', value: '0' },
      { label: 'baseGas', value: '0' },
      { label: 'gasPrice', value: '0' },
      { label: 'gasToken', value: tx.gasToken },
      { label: 'refundReceiver', value: tx.refundReceiver },
      { label: 'nonce', value: '3' },
    ]);
    expect(lines.find((l) => l.label === 'Safe tx hash')!.value).toBe(hashTypedData(safeTx));
    expect(lines.find((l) => l.label === 'Domain hash')!.value).toBe(hashes.domainHash);
    expect(lines.find((l) => l.label === 'Message hash')!.value).toBe(hashes.messageHash);
  });

  it('is what the on-device step shows for a device that reads QR codes, from the app’s typed data or the request’s JSON', async () => {
    expect(typedDataDisplay('qr', safeTx)).toEqual(keystoneTypedDataDisplay(safeTx));
    expect(keystoneTypedDataDisplay(await sentByViem(safeTx))).toEqual(keystoneTypedDataDisplay(safeTx));
  });

  it('other typed data: the named domain (version as the Keystone writes it) and the fields, no hashes', () => {
    const typed = {
      domain: { name: 'Safe Message', version: '1.4.1', chainId: 100n, verifyingContract: ctx.safeAddress },
      types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'SafeMessage',
      message: { message: '0x1234' },
    } as unknown as TypedDataDefinition;
    expect(keystoneTypedDataDisplay(typed)).toEqual([
      { label: 'Name', value: 'Safe Message' },
      { label: 'Version', value: 'v1.4.1' },
      { label: 'Chain ID', value: '100' },
      { label: 'Verifying contract', value: ctx.safeAddress.toLowerCase() },
      { label: 'Primary type', value: 'SafeMessage' },
      { label: 'message', value: '0x1234' },
    ]);
  });
});
