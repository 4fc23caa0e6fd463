/**
 * verifyConfirmations / verifyMessageConfirmations with a fake chain reader (the chain boundary is the only
 * fake): every kind and status, malformed input, non-owners, duplicates, the bounds on chain reads.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  concat,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  getAddress,
  hashMessage,
  keccak256,
  pad,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  approvedHashSignature,
  buildSignatureBytes,
  CHAIN_READ_CONCURRENCY,
  confirmationCap,
  contractSignatureData,
  countedConfirmations,
  MAX_CONTRACT_CHECKS_PER_OWNER,
  normalizeSafeTx,
  ownerSignatureOf,
  safeMessageHash,
  safeTxHash,
  safeTxHashes,
  verifyConfirmations,
  verifyMessageConfirmations,
  type ConfirmationCheck,
  type ConfirmationReader,
  type SafeTx,
} from '../../../../src/domain/safe/index.ts';

const SAFE: Address = '0x1234567890123456789012345678901234567890';
const KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const;
const [alice, bob, carol, mallory] = KEYS.map((k) => privateKeyToAccount(k)) as [
  ReturnType<typeof privateKeyToAccount>,
  ReturnType<typeof privateKeyToAccount>,
  ReturnType<typeof privateKeyToAccount>,
  ReturnType<typeof privateKeyToAccount>,
];
/** An owner that is a contract (another Safe, a smart account). */
const VAULT: Address = getAddress('0x00000000000000000000000000000000000Fa017');
const OWNERS: Address[] = [alice.address, bob.address, carol.address, VAULT];
const safe = (version = '1.4.1') => ({ chainId: '31337', address: SAFE, version, owners: OWNERS });
const ctx = (version = '1.4.1') => ({ chainId: 31337, safeAddress: SAFE, version });

const tx: SafeTx = normalizeSafeTx({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 18n, nonce: 7n });
const hash = safeTxHash(ctx(), tx);
const otherHash = safeTxHash(ctx(), { ...tx, nonce: 8n });

const ethSign = async (account: typeof alice, h: Hex): Promise<Hex> => {
  const signature = await account.signMessage({ message: { raw: h } });
  return `${signature.slice(0, 130)}${(Number.parseInt(signature.slice(130), 16) + 4).toString(16)}` as Hex;
};
const approved = (owner: Address, s: Hex = pad('0x00', { size: 32 })): Hex => concat([pad(owner, { size: 32 }), s, '0x01']).toLowerCase() as Hex;
/** A contract signature as the transaction service lists it: r = owner, s = 65, v = 0, length, data. */
const contractSig = (owner: Address, data: Hex): Hex =>
  concat([pad(owner, { size: 32 }), pad(toHex(65), { size: 32 }), '0x00', pad(toHex((data.length - 2) / 2), { size: 32 }), data]).toLowerCase() as Hex;
const VAULT_DATA: Hex = `0x${'ab'.repeat(70)}`;

type Behaviour = 'accept' | 'reject' | 'noCode' | 'other' | 'rpcDown';
interface Call {
  address: Address;
  functionName: string;
  args: readonly unknown[];
  account?: Address;
  blockTag?: string;
  blockNumber?: bigint;
  form?: 'hash' | 'bytes';
}

/** A reader that answers like a chain: approvals it was told about, owner contracts that behave as told. */
function fakeChain(opts: { approvals?: [Address, Hex][]; contracts?: Record<string, Behaviour>; rpcDown?: boolean; delayMs?: number } = {}) {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const approvals = new Set((opts.approvals ?? []).map(([o, h]) => `${o.toLowerCase()}:${h.toLowerCase()}`));
  const readContract = async (params: { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; account?: Address; blockTag?: string; blockNumber?: bigint }) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((r) => setTimeout(r, opts.delayMs ?? 1));
      const first = params.abi[0];
      const form = first && first.type === 'function' && first.name === 'isValidSignature' ? (first.inputs[0]!.type === 'bytes32' ? 'hash' : 'bytes') : undefined;
      calls.push({ address: params.address, functionName: params.functionName, args: params.args, account: params.account, blockTag: params.blockTag, blockNumber: params.blockNumber, form });
      if (opts.rpcDown) throw new Error('fetch failed');
      if (params.functionName === 'approvedHashes') {
        const [owner, h] = params.args as [Address, Hex];
        return approvals.has(`${owner.toLowerCase()}:${h.toLowerCase()}`) ? 1n : 0n;
      }
      const behaviour = opts.contracts?.[params.address.toLowerCase()] ?? 'noCode';
      const fail = (cause: ContractFunctionRevertedError | ContractFunctionZeroDataError) =>
        new ContractFunctionExecutionError(cause, { abi: params.abi, functionName: params.functionName, args: params.args, contractAddress: params.address });
      switch (behaviour) {
        case 'accept':
          return form === 'hash' ? '0x1626ba7e' : '0x20c13b0b';
        case 'other':
          return '0xffffffff';
        case 'reject':
          throw fail(new ContractFunctionRevertedError({ abi: params.abi, functionName: params.functionName, message: 'GS026' }));
        case 'noCode':
          throw fail(new ContractFunctionZeroDataError({ functionName: params.functionName }));
        case 'rpcDown':
          throw new Error('HTTP request failed. Status: 502');
      }
    } finally {
      inFlight -= 1;
    }
  };
  return { reader: { readContract: readContract as unknown as ConfirmationReader['readContract'] } satisfies ConfirmationReader, calls, maxInFlight: () => maxInFlight };
}

const verdicts = (checks: readonly ConfirmationCheck[]) => checks.map((c) => [c.kind, c.status]);

describe('ECDSA and eth_sign', () => {
  it('recovered over the local hash: valid for the named signer, invalid otherwise, with the address it recovers to', async () => {
    const chain = fakeChain();
    const checks = await verifyConfirmations({
      chain: chain.reader,
      safe: safe(),
      safeTxHash: hash,
      tx,
      confirmations: [
        { signer: alice.address, signature: await alice.sign({ hash }) },
        { signer: bob.address.toLowerCase(), signature: await ethSign(bob, hash) },
        { signer: carol.address, signature: await carol.sign({ hash: otherHash }) },
        { signer: carol.address, signature: await alice.sign({ hash }) },
        { signer: carol.address, signature: await ethSign(carol, otherHash) },
        { signer: carol.address, signature: `0x${'00'.repeat(64)}1b` },
      ],
    });
    expect(verdicts(checks)).toEqual([
      ['ecdsa', 'valid'],
      ['ethSign', 'valid'],
      ['ecdsa', 'invalid'],
      ['ecdsa', 'invalid'],
      ['ethSign', 'invalid'],
      ['ecdsa', 'invalid'],
    ]);
    expect(checks[0]!.detail).toBe(`Signed by ${alice.address} (EIP-712 signature).`);
    expect(checks[1]!.signer).toBe(bob.address);
    expect(checks[1]!.detail).toBe(`Signed by ${bob.address} (eth_sign signature of the transaction hash).`);
    expect(checks[3]!.detail).toBe(`Not signed by ${carol.address}: this EIP-712 signature of the transaction recovers to ${alice.address}.`);
    expect(checks[5]!.detail).toBe(`Not signed by ${carol.address}: no signer can be recovered from this EIP-712 signature.`);
    expect(chain.calls).toEqual([]);
    expect(countedConfirmations(checks, OWNERS).map((c) => c.signer)).toEqual([alice.address, bob.address]);
  });

  it('a valid signature of a non-owner is reported as valid but does not count', async () => {
    const checks = await verifyConfirmations({ chain: null, safe: safe(), safeTxHash: hash, confirmations: [{ signer: mallory.address, signature: await mallory.sign({ hash }) }] });
    expect(verdicts(checks)).toEqual([['ecdsa', 'valid']]);
    expect(checks[0]!.detail).toBe(`Signed by ${mallory.address} (EIP-712 signature). ${mallory.address} is not an owner of this Safe, so it does not count.`);
    expect(countedConfirmations(checks, OWNERS)).toEqual([]);
  });
});

describe('approved hashes (v = 1)', () => {
  it('valid iff approvedHashes(owner, safeTxHash) != 0 at the block asked; otherwise it counts only if that owner executes', async () => {
    const chain = fakeChain({ approvals: [[bob.address, hash], [carol.address, otherHash]] });
    const checks = await verifyConfirmations({
      chain: chain.reader,
      safe: safe(),
      safeTxHash: hash,
      confirmations: [
        { signer: bob.address, signature: approved(bob.address) },
        { signer: carol.address, signature: approved(carol.address) },
      ],
      blockTag: 1234n,
    });
    expect(verdicts(checks)).toEqual([
      ['approvedHash', 'valid'],
      ['approvedHash', 'invalid'],
    ]);
    expect(checks[0]!.detail).toBe(`Approved on chain (approvedHashes): ${bob.address} called approveHash for this transaction.`);
    expect(checks[1]!.detail).toBe(
      `Not approved on chain: ${carol.address} has not called approveHash for this transaction; it counts only if ${carol.address} executes the transaction.`,
    );
    expect(chain.calls.map((c) => [c.address, c.functionName, c.args, c.blockNumber, c.blockTag])).toEqual([
      [SAFE, 'approvedHashes', [bob.address, hash], 1234n, undefined],
      [SAFE, 'approvedHashes', [carol.address, hash], 1234n, undefined],
    ]);
    expect(countedConfirmations(checks, OWNERS).map((c) => c.signer)).toEqual([bob.address]);
  });

  it('unverifiable without a chain or when the RPC fails; never read for a non-owner; malformed when r is not the named signer', async () => {
    const confirmations = [
      { signer: bob.address, signature: approved(bob.address) },
      { signer: mallory.address, signature: approved(mallory.address) },
      { signer: carol.address, signature: approved(bob.address) },
      { signer: carol.address, signature: `${approved(carol.address)}00` },
      { signer: carol.address, signature: concat([`0x${'ff'.repeat(12)}${carol.address.slice(2)}` as Hex, pad('0x00', { size: 32 }), '0x01']) },
    ];
    const offline = await verifyConfirmations({ chain: null, safe: safe(), safeTxHash: hash, confirmations });
    const down = fakeChain({ rpcDown: true });
    const failing = await verifyConfirmations({ chain: down.reader, safe: safe(), safeTxHash: hash, confirmations });
    const expected = [
      ['approvedHash', 'unverifiable'],
      ['approvedHash', 'unverifiable'],
      ['malformed', 'invalid'],
      ['malformed', 'invalid'],
      ['malformed', 'invalid'],
    ];
    expect(verdicts(offline)).toEqual(expected);
    expect(verdicts(failing)).toEqual(expected);
    expect(offline[0]!.detail).toBe(`Could not be checked: there is no chain connection to read approvedHashes; it counts only if ${bob.address} executes the transaction.`);
    expect(failing[0]!.detail).toBe(`Could not be checked: the RPC did not answer; it counts only if ${bob.address} executes the transaction.`);
    expect(failing[1]!.detail).toBe(`Not read on chain: ${mallory.address} is not an owner of this Safe, so it does not count.`);
    expect(failing[2]!.detail).toBe(`Malformed: it names ${bob.address} but is listed for ${carol.address}.`);
    expect(failing[3]!.detail).toBe('Malformed: an approved-hash signature has 65 bytes, this one 66.');
    expect(failing[4]!.detail).toBe('Malformed: r does not hold an address.');
    expect(down.calls.map((c) => c.args[0])).toEqual([bob.address]);
    expect(countedConfirmations(offline, OWNERS)).toEqual([]);
    expect(countedConfirmations(failing, OWNERS)).toEqual([]);
  });

  it('a confirmation listed without a signature is an on-chain approval: checked, and given the v = 1 signature', async () => {
    const chain = fakeChain({ approvals: [[alice.address, hash]] });
    const checks = await verifyConfirmations({
      chain: chain.reader,
      safe: safe(),
      safeTxHash: hash,
      confirmations: [
        { signer: alice.address, signature: null },
        { signer: bob.address, signature: null },
      ],
    });
    expect(checks.map((c) => [c.kind, c.status, c.signature])).toEqual([
      ['approvedHash', 'valid', approvedHashSignature(alice.address)],
      ['approvedHash', 'invalid', approvedHashSignature(bob.address)],
    ]);
    expect(checks[0]!.detail).toBe(`No signature is listed. Approved on chain (approvedHashes): ${alice.address} called approveHash for this transaction.`);
  });
});

describe('contract signatures (v = 0, EIP-1271)', () => {
  it('Safe 1.4.1: the legacy isValidSignature(bytes, bytes) with the SafeTx pre-image, called from the Safe', async () => {
    const chain = fakeChain({ contracts: { [VAULT.toLowerCase()]: 'accept' } });
    const signature = contractSig(VAULT, VAULT_DATA);
    const checks = await verifyConfirmations({ chain: chain.reader, safe: safe(), safeTxHash: hash, tx, confirmations: [{ signer: VAULT, signature }] });
    expect(checks).toEqual([{ signer: VAULT, signature, kind: 'contract', status: 'valid', detail: `The owner contract ${VAULT} accepts this signature (EIP-1271).` }]);
    const { domainHash, messageHash } = safeTxHashes(ctx(), tx);
    const preimage = concat(['0x1901', domainHash, messageHash]);
    expect(keccak256(preimage)).toBe(hash);
    expect(chain.calls).toEqual([{ address: VAULT, functionName: 'isValidSignature', args: [preimage, VAULT_DATA], account: SAFE, blockTag: 'latest', blockNumber: undefined, form: 'bytes' }]);
    // Into execTransaction: the data part, as a contract signature.
    const counted = countedConfirmations(checks, OWNERS);
    expect(counted.map(ownerSignatureOf)).toEqual([{ signer: VAULT, data: VAULT_DATA, isContractSignature: true }]);
    const bytes = buildSignatureBytes(counted.map(ownerSignatureOf));
    expect(bytes).toBe(contractSig(VAULT, VAULT_DATA));
  });

  it('Safe 1.3.0 uses the legacy form with its own (chain-id) domain; Safe 1.5.0 the bytes32 form with the safeTxHash', async () => {
    for (const [version, form, expectedArg] of [
      ['1.3.0', 'bytes', concat(['0x1901', safeTxHashes(ctx('1.3.0'), tx).domainHash, safeTxHashes(ctx('1.3.0'), tx).messageHash])],
      ['1.5.0', 'hash', safeTxHash(ctx('1.5.0'), tx)],
    ] as const) {
      const chain = fakeChain({ contracts: { [VAULT.toLowerCase()]: 'accept' } });
      const h = safeTxHash(ctx(version), tx);
      const checks = await verifyConfirmations({ chain: chain.reader, safe: safe(version), safeTxHash: h, tx, confirmations: [{ signer: VAULT, signature: contractSig(VAULT, VAULT_DATA) }] });
      expect(verdicts(checks)).toEqual([['contract', 'valid']]);
      expect(chain.calls.map((c) => [c.form, c.args[0], c.args[1], c.account])).toEqual([[form, expectedArg, VAULT_DATA, SAFE]]);
    }
  });

  it('a revert, no contract code, or another answer is invalid; an RPC failure, no chain, or an unknown pre-image is unverifiable', async () => {
    const owners = (['reject', 'noCode', 'other', 'rpcDown'] as const).map((b, i) => [getAddress(`0x${(0xc0 + i).toString(16).padStart(40, '0')}`), b] as const);
    const chain = fakeChain({ contracts: Object.fromEntries(owners.map(([a, b]) => [a.toLowerCase(), b])) });
    const s = { ...safe(), owners: [...OWNERS, ...owners.map(([a]) => a)] };
    const confirmations = owners.map(([a]) => ({ signer: a, signature: contractSig(a, VAULT_DATA) }));
    const checks = await verifyConfirmations({ chain: chain.reader, safe: s, safeTxHash: hash, tx, confirmations });
    expect(checks.map((c) => [c.status, c.detail])).toEqual([
      ['invalid', `Not accepted: the owner contract ${owners[0]![0]} rejects this signature (EIP-1271).`],
      ['invalid', `Not accepted: ${owners[1]![0]} has no contract code that answers isValidSignature (EIP-1271).`],
      ['invalid', `Not accepted: the owner contract ${owners[2]![0]} answered 0xffffffff, not the EIP-1271 magic value.`],
      ['unverifiable', `Could not be checked: the RPC did not answer when asking the owner contract ${owners[3]![0]} (EIP-1271).`],
    ]);
    const one = [{ signer: VAULT, signature: contractSig(VAULT, VAULT_DATA) }];
    const offline = await verifyConfirmations({ chain: null, safe: safe(), safeTxHash: hash, tx, confirmations: one });
    expect(offline.map((c) => [c.status, c.detail])).toEqual([['unverifiable', `Could not be checked: there is no chain connection to ask the owner contract ${VAULT} (EIP-1271).`]]);
    const noTx = fakeChain({ contracts: { [VAULT.toLowerCase()]: 'accept' } });
    const withoutTx = await verifyConfirmations({ chain: noTx.reader, safe: safe(), safeTxHash: hash, confirmations: one });
    expect(withoutTx.map((c) => [c.status, c.detail])).toEqual([
      ['unverifiable', `Could not be checked: the transaction's signed data is not known here, so the owner contract ${VAULT} cannot be asked (EIP-1271).`],
    ]);
    const badVersion = await verifyConfirmations({ chain: noTx.reader, safe: safe('unknown'), safeTxHash: hash, tx, confirmations: one });
    expect(verdicts(badVersion)).toEqual([['contract', 'unverifiable']]);
    expect(noTx.calls).toEqual([]);
    expect(countedConfirmations([...checks, ...offline, ...withoutTx], s.owners)).toEqual([]);
  });

  it('a SafeTx that does not hash to the safeTxHash given is a programming error', async () => {
    await expect(verifyConfirmations({ chain: null, safe: safe(), safeTxHash: otherHash, tx, confirmations: [] })).rejects.toThrow(/hashes to/);
  });

  it('the data part is read after the 65 static bytes; cut short, trailing bytes, or r not the signer is malformed', async () => {
    const chain = fakeChain({ contracts: { [VAULT.toLowerCase()]: 'accept' } });
    const good = contractSig(VAULT, VAULT_DATA);
    const withOtherOffset = concat([pad(VAULT, { size: 32 }), pad(toHex(130), { size: 32 }), '0x00', pad(toHex(70), { size: 32 }), VAULT_DATA]);
    const checks = await verifyConfirmations({
      chain: chain.reader,
      safe: safe(),
      safeTxHash: hash,
      tx,
      confirmations: [
        { signer: VAULT, signature: withOtherOffset },
        { signer: VAULT, signature: `${good}${'00'.repeat(26)}` },
        { signer: VAULT, signature: good.slice(0, -2) },
        { signer: VAULT, signature: `${good}01` },
        { signer: VAULT, signature: good.slice(0, 2 + 65 * 2) },
        { signer: alice.address, signature: good },
      ],
    });
    expect(verdicts(checks)).toEqual([
      ['contract', 'valid'],
      ['contract', 'valid'],
      ['malformed', 'invalid'],
      ['malformed', 'invalid'],
      ['malformed', 'invalid'],
      ['malformed', 'invalid'],
    ]);
    expect(checks[2]!.detail).toBe('Malformed contract signature: its data part is missing or cut short.');
    // Both well-formed entries carry the same data: one chain read.
    expect(chain.calls).toHaveLength(1);
    expect(contractSignatureData(contractSig(VAULT, '0x'))).toBe('0x');
  });
});

describe('malformed input', () => {
  it('not hex, fewer than 65 bytes, v out of range, a 65-byte type that is longer, a signer that is not an address', async () => {
    const eoa = await alice.sign({ hash });
    const checks = await verifyConfirmations({
      chain: null,
      safe: safe(),
      safeTxHash: hash,
      confirmations: [
        { signer: alice.address, signature: 'hello' },
        { signer: alice.address, signature: `0x${eoa.slice(3)}` },
        { signer: alice.address, signature: '0x1234' },
        { signer: alice.address, signature: `${eoa.slice(0, 130)}1d` },
        { signer: alice.address, signature: `${eoa.slice(0, 130)}02` },
        { signer: alice.address, signature: `${eoa}00` },
        { signer: 'alice', signature: eoa },
      ],
    });
    expect(checks.map((c) => [c.kind, c.status, c.detail])).toEqual([
      ['malformed', 'invalid', 'Malformed: the signature is not hex.'],
      ['malformed', 'invalid', 'Malformed: the signature is not hex.'],
      ['malformed', 'invalid', 'Malformed: the signature has 2 bytes, fewer than 65.'],
      ['malformed', 'invalid', 'Malformed: v = 29 is not a Safe signature type.'],
      ['malformed', 'invalid', 'Malformed: v = 2 is not a Safe signature type.'],
      ['malformed', 'invalid', `Malformed: a signature with v = ${Number.parseInt(eoa.slice(130), 16)} has 65 bytes, this one 66.`],
      ['malformed', 'invalid', 'Malformed: the signer is not an address.'],
    ]);
    expect(countedConfirmations(checks, [...OWNERS, 'alice' as Address])).toEqual([]);
  });

  it('any string as a signature, any signer: one verdict per entry, never valid unless it really signs (property)', async () => {
    const eoa = await alice.sign({ hash });
    const hexString = fc.uint8Array({ maxLength: 140 }).map((b) => toHex(b));
    const mutated = fc.tuple(fc.nat({ max: 64 }), fc.integer({ min: 1, max: 255 })).map(([i, x]) => {
      const bytes = Buffer.from(eoa.slice(2), 'hex');
      bytes[i] = bytes[i]! ^ x;
      return `0x${bytes.toString('hex')}`;
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ signer: fc.oneof(fc.constant(alice.address), fc.string()), signature: fc.oneof(fc.string(), hexString, mutated, fc.constant(null)) }), { maxLength: 6 }), async (confirmations) => {
        const checks = await verifyConfirmations({ chain: fakeChain().reader, safe: safe(), safeTxHash: hash, confirmations });
        expect(checks).toHaveLength(confirmations.length);
        for (const c of checks) expect(c.status === 'valid').toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});

describe('duplicates and bounds', () => {
  it('one counted confirmation per owner: the first valid one, whatever forged ones come before it', async () => {
    const chain = fakeChain();
    const checks = await verifyConfirmations({
      chain: chain.reader,
      safe: safe(),
      safeTxHash: hash,
      confirmations: [
        { signer: alice.address, signature: approved(alice.address) },
        { signer: alice.address, signature: approved(alice.address, pad('0x01', { size: 32 })) },
        { signer: alice.address, signature: await alice.sign({ hash }) },
        { signer: alice.address, signature: await ethSign(alice, hash) },
      ],
    });
    expect(verdicts(checks)).toEqual([
      ['approvedHash', 'invalid'],
      ['approvedHash', 'invalid'],
      ['ecdsa', 'valid'],
      ['ethSign', 'valid'],
    ]);
    // One approvedHashes read for the owner, however often it is listed.
    expect(chain.calls).toHaveLength(1);
    expect(countedConfirmations(checks, OWNERS)).toEqual([checks[2]]);
  });

  it('a hostile list of 1000 entries: a bounded number of chain reads, never more than a few in flight, one verdict per entry', async () => {
    const chain = fakeChain({ contracts: { [VAULT.toLowerCase()]: 'accept' } });
    const confirmations = Array.from({ length: 1000 }, (_, i) => {
      const who = OWNERS[i % OWNERS.length]!;
      if (who === VAULT) return { signer: VAULT, signature: contractSig(VAULT, toHex(i, { size: 40 })) };
      const stranger = getAddress(`0x${(0xdead0000 + i).toString(16).padStart(40, '0')}`);
      return i % 3 === 0 ? { signer: stranger, signature: approved(stranger) } : { signer: who, signature: approved(who) };
    });
    const checks = await verifyConfirmations({ chain: chain.reader, safe: safe(), safeTxHash: hash, tx, confirmations });
    expect(checks).toHaveLength(1000);
    const cap = confirmationCap(OWNERS);
    expect(cap).toBe(64);
    // alice, bob, carol: one approvedHashes read each; the vault: MAX_CONTRACT_CHECKS_PER_OWNER distinct signatures.
    expect(chain.calls.filter((c) => c.functionName === 'approvedHashes')).toHaveLength(3);
    expect(chain.calls.filter((c) => c.functionName === 'isValidSignature')).toHaveLength(MAX_CONTRACT_CHECKS_PER_OWNER);
    expect(chain.maxInFlight()).toBeLessThanOrEqual(CHAIN_READ_CONCURRENCY);
    expect(checks.slice(cap).every((c) => c.status === 'unverifiable' && c.detail === `Not checked: the list holds more than ${cap} confirmations.`)).toBe(true);
    const vault = checks.slice(0, cap).filter((c) => c.signer === VAULT);
    expect(vault.slice(0, MAX_CONTRACT_CHECKS_PER_OWNER).every((c) => c.status === 'valid')).toBe(true);
    expect(vault.slice(MAX_CONTRACT_CHECKS_PER_OWNER).map((c) => [c.status, c.detail])).toEqual(
      vault.slice(MAX_CONTRACT_CHECKS_PER_OWNER).map(() => ['unverifiable', `Not checked: the list holds more than ${MAX_CONTRACT_CHECKS_PER_OWNER} contract signatures of ${VAULT}.`]),
    );
    expect(countedConfirmations(checks, OWNERS).map((c) => c.signer)).toEqual([VAULT]);
  });

  it('reads run in parallel, bounded', async () => {
    const many = Array.from({ length: 12 }, (_, i) => getAddress(`0x${(0xbeef00 + i).toString(16).padStart(40, '0')}`));
    const chain = fakeChain({ approvals: many.map((o) => [o, hash] as [Address, Hex]), delayMs: 20 });
    const checks = await verifyConfirmations({ chain: chain.reader, safe: { ...safe(), owners: many }, safeTxHash: hash, confirmations: many.map((o) => ({ signer: o, signature: approved(o) })) });
    expect(checks.every((c) => c.status === 'valid')).toBe(true);
    expect(chain.maxInFlight()).toBe(CHAIN_READ_CONCURRENCY);
  });
});

describe('messages', () => {
  const inner = hashMessage('Sign in to Example');
  const messageHash = (version: string) => safeMessageHash(ctx(version), 'Sign in to Example');

  it('ECDSA over the safeMessageHash; v = 1 does not exist for messages', async () => {
    const h = messageHash('1.4.1');
    const chain = fakeChain({ approvals: [[bob.address, h]] });
    const checks = await verifyMessageConfirmations({
      chain: chain.reader,
      safe: safe(),
      safeMessageHash: h,
      message: inner,
      confirmations: [
        { signer: alice.address, signature: await alice.sign({ hash: h }) },
        { signer: carol.address, signature: await carol.sign({ hash }) },
        { signer: bob.address, signature: approved(bob.address) },
        { signer: bob.address, signature: null },
      ],
    });
    expect(checks.map((c) => [c.kind, c.status, c.detail])).toEqual([
      ['ecdsa', 'valid', `Signed by ${alice.address} (EIP-712 signature).`],
      ['ecdsa', 'invalid', expect.stringMatching(new RegExp(`^Not signed by ${carol.address}: this EIP-712 signature of the message recovers to 0x`))],
      ['approvedHash', 'invalid', 'Approved-hash confirmations (v = 1) do not exist for messages; it does not count.'],
      ['malformed', 'invalid', 'Malformed: no signature is listed.'],
    ]);
    expect(chain.calls).toEqual([]);
  });

  it('contract signatures: 1.4.1 asks with the SafeMessage pre-image, 1.3.0 with the message bytes, 1.5.0 with the safeMessageHash', async () => {
    for (const version of ['1.4.1', '1.3.0', '1.5.0']) {
      const h = messageHash(version);
      const chain = fakeChain({ contracts: { [VAULT.toLowerCase()]: 'accept' } });
      const checks = await verifyMessageConfirmations({ chain: chain.reader, safe: safe(version), safeMessageHash: h, message: inner, confirmations: [{ signer: VAULT, signature: contractSig(VAULT, VAULT_DATA) }] });
      expect(verdicts(checks)).toEqual([['contract', 'valid']]);
      const [call] = chain.calls;
      if (version === '1.5.0') expect([call!.form, call!.args[0]]).toEqual(['hash', h]);
      else if (version === '1.3.0') expect([call!.form, call!.args[0]]).toEqual(['bytes', inner]);
      else {
        expect(call!.form).toBe('bytes');
        expect(keccak256(call!.args[0] as Hex)).toBe(h);
        expect((call!.args[0] as Hex).slice(0, 6)).toBe('0x1901');
      }
    }
    await expect(verifyMessageConfirmations({ chain: null, safe: safe(), safeMessageHash: hash, message: inner, confirmations: [] })).rejects.toThrow(/hashes to/);
    const unknown = await verifyMessageConfirmations({ chain: fakeChain().reader, safe: safe(), safeMessageHash: messageHash('1.4.1'), confirmations: [{ signer: VAULT, signature: contractSig(VAULT, VAULT_DATA) }] });
    expect(unknown[0]!.detail).toBe(`Could not be checked: the message's signed data is not known here, so the owner contract ${VAULT} cannot be asked (EIP-1271).`);
  });
});
