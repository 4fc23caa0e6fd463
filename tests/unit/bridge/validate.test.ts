/** The host validator, rule by rule (S11, protocol.md A.1.3 hardened). */
import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { BRIDGE_LIMITS, validateMessage } from '../../../src/bridge/host/validate.ts';
import { APP_ORIGIN } from '../../../src/machines/bridgeRequest/bridgeRequest.samples.ts';

const app = { postMessage: () => {} };
const frame = { window: app, origin: APP_ORIGIN };
const envelope = (method: string, params?: unknown, extra: Record<string, unknown> = {}) => ({ id: 'a3f09c1b7e', method, params, env: { sdkVersion: '9.1.0' }, ...extra });
const check = (data: unknown, overrides: { source?: unknown; origin?: string } = {}) =>
  validateMessage({ data, origin: overrides.origin ?? APP_ORIGIN, source: 'source' in overrides ? overrides.source : app }, frame);
const reason = (data: unknown, overrides?: { source?: unknown; origin?: string }) => {
  const result = check(data, overrides);
  return result.ok ? 'ok' : result.reason;
};
const params = (data: unknown) => {
  const result = check(data);
  if (!result.ok) throw new Error(`rejected: ${result.reason}`);
  return result.request.params;
};

describe('source and origin', () => {
  it('accepts the open app’s window on its exact origin', () => {
    expect(check(envelope('getSafeInfo'))).toEqual({ ok: true, request: { id: 'a3f09c1b7e', method: 'getSafeInfo', sdkVersion: '9.1.0', params: null } });
  });
  it.each([[{ postMessage: () => {} }], [null], [undefined], [{}]])('drops another source (%#)', (source) => {
    expect(reason(envelope('getSafeInfo'), { source })).toBe('wrongSource');
  });
  it('drops everything when no app window is open', () => {
    expect(validateMessage({ data: envelope('getSafeInfo'), origin: APP_ORIGIN, source: null }, { window: null, origin: APP_ORIGIN })).toEqual({ ok: false, reason: 'wrongSource' });
  });
  it.each(['https://app.example/', 'http://app.example', 'https://app.example:8443', 'https://evil.example', 'null', ''])('drops origin %s', (origin) => {
    expect(reason(envelope('getSafeInfo'), { origin })).toBe('wrongOrigin');
  });
});

describe('envelope', () => {
  it.each([[null], ['getSafeInfo'], [42], [['getSafeInfo']]])('drops data that is not an object (%#)', (data) => {
    expect(reason(data)).toBe('notAnObject');
  });
  it.each(['eth_sendTransaction', '__proto__', 'toString', 'GETSAFEINFO', ''])('drops unknown method %s', (method) => {
    expect(reason(envelope(method))).toBe('unknownMethod');
  });
  it('knows the 13 SDK methods and getCurrentTheme', () => {
    expect(reason(envelope('getCurrentTheme'))).toBe('ok');
  });
  it.each([[undefined], [''], [42], ['x'.repeat(BRIDGE_LIMITS.maxIdLength + 1)]])('drops a bad id (%#)', (id) => {
    expect(reason({ ...envelope('getSafeInfo'), id })).toBe('badId');
  });
  it.each([[undefined], [{}], [{ sdkVersion: '0.9.9' }], [{ sdkVersion: 'v9' }], [{ sdkVersion: 9 }], [{ sdkVersion: `9${'.0'.repeat(20)}` }]])(
    'drops a version whose major is not ≥ 1 (%#)',
    (env) => {
      expect(reason({ ...envelope('getSafeInfo'), env })).toBe('badVersion');
    },
  );
  it('accepts version majors ≥ 1 and keeps the sdkVersion', () => {
    const result = check({ ...envelope('getSafeInfo'), env: { sdkVersion: '1.0.0' } });
    expect(result.ok && result.request.sdkVersion).toBe('1.0.0');
  });
});

describe('size and value bounds', () => {
  it('drops more characters than the bound', () => {
    expect(reason(envelope('signMessage', { message: 'a'.repeat(BRIDGE_LIMITS.maxChars + 1) }))).toBe('tooLarge');
  });
  it('drops nesting deeper than the bound', () => {
    let deep: unknown = 1;
    for (let i = 0; i <= BRIDGE_LIMITS.maxDepth; i++) deep = [deep];
    expect(reason(envelope('rpcCall', { call: 'eth_call', params: deep }))).toBe('tooLarge');
  });
  it('drops more values than the bound without walking a sparse array', () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 31;
    expect(reason(envelope('rpcCall', { call: 'eth_call', params: sparse }))).toBe('tooLarge');
  });
  it.each([[() => 1], [new Date(0)], [new Map()], [Number.NaN], [Number.POSITIVE_INFINITY], [Object.create({ x: 1 })], [Symbol('s')]])('drops a non-JSON value (%#)', (value) => {
    expect(reason(envelope('signMessage', { message: 'x', extra: value }))).toBe('unsupportedValue');
  });
  it('never runs a getter and survives throwing proxies', () => {
    let ran = false;
    const data = Object.defineProperty(envelope('getSafeInfo'), 'method', { enumerable: true, get: () => ((ran = true), 'getSafeInfo') });
    expect(reason(data)).toBe('unsupportedValue');
    expect(ran).toBe(false);
    const proxy = new Proxy({}, { getPrototypeOf: () => { throw new Error('trap'); } });
    expect(reason(proxy)).toBe('malformed');
  });
  it('keeps a "__proto__" key as plain data', () => {
    const data = JSON.parse('{"id":"x1","method":"rpcCall","env":{"sdkVersion":"9.1.0"},"params":{"call":"eth_call","params":[{"__proto__":{"polluted":true}}]}}');
    const p = params(data) as { params: Record<string, unknown>[] };
    expect(Object.getPrototypeOf(p.params[0])).toBe(Object.prototype);
    expect(Object.keys(p.params[0]!)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('params per method', () => {
  it('paramless methods take undefined or null only', () => {
    expect(reason(envelope('getChainInfo', null))).toBe('ok');
    expect(reason(envelope('getChainInfo', {}))).toBe('badParams');
  });
  it('getSafeBalances defaults the currency to usd and checks it', () => {
    expect(params(envelope('getSafeBalances'))).toEqual({ currency: 'usd' });
    expect(params(envelope('getSafeBalances', { currency: 'eur' }))).toEqual({ currency: 'eur' });
    expect(reason(envelope('getSafeBalances', { currency: '../x' }))).toBe('badParams');
  });
  it('getTxBySafeTxHash needs a string (its format is the machine’s refusal)', () => {
    expect(params(envelope('getTxBySafeTxHash', { safeTxHash: '' }))).toEqual({ safeTxHash: '' });
    expect(reason(envelope('getTxBySafeTxHash', {}))).toBe('badParams');
  });
  it('rpcCall needs a method name and an array (default [])', () => {
    expect(params(envelope('rpcCall', { call: 'eth_gasPrice' }))).toEqual({ call: 'eth_gasPrice', params: [] });
    expect(params(envelope('rpcCall', { call: 'eth_sendRawTransaction', params: ['0x'] }))).toEqual({ call: 'eth_sendRawTransaction', params: ['0x'] });
    expect(reason(envelope('rpcCall', { call: 'eth_call', params: {} }))).toBe('badParams');
    expect(reason(envelope('rpcCall', { call: 'eth_call', params: [1n] }))).toBe('badParams');
    expect(reason(envelope('rpcCall', { call: 42 }))).toBe('badParams');
  });
  it('sendTransactions normalises to {to checksummed, value decimal (default 0), data (default 0x), gas?}', () => {
    const to = '0xabcdefabcdef0000000000000000000000000001';
    expect(
      params(
        envelope('sendTransactions', {
          txs: [{ to }, { to, value: '0x10', data: '0xdeadbeef', gas: '0x5208', from: 'ignored' }, { to, value: 5n, gas: 21000 }, { to, value: '', data: '' }],
          params: { safeTxGas: 100 },
        }),
      ),
    ).toEqual({
      txs: [
        { to: getAddress(to), value: '0', data: '0x' },
        { to: getAddress(to), value: '16', data: '0xdeadbeef', gas: '21000' },
        { to: getAddress(to), value: '5', data: '0x', gas: '21000' },
        { to: getAddress(to), value: '0', data: '0x' },
      ],
      safeTxGas: '100',
      requestsDelegateCall: false,
    });
  });
  it('sendTransactions marks any operation other than CALL (refused by the machine, never passed on)', () => {
    const to = '0xabcdefabcdef0000000000000000000000000001';
    expect(params(envelope('sendTransactions', { txs: [{ to, operation: 1 }] }))).toMatchObject({ requestsDelegateCall: true, txs: [{ to: getAddress(to), value: '0', data: '0x' }] });
    expect(params(envelope('sendTransactions', { txs: [{ to, operation: 0 }] }))).toMatchObject({ requestsDelegateCall: false });
    expect(params(envelope('sendTransactions', { txs: [] }))).toEqual({ txs: [], safeTxGas: null, requestsDelegateCall: false });
  });
  it.each([
    [{ to: '0x1234' }],
    [{ to: '0xabcdefabcdef0000000000000000000000000001', value: '-1' }],
    [{ to: '0xabcdefabcdef0000000000000000000000000001', value: 1.5 }],
    [{ to: '0xabcdefabcdef0000000000000000000000000001', value: `0x1${'0'.repeat(64)}` }],
    [{ to: '0xabcdefabcdef0000000000000000000000000001', data: '0xabc' }],
    [{ to: '0xabcdefabcdef0000000000000000000000000001', gas: 'lots' }],
    ['0xabcdefabcdef0000000000000000000000000001'],
  ])('sendTransactions drops a malformed tx (%#)', (tx) => {
    expect(reason(envelope('sendTransactions', { txs: [tx] }))).toBe('badParams');
  });
  it('signMessage needs a string message', () => {
    expect(params(envelope('signMessage', { message: '0x68656c6c6f' }))).toEqual({ message: '0x68656c6c6f' });
    expect(reason(envelope('signMessage', { message: 1 }))).toBe('badParams');
  });
  it('signTypedMessage keeps well-formed typed data and infers the primary type (EIP712Domain aside)', () => {
    const typedData = {
      domain: { name: 'Mail', chainId: 1n },
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], Person: [{ name: 'wallet', type: 'address' }], Mail: [{ name: 'from', type: 'Person' }, { name: 'cc', type: 'Person[]' }] },
      message: { from: { wallet: '0x0' } },
    };
    expect(params(envelope('signTypedMessage', { typedData }))).toEqual({
      typedData: { ...typedData, domain: { name: 'Mail', chainId: '1' } },
      primaryType: 'Mail',
    });
  });
  it('signTypedMessage: malformed typed data and ambiguous roots become null (refused by the machine)', () => {
    expect(params(envelope('signTypedMessage', { typedData: { domain: {}, types: {} } }))).toEqual({ typedData: null, primaryType: null });
    expect(params(envelope('signTypedMessage', { typedData: { domain: {}, types: { A: [{ name: 'x', type: 1 }] }, message: {} } }))).toEqual({ typedData: null, primaryType: null });
    expect(params(envelope('signTypedMessage', { typedData: { domain: {}, types: { A: [], B: [] }, message: {} } }))).toMatchObject({ primaryType: null });
    expect(params(envelope('signTypedMessage', { typedData: { domain: {}, types: { A: [] }, message: {}, primaryType: 'B' } }))).toEqual({ typedData: null, primaryType: null });
    expect(reason(envelope('signTypedMessage', {}))).toBe('badParams');
  });
  it('getOffChainSignature takes the hash itself', () => {
    expect(params(envelope('getOffChainSignature', '0xab'))).toEqual({ messageHash: '0xab' });
    expect(reason(envelope('getOffChainSignature', { messageHash: '0xab' }))).toBe('badParams');
  });
  it('wallet_requestPermissions takes a list of {method: {}}', () => {
    expect(params(envelope('wallet_requestPermissions', [{ requestAddressBook: {} }]))).toEqual({ requests: [{ requestAddressBook: {} }] });
    expect(reason(envelope('wallet_requestPermissions', { requestAddressBook: {} }))).toBe('badParams');
    expect(reason(envelope('wallet_requestPermissions', [{ requestAddressBook: true }]))).toBe('badParams');
  });
});
