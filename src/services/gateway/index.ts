export { createGatewayClient, buildPath, buildQuery } from './client.ts';
export type { GatewayClient, GatewayClientOptions, QueryOrPageUrl, EmailAuth, EmptyResponse } from './client.ts';
export { GatewayError, readGatewayResponse } from './http.ts';
export { TAG_INVALIDATES, SAFE_INFO_TAGS, DEFAULT_CACHE_LIFETIME_MS } from './cache.ts';
export type { ReadKind } from './cache.ts';
export * from './schemas.ts';
export type * from './types.ts';
