// The Devnet Wallet against a real anvil: eth_sendTransaction is signed locally and mined; reads are forwarded;
// RPC errors keep their code; a signed SafeTx from the wallet is accepted by a real Safe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, toHex, type Address, type Hex } from 'viem';
import {
  DEVNET_ACCOUNTS,
  buildSafeTx,
  connectDevnet,
  createSafe,
  deploySafeContracts,
  safeAbi,
  safeTxHash,
  safeTxTypedData,
  startAnvil,
  type AnvilHandle,
  type DevnetClients,
} from '../../devnet/chain/index.ts';
import { ProviderRpcError, createDevnetWallet, type DevnetWalletProvider } from '../../src/dev/devnetWallet.ts';

const accounts = DEVNET_ACCOUNTS.slice(0, 3).map((a) => ({ address: a.address, privateKey: a.privateKey }));
const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF';

let anvil: AnvilHandle;
let c: DevnetClients;
let w: DevnetWalletProvider;

beforeAll(async () => {
  anvil = await startAnvil();
  c = await connectDevnet(anvil.rpcUrl);
  w = createDevnetWallet({ rpcUrl: anvil.rpcUrl, chainId: 31337, accounts });
  await w.request({ method: 'eth_requestAccounts' });
});

afterAll(async () => {
  await anvil?.stop();
});

describe('Devnet Wallet on anvil', () => {
  it('forwards reads to the RPC', async () => {
    expect(await w.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/);
    expect(await w.request({ method: 'eth_getBalance', params: [accounts[0]?.address, 'latest'] })).toBe(toHex(parseEther('10000')));
    expect(await w.request({ method: 'web3_clientVersion' })).toMatch(/^anvil\//);
  });

  it('keeps the RPC error code of a failing forwarded call', async () => {
    const err = await w.request({ method: 'eth_thisMethodDoesNotExist', params: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRpcError);
    expect((err as ProviderRpcError).code).toBe(-32601);
  });

  it('signs eth_sendTransaction locally and the transfer is mined from the selected account', async () => {
    w.selectAccount(1);
    const from = accounts[1]?.address;
    const hash = (await w.request({ method: 'eth_sendTransaction', params: [{ from, to: RECIPIENT, value: toHex(parseEther('1.25')) }] })) as Hex;
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(from?.toLowerCase());
    expect(await c.publicClient.getBalance({ address: RECIPIENT })).toBe(parseEther('1.25'));
    // A legacy gasPrice transaction works too.
    const hash2 = (await w.request({ method: 'eth_sendTransaction', params: [{ from, to: RECIPIENT, value: '0x1', gasPrice: toHex(3_000_000_000n) }] })) as Hex;
    expect((await c.publicClient.waitForTransactionReceipt({ hash: hash2 })).status).toBe('success');
    w.selectAccount(0);
  });

  it('refuses eth_sendTransaction from an address it does not hold', async () => {
    const err = await w.request({ method: 'eth_sendTransaction', params: [{ from: DEVNET_ACCOUNTS[9]?.address, to: RECIPIENT, value: '0x1' }] }).catch((e: unknown) => e);
    expect((err as ProviderRpcError).code).toBe(4100);
  });

  it('its eth_signTypedData_v4 signatures execute a real 2-of-3 Safe transaction', async () => {
    await deploySafeContracts(anvil.rpcUrl);
    const owners = accounts.map((a) => a.address);
    const safe = await createSafe(anvil.rpcUrl, { owners, threshold: 2, saltNonce: 42n });
    await c.publicClient.waitForTransactionReceipt({
      hash: (await w.request({ method: 'eth_sendTransaction', params: [{ from: owners[0], to: safe, value: toHex(parseEther('2')) }] })) as Hex,
    });
    const tx = buildSafeTx({ to: RECIPIENT, value: parseEther('0.5'), nonce: 0n });
    const typed = safeTxTypedData(31337, safe, tx);
    const json = JSON.stringify({
      types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], ...typed.types },
      primaryType: typed.primaryType,
      domain: typed.domain,
      message: Object.fromEntries(Object.entries(typed.message).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v])),
    });
    const sigs: { owner: Address; sig: Hex }[] = [];
    for (const i of [0, 2]) {
      w.selectAccount(i);
      const owner = owners[i] as Address;
      sigs.push({ owner, sig: (await w.request({ method: 'eth_signTypedData_v4', params: [owner, json] })) as Hex });
    }
    sigs.sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : 1));
    const signatures = `0x${sigs.map((s) => s.sig.slice(2)).join('')}` as Hex;
    const before = await c.publicClient.getBalance({ address: RECIPIENT });
    const hash = await c.wallet(DEVNET_ACCOUNTS[3]?.privateKey ?? '0x').writeContract({
      address: safe,
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures],
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const success = receipt.logs.find((l) => l.address.toLowerCase() === safe.toLowerCase() && l.topics[1] === safeTxHash(31337, safe, tx));
    expect(success).toBeDefined();
    expect((await c.publicClient.getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.5'));
    w.selectAccount(0);
  });
});
