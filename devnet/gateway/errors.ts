// Error bodies as the real gateway emits them (protocol.md B.6):
//  - data-source errors (unknown Safe, unknown tx, ...): { code: <status>, message }
//  - Nest HttpExceptions (invalid signature, invalid nonce, relay limit, ...): { statusCode, message }
//    (we add `code` too, so clients that only read `code` see the status as well)
//  - request validation (zod on the real gateway): 422 { statusCode: 422, code: 'custom', message, path }
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorBody =
  | { code: number; message: string }
  | { statusCode: number; code: number; message: string }
  | { statusCode: 422; code: string; message: string; path: Array<string | number> };

export class GatewayError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorBody;
  constructor(status: ContentfulStatusCode, body: ErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** Not found / upstream-style error: `{ code, message }`. */
export const upstreamError = (status: ContentfulStatusCode, message: string): GatewayError =>
  new GatewayError(status, { code: status, message });

/** Nest HttpException-style error: `{ statusCode, message }` (+ `code`). */
export const httpError = (status: ContentfulStatusCode, message: string): GatewayError =>
  new GatewayError(status, { statusCode: status, code: status, message });

/** Request validation error: 422 `{ statusCode: 422, code: 'custom'|'invalid_type', message, path }`. */
export const validationError = (message: string, path: Array<string | number> = [], code = 'custom'): GatewayError =>
  new GatewayError(422, { statusCode: 422, code, message, path });

export const notFound = (message = 'Not Found'): GatewayError => upstreamError(404, message);

export function errorResponse(c: Context, err: unknown): Response {
  if (err instanceof GatewayError) return c.json(err.body, err.status);
  // the node is unreachable: like the real gateway when its data source is down
  if (err instanceof Error && /HttpRequestError|TimeoutError/.test(err.name)) {
    return c.json({ code: 503, message: 'Service unavailable' }, 503);
  }
  const message = err instanceof Error ? err.message : String(err);
  console.error('[gateway] internal error:', message);
  return c.json({ code: 500, message: 'Internal server error' }, 500);
}
