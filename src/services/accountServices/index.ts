/**
 * The real effects of the account-services machines (src/machines/accountServices): push-notification device,
 * e-mail alerts, recovery alerts, delegates and subscriptions, on the gateway client and the connected wallet.
 *
 *   providePushNotificationsServices(machine, deps)   provideEmailAlertsServices(machine, deps)
 *   provideRecoveryServices(machine, deps)            provideDelegatesServices(machine, deps)
 *   provideUnsubscribeServices(machine, deps)         createAccountServicesLogic(deps)  (all five)
 *
 * Each machine's effects are one object typed by its `<Name>Effects` interface (create…Effects(deps)), handed to
 * the machine with effectActors.
 *
 * Signatures are personal_sign (the proposers' EIP-712 typed data: eth_signTypedData_v4) through the connected wallet (readyWallet: connected, the expected account, on
 * the Safe's chain); each is checked to recover to the signer before anything is sent. The signed texts and the
 * registration hash are protocol.md B.7.17's. This browser's device uuid and push token are kept in local
 * storage by deviceStore.ts, never in machine context beyond the uuid the screen shows.
 */
import { getAddress, hashTypedData, recoverMessageAddress, type Address, type Hex } from 'viem';
import { delegateTypedData } from '../../domain/safe/delegateRequest.ts';
import { authTimestamp, emailAuthMessage, pushTimestamp, recoveryAuthMessage, registrationHash } from '../../domain/safe/accountAuth.ts';
import { personalSignData } from '../../domain/wallet/deviceDisplay.ts';
import type { DelegatesListMachine } from '../../machines/accountServices/delegatesList.machine.ts';
import type { EmailAlertsMachine } from '../../machines/accountServices/emailAlerts.machine.ts';
import type { PushNotificationsMachine } from '../../machines/accountServices/pushNotifications.machine.ts';
import type { RecoveryRegistrationMachine } from '../../machines/accountServices/recoveryRegistration.machine.ts';
import type { UnsubscribeMachine } from '../../machines/accountServices/unsubscribe.machine.ts';
import type {
  DelegatesListEffects,
  DelegatesPage,
  DeviceSafe,
  EmailAlertsEffects,
  EmailTarget,
  PushNotificationsEffects,
  RegistrationIds,
  RecoveryRegistrationEffects,
  UnsubscribeEffects,
} from '../../machines/accountServices/accountServices.types.ts';
import { effectActors } from '../../machines/shared/effects.ts';
import type { GatewayClient } from '../gateway/client.ts';
import { GatewayError, isNotOffered } from '../gateway/http.ts';
import { ACCOUNT_TEXTS } from '../../machines/accountServices/accountServices.logic.ts';
import { classifyWalletError, readyWallet, signTypedData, type WalletAccess, type WalletChain } from '../transactionFlow/wallet.ts';
import { createDeviceStore, type DeviceStore, type KeyValueStorage } from './deviceStore.ts';
import { provideSpendingLimitsServices, type SpendingLimitsDeps } from './spendingLimits.ts';
import type { SpendingLimitsMachine } from '../../machines/accountServices/spendingLimits.machine.ts';
import { provideNestedSafesServices, type NestedSafesReader } from './nestedSafes.ts';
import type { NestedSafesMachine } from '../../machines/accountServices/nestedSafes.machine.ts';

/** What is signed (pure, shared with the machines' on-device check: src/domain/safe/accountAuth.ts). */
export { authTimestamp, emailAuthMessage, pushTimestamp, recoveryAuthMessage, registrationHash } from '../../domain/safe/accountAuth.ts';
export { createDeviceStore, DEVICE_STORAGE_KEY, type DeviceRecord, type DeviceStore, type KeyValueStorage } from './deviceStore.ts';

export interface AccountServicesDeps {
  gateway: GatewayClient;
  /** The connected wallet's EIP-1193 provider, or null. */
  wallet: WalletAccess;
  /** Where this browser's device registration is kept (window.localStorage in the app). */
  storage: KeyValueStorage;
  /** Sent as the device's `version`. */
  appVersion: string;
  /** The chain's display name, for the wrong-network text. */
  chainName?: (chainId: string) => Promise<string> | string;
  /** The chain's client, for what is read on chain (spending limits, nested Safes). */
  chainClient?: (chainId: string) => Promise<Awaited<ReturnType<SpendingLimitsDeps['chainClient']>> & NestedSafesReader>;
  now?: () => number;
  newId?: () => string;
}

const failure = (kind: string, message: string) => ({ kind, message });

/**
 * personal_sign of `message` (text, or `{ raw }` bytes) by `signer`; the signature must recover to it. The bytes are
 * deviceDisplay.ts's personalSignData, from which a device's check is computed too. `deviceName` names the device in
 * its errors' texts (issue 19).
 */
export async function personalSign(access: WalletAccess, chain: WalletChain, signer: string, message: string | { raw: Hex }, deviceName?: string): Promise<Hex> {
  const { provider, account } = await readyWallet(access, chain, getAddress(signer), 'sign');
  const data = personalSignData(message);
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [data, account] });
  } catch (error) {
    throw classifyWalletError(error, 'sign', deviceName);
  }
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature)) throw failure('other', 'The wallet returned an invalid signature.');
  const recovered = await recoverMessageAddress({ message: typeof message === 'string' ? message : { raw: message.raw }, signature: signature as Hex });
  if (recovered !== account) throw failure('other', `The signature is from ${recovered}, not from the connected account ${account}.`);
  return signature as Hex;
}

const isStatus = (error: unknown, status: number, text?: RegExp): boolean =>
  error instanceof GatewayError && error.status === status && (!text || text.test(error.message));

/**
 * Whether this gateway offers e-mail alerts, asked without a signature (so before the wallet is asked for one): a
 * gateway with the endpoint refuses the unsigned read (403) or answers it; one without it (today's real gateway)
 * answers its router's 404. Only that answer says no; anything else leaves it to the signed call.
 */
async function offersEmailAlerts(gateway: GatewayClient, chainId: string, safe: string, signer: string): Promise<boolean> {
  try {
    await gateway.getRegisteredEmail(chainId, safe, signer);
    return true;
  } catch (error) {
    return !isNotOffered(error);
  }
}

/** A call this gateway does not offer (a 404/405 from its router, decision 0051) as the machines' `notOffered` failure. */
const whenOffered = async <T>(text: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (isNotOffered(error)) throw failure('notOffered', text);
    throw error;
  }
};

function context(deps: AccountServicesDeps) {
  const now = deps.now ?? (() => Date.now());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const chain = async (chainId: string): Promise<WalletChain> => ({ chainId, chainName: (await deps.chainName?.(chainId)) ?? `chain ${chainId}` });
  const device: DeviceStore = createDeviceStore(deps.storage);
  return { now, newId, chain, device };
}

/** The pushNotifications machine's effects: this browser's device record, the owner's signature and the gateway. */
export function createPushNotificationsEffects(deps: AccountServicesDeps): PushNotificationsEffects {
  const { now, newId, chain, device } = context(deps);
  /** This browser's uuid and token, or new ones (kept only once a registration succeeds). */
  const ids = (): RegistrationIds => {
    const record = device.read();
    return { uuid: record?.uuid ?? newId(), cloudMessagingToken: record?.cloudMessagingToken ?? `countersign-web-${newId()}` };
  };
  return {
    loadDevice: async (input) => {
      const record = device.read();
      const owned = input.signer ? (await deps.gateway.getOwnedSafes(input.chainId, input.signer)).safes.map((a) => getAddress(a)) : [];
      const registered = (record?.registrations ?? []).filter((r) => r.chainId === input.chainId).map((r) => getAddress(r.safe));
      const open = getAddress(input.safe);
      const all = [...new Set([open, ...owned, ...registered])];
      const safes: DeviceSafe[] = all.map((address) => ({
        address,
        owned: owned.includes(address) || (address === open && input.signer !== null),
        registered: record !== null && registered.includes(address),
      }));
      return { uuid: record?.uuid ?? null, safes, registrationIds: ids() };
    },
    signRegistration: async (input) => {
      // The uuid, token and time the machine's check was computed from, when it gives them (issue 19); else picked here.
      const { uuid, cloudMessagingToken } = input.uuid && input.cloudMessagingToken ? { uuid: input.uuid, cloudMessagingToken: input.cloudMessagingToken } : ids();
      const timestamp = pushTimestamp(input.nowMs ?? now());
      const safes = input.safes.map((s) => getAddress(s));
      const hash = registrationHash(timestamp, uuid, cloudMessagingToken, safes);
      const signature = await personalSign(deps.wallet, await chain(input.chainId), input.signer, { raw: hash }, input.deviceName);
      return { uuid, cloudMessagingToken, timestamp, chainId: input.chainId, safes, signatures: [signature] };
    },
    registerDevice: async (input) => {
      await deps.gateway.registerDevice({
        uuid: input.uuid,
        cloudMessagingToken: input.cloudMessagingToken,
        buildNumber: '1',
        bundle: 'countersign',
        deviceType: 'WEB',
        version: deps.appVersion,
        timestamp: input.timestamp,
        safeRegistrations: [{ chainId: input.chainId, safes: input.safes, signatures: input.signatures }],
      });
      device.addRegistrations(input.uuid, input.cloudMessagingToken, input.safes.map((safe) => ({ chainId: input.chainId, safe })));
      return { uuid: input.uuid };
    },
    unregisterSafe: async (input) => {
      try {
        await deps.gateway.unregisterSafe(input.chainId, getAddress(input.address), input.uuid);
      } catch (error) {
        // Already gone on the gateway: the registration this browser remembers is stale, forget it too.
        if (!isStatus(error, 404)) throw error;
      }
      device.removeRegistration(input.chainId, input.address);
      return {};
    },
    unregisterDevice: async (input) => {
      try {
        await deps.gateway.unregisterDevice(input.chainId, input.uuid);
      } catch (error) {
        if (!isStatus(error, 404)) throw error;
      }
      device.clear();
      return { registrationIds: ids() };
    },
  };
}

export function providePushNotificationsServices(machine: PushNotificationsMachine, deps: AccountServicesDeps): PushNotificationsMachine {
  return machine.provide({ actors: effectActors(createPushNotificationsEffects(deps)) });
}

/** The emailAlerts machine's effects: the owner's signed authorisation and the gateway's e-mail endpoints. */
export function createEmailAlertsEffects(deps: AccountServicesDeps): EmailAlertsEffects {
  const { now, chain } = context(deps);
  /** Fails with notOffered when this gateway has no e-mail endpoints (an unsigned read of the registration). */
  const checkEmailOffered = async (input: EmailTarget): Promise<void> => {
    if (!(await offersEmailAlerts(deps.gateway, input.chainId, getAddress(input.safe), getAddress(input.signer)))) {
      throw failure('notOffered', ACCOUNT_TEXTS.emailNotOffered);
    }
  };
  return {
    checkEmailOffered,
    signEmailRequest: async (input) => {
      // Asked before the wallet is: a gateway without e-mail alerts (today's real one) never gets a signature asked for.
      await checkEmailOffered(input);
      const timestamp = authTimestamp(input.nowMs ?? now());
      const signature = await personalSign(deps.wallet, await chain(input.chainId), input.signer, emailAuthMessage(input, timestamp), input.deviceName);
      return { signature, timestamp };
    },
    sendEmailRequest: async (input) => {
      const safe = getAddress(input.safe);
      const signer = getAddress(input.signer);
      try {
        switch (input.op) {
          case 'register':
            await deps.gateway.registerEmail(input.chainId, safe, { emailAddress: input.email ?? '', signer }, input.auth);
            return null;
          case 'change':
            await deps.gateway.changeEmail(input.chainId, safe, signer, { emailAddress: input.email ?? '' }, input.auth);
            return null;
          case 'show':
            return await deps.gateway.getRegisteredEmail(input.chainId, safe, signer, input.auth);
          case 'delete':
            await deps.gateway.deleteRegisteredEmail(input.chainId, safe, signer, input.auth);
            return null;
        }
      } catch (error) {
        if (isNotOffered(error)) throw failure('notOffered', ACCOUNT_TEXTS.emailNotOffered);
        if (input.op !== 'register' && isStatus(error, 404)) throw failure('notRegistered', (error as Error).message);
        throw error;
      }
    },
    verifyEmail: async (input) => {
      try {
        return await deps.gateway.verifyEmail(input.chainId, getAddress(input.safe), getAddress(input.signer), { code: input.code });
      } catch (error) {
        if (isNotOffered(error)) throw failure('notOffered', ACCOUNT_TEXTS.emailNotOffered);
        if (isStatus(error, 400, /expired/i)) throw failure('expiredCode', (error as Error).message);
        if (isStatus(error, 400)) throw failure('wrongCode', (error as Error).message);
        throw error;
      }
    },
    resendCode: (input) =>
      whenOffered(ACCOUNT_TEXTS.emailNotOffered, () => deps.gateway.resendEmailVerificationCode(input.chainId, getAddress(input.safe), getAddress(input.signer))),
  };
}

export function provideEmailAlertsServices(machine: EmailAlertsMachine, deps: AccountServicesDeps): EmailAlertsMachine {
  return machine.provide({ actors: effectActors(createEmailAlertsEffects(deps)) });
}

/** The recoveryRegistration machine's effects: the owner's signed authorisation and the gateway's recovery endpoint. */
export function createRecoveryEffects(deps: AccountServicesDeps): RecoveryRegistrationEffects {
  const { now, chain } = context(deps);
  return {
    signRecovery: async (input) => {
      const timestamp = authTimestamp(input.nowMs ?? now());
      const signature = await personalSign(deps.wallet, await chain(input.chainId), input.signer, recoveryAuthMessage(input, timestamp), input.deviceName);
      return { signature, timestamp };
    },
    registerRecovery: (input) =>
      deps.gateway.registerRecoveryModule(
        input.chainId,
        getAddress(input.safe),
        { moduleAddress: getAddress(input.moduleAddress), signer: getAddress(input.signer) as Address },
        input.auth,
      ),
  };
}

export function provideRecoveryServices(machine: RecoveryRegistrationMachine, deps: AccountServicesDeps): RecoveryRegistrationMachine {
  return machine.provide({ actors: effectActors(createRecoveryEffects(deps)) });
}

/**
 * The delegatesList machine's effects: the gateway's delegates, page by page (always fresh); the owner's EIP-712
 * Delegate signature (eth_signTypedData_v4, the hash checked before and the signer after) and the v2 POST / DELETE.
 */
export function createDelegatesEffects(deps: Pick<AccountServicesDeps, 'gateway' | 'wallet' | 'chainName' | 'now'>): DelegatesListEffects {
  const now = deps.now ?? (() => Date.now());
  const load = async (chainId: string, query: { safe: string } | string): Promise<DelegatesPage> => {
    const page = await deps.gateway.getDelegates(chainId, query, { fresh: true });
    return { results: page.results, next: page.next ?? null };
  };
  return {
    loadDelegates: (input) => load(input.chainId, input.page ?? { safe: getAddress(input.safe) }),
    signProposer: async (input) => {
      // The TOTP derives from when the owner asked (the request's nowMs: what a device was shown), else from now.
      const typed = delegateTypedData({ chainId: input.chainId, delegate: input.delegate, nowMs: input.nowMs ?? now() });
      // signTypedData reads only the chain of its Safe argument (readyWallet): the wallet must be on the Safe's chain.
      const chain = { chainId: input.chainId, chainName: (await deps.chainName?.(input.chainId)) ?? `chain ${input.chainId}` } as Parameters<typeof signTypedData>[1];
      // A device's errors name it (issue 19): "Your Ledger is locked. …".
      const { signature } = await signTypedData(deps.wallet, chain, getAddress(input.delegator), typed, hashTypedData(typed), input.deviceName);
      return { signature };
    },
    sendProposer: async (input) => {
      const safe = getAddress(input.safe);
      const delegate = getAddress(input.delegate);
      const delegator = getAddress(input.delegator);
      if (input.action === 'remove') return deps.gateway.deleteDelegate(input.chainId, delegate, { delegator, safe, signature: input.signature });
      return deps.gateway.addDelegate(input.chainId, { safe, delegate, delegator, signature: input.signature, label: input.label ?? '' });
    },
  };
}

export function provideDelegatesServices(machine: DelegatesListMachine, deps: Pick<AccountServicesDeps, 'gateway' | 'wallet' | 'chainName' | 'now'>): DelegatesListMachine {
  return machine.provide({ actors: effectActors(createDelegatesEffects(deps)) });
}

/** The unsubscribe machine's effect: one category, or all, for the e-mail's token. */
export function createUnsubscribeEffects(deps: Pick<AccountServicesDeps, 'gateway'>): UnsubscribeEffects {
  return {
    unsubscribe: (input) =>
      whenOffered(ACCOUNT_TEXTS.unsubscribeNotOffered, () =>
        input.category ? deps.gateway.unsubscribeSingle({ category: input.category, token: input.token }) : deps.gateway.unsubscribeAll({ token: input.token }),
      ),
  };
}

export function provideUnsubscribeServices(machine: UnsubscribeMachine, deps: Pick<AccountServicesDeps, 'gateway'>): UnsubscribeMachine {
  return machine.provide({ actors: effectActors(createUnsubscribeEffects(deps)) });
}

const noChainClient: NonNullable<AccountServicesDeps['chainClient']> = async () => {
  throw new Error('No chain client was given to read the chain.');
};

/** The machines with their effects provided, for the settings tabs. */
export function createAccountServicesLogic(deps: AccountServicesDeps, machines: AccountServicesMachines) {
  return {
    spendingLimits: provideSpendingLimitsServices(machines.spendingLimits, { chainClient: deps.chainClient ?? noChainClient }),
    nestedSafes: provideNestedSafesServices(machines.nestedSafes, { chainClient: deps.chainClient ?? noChainClient }),
    pushNotifications: providePushNotificationsServices(machines.pushNotifications, deps),
    emailAlerts: provideEmailAlertsServices(machines.emailAlerts, deps),
    recovery: provideRecoveryServices(machines.recovery, deps),
    delegates: provideDelegatesServices(machines.delegates, deps),
    unsubscribe: provideUnsubscribeServices(machines.unsubscribe, deps),
  };
}

export interface AccountServicesMachines {
  pushNotifications: PushNotificationsMachine;
  emailAlerts: EmailAlertsMachine;
  recovery: RecoveryRegistrationMachine;
  delegates: DelegatesListMachine;
  unsubscribe: UnsubscribeMachine;
  spendingLimits: SpendingLimitsMachine;
  nestedSafes: NestedSafesMachine;
}
