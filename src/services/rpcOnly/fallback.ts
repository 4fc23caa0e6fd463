/**
 * When the Safe is read from the chain instead of the gateway (RPC-only mode, decision 0054). A pure rule over the
 * error a gateway call ended with; the Safe session's effects ask it (src/services/rpcOnly/session.ts).
 *
 * Falls back: no gateway configured; the gateway cannot be reached (the request could not be made: offline, refused,
 * blocked); it refuses service (401, 403 — a blocked region — 429); and for the chain list, a 404/405 (it does not
 * serve chains). Does not fall back: a 5xx or a timeout (product-spec §8's "Gateway unavailable." and timeout texts
 * with Retry: the gateway is there and usually recovers); a 400/404/422 for the Safe (the gateway says there is no such Safe: "not found" stays), and an
 * answer that arrived but is wrong (malformed, another Safe than asked for): the gateway answered, and what it said
 * is shown as the error — reading around it would hide a lying gateway.
 */

/** Why the Safe is read from the chain; null when the error must be shown instead. */
export type FallbackReason = 'noGateway' | 'unreachable' | 'failing' | 'noChains';

/** What was asked of the gateway: its chain list, or something about one Safe (its info, balances, a list). */
export type GatewayAsk = 'chains' | 'safe';

/** The error thrown by a gateway proxy when config.json names no gateway. */
export const NO_GATEWAY_ERROR = 'NoGatewayError';

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return (error as { name?: unknown } | null)?.name === 'GatewayError' && typeof status === 'number' ? status : null;
}

export function fallbackReason(error: unknown, ask: GatewayAsk): FallbackReason | null {
  const root = error;
  const name = (root as { name?: unknown } | null)?.name;
  if (name === NO_GATEWAY_ERROR) return 'noGateway';
  // A gateway that answers too slowly or with a 5xx is shown as product-spec §8 says ("Gateway unavailable." with
  // Retry, the timeout text): it is there and usually recovers; reading around it would hide which (decision 0054).
  if (name === 'TimeoutError' || name === 'AbortError') return null;
  // fetch rejects with a TypeError when the request could not be made (offline, DNS, refused, blocked by the browser).
  if (root instanceof TypeError) return 'unreachable';
  const status = statusOf(root);
  if (status === null) return null;
  if (status === 0) return 'unreachable';
  if (status === 401 || status === 403 || status === 429) return 'failing';
  if (ask === 'chains' && (status === 404 || status === 405)) return 'noChains';
  return null;
}

/** The notice's reason in words (the Safe's screens say it under the title). */
export function fallbackText(reason: FallbackReason): string {
  switch (reason) {
    case 'noGateway':
      return 'This app has no gateway configured.';
    case 'unreachable':
      return 'The gateway cannot be reached.';
    case 'failing':
      return 'The gateway refuses to answer.';
    case 'noChains':
      return 'The gateway does not serve this chain.';
  }
}
