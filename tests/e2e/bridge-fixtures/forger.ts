/**
 * A hostile page: as a second iframe it posts forged requests to its parent (the host), as a popup to its
 * opener. The requests are well-formed (what the real SDK would send), so only the source check stops them.
 */
const received: unknown[] = [];
window.addEventListener('message', (event) => received.push(event.data));

function forge(count: number): string[] {
  const target = window.opener ?? window.parent;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `forged${i}`;
    ids.push(id);
    const method = ['getSafeInfo', 'sendTransactions', 'wallet_requestPermissions', 'rpcCall'][i % 4];
    const params =
      method === 'sendTransactions'
        ? { txs: [{ to: '0x000000000000000000000000000000000000dEaD', value: '1', data: '0x' }] }
        : method === 'wallet_requestPermissions'
          ? [{ requestAddressBook: {} }]
          : method === 'rpcCall'
            ? { call: 'eth_getBalance', params: ['0x000000000000000000000000000000000000dEaD', 'latest'] }
            : undefined;
    (target as Window).postMessage({ id, method, params, env: { sdkVersion: '9.1.0' } }, '*');
  }
  return ids;
}

Object.assign(window, { forge, received, forgerReady: true });
