// The Devnet Wallet's device profiles against a real anvil (issue 19): a transaction signed under a profile lands
// with exactly the nonce, gas and fees it was given; absent ones are filled from the RPC and the screen shows the
// filled transaction; a device that changes the fee lands with both fees 1 gwei higher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGwei, toHex, type Address, type Hex } from 'viem';
import { DEVNET_ACCOUNTS, connectDevnet, startAnvil, type AnvilHandle, type DevnetClients } from '../../devnet/chain/index.ts';
import { createDevnetWallet, type DevnetWalletProvider } from '../../src/dev/devnetWallet.ts';
import { executionDisplay } from '../../src/domain/wallet/deviceDisplay.ts';

const accounts = DEVNET_ACCOUNTS.slice(0, 3).map((a) => ({ address: a.address, privateKey: a.privateKey }));
const from = accounts[0]!.address;
const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF';

let anvil: AnvilHandle;
let c: DevnetClients;
let w: DevnetWalletProvider;

beforeAll(async () => {
  anvil = await startAnvil();
  c = await connectDevnet(anvil.rpcUrl);
  w = createDevnetWallet({ rpcUrl: anvil.rpcUrl, chainId: 31337, accounts, connected: true, device: { kind: 'ledger', display: 'hashes', name: 'Ledger' } });
});

afterAll(async () => {
  await anvil?.stop();
});

async function approveNext(): Promise<void> {
  for (let i = 0; i < 400 && !w.device.screen; i++) await new Promise((r) => setTimeout(r, 5));
  expect(w.approveOnDevice()).toBe(true);
}

describe('Devnet Wallet device profile on anvil', () => {
  it('a transaction signed under a profile lands with exactly the given nonce, gas and fees', async () => {
    const nonce = await c.publicClient.getTransactionCount({ address: from });
    const block = await c.publicClient.getBlock();
    const maxPriorityFeePerGas = parseGwei('1.25');
    const maxFeePerGas = (block.baseFeePerGas ?? 0n) * 3n + maxPriorityFeePerGas + 7n;
    const gas = 54_321n;
    const request = { from, to: RECIPIENT, value: toHex(1234n), data: '0xc0ffee', nonce: toHex(nonce), gas: toHex(gas), maxFeePerGas: toHex(maxFeePerGas), maxPriorityFeePerGas: toHex(maxPriorityFeePerGas) };
    const pending = w.request({ method: 'eth_sendTransaction', params: [request] });
    await approveNext();
    const hash = (await pending) as Hex;
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const tx = await c.publicClient.getTransaction({ hash });
    expect({ type: tx.type, nonce: tx.nonce, gas: tx.gas, maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas, value: tx.value, input: tx.input }).toEqual({
      type: 'eip1559',
      nonce,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
      value: 1234n,
      input: '0xc0ffee',
    });
    expect(tx.from.toLowerCase()).toBe(from.toLowerCase());
    expect(tx.to?.toLowerCase()).toBe(RECIPIENT.toLowerCase());
  });

  it('fills only what is absent from the RPC, and shows the filled transaction', async () => {
    const nonce = await c.publicClient.getTransactionCount({ address: from });
    const pending = w.request({ method: 'eth_sendTransaction', params: [{ from, to: RECIPIENT, value: '0x1', gas: toHex(30_000) }] });
    for (let i = 0; i < 400 && !w.device.screen; i++) await new Promise((r) => setTimeout(r, 5));
    const lines = w.device.screen?.lines ?? [];
    w.approveOnDevice();
    const hash = (await pending) as Hex;
    await c.publicClient.waitForTransactionReceipt({ hash });
    const tx = await c.publicClient.getTransaction({ hash });
    expect(tx.nonce).toBe(nonce);
    expect(tx.gas).toBe(30_000n);
    expect(lines).toEqual(
      executionDisplay({ chainId: 31337, nonce, gas: 30_000n, maxFeePerGas: tx.maxFeePerGas!, maxPriorityFeePerGas: tx.maxPriorityFeePerGas!, to: RECIPIENT, value: 1n, data: '0x' }),
    );
  });

  it('a device that changes the fee lands with both fees 1 gwei higher, all else as given', async () => {
    w.setDevice({ kind: 'ledger', display: 'hashes', name: 'Ledger', changesFees: true });
    const nonce = await c.publicClient.getTransactionCount({ address: from });
    const maxPriorityFeePerGas = parseGwei('1');
    const maxFeePerGas = parseGwei('5');
    const pending = w.request({
      method: 'eth_sendTransaction',
      params: [{ from, to: RECIPIENT, value: '0x2', nonce: toHex(nonce), gas: toHex(21_000), maxFeePerGas: toHex(maxFeePerGas), maxPriorityFeePerGas: toHex(maxPriorityFeePerGas) }],
    });
    await approveNext();
    const hash = (await pending) as Hex;
    expect((await c.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    const tx = await c.publicClient.getTransaction({ hash });
    expect({ nonce: tx.nonce, gas: tx.gas, maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas, value: tx.value }).toEqual({
      nonce,
      gas: 21_000n,
      maxFeePerGas: maxFeePerGas + parseGwei('1'),
      maxPriorityFeePerGas: maxPriorityFeePerGas + parseGwei('1'),
      value: 2n,
    });
  });
});
