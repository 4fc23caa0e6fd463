/**
 * The signing package (issue 20, "Signature exchange without a server"; decision 0054's plan): when no gateway is
 * available, owners hand each other a SafeTx and the signatures so far as a JSON file (or, for a small one, a link
 * whose fragment carries it), instead of proposing it to the gateway.
 *
 * Pure: the format, its parsing, its encodings, the merge of two packages, and `checkSigningPackage`, which
 * verifies everything before anything is merged or counted. Chain reads (approved hashes, EIP-1271 owner
 * contracts) come in through the reader the caller passes, as in confirmations.ts.
 *
 * Nothing in a package is taken as fact: the three hashes are recomputed here from its transaction, every
 * signature is recovered (or read on chain) over the recomputed safeTxHash, every signer must be a current owner,
 * and the nonce must not be used yet. The label and the per-signer summaries are what the proposer and the signers
 * wrote: shown only as their words, never as a description of the transaction.
 */
import * as v from 'valibot';
import { getAddress, isAddress } from 'viem';
import type { ConfirmationCheck } from './confirmationCheck.ts';
import { countedConfirmations, verifyConfirmations, type ConfirmationReader } from './confirmations.ts';
import { safeTxHashes } from './hashing.ts';
import { toSafeTx, type SafeTxJson } from './safeTxJson.ts';
import type { Address, Hex, SafeContext } from './types.ts';

export const SIGNING_PACKAGE_FORMAT = 'countersign.signing-package';
export const SIGNING_PACKAGE_VERSION = 1;
/** Longest link fragment offered (characters of the base64url part); larger packages are shared as a file. */
export const PACKAGE_LINK_MAX = 6000;
/** Largest package text accepted on import (bytes/characters). */
export const PACKAGE_TEXT_MAX = 512 * 1024;
/** Most signatures (and most "seen" entries) a package may carry: `confirmationCap` of any Safe of up to 32 owners. */
export const PACKAGE_SIGNATURES_MAX = 64;
/** Longest label (the proposer's one-line description), in characters. */
export const PACKAGE_LABEL_MAX = 200;
/** Longest summary a signer recorded, in characters. */
export const PACKAGE_SUMMARY_MAX = 2000;
/** The key of a link's fragment: `#package=<base64url>`. */
export const PACKAGE_LINK_KEY = 'package';

/** The ten SafeTx fields, uint256 values as decimal strings: the flows' SafeTxJson. */
export type PackageSafeTx = SafeTxJson;

/**
 * A signature as the Safe takes it: 65-byte ECDSA (v 27/28), eth_sign (v 31/32), approved hash (v 1, r = owner),
 * or a contract signature (v 0, r = owner) with its dynamic part appended, as the gateway lists them.
 */
export interface PackageSignature {
  signer: Address;
  signature: Hex;
}

/** What one signer saw when signing: their local one-line summary and the safeTxHash their wallet signed. */
export interface PackageSeen {
  signer: Address;
  summary: string;
  safeTxHash: Hex;
  /** ISO 8601 time. */
  at: string;
}

export interface SigningPackage {
  format: typeof SIGNING_PACKAGE_FORMAT;
  version: 1;
  chainId: string;
  safe: Address;
  /** e.g. "1.4.1" or "1.4.1+L2". */
  safeVersion: string;
  /** The proposer's local one-line label, e.g. "Send 5 dUSD"; shown only as "the proposer's label", never as fact. */
  label: string;
  safeTx: PackageSafeTx;
  hashes: { domainHash: Hex; messageHash: Hex; safeTxHash: Hex };
  signatures: PackageSignature[];
  /** Per signer: what they saw when signing. */
  seen: PackageSeen[];
}

export type ParsedPackage = { ok: true; pkg: SigningPackage } | { ok: false; reason: string };

/** The Safe as read from the chain. */
export interface PackageSafe {
  chainId: string;
  address: Address;
  version: string;
  owners: readonly Address[];
  threshold: number;
  nonce: number;
}

export type PackageVerdict =
  | {
      status: 'verified';
      pkg: SigningPackage;
      /** One verdict per signature of the package, in its order (all valid). */
      checks: ConfirmationCheck[];
      /** Valid signatures of current owners, one per owner, in the package's order: what counts. */
      signers: Address[];
      /** threshold − signers, never below 0. */
      missing: number;
    }
  | { status: 'refused'; reason: string };

// ───────────── texts ─────────────

const KIND_WORDS = {
  approvedHash: 'an on-chain approval (approved hash, v = 1)',
  contract: 'a contract signature (EIP-1271, v = 0)',
} as const;

/** Every refusal, in plain words; addresses checksummed and hashes in full. */
export const SIGNING_PACKAGE_TEXTS = {
  /** What to do when a file or link is not a usable package. */
  wayForward: 'Ask the sender for the package again: the .json file they saved, or the whole link.',
  tooLarge: (length: number) => `This is too large to be a signing package (${length} characters; a package has at most ${PACKAGE_TEXT_MAX}).`,
  empty: 'This is empty, not a signing package.',
  notJson: 'This is not a signing package: it is not JSON text.',
  notObject: 'This is not a signing package: its JSON is not an object.',
  notPackage: `This is not a Countersign signing package: its "format" is not "${SIGNING_PACKAGE_FORMAT}".`,
  unknownVersion: (version: string) =>
    `This signing package has format version ${version}; this Countersign reads version ${SIGNING_PACKAGE_VERSION} only. Ask the sender to save it from the same Countersign version as yours.`,
  damaged: (where: string, problem: string) => `This signing package is damaged or was edited: ${where} ${problem}.`,
  twoSignatures: (signer: Address) => `This signing package is damaged or was edited: it carries two signatures of ${signer}.`,
  twoSeen: (signer: Address) => `This signing package is damaged or was edited: it carries two "seen" entries of ${signer}.`,
  notLink: `This link does not carry a signing package (its part after "#" does not start with "${PACKAGE_LINK_KEY}=").`,
  linkDamaged: "This link's signing package is cut short or damaged (it is not base64url text of a package).",
  wrongChain: (packageChain: string, safeChain: string) => `This package is for chain ${packageChain}, not chain ${safeChain}.`,
  wrongSafe: (packageSafe: Address, safe: Address) => `This package is for Safe ${packageSafe}, not the open Safe ${safe}.`,
  wrongVersion: (packageVersion: string, chainVersion: string) => `This package was made for Safe version ${packageVersion}; the chain says ${chainVersion}.`,
  unhashable: (version: string) => `This package's transaction cannot be hashed for Safe version ${version}.`,
  safeTxHash: (stated: Hex, computed: Hex) => `The package's safeTxHash ${stated} is not the hash of its transaction (${computed}).`,
  domainHash: (stated: Hex, computed: Hex) => `The package's domain hash ${stated} is not the domain hash of its Safe and chain (${computed}).`,
  messageHash: (stated: Hex, computed: Hex) => `The package's message hash ${stated} is not the hash of its transaction's fields (${computed}).`,
  nonceUsed: (nonce: string, safeNonce: number | string) => `Nonce ${nonce} was already used on chain (the Safe is at nonce ${safeNonce}).`,
  notOwner: (signer: Address) => `${signer} is not an owner of this Safe.`,
  /** The first sentence of a signature that does not verify; the check's detail follows it. */
  badSignature: (signer: Address) => `The signature of ${signer} does not sign this transaction.`,
  uncheckedSignature: (signer: Address, detail: string) => `The package is refused for now: the signature of ${signer} could not be verified. ${detail} Try again when the chain answers.`,
  noReader: (signer: Address, kind: keyof typeof KIND_WORDS) =>
    `The signature of ${signer} is ${KIND_WORDS[kind]}; it can only be checked on chain, and there is no chain connection, so the package is refused.`,
  seenOtherHash: (signer: Address, seen: Hex, computed: Hex) => `${signer} says they saw a different safeTxHash (${seen}), not this transaction's ${computed}.`,
  seenWithoutSignature: (signer: Address) => `The package says what ${signer} saw, but carries no signature of ${signer}.`,
  mergeMismatch: (what: 'chain' | 'Safe' | 'safeTxHash', a: string, b: string) => `These two packages are for different transactions: ${what} ${a} and ${b}.`,
} as const;

// ───────────── schema ─────────────

const UINT256_MAX = 2n ** 256n - 1n;
/** Bidirectional formatting characters that can make text read other than it is. */
const BIDI_CONTROLS = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
/** True when the text holds a control character (C0, DEL, C1; a line break only if not allowed) or a bidi control. */
function hasHiddenChars(text: string, allowLineBreaks: boolean): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (allowLineBreaks && code === 0x0a) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || BIDI_CONTROLS.has(code)) return true;
  }
  return false;
}
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Lower case, or upper case, or a correct EIP-55 checksum; given back checksummed. */
const AddressSchema = v.pipe(
  v.string('is not a text'),
  v.check(
    (value) =>
      isAddress(value, { strict: true }) ||
      (isAddress(value, { strict: false }) && (value === value.toLowerCase() || value.slice(2) === value.slice(2).toUpperCase())),
    'is not an address (or its mixed case is not a correct checksum)',
  ),
  v.transform((value) => getAddress(value)),
);
const DecimalSchema = v.pipe(
  v.string('is not a text'),
  v.regex(/^(?:0|[1-9]\d{0,77})$/, 'is not a whole number written in decimal digits'),
  v.check((value) => BigInt(value) <= UINT256_MAX, 'is larger than a uint256'),
);
const BytesSchema = v.pipe(
  v.string('is not a text'),
  v.regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'is not hex bytes (0x followed by pairs of hex digits)'),
  v.transform((value) => value.toLowerCase() as Hex),
);
const HashSchema = v.pipe(
  v.string('is not a text'),
  v.regex(/^0x[0-9a-fA-F]{64}$/, 'is not a 32-byte hash (0x and 64 hex digits)'),
  v.transform((value) => value.toLowerCase() as Hex),
);
const SignatureSchema = v.pipe(
  v.string('is not a text'),
  v.regex(/^0x(?:[0-9a-fA-F]{2}){65,}$/, 'is not a signature (0x and at least 65 bytes of hex)'),
  v.transform((value) => value.toLowerCase() as Hex),
);

const strict = <E extends v.ObjectEntries>(entries: E) => v.strictObject(entries, 'is not an object with the expected fields');

const SafeTxSchema = strict({
  to: AddressSchema,
  value: DecimalSchema,
  data: BytesSchema,
  operation: v.picklist([0, 1], 'is not 0 (call) or 1 (delegate call)'),
  safeTxGas: DecimalSchema,
  baseGas: DecimalSchema,
  gasPrice: DecimalSchema,
  gasToken: AddressSchema,
  refundReceiver: AddressSchema,
  nonce: DecimalSchema,
});

const PackageSchema = strict({
  format: v.literal(SIGNING_PACKAGE_FORMAT, 'is not the signing package format'),
  version: v.literal(SIGNING_PACKAGE_VERSION, 'is not a version this Countersign reads'),
  chainId: v.pipe(v.string('is not a text'), v.regex(/^[1-9]\d{0,18}$/, 'is not a chain id (decimal digits)')),
  safe: AddressSchema,
  safeVersion: v.pipe(v.string('is not a text'), v.regex(/^\d{1,3}\.\d{1,3}\.\d{1,3}(?:\+L2)?$/, 'is not a Safe version such as 1.4.1 or 1.4.1+L2')),
  label: v.pipe(
    v.string('is not a text'),
    v.maxLength(PACKAGE_LABEL_MAX, `is longer than ${PACKAGE_LABEL_MAX} characters`),
    v.check((value) => !hasHiddenChars(value, false), 'holds line breaks, control or text-direction characters'),
  ),
  safeTx: SafeTxSchema,
  hashes: strict({ domainHash: HashSchema, messageHash: HashSchema, safeTxHash: HashSchema }),
  signatures: v.pipe(
    v.array(strict({ signer: AddressSchema, signature: SignatureSchema }), 'is not a list'),
    v.maxLength(PACKAGE_SIGNATURES_MAX, `holds more than ${PACKAGE_SIGNATURES_MAX} entries`),
  ),
  seen: v.pipe(
    v.array(
      strict({
        signer: AddressSchema,
        summary: v.pipe(
          v.string('is not a text'),
          v.maxLength(PACKAGE_SUMMARY_MAX, `is longer than ${PACKAGE_SUMMARY_MAX} characters`),
          v.check((value) => !hasHiddenChars(value, true), 'holds control or text-direction characters'),
        ),
        safeTxHash: HashSchema,
        at: v.pipe(v.string('is not a text'), v.check((value) => ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)), 'is not an ISO 8601 time')),
      }),
      'is not a list',
    ),
    v.maxLength(PACKAGE_SIGNATURES_MAX, `holds more than ${PACKAGE_SIGNATURES_MAX} entries`),
  ),
});

/** "safeTx.value" / "signatures[2].signer" / "the package". */
function whereOf(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  let out = '';
  for (const item of path) {
    const key = item.key;
    out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  }
  return out ? `"${out}"` : 'the package';
}

/** Where the first problem is, and what it is. */
function describeIssue(issue: v.BaseIssue<unknown>): [string, string] {
  const path = issue.path ?? [];
  // An unknown field: valibot reports it under the object's schema, expecting "never".
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    const parent = path.length > 1 ? whereOf({ ...issue, path: path.slice(0, -1) } as v.BaseIssue<unknown>) : 'the package';
    return [parent, `has a field this version does not know ("${String(path.at(-1)?.key)}")`];
  }
  // A missing field: reported under the object's schema, with the missing key as its path.
  if ((issue.type === 'strict_object' || issue.type === 'object') && issue.received === 'undefined' && path.length > 0) return [whereOf(issue), 'is missing'];
  return [whereOf(issue), issue.message];
}

/** The package in its normal form (addresses checksummed, hex lower case), or the first reason it is not one. */
function normalize(input: unknown): ParsedPackage {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.notObject };
  const record = input as Record<string, unknown>;
  if (record.format !== SIGNING_PACKAGE_FORMAT) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.notPackage };
  if (typeof record.version !== 'number') return { ok: false, reason: SIGNING_PACKAGE_TEXTS.damaged('"version"', 'is not a number') };
  if (record.version !== SIGNING_PACKAGE_VERSION) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.unknownVersion(shortText(record.version)) };
  const result = v.safeParse(PackageSchema, input, { abortEarly: true });
  if (!result.success) {
    const [where, problem] = describeIssue(result.issues[0]);
    return { ok: false, reason: SIGNING_PACKAGE_TEXTS.damaged(where, problem) };
  }
  const pkg = ordered(result.output as SigningPackage);
  const signers = new Set<string>();
  for (const s of pkg.signatures) {
    if (signers.has(s.signer)) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.twoSignatures(s.signer) };
    signers.add(s.signer);
  }
  const seen = new Set<string>();
  for (const s of pkg.seen) {
    if (seen.has(s.signer)) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.twoSeen(s.signer) };
    seen.add(s.signer);
  }
  return { ok: true, pkg };
}

function shortText(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? 'none');
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

/** The package with its keys in the interface's order (what the file and the link hold). */
function ordered(pkg: SigningPackage): SigningPackage {
  const t = pkg.safeTx;
  return {
    format: pkg.format,
    version: pkg.version,
    chainId: pkg.chainId,
    safe: pkg.safe,
    safeVersion: pkg.safeVersion,
    label: pkg.label,
    safeTx: {
      to: t.to,
      value: t.value,
      data: t.data,
      operation: t.operation,
      safeTxGas: t.safeTxGas,
      baseGas: t.baseGas,
      gasPrice: t.gasPrice,
      gasToken: t.gasToken,
      refundReceiver: t.refundReceiver,
      nonce: t.nonce,
    },
    hashes: { domainHash: pkg.hashes.domainHash, messageHash: pkg.hashes.messageHash, safeTxHash: pkg.hashes.safeTxHash },
    signatures: pkg.signatures.map((s) => ({ signer: s.signer, signature: s.signature })),
    seen: pkg.seen.map((s) => ({ signer: s.signer, summary: s.summary, safeTxHash: s.safeTxHash, at: s.at })),
  };
}

// ───────────── parsing and encoding ─────────────

/**
 * Reads a package file's text: at most PACKAGE_TEXT_MAX characters, JSON, the format and version this code reads,
 * every field of the right shape and nothing else (unknown fields are refused). Addresses come out checksummed
 * and hex lower case. Nothing is verified against a Safe here: that is `checkSigningPackage`.
 */
export function parseSigningPackage(text: string): ParsedPackage {
  if (text.length > PACKAGE_TEXT_MAX) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.tooLarge(text.length) };
  if (text.trim() === '') return { ok: false, reason: SIGNING_PACKAGE_TEXTS.empty };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, reason: SIGNING_PACKAGE_TEXTS.notJson };
  }
  return normalize(json);
}

/** The file's text: pretty JSON (2 spaces), keys in the interface's order, a final newline. */
export function encodeSigningPackage(pkg: SigningPackage): string {
  return `${JSON.stringify(ordered(pkg), null, 2)}\n`;
}

/**
 * The file name, ASCII only: `safe-<0x and the Safe's first 4 hex digits>-<its last 4>-nonce-<nonce>-<0x and the
 * safeTxHash's first 8 hex digits>.json`, hex in lower case, e.g. "safe-0x1234-abcd-nonce-7-0xabcdef12.json".
 */
export function packageFileName(pkg: SigningPackage): string {
  const safe = pkg.safe.toLowerCase();
  const nonce = /^\d+$/.test(pkg.safeTx.nonce) ? pkg.safeTx.nonce : 'unknown';
  const hash = /^0x[0-9a-fA-F]{8}/.test(pkg.hashes.safeTxHash) ? pkg.hashes.safeTxHash.slice(0, 10).toLowerCase() : '0x';
  return `safe-${safe.slice(0, 6)}-${safe.slice(-4)}-nonce-${nonce}-${hash}.json`;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += BASE64URL[a >> 2]! + BASE64URL[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    if (b !== undefined) out += BASE64URL[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    if (c !== undefined) out += BASE64URL[c & 63]!;
  }
  return out;
}

/** Decodes unpadded base64url; null when it is not (a stray character, or a length no encoding has). */
function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let index = 0;
  for (const char of text) {
    buffer = (buffer << 6) | BASE64URL.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index] = (buffer >> bits) & 0xff;
      index += 1;
    }
  }
  // Leftover bits must be zero: one package has one encoding.
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

/** `package=<base64url of the compact JSON>`, or null when the base64url part is longer than PACKAGE_LINK_MAX. */
export function packageLinkFragment(pkg: SigningPackage): string | null {
  const encoded = toBase64Url(new TextEncoder().encode(JSON.stringify(ordered(pkg))));
  return encoded.length > PACKAGE_LINK_MAX ? null : `${PACKAGE_LINK_KEY}=${encoded}`;
}

/** Reads a link's fragment (with or without its leading "#"); anything but `package=<base64url>` is refused. */
export function packageFromLinkFragment(fragment: string): ParsedPackage {
  const body = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const prefix = `${PACKAGE_LINK_KEY}=`;
  if (!body.startsWith(prefix)) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.notLink };
  const encoded = body.slice(prefix.length).replace(/={1,2}$/, '');
  // base64 of the largest accepted text.
  if (encoded.length > Math.ceil((PACKAGE_TEXT_MAX * 4) / 3)) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.tooLarge(Math.floor((encoded.length * 3) / 4)) };
  const bytes = fromBase64Url(encoded);
  if (!bytes || bytes.length === 0) return { ok: false, reason: SIGNING_PACKAGE_TEXTS.linkDamaged };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: SIGNING_PACKAGE_TEXTS.linkDamaged };
  }
  return parseSigningPackage(text);
}

// ───────────── building and merging ─────────────

export { toSafeTx };

const contextOf = (pkg: Pick<SigningPackage, 'chainId' | 'safe' | 'safeVersion'>): SafeContext => ({
  chainId: BigInt(pkg.chainId),
  safeAddress: pkg.safe,
  version: pkg.safeVersion,
});

/**
 * A package of this transaction, its hashes computed here. Its fields are normalized as a parsed package's are;
 * throws (with the reason) on a field a package cannot hold.
 */
export function signingPackageOf(args: {
  chainId: string;
  safe: Address;
  safeVersion: string;
  label: string;
  safeTx: PackageSafeTx;
  signatures: PackageSignature[];
  seen: PackageSeen[];
}): SigningPackage {
  const zero = `0x${'00'.repeat(32)}` as Hex;
  const draft = normalize({
    format: SIGNING_PACKAGE_FORMAT,
    version: SIGNING_PACKAGE_VERSION,
    chainId: args.chainId,
    safe: args.safe,
    safeVersion: args.safeVersion,
    label: args.label,
    safeTx: args.safeTx,
    hashes: { domainHash: zero, messageHash: zero, safeTxHash: zero },
    signatures: args.signatures,
    seen: args.seen,
  });
  if (!draft.ok) throw new Error(draft.reason);
  const hashes = safeTxHashes(contextOf(draft.pkg), toSafeTx(draft.pkg.safeTx));
  return { ...draft.pkg, hashes: { domainHash: hashes.domainHash, messageHash: hashes.messageHash, safeTxHash: hashes.safeTxHash } };
}

/**
 * Both packages' signatures and "seen" entries, united by signer (case-insensitive; a's entry kept when both have
 * one); everything else is a's. Throws when they are not for the same chain, Safe and safeTxHash. Nothing is
 * verified here: check b with `checkSigningPackage` before merging it.
 */
export function mergeSigningPackages(a: SigningPackage, b: SigningPackage): SigningPackage {
  if (String(a.chainId) !== String(b.chainId)) throw new Error(SIGNING_PACKAGE_TEXTS.mergeMismatch('chain', a.chainId, b.chainId));
  if (a.safe.toLowerCase() !== b.safe.toLowerCase()) throw new Error(SIGNING_PACKAGE_TEXTS.mergeMismatch('Safe', a.safe, b.safe));
  if (a.hashes.safeTxHash.toLowerCase() !== b.hashes.safeTxHash.toLowerCase()) {
    throw new Error(SIGNING_PACKAGE_TEXTS.mergeMismatch('safeTxHash', a.hashes.safeTxHash, b.hashes.safeTxHash));
  }
  const unite = <T extends { signer: Address }>(first: readonly T[], second: readonly T[]): T[] => {
    const have = new Set<string>();
    const out: T[] = [];
    for (const entry of [...first, ...second]) {
      const key = entry.signer.toLowerCase();
      if (have.has(key)) continue;
      have.add(key);
      out.push(entry);
    }
    return out;
  };
  return ordered({ ...a, signatures: unite(a.signatures, b.signatures), seen: unite(a.seen, b.seen) });
}

// ───────────── verification ─────────────

const withoutL2 = (version: string): string => version.trim().replace(/\+L2$/i, '');
const sameChain = (a: string, b: string): boolean => {
  try {
    return BigInt(a) === BigInt(b);
  } catch {
    return a === b;
  }
};

/**
 * Verifies a package against the Safe as read from the chain, before anything of it is merged or counted. The
 * first failing check refuses it with its reason:
 *
 * 1. its shape (as `parseSigningPackage`; a package built in code gets the same checks);
 * 2. the chain, the Safe's address and its version (without "+L2") are the open Safe's;
 * 3. the three hashes, recomputed here, equal the package's (safeTxHash first, then the domain and message hashes);
 * 4. the nonce is not below the Safe's current nonce;
 * 5. every "seen" entry saw this safeTxHash and belongs to a signer with a signature in the package;
 * 6. every signer is a current owner, and every signature verifies over the recomputed safeTxHash
 *    (`verifyConfirmations`: recovered, or read on chain through `reader`; without a reader, an approved hash or a
 *    contract signature cannot be checked and refuses the package).
 *
 * A package without signatures passes (it carries only the transaction): `missing` is then the threshold.
 */
export async function checkSigningPackage(pkg: SigningPackage, safe: PackageSafe, reader: ConfirmationReader | null): Promise<PackageVerdict> {
  const refused = (reason: string): PackageVerdict => ({ status: 'refused', reason });
  const normal = normalize(pkg);
  if (!normal.ok) return refused(normal.reason);
  const p = normal.pkg;
  const openSafe = getAddress(safe.address);

  if (!sameChain(p.chainId, safe.chainId)) return refused(SIGNING_PACKAGE_TEXTS.wrongChain(p.chainId, safe.chainId));
  if (p.safe !== openSafe) return refused(SIGNING_PACKAGE_TEXTS.wrongSafe(p.safe, openSafe));
  if (withoutL2(p.safeVersion) !== withoutL2(safe.version)) return refused(SIGNING_PACKAGE_TEXTS.wrongVersion(p.safeVersion, safe.version));

  const tx = toSafeTx(p.safeTx);
  let computed: { domainHash: Hex; messageHash: Hex; safeTxHash: Hex };
  try {
    computed = safeTxHashes(contextOf(p), tx);
  } catch {
    return refused(SIGNING_PACKAGE_TEXTS.unhashable(p.safeVersion));
  }
  if (computed.safeTxHash !== p.hashes.safeTxHash) return refused(SIGNING_PACKAGE_TEXTS.safeTxHash(p.hashes.safeTxHash, computed.safeTxHash));
  if (computed.domainHash !== p.hashes.domainHash) return refused(SIGNING_PACKAGE_TEXTS.domainHash(p.hashes.domainHash, computed.domainHash));
  if (computed.messageHash !== p.hashes.messageHash) return refused(SIGNING_PACKAGE_TEXTS.messageHash(p.hashes.messageHash, computed.messageHash));

  if (tx.nonce < BigInt(safe.nonce)) return refused(SIGNING_PACKAGE_TEXTS.nonceUsed(p.safeTx.nonce, safe.nonce));

  const signers = new Set(p.signatures.map((s) => s.signer));
  for (const entry of p.seen) {
    if (entry.safeTxHash !== computed.safeTxHash) return refused(SIGNING_PACKAGE_TEXTS.seenOtherHash(entry.signer, entry.safeTxHash, computed.safeTxHash));
    if (!signers.has(entry.signer)) return refused(SIGNING_PACKAGE_TEXTS.seenWithoutSignature(entry.signer));
  }

  const owners = safe.owners.map((o) => getAddress(o));
  const ownerSet = new Set(owners);
  for (const s of p.signatures) if (!ownerSet.has(s.signer)) return refused(SIGNING_PACKAGE_TEXTS.notOwner(s.signer));

  const checks = await verifyConfirmations({
    chain: reader,
    safe: { chainId: p.chainId, address: p.safe, version: p.safeVersion, owners },
    safeTxHash: computed.safeTxHash,
    tx,
    confirmations: p.signatures,
  });
  for (const c of checks) {
    const signer = getAddress(c.signer);
    if (c.status === 'valid') continue;
    if (c.status === 'invalid') return refused(`${SIGNING_PACKAGE_TEXTS.badSignature(signer)} ${c.detail}`);
    if (!reader && (c.kind === 'approvedHash' || c.kind === 'contract')) return refused(SIGNING_PACKAGE_TEXTS.noReader(signer, c.kind));
    return refused(SIGNING_PACKAGE_TEXTS.uncheckedSignature(signer, c.detail));
  }

  const counted = countedConfirmations(checks, owners).map((c) => getAddress(c.signer));
  return { status: 'verified', pkg: p, checks, signers: counted, missing: Math.max(0, safe.threshold - counted.length) };
}
