/**
 * The warning a look-alike Safe opens with (S17, decision 0064), before any of its screens: the Safe begins and ends
 * like one the signer pinned as trusted, added, or named, and differs inside. Both addresses with the differing middle
 * marked; the way to the Safe they know; "Open this Safe anyway" only after ticking that the address was checked in
 * full (remembered for this page load). Loaded only when a look-alike is opened.
 */
import { differingMiddle, knownAddressText } from '../../domain/safe/lookAlike.ts';
import { connectLookAlike } from '../../machines/safeSession/lookAlike.connect.ts';
import { Link } from '../components/Link.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useSafeSession, useSafeSessionSend } from './safeSessionContext.tsx';
import './chainRead.css';

function MarkedAddress({ address, other }: { address: string; other: string }) {
  const [prefix, middle, suffix] = differingMiddle(address, other);
  return (
    <code className="look-alike-address">
      {prefix}
      <mark>{middle}</mark>
      {suffix}
    </code>
  );
}

export default function LookAlikeWarning() {
  const { safe, lookAlike, acknowledged, canOpen, chainName } = useSafeSession(connectLookAlike, shallowEqualViewModel);
  const send = useSafeSessionSend();
  if (!lookAlike) return null;
  const known = lookAlike.resembles;
  const isSafe = known.source === 'trustedSafe' || known.source === 'addedSafe';
  const what = known.source === 'trustedSafe' ? 'your trusted Safe' : isSafe ? 'your Safe' : 'the address you know';
  const knownName = known.name ? `“${known.name}”` : what;
  return (
    <section className="look-alike-warning" aria-labelledby="look-alike-title">
      <h2 id="look-alike-title">Look-alike Safe: this is not {knownName}</h2>
      <p role="alert">
        The Safe this link opens on {chainName} begins and ends like {knownAddressText(known)} but is a different address: the characters in
        the middle differ. An imitation like this is made to be taken for your Safe; do not confirm, sign or send funds here unless you
        checked its whole address with its owners.
      </p>
      <dl className="look-alike-compare">
        <dt>This Safe</dt>
        <dd>
          <MarkedAddress address={safe.address} other={known.address} />
        </dd>
        <dt>{known.name ? `${known.name} (${what})` : what.charAt(0).toUpperCase() + what.slice(1)}</dt>
        <dd>
          <MarkedAddress address={known.address} other={safe.address} />
        </dd>
      </dl>
      <p className="look-alike-ways">
        {isSafe ? (
          <Link to={`/home?safe=${safe.shortName}:${known.address}`} className="button-link">
            Open {known.name ?? what} instead
          </Link>
        ) : (
          <Link to="/welcome/accounts" className="button-link">
            My Safe accounts
          </Link>
        )}
      </p>
      <p>
        <label>
          <input type="checkbox" checked={acknowledged} onChange={(event) => send({ type: 'user.acknowledgeLookAlike', acknowledged: event.target.checked })} /> I
          checked this Safe’s whole address and it is the one I mean to open
        </label>
      </p>
      <p>
        <button type="button" disabled={!canOpen} onClick={() => send({ type: 'user.openLookAlike' })}>
          Open this Safe anyway
        </button>{' '}
        <span className="muted">Asked again after the page reloads.</span>
      </p>
    </section>
  );
}
