/**
 * This browser's push-notification device: the uuid the gateway knows it by, its token, and the Safes it is
 * registered for (the gateway has no read endpoint for registrations). One JSON entry in local storage.
 */
import { getAddress } from 'viem';
import { sameHex } from '../../domain/hex.ts';

export const DEVICE_STORAGE_KEY = 'countersign.notifications.device';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DeviceRecord {
  uuid: string;
  cloudMessagingToken: string;
  registrations: Array<{ chainId: string; safe: string }>;
}

export interface DeviceStore {
  read(): DeviceRecord | null;
  addRegistrations(uuid: string, cloudMessagingToken: string, added: Array<{ chainId: string; safe: string }>): DeviceRecord;
  removeRegistration(chainId: string, safe: string): void;
  clear(): void;
}

function parse(text: string | null): DeviceRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DeviceRecord>;
    if (typeof value.uuid !== 'string' || typeof value.cloudMessagingToken !== 'string' || !Array.isArray(value.registrations)) return null;
    return { uuid: value.uuid, cloudMessagingToken: value.cloudMessagingToken, registrations: value.registrations.filter((r) => typeof r?.chainId === 'string' && typeof r?.safe === 'string') };
  } catch {
    return null;
  }
}

export function createDeviceStore(storage: KeyValueStorage): DeviceStore {
  const write = (record: DeviceRecord) => storage.setItem(DEVICE_STORAGE_KEY, JSON.stringify(record));
  const same = (a: { chainId: string; safe: string }, b: { chainId: string; safe: string }) => a.chainId === b.chainId && sameHex(a.safe, b.safe);
  return {
    read: () => parse(storage.getItem(DEVICE_STORAGE_KEY)),
    addRegistrations(uuid, cloudMessagingToken, added) {
      const current = parse(storage.getItem(DEVICE_STORAGE_KEY));
      const kept = current && current.uuid === uuid ? current.registrations : [];
      const record = { uuid, cloudMessagingToken, registrations: [...kept.filter((r) => !added.some((a) => same(a, r))), ...added.map((a) => ({ chainId: a.chainId, safe: getAddress(a.safe) }))] };
      write(record);
      return record;
    },
    removeRegistration(chainId, safe) {
      const current = parse(storage.getItem(DEVICE_STORAGE_KEY));
      if (current) write({ ...current, registrations: current.registrations.filter((r) => !same(r, { chainId, safe })) });
    },
    clear: () => storage.removeItem(DEVICE_STORAGE_KEY),
  };
}
