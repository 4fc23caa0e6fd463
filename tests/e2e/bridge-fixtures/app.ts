/**
 * App page of the bridge interop test, inside the host's iframe. `?sdk=real` uses the published
 * @safe-global/safe-apps-sdk 9.1.0, `?sdk=ours` our SDK (src/bridge/sdk). Both expose the same calls.
 */
import RealSafeAppsSdk from '@safe-global/safe-apps-sdk';
import { SafeAppProvider, SafeAppsSdk } from '../../../src/bridge/sdk/index.ts';
import { MESSAGE_HASH, SAFE_TX_HASH } from '../../unit/bridge/fixtures.ts';

const query = new URLSearchParams(location.search);
const which = query.get('sdk') ?? 'real';
const hostOrigin = query.get('host') ?? '';
const escaped = hostOrigin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const allowedDomains = [new RegExp(`^${escaped}$`)];

const sdk = which === 'real' ? new RealSafeAppsSdk({ allowedDomains }) : new SafeAppsSdk({ allowedDomains });

/** Messages this window received from anyone (to prove forged traffic is never answered). */
const received: unknown[] = [];
window.addEventListener('message', (event) => received.push(event.data));

const settle = async (promise: Promise<unknown>): Promise<{ ok: true; value: unknown } | { ok: false; error: string; code?: number }> => {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    const e = error as { message?: string; code?: number };
    return { ok: false, error: String(e.message), ...(e.code !== undefined ? { code: e.code } : {}) };
  }
};

async function runReads() {
  return {
    safe: await settle(sdk.safe.getInfo()),
    chain: await settle(sdk.safe.getChainInfo()),
    environment: await settle(sdk.safe.getEnvironmentInfo()),
    balances: await settle(sdk.safe.experimental_getBalances({ currency: 'eur' })),
    tx: await settle(sdk.txs.getBySafeTxHash(SAFE_TX_HASH)),
    offChainSignature: await settle(sdk.safe.getOffChainSignature(MESSAGE_HASH)),
    unknownSignature: await settle(sdk.safe.getOffChainSignature(`0x${'99'.repeat(32)}`)),
    balance: await settle(sdk.eth.getBalance(['0xABCDEFabcdef0000000000000000000000000001'])),
    code: await settle(sdk.eth.getCode(['0xABCDEFabcdef0000000000000000000000000001', 'earliest'])),
    storage: await settle(sdk.eth.getStorageAt(['0xABCDEFabcdef0000000000000000000000000001', 10])),
    block: await settle(sdk.eth.getBlockByNumber([16])),
    blockByHash: await settle(sdk.eth.getBlockByHash([SAFE_TX_HASH])),
    txByHash: await settle(sdk.eth.getTransactionByHash([SAFE_TX_HASH])),
    receipt: await settle(sdk.eth.getTransactionReceipt([SAFE_TX_HASH])),
    count: await settle(sdk.eth.getTransactionCount(['0xABCDEFabcdef0000000000000000000000000001'])),
    gasPrice: await settle(sdk.eth.getGasPrice()),
    logs: await settle(sdk.eth.getPastLogs([{ fromBlock: 'latest' }])),
    estimate: await settle(sdk.eth.getEstimateGas({ to: '0xABCDEFabcdef0000000000000000000000000001', data: '0x' })),
    call: await settle(sdk.eth.call([{ to: '0xABCDEFabcdef0000000000000000000000000001', data: '0x' }])),
    permissions: await settle(sdk.wallet.getPermissions()),
    messageSigned: await settle(sdk.safe.isMessageHashSigned(MESSAGE_HASH, '0x')),
  };
}

async function runActions() {
  return {
    send: await settle(sdk.txs.send({ txs: [{ to: '0xabcdefabcdef0000000000000000000000000001', value: '1000', data: '0x' }] })),
    rejected: await settle(sdk.txs.send({ txs: [{ to: '0xabcdefabcdef0000000000000000000000000001', value: '0', data: '0xdead' }] })),
    signMessage: await settle(sdk.txs.signMessage('hello safe')),
    settings: await settle(sdk.eth.setSafeSettings([{ offChainSigning: false }])),
    signOnChain: await settle(sdk.txs.signMessage('hello chain')),
    addressBook: await settle(sdk.safe.requestAddressBook()),
    permissionsAfter: await settle(sdk.wallet.getPermissions()),
  };
}

/** Our SDK only: the EIP-1193 provider over it. */
async function runProvider() {
  if (!(sdk instanceof SafeAppsSdk)) throw new Error('provider runs on our SDK');
  const info = await sdk.safe.getInfo();
  const provider = new SafeAppProvider(info, sdk);
  return {
    accounts: await settle(provider.request({ method: 'eth_accounts' })),
    chainId: await settle(provider.request({ method: 'eth_chainId' })),
    balance: await settle(provider.request({ method: 'eth_getBalance', params: ['0xABCDEFabcdef0000000000000000000000000001', 'latest'] })),
    send: await settle(provider.request({ method: 'eth_sendTransaction', params: [{ to: '0xabcdefabcdef0000000000000000000000000001', gas: '0x5208' }] })),
    notImplemented: await settle(provider.request({ method: 'eth_sendRawTransaction', params: ['0x00'] })),
  };
}

Object.assign(window, { runReads, runActions, runProvider, received, appReady: true });
