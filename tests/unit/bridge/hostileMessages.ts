/**
 * fast-check arbitraries of bridge messages for the host validator: valid requests of every host method and
 * invalid or hostile ones (wrong source/origin, not an object, unknown method, bad id/version/params,
 * unsupported values, proxies that throw, huge or deep payloads), 12 invalid to 1 valid. Used by the property
 * test (hostile.property.test.ts) and the benchmark (bench/cases/hostile.ts).
 */
import fc from 'fast-check';
import { HOST_METHODS, RPC_CALLS, hasSupportedMajor, isHostMethod } from '../../../src/machines/bridgeRequest/bridgeRequest.protocol.ts';
import { APP_ORIGIN } from './fixtures.ts';

type Envelope = { method: unknown; params?: unknown; env?: unknown; id?: unknown; [key: string]: unknown };
export interface Sample {
  valid: boolean;
  kind: string;
  /** Builds the event; `id` is unique per valid message. */
  make(id: string, windows: Windows): { data: unknown; origin: string; source: unknown };
}
export interface Windows {
  app: unknown;
  forger: unknown;
  host: unknown;
}

// ───────────────────────────── valid requests ─────────────────────────────

const hex = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: min, maxLength: max });
const evenHex = fc.array(hex(2, 2), { maxLength: 40 }).map((bytes) => `0x${bytes.join('')}`);
const address = hex(40, 40).map((h) => `0x${h}`);
const version = fc.tuple(fc.integer({ min: 1, max: 30 }), fc.nat(40), fc.nat(40)).map((v) => v.join('.'));
const uintValue = fc.oneof(
  fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }).map((v) => v.toString(10)),
  fc.bigInt({ min: 0n, max: (1n << 200n) }).map((v) => `0x${v.toString(16)}`),
  fc.nat(),
  fc.bigInt({ min: 0n, max: 1n << 100n }),
  fc.constantFrom(undefined, null, '', 0),
);
const tx = fc.record(
  { to: address, value: uintValue, data: fc.oneof(evenHex, fc.constantFrom(undefined, null, '')), gas: fc.oneof(fc.nat(), fc.constant(undefined)), operation: fc.constantFrom(undefined, 0, 1, '1') },
  { requiredKeys: ['to'] },
);

const validParams: Record<(typeof HOST_METHODS)[number], fc.Arbitrary<unknown>> = {
  getSafeInfo: fc.constantFrom(undefined, null),
  getChainInfo: fc.constantFrom(undefined, null),
  getEnvironmentInfo: fc.constantFrom(undefined, null),
  wallet_getPermissions: fc.constantFrom(undefined, null),
  requestAddressBook: fc.constantFrom(undefined, null),
  getCurrentTheme: fc.constantFrom(undefined, null),
  getSafeBalances: fc.oneof(fc.constant(undefined), fc.record({ currency: fc.constantFrom('usd', 'eur', 'EUR', 'chf') })),
  getTxBySafeTxHash: fc.record({ safeTxHash: fc.string() }),
  rpcCall: fc.record({ call: fc.oneof(fc.constantFrom(...RPC_CALLS, 'eth_sendRawTransaction', 'personal_sign', 'eth_sendTransaction'), fc.string({ minLength: 1, maxLength: 64 })), params: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }) }),
  sendTransactions: fc.record({ txs: fc.array(tx, { maxLength: 3 }), params: fc.oneof(fc.constant(undefined), fc.record({ safeTxGas: fc.nat() })) }),
  signMessage: fc.record({ message: fc.string() }),
  signTypedMessage: fc.record({ typedData: fc.jsonValue({ maxDepth: 3 }) }),
  getOffChainSignature: fc.string(),
  wallet_requestPermissions: fc.array(fc.dictionary(fc.string({ maxLength: 20 }), fc.constant({}), { maxKeys: 2 }), { maxLength: 3 }),
};

const validEnvelope = fc
  .constantFrom(...HOST_METHODS)
  .chain((method) => fc.record({ method: fc.constant(method), params: validParams[method], sdkVersion: version }));

const valid: fc.Arbitrary<Sample> = validEnvelope.map((e) => ({
  valid: true,
  kind: `valid:${e.method}`,
  make: (id, w) => ({ data: { id, method: e.method, params: e.params, env: { sdkVersion: e.sdkVersion } }, origin: APP_ORIGIN, source: w.app }),
}));

// ───────────────────────────── invalid and hostile ─────────────────────────────

const invalid = (kind: string, make: Sample['make']): Sample => ({ valid: false, kind, make });
const envelopeOf = (e: { method: string; params: unknown; sdkVersion: string }, id: string): Envelope => ({ id, method: e.method, params: e.params, env: { sdkVersion: e.sdkVersion } });

const wrongSource = fc.tuple(validEnvelope, fc.constantFrom<keyof Windows | 'null' | 'undefined' | 'object' | 'string'>('forger', 'host', 'null', 'undefined', 'object', 'string')).map(([e, which]) =>
  invalid('wrongSource', (id, w) => ({
    data: envelopeOf(e, id),
    origin: APP_ORIGIN,
    source: which === 'null' ? null : which === 'undefined' ? undefined : which === 'object' ? {} : which === 'string' ? 'app' : w[which],
  })),
);

const otherOrigin = fc.oneof(
  fc.constantFrom('https://app.example/', 'https://app.example:443', 'http://app.example', 'https://APP.example', 'https://evil.example', 'null', '', 'https://app.example.evil.example', 'https://sub.app.example', 'https://app.exampl'),
  fc.webUrl().map((url) => new URL(url).origin),
).filter((origin) => origin !== APP_ORIGIN);
const wrongOrigin = fc.tuple(validEnvelope, otherOrigin).map(([e, origin]) => invalid('wrongOrigin', (id, w) => ({ data: envelopeOf(e, id), origin, source: w.app })));

const notAnObject = fc
  .oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt(), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }))
  .map((data) => invalid('notAnObject', (_id, w) => ({ data, origin: APP_ORIGIN, source: w.app })));

const unknownMethod = fc
  .tuple(
    fc.oneof(
      fc.string().filter((s) => !isHostMethod(s)),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'getsafeinfo', 'GETSAFEINFO', 'eth_sendTransaction', 'getSafeInfo ', ' getSafeInfo', 'Methods.getSafeInfo'),
      fc.integer(),
      fc.constant(undefined),
      fc.constant(null),
      fc.constant(['getSafeInfo']),
      fc.constant({ toString: 'getSafeInfo' }),
    ),
    version,
  )
  .map(([method, sdkVersion]) => invalid('unknownMethod', (id, w) => ({ data: { id, method, params: undefined, env: { sdkVersion } }, origin: APP_ORIGIN, source: w.app })));

const badId = fc
  .tuple(validEnvelope, fc.oneof(fc.integer(), fc.constant(''), fc.constant(undefined), fc.constant(null), fc.string({ minLength: 129, maxLength: 300 }), fc.array(fc.string(), { minLength: 1, maxLength: 2 }), fc.object({ maxDepth: 1 })))
  .map(([e, id]) => invalid('badId', (_id, w) => ({ data: { ...envelopeOf(e, 'x'), id }, origin: APP_ORIGIN, source: w.app })));

const badVersion = fc
  .tuple(
    validEnvelope,
    fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string(),
      fc.integer(),
      fc.record({
        sdkVersion: fc.oneof(
          fc.constantFrom('0.9.0', '0', '', 'abc', 'v1.0.0', '-1.0.0', '00.1', '0.99.99', 'NaN', '.1.0'),
          fc.string().filter((s) => !hasSupportedMajor(s)),
          fc.string({ minLength: 33, maxLength: 60 }).map((s) => `9${s}`),
          fc.integer(),
          fc.constant(undefined),
          fc.constant(9),
        ),
      }),
    ),
  )
  .map(([e, env]) => invalid('badVersion', (id, w) => ({ data: { ...envelopeOf(e, id), env }, origin: APP_ORIGIN, source: w.app })));

const nonObject = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }));
const badTx = fc.oneof(
  fc.record({ to: fc.oneof(fc.string(), hex(39, 39).map((h) => `0x${h}`), fc.integer(), fc.constant(undefined)) }),
  fc.record({ to: address, value: fc.oneof(fc.constantFrom('-1', '1.5', 'abc', '0x', '0xg1', ' 1'), fc.constant(-1), fc.constant(1.5), fc.constant(2 ** 60), fc.constant(`0x1${'0'.repeat(64)}`), fc.constant(true)) }),
  fc.record({ to: address, data: fc.oneof(fc.constantFrom('0x1', 'zz', '0xzz', 'deadbeef'), fc.integer(), fc.constant(true)) }),
  fc.record({ to: address, gas: fc.oneof(fc.constantFrom('-1', 'x'), fc.constant(-5), fc.constant(0.5)) }),
  nonObject,
  fc.constant(null),
);
const badParams: fc.Arbitrary<{ method: string; params: unknown }> = fc.oneof(
  fc.tuple(fc.constantFrom('getSafeInfo', 'getChainInfo', 'getEnvironmentInfo', 'wallet_getPermissions', 'requestAddressBook', 'getCurrentTheme'), fc.oneof(fc.string(), fc.integer(), fc.constant({}), fc.constant([]), fc.constant(false))).map(([method, params]) => ({ method, params })),
  fc.oneof(nonObject, fc.record({ currency: fc.oneof(fc.string().filter((s) => !/^[A-Za-z]{2,10}$/.test(s)), fc.integer(), fc.constant(null)) })).map((params) => ({ method: 'getSafeBalances', params })),
  fc.oneof(nonObject, fc.constant(undefined), fc.record({ safeTxHash: fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined)) })).map((params) => ({ method: 'getTxBySafeTxHash', params })),
  fc
    .oneof(
      nonObject,
      fc.constant(undefined),
      fc.record({ call: fc.oneof(fc.integer(), fc.constant(''), fc.string({ minLength: 65, maxLength: 80 }), fc.constant(undefined)), params: fc.constant([]) }),
      fc.record({ call: fc.constant('eth_call'), params: fc.oneof(fc.string(), fc.constant({}), fc.integer()) }),
      fc.record({ call: fc.constant('eth_getBalance'), params: fc.bigInt().map((b) => ['0x0', b]) }),
    )
    .map((params) => ({ method: 'rpcCall', params })),
  fc
    .oneof(nonObject, fc.constant(undefined), fc.record({ txs: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(undefined), fc.constant({})) }), fc.record({ txs: fc.array(badTx, { minLength: 1, maxLength: 2 }) }), fc.record({ txs: fc.constant([]), params: nonObject }), fc.record({ txs: fc.constant([]), params: fc.record({ safeTxGas: fc.constantFrom(-1, 'x', 1.5) }) }))
    .map((params) => ({ method: 'sendTransactions', params })),
  fc.oneof(nonObject, fc.constant(undefined), fc.record({ message: fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined), fc.constant({})) })).map((params) => ({ method: 'signMessage', params })),
  fc.oneof(nonObject, fc.constant(undefined), fc.constant({})).map((params) => ({ method: 'signTypedMessage', params })),
  fc.oneof(fc.integer(), fc.constant(undefined), fc.constant(null), fc.constant({ messageHash: '0x' })).map((params) => ({ method: 'getOffChainSignature', params })),
  fc.oneof(fc.string(), fc.integer(), fc.constant(undefined), fc.constant({}), fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 2 }), fc.constant([{ requestAddressBook: 1 }])).map((params) => ({ method: 'wallet_requestPermissions', params })),
);
const badParamsSample = fc.tuple(badParams, version).map(([e, sdkVersion]) => invalid(`badParams:${e.method}`, (id, w) => ({ data: { id, method: e.method, params: e.params, env: { sdkVersion } }, origin: APP_ORIGIN, source: w.app })));

class Token {
  value = 1;
}
const unsupportedValues: (() => unknown)[] = [
  () => () => 1,
  () => Symbol('x'),
  () => new Date(0),
  () => new Map([[1, 2]]),
  () => new Set([1]),
  () => new Token(),
  () => Number.NaN,
  () => Number.POSITIVE_INFINITY,
  () => Object.create({ inherited: true }),
  () => new Uint8Array(4),
  () => /regex/,
  () => new Error('x'),
  () => Object.defineProperty({}, 'sneaky', { enumerable: true, get: () => 'getSafeInfo' }),
];
const unsupported = fc
  .tuple(validEnvelope, fc.integer({ min: 0, max: unsupportedValues.length - 1 }), fc.constantFrom('params', 'env', 'top', 'deep'))
  .map(([e, which, where]) =>
    invalid('unsupportedValue', (id, w) => {
      const bad = unsupportedValues[which]!();
      const data: Envelope = envelopeOf(e, id);
      if (where === 'params') data.params = { ...((typeof e.params === 'object' && e.params) || {}), extra: bad };
      else if (where === 'env') data.env = { sdkVersion: e.sdkVersion, extra: bad };
      else if (where === 'top') data.extra = bad;
      else data.deep = { a: [{ b: [bad] }] };
      return { data, origin: APP_ORIGIN, source: w.app };
    }),
  );

const thrower = (): unknown =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error('get trap');
      },
      getPrototypeOf: () => {
        throw new Error('prototype trap');
      },
      ownKeys: () => {
        throw new Error('ownKeys trap');
      },
      getOwnPropertyDescriptor: () => {
        throw new Error('descriptor trap');
      },
    },
  );
const revoked = (): unknown => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const deep = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { nested: value };
  return value;
};
const HUGE_STRING = 'a'.repeat(2_000_001);
const MANY_NODES = Array.from({ length: 60_000 }, (_, i) => i);
const SPARSE = (() => {
  const array: unknown[] = [];
  array.length = 1_000_000_000;
  return array;
})();
const hostile = fc
  .constantFrom('proxyData', 'proxyParams', 'revoked', 'getterMethod', 'deep', 'hugeString', 'manyNodes', 'sparse', 'throwingToString', 'protoKey')
  .chain((kind) => fc.tuple(fc.constant(kind), validEnvelope))
  .map(([kind, e]) =>
    invalid(`hostile:${kind}`, (id, w) => {
      const base = envelopeOf(e, id);
      const data =
        kind === 'proxyData'
          ? thrower()
          : kind === 'proxyParams'
            ? { ...base, params: thrower() }
            : kind === 'revoked'
              ? { ...base, params: revoked() }
              : kind === 'getterMethod'
                ? Object.defineProperty({ ...base }, 'method', { enumerable: true, get: () => 'getSafeInfo' })
                : kind === 'deep'
                  ? { ...base, params: deep(40) }
                  : kind === 'hugeString'
                    ? { ...base, params: { message: HUGE_STRING } }
                    : kind === 'manyNodes'
                      ? { ...base, params: MANY_NODES }
                      : kind === 'sparse'
                        ? { ...base, params: SPARSE }
                        : kind === 'throwingToString'
                          ? { ...base, method: { toString: () => { throw new Error('x'); } } }
                          : JSON.parse(`{"id":"${id}","method":"__proto__","env":{"sdkVersion":"9.1.0"}}`);
      return { data, origin: APP_ORIGIN, source: w.app };
    }),
  );

const invalidSample = fc.oneof(wrongSource, wrongOrigin, notAnObject, unknownMethod, badId, badVersion, badParamsSample, unsupported, hostile);
export const message: fc.Arbitrary<Sample> = fc.oneof({ weight: 12, arbitrary: invalidSample }, { weight: 1, arbitrary: valid });
