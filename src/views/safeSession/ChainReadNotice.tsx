/**
 * RPC-only mode's notice (decision 0054): the Safe is read from the chain because the gateway is not available.
 * Says what still works and what does not yet, and what the signer can do now. Loaded only in that mode.
 */
import './chainRead.css';

export default function ChainReadNotice({ reason }: { reason: string }) {
  return (
    <section className="chain-read" role="note" aria-labelledby="chain-read-title">
      <h2 id="chain-read-title">Reading from the chain: the gateway is not available</h2>
      <p>{reason}</p>
      <p>
        Signers, threshold, nonce, the native coin and known tokens, and executed transactions are read directly from the chain through
        your RPC, so they are current.
      </p>
      <p>
        Queued transactions, signatures, messages and NFTs are kept by the gateway, so they are not shown, and new transactions cannot be
        proposed or signed here until it answers again. Check back later, or open this Safe in another tool that signs without a
        gateway.
      </p>
    </section>
  );
}
