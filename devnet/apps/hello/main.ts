/**
 * The devnet demo Safe App: one button per bridge method, using Countersign's SDK (src/bridge/sdk). Results are
 * shown as JSON under each button (`<pre id="result-<name>" data-status="ok|error">`), so people and browser
 * tests read the same thing.
 */
import { SafeAppProvider, SafeAppsSdk, type SafeInfoExtended } from '../../../src/bridge/sdk/index.ts';

const sdk = new SafeAppsSdk({ timeouts: { read: 15_000, interactive: 600_000 } });
const state: { safe: SafeInfoExtended | null; safeTxHash: string; messageHash: string; signature: string; offChainSigning: boolean } = {
  safe: null,
  safeTxHash: '',
  messageHash: '',
  signature: '',
  offChainSigning: true,
};

const TYPED_DATA = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Greeting: [
      { name: 'text', type: 'string' },
      { name: 'count', type: 'uint256' },
    ],
  },
  primaryType: 'Greeting',
  domain: { name: 'Devnet Hello App', version: '1', chainId: 31337 },
  message: { text: 'Hello from the devnet app', count: 1 },
};

const safeAddress = (): string => {
  if (!state.safe) throw new Error('Call getSafeInfo first');
  return state.safe.safeAddress;
};

const stringify = (value: unknown): string => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? 'undefined';

interface Call {
  name: string;
  label: string;
  run(input: string): Promise<unknown>;
  /** A text field feeding `run` (prefilled from earlier answers). */
  field?: { label: string; value: () => string };
}

const CALLS: Call[] = [
  {
    name: 'getSafeInfo',
    label: 'getSafeInfo',
    run: async () => {
      state.safe = await sdk.safe.getInfo();
      return state.safe;
    },
  },
  { name: 'getChainInfo', label: 'getChainInfo', run: () => sdk.safe.getChainInfo() },
  { name: 'getEnvironmentInfo', label: 'getEnvironmentInfo', run: () => sdk.safe.getEnvironmentInfo() },
  { name: 'getSafeBalances', label: 'getSafeBalances (usd)', run: () => sdk.safe.experimental_getBalances({ currency: 'usd' }) },
  { name: 'eth_getBalance', label: 'rpcCall eth_getBalance (Safe)', run: async () => sdk.eth.getBalance([safeAddress()]) },
  { name: 'eth_getCode', label: 'rpcCall eth_getCode (Safe)', run: async () => (await sdk.eth.getCode([safeAddress()])).slice(0, 66) },
  { name: 'eth_getStorageAt', label: 'rpcCall eth_getStorageAt (slot 0 = singleton)', run: async () => sdk.eth.getStorageAt([safeAddress(), 0]) },
  { name: 'eth_getTransactionCount', label: 'rpcCall eth_getTransactionCount', run: async () => sdk.eth.getTransactionCount([safeAddress()]) },
  { name: 'eth_getBlockByNumber', label: 'rpcCall eth_getBlockByNumber (latest)', run: async () => {
    const block = await sdk.eth.getBlockByNumber(['latest']);
    return { number: block.number, hash: block.hash, timestamp: block.timestamp };
  } },
  {
    name: 'eth_getBlockByHash',
    label: 'rpcCall eth_getBlockByHash',
    field: { label: 'block hash', value: () => '' },
    run: async (hash) => {
      const block = await sdk.eth.getBlockByHash([hash]);
      return { number: block.number, hash: block.hash, timestamp: block.timestamp };
    },
  },
  { name: 'eth_gasPrice', label: 'rpcCall eth_gasPrice', run: () => sdk.eth.getGasPrice() },
  { name: 'eth_call', label: 'rpcCall eth_call (getThreshold)', run: async () => sdk.eth.call([{ to: safeAddress(), data: '0xe75235b8' }]) },
  { name: 'eth_estimateGas', label: 'rpcCall eth_estimateGas', run: async () => sdk.eth.getEstimateGas({ from: safeAddress(), to: safeAddress(), value: 0, data: '0x' }) },
  { name: 'eth_getLogs', label: 'rpcCall eth_getLogs (Safe, all blocks)', run: async () => {
    const logs = await sdk.eth.getPastLogs([{ address: safeAddress(), fromBlock: 'earliest', toBlock: 'latest' }]);
    return { count: logs.length };
  } },
  {
    name: 'sendTransactions',
    label: 'sendTransactions (0 ETH to the Safe itself)',
    run: async () => {
      const result = await sdk.txs.send({ txs: [{ to: safeAddress(), value: '0', data: '0x' }] });
      state.safeTxHash = result.safeTxHash;
      return result;
    },
  },
  {
    name: 'getTxBySafeTxHash',
    label: 'getTxBySafeTxHash',
    field: { label: 'safeTxHash', value: () => state.safeTxHash },
    run: async (hash) => {
      const tx = await sdk.txs.getBySafeTxHash(hash);
      return { txId: tx.txId, txStatus: tx.txStatus, safeAddress: tx.safeAddress };
    },
  },
  { name: 'eth_getTransactionByHash', label: 'rpcCall eth_getTransactionByHash', field: { label: 'tx hash', value: () => '' }, run: (hash) => sdk.eth.getTransactionByHash([hash]) },
  { name: 'eth_getTransactionReceipt', label: 'rpcCall eth_getTransactionReceipt', field: { label: 'tx hash', value: () => '' }, run: (hash) => sdk.eth.getTransactionReceipt([hash]) },
  {
    name: 'signMessage',
    label: 'signMessage "Hello from the devnet app"',
    run: async () => {
      const result = await sdk.txs.signMessage('Hello from the devnet app');
      state.messageHash = 'messageHash' in result ? result.messageHash : sdk.safe.calculateMessageHash('Hello from the devnet app');
      return result;
    },
  },
  { name: 'signTypedMessage', label: 'signTypedMessage (Greeting)', run: () => sdk.txs.signTypedMessage(TYPED_DATA) },
  {
    name: 'getOffChainSignature',
    label: 'getOffChainSignature',
    field: { label: 'messageHash', value: () => state.messageHash },
    run: async (hash) => {
      const signature = await sdk.safe.getOffChainSignature(hash);
      if (typeof signature === 'string' && signature) state.signature = signature;
      return signature;
    },
  },
  {
    name: 'isMessageSigned',
    label: 'isMessageSigned "Hello from the devnet app"',
    // Off-chain messages are checked with their prepared signature; on-chain ones (SignMessageLib) with '0x'.
    field: { label: 'signature', value: () => state.signature || '0x' },
    run: (signature) => sdk.safe.isMessageSigned('Hello from the devnet app', signature || '0x'),
  },
  {
    name: 'safe_setSettings',
    label: 'safe_setSettings (toggle offChainSigning)',
    run: async () => {
      const settings = await sdk.eth.setSafeSettings([{ offChainSigning: !state.offChainSigning }]);
      state.offChainSigning = settings.offChainSigning;
      return settings;
    },
  },
  { name: 'wallet_getPermissions', label: 'wallet_getPermissions', run: () => sdk.wallet.getPermissions() },
  { name: 'wallet_requestPermissions', label: 'wallet_requestPermissions (address book)', run: () => sdk.wallet.requestPermissions([{ requestAddressBook: {} }]) },
  { name: 'requestAddressBook', label: 'requestAddressBook', run: () => sdk.safe.requestAddressBook() },
  {
    name: 'provider',
    label: 'EIP-1193 provider: eth_accounts, eth_chainId',
    run: async () => {
      const info = state.safe ?? (await sdk.safe.getInfo());
      const provider = new SafeAppProvider(info, sdk);
      return { accounts: await provider.request({ method: 'eth_accounts' }), chainId: await provider.request({ method: 'eth_chainId' }) };
    },
  },
];

function render(): void {
  const container = document.getElementById('calls');
  if (!container) return;
  for (const call of CALLS) {
    const box = document.createElement('section');
    box.className = 'call';
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `call-${call.name}`;
    button.textContent = call.label;
    let input: HTMLInputElement | null = null;
    if (call.field) {
      const label = document.createElement('label');
      label.textContent = call.field.label;
      input = document.createElement('input');
      input.id = `input-${call.name}`;
      label.append(input);
      box.append(label);
    }
    const out = document.createElement('pre');
    out.id = `result-${call.name}`;
    out.setAttribute('aria-live', 'polite');
    button.addEventListener('click', () => {
      if (input && !input.value && call.field) input.value = call.field.value();
      out.dataset.status = 'pending';
      out.textContent = '…';
      call.run(input?.value.trim() ?? '').then(
        (value) => {
          out.dataset.status = 'ok';
          out.textContent = stringify(value);
        },
        (error: unknown) => {
          out.dataset.status = 'error';
          const e = error as { message?: string; code?: number };
          out.textContent = `Error: ${e.message ?? String(error)}${e.code !== undefined ? ` (code ${e.code})` : ''}`;
        },
      );
    });
    box.prepend(button);
    box.append(out);
    container.append(box);
  }
}

render();
const status = document.getElementById('status');
if (window.parent === window) {
  if (status) status.textContent = 'Open this app from Countersign (/apps) — it talks to the Safe through the host window.';
} else {
  sdk.safe.getInfo().then(
    (info) => {
      state.safe = info;
      if (status) status.textContent = `Connected to Safe ${info.safeAddress} on chain ${info.chainId}.`;
    },
    (error: unknown) => {
      if (status) status.textContent = `No answer from the host: ${(error as Error).message}`;
    },
  );
}
