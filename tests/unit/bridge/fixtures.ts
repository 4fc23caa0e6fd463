/** Requests for the bridge tests, each with a fresh id; the sample Safe, chain and session live in src (bridgeRequest.samples.ts). */
import type { BridgeRequest } from '../../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { sampleRequest } from '../../../src/machines/bridgeRequest/bridgeRequest.samples.ts';

let counter = 0;

/** A validated request for the machine tests, with a fresh id. */
export function request<M extends BridgeRequest['method']>(method: M, params: Parameters<typeof sampleRequest<M>>[2], sdkVersion?: string) {
  counter += 1;
  return sampleRequest(`req${counter.toString(16).padStart(7, '0')}`, method, params, sdkVersion);
}

// The sample Safe, chain and session, for tests that import them from here.
export {
  APP_ORIGIN,
  FALLBACK_HANDLER,
  HOST_ORIGIN,
  MESSAGE_HASH,
  OWNERS,
  SAFE_ADDRESS,
  SAFE_TX_HASH,
  chainInfo,
  grantedAddressBook,
  refusedAddressBook,
  safeInfo,
  session,
} from '../../../src/machines/bridgeRequest/bridgeRequest.samples.ts';
