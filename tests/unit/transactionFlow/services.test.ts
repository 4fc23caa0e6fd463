/** The flow services' pure parts: draft → SafeTx, typed-data v4 only (S2, S9, S10), cross-check of tampered gateway answers (S3). */
import { describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { TxFlowSafe } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import { safeTxTypedData } from '../../../src/domain/safe/hashing.ts';
import { crossCheckView, hashesOf, lookAlikeRisks, recipientsOf } from '../../../src/services/transactionFlow/transactionFlow.ts';
import { draftToSafeTx, safeContextOf, toAbiArg, toSafeTxJson } from '../../../src/services/transactionFlow/convert.ts';
import { classifyWalletError, signTypedData, type Eip1193Like } from '../../../src/services/transactionFlow/wallet.ts';
import { SAMPLE_CALL_TARGET, SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_RECIPIENT, SAMPLE_SAFE_ADDRESS } from '../../../src/machines/shared/samples.ts';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const safe: TxFlowSafe = {
  chainId: SAMPLE_CHAIN_ID, chainName: SAMPLE_CHAIN.chainName, address: getAddress(SAMPLE_SAFE_ADDRESS), version: '1.4.1', nonce: 4, threshold: 1,
  owners: [account.address], modules: [], guard: null, fallbackHandler: null,
};
const TOKEN = getAddress(SAMPLE_CALL_TARGET);
const RECIPIENT = getAddress(SAMPLE_RECIPIENT);

function fakeWallet(options: { chainId?: string; reject?: boolean } = {}) {
  const calls: { method: string; params?: readonly unknown[] }[] = [];
  const provider: Eip1193Like = {
    async request(args) {
      calls.push(args);
      if (args.method === 'eth_chainId') return options.chainId ?? '0x7a69';
      if (args.method === 'eth_accounts') return [account.address.toLowerCase()];
      if (args.method === 'eth_signTypedData_v4') {
        if (options.reject) throw Object.assign(new Error('User denied message signature'), { code: 4001 });
        const typed = JSON.parse(String(args.params?.[1])) as { domain: object; types: Record<string, unknown>; primaryType: string; message: Record<string, unknown> };
        const { EIP712Domain: _drop, ...types } = typed.types;
        return account.signTypedData({ ...typed, types } as never);
      }
      throw new Error(`unexpected ${args.method}`);
    },
  };
  return { provider, calls };
}

describe('draft → SafeTx', () => {
  it('builds an ERC20 transfer, a rejection and a MultiSendCallOnly batch', () => {
    const transfer = draftToSafeTx({ kind: 'erc20Transfer', token: TOKEN, symbol: 'dUSD', recipient: RECIPIENT, amount: '1.5', decimals: 6 }, safe, 4n);
    expect(transfer.to).toBe(TOKEN);
    expect(decodeFunctionData({ abi: erc20Abi, data: transfer.data }).args).toEqual([RECIPIENT, 1_500_000n]);
    const rejection = draftToSafeTx({ kind: 'rejection' }, safe, 9n);
    expect(toSafeTxJson(rejection)).toMatchObject({ to: safe.address, value: '0', data: '0x', operation: 0, nonce: '9' });
    const batch = draftToSafeTx({ kind: 'batch', calls: [{ kind: 'nativeTransfer', recipient: RECIPIENT, amount: '1', decimals: 18 }, { kind: 'settings', change: { type: 'changeThreshold', threshold: 1 } }] }, safe, 4n);
    expect(batch.operation).toBe(1);
    expect(batch.to).toBe('0x9641d764fc13c8B624c04430C7356C1C7C8102e2');
    expect(() => draftToSafeTx({ kind: 'batch', calls: [{ kind: 'settings', change: { type: 'updateVersion' } }] }, { ...safe, version: '1.3.0' }, 4n)).toThrow('A Safe update cannot be part of a batch');
  });
  it('encodes a contract call from a JSON ABI and typed text inputs', () => {
    const abi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);
    const tx = draftToSafeTx({ kind: 'contractCall', to: TOKEN, value: '0', abi: JSON.stringify(abi), method: 'approve(address,uint256)', args: [RECIPIENT, '42'] }, safe, 4n);
    expect(tx.data).toBe(encodeFunctionData({ abi, functionName: 'approve', args: [RECIPIENT, 42n] }));
    expect(toAbiArg('uint8[]', '[1,2]')).toEqual([1n, 2n]);
  });
});

describe('signing (S2, S9, S10)', () => {
  const tx = draftToSafeTx({ kind: 'nativeTransfer', recipient: RECIPIENT, amount: '1', decimals: 18 }, safe, 4n);
  const typed = safeTxTypedData(safeContextOf(safe), tx);
  const { safeTxHash } = hashesOf(safe, tx);

  it('signs the shown hash with eth_signTypedData_v4 and checks the signer', async () => {
    const wallet = fakeWallet();
    const result = await signTypedData(() => wallet.provider, safe, account.address, typed as never, safeTxHash);
    expect(result.signer).toBe(account.address);
    expect(wallet.calls.map((c) => c.method)).toEqual(['eth_chainId', 'eth_accounts', 'eth_signTypedData_v4']);
  });
  it('refuses, sending nothing, when the typed data does not hash to what was shown', async () => {
    const wallet = fakeWallet();
    await expect(signTypedData(() => wallet.provider, safe, account.address, typed as never, `0x${'0'.repeat(64)}`)).rejects.toMatchObject({ kind: 'other' });
    expect(wallet.calls).toEqual([]);
  });
  it('surfaces a rejection as "User rejected signing." without falling back to eth_sign', async () => {
    const wallet = fakeWallet({ reject: true });
    await expect(signTypedData(() => wallet.provider, safe, account.address, typed as never, safeTxHash)).rejects.toEqual({ kind: 'rejected', message: 'User rejected signing.' });
    expect(wallet.calls.some((c) => c.method === 'eth_sign' || c.method === 'personal_sign')).toBe(false);
  });
  it('refuses a wallet on another chain and a missing wallet', async () => {
    const wallet = fakeWallet({ chainId: '0x1' });
    await expect(signTypedData(() => wallet.provider, safe, account.address, typed as never, safeTxHash)).rejects.toMatchObject({ kind: 'wrongChain' });
    expect(wallet.calls.map((c) => c.method)).not.toContain('eth_signTypedData_v4');
    await expect(signTypedData(() => null, safe, account.address, typed as never, safeTxHash)).rejects.toEqual({ kind: 'disconnected', message: 'No wallet is connected.' });
  });
  it('classifies insufficient funds', () => {
    expect(classifyWalletError(new Error('insufficient funds for gas * price + value'), 'send').kind).toBe('insufficientFunds');
  });
});

describe('cross-check of the gateway answer (S3)', () => {
  const tx = draftToSafeTx({ kind: 'erc20Transfer', token: TOKEN, symbol: 'dUSD', recipient: RECIPIENT, amount: '5', decimals: 6 }, safe, 4n);
  const json = toSafeTxJson(tx);
  const decoded = { method: 'transfer', parameters: [{ name: 'to', type: 'address', value: RECIPIENT }, { name: 'value', type: 'uint256', value: '5000000' }] };
  const viewOf = (dataDecoded: typeof decoded) => ({ decoded: null, innerCalls: [], stored: null, summary: '', raw: { details: null, dataDecoded, confirmationView: null } });

  it('accepts a faithful decoding', () => {
    expect(crossCheckView(safe, json, viewOf(decoded))).toEqual([]);
  });
  it('names the field when the gateway shows another recipient or amount', () => {
    const tampered = { ...decoded, parameters: [{ ...decoded.parameters[0]!, value: getAddress('0x000000000000000000000000000000000000dEaD') }, decoded.parameters[1]!] };
    const mismatches = crossCheckView(safe, json, viewOf(tampered));
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toBe(
      `The gateway reports dataDecoded.parameters = 0x000000000000000000000000000000000000dead at parameter 0, but the transaction built here has ${RECIPIENT.toLowerCase()} at parameter 0.`,
    );
    const amount = { ...decoded, parameters: [decoded.parameters[0]!, { ...decoded.parameters[1]!, value: '1' }] };
    expect(crossCheckView(safe, json, viewOf(amount))).toHaveLength(1);
  });
  it('flags a queued transaction whose stored fields do not hash to its safeTxHash', async () => {
    const { hashes } = { hashes: hashesOf(safe, tx) };
    const details = {
      safeAddress: safe.address, txId: `multisig_${safe.address}_${hashes.safeTxHash}`, executedAt: null, txStatus: 'AWAITING_CONFIRMATIONS', txHash: null, safeAppInfo: null,
      txInfo: { type: 'Custom', to: { value: TOKEN }, dataSize: '68', value: '0', methodName: 'transfer', actionCount: null, isCancellation: false },
      txData: { hexData: tx.data as Hex, dataDecoded: null, to: { value: TOKEN }, value: '0', operation: 1 },
      detailedExecutionInfo: { type: 'MULTISIG', submittedAt: 0, nonce: 4, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: '0x0000000000000000000000000000000000000000', refundReceiver: { value: '0x0000000000000000000000000000000000000000' }, safeTxHash: hashes.safeTxHash, executor: null, signers: [], confirmationsRequired: 1, confirmations: [], rejectors: [], gasTokenInfo: null, trusted: true },
    };
    const mismatches = crossCheckView(safe, json, { ...viewOf(decoded), raw: { details: details as never, dataDecoded: null, confirmationView: null } });
    expect(mismatches.some((m) => m.includes('txData.operation'))).toBe(true);
  });
});

describe('look-alike risks (S17)', () => {
  const imitate = (a: string) => getAddress(`0x${a.slice(2, 7)}${'0'.repeat(31)}${a.slice(-4)}`);
  const transferTo = (to: `0x${string}`) =>
    toSafeTxJson(draftToSafeTx({ kind: 'erc20Transfer', token: TOKEN, symbol: 'T', recipient: to, amount: '1', decimals: 0 }, safe, 4n));

  it('an imitation of a past recipient of this Safe is a hard block naming that source (decision 0064)', async () => {
    const paid = async () => [{ address: RECIPIENT, name: null, source: 'pastRecipient' as const }];
    const fake = imitate(RECIPIENT);
    const [risk] = await lookAlikeRisks(safe, transferTo(fake), paid);
    expect(risk!.detail).toContain(`The recipient ${fake} begins and ends like a past recipient of this Safe (${RECIPIENT})`);
  });

  it('the recipients an executed SafeTx paid are read from its own bytes, inside batches too (decision 0064)', () => {
    expect(recipientsOf(safe, transferTo(RECIPIENT))).toEqual([RECIPIENT]);
    const other = imitate(RECIPIENT);
    const batch = toSafeTxJson(
      draftToSafeTx(
        { kind: 'batch', calls: [{ kind: 'nativeTransfer', recipient: other, amount: '1', decimals: 18 }, { kind: 'erc20Transfer', token: TOKEN, symbol: 'T', recipient: RECIPIENT, amount: '1', decimals: 0 }, { kind: 'settings', change: { type: 'changeThreshold', threshold: 1 } }] },
        safe,
        4n,
      ),
    );
    expect(recipientsOf(safe, batch)).toEqual([other, RECIPIENT]);
  });

  it('an imitation of an address-book entry is a hard block naming the entry; the entry itself passes', async () => {
    const book = async () => [{ address: RECIPIENT, name: 'Dora', source: 'addressBook' as const }];
    const fake = imitate(RECIPIENT);
    const [risk, ...rest] = await lookAlikeRisks(safe, transferTo(fake), book);
    expect(rest).toEqual([]);
    expect(risk).toMatchObject({ id: 'look-alike-address', severity: 'blocking', title: 'Look-alike address' });
    expect(risk!.detail).toContain(`The recipient ${fake} begins and ends like “Dora”, in your address book (${RECIPIENT})`);
    expect(await lookAlikeRisks(safe, transferTo(RECIPIENT), book)).toEqual([]);
  });

  it('an open Safe that imitates an added Safe is a hard block naming it; the added Safe itself, or this one once added, passes', async () => {
    const real = imitate(safe.address);
    const added = async () => [{ address: real, name: 'Treasury', source: 'addedSafe' as const }];
    const [risk, ...rest] = await lookAlikeRisks(safe, transferTo(RECIPIENT), added);
    expect(rest).toEqual([]);
    expect(risk).toMatchObject({ id: 'look-alike-address', severity: 'blocking', title: 'Look-alike Safe' });
    expect(risk!.detail).toContain(`This Safe ${safe.address} begins and ends like “Treasury”`);
    expect(risk!.detail).toContain(real);
    expect(await lookAlikeRisks(safe, transferTo(RECIPIENT), async () => [...(await added()), { address: safe.address, name: 'Mine', source: 'addedSafe' as const }])).toEqual([]);
    expect(await lookAlikeRisks({ ...safe, address: real }, transferTo(RECIPIENT), added)).toEqual([]);
  });

  it('an imitation of an owner is found without any stored address; an unreadable address book is said, not skipped', async () => {
    const fake = imitate(account.address);
    const risks = await lookAlikeRisks(safe, transferTo(fake), async () => {
      throw new Error('IndexedDB is not available');
    });
    expect(risks.map((r) => [r.id, r.severity])).toEqual([
      ['look-alike-unchecked', 'warning'],
      ['look-alike-address', 'blocking'],
    ]);
    expect(risks[0]!.detail).toContain('could not be read (IndexedDB is not available)');
    expect(risks[1]!.detail).toContain(`like an owner of this Safe (${account.address})`);
  });
});
