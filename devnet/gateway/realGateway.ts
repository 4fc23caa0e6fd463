// What Safe's production gateway of 2026 no longer serves, and how its router answers a request for it
// (decision 0051). With the `likeRealGateway` option the devnet answers these exactly so, to test the app's
// graceful path; without it the devnet keeps serving them (other gateways may).
import type { Context, Next } from 'hono';

export type DroppedEndpoint = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; pattern: RegExp; why: string };

const ADDRESS = '[^/]+';
const route = (method: DroppedEndpoint['method'], path: string, why: string): DroppedEndpoint => ({
  method,
  path,
  pattern: new RegExp(`^${path.replace(/\{\w+\}/g, ADDRESS)}/?$`),
  why,
});

const EMAILS = 'e-mail alerts were removed from the real gateway';

/** The endpoints the seed (product-spec §7) calls that today's real gateway (cgw-openapi.json) does not list. */
export const NOT_OFFERED_BY_REAL_GATEWAY: readonly DroppedEndpoint[] = [
  route('POST', '/v1/chains/{chainId}/safes/{safe}/emails', EMAILS),
  route('PUT', '/v1/chains/{chainId}/safes/{safe}/emails/{signer}', EMAILS),
  route('POST', '/v1/chains/{chainId}/safes/{safe}/emails/{signer}/verify-resend', EMAILS),
  route('PUT', '/v1/chains/{chainId}/safes/{safe}/emails/{signer}/verify', EMAILS),
  route('GET', '/v1/chains/{chainId}/safes/{safe}/emails/{signer}', EMAILS),
  route('DELETE', '/v1/chains/{chainId}/safes/{safe}/emails/{signer}', EMAILS),
  route('DELETE', '/v1/subscriptions', 'e-mail subscriptions went with the e-mail alerts'),
  route('DELETE', '/v1/subscriptions/all', 'e-mail subscriptions went with the e-mail alerts'),
  route('GET', '/v1/owners/{address}/safes', 'replaced by /v2 and /v3 owners/{ownerAddress}/safes'),
  route('POST', '/v1/chains/{chainId}/safes/{safe}/views/transaction-confirmation', 'the confirmation view was removed'),
  route('GET', '/v1/chains/{chainId}/safes/{safe}/collectibles', 'replaced by /v2 collectibles (paged)'),
];

export const isDroppedByRealGateway = (method: string, pathname: string): boolean =>
  NOT_OFFERED_BY_REAL_GATEWAY.some((e) => e.method === method && e.pattern.test(pathname));

/**
 * The body NestJS (on Express, as the real gateway runs) sends for a route it does not have: status 404, whatever
 * the method (Express has no 405), with the method and the original URL (query included) in the message.
 */
export function routeMissing(c: Context): Response {
  const url = new URL(c.req.url);
  return c.json({ message: `Cannot ${c.req.method} ${url.pathname}${url.search}`, error: 'Not Found', statusCode: 404 }, 404);
}

/** Middleware: answers the dropped endpoints as the real gateway's router does. */
export function likeRealGateway() {
  return async (c: Context, next: Next): Promise<Response | void> => {
    if (isDroppedByRealGateway(c.req.method, new URL(c.req.url).pathname)) return routeMissing(c);
    await next();
  };
}
