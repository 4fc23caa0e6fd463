/**
 * The account-services effects: the signed texts and registration hash of protocol.md B.7.17, personal_sign
 * checks (rejection, wrong chain, a signature from another key), the gateway calls each effect makes with
 * their headers, the error kinds the machines branch on, and this browser's device record.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { getAddress, hashMessage, keccak256, recoverAddress, toHex, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { delegatesListMachine } from '../../../src/machines/accountServices/delegatesList.machine.ts';
import { emailAlertsMachine } from '../../../src/machines/accountServices/emailAlerts.machine.ts';
import { pushNotificationsMachine } from '../../../src/machines/accountServices/pushNotifications.machine.ts';
import { recoveryRegistrationMachine } from '../../../src/machines/accountServices/recoveryRegistration.machine.ts';
import { unsubscribeMachine } from '../../../src/machines/accountServices/unsubscribe.machine.ts';
import { ACCOUNT_TEXTS, emailCheckOf, proposerCheckOf, recoveryCheckOf, registrationCheckOf } from '../../../src/machines/accountServices/accountServices.logic.ts';
import { messageDisplay, typedDataDisplay } from '../../../src/domain/wallet/deviceDisplay.ts';
import {
  createDeviceStore,
  DEVICE_STORAGE_KEY,
  emailAuthMessage,
  personalSign,
  provideDelegatesServices,
  provideEmailAlertsServices,
  providePushNotificationsServices,
  provideRecoveryServices,
  provideUnsubscribeServices,
  registrationHash,
  type AccountServicesDeps,
} from '../../../src/services/accountServices/index.ts';
import { GatewayError, type GatewayClient } from '../../../src/services/gateway/index.ts';
import { DEVNET_OTHER_SAFE, DEVNET_SAFE } from '../../../src/machines/shared/samples.ts';
import { currentTotp, delegateHash } from '../../../devnet/gateway/hashes.ts';

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const OTHER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const owner = privateKeyToAccount(KEY);
const SAFE = DEVNET_SAFE;
const CHAIN = { chainId: '31337', chainName: 'Devnet' };

/** An EIP-1193 wallet signing with `key` on chain `chainId` (or rejecting personal_sign and eth_signTypedData_v4 with `reject`). */
function wallet(key: Hex = KEY, opts: { chainId?: string; reject?: { code: number; message: string; data?: unknown } } = {}) {
  const signer = privateKeyToAccount(key);
  const requests: Array<{ method: string; params?: readonly unknown[] }> = [];
  return {
    requests,
    provider: {
      async request(args: { method: string; params?: readonly unknown[] }) {
        requests.push(args);
        if (args.method === 'eth_chainId') return toHex(BigInt(opts.chainId ?? '31337'));
        if (args.method === 'eth_accounts') return [owner.address];
        if (args.method === 'personal_sign') {
          if (opts.reject) throw Object.assign(new Error(opts.reject.message), { code: opts.reject.code });
          return signer.signMessage({ message: { raw: args.params![0] as Hex } });
        }
        if (args.method === 'eth_signTypedData_v4') {
          if (opts.reject) throw Object.assign(new Error(opts.reject.message), { code: opts.reject.code, ...(opts.reject.data ? { data: opts.reject.data } : {}) });
          const { domain, types, primaryType, message } = JSON.parse(args.params![1] as string);
          const { EIP712Domain: _domain, ...rest } = types;
          return signer.signTypedData({ domain, types: rest, primaryType, message });
        }
        throw new Error(`unexpected ${args.method}`);
      },
    },
  };
}

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

function gatewayRecorder(overrides: Partial<Record<keyof GatewayClient, (...args: unknown[]) => unknown>> = {}) {
  const calls: Array<[string, unknown[]]> = [];
  const gateway = new Proxy({} as GatewayClient, {
    get: (_, key: string) => async (...args: unknown[]) => {
      calls.push([key, args]);
      const override = overrides[key as keyof GatewayClient];
      return override ? override(...args) : {};
    },
  });
  return { gateway, calls };
}

function deps(partial: Partial<AccountServicesDeps> & Pick<AccountServicesDeps, 'gateway'>): AccountServicesDeps {
  return { wallet: () => wallet().provider, storage: memoryStorage(), appVersion: '0.1.0', chainName: () => 'Devnet', now: () => 1_767_225_600_000, newId: () => '8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f', ...partial };
}

/** Runs one provided effect of a machine. */
function runEffect(machine: { implementations: { actors: Record<string, unknown> } }, name: string, input: unknown): Promise<unknown> {
  const logic = machine.implementations.actors[name] as AnyActorLogic;
  return toPromise(createActor(logic, { input }).start());
}

describe('signed texts and hashes (protocol.md B.7.17)', () => {
  it('builds the e-mail authorisation texts with checksummed addresses', () => {
    const base = { chainId: '31337', safe: SAFE.toLowerCase(), signer: owner.address.toLowerCase(), email: 'a@b.co' };
    expect(emailAuthMessage({ ...base, op: 'register' }, '1')).toBe(`email-register-31337-${SAFE}-a@b.co-${owner.address}-1`);
    expect(emailAuthMessage({ ...base, op: 'change' }, '1')).toBe(`email-edit-31337-${SAFE}-a@b.co-${owner.address}-1`);
    expect(emailAuthMessage({ ...base, op: 'show' }, '1')).toBe(`email-retrieval-31337-${SAFE}-${owner.address}-1`);
    expect(emailAuthMessage({ ...base, op: 'delete' }, '1')).toBe(`email-delete-31337-${SAFE}-${owner.address}-1`);
  });

  it('hashes the device registration over sorted checksummed Safes', () => {
    const other = DEVNET_OTHER_SAFE;
    const expected = keccak256(toHex(`gnosis-safe1767225600uuidtoken${[getAddress(other), SAFE].sort().join('')}`));
    expect(registrationHash('1767225600', 'uuid', 'token', [SAFE.toLowerCase(), other.toLowerCase()])).toBe(expected);
  });
});

describe('personalSign', () => {
  it('signs through the wallet and checks the signer', async () => {
    const w = wallet();
    const signature = await personalSign(() => w.provider, CHAIN, owner.address, 'hello');
    expect(w.requests.at(-1)).toEqual({ method: 'personal_sign', params: [toHex('hello'), owner.address] });
    expect(await recoverAddress({ hash: hashMessage('hello'), signature })).toBe(owner.address);
  });
  it('refuses a signature from another key, a rejection and the wrong chain', async () => {
    await expect(personalSign(() => wallet(OTHER_KEY).provider, CHAIN, owner.address, 'x')).rejects.toMatchObject({ kind: 'other', message: expect.stringMatching(/^The signature is from /) });
    await expect(personalSign(() => wallet(KEY, { reject: { code: 4001, message: 'User rejected' } }).provider, CHAIN, owner.address, 'x')).rejects.toEqual({ kind: 'rejected', message: 'User rejected signing.' });
    await expect(personalSign(() => wallet(KEY, { chainId: '1' }).provider, CHAIN, owner.address, 'x')).rejects.toMatchObject({ kind: 'wrongChain' });
    await expect(personalSign(() => null, CHAIN, owner.address, 'x')).rejects.toEqual({ kind: 'disconnected', message: 'No wallet is connected.' });
  });
});

describe('push-notification effects', () => {
  it('signs the registration hash, registers as a WEB device and remembers uuid, token and Safes', async () => {
    const storage = memoryStorage();
    const { gateway, calls } = gatewayRecorder({ getOwnedSafes: () => ({ safes: [SAFE] }) });
    const machine = providePushNotificationsServices(pushNotificationsMachine, deps({ gateway, storage }));
    // no record yet: the ids a registration would sign with are new ones (kept only once it succeeds)
    expect(await runEffect(machine, 'loadDevice', { chainId: '31337', safe: SAFE, signer: owner.address })).toEqual({
      uuid: null,
      safes: [{ address: SAFE, owned: true, registered: false }],
      registrationIds: { uuid: '8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f', cloudMessagingToken: 'countersign-web-8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f' },
    });
    expect(storage.data.has(DEVICE_STORAGE_KEY)).toBe(false);

    const signed = (await runEffect(machine, 'signRegistration', { chainId: '31337', safes: [SAFE], signer: owner.address })) as { uuid: string; cloudMessagingToken: string; timestamp: string; signatures: Hex[] };
    expect(signed).toMatchObject({ uuid: '8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f', timestamp: '1767225600', safes: [SAFE] });
    const hash = registrationHash(signed.timestamp, signed.uuid, signed.cloudMessagingToken, [SAFE]);
    expect(await recoverAddress({ hash: hashMessage({ raw: hash }), signature: signed.signatures[0]! })).toBe(owner.address);

    await runEffect(machine, 'registerDevice', signed);
    expect(calls.at(-1)).toEqual([
      'registerDevice',
      [{ uuid: signed.uuid, cloudMessagingToken: signed.cloudMessagingToken, buildNumber: '1', bundle: 'countersign', deviceType: 'WEB', version: '0.1.0', timestamp: signed.timestamp, safeRegistrations: [{ chainId: '31337', safes: [SAFE], signatures: signed.signatures }] }],
    ]);
    expect(JSON.parse(storage.data.get(DEVICE_STORAGE_KEY)!)).toEqual({ uuid: signed.uuid, cloudMessagingToken: signed.cloudMessagingToken, registrations: [{ chainId: '31337', safe: SAFE }] });
    expect(await runEffect(machine, 'loadDevice', { chainId: '31337', safe: SAFE, signer: null })).toEqual({
      uuid: signed.uuid,
      safes: [{ address: SAFE, owned: false, registered: true }],
      registrationIds: { uuid: signed.uuid, cloudMessagingToken: signed.cloudMessagingToken },
    });

    await runEffect(machine, 'unregisterSafe', { chainId: '31337', uuid: signed.uuid, address: SAFE });
    expect(calls.at(-1)).toEqual(['unregisterSafe', ['31337', SAFE, signed.uuid]]);
    expect(createDeviceStore(storage).read()?.registrations).toEqual([]);
    expect(await runEffect(machine, 'unregisterDevice', { chainId: '31337', uuid: signed.uuid })).toEqual({
      registrationIds: { uuid: '8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f', cloudMessagingToken: 'countersign-web-8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f' },
    });
    expect(storage.data.has(DEVICE_STORAGE_KEY)).toBe(false);
  });

  it('forgets a registration the gateway no longer has (404), but keeps it on other errors', async () => {
    const storage = memoryStorage();
    createDeviceStore(storage).addRegistrations('u', 't', [{ chainId: '31337', safe: SAFE }]);
    const gone = gatewayRecorder({ unregisterSafe: () => Promise.reject(new GatewayError('404: No device', 404)) });
    await runEffect(providePushNotificationsServices(pushNotificationsMachine, deps({ gateway: gone.gateway, storage })), 'unregisterSafe', { chainId: '31337', uuid: 'u', address: SAFE });
    expect(createDeviceStore(storage).read()?.registrations).toEqual([]);
    createDeviceStore(storage).addRegistrations('u', 't', [{ chainId: '31337', safe: SAFE }]);
    const down = gatewayRecorder({ unregisterSafe: () => Promise.reject(new GatewayError('503: down', 503)) });
    await expect(runEffect(providePushNotificationsServices(pushNotificationsMachine, deps({ gateway: down.gateway, storage })), 'unregisterSafe', { chainId: '31337', uuid: 'u', address: SAFE })).rejects.toThrow('503');
    expect(createDeviceStore(storage).read()?.registrations).toHaveLength(1);
  });

  it('reads a damaged record as no device', () => {
    const storage = memoryStorage();
    storage.setItem(DEVICE_STORAGE_KEY, '{not json');
    expect(createDeviceStore(storage).read()).toBeNull();
  });
});

/**
 * Issue 19, decision 0075: the values an owner on a device compares (computed by the machines' logic from the
 * context and the event's time) are what the wallet is asked to sign: the bytes of the personal_sign request, shown as
 * the device shows them, and the signature covers them.
 */
describe('what a device is shown is what is signed (decision 0075)', () => {
  const LEDGER = { kind: 'ledger', name: 'Ledger', display: 'hashes' } as const;
  const NOW = 1_700_000_123_456;
  /** The personal_sign request's bytes, as a device shows them. */
  const sentLines = (w: ReturnType<typeof wallet>) => messageDisplay(w.requests.filter((r) => r.method === 'personal_sign').at(-1)!.params![0] as Hex);

  it('push: the registration hash of the loaded ids, the Safes and the event’s time, in hex', async () => {
    const w = wallet();
    const storage = memoryStorage();
    createDeviceStore(storage).addRegistrations('5f0c4e0a-8a41-4f7e-9d1b-2b3c4d5e6f70', 'countersign-web-kept', [{ chainId: '31337', safe: DEVNET_OTHER_SAFE }]);
    const machine = providePushNotificationsServices(pushNotificationsMachine, deps({ gateway: gatewayRecorder({ getOwnedSafes: () => ({ safes: [SAFE] }) }).gateway, storage, wallet: () => w.provider }));
    const { registrationIds } = (await runEffect(machine, 'loadDevice', { chainId: '31337', safe: SAFE, signer: owner.address })) as { registrationIds: { uuid: string; cloudMessagingToken: string } };
    expect(registrationIds).toEqual({ uuid: '5f0c4e0a-8a41-4f7e-9d1b-2b3c4d5e6f70', cloudMessagingToken: 'countersign-web-kept' });
    const selected = [SAFE, DEVNET_OTHER_SAFE];
    const check = registrationCheckOf({ device: LEDGER, registrationIds, nowMs: NOW, selected });
    const signed = (await runEffect(machine, 'signRegistration', { chainId: '31337', safes: selected, signer: owner.address, nowMs: NOW, ...registrationIds, deviceName: 'Ledger' })) as {
      uuid: string;
      cloudMessagingToken: string;
      timestamp: string;
      signatures: Hex[];
    };
    expect(signed).toMatchObject({ ...registrationIds, timestamp: '1700000123' });
    const hash = registrationHash('1700000123', registrationIds.uuid, registrationIds.cloudMessagingToken, selected);
    expect(check?.lines).toEqual([{ label: 'Message', value: hash }]);
    expect(sentLines(w)).toEqual(check?.lines);
    expect(await recoverAddress({ hash: hashMessage({ raw: hash }), signature: signed.signatures[0]! })).toBe(owner.address);
  });

  it('e-mail: each operation’s authorisation text at the event’s time, as text', async () => {
    for (const op of ['register', 'change', 'show', 'delete'] as const) {
      const w = wallet();
      const machine = provideEmailAlertsServices(emailAlertsMachine, deps({ gateway: gatewayRecorder().gateway, wallet: () => w.provider }));
      const request = { op, chainId: '31337', safe: SAFE.toLowerCase(), signer: owner.address, email: op === 'register' || op === 'change' ? 'a@b.co' : null, nowMs: NOW };
      const check = emailCheckOf({ device: LEDGER, request });
      const auth = (await runEffect(machine, 'signEmailRequest', { ...request, deviceName: 'Ledger' })) as { signature: Hex; timestamp: string };
      expect(auth.timestamp).toBe(String(NOW));
      expect(sentLines(w)).toEqual(check?.lines);
      expect(check?.lines[0]?.value).toBe(emailAuthMessage(request, String(NOW)));
      expect(await recoverAddress({ hash: hashMessage(check!.lines[0]!.value), signature: auth.signature })).toBe(owner.address);
    }
  });

  it('recovery: the authorisation text at the event’s time, as text', async () => {
    const w = wallet();
    const machine = provideRecoveryServices(recoveryRegistrationMachine, deps({ gateway: gatewayRecorder().gateway, wallet: () => w.provider }));
    const request = { chainId: '31337', safe: SAFE, signer: owner.address, moduleAddress: DEVNET_OTHER_SAFE.toLowerCase(), nowMs: NOW };
    const check = recoveryCheckOf({ device: LEDGER, request });
    const auth = (await runEffect(machine, 'signRecovery', { ...request, deviceName: 'Ledger' })) as { signature: Hex; timestamp: string };
    expect(auth.timestamp).toBe(String(NOW));
    expect(check?.lines).toEqual([{ label: 'Message', value: `enable-recovery-alerts-31337-${SAFE}-${DEVNET_OTHER_SAFE}-${owner.address}-${NOW}` }]);
    expect(sentLines(w)).toEqual(check?.lines);
    expect(await recoverAddress({ hash: hashMessage(check!.lines[0]!.value), signature: auth.signature })).toBe(owner.address);
  });

  it('a device’s failure of a personal_sign names the device', async () => {
    const w = wallet(KEY, { reject: { code: 4001, message: 'Rejected on device' } });
    await expect(personalSign(() => w.provider, CHAIN, owner.address, 'x', 'Ledger')).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('bytes that are not text are shown in hex, text as text; the check and the Devnet device use the same function', () => {
    expect(messageDisplay(toHex('email-show-1'))).toEqual([{ label: 'Message', value: 'email-show-1' }]);
    const raw = keccak256(toHex('x'));
    expect(messageDisplay(raw)).toEqual([{ label: 'Message', value: raw }]);
    expect(messageDisplay(raw.toUpperCase().replace('0X', '0x') as Hex)).toEqual([{ label: 'Message', value: raw }]);
    expect(messageDisplay('0x0001' as Hex)).toEqual([{ label: 'Message', value: '0x0001' }]);
  });
});

describe('e-mail and recovery effects', () => {
  it('sends the signed headers, and classifies not-registered, wrong and expired codes', async () => {
    const { gateway, calls } = gatewayRecorder({
      getRegisteredEmail: () => Promise.reject(new GatewayError('404: No email address was found', 404)),
    });
    const machine = provideEmailAlertsServices(emailAlertsMachine, deps({ gateway }));
    const request = { op: 'register', chainId: '31337', safe: SAFE, signer: owner.address, email: 'a@b.co' } as const;
    const auth = (await runEffect(machine, 'signEmailRequest', request)) as { signature: Hex; timestamp: string };
    expect(auth.timestamp).toBe('1767225600000');
    expect(await recoverAddress({ hash: hashMessage(emailAuthMessage(request, auth.timestamp)), signature: auth.signature })).toBe(owner.address);
    await runEffect(machine, 'sendEmailRequest', { ...request, auth });
    expect(calls.at(-1)).toEqual(['registerEmail', ['31337', SAFE, { emailAddress: 'a@b.co', signer: owner.address }, auth]]);
    await expect(runEffect(machine, 'sendEmailRequest', { ...request, op: 'show', auth })).rejects.toMatchObject({ kind: 'notRegistered' });

    const verify = (error: GatewayError) =>
      runEffect(provideEmailAlertsServices(emailAlertsMachine, deps({ gateway: gatewayRecorder({ verifyEmail: () => Promise.reject(error) }).gateway })), 'verifyEmail', {
        chainId: '31337',
        safe: SAFE,
        signer: owner.address,
        code: '1',
      });
    await expect(verify(new GatewayError('400: Invalid verification code', 400))).rejects.toMatchObject({ kind: 'wrongCode' });
    await expect(verify(new GatewayError('400: Verification code expired', 400))).rejects.toMatchObject({ kind: 'expiredCode' });
    await expect(verify(new GatewayError('409: Email address is already verified', 409))).rejects.toThrow('409');
  });

  it('a gateway without e-mail alerts (a route-miss 404) is notOffered, and the wallet is never asked to sign', async () => {
    const routeMissing = () => Promise.reject(new GatewayError('Not Found', 404, undefined, 'notOffered'));
    const spy = wallet();
    const { gateway, calls } = gatewayRecorder({
      getRegisteredEmail: routeMissing,
      registerEmail: routeMissing,
      verifyEmail: routeMissing,
      resendEmailVerificationCode: routeMissing,
    });
    const machine = provideEmailAlertsServices(emailAlertsMachine, deps({ gateway, wallet: () => spy.provider }));
    const request = { op: 'register', chainId: '31337', safe: SAFE, signer: owner.address, email: 'a@b.co' } as const;
    await expect(runEffect(machine, 'signEmailRequest', request)).rejects.toEqual({ kind: 'notOffered', message: ACCOUNT_TEXTS.emailNotOffered });
    // the only call: the unsigned read of the registration
    expect(calls).toEqual([['getRegisteredEmail', ['31337', SAFE, owner.address]]]);
    expect(spy.requests).toEqual([]);
    const target = { chainId: '31337', safe: SAFE, signer: owner.address };
    await expect(runEffect(machine, 'sendEmailRequest', { ...request, auth: { signature: '0x', timestamp: '1' } })).rejects.toMatchObject({ kind: 'notOffered' });
    await expect(runEffect(machine, 'verifyEmail', { ...target, code: '1' })).rejects.toMatchObject({ kind: 'notOffered' });
    await expect(runEffect(machine, 'resendCode', target)).rejects.toMatchObject({ kind: 'notOffered' });
    // a 404 of a gateway that has the endpoint stays what it was (not registered)
    const registered = gatewayRecorder({ getRegisteredEmail: () => Promise.reject(new GatewayError('404: No email address was found', 404)) });
    await expect(
      runEffect(provideEmailAlertsServices(emailAlertsMachine, deps({ gateway: registered.gateway })), 'sendEmailRequest', { ...request, op: 'show', auth: { signature: '0x', timestamp: '1' } }),
    ).rejects.toMatchObject({ kind: 'notRegistered' });
  });

  it('checkEmailOffered asks the gateway without a signature: a route-miss is notOffered, a refusal or an answer means offered (decision 0078)', async () => {
    const target = { chainId: '31337', safe: SAFE.toLowerCase(), signer: owner.address.toLowerCase() };
    const check = (getRegisteredEmail: () => Promise<unknown>) => {
      const spy = wallet();
      const recorder = gatewayRecorder({ getRegisteredEmail });
      const machine = provideEmailAlertsServices(emailAlertsMachine, deps({ gateway: recorder.gateway, wallet: () => spy.provider }));
      return { run: () => runEffect(machine, 'checkEmailOffered', target), calls: recorder.calls, spy };
    };
    const missing = check(() => Promise.reject(new GatewayError('Not Found', 404, undefined, 'notOffered')));
    await expect(missing.run()).rejects.toEqual({ kind: 'notOffered', message: ACCOUNT_TEXTS.emailNotOffered });
    // one unsigned read, checksummed addresses, and the wallet never asked
    expect(missing.calls).toEqual([['getRegisteredEmail', ['31337', SAFE, owner.address]]]);
    expect(missing.spy.requests).toEqual([]);
    // a gateway with the endpoint refuses the unsigned read (403), or has nothing registered (its own 404): offered
    await expect(check(() => Promise.reject(new GatewayError('403: Invalid signature', 403))).run()).resolves.toBeUndefined();
    await expect(check(() => Promise.reject(new GatewayError('404: No email address was found', 404))).run()).resolves.toBeUndefined();
    await expect(check(() => Promise.resolve({ email: 'a@b.co', verified: true })).run()).resolves.toBeUndefined();
  });

  it('unsubscribing from a gateway without the endpoint is notOffered; other errors pass through', async () => {
    const run = (error: GatewayError) =>
      runEffect(provideUnsubscribeServices(unsubscribeMachine, { gateway: gatewayRecorder({ unsubscribeAll: () => Promise.reject(error) }).gateway }), 'unsubscribe', {
        token: '8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f',
        category: null,
      });
    await expect(run(new GatewayError('Method Not Allowed', 405, undefined, 'notOffered'))).rejects.toEqual({ kind: 'notOffered', message: ACCOUNT_TEXTS.unsubscribeNotOffered });
    await expect(run(new GatewayError('404: No subscription matches the given token', 404, 404))).rejects.toThrow('No subscription');
  });

  it('registers a recovery module with the signer in the body and the signed headers', async () => {
    const { gateway, calls } = gatewayRecorder();
    const machine = provideRecoveryServices(recoveryRegistrationMachine, deps({ gateway }));
    const module = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
    const request = { chainId: '31337', safe: SAFE, signer: owner.address, moduleAddress: module };
    const auth = (await runEffect(machine, 'signRecovery', request)) as { signature: Hex; timestamp: string };
    expect(await recoverAddress({ hash: hashMessage(`enable-recovery-alerts-31337-${SAFE}-${module}-${owner.address}-${auth.timestamp}`), signature: auth.signature })).toBe(owner.address);
    await runEffect(machine, 'registerRecovery', { ...request, auth });
    expect(calls.at(-1)).toEqual(['registerRecoveryModule', ['31337', SAFE, { moduleAddress: module, signer: owner.address }, auth]]);
  });
});

describe('proposer (delegate) effects (protocol.md B.7.15)', () => {
  const PROPOSER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
  const request = { action: 'add' as const, chainId: '31337', safe: SAFE.toLowerCase(), delegate: getAddress(PROPOSER), delegator: owner.address, label: 'Ops bot' };

  it('signs the Delegate typed data of the checksummed proposer and this hour with eth_signTypedData_v4; the gateway recovers the owner', async () => {
    const w = wallet();
    const machine = provideDelegatesServices(delegatesListMachine, deps({ gateway: gatewayRecorder().gateway, wallet: () => w.provider }));
    const { signature } = (await runEffect(machine, 'signProposer', request)) as { signature: Hex };
    const sent = w.requests.find((r) => r.method === 'eth_signTypedData_v4')!;
    expect(sent.params![0]).toBe(owner.address);
    expect(JSON.parse(sent.params![1] as string)).toMatchObject({
      domain: { name: 'Safe Transaction Service', version: '1.0', chainId: 31337 },
      primaryType: 'Delegate',
      // viem's serializeTypedData writes addresses in lower case: the same address to EIP-712 hashing.
      message: { delegateAddress: PROPOSER.toLowerCase(), totp: String(Math.floor(1_767_225_600 / 3600)) },
    });
    expect(await recoverAddress({ hash: delegateHash(31337, getAddress(PROPOSER), currentTotp(1_767_225_600_000)), signature })).toBe(owner.address);
  });

  it('a rejection in the wallet is the wallet’s rejection; a signature from another key is refused before anything is sent', async () => {
    const rejecting = wallet(KEY, { reject: { code: 4001, message: 'User rejected the request.' } });
    const machine = provideDelegatesServices(delegatesListMachine, deps({ gateway: gatewayRecorder().gateway, wallet: () => rejecting.provider }));
    await expect(runEffect(machine, 'signProposer', request)).rejects.toMatchObject({ kind: 'rejected', message: 'User rejected signing.' });
    const other = wallet(OTHER_KEY);
    const wrong = provideDelegatesServices(delegatesListMachine, deps({ gateway: gatewayRecorder().gateway, wallet: () => other.provider }));
    await expect(runEffect(wrong, 'signProposer', request)).rejects.toMatchObject({ message: expect.stringMatching(/not from the connected account/) });
  });

  it('signs the hour of the change’s nowMs, so a device is asked for exactly what it was shown first (issue 19)', async () => {
    const w = wallet();
    const machine = provideDelegatesServices(delegatesListMachine, deps({ gateway: gatewayRecorder().gateway, wallet: () => w.provider }));
    const nowMs = 1_700_000_000_000;
    const { signature } = (await runEffect(machine, 'signProposer', { ...request, nowMs, deviceName: 'Ledger' })) as { signature: Hex };
    const sent = JSON.parse(w.requests.find((r) => r.method === 'eth_signTypedData_v4')!.params![1] as string) as TypedDataDefinition;
    expect(sent.message).toMatchObject({ totp: String(Math.floor(nowMs / 1000 / 3600)) });
    // The lines of the on-device step (computed in the machine from the request) are those of the typed data sent.
    const check = proposerCheckOf({ device: { kind: 'ledger', name: 'Ledger', display: 'hashes' }, request: { ...request, nowMs } });
    expect(check?.lines).toEqual(typedDataDisplay('hashes', sent));
    expect(await recoverAddress({ hash: delegateHash(31337, getAddress(PROPOSER), currentTotp(nowMs)), signature })).toBe(owner.address);
    // Without a time or a device there is nothing to show.
    expect(proposerCheckOf({ device: { kind: 'ledger', name: 'Ledger', display: 'hashes' }, request })).toBeUndefined();
    expect(proposerCheckOf({ request: { ...request, nowMs } })).toBeUndefined();
  });

  it('a device’s error names the device and says what to do on it (issue 19)', async () => {
    const locked = wallet(KEY, { reject: { code: -32050, message: 'Device locked', data: { device: 'locked' } } });
    const machine = provideDelegatesServices(delegatesListMachine, deps({ gateway: gatewayRecorder().gateway, wallet: () => locked.provider }));
    await expect(runEffect(machine, 'signProposer', { ...request, nowMs: 1_700_000_000_000, deviceName: 'Ledger' })).rejects.toEqual({
      kind: 'deviceLocked',
      message: 'Your Ledger is locked. Unlock it with its PIN, keep it connected, and try again.',
    });
  });

  it('adds and renames with POST /v2 (safe, delegate, delegator, signature, label) and removes with DELETE /v2 (delegator, safe, signature)', async () => {
    const { gateway, calls } = gatewayRecorder();
    const machine = provideDelegatesServices(delegatesListMachine, deps({ gateway }));
    const signature = `0x${'ab'.repeat(65)}`;
    await runEffect(machine, 'sendProposer', { ...request, signature });
    await runEffect(machine, 'sendProposer', { ...request, action: 'rename', label: 'Build bot', signature });
    await runEffect(machine, 'sendProposer', { ...request, action: 'remove', label: null, signature });
    expect(calls).toEqual([
      ['addDelegate', ['31337', { safe: SAFE, delegate: getAddress(PROPOSER), delegator: owner.address, signature, label: 'Ops bot' }]],
      ['addDelegate', ['31337', { safe: SAFE, delegate: getAddress(PROPOSER), delegator: owner.address, signature, label: 'Build bot' }]],
      ['deleteDelegate', ['31337', getAddress(PROPOSER), { delegator: owner.address, safe: SAFE, signature }]],
    ]);
  });
});
