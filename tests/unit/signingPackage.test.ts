/**
 * The signing package (src/domain/safe/signingPackage.ts): its file and link encodings, the merge, and
 * checkSigningPackage with real signatures (viem accounts signing safeTxTypedData) and a fake chain reader (the
 * chain boundary is the only fake).
 */
import { describe, expect, it } from 'vitest';
import { concat, getAddress, pad, toHex, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ConfirmationReader } from '../../src/domain/safe/confirmations.ts';
import { safeTxHashes, safeTxTypedData } from '../../src/domain/safe/hashing.ts';
import { approvedHashSignature } from '../../src/domain/safe/signatures.ts';
import {
  checkSigningPackage,
  encodeSigningPackage,
  mergeSigningPackages,
  PACKAGE_LINK_MAX,
  PACKAGE_TEXT_MAX,
  packageFileName,
  packageFromLinkFragment,
  packageLinkFragment,
  parseSigningPackage,
  SIGNING_PACKAGE_FORMAT,
  SIGNING_PACKAGE_TEXTS as T,
  signingPackageOf,
  toSafeTx,
  type PackageSafe,
  type PackageSafeTx,
  type PackageVerdict,
  type SigningPackage,
} from '../../src/domain/safe/signingPackage.ts';

const SAFE: Address = getAddress('0x1234567890123456789012345678901234567890');
const CHAIN = '1337';
const [alice, bob, carol, mallory] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
].map((key) => privateKeyToAccount(key as Hex)) as [ReturnType<typeof privateKeyToAccount>, ReturnType<typeof privateKeyToAccount>, ReturnType<typeof privateKeyToAccount>, ReturnType<typeof privateKeyToAccount>];
/** An owner that is a contract (another Safe, a smart account). */
const VAULT: Address = getAddress('0x00000000000000000000000000000000000fa017');
const OWNERS: Address[] = [alice.address, bob.address, carol.address, VAULT];
const RECIPIENT: Address = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const ZERO: Address = '0x0000000000000000000000000000000000000000';

const chainSafe = (over: Partial<PackageSafe> = {}): PackageSafe => ({ chainId: CHAIN, address: SAFE, version: '1.4.1', owners: OWNERS, threshold: 2, nonce: 7, ...over });

const TX: PackageSafeTx = {
  to: RECIPIENT,
  value: '5000000000000000000',
  data: '0x',
  operation: 0,
  safeTxGas: '0',
  baseGas: '0',
  gasPrice: '0',
  gasToken: ZERO,
  refundReceiver: ZERO,
  nonce: '7',
};
const ctx = (version = '1.4.1') => ({ chainId: BigInt(CHAIN), safeAddress: SAFE, version });
const hashesOf = (tx: PackageSafeTx, version = '1.4.1') => safeTxHashes(ctx(version), toSafeTx(tx));

const sign = (account: typeof alice, tx: PackageSafeTx = TX, version = '1.4.1'): Promise<Hex> =>
  account.signTypedData(safeTxTypedData(ctx(version), toSafeTx(tx)) as Parameters<typeof account.signTypedData>[0]);
const ethSign = async (account: typeof alice, hash: Hex): Promise<Hex> => {
  const signature = await account.signMessage({ message: { raw: hash } });
  return `${signature.slice(0, 130)}${(Number.parseInt(signature.slice(130), 16) + 4).toString(16)}` as Hex;
};
/** A contract signature as the transaction service lists it: r = owner, s = 65, v = 0, length, data. */
const contractSig = (owner: Address, data: Hex): Hex =>
  concat([pad(owner, { size: 32 }), pad(toHex(65), { size: 32 }), '0x00', pad(toHex((data.length - 2) / 2), { size: 32 }), data]).toLowerCase() as Hex;
const VAULT_DATA: Hex = `0x${'ab'.repeat(70)}`;

const seenOf = (account: { address: Address }, hash: Hex, summary = 'Send 5 ETH to 0x7099…79C8') => ({ signer: account.address, summary, safeTxHash: hash, at: '2026-11-29T15:00:00.000Z' });

async function pkgWith(signers: (typeof alice)[] = [alice], tx: PackageSafeTx = TX): Promise<SigningPackage> {
  const hash = hashesOf(tx).safeTxHash;
  return signingPackageOf({
    chainId: CHAIN,
    safe: SAFE,
    safeVersion: '1.4.1',
    label: 'Send 5 ETH',
    safeTx: tx,
    signatures: await Promise.all(signers.map(async (a) => ({ signer: a.address, signature: await sign(a, tx) }))),
    seen: signers.map((a) => seenOf(a, hash)),
  });
}

interface ReadCall {
  address: Address;
  functionName: string;
  args: readonly unknown[];
  account?: Address;
}
/** A reader that answers like a chain: the approvals it was told about, and owner contracts that accept or reject. */
function fakeChain(opts: { approvals?: [Address, Hex][]; contracts?: Record<string, 'accept' | 'other'>; down?: boolean } = {}) {
  const calls: ReadCall[] = [];
  const approvals = new Set((opts.approvals ?? []).map(([o, h]) => `${o.toLowerCase()}:${h.toLowerCase()}`));
  const readContract = async (params: { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; account?: Address }) => {
    await Promise.resolve();
    calls.push({ address: params.address, functionName: params.functionName, args: params.args, account: params.account });
    if (opts.down) throw new Error('fetch failed');
    if (params.functionName === 'approvedHashes') {
      const [owner, h] = params.args as [Address, Hex];
      return approvals.has(`${owner.toLowerCase()}:${h.toLowerCase()}`) ? 1n : 0n;
    }
    const first = params.abi[0];
    const form = first && first.type === 'function' && first.inputs[0]!.type === 'bytes32' ? 'hash' : 'bytes';
    const behaviour = opts.contracts?.[params.address.toLowerCase()];
    if (behaviour === 'accept') return form === 'hash' ? '0x1626ba7e' : '0x20c13b0b';
    return '0xffffffff';
  };
  return { reader: { readContract: readContract as unknown as ConfirmationReader['readContract'] } satisfies ConfirmationReader, calls };
}

const refusal = (verdict: PackageVerdict): string => (verdict.status === 'refused' ? verdict.reason : `verified (${verdict.signers.join(', ')})`);
/** The package with one field replaced, hashes left as they were (a hand edit). */
const edited = (pkg: SigningPackage, change: (copy: SigningPackage) => void): SigningPackage => {
  const copy = JSON.parse(JSON.stringify(pkg)) as SigningPackage;
  change(copy);
  return copy;
};

describe('building, encoding and reading a package', () => {
  it('signingPackageOf computes the three hashes locally and normalizes addresses (checksummed) and hex (lower case)', async () => {
    const pkg = signingPackageOf({
      chainId: CHAIN,
      safe: SAFE.toLowerCase() as Address,
      safeVersion: '1.4.1+L2',
      label: 'Call',
      safeTx: { ...TX, to: RECIPIENT.toLowerCase() as Address, data: '0xA9059CBB' },
      signatures: [],
      seen: [],
    });
    expect(pkg.safe).toBe(SAFE);
    expect(pkg.safeTx.to).toBe(RECIPIENT);
    expect(pkg.safeTx.data).toBe('0xa9059cbb');
    expect(pkg.hashes).toEqual(hashesOf({ ...TX, data: '0xa9059cbb' }, '1.4.1+L2'));
    expect(() => signingPackageOf({ chainId: CHAIN, safe: SAFE, safeVersion: '1.4.1', label: 'x', safeTx: { ...TX, value: '1.5' }, signatures: [], seen: [] })).toThrow(
      T.damaged('"safeTx.value"', 'is not a whole number written in decimal digits'),
    );
  });

  it('the file is pretty JSON with the keys in the interface order, and parses back to the same package', async () => {
    const pkg = await pkgWith([alice, bob]);
    const text = encodeSigningPackage(pkg);
    expect(text.startsWith('{\n  "format": "countersign.signing-package",\n  "version": 1,\n  "chainId": "1337",\n')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['format', 'version', 'chainId', 'safe', 'safeVersion', 'label', 'safeTx', 'hashes', 'signatures', 'seen']);
    expect(Object.keys((JSON.parse(text) as SigningPackage).safeTx)).toEqual(['to', 'value', 'data', 'operation', 'safeTxGas', 'baseGas', 'gasPrice', 'gasToken', 'refundReceiver', 'nonce']);
    expect(parseSigningPackage(text)).toEqual({ ok: true, pkg });
    // The same package encodes to the same text however its object was built.
    const shuffled = Object.fromEntries(Object.entries(pkg).reverse()) as unknown as SigningPackage;
    expect(Object.keys(shuffled)[0]).toBe('seen');
    expect(encodeSigningPackage(shuffled)).toBe(text);
  });

  it('parsing checksums addresses and lower-cases hex written in other cases', async () => {
    const pkg = await pkgWith([alice]);
    const json = JSON.parse(encodeSigningPackage(pkg)) as SigningPackage;
    json.safe = json.safe.toLowerCase() as Address;
    json.signatures[0]!.signer = json.signatures[0]!.signer.toUpperCase().replace('0X', '0x') as Address;
    json.signatures[0]!.signature = json.signatures[0]!.signature.toUpperCase().replace('0X', '0x') as Hex;
    json.hashes.safeTxHash = json.hashes.safeTxHash.toUpperCase().replace('0X', '0x') as Hex;
    expect(parseSigningPackage(JSON.stringify(json))).toEqual({ ok: true, pkg });
  });

  it('a link carries a small package and reads back the same, with or without "#"', async () => {
    const pkg = await pkgWith([alice, bob]);
    const fragment = packageLinkFragment(pkg)!;
    expect(fragment).toMatch(/^package=[A-Za-z0-9_-]+$/);
    expect(fragment.length - 'package='.length).toBeLessThanOrEqual(PACKAGE_LINK_MAX);
    expect(packageFromLinkFragment(fragment)).toEqual({ ok: true, pkg });
    expect(packageFromLinkFragment(`#${fragment}`)).toEqual({ ok: true, pkg });
    // Non-ASCII text (the label) survives the link.
    const labelled = { ...pkg, label: 'Pay Zoë 5 € — rent' };
    expect(packageFromLinkFragment(packageLinkFragment(labelled)!)).toEqual({ ok: true, pkg: labelled });
  });

  it('a package too long for a link has none (it is shared as a file)', async () => {
    const big = await pkgWith([alice], { ...TX, data: `0x${'ab'.repeat(4600)}` });
    expect(packageLinkFragment(big)).toBeNull();
    expect(parseSigningPackage(encodeSigningPackage(big))).toEqual({ ok: true, pkg: big });
  });

  it('a link fragment that is not a package is refused with a reason', async () => {
    expect(packageFromLinkFragment('#/safes/1337:0x1234')).toEqual({ ok: false, reason: T.notLink });
    expect(packageFromLinkFragment('package=not*base64')).toEqual({ ok: false, reason: T.linkDamaged });
    expect(packageFromLinkFragment('package=')).toEqual({ ok: false, reason: T.linkDamaged });
    const cut = packageLinkFragment(await pkgWith([alice]))!.slice(0, 300);
    expect(packageFromLinkFragment(cut)).toEqual({ ok: false, reason: T.notJson });
    // Base64url of text that is not JSON.
    expect(packageFromLinkFragment(`package=${Buffer.from('hello').toString('base64url')}`)).toEqual({ ok: false, reason: T.notJson });
  });

  it('the file name follows safe-<0x+4>-<4>-nonce-<n>-<0x+8 of the safeTxHash>.json, ASCII only', async () => {
    const pkg = await pkgWith([]);
    const name = packageFileName(pkg);
    expect(name).toBe(`safe-0x1234-7890-nonce-7-${pkg.hashes.safeTxHash.slice(0, 10)}.json`);
    expect(name).toMatch(/^safe-0x[0-9a-f]{4}-[0-9a-f]{4}-nonce-\d+-0x[0-9a-f]{8}\.json$/);
  });
});

describe('parseSigningPackage refuses what is not a package of this format', () => {
  it('oversize text, empty text, non-JSON, JSON that is not an object', () => {
    expect(parseSigningPackage(' '.repeat(PACKAGE_TEXT_MAX + 1))).toEqual({ ok: false, reason: T.tooLarge(PACKAGE_TEXT_MAX + 1) });
    expect(parseSigningPackage('')).toEqual({ ok: false, reason: T.empty });
    expect(parseSigningPackage('{"format": "countersign.signing-package",')).toEqual({ ok: false, reason: T.notJson });
    expect(parseSigningPackage('[1, 2]')).toEqual({ ok: false, reason: T.notObject });
    expect(parseSigningPackage('null')).toEqual({ ok: false, reason: T.notObject });
  });

  it('another format, or another version, is refused in plain words', async () => {
    const json = JSON.parse(encodeSigningPackage(await pkgWith([]))) as Record<string, unknown>;
    expect(parseSigningPackage(JSON.stringify({ ...json, format: 'countersign-local-data' }))).toEqual({ ok: false, reason: T.notPackage });
    expect(parseSigningPackage(JSON.stringify({ ...json, version: 2 }))).toEqual({ ok: false, reason: T.unknownVersion('2') });
    expect(parseSigningPackage(JSON.stringify({ ...json, version: '1' }))).toEqual({ ok: false, reason: T.damaged('"version"', 'is not a number') });
    expect(T.unknownVersion('2')).toBe(
      'This signing package has format version 2; this Countersign reads version 1 only. Ask the sender to save it from the same Countersign version as yours.',
    );
  });

  it('a malformed field names where it is and what is wrong', async () => {
    const pkg = await pkgWith([alice]);
    const reasonFor = (change: (json: Record<string, unknown> & SigningPackage) => void): string => {
      const json = JSON.parse(encodeSigningPackage(pkg)) as Record<string, unknown> & SigningPackage;
      change(json);
      const parsed = parseSigningPackage(JSON.stringify(json));
      return parsed.ok ? 'accepted' : parsed.reason;
    };
    expect(reasonFor((j) => (j.safeTx.value = '1e18'))).toBe(T.damaged('"safeTx.value"', 'is not a whole number written in decimal digits'));
    expect(reasonFor((j) => (j.safeTx.nonce = '07'))).toBe(T.damaged('"safeTx.nonce"', 'is not a whole number written in decimal digits'));
    expect(reasonFor((j) => (j.safeTx.value = (2n ** 256n).toString()))).toBe(T.damaged('"safeTx.value"', 'is larger than a uint256'));
    expect(reasonFor((j) => ((j.safeTx as { operation: number }).operation = 2))).toBe(T.damaged('"safeTx.operation"', 'is not 0 (call) or 1 (delegate call)'));
    expect(reasonFor((j) => (j.safeTx.to = RECIPIENT.replace('C', 'c') as Address))).toBe(
      T.damaged('"safeTx.to"', 'is not an address (or its mixed case is not a correct checksum)'),
    );
    expect(reasonFor((j) => (j.hashes.domainHash = '0x1234'))).toBe(T.damaged('"hashes.domainHash"', 'is not a 32-byte hash (0x and 64 hex digits)'));
    expect(reasonFor((j) => (j.signatures[0]!.signature = '0xabcd'))).toBe(T.damaged('"signatures[0].signature"', 'is not a signature (0x and at least 65 bytes of hex)'));
    expect(reasonFor((j) => (j.label = 'Send 5\nETH'))).toBe(T.damaged('"label"', 'holds line breaks, control or text-direction characters'));
    expect(reasonFor((j) => (j.label = 'Send \u202e5 ETH'))).toBe(T.damaged('"label"', 'holds line breaks, control or text-direction characters'));
    expect(reasonFor((j) => (j.seen[0]!.at = 'yesterday'))).toBe(T.damaged('"seen[0].at"', 'is not an ISO 8601 time'));
    expect(reasonFor((j) => (j.extra = true))).toBe(T.damaged('the package', 'has a field this version does not know ("extra")'));
    expect(reasonFor((j) => ((j.safeTx as unknown as Record<string, unknown>).dataGas = '0'))).toBe(T.damaged('"safeTx"', 'has a field this version does not know ("dataGas")'));
    expect(reasonFor((j) => delete (j.hashes as Partial<SigningPackage['hashes']>).messageHash)).toBe(T.damaged('"hashes.messageHash"', 'is missing'));
    expect(reasonFor((j) => (j.signatures = [...j.signatures, { ...j.signatures[0]!, signer: j.signatures[0]!.signer.toLowerCase() as Address }]))).toBe(T.twoSignatures(alice.address));
    expect(reasonFor((j) => (j.seen = [...j.seen, ...j.seen]))).toBe(T.twoSeen(alice.address));
    expect(reasonFor((j) => (j.signatures = Array.from({ length: 65 }, () => j.signatures[0]!)))).toBe(T.damaged('"signatures"', 'holds more than 64 entries'));
  });
});

describe('mergeSigningPackages', () => {
  it('unites signatures and seen entries by signer (case-insensitive, the first kept) and keeps a’s label', async () => {
    const a = await pkgWith([alice, bob]);
    const b = { ...(await pkgWith([bob, carol])), label: 'Something else' };
    const bobAgain = { signer: bob.address.toLowerCase() as Address, signature: await ethSign(bob, a.hashes.safeTxHash) };
    const merged = mergeSigningPackages(a, { ...b, signatures: [bobAgain, ...b.signatures.slice(1)] });
    expect(merged.label).toBe('Send 5 ETH');
    expect(merged.signatures).toEqual([a.signatures[0], a.signatures[1], b.signatures[1]]);
    expect(merged.seen.map((s) => s.signer)).toEqual([alice.address, bob.address, carol.address]);
    expect(merged.seen[1]).toEqual(a.seen[1]);
    expect((await checkSigningPackage(merged, chainSafe(), null)).status).toBe('verified');
  });

  it('throws for packages of another chain, Safe or transaction', async () => {
    const a = await pkgWith([alice]);
    const other = await pkgWith([bob], { ...TX, nonce: '8' });
    expect(() => mergeSigningPackages(a, other)).toThrow(T.mergeMismatch('safeTxHash', a.hashes.safeTxHash, other.hashes.safeTxHash));
    expect(() => mergeSigningPackages(a, { ...a, chainId: '5' })).toThrow(T.mergeMismatch('chain', '1337', '5'));
    expect(() => mergeSigningPackages(a, { ...a, safe: RECIPIENT })).toThrow(T.mergeMismatch('Safe', SAFE, RECIPIENT));
  });
});

describe('checkSigningPackage: a good package', () => {
  it('two owners’ EIP-712 signatures: verified, both counted, none missing', async () => {
    const pkg = await pkgWith([alice, bob]);
    const verdict = await checkSigningPackage(pkg, chainSafe(), null);
    expect(verdict).toMatchObject({ status: 'verified', pkg, signers: [alice.address, bob.address], missing: 0 });
    if (verdict.status !== 'verified') throw new Error('not verified');
    expect(verdict.checks.map((c) => [c.kind, c.status])).toEqual([
      ['ecdsa', 'valid'],
      ['ecdsa', 'valid'],
    ]);
  });

  it('an eth_sign signature counts; threshold above the signatures leaves the rest missing', async () => {
    const pkg = await pkgWith([alice]);
    const withEthSign = { ...pkg, signatures: [...pkg.signatures, { signer: carol.address, signature: await ethSign(carol, pkg.hashes.safeTxHash) }] };
    expect(await checkSigningPackage(withEthSign, chainSafe({ threshold: 3 }), null)).toMatchObject({ status: 'verified', signers: [alice.address, carol.address], missing: 1 });
  });

  it('a package with only the transaction passes: missing is the threshold', async () => {
    expect(await checkSigningPackage(await pkgWith([]), chainSafe({ threshold: 3 }), null)).toMatchObject({ status: 'verified', signers: [], checks: [], missing: 3 });
  });

  it('a nonce above the Safe’s is accepted (queued), an L2 Safe reads the same version, addresses in any case match', async () => {
    const pkg = await pkgWith([alice], { ...TX, nonce: '9' });
    expect(await checkSigningPackage(pkg, chainSafe({ version: '1.4.1+L2', address: SAFE.toLowerCase() as Address, owners: OWNERS.map((o) => o.toLowerCase() as Address) }), null)).toMatchObject({
      status: 'verified',
      signers: [alice.address],
      missing: 1,
    });
  });
});

describe('checkSigningPackage refuses, naming the reason', () => {
  it('another chain, another Safe, another Safe version', async () => {
    const pkg = await pkgWith([alice]);
    expect(refusal(await checkSigningPackage(pkg, chainSafe({ chainId: '5' }), null))).toBe('This package is for chain 1337, not chain 5.');
    expect(refusal(await checkSigningPackage(pkg, chainSafe({ address: RECIPIENT }), null))).toBe(`This package is for Safe ${SAFE}, not the open Safe ${RECIPIENT}.`);
    expect(refusal(await checkSigningPackage(pkg, chainSafe({ version: '1.3.0' }), null))).toBe('This package was made for Safe version 1.4.1; the chain says 1.3.0.');
  });

  it('a hand-edited value, recipient or nonce: the safeTxHash is not the hash of the transaction', async () => {
    const pkg = await pkgWith([alice]);
    for (const change of [{ value: '6000000000000000000' }, { to: carol.address }, { nonce: '8' }, { data: '0x00' as Hex }, { operation: 1 as const }]) {
      const tx = { ...pkg.safeTx, ...change };
      expect(refusal(await checkSigningPackage({ ...pkg, safeTx: tx }, chainSafe(), null))).toBe(T.safeTxHash(pkg.hashes.safeTxHash, hashesOf(tx).safeTxHash));
    }
    expect(T.safeTxHash('0xaa', '0xbb')).toBe("The package's safeTxHash 0xaa is not the hash of its transaction (0xbb).");
  });

  it('a hand-edited hash: each of the three is recomputed and compared', async () => {
    const pkg = await pkgWith([alice]);
    const forged: Hex = `0x${'11'.repeat(32)}`;
    expect(refusal(await checkSigningPackage(edited(pkg, (p) => (p.hashes.safeTxHash = forged)), chainSafe(), null))).toBe(T.safeTxHash(forged, pkg.hashes.safeTxHash));
    expect(refusal(await checkSigningPackage(edited(pkg, (p) => (p.hashes.domainHash = forged)), chainSafe(), null))).toBe(T.domainHash(forged, pkg.hashes.domainHash));
    expect(refusal(await checkSigningPackage(edited(pkg, (p) => (p.hashes.messageHash = forged)), chainSafe(), null))).toBe(T.messageHash(forged, pkg.hashes.messageHash));
  });

  it('a nonce the chain has already used', async () => {
    const pkg = await pkgWith([alice], { ...TX, nonce: '6' });
    expect(refusal(await checkSigningPackage(pkg, chainSafe({ nonce: 7 }), null))).toBe('Nonce 6 was already used on chain (the Safe is at nonce 7).');
  });

  it('a signature byte changed, or a signature of another transaction', async () => {
    const pkg = await pkgWith([alice, bob]);
    const sig = pkg.signatures[1]!.signature;
    const flipped = `${sig.slice(0, 20)}${sig[20] === '0' ? '1' : '0'}${sig.slice(21)}` as Hex;
    const reason = refusal(await checkSigningPackage(edited(pkg, (p) => (p.signatures[1]!.signature = flipped)), chainSafe(), null));
    expect(reason.startsWith(`${T.badSignature(bob.address)} `)).toBe(true);
    expect(T.badSignature(bob.address)).toBe(`The signature of ${bob.address} does not sign this transaction.`);

    const otherTx = await sign(bob, { ...TX, nonce: '8' });
    expect(refusal(await checkSigningPackage(edited(pkg, (p) => (p.signatures[1]!.signature = otherTx)), chainSafe(), null))).toMatch(
      new RegExp(`^The signature of ${bob.address} does not sign this transaction\\. Not signed by ${bob.address}: this EIP-712 signature of the transaction recovers to 0x`),
    );
    // Carol's real signature listed under Bob's name.
    const carols = await sign(carol);
    expect(refusal(await checkSigningPackage(edited(pkg, (p) => (p.signatures[1]!.signature = carols)), chainSafe(), null))).toBe(
      `${T.badSignature(bob.address)} Not signed by ${bob.address}: this EIP-712 signature of the transaction recovers to ${carol.address}.`,
    );
  });

  it('a signer who is not an owner', async () => {
    const pkg = await pkgWith([alice, mallory]);
    expect(refusal(await checkSigningPackage(pkg, chainSafe(), null))).toBe(`${mallory.address} is not an owner of this Safe.`);
  });

  it('a seen entry with a different safeTxHash, or of someone who did not sign', async () => {
    const pkg = await pkgWith([alice, bob]);
    const other = hashesOf({ ...TX, value: '1' }).safeTxHash;
    expect(refusal(await checkSigningPackage(edited(pkg, (p) => (p.seen[1]!.safeTxHash = other)), chainSafe(), null))).toBe(
      `${bob.address} says they saw a different safeTxHash (${other}), not this transaction's ${pkg.hashes.safeTxHash}.`,
    );
    expect(refusal(await checkSigningPackage(edited(pkg, (p) => p.seen.push(seenOf(carol, pkg.hashes.safeTxHash))), chainSafe(), null))).toBe(T.seenWithoutSignature(carol.address));
  });

  it('a package built in code with a malformed field is refused as a parsed one would be', async () => {
    const pkg = await pkgWith([alice]);
    expect(refusal(await checkSigningPackage(edited(pkg, (p) => (p.safeTx.value = '-1')), chainSafe(), null))).toBe(
      T.damaged('"safeTx.value"', 'is not a whole number written in decimal digits'),
    );
  });
});

describe('Safe versions', () => {
  it('a 1.1.1 Safe (no chainId in its domain) and a 1.3.0 Safe: hashed for their version, signatures verified', async () => {
    for (const version of ['1.1.1', '1.3.0']) {
      const hash = hashesOf(TX, version).safeTxHash;
      const pkg = signingPackageOf({
        chainId: CHAIN,
        safe: SAFE,
        safeVersion: version,
        label: 'Send 5 ETH',
        safeTx: TX,
        signatures: [{ signer: alice.address, signature: await sign(alice, TX, version) }],
        seen: [seenOf(alice, hash)],
      });
      expect(pkg.hashes).toEqual(hashesOf(TX, version));
      expect(await checkSigningPackage(pkg, chainSafe({ version }), null)).toMatchObject({ status: 'verified', signers: [alice.address], missing: 1 });
    }
  });

  it('a package made for another chain and edited to name this one is refused on its hashes', async () => {
    const ctx5 = { ...ctx(), chainId: 5n };
    const hashes5 = safeTxHashes(ctx5, toSafeTx(TX));
    const onChain5 = signingPackageOf({
      chainId: '5',
      safe: SAFE,
      safeVersion: '1.4.1',
      label: 'Send 5 ETH',
      safeTx: TX,
      signatures: [{ signer: alice.address, signature: await alice.signTypedData(safeTxTypedData(ctx5, toSafeTx(TX)) as Parameters<typeof alice.signTypedData>[0]) }],
      seen: [seenOf(alice, hashes5.safeTxHash)],
    });
    expect(onChain5.hashes).toEqual(hashes5);
    expect((await checkSigningPackage(onChain5, chainSafe({ chainId: '5' }), null)).status).toBe('verified');
    const relabelled = edited(onChain5, (p) => (p.chainId = CHAIN));
    expect(refusal(await checkSigningPackage(relabelled, chainSafe(), null))).toBe(T.safeTxHash(hashes5.safeTxHash, hashesOf(TX).safeTxHash));
  });

  it('a 1.5.0 Safe asks a contract owner with the hash itself (isValidSignature(bytes32, bytes))', async () => {
    const hash = hashesOf(TX, '1.5.0').safeTxHash;
    const pkg = signingPackageOf({ chainId: CHAIN, safe: SAFE, safeVersion: '1.5.0', label: 'x', safeTx: TX, signatures: [{ signer: VAULT, signature: contractSig(VAULT, VAULT_DATA) }], seen: [] });
    const chain = fakeChain({ contracts: { [VAULT.toLowerCase()]: 'accept' } });
    expect(await checkSigningPackage(pkg, chainSafe({ version: '1.5.0' }), chain.reader)).toMatchObject({ status: 'verified', signers: [VAULT], missing: 1 });
    expect(chain.calls).toEqual([{ address: VAULT, functionName: 'isValidSignature', args: [hash, VAULT_DATA], account: SAFE }]);
  });
});

describe('approved hashes (v = 1) and contract owners (EIP-1271) through the reader', () => {
  it('an approved hash counts when the chain says approvedHashes(owner, hash) ≠ 0', async () => {
    const pkg = await pkgWith([alice]);
    const withApproval = { ...pkg, signatures: [...pkg.signatures, { signer: carol.address, signature: approvedHashSignature(carol.address) }] };
    const chain = fakeChain({ approvals: [[carol.address, pkg.hashes.safeTxHash]] });
    expect(await checkSigningPackage(withApproval, chainSafe(), chain.reader)).toMatchObject({ status: 'verified', signers: [alice.address, carol.address], missing: 0 });
    expect(chain.calls).toEqual([{ address: SAFE, functionName: 'approvedHashes', args: [carol.address, pkg.hashes.safeTxHash], account: undefined }]);
  });

  it('an approved hash is refused when the chain says 0, and when there is no reader to ask', async () => {
    const pkg = await pkgWith([]);
    const withApproval = { ...pkg, signatures: [{ signer: carol.address, signature: approvedHashSignature(carol.address) }] };
    expect(refusal(await checkSigningPackage(withApproval, chainSafe(), fakeChain().reader))).toBe(
      `${T.badSignature(carol.address)} Not approved on chain: ${carol.address} has not called approveHash for this transaction; it counts only if ${carol.address} executes the transaction.`,
    );
    expect(refusal(await checkSigningPackage(withApproval, chainSafe(), null))).toBe(T.noReader(carol.address, 'approvedHash'));
    expect(T.noReader(carol.address, 'approvedHash')).toBe(
      `The signature of ${carol.address} is an on-chain approval (approved hash, v = 1); it can only be checked on chain, and there is no chain connection, so the package is refused.`,
    );
  });

  it('a contract owner is asked exactly as the Safe asks it (1.4.1: the EIP-712 pre-image, from the Safe)', async () => {
    const pkg = await pkgWith([alice]);
    const withVault = { ...pkg, signatures: [...pkg.signatures, { signer: VAULT, signature: contractSig(VAULT, VAULT_DATA) }] };
    const chain = fakeChain({ contracts: { [VAULT.toLowerCase()]: 'accept' } });
    expect(await checkSigningPackage(withVault, chainSafe(), chain.reader)).toMatchObject({ status: 'verified', signers: [alice.address, VAULT], missing: 0 });
    expect(chain.calls).toEqual([
      { address: VAULT, functionName: 'isValidSignature', args: [concat(['0x1901', pkg.hashes.domainHash, pkg.hashes.messageHash]), VAULT_DATA], account: SAFE },
    ]);
  });

  it('a contract owner that does not accept, a reader that is down, no reader: refused with the reason', async () => {
    const pkg = await pkgWith([]);
    const withVault = { ...pkg, signatures: [{ signer: VAULT, signature: contractSig(VAULT, VAULT_DATA) }] };
    expect(refusal(await checkSigningPackage(withVault, chainSafe(), fakeChain({ contracts: { [VAULT.toLowerCase()]: 'other' } }).reader))).toBe(
      `${T.badSignature(VAULT)} Not accepted: the owner contract ${VAULT} answered 0xffffffff, not the EIP-1271 magic value.`,
    );
    expect(refusal(await checkSigningPackage(withVault, chainSafe(), fakeChain({ down: true }).reader))).toBe(
      T.uncheckedSignature(VAULT, `Could not be checked: the RPC did not answer when asking the owner contract ${VAULT} (EIP-1271).`),
    );
    expect(refusal(await checkSigningPackage(withVault, chainSafe(), null))).toBe(T.noReader(VAULT, 'contract'));
  });
});

describe('the format constant', () => {
  it('a package names its format and version', async () => {
    const pkg = await pkgWith([]);
    expect([pkg.format, pkg.version]).toEqual([SIGNING_PACKAGE_FORMAT, 1]);
  });
});
