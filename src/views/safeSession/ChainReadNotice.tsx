/**
 * RPC-only mode's notice (decision 0054): the Safe is read from the chain because the gateway is not available.
 * Says what still works (signing into signing packages, decision 0055) and what does not, and what the signer can do now. Loaded only in that mode.
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
        Transactions are still built, checked and signed here. Signatures are kept in this browser as signing packages: send a package to
        the other signers as a file or a link, and import theirs on the Queue. When enough signers have signed, any of them can execute it
        with their wallet.
      </p>
      <p>A new message is signed on chain, through a transaction. Off-chain messages and NFTs come from the gateway, so they are not shown until it answers again.</p>
    </section>
  );
}
