/**
 * Recipients each Safe paid in transactions this browser's flows executed (decision 0064), kept in the settings record
 * by `chainId:safeAddress` (lower case): known addresses for the look-alike check (S17). Only executed flows write
 * them, from the SafeTx they built and the receipt's ExecutionSuccess; no gateway answer can add one.
 */
import type { Address } from 'viem';
import type { LocalStore } from './storage/index.ts';

/** The newest recipients kept per Safe: the list is read at every review. */
export const MAX_PAST_RECIPIENTS = 500;

const safeKey = (chainId: string, safe: string) => `${chainId}:${safe.toLowerCase()}`;

export function pastRecipientsStore(settings: Pick<LocalStore['settings'], 'get' | 'update'>) {
  return {
    async list(chainId: string, safe: string): Promise<Address[]> {
      return (await settings.get()).pastRecipients?.[safeKey(chainId, safe)] ?? [];
    },
    async add(chainId: string, safe: string, recipients: readonly string[]): Promise<void> {
      const key = safeKey(chainId, safe);
      const all = (await settings.get()).pastRecipients ?? {};
      const kept = all[key] ?? [];
      const added = recipients.filter((a, i) => recipients.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i && !kept.some((k) => k.toLowerCase() === a.toLowerCase()));
      if (added.length === 0) return;
      // The settings schema checks and checksums every address as it is written.
      await settings.update({ pastRecipients: { ...all, [key]: [...kept, ...(added as Address[])].slice(-MAX_PAST_RECIPIENTS) } });
    },
  };
}

export type PastRecipientsStore = ReturnType<typeof pastRecipientsStore>;
