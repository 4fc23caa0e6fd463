/** Pure host rules: permissions (A.3), off-chain signing (A.2.7), refusals and their exact texts. */
import { describe, expect, it } from 'vitest';
import {
  canSignOffChain,
  decidePermissions,
  hasPermission,
  immediateAnswer,
  isPermissionRefused,
  isPermissionRequestValid,
  refusalOf,
  rejectionText,
  SESSION_READ_METHODS,
  sessionReadAnswer,
  settingsFromRpc,
  toAppSafeInfo,
} from '../../../src/machines/bridgeRequest/bridgeRequest.logic.ts';
import { compareVersions, hasSupportedMajor, versionMajor } from '../../../src/machines/bridgeRequest/bridgeRequest.protocol.ts';
import { APP_ORIGIN, HOST_ORIGIN, chainInfo, grantedAddressBook, refusedAddressBook, safeInfo, session, sessionFacts } from '../../../src/machines/bridgeRequest/bridgeRequest.samples.ts';
import { request } from './fixtures.ts';

describe('permissions', () => {
  it('granted = an entry without the userRestricted caveat; refused = with it', () => {
    expect(hasPermission(grantedAddressBook, 'requestAddressBook')).toBe(true);
    expect(hasPermission(refusedAddressBook, 'requestAddressBook')).toBe(false);
    expect(isPermissionRefused(refusedAddressBook, 'requestAddressBook')).toBe(true);
    expect(hasPermission([], 'requestAddressBook')).toBe(false);
    expect(isPermissionRefused([], 'requestAddressBook')).toBe(false);
  });
  it('a request is valid only if every entry names only requestAddressBook', () => {
    expect(isPermissionRequestValid([{ requestAddressBook: {} }])).toBe(true);
    expect(isPermissionRequestValid([{ requestAddressBook: {} }, { requestAddressBook: {} }])).toBe(true);
    expect(isPermissionRequestValid([{ requestAddressBook: {}, eth_accounts: {} }])).toBe(false);
    expect(isPermissionRequestValid([{ getSafeInfo: {} }])).toBe(false);
    expect(isPermissionRequestValid([{}])).toBe(false);
    expect(isPermissionRequestValid([])).toBe(false);
  });
  it('grant logic: append new, lift or add the caveat on existing (A.3.2)', () => {
    const granted = decidePermissions([], APP_ORIGIN, ['requestAddressBook'], true, 5);
    expect(granted).toEqual([{ invoker: APP_ORIGIN, parentCapability: 'requestAddressBook', date: 5, caveats: [] }]);
    const denied = decidePermissions([], APP_ORIGIN, ['requestAddressBook'], false, 6);
    expect(denied).toEqual([{ invoker: APP_ORIGIN, parentCapability: 'requestAddressBook', date: 6, caveats: [{ type: 'userRestricted', value: true }] }]);
    expect(decidePermissions(denied, APP_ORIGIN, ['requestAddressBook'], true, 7)).toEqual([{ ...denied[0], caveats: [] }]);
    expect(decidePermissions(granted, APP_ORIGIN, ['requestAddressBook'], false, 8)).toEqual(denied.map((p) => ({ ...p, date: 5 })));
    // Idempotent refusal, and the input is not mutated.
    expect(decidePermissions(denied, APP_ORIGIN, ['requestAddressBook'], false, 9)).toEqual(denied);
    expect(granted[0]!.caveats).toEqual([]);
  });
});

describe('off-chain signing (A.2.7)', () => {
  it('needs EIP1271, a known Safe version (≥ 1.3.0 with a fallback handler), SDK ≥ 7.11.0 and the setting on', () => {
    expect(canSignOffChain(session(), '9.1.0')).toBe(true);
    expect(canSignOffChain(session(), '7.11.0')).toBe(true);
    expect(canSignOffChain(session(), '7.10.9')).toBe(false);
    expect(canSignOffChain(session({ chain: { ...chainInfo, features: [] } }), '9.1.0')).toBe(false);
    expect(canSignOffChain(session({ settings: { offChainSigning: false } }), '9.1.0')).toBe(false);
    expect(canSignOffChain(session({ safe: { ...safeInfo, version: null } }), '9.1.0')).toBe(false);
    expect(canSignOffChain(session({ safe: { ...safeInfo, fallbackHandler: null } }), '9.1.0')).toBe(false);
    expect(canSignOffChain(session({ safe: { ...safeInfo, version: '1.1.1', fallbackHandler: null } }), '9.1.0')).toBe(true);
  });
  it('safe_setSettings sets offChainSigning to the truthiness of params[0].offChainSigning', () => {
    expect(settingsFromRpc([{ offChainSigning: false }])).toEqual({ offChainSigning: false });
    expect(settingsFromRpc([{ offChainSigning: true }])).toEqual({ offChainSigning: true });
    expect(settingsFromRpc([])).toEqual({ offChainSigning: false });
  });
});

describe('refusals and texts', () => {
  const tx = { to: safeInfo.address.value, value: '0', data: '0x' };
  it.each([
    [request('sendTransactions', { txs: [], safeTxGas: null, requestsDelegateCall: false }), 'No transactions were passed'],
    [request('sendTransactions', { txs: [tx], safeTxGas: null, requestsDelegateCall: true }), 'Apps cannot request DELEGATECALL transactions'],
    [request('getTxBySafeTxHash', { safeTxHash: '' }), 'Invalid safeTxHash'],
    [request('getTxBySafeTxHash', { safeTxHash: '../chains' }), 'Invalid safeTxHash'],
    [request('rpcCall', { call: 'eth_sendRawTransaction', params: [] }), 'eth_sendRawTransaction not implemented'],
    [request('rpcCall', { call: 'personal_sign', params: [] }), 'personal_sign not implemented'],
    [request('signTypedMessage', { typedData: null, primaryType: null }), 'Invalid typed data'],
    [request('signTypedMessage', { typedData: { domain: {}, types: {}, message: {} }, primaryType: null }), 'Please specify primaryType'],
    [request('wallet_requestPermissions', { requests: [{ eth_accounts: {} }] }), 'Permissions request is invalid'],
  ])('%# refused with its text', (req, text) => {
    expect(refusalOf(req)).toBe(text);
  });
  it.each(['eth_call', 'eth_gasPrice', 'eth_getLogs', 'eth_getBalance', 'eth_getCode', 'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getStorageAt', 'eth_getTransactionByHash', 'eth_getTransactionReceipt', 'eth_getTransactionCount', 'eth_estimateGas', 'safe_setSettings'])(
    'rpcCall %s is allowed',
    (call) => {
      expect(refusalOf(request('rpcCall', { call, params: [] }))).toBeNull();
    },
  );
  it('cancellation texts per method', () => {
    expect(rejectionText(request('sendTransactions', { txs: [tx], safeTxGas: null, requestsDelegateCall: false }))).toBe('Transaction was rejected');
    expect(rejectionText(request('signMessage', { message: 'x' }))).toBe('Transaction was rejected');
    expect(rejectionText(request('requestAddressBook', null))).toBe('Permissions rejected');
    expect(rejectionText(request('wallet_requestPermissions', { requests: [] }))).toBe('Permissions were rejected');
    expect(rejectionText(request('getSafeInfo', null))).toBe('Request failed');
  });
});

describe('answers from the session', () => {
  it('getSafeInfo: chainId a number, legacy network name', () => {
    expect(toAppSafeInfo(session()).chainId).toBe(31337);
    expect(toAppSafeInfo(session({ chain: { ...chainInfo, chainId: '1', chainName: 'Ethereum' } })).network).toBe('MAINNET');
    expect(toAppSafeInfo(session({ chain: { ...chainInfo, chainId: '100', chainName: 'Gnosis Chain' } })).network).toBe('XDAI');
    expect(toAppSafeInfo(session({ safe: { ...safeInfo, modules: [safeInfo.owners[0]!] } })).modules).toEqual([safeInfo.owners[0]!.value]);
  });
  it('environment, theme and permissions', () => {
    expect(immediateAnswer(request('getEnvironmentInfo', null), session())).toEqual({ success: true, data: { origin: HOST_ORIGIN } });
    expect(immediateAnswer(request('getCurrentTheme', null), session({ darkMode: true }))).toEqual({ success: true, data: { darkMode: true } });
    expect(immediateAnswer(request('wallet_getPermissions', null), session({ permissions: grantedAddressBook }))).toEqual({ success: true, data: grantedAddressBook });
    expect(immediateAnswer(request('getSafeBalances', { currency: 'usd' }), session())).toBeNull();
  });
  it('getSafeInfo answers the same Safe info object with the same data, and anew when the Safe, chain or read-only flag changes', () => {
    const read = request('getSafeInfo', null);
    const dataOf = (facts: ReturnType<typeof sessionFacts>) => {
      const answer = sessionReadAnswer(read, facts);
      if (!answer?.success) throw new Error('no answer');
      return answer.data;
    };
    const first = dataOf(sessionFacts());
    // A new facts object around the same Safe info (the session builds one per read): the same data, not rebuilt.
    expect(dataOf(sessionFacts({ darkMode: true }))).toBe(first);
    expect(first).toEqual(toAppSafeInfo(sessionFacts()));
    const readOnly = dataOf(sessionFacts({ isReadOnly: true }));
    expect(readOnly).toEqual({ ...toAppSafeInfo(sessionFacts()), isReadOnly: true });
    const nextNonce = dataOf(sessionFacts({ safe: { ...safeInfo, nonce: safeInfo.nonce + 1 } }));
    expect(nextNonce).toEqual({ ...toAppSafeInfo(sessionFacts()), nonce: safeInfo.nonce + 1 });
    const otherChain = dataOf(sessionFacts({ chain: { ...chainInfo, chainName: 'Other' } }));
    expect(otherChain).toEqual({ ...toAppSafeInfo(sessionFacts()), network: 'OTHER' });
    // Back to the first facts: built for them again, never a stale answer for another chain or flag.
    expect(dataOf(sessionFacts())).toEqual(first);
  });
  it('session reads need only the facts, and answer as from the whole session', () => {
    const reads = SESSION_READ_METHODS.map((method) => request(method, null));
    for (const read of reads) {
      expect(sessionReadAnswer(read, sessionFacts({ darkMode: true }))).toEqual(immediateAnswer(read, session({ darkMode: true })));
      expect(sessionReadAnswer(read, sessionFacts())).not.toBeNull();
    }
    // Anything that needs storage, the gateway, the chain or the user is not a session read.
    for (const other of [request('wallet_getPermissions', null), request('requestAddressBook', null), request('rpcCall', { call: 'safe_setSettings', params: [] }), request('signMessage', { message: 'hi' })]) {
      expect(sessionReadAnswer(other, sessionFacts())).toBeNull();
    }
  });
});

describe('versions', () => {
  it('major as the SDK reads it', () => {
    expect(versionMajor('9.1.0')).toBe(9);
    expect(versionMajor('1')).toBe(1);
    expect(Number.isNaN(versionMajor('v1'))).toBe(true);
    expect(hasSupportedMajor('1.0.0')).toBe(true);
    expect(hasSupportedMajor('0.9')).toBe(false);
    expect(hasSupportedMajor(undefined)).toBe(false);
  });
  it('semver comparison', () => {
    expect(compareVersions('7.11.0', '7.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.4.1+L2', '1.3.0')).toBeGreaterThan(0);
    expect(compareVersions('junk', '0.0.1')).toBeLessThan(0);
  });
});
