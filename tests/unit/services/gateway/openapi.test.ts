// The contract test's validator (tests/integration/fixtures/gateway/openapi.ts, decision 0051): the OpenAPI 3.0
// subset of cgw-openapi.json translated for ajv, shown to refuse wrong bodies and statuses — a validator that
// accepted everything would make the contract test pass for nothing.
import { describe, expect, it } from 'vitest';
import { createContractValidator, toJsonSchema } from '../../../integration/fixtures/gateway/openapi.ts';

const spec = createContractValidator();

const address = (value: string) => ({ value, name: null, logoUri: null });
const A = '0x' + '11'.repeat(20);
const H = '0x' + 'ab'.repeat(32);

/** A MULTISIG detailedExecutionInfo as the real gateway sends it. */
const multisig = () => ({
  type: 'MULTISIG',
  submittedAt: 1,
  nonce: 0,
  safeTxGas: '0',
  baseGas: '0',
  gasPrice: '0',
  gasToken: '0x' + '00'.repeat(20),
  fee: '0',
  payment: '0',
  refundReceiver: address('0x' + '00'.repeat(20)),
  safeTxHash: H,
  executor: null,
  signers: [address(A)],
  confirmationsRequired: 1,
  confirmations: [],
  rejectors: [],
  gasTokenInfo: null,
  trusted: true,
  proposer: null,
  proposedByDelegate: null,
});

const details = (execution: Record<string, unknown> | null) => ({
  safeAddress: A,
  txId: `multisig_${A}_${H}`,
  executedAt: null,
  txStatus: 'AWAITING_CONFIRMATIONS',
  txInfo: { type: 'Custom', to: address(A), dataSize: '0', value: '1', isCancellation: false },
  txData: null,
  txHash: null,
  detailedExecutionInfo: execution,
  safeAppInfo: null,
});

describe('toJsonSchema (the OpenAPI 3.0 subset as JSON Schema)', () => {
  it('turns nullable into "null or the schema", refs into definitions, oneOf into anyOf, and drops examples', () => {
    expect(toJsonSchema({ type: 'string', nullable: true, example: 'x' })).toEqual({ anyOf: [{ type: 'null' }, { type: 'string' }] });
    expect(toJsonSchema({ nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/Relayer' }] })).toEqual({
      anyOf: [{ type: 'null' }, { type: 'object', allOf: [{ $ref: '#/definitions/Relayer' }] }],
    });
    expect(toJsonSchema({ oneOf: [{ $ref: '#/components/schemas/A' }] })).toEqual({ anyOf: [{ $ref: '#/definitions/A' }] });
    // a property named like a keyword is a property, not a keyword
    expect(toJsonSchema({ type: 'object', properties: { nullable: { type: 'boolean' }, example: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { nullable: { type: 'boolean' }, example: { type: 'string' } },
    });
  });
});

describe('the contract validator', () => {
  it('accepts a conforming MULTISIG transaction details answer (propose)', () => {
    expect(spec.check({ method: 'POST', path: '/v1/chains/{chainId}/transactions/{safeAddress}/propose', status: 200, body: details(multisig()) })).toEqual({ ok: true });
  });

  it('refuses details whose MULTISIG execution info lacks fee or payment (the devnet deviation it found)', () => {
    const { fee: _fee, ...noFee } = multisig();
    const verdict = spec.check({ method: 'POST', path: '/v1/chains/{chainId}/transactions/{safeAddress}/propose', status: 200, body: details(noFee) });
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.problem).toMatch(/fee/);
    const { payment: _payment, ...noPayment } = multisig();
    expect(spec.check({ method: 'POST', path: '/v1/chains/{chainId}/transactions/{safeAddress}/propose', status: 200, body: details(noPayment) }).ok).toBe(false);
  });

  it('refuses a wrong type, an unknown enum value, and null where the document does not allow it', () => {
    expect(spec.checkSchema('TransactionDetails', { ...details(multisig()), txStatus: 'MAYBE' }).ok).toBe(false);
    expect(spec.checkSchema('TransactionDetails', { ...details(multisig()), executedAt: 'yesterday' }).ok).toBe(false);
    expect(spec.checkSchema('TransactionDetails', { ...details(multisig()), txInfo: null }).ok).toBe(false);
    // nullable fields take null
    expect(spec.checkSchema('TransactionDetails', details(null)).ok).toBe(true);
  });

  it('refuses a chain without zk and relayer, and accepts relayer null (nullable allOf)', () => {
    const chain = {
      chainId: '1',
      chainName: 'x',
      description: '',
      l2: false,
      isTestnet: true,
      zk: false,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: 'x' },
      transactionService: 'https://x',
      blockExplorerUriTemplate: { address: 'a', txHash: 't', api: 'p' },
      beaconChainExplorerUriTemplate: {},
      disabledWallets: [],
      balancesProvider: { chainName: null, enabled: false },
      features: [],
      gasPrice: [],
      publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'x' },
      rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'x' },
      safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'x' },
      shortName: 'x',
      theme: { textColor: '#fff', backgroundColor: '#000' },
      relayer: null,
    };
    const verdict = spec.checkSchema('Chain', chain);
    expect(verdict).toEqual({ ok: true });
    const { zk: _zk, relayer: _relayer, ...old } = chain;
    const refused = spec.checkSchema('Chain', old);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problem).toMatch(/zk/);
    expect(!refused.ok && refused.problem).toMatch(/relayer/);
    expect(spec.checkSchema('Chain', { ...chain, relayer: { type: 'FREE' } }).ok).toBe(false);
  });

  it('refuses a status the operation does not list (message POST answering 200 instead of 202)', () => {
    const verdict = spec.check({ method: 'POST', path: '/v1/chains/{chainId}/safes/{safeAddress}/messages', status: 200, body: null });
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.problem).toMatch(/answered 200; the document lists 202, 400/);
    expect(spec.check({ method: 'POST', path: '/v1/chains/{chainId}/safes/{safeAddress}/messages', status: 202, body: null })).toEqual({ ok: true });
  });

  it('refuses a body where the document lists none (the v1 notification registration)', () => {
    const verdict = spec.check({ method: 'POST', path: '/v1/register/notifications', status: 200, body: { uuid: 'x', safes: [] } });
    expect(verdict.ok).toBe(false);
    expect(spec.check({ method: 'POST', path: '/v1/register/notifications', status: 200, body: null })).toEqual({ ok: true });
  });

  it('leaves the body of a listed error status unspecified, and knows which operations exist', () => {
    expect(spec.check({ method: 'GET', path: '/v1/chains/{chainId}/safes/{safeAddress}', status: 404, body: { code: 404, message: 'Safe not found' } })).toEqual({ ok: true });
    expect(spec.has('GET', '/v1/owners/{ownerAddress}/safes')).toBe(false);
    expect(spec.has('GET', '/v3/owners/{ownerAddress}/safes')).toBe(true);
    expect(spec.check({ method: 'GET', path: '/v1/owners/{ownerAddress}/safes', status: 200, body: {} }).ok).toBe(false);
    expect(spec.check({ method: 'GET', path: '/v2/owners/{ownerAddress}/safes', status: 200, body: { '1': ['0x1'], '5': [3] } }).ok).toBe(false);
  });

  it('accepts a MultiSend summary that also matches the Custom variant (oneOf read as anyOf)', () => {
    const multiSend = { type: 'Custom', to: address(A), dataSize: '100', value: '0', isCancellation: false, methodName: 'multiSend', actionCount: 2 };
    expect(spec.checkSchema('TransactionDetails', { ...details(multisig()), txInfo: multiSend }).ok).toBe(true);
  });
});
