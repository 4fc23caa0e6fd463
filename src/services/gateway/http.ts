/**
 * One HTTP exchange with the gateway and the seed's response rules (product-spec §8):
 * - 204 → `{}`; an empty body on success → `{}`
 * - a non-empty body that is not JSON → `Invalid response content: {status text}` (checked first)
 * - non-ok → `code: message` when the JSON body has both `code` and `message`, else the HTTP status text
 * - a route the gateway does not have (405, or a 404 that is its router's and not a missing resource's) is of kind
 *   `notOffered`: "this gateway does not offer it" (decision 0051)
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    message: string,
    /** HTTP status of the response (0 when the response could not be read). */
    readonly status: number,
    /** `code` of the error body, when it had one. */
    readonly code?: unknown,
    /** `notOffered`: the gateway has no such endpoint (see `isNotOffered`). */
    readonly kind?: 'notOffered',
  ) {
    super(message);
  }
}

/**
 * Whether a failed answer means "this gateway does not offer that call" rather than "that thing does not exist":
 * 405 Method Not Allowed; or 404 whose body is the router's route-miss text (NestJS on Express, as the real
 * gateway: `Cannot GET /path`), empty, or not JSON (`body` undefined: a proxy's page). A 404 with a gateway error
 * body (`{code, message}` such as "Safe not found") is a missing resource, not this.
 */
export const routeNotOffered = (status: number, body: unknown): boolean =>
  status === 405 || (status === 404 && (body === undefined || /^Cannot [A-Z]+ \//.test(String((body as { message?: unknown } | null)?.message))));

/** The gateway does not offer the call that failed (decision 0051). */
export const isNotOffered = (error: unknown): error is GatewayError => error instanceof GatewayError && error.kind === 'notOffered';

/**
 * The gateway did not answer within the request timeout. Its name stays `TimeoutError` (what callers such as
 * the Safe session's loader test for); its message is a sentence a user can act on, not the library's text with
 * the request URL.
 */
export class GatewayTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The gateway did not answer within ${timeoutMs / 1000} s.`);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  /** JSON body; a string is sent verbatim; `undefined`/`null` sends no body. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HttpTransportOptions {
  fetch?: typeof globalThis.fetch;
  /** Per-request timeout in ms; `false` disables it. Default 10000. */
  timeoutMs?: number | false;
}

/** The largest gateway answer read (8 MB): a larger one is refused instead of filling the tab's memory. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** The largest GET answer whose parsed value is given again for the same text (decision 0085): a Safe's info, not a list. */
const SAME_ANSWER_MAX_CHARS = 64 * 1024;
/** How many URLs' last answers are kept for that. */
const SAME_ANSWER_URLS = 16;

const tooLarge = (status: number) => new GatewayError(`The gateway's answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB and was not read.`, status);

/** The body as text, read as a stream and abandoned past `max` bytes (a declared Content-Length past it is refused unread). */
async function boundedText(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw tooLarge(res.status);
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let read = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(res.status);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const isErrorBody = (json: unknown): json is { code: unknown; message: unknown } =>
  typeof json === 'object' && json !== null && 'code' in json && 'message' in json;

/** Applies the §8 rules to a fetch Response. Exported for unit tests of the mapping itself. */
export async function readGatewayResponse(res: Response, maxBytes: number = MAX_RESPONSE_BYTES, parse: (text: string) => unknown = JSON.parse): Promise<unknown> {
  if (res.status === 204) return {};
  let text: string;
  try {
    text = await boundedText(res, maxBytes);
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    throw new GatewayError(`Invalid response content: ${res.statusText}`, res.status);
  }
  let json: unknown = undefined;
  if (text.length > 0) {
    try {
      json = parse(text);
    } catch {
      throw new GatewayError(`Invalid response content: ${res.statusText}`, res.status, undefined, routeNotOffered(res.status, undefined) ? 'notOffered' : undefined);
    }
  }
  if (!res.ok) {
    const kind = routeNotOffered(res.status, json) ? 'notOffered' : undefined;
    if (isErrorBody(json)) throw new GatewayError(`${String(json.code)}: ${String(json.message)}`, res.status, json.code, kind);
    throw new GatewayError(res.statusText, res.status, undefined, kind);
  }
  return text.length === 0 ? {} : json;
}

/**
 * The gateway's transport: the platform's fetch with one deadline per request, no retries (product-spec §9) and
 * every status read by `readGatewayResponse`. The deadline covers the answer's body too: a gateway that sends
 * headers and then stalls times out like one that never answers. (An HTTP library added nothing to this but
 * bytes on the first load: decision 0045.)
 */
export function createTransport(options: HttpTransportOptions = {}) {
  const timeout = options.timeoutMs ?? 10_000;
  // Looked up per request, so a fetch replaced after start-up (a test's stub, an extension's wrapper) is the one used.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const answers = new Map<string, { text: string; json: unknown }>();
  /**
   * A GET's body parsed, or the value parsed from the same text the last time this URL answered (decision 0085): the
   * same bytes give the same value, and the client's check, memoised by that value, then does nothing for a poll
   * that changed nothing. Only small answers are kept (a Safe's info, not its lists), for the last few URLs.
   */
  const parseGet = (url: string) => {
    let parsed: { text: string; json: unknown } | null = null;
    const parse = (text: string): unknown => {
      const last = answers.get(url);
      if (last?.text === text) return last.json;
      const json: unknown = JSON.parse(text);
      if (text.length <= SAME_ANSWER_MAX_CHARS) parsed = { text, json };
      return json;
    };
    const keep = () => {
      if (!parsed) return;
      answers.delete(url);
      answers.set(url, parsed);
      for (const oldest of answers.keys()) {
        if (answers.size <= SAME_ANSWER_URLS) break;
        answers.delete(oldest);
      }
    };
    return { parse, keep };
  };

  return async function send(req: HttpRequest): Promise<unknown> {
    const hasBody = req.body !== undefined && req.body !== null;
    const headers: Record<string, string> = {
      ...(req.method !== 'GET' || req.headers ? { 'Content-Type': 'application/json' } : {}),
      ...req.headers,
    };
    const signal = timeout === false ? undefined : AbortSignal.timeout(timeout);
    try {
      const res = await doFetch(req.url, {
        method: req.method,
        headers,
        ...(hasBody ? { body: typeof req.body === 'string' ? req.body : JSON.stringify(req.body) } : {}),
        ...(signal ? { signal } : {}),
      });
      if (req.method !== 'GET') return await readGatewayResponse(res);
      const answer = parseGet(req.url);
      const json = await readGatewayResponse(res, MAX_RESPONSE_BYTES, answer.parse);
      answer.keep();
      return json;
    } catch (error) {
      if (timeout !== false && signal?.aborted) throw new GatewayTimeoutError(timeout);
      throw error;
    }
  };
}

export type Transport = ReturnType<typeof createTransport>;
