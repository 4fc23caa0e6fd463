/**
 * The devnet SDK probe: a Safe App built with the PUBLISHED @safe-global/safe-apps-sdk (devDependency, 9.1.0),
 * not with Countersign's SDK, to prove the host is wire-compatible with it in the full app. Browser tests call
 * `window.probe.*` (each call settles to `{ ok, value }` or `{ ok: false, error, code }`); the last answer is
 * also shown on the page.
 */
import SafeAppsSDK from '@safe-global/safe-apps-sdk';

type Settled = { ok: true; value: unknown } | { ok: false; error: string; code?: number };

const sdk = new SafeAppsSDK({ debug: false });
const last = document.getElementById('last');
const status = document.getElementById('status');

const stringify = (value: unknown): string => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? 'undefined';

/** Every call's name as it starts and settles, so a test can say which request is still pending. */
const trace: string[] = [];

async function settle(promise: Promise<unknown>, name: string): Promise<Settled> {
  trace.push(`${name}…`);
  try {
    const value = await promise;
    trace.push(`${name} ok`);
    return { ok: true, value };
  } catch (error) {
    const e = error as { message?: string; code?: number };
    trace.push(`${name} failed`);
    return { ok: false, error: String(e.message ?? error), ...(e.code !== undefined ? { code: e.code } : {}) };
  }
}

async function shown<T>(result: Promise<T>): Promise<T> {
  const value = await result;
  if (last) last.textContent = stringify(value);
  return value;
}

interface ReadArgs {
  /** A Safe transaction in the gateway (getTxBySafeTxHash). */
  safeTxHash: string;
  /** A mined transaction hash (eth_getTransactionByHash / eth_getTransactionReceipt). */
  txHash: string;
  /** A block hash (eth_getBlockByHash). */
  blockHash: string;
}

/** Every read of the SDK, in order: the bridge's direct reads, then every rpcCall read method. */
async function reads(args: ReadArgs): Promise<Record<string, Settled>> {
  trace.push('getSafeInfo…');
  const safe = await sdk.safe.getInfo();
  trace.push('getSafeInfo ok');
  const address = safe.safeAddress;
  const r: Record<string, Settled> = {
    safe: { ok: true, value: safe },
    chain: await settle(sdk.safe.getChainInfo(), 'chain'),
    environment: await settle(sdk.safe.getEnvironmentInfo(), 'environment'),
    balances: await settle(sdk.safe.experimental_getBalances({ currency: 'usd' }), 'balances'),
    tx: await settle(sdk.txs.getBySafeTxHash(args.safeTxHash), 'tx'),
    permissions: await settle(sdk.wallet.getPermissions(), 'permissions'),
    eth_getBalance: await settle(sdk.eth.getBalance([address]), 'eth_getBalance'),
    eth_getCode: await settle(sdk.eth.getCode([address, 'latest']), 'eth_getCode'),
    eth_getStorageAt: await settle(sdk.eth.getStorageAt([address, 0]), 'eth_getStorageAt'),
    eth_getTransactionCount: await settle(sdk.eth.getTransactionCount([address]), 'eth_getTransactionCount'),
    eth_getBlockByNumber: await settle(sdk.eth.getBlockByNumber(['latest']), 'eth_getBlockByNumber'),
    eth_getBlockByHash: await settle(sdk.eth.getBlockByHash([args.blockHash]), 'eth_getBlockByHash'),
    eth_getTransactionByHash: await settle(sdk.eth.getTransactionByHash([args.txHash]), 'eth_getTransactionByHash'),
    eth_getTransactionReceipt: await settle(sdk.eth.getTransactionReceipt([args.txHash]), 'eth_getTransactionReceipt'),
    eth_gasPrice: await settle(sdk.eth.getGasPrice(), 'eth_gasPrice'),
    // getThreshold()
    eth_call: await settle(sdk.eth.call([{ from: address, to: address, data: '0xe75235b8' }]), 'eth_call'),
    eth_estimateGas: await settle(sdk.eth.getEstimateGas({ from: address, to: address, value: 0, data: '0x' }), 'eth_estimateGas'),
    eth_getLogs: await settle(sdk.eth.getPastLogs([{ address, fromBlock: 'earliest', toBlock: 'latest' }]), 'eth_getLogs'),
  };
  return shown(Promise.resolve(r));
}

const probe = {
  reads,
  requestPermissions: () => shown(settle(sdk.wallet.requestPermissions([{ requestAddressBook: {} }]), 'requestPermissions')),
  /** The SDK asks for the permission itself (wallet_getPermissions, then wallet_requestPermissions) when missing. */
  addressBook: () => shown(settle(sdk.safe.requestAddressBook(), 'requestAddressBook')),
  send: (txs: { to: string; value: string; data: string }[]) => shown(settle(sdk.txs.send({ txs }), 'sendTransactions')),
  signMessage: (message: string) => shown(settle(sdk.txs.signMessage(message), 'signMessage')),
  /** EIP-712 typed data as an app sends it (e.g. an ERC-2612 Permit, for whatever chain its domain names). */
  signTypedMessage: (typedData: Parameters<typeof sdk.txs.signTypedMessage>[0]) => shown(settle(sdk.txs.signTypedMessage(typedData), 'signTypedMessage')),
  /** The prepared signature of a SafeMessage hash, and what the Safe (EIP-1271) says about the message. */
  checkMessage: async (message: string, safeMessageHash: string) => {
    const signature = await settle(sdk.safe.getOffChainSignature(safeMessageHash), 'getOffChainSignature');
    const sig = signature.ok && typeof signature.value === 'string' ? signature.value : '0x';
    return shown(
      Promise.resolve({
        messageHash: sdk.safe.calculateMessageHash(message),
        signature,
        signedWithSignature: await settle(sdk.safe.isMessageSigned(message, sig), 'signedWithSignature'),
        signedWithoutSignature: await settle(sdk.safe.isMessageSigned(message), 'signedWithoutSignature'),
      }),
    );
  },
};

Object.assign(window, { probe, probeTrace: trace });

document.getElementById('run-reads')?.addEventListener('click', () => {
  void reads({ safeTxHash: `0x${'00'.repeat(32)}`, txHash: `0x${'00'.repeat(32)}`, blockHash: `0x${'00'.repeat(32)}` });
});

if (window.parent === window) {
  if (status) status.textContent = 'Open this app from Countersign (/apps) — it talks to the Safe through the host window.';
} else {
  sdk.safe.getInfo().then(
    (info) => {
      if (status) status.textContent = `Connected to Safe ${info.safeAddress} on chain ${info.chainId}.`;
      Object.assign(window, { probeReady: true });
    },
    (error: unknown) => {
      if (status) status.textContent = `No answer from the host: ${(error as Error).message}`;
    },
  );
}
