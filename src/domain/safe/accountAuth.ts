/**
 * What an owner signs (personal_sign) for the gateway's account services (protocol.md B.7.17), as pure functions of
 * the request and of the values the signature covers: the push registration's 32-byte hash, the e-mail and recovery
 * authorisation texts, and the timestamps they carry. The services sign exactly these bytes; the machines compute
 * the same bytes from the same values for what a signing device will show (issue 19). One definition for both.
 */
import { getAddress, keccak256, toHex, type Hex } from 'viem';

/** The push registration's timestamp: unix seconds, as text. */
export const pushTimestamp = (nowMs: number): string => String(Math.floor(nowMs / 1000));

/** The e-mail and recovery authorisation headers' timestamp: unix milliseconds, as text. */
export const authTimestamp = (nowMs: number): string => String(Math.floor(nowMs));

/** The 32-byte hash an owner signs to register a device for Safes (protocol.md B.7.17): keccak-256 of the text. */
export function registrationHash(timestamp: string, uuid: string, cloudMessagingToken: string, safes: readonly string[]): Hex {
  const sorted = safes.map((s) => getAddress(s)).sort();
  return keccak256(toHex(`gnosis-safe${timestamp}${uuid}${cloudMessagingToken}${sorted.join('')}`));
}

/** An e-mail alerts request as the authorisation text reads it. */
export interface EmailAuthRequest {
  op: 'register' | 'change' | 'show' | 'delete';
  chainId: string;
  safe: string;
  signer: string;
  email: string | null;
}

/** The text behind the e-mail authorisation headers (protocol.md B.7.17). */
export function emailAuthMessage(request: EmailAuthRequest, timestamp: string): string {
  const safe = getAddress(request.safe);
  const signer = getAddress(request.signer);
  switch (request.op) {
    case 'register':
      return `email-register-${request.chainId}-${safe}-${request.email ?? ''}-${signer}-${timestamp}`;
    case 'change':
      return `email-edit-${request.chainId}-${safe}-${request.email ?? ''}-${signer}-${timestamp}`;
    case 'show':
      return `email-retrieval-${request.chainId}-${safe}-${signer}-${timestamp}`;
    case 'delete':
      return `email-delete-${request.chainId}-${safe}-${signer}-${timestamp}`;
  }
}

/** The text behind the recovery alerts' authorisation headers (protocol.md B.7.17). */
export const recoveryAuthMessage = (r: { chainId: string; safe: string; moduleAddress: string; signer: string }, timestamp: string): string =>
  `enable-recovery-alerts-${r.chainId}-${getAddress(r.safe)}-${getAddress(r.moduleAddress)}-${getAddress(r.signer)}-${timestamp}`;
