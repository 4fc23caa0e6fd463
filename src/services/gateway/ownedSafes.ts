/**
 * Owners' Safes on every chain, whichever version this gateway serves (decision 0051): today's real gateway serves
 * /v3 and /v2 (same shape) and no longer the seed's /v1, which other gateways may still serve. Tried newest first,
 * the next only when the gateway does not offer one (`notOffered`); the version that answered is remembered per
 * client. Loaded only by the screens that list owned Safes, not on the first load.
 */
import type { AllOwnedSafes } from '../../domain/gateway/types.ts';
import type { GatewayClient } from './client.ts';
import { isNotOffered } from './http.ts';

const VERSIONS = ['v3', 'v2', 'v1'] as const;
const answered = new WeakMap<object, number>();

export async function readAllOwnedSafes(gateway: Pick<GatewayClient, 'getAllOwnedSafes'>, owner: string): Promise<AllOwnedSafes> {
  for (let i = answered.get(gateway) ?? 0; ; i++) {
    try {
      const owned = await gateway.getAllOwnedSafes(owner, VERSIONS[i]);
      answered.set(gateway, i);
      return owned;
    } catch (error) {
      if (!isNotOffered(error) || i === VERSIONS.length - 1) throw error;
    }
  }
}
