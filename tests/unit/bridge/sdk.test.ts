/** Our app-side SDK and provider against a scripted parent window: wire format, filter, every text, timeouts. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS_REQUEST_REJECTED, PermissionsError, SafeAppProvider, SafeAppsSdk, type AppWindowLike } from '../../../src/bridge/sdk/index.ts';
import type { RequestEnvelope } from '../../../src/machines/bridgeRequest/bridgeRequest.protocol.ts';
import { HOST_ORIGIN, SAFE_ADDRESS, SAFE_TX_HASH } from '../../../src/machines/bridgeRequest/bridgeRequest.samples.ts';

type Answer = { data: unknown } | { error: string } | 'silent';
type Handler = (request: RequestEnvelope) => Answer;

function scriptedHost(handler: Handler, reply: { origin?: string; version?: unknown; fromParent?: boolean } = {}) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const requests: { request: RequestEnvelope; targetOrigin: string }[] = [];
  const parent = {
    postMessage(message: unknown, targetOrigin: string) {
      const request = message as RequestEnvelope;
      requests.push({ request, targetOrigin });
      const answer = handler(request);
      if (answer === 'silent') return;
      const version = 'version' in reply ? (reply.version === undefined ? {} : { version: reply.version }) : { version: '9.1.0' };
      const data = 'data' in answer ? { id: request.id, success: true, ...version, data: answer.data } : { id: request.id, success: false, ...version, error: answer.error };
      queueMicrotask(() => deliver(data, reply.fromParent === false ? {} : parent, reply.origin ?? HOST_ORIGIN));
    },
  };
  const deliver = (data: unknown, source: unknown, origin: string) => listeners.forEach((l) => l({ data, source, origin } as unknown as MessageEvent));
  const win: AppWindowLike = { parent, addEventListener: (_t, l) => void listeners.add(l), removeEventListener: (_t, l) => void listeners.delete(l) };
  return { win, requests, deliver, parent };
}

const fixedCrypto = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => (new Uint8Array((array as unknown as Uint8Array).buffer).fill(0xab), array) };
const sdkWith = (handler: Handler, reply?: Parameters<typeof scriptedHost>[1], options: ConstructorParameters<typeof SafeAppsSdk>[0] = {}) => {
  const host = scriptedHost(handler, reply);
  return { host, sdk: new SafeAppsSdk({ window: host.win, crypto: fixedCrypto as unknown as Crypto, ...options }) };
};

afterEach(() => void vi.useRealTimers());

describe('wire format and message filter', () => {
  it('posts {id, method, params, env: {sdkVersion}} to the parent and resolves with data', async () => {
    const { host, sdk } = sdkWith(() => ({ data: { origin: HOST_ORIGIN } }));
    await expect(sdk.safe.getEnvironmentInfo()).resolves.toEqual({ origin: HOST_ORIGIN });
    expect(host.requests).toEqual([{ request: { id: 'ab'.repeat(10), method: 'getEnvironmentInfo', params: undefined, env: { sdkVersion: '9.1.0' } }, targetOrigin: '*' }]);
  });
  it('request ids are 10 random bytes in hex', async () => {
    const host = scriptedHost(() => ({ data: null }));
    const sdk = new SafeAppsSdk({ window: host.win });
    await Promise.all([sdk.safe.getInfo(), sdk.safe.getInfo()]);
    const [a, b] = host.requests.map((r) => r.request.id);
    expect(a).toMatch(/^[0-9a-f]{20}$/);
    expect(a).not.toBe(b);
  });
  it('a failed host response rejects with the host’s text', async () => {
    const { sdk } = sdkWith(() => ({ error: 'Transaction was rejected' }));
    await expect(sdk.txs.send({ txs: [{ to: SAFE_ADDRESS, value: '0', data: '0x' }] })).rejects.toThrow(new Error('Transaction was rejected'));
  });
  it.each([
    ['not from the parent', { fromParent: false }],
    ['without a version', { version: undefined as unknown as string }],
    ['with a version major below 1', { version: '0.9.0' }],
    ['with a non-numeric version', { version: 'v9' }],
  ])('ignores replies %s', async (_label, reply) => {
    vi.useFakeTimers();
    const { sdk } = sdkWith(() => ({ data: 1 }), reply);
    const result = sdk.safe.getInfo().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe('getSafeInfo timed out after 10000 ms');
  });
  it('with allowedDomains, accepts only matching origins', async () => {
    vi.useFakeTimers();
    const allowedDomains = [/^https:\/\/wallet\.example$/];
    const ok = sdkWith(() => ({ data: 'yes' }), {}, { allowedDomains });
    await expect(ok.sdk.safe.getOffChainSignature('0x')).resolves.toBe('yes');
    const evil = sdkWith(() => ({ data: 'yes' }), { origin: 'https://evil.example' }, { allowedDomains });
    const result = evil.sdk.safe.getOffChainSignature('0x').catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe('getOffChainSignature timed out after 10000 ms');
  });
  it('survives hostile messages (null data, primitives, unknown ids)', async () => {
    const { host, sdk } = sdkWith(() => 'silent');
    const pending = sdk.safe.getInfo();
    for (const data of [null, undefined, 42, 'x', { version: '9.1.0' }, { version: '9.1.0', id: 'other', success: true }]) host.deliver(data, host.parent, HOST_ORIGIN);
    expect(sdk.communicator.pendingCount()).toBe(1);
    host.deliver({ id: host.requests[0]!.request.id, success: true, version: '1.0.0', data: 'late' }, host.parent, HOST_ORIGIN);
    await expect(pending).resolves.toBe('late');
  });
  it('interactive requests wait for the user; reads time out (configurable)', async () => {
    vi.useFakeTimers();
    const { sdk } = sdkWith(() => 'silent', {}, { timeouts: { read: 50, interactive: null } });
    let settled = false;
    void sdk.txs.signMessage('hi').finally(() => (settled = true));
    const read = sdk.eth.getGasPrice().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(1_000_000);
    await expect(read).resolves.toBe('rpcCall timed out after 50 ms');
    expect(settled).toBe(false);
  });
  it('without a window: "Window doesn\'t exist"', async () => {
    const sdk = new SafeAppsSdk({ window: { parent: null, addEventListener: () => {}, removeEventListener: () => {} } });
    await expect(sdk.safe.getInfo()).rejects.toThrow("Window doesn't exist");
  });
});

describe('validation texts (product-spec §5)', () => {
  const never: Handler = () => {
    throw new Error('must not post');
  };
  it('No transactions were passed', async () => {
    const { sdk } = sdkWith(never);
    await expect(sdk.txs.send({ txs: [] })).rejects.toThrow('No transactions were passed');
  });
  it('Invalid safeTxHash', async () => {
    const { sdk } = sdkWith(never);
    await expect(sdk.txs.getBySafeTxHash('')).rejects.toThrow('Invalid safeTxHash');
  });
  it('Invalid typed data', async () => {
    const { sdk } = sdkWith(never);
    await expect(sdk.txs.signTypedMessage({ domain: {}, types: {} } as never)).rejects.toThrow('Invalid typed data');
  });
  it('Please specify primaryType unless exactly one root type is inferable', () => {
    const { sdk } = sdkWith(never);
    const types = { Person: [{ name: 'name', type: 'string' }], Mail: [{ name: 'from', type: 'Person' }] };
    expect(sdk.safe.calculateTypedMessageHash({ domain: { chainId: 1 }, types, message: { from: { name: 'a' } } })).toMatch(/^0x[0-9a-f]{64}$/);
    expect(() => sdk.safe.calculateTypedMessageHash({ domain: {}, types: { ...types, EIP712Domain: [] }, message: {} })).toThrow('Please specify primaryType');
    expect(() => sdk.safe.calculateTypedMessageHash({ domain: {}, types: { A: [], B: [] }, message: {} })).toThrow('Please specify primaryType');
  });
  it('Invalid message type', async () => {
    const { sdk } = sdkWith(never);
    await expect(sdk.safe.isMessageSigned(42 as never)).rejects.toThrow('Invalid message type');
  });
  it('Permissions request is invalid (4001), before posting', async () => {
    const { sdk } = sdkWith(never);
    const error = await sdk.wallet.requestPermissions([{ eth_accounts: {} }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionsError);
    expect(error).toMatchObject({ message: 'Permissions request is invalid', code: PERMISSIONS_REQUEST_REJECTED });
  });
  it('Permissions rejected (4001) when the host refuses', async () => {
    const { sdk } = sdkWith(() => ({ error: 'Permissions were rejected' }));
    await expect(sdk.wallet.requestPermissions([{ requestAddressBook: {} }])).rejects.toMatchObject({ message: 'Permissions rejected', code: 4001 });
  });
  it('requestAddressBook asks for the permission when missing, then reads; fails with 4001 if still missing', async () => {
    const granted = [{ invoker: 'x', parentCapability: 'requestAddressBook' }];
    const ok = sdkWith((r) => (r.method === 'wallet_getPermissions' ? { data: [] } : r.method === 'wallet_requestPermissions' ? { data: granted } : { data: [{ address: SAFE_ADDRESS, name: 'a', chainId: '1' }] }));
    await expect(ok.sdk.safe.requestAddressBook()).resolves.toEqual([{ address: SAFE_ADDRESS, name: 'a', chainId: '1' }]);
    expect(ok.host.requests.map((r) => r.request.method)).toEqual(['wallet_getPermissions', 'wallet_requestPermissions', 'requestAddressBook']);
    const refused = sdkWith((r) => ({ data: r.method === 'wallet_getPermissions' ? [] : [] }));
    await expect(refused.sdk.safe.requestAddressBook()).rejects.toMatchObject({ message: 'Permissions rejected', code: 4001 });
    expect(refused.host.requests.map((r) => r.request.method)).toEqual(['wallet_getPermissions', 'wallet_requestPermissions']);
  });
});

describe('signature checks (magic values)', () => {
  const info = { safeAddress: SAFE_ADDRESS, chainId: 1 };
  const checker = (results: (string | Error)[]) => {
    const calls: unknown[] = [];
    return {
      calls,
      handler: ((r: RequestEnvelope) => {
        if (r.method === 'getSafeInfo') return { data: info };
        calls.push(r.params);
        const next = results.shift();
        return next instanceof Error ? { error: next.message } : { data: next };
      }) as Handler,
    };
  };
  it('true on 0x1626ba7e (hash form), via eth_call to the Safe at latest', async () => {
    const c = checker([`0x1626ba7e${'0'.repeat(56)}`]);
    const { sdk } = sdkWith(c.handler);
    await expect(sdk.safe.isMessageHashSigned(SAFE_TX_HASH)).resolves.toBe(true);
    expect(c.calls).toEqual([{ call: 'eth_call', params: [{ to: SAFE_ADDRESS, data: expect.stringMatching(/^0x1626ba7e/) }, 'latest'] }]);
  });
  it('true on 0x20c13b0b (bytes form) when the hash form fails', async () => {
    const c = checker([new Error('reverted'), `0x20c13b0b${'0'.repeat(56)}`]);
    const { sdk } = sdkWith(c.handler);
    await expect(sdk.safe.isMessageSigned('hello', '0x')).resolves.toBe(true);
    expect((c.calls[1] as { params: [{ data: string }] }).params[0].data).toMatch(/^0x20c13b0b/);
  });
  it('false otherwise (wrong magic, swapped magic, errors)', async () => {
    const { sdk } = sdkWith(checker([`0x20c13b0b${'0'.repeat(56)}`, `0x1626ba7e${'0'.repeat(56)}`]).handler);
    await expect(sdk.safe.isMessageHashSigned(SAFE_TX_HASH)).resolves.toBe(false);
    const { sdk: failing } = sdkWith(checker([new Error('x'), new Error('y')]).handler);
    await expect(failing.safe.isMessageHashSigned(SAFE_TX_HASH)).resolves.toBe(false);
  });
});

describe('eth formatting', () => {
  it('defaults and hex conversion as the real SDK', async () => {
    const { host, sdk } = sdkWith(() => ({ data: '0x0' }));
    await sdk.eth.getBalance([SAFE_ADDRESS]);
    await sdk.eth.getStorageAt([SAFE_ADDRESS, 255]);
    await sdk.eth.getBlockByNumber([16]);
    await sdk.eth.getBlockByHash([SAFE_TX_HASH, true]);
    await sdk.eth.getGasPrice();
    await sdk.eth.setSafeSettings([{ offChainSigning: false }]);
    expect(host.requests.map((r) => r.request.params)).toEqual([
      { call: 'eth_getBalance', params: [SAFE_ADDRESS, 'latest'] },
      { call: 'eth_getStorageAt', params: [SAFE_ADDRESS, '0xff', 'latest'] },
      { call: 'eth_getBlockByNumber', params: ['0x10', false] },
      { call: 'eth_getBlockByHash', params: [SAFE_TX_HASH, true] },
      { call: 'eth_gasPrice', params: [] },
      { call: 'safe_setSettings', params: [{ offChainSigning: false }] },
    ]);
  });
});

describe('EIP-1193 provider', () => {
  const safe = { safeAddress: SAFE_ADDRESS, chainId: 31337 };
  const providerWith = (handler: Handler) => {
    const { host, sdk } = sdkWith(handler);
    return { host, provider: new SafeAppProvider(safe, sdk) };
  };
  it('accounts and chain id', async () => {
    const { provider } = providerWith(() => 'silent');
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([SAFE_ADDRESS]);
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69');
    await expect(provider.request({ method: 'net_version' })).resolves.toBe('0x7a69');
  });
  it('personal_sign: the Safe’s address, case-insensitively; the signature or 0x', async () => {
    const { provider, host } = providerWith(() => ({ data: { messageHash: '0x1', signature: '0xsig' } }));
    await expect(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', SAFE_ADDRESS.toLowerCase()] })).resolves.toBe('0xsig');
    expect(host.requests[0]!.request).toMatchObject({ method: 'signMessage', params: { message: '0x68656c6c6f' } });
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', '0x0000000000000000000000000000000000000001'] })).rejects.toThrow('The address or message hash is invalid');
    const onChain = providerWith(() => ({ data: { safeTxHash: SAFE_TX_HASH } }));
    await expect(onChain.provider.request({ method: 'personal_sign', params: ['hi', SAFE_ADDRESS] })).resolves.toBe('0x');
  });
  it('eth_sign needs the Safe’s address and a 0x hash', async () => {
    const { provider } = providerWith(() => ({ data: { safeTxHash: SAFE_TX_HASH } }));
    await expect(provider.request({ method: 'eth_sign', params: [SAFE_ADDRESS, 'not hex'] })).rejects.toThrow('The address or message hash is invalid');
    await expect(provider.request({ method: 'eth_sign', params: [SAFE_ADDRESS, SAFE_TX_HASH] })).resolves.toBe('0x');
  });
  it('eth_signTypedData(_v4): a JSON string is parsed; another address is "The address is invalid"', async () => {
    const { provider, host } = providerWith(() => ({ data: { messageHash: '0x1', signature: '0xsig' } }));
    const typedData = { domain: {}, types: { A: [{ name: 'a', type: 'string' }] }, message: { a: 'x' }, primaryType: 'A' };
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [SAFE_ADDRESS, JSON.stringify(typedData)] })).resolves.toBe('0xsig');
    expect(host.requests[0]!.request.params).toEqual({ typedData });
    await expect(provider.request({ method: 'eth_signTypedData', params: ['0x0000000000000000000000000000000000000001', typedData] })).rejects.toThrow('The address is invalid');
  });
  it('eth_sendTransaction: value "0" and data "0x" by default, hex gas as a number and safeTxGas', async () => {
    const { provider, host } = providerWith(() => ({ data: { safeTxHash: SAFE_TX_HASH } }));
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ to: SAFE_ADDRESS, gas: '0x5208' }] })).resolves.toBe(SAFE_TX_HASH);
    expect(host.requests[0]!.request).toMatchObject({ method: 'sendTransactions', params: { txs: [{ to: SAFE_ADDRESS, value: '0', data: '0x', gas: 21000 }], params: { safeTxGas: 21000 } } });
    await provider.request({ method: 'eth_sendTransaction', params: [{ to: SAFE_ADDRESS, value: '0x1', data: '0xab' }] });
    expect(host.requests[1]!.request).toMatchObject({ params: { txs: [{ to: SAFE_ADDRESS, value: '0x1', data: '0xab' }], params: {} } });
  });
  it('reads go through rpcCall; addresses lower-cased', async () => {
    const { provider, host } = providerWith(() => ({ data: '0x1' }));
    await provider.request({ method: 'eth_getBalance', params: [SAFE_ADDRESS, 'latest'] });
    await provider.request({ method: 'eth_call', params: [{ to: SAFE_ADDRESS }, 'latest'] });
    expect(host.requests.map((r) => r.request.params)).toEqual([
      { call: 'eth_getBalance', params: [SAFE_ADDRESS.toLowerCase(), 'latest'] },
      { call: 'eth_call', params: [{ to: SAFE_ADDRESS }, 'latest'] },
    ]);
  });
  it('anything else: "{method} not implemented"', async () => {
    const { provider } = providerWith(() => 'silent');
    await expect(provider.request({ method: 'eth_sendRawTransaction', params: ['0x'] })).rejects.toThrow(new Error('eth_sendRawTransaction not implemented'));
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [] })).rejects.toThrow('wallet_switchEthereumChain not implemented');
  });
});
