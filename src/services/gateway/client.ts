/**
 * Typed client of the Safe Client Gateway: one function per call of product-spec §7.
 *
 * - Base URL configurable; paths appended verbatim; every path parameter is encodeURIComponent'd.
 * - List reads accept either a query object or a ready-made page URL (`next`/`previous` of a Page),
 *   which is fetched as-is.
 * - Errors per §8 (see http.ts); responses validated against the schemas (schemas.ts).
 * - Cache per §9 (see cache.ts). Safe info is never cached: it carries the tags that invalidate the rest,
 *   and every fetch of it applies them.
 */
import * as v from 'valibot';
import { createReadCache, type ReadKind, type ReadPolicy, type ReadScope } from './cache.ts';
import { GatewayError, createTransport, isNotOffered, type HttpMethod } from './http.ts';
// The schemas a Safe's home reads come with the client; the others load with their first answer (\`later\` below).
import { EmptyObjectSchema, pageSchema } from '../../domain/gateway/schemas/primitives.ts';
import { SafeInfoSchema } from '../../domain/gateway/schemas/safeInfo.ts';
import { ChainInfoSchema, MasterCopiesSchema } from '../../domain/gateway/schemas/chainInfo.ts';
import { CollectiblesPageSchema, CollectiblesSchema, FiatCurrenciesSchema, SafeBalancesSchema } from '../../domain/gateway/schemas/balances.ts';
import { DataDecodedSchema } from '../../domain/gateway/schemas/dataDecoded.ts';
import { TransactionItemPageSchema } from '../../domain/gateway/schemas/transactionLists.ts';
import type {
  AddDelegateBody,
  AllOwnedSafes,
  ChainInfo,
  ChangeEmailBody,
  Collectible,
  ConfirmationView,
  ContractInfo,
  DataDecoded,
  Delegate,
  DeleteDelegateBody,
  EmailInfo,
  EstimationRequest,
  EstimationResponse,
  MasterCopy,
  Message,
  MessagePage,
  OwnedSafes,
  Page,
  ProposeMessageBody,
  ProposeTransactionBody,
  QueryParams,
  RegisterEmailBody,
  RegisterNotificationsBody,
  RegisterRecoveryModuleBody,
  RelayCount,
  RelayRequest,
  RelayResponse,
  SafeApp,
  SafeBalances,
  SafeInfo,
  SafeInfoTag,
  SafeNonces,
  SafeOverview,
  TransactionDetails,
  TransactionItemPage,
  VerifyEmailBody,
} from '../../domain/gateway/types.ts';

export interface GatewayClientOptions {
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  /** Validate responses against the schemas (default true). */
  validate?: boolean;
  /** Cache lifetime in ms (default 24 h, product-spec §9). */
  cacheLifetimeMs?: number;
  /** Clock for the cache (tests). */
  now?: () => number;
  /** Per-request timeout in ms (default 10000); `false` disables it. */
  timeoutMs?: number | false;
}

/** A query object, or a ready-made page URL (`next`/`previous` of a Page) fetched as-is. */
export type QueryOrPageUrl = QueryParams | string;

/** Signer authorisation of the e-mail endpoints. */
export interface EmailAuth {
  signature: string;
  /** ms since epoch, as signed. */
  timestamp: string | number;
}

/** Body-less successes are read as `{}`. */
export type EmptyResponse = Record<string, unknown>;

export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Fills `{name}` placeholders with URL-encoded values. */
export function buildPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

const emailHeaders = (auth: EmailAuth) => ({
  'Safe-Wallet-Signature': auth.signature,
  'Safe-Wallet-Signature-Timestamp': String(auth.timestamp),
});

/**
 * A page link (`next`/`previous`) the gateway returned, accepted only on the gateway's own origin and under its
 * base path: a link elsewhere would send the app's reads (and its trust) to another server.
 */
export function pageUrl(baseUrl: string, link: string): string {
  let target: URL;
  let base: URL;
  try {
    base = new URL(`${baseUrl.replace(/\/+$/, '')}/`);
    target = new URL(link, base);
  } catch {
    throw new GatewayError('The gateway returned a page link that is not a URL.', 0);
  }
  if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) {
    throw new GatewayError(`The gateway returned a page link outside the gateway (${target.origin}); it was not followed.`, 0);
  }
  return target.href;
}

/** The most pages one "read everything" follows (chains, and other lists read whole). */
export const MAX_PAGES = 50;

/**
 * Reads a paged list to its end: stops with an error when a `next` link repeats (a loop) or past `maxPages`,
 * so a gateway can never keep the app reading forever.
 */
export async function readAllPages<T>(
  first: () => Promise<{ results: T[]; next?: string | null }>,
  next: (link: string) => Promise<{ results: T[]; next?: string | null }>,
  maxPages: number = MAX_PAGES,
): Promise<T[]> {
  let page = await first();
  const all = [...page.results];
  const seen = new Set<string>();
  let pages = 1;
  while (page.next) {
    if (seen.has(page.next)) throw new GatewayError('The gateway\'s page links go round in a loop; the list was not read to its end.', 0);
    if (pages >= maxPages) throw new GatewayError(`The gateway's list has more than ${maxPages} pages; it was not read to its end.`, 0);
    seen.add(page.next);
    page = await next(page.next);
    all.push(...page.results);
    pages += 1;
  }
  return all;
}


/** A schema given now, or loaded when the first answer it checks arrives. */
type SchemaRef<T> = v.GenericSchema<unknown, T> | { load: () => Promise<v.GenericSchema<unknown, T>> };

type SchemasOnDemand = typeof import('./schemasOnDemand.ts');

/**
 * A schema of an answer a Safe's home never reads (messages, apps, accounts, relay, e-mail…): it comes with the
 * first such answer, not on the first load (decision 0045); the module loader keeps it once loaded.
 */
const later = <K extends keyof SchemasOnDemand>(name: K): { load: () => Promise<SchemasOnDemand[K]> } => ({
  load: () => import('./schemasOnDemand.ts').then((m) => m[name]),
});

export function createGatewayClient(options: GatewayClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const validate = options.validate ?? true;
  const send = createTransport({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const cache = createReadCache({
    ...(options.cacheLifetimeMs !== undefined ? { lifetimeMs: options.cacheLifetimeMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });

  const url = (template: string, params: Record<string, string | number> = {}, query?: QueryOrPageUrl) =>
    typeof query === 'string' ? query : `${baseUrl}${buildPath(template, params)}${buildQuery(query)}`;

  /**
   * Each schema's checked output per parsed value (decision 0085): the transport gives a GET the value it parsed before
   * when the same text answers again, and checking the same value again gives the same output (a pure function), so an
   * unchanged poll gets the object it got before and nothing downstream sees a change. Failures are not kept.
   */
  const checked = new WeakMap<object, WeakMap<object, unknown>>();
  async function check<T>(ref: SchemaRef<T>, value: unknown, method: HttpMethod, target: string): Promise<T> {
    if (!validate) return value as T;
    const schema = 'load' in ref ? await ref.load() : ref;
    const outputs = typeof value === 'object' && value !== null ? (checked.get(schema) ?? checked.set(schema, new WeakMap()).get(schema)!) : null;
    if (outputs?.has(value as object)) return outputs.get(value as object) as T;
    const result = v.safeParse(schema, value);
    if (result.success) {
      outputs?.set(value as object, result.output);
      return result.output;
    }
    const issue = result.issues[0];
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    throw new GatewayError(`Unexpected gateway response for ${method} ${target}: ${path ? `${path}: ` : ''}${issue.message}`, 200);
  }

  interface GetOptions {
    kind?: ReadKind | null;
    scopes?: ReadScope[];
    cache?: boolean;
    headers?: Record<string, string>;
    scopesFromResult?: (value: unknown) => ReadScope[];
  }

  function get<T>(target: string, schema: SchemaRef<T>, opts: GetOptions = {}): Promise<T> {
    // A page link from an answer is followed only on the gateway itself.
    try {
      pageUrl(baseUrl, target);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const policy: ReadPolicy = {
      cache: (opts.cache ?? true) && !opts.headers,
      kind: opts.kind ?? null,
      scopes: opts.scopes ?? [],
      ...(opts.scopesFromResult ? { scopesFromResult: opts.scopesFromResult } : {}),
    };
    const key = opts.headers ? `GET ${target} ${JSON.stringify(opts.headers)}` : `GET ${target}`;
    return cache.read(key, policy, async () =>
      check(schema, await send({ method: 'GET', url: target, ...(opts.headers ? { headers: opts.headers } : {}) }), 'GET', target),
    );
  }

  async function mutate<T>(
    method: Exclude<HttpMethod, 'GET'>,
    target: string,
    schema: SchemaRef<T>,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T> {
    const value = await send({ method, url: target, body, ...(headers ? { headers } : {}) });
    return check(schema, value, method, target);
  }

  const safeScope = (chainId: string, safe: string): ReadScope[] => [{ chainId: String(chainId), safe: safe.toLowerCase() }];
  const chainScope = (chainId: string): ReadScope[] => [{ chainId: String(chainId), safe: null }];
  const Empty = EmptyObjectSchema as v.GenericSchema<unknown, EmptyResponse>;

  const list = (
    template: string,
    kind: ReadKind,
    chainId: string,
    address: string,
    query: QueryOrPageUrl | undefined,
    paramName: 'address' | 'safe_address' = 'address',
  ) =>
    get(url(template, { chainId, [paramName]: address }, query), TransactionItemPageSchema, {
      kind,
      scopes: safeScope(chainId, address),
    }) as Promise<TransactionItemPage>;

  return {
    // ── relay ──
    relayTransaction: (chainId: string, body: RelayRequest): Promise<RelayResponse> =>
      mutate('POST', url('/v1/chains/{chainId}/relay', { chainId }), later('RelayResponseSchema'), body),
    getRelayCount: (chainId: string, address: string): Promise<RelayCount> =>
      get(url('/v1/chains/{chainId}/relay/{address}', { chainId, address }), later('RelayCountSchema'), { cache: false }),

    // ── Safe ──
    async getSafeInfo(chainId: string, address: string): Promise<SafeInfo> {
      const info = await get(url('/v1/chains/{chainId}/safes/{address}', { chainId, address }), SafeInfoSchema, { cache: false });
      if (typeof info.address?.value === 'string') cache.applySafeInfoTags(info);
      return info;
    },
    getIncomingTransfers: (chainId: string, address: string, query?: QueryOrPageUrl) =>
      list('/v1/chains/{chainId}/safes/{address}/incoming-transfers/', 'incoming', chainId, address, query),
    getModuleTransactions: (chainId: string, address: string, query?: QueryOrPageUrl) =>
      list('/v1/chains/{chainId}/safes/{address}/module-transactions/', 'module', chainId, address, query),
    getMultisigTransactions: (chainId: string, address: string, query?: QueryOrPageUrl) =>
      list('/v1/chains/{chainId}/safes/{address}/multisig-transactions/', 'multisig', chainId, address, query),
    getBalances: (chainId: string, address: string, currency = 'usd', query?: QueryParams): Promise<SafeBalances> =>
      get(url('/v1/chains/{chainId}/safes/{address}/balances/{currency}', { chainId, address, currency }, query), SafeBalancesSchema, {
        kind: 'balances',
        scopes: safeScope(chainId, address),
      }),
    getFiatCurrencies: (): Promise<string[]> => get(url('/v1/balances/supported-fiat-codes'), FiatCurrenciesSchema),
    // Never cached: which Safes an address owns changes when a Safe is created or its owners change, which no
    // Safe info tag of an already known Safe announces.
    getOwnedSafes: (chainId: string, address: string): Promise<OwnedSafes> =>
      get(url('/v1/chains/{chainId}/owners/{address}/safes', { chainId, address }), later('OwnedSafesSchema'), { cache: false }),
    /** Today's real gateway serves /v3 and /v2 (same shape), the seed's /v1 no more: ownedSafes.ts falls back in order. */
    getAllOwnedSafes: (address: string, version: 'v1' | 'v2' | 'v3' = 'v3'): Promise<AllOwnedSafes> =>
      get(url(`/${version}/owners/{address}/safes`, { address }), later('AllOwnedSafesSchema'), { cache: false }),
    getCollectibles: (chainId: string, address: string, query?: QueryParams): Promise<Collectible[]> =>
      get(url('/v1/chains/{chainId}/safes/{address}/collectibles', { chainId, address }, query), CollectiblesSchema, {
        kind: 'collectibles',
        scopes: safeScope(chainId, address),
      }),
    getCollectiblesPage: (chainId: string, address: string, query?: QueryOrPageUrl): Promise<Page<Collectible>> =>
      get(url('/v2/chains/{chainId}/safes/{address}/collectibles', { chainId, address }, query), CollectiblesPageSchema, {
        kind: 'collectibles',
        scopes: safeScope(chainId, address),
      }),

    // ── transactions ──
    getTransactionHistory: (chainId: string, address: string, query?: QueryOrPageUrl) =>
      list('/v1/chains/{chainId}/safes/{safe_address}/transactions/history', 'history', chainId, address, query, 'safe_address'),
    getTransactionQueue: (chainId: string, address: string, query?: QueryOrPageUrl) =>
      list('/v1/chains/{chainId}/safes/{safe_address}/transactions/queued', 'queued', chainId, address, query, 'safe_address'),
    getTransactionDetails: (chainId: string, transactionId: string): Promise<TransactionDetails> =>
      get(url('/v1/chains/{chainId}/transactions/{transactionId}', { chainId, transactionId }), later('TransactionDetailsSchema'), {
        kind: 'txDetails',
        scopes: [],
        scopesFromResult: (value) => {
          const owner = (value as Partial<TransactionDetails>).safeAddress;
          return typeof owner === 'string' ? safeScope(chainId, owner) : chainScope(chainId);
        },
      }),
    async deleteTransaction(chainId: string, safeTxHash: string, signature: string): Promise<EmptyResponse> {
      const result = await mutate('DELETE', url('/v1/chains/{chainId}/transactions/{safeTxHash}', { chainId, safeTxHash }), Empty, { signature });
      cache.invalidateKinds(['queued', 'multisig', 'nonces', 'txDetails', 'overview'], chainScope(chainId)[0]!);
      return result;
    },
    async confirmTransaction(chainId: string, safeTxHash: string, signature: string): Promise<TransactionDetails> {
      const result = await mutate(
        'POST',
        url('/v1/chains/{chainId}/transactions/{safeTxHash}/confirmations', { chainId, safeTxHash }),
        later('TransactionDetailsSchema'),
        { signature },
      );
      cache.invalidateKinds(['queued', 'multisig', 'txDetails', 'overview'], (typeof result.safeAddress === 'string' ? safeScope(chainId, result.safeAddress) : chainScope(chainId))[0]!);
      return result;
    },
    getSafeTxGasEstimation: (chainId: string, address: string, body: EstimationRequest): Promise<EstimationResponse> =>
      mutate(
        'POST',
        url('/v2/chains/{chainId}/safes/{safe_address}/multisig-transactions/estimations', { chainId, safe_address: address }),
        later('EstimationResponseSchema'),
        body,
      ),
    getNonces: (chainId: string, address: string): Promise<SafeNonces> =>
      get(url('/v1/chains/{chainId}/safes/{safe_address}/nonces', { chainId, safe_address: address }), later('SafeNoncesSchema'), {
        kind: 'nonces',
        scopes: safeScope(chainId, address),
      }),
    async proposeTransaction(chainId: string, address: string, body: ProposeTransactionBody): Promise<TransactionDetails> {
      const result = await mutate(
        'POST',
        url('/v1/chains/{chainId}/transactions/{safe_address}/propose', { chainId, safe_address: address }),
        later('TransactionDetailsSchema'),
        body,
      );
      cache.invalidateKinds(['queued', 'multisig', 'nonces', 'txDetails', 'overview'], safeScope(chainId, address)[0]!);
      return result;
    },
    /** The gateway's own view of a call; null when this gateway does not offer it (today's real one does not). */
    getConfirmationView: (chainId: string, address: string, body: { data: string; to?: string; value?: string; operation?: 0 | 1 }): Promise<ConfirmationView | null> =>
      mutate(
        'POST',
        url('/v1/chains/{chainId}/safes/{safe_address}/views/transaction-confirmation', { chainId, safe_address: address }),
        later('ConfirmationViewSchema'),
        body,
      ).catch((error: unknown) => (isNotOffered(error) ? null : Promise.reject(error))),

    // ── chains, apps, contracts ──
    getChainsConfig: (query?: QueryOrPageUrl): Promise<Page<ChainInfo>> => get(url('/v1/chains', {}, query), pageSchema(ChainInfoSchema)),
    getChainConfig: (chainId: string): Promise<ChainInfo> => get(url('/v1/chains/{chainId}', { chainId }), ChainInfoSchema),
    getSafeApps: (chainId: string, query?: QueryParams): Promise<SafeApp[]> =>
      get(url('/v1/chains/{chainId}/safe-apps', { chainId }, query), later('SafeAppsSchema')),
    getMasterCopies: (chainId: string): Promise<MasterCopy[]> =>
      get(url('/v1/chains/{chainId}/about/master-copies', { chainId }), MasterCopiesSchema),
    getDecodedData: (chainId: string, body: { data: string; to?: string }): Promise<DataDecoded> =>
      mutate('POST', url('/v1/chains/{chainId}/data-decoder', { chainId }), DataDecodedSchema, body),
    getContract: (chainId: string, contractAddress: string): Promise<ContractInfo> =>
      get(url('/v1/chains/{chainId}/contracts/{contractAddress}', { chainId, contractAddress }), later('ContractInfoSchema')),

    // ── messages ──
    getSafeMessages: (chainId: string, address: string, query?: QueryOrPageUrl): Promise<MessagePage> =>
      get(url('/v1/chains/{chainId}/safes/{safe_address}/messages', { chainId, safe_address: address }, query), later('MessagePageSchema'), {
        kind: 'messages',
        scopes: safeScope(chainId, address),
      }),
    async proposeSafeMessage(chainId: string, address: string, body: ProposeMessageBody): Promise<EmptyResponse> {
      const result = await mutate('POST', url('/v1/chains/{chainId}/safes/{safe_address}/messages', { chainId, safe_address: address }), Empty, body);
      cache.invalidateKinds(['messages', 'message'], safeScope(chainId, address)[0]!);
      return result;
    },
    getSafeMessage: (chainId: string, messageHash: string): Promise<Message> =>
      get(url('/v1/chains/{chainId}/messages/{message_hash}', { chainId, message_hash: messageHash }), later('MessageSchema'), {
        kind: 'message',
        scopes: chainScope(chainId),
      }),
    async confirmSafeMessage(chainId: string, messageHash: string, signature: string): Promise<EmptyResponse> {
      const result = await mutate('POST', url('/v1/chains/{chainId}/messages/{message_hash}/signatures', { chainId, message_hash: messageHash }), Empty, {
        signature,
      });
      cache.invalidateKinds(['messages', 'message'], chainScope(chainId)[0]!);
      return result;
    },

    // ── delegates, owners, overviews ──
    /** `fresh` skips the read cache (a list the user refreshes on purpose). */
    getDelegates: (chainId: string, query: QueryOrPageUrl, opts: { fresh?: boolean } = {}): Promise<Page<Delegate>> =>
      get(url('/v1/chains/{chainId}/delegates', { chainId }, query), later('DelegatesPageSchema'), opts.fresh ? { cache: false } : {}),
    /** Adds a delegate to the Safe, or renames it (the same safe, delegate and delegator again); answers 200 or 204 with no body. */
    addDelegate: (chainId: string, body: AddDelegateBody): Promise<EmptyResponse> => mutate('POST', url('/v2/chains/{chainId}/delegates', { chainId }), Empty, body),
    deleteDelegate: (chainId: string, delegate: string, body: DeleteDelegateBody): Promise<EmptyResponse> =>
      mutate('DELETE', url('/v2/chains/{chainId}/delegates/{delegate}', { chainId, delegate }), Empty, body),
    getSafeOverviews: (safes: string[], query: QueryParams = {}): Promise<SafeOverview[]> =>
      get(url('/v1/safes', {}, { currency: 'usd', ...query, safes: safes.join(',') }), later('SafeOverviewsSchema'), {
        kind: 'overview',
        scopes: safes.map((entry) => {
          const [chainId = '', safe = ''] = entry.split(':');
          return { chainId, safe: safe.toLowerCase() };
        }),
      }),

    // ── notifications ──
    registerDevice: (body: RegisterNotificationsBody): Promise<EmptyResponse> => mutate('POST', url('/v1/register/notifications'), Empty, body),
    unregisterSafe: (chainId: string, address: string, uuid: string): Promise<EmptyResponse> =>
      mutate('DELETE', url('/v1/chains/{chainId}/notifications/devices/{uuid}/safes/{safe_address}', { chainId, uuid, safe_address: address }), Empty),
    unregisterDevice: (chainId: string, uuid: string): Promise<EmptyResponse> =>
      mutate('DELETE', url('/v1/chains/{chainId}/notifications/devices/{uuid}', { chainId, uuid }), Empty),

    // ── e-mail ──
    registerEmail: (chainId: string, address: string, body: RegisterEmailBody, auth: EmailAuth): Promise<EmptyResponse> =>
      mutate('POST', url('/v1/chains/{chainId}/safes/{safe_address}/emails', { chainId, safe_address: address }), Empty, body, emailHeaders(auth)),
    changeEmail: (chainId: string, address: string, signer: string, body: ChangeEmailBody, auth: EmailAuth): Promise<EmptyResponse> =>
      mutate(
        'PUT',
        url('/v1/chains/{chainId}/safes/{safe_address}/emails/{signer}', { chainId, safe_address: address, signer }),
        Empty,
        body,
        emailHeaders(auth),
      ),
    resendEmailVerificationCode: (chainId: string, address: string, signer: string): Promise<EmptyResponse> =>
      mutate('POST', url('/v1/chains/{chainId}/safes/{safe_address}/emails/{signer}/verify-resend', { chainId, safe_address: address, signer }), Empty, ''),
    verifyEmail: (chainId: string, address: string, signer: string, body: VerifyEmailBody): Promise<EmptyResponse> =>
      mutate('PUT', url('/v1/chains/{chainId}/safes/{safe_address}/emails/{signer}/verify', { chainId, safe_address: address, signer }), Empty, body),
    /** Without `auth` (no signature headers), only whether the gateway offers e-mail alerts can be learnt (decision 0051). */
    getRegisteredEmail: (chainId: string, address: string, signer: string, auth?: EmailAuth): Promise<EmailInfo> =>
      get(url('/v1/chains/{chainId}/safes/{safe_address}/emails/{signer}', { chainId, safe_address: address, signer }), later('EmailInfoSchema'), {
        cache: false,
        ...(auth ? { headers: emailHeaders(auth) } : {}),
      }),
    deleteRegisteredEmail: (chainId: string, address: string, signer: string, auth: EmailAuth): Promise<EmptyResponse> =>
      mutate(
        'DELETE',
        url('/v1/chains/{chainId}/safes/{safe_address}/emails/{signer}', { chainId, safe_address: address, signer }),
        Empty,
        undefined,
        emailHeaders(auth),
      ),

    // ── recovery, subscriptions ──
    /** With `auth`, the body names the `signer` and the signature headers authorise it (protocol.md B.7.17). */
    registerRecoveryModule: (chainId: string, address: string, body: RegisterRecoveryModuleBody, auth?: EmailAuth): Promise<EmptyResponse> =>
      mutate('POST', url('/v1/chains/{chainId}/safes/{safe_address}/recovery', { chainId, safe_address: address }), Empty, body, auth ? emailHeaders(auth) : undefined),
    unsubscribeSingle: (query: { category: string; token: string }): Promise<EmptyResponse> =>
      mutate('DELETE', url('/v1/subscriptions', {}, query), Empty),
    unsubscribeAll: (query: { token: string }): Promise<EmptyResponse> => mutate('DELETE', url('/v1/subscriptions/all', {}, query), Empty),

    // ── cache control ──
    /** Invalidates the reads of every tag that changed since this Safe's info was last seen. */
    applySafeInfoTags: (info: SafeInfo): SafeInfoTag[] => cache.applySafeInfoTags(info),
    /** Invalidates the cached reads one tag covers, for one Safe. */
    invalidateTag: (chainId: string, address: string, tag: SafeInfoTag): number => cache.invalidateTag(chainId, address, tag),
    clearCache: (): void => cache.clear(),
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;
