/**
 * The signing-package port the views use (src/views/signingPackages/port.ts, decision 0055): share a package kept in
 * this browser, and import another signer's after checking it against the chain (src/domain/safe/signingPackage.ts's
 * checkSigningPackage: hashes, every signature, owners, nonce). Created with the flows (src/services/flows/index.ts),
 * which load on first use.
 */
import { getAddress, type Address } from 'viem';
import {
  checkSigningPackage,
  encodeSigningPackage,
  mergeSigningPackages,
  packageFileName,
  packageFromLinkFragment,
  packageLinkFragment,
  parseSigningPackage,
  type ParsedPackage,
} from '../../domain/safe/signingPackage.ts';
import { readSafeState, type SafeStateReader } from '../chain/reads.ts';
import { openPackageStore, type PackageStore } from './store.ts';

export interface SigningPackagesDeps {
  /** The chain's reads: the Safe's state, and what verifying a signature needs (approved hashes, EIP-1271). */
  chainClient: (chainId: string) => Promise<SafeStateReader>;
  /** Told after a package was kept (the root has the Safe session read its queue again). */
  onChanged: () => void;
  store?: () => Promise<PackageStore>;
}

/** A file's text, a link to the Queue with `#package=…`, or the fragment itself. */
export function parseImportText(text: string): ParsedPackage {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return parseSigningPackage(trimmed);
  const hash = trimmed.indexOf('#');
  const fragment = hash >= 0 ? trimmed.slice(hash) : trimmed;
  if (/^#?package=/.test(fragment)) return packageFromLinkFragment(fragment);
  return { ok: false, reason: 'This is neither a signing package file nor a link to one.' };
}

export function createSigningPackagesPort(deps: SigningPackagesDeps) {
  let opened: Promise<PackageStore> | null = null;
  const store = deps.store ?? (() => (opened ??= openPackageStore().catch((error: unknown) => ((opened = null), Promise.reject(error)))));

  return {
    async share(chainId: string, safe: string, safeTxHash: string) {
      const pkg = await (await store()).get(chainId, safe, safeTxHash);
      if (!pkg) return null;
      return { fileName: packageFileName(pkg), text: encodeSigningPackage(pkg), fragment: packageLinkFragment(pkg), signatures: pkg.signatures.length };
    },

    async importText(chainId: string, safeAddress: string, text: string) {
      const parsed = parseImportText(text);
      if (!parsed.ok) return { status: 'refused' as const, reason: parsed.reason };
      const client = await deps.chainClient(chainId);
      const address = getAddress(safeAddress);
      const state = await readSafeState(client, address);
      const verdict = await checkSigningPackage(
        parsed.pkg,
        { chainId, address, version: state.version, owners: state.owners, threshold: state.threshold, nonce: Number(state.nonce) },
        client,
      );
      if (verdict.status === 'refused') return { status: 'refused' as const, reason: verdict.reason };
      const packages = await store();
      const kept = await packages.get(chainId, address, verdict.pkg.hashes.safeTxHash);
      const merged = kept ? mergeSigningPackages(kept, verdict.pkg) : verdict.pkg;
      const owners = new Set(state.owners.map((o) => o.toLowerCase()));
      const signers = merged.signatures.map((s) => s.signer).filter((s: Address) => owners.has(s.toLowerCase()));
      await packages.put(merged);
      deps.onChanged();
      return {
        status: 'added' as const,
        safeTxHash: merged.hashes.safeTxHash,
        nonce: merged.safeTx.nonce,
        signers,
        added: merged.signatures.length - (kept?.signatures.length ?? 0),
        missing: Math.max(0, state.threshold - signers.length),
      };
    },
  };
}
