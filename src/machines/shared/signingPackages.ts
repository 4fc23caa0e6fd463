/**
 * What the signing-package views need (issue 20, decision 0055), declared here so views never import services. The
 * flow host supplies the implementation (src/services/signingPackages/port.ts) through its port (FlowsPort in
 * flows.ts), loaded with the flows.
 */
export interface SharedPackage {
  fileName: string;
  /** The file's text (JSON). */
  text: string;
  /** `package=<base64url>` for a link, or null when the package is too large for one. */
  fragment: string | null;
  signatures: number;
}

export type PackageImport =
  | {
      status: 'added';
      safeTxHash: string;
      nonce: string;
      /** Every owner whose signature the kept package now holds, verified. */
      signers: string[];
      /** Signatures this import added (0: the browser had them all). */
      added: number;
      /** Signatures still missing for the threshold. */
      missing: number;
    }
  | { status: 'refused'; reason: string };

/** A package kept in this browser whose nonce the Safe has not used yet. */
export interface KeptPackage {
  safeTxHash: string;
  nonce: string;
  signatures: number;
}

export type PackageProposal = { status: 'proposed'; signatures: number } | { status: 'failed'; reason: string };

export interface SigningPackagesPort {
  /** The package of a transaction kept in this browser, ready to share; null when this browser keeps none. */
  share(chainId: string, safe: string, safeTxHash: string): Promise<SharedPackage | null>;
  /**
   * Checks a package (a file's text, a link, or `package=…`) against the Safe as the chain has it now, and keeps it
   * (united with what this browser has) only when everything verifies. Rejects only when the chain cannot be read.
   */
  importText(chainId: string, safe: string, text: string): Promise<PackageImport>;
  /** The packages of this Safe kept in this browser and still waiting (nonce not used on chain), lowest nonce first. */
  list(chainId: string, safe: string): Promise<KeptPackage[]>;
  /**
   * Proposes a kept package to the gateway (it answers again): checked against the chain once more, then the first
   * signature proposes it and the others confirm it. The package leaves this browser once the gateway holds it.
   */
  propose(chainId: string, safe: string, safeTxHash: string): Promise<PackageProposal>;
}
