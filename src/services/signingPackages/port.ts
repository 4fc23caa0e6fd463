/**
 * The signing-package port the views use (src/views/signingPackages/port.ts, decision 0055): share a package kept in
 * this browser, and import another signer's after checking it against the chain (src/domain/safe/signingPackage.ts's
 * checkSigningPackage: hashes, every signature, owners, nonce). Created with the flows (src/services/flows/index.ts),
 * which load on first use.
 */
import { getAddress, zeroAddress, type Address } from 'viem';
import {
  checkSigningPackage,
  encodeSigningPackage,
  mergeSigningPackages,
  packageFileName,
  packageFromLinkFragment,
  packageLinkFragment,
  parseSigningPackage,
  type ParsedPackage,
  type SigningPackage,
} from '../../domain/safe/signingPackage.ts';
import { readSafeNonce, readSafeState, type SafeStateReader } from '../chain/reads.ts';
import type { GatewayClient } from '../gateway/client.ts';
import { lazyPackageStore, type PackageStore } from './store.ts';

export interface SigningPackagesDeps {
  /** The chain's reads: the Safe's state, and what verifying a signature needs (approved hashes, EIP-1271). */
  chainClient: (chainId: string) => Promise<SafeStateReader>;
  /** The gateway a kept package is proposed to when it answers again. */
  gateway: Pick<GatewayClient, 'proposeTransaction' | 'confirmTransaction'>;
  /** Told after a package was kept or proposed (the root has the Safe session read its queue again). */
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
  const store = deps.store ?? lazyPackageStore();

  /** The package against the Safe as the chain has it now; the verified package, or the reason it is refused. */
  async function verify(chainId: string, address: Address, pkg: SigningPackage) {
    const client = await deps.chainClient(chainId);
    const state = await readSafeState(client, address);
    const verdict = await checkSigningPackage(pkg, { chainId, address, version: state.version, owners: state.owners, threshold: state.threshold, nonce: Number(state.nonce) }, client);
    return { state, verdict };
  }

  return {
    async list(chainId: string, safe: string) {
      const nonce = await readSafeNonce(await deps.chainClient(chainId), getAddress(safe));
      return (await (await store()).list(chainId, safe))
        .filter((p) => BigInt(p.safeTx.nonce) >= nonce)
        .map((p) => ({ safeTxHash: p.hashes.safeTxHash, nonce: p.safeTx.nonce, signatures: p.signatures.length }));
    },

    async propose(chainId: string, safe: string, safeTxHash: string) {
      const address = getAddress(safe);
      const packages = await store();
      const kept = await packages.get(chainId, address, safeTxHash);
      if (!kept) return { status: 'failed' as const, reason: 'This browser no longer keeps this package.' };
      const { verdict } = await verify(chainId, address, kept);
      if (verdict.status === 'refused') return { status: 'failed' as const, reason: verdict.reason };
      const [first, ...rest] = verdict.pkg.signatures;
      if (!first) return { status: 'failed' as const, reason: 'This package carries no signature yet: sign it first.' };
      const tx = verdict.pkg.safeTx;
      try {
        const details = await deps.gateway.proposeTransaction(chainId, address, {
          ...tx,
          data: tx.data === '0x' ? null : tx.data,
          refundReceiver: tx.refundReceiver === zeroAddress ? null : tx.refundReceiver,
          safeTxHash: verdict.pkg.hashes.safeTxHash,
          sender: first.signer,
          signature: first.signature,
          origin: null,
        });
        const exec = details.detailedExecutionInfo;
        if (exec?.type !== 'MULTISIG' || exec.safeTxHash.toLowerCase() !== safeTxHash.toLowerCase()) {
          return { status: 'failed' as const, reason: 'The gateway answered with another transaction than the one proposed. The package stays in this browser.' };
        }
        for (const s of rest) await deps.gateway.confirmTransaction(chainId, safeTxHash, s.signature);
      } catch (error) {
        return { status: 'failed' as const, reason: `The gateway did not take it: ${error instanceof Error ? error.message : String(error)} The package stays in this browser; try again.` };
      }
      await packages.remove(chainId, address, safeTxHash);
      deps.onChanged();
      return { status: 'proposed' as const, signatures: verdict.pkg.signatures.length };
    },

    async share(chainId: string, safe: string, safeTxHash: string) {
      const pkg = await (await store()).get(chainId, safe, safeTxHash);
      if (!pkg) return null;
      return { fileName: packageFileName(pkg), text: encodeSigningPackage(pkg), fragment: packageLinkFragment(pkg), signatures: pkg.signatures.length };
    },

    async importText(chainId: string, safeAddress: string, text: string) {
      const parsed = parseImportText(text);
      if (!parsed.ok) return { status: 'refused' as const, reason: parsed.reason };
      const address = getAddress(safeAddress);
      const { state, verdict } = await verify(chainId, address, parsed.pkg);
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
