export { createGatewayClient, buildPath, buildQuery, pageUrl, readAllPages, MAX_PAGES } from './client.ts';
export type { GatewayClient, GatewayClientOptions, QueryOrPageUrl, EmailAuth, EmptyResponse } from './client.ts';
export { GatewayError, readGatewayResponse, MAX_RESPONSE_BYTES, isNotOffered, routeNotOffered } from './http.ts';
export { TAG_INVALIDATES, SAFE_INFO_TAGS, DEFAULT_CACHE_LIFETIME_MS, MAX_CACHE_ENTRIES } from './cache.ts';
export type { ReadKind } from './cache.ts';
export * from '../../domain/gateway/schemas.ts';
export type * from '../../domain/gateway/types.ts';
