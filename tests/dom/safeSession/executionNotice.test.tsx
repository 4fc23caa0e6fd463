/** The notice of a queued transaction executed elsewhere (decision 0043): its words claim only what is known. */
import { describe, expect, it } from 'vitest';
import { executedElsewhereNotice } from '../../../src/views/safeSession/ExecutionNotices.tsx';

const SAFE = 'devnet:0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe';

describe('executedElsewhereNotice', () => {
  it('names the nonce, says it was not this page and that the gateway reports it, and links to the transaction and the explorer', () => {
    const notice = executedElsewhereNotice({ nonce: 3, txId: 'multisig_0xA_0xB', txHash: '0xabc', failed: false }, SAFE, 'https://explorer.test/tx/{{txHash}}');
    expect(notice.title).toBe('Transaction nonce 3 was executed');
    expect(notice.description).toBe('Not from this page: someone else sent it. As the gateway reports it (the Safe’s nonce moved on, the history lists it).');
    expect(notice.actions).toEqual([
      { label: 'View transaction', to: `/transactions/tx?id=multisig_0xA_0xB&safe=${encodeURIComponent(SAFE)}`, altText: 'The transaction is listed in the history.' },
      { label: 'View on explorer', href: 'https://explorer.test/tx/0xabc', altText: 'The transaction’s details link to the explorer.' },
    ]);
  });
  it('says a failed execution failed, and offers no explorer link without a hash', () => {
    const notice = executedElsewhereNotice({ nonce: 4, txId: 'multisig_0xA_0xC', txHash: null, failed: true }, SAFE, 'https://explorer.test/tx/{{txHash}}');
    expect(notice.title).toBe('Transaction nonce 4 was executed and failed');
    expect(notice.actions?.map((a) => a.label)).toEqual(['View transaction']);
  });
});
