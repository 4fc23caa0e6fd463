/**
 * The two-source check on a signing screen (decision 0053): the gateway's Safe info against the chain. A
 * difference or a chain that could not be read blocks signing; the signer sees each difference and a way forward
 * (close the flow, which reloads the Safe's info). Imported only by the flow dialogs (loaded lazily).
 */
import {
  SAFE_INFO_BLOCKED,
  SAFE_INFO_UNCHECKED,
  SAFE_INFO_UNCHECKED_WAY_FORWARD,
  SAFE_INFO_WAY_FORWARD,
  type SafeInfoVerdict,
} from '../../domain/safe/safeInfoCheck.ts';

/** The block (alert) when the Safe info cannot be signed against; nothing when it agrees or was not checked (older flows). */
export function SafeInfoBlocked({ verdict, onReload }: { verdict: SafeInfoVerdict | undefined; onReload?: (() => void) | undefined }) {
  if (!verdict || verdict.status === 'agrees') return null;
  const differs = verdict.status === 'differs';
  return (
    <div role="alert" className="txflow-blocked safeinfo-blocked">
      <strong>{differs ? SAFE_INFO_BLOCKED : SAFE_INFO_UNCHECKED}</strong>
      {differs ? (
        <ul aria-label="Differences between the gateway and the chain">
          {verdict.differences.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <p>{verdict.reason}</p>
      )}
      <p>{differs ? SAFE_INFO_WAY_FORWARD : SAFE_INFO_UNCHECKED_WAY_FORWARD}</p>
      {onReload ? (
        <div className="txflow-actions">
          <button type="button" onClick={onReload}>
            Close and reload the Safe
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** One quiet line when the Safe info agrees with the chain (what was checked, and a gateway still catching up). */
export function SafeInfoAgrees({ verdict }: { verdict: SafeInfoVerdict | undefined }) {
  if (verdict?.status !== 'agrees') return null;
  return (
    <p className="muted safeinfo-agrees">
      Checked against the chain: the owners, threshold, nonce, version, singleton, modules, guard and fallback handler the gateway gives match.
      {verdict.gatewayBehind ? ` The gateway has not caught up with the chain’s last transaction yet (the Safe is at nonce ${verdict.chainNonce}).` : ''}
    </p>
  );
}
