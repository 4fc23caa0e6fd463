import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { nftKey } from '../../domain/safe/nftTransfers.ts';
import { connectPagedList } from '../../machines/pagedList/pagedList.connect.ts';
import { transactionPath } from '../../machines/shared/routes.ts';
import type { CollectibleItem } from '../../machines/safeSession/safeSession.types.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Address } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { NftImage } from '../components/NftImage.tsx';
import { SendNftButton, SendNftsButton } from '../flows/FlowButtons.tsx';
import { SafeGate } from './SafeGate.tsx';
import { useListOpened, useSafeChild } from './safeSessionContext.tsx';
import { PagingControls } from './TxList.tsx';
import './nfts.css';

const keyOf = (nft: { address: string; id: string }): string => nftKey(nft.address, nft.id);
export const nftTitle = (nft: Pick<CollectibleItem, 'name' | 'tokenName' | 'id'>): string => nft.name ?? `${nft.tokenName} #${nft.id}`;

/**
 * One NFT: its image (under the Appearance consent), names, a checkbox to select it, Send, and where it is in
 * the queue — found by decoding the queued transactions' own bytes (decision 0041), never from their labels.
 */
export function NftCard({ nft, selected, onSelect }: { nft: CollectibleItem; selected: boolean; onSelect: (selected: boolean) => void }) {
  const title = nftTitle(nft);
  return (
    <li className="nft" aria-label={title}>
      <NftImage imageUri={nft.imageUri} logoUri={nft.logoUri} />
      <label className="nft-select">
        <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={`Select ${title}`} />
        <strong>{title}</strong>
      </label>
      <span className="muted">
        {nft.tokenName} ({nft.tokenSymbol}) · token #{nft.id}
      </span>
      <Address address={nft.address} short />
      {nft.queuedIn && nft.queuedIn.length > 0 ? (
        <ul className="nft-queued" aria-label={`Queued transactions moving ${title}`}>
          {nft.queuedIn.map((mark) => (
            <li key={mark.txId}>
              <Link to={transactionPath(mark.txId)}>In queued transaction, nonce {mark.nonce}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      <span className="nft-actions">
        <SendNftButton nft={{ address: nft.address, id: nft.id, title }} />
      </span>
    </li>
  );
}

function NftList() {
  useListOpened('collectibles');
  const ref = useSafeChild('collectibles');
  const { step: state, disabled, status, items, error, hasLoaded, canLoadMore, canRetry, annotating } = useSelector(ref, connectPagedList, shallowEqualViewModel);
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(new Set());
  if (disabled) return <p>NFTs are not available on this network.</p>;
  const selected = items.filter((nft) => selectedKeys.has(keyOf(nft)));
  const unchecked = items.some((nft) => nft.queuedIn === null);
  const select = (nft: CollectibleItem, on: boolean) =>
    setSelectedKeys((old) => {
      const next = new Set(old);
      if (on) next.add(keyOf(nft));
      else next.delete(keyOf(nft));
      return next;
    });
  return (
    <>
      <Loadable what="NFTs" status={status} error={error} onRetry={() => ref?.send({ type: 'user.retry' })} canRetry={canRetry} keepContent={hasLoaded}>
        {items.length === 0 ? (
          <p>No NFTs.</p>
        ) : (
          <>
            <div className="nft-toolbar" role="group" aria-label="Selected NFTs">
              <span role="status">{selected.length === 0 ? 'Select NFTs to send several in one transaction.' : `${selected.length} selected`}</span>
              <SendNftsButton nfts={selected.map((nft) => ({ address: nft.address, id: nft.id, title: nftTitle(nft) }))} />
              {selected.length > 0 ? (
                <button type="button" onClick={() => setSelectedKeys(new Set())}>
                  Clear selection
                </button>
              ) : null}
            </div>
            {annotating ? (
              <p className="muted" role="status">
                Checking the queued transactions for these NFTs…
              </p>
            ) : null}
            {unchecked && !annotating ? <p className="muted">Whether these NFTs are in queued transactions could not be checked (the queue could not be read).</p> : null}
            <ul className="nft-grid" aria-label="NFTs">
              {items.map((nft) => (
                <NftCard key={keyOf(nft)} nft={nft} selected={selectedKeys.has(keyOf(nft))} onSelect={(on) => select(nft, on)} />
              ))}
            </ul>
          </>
        )}
      </Loadable>
      <PagingControls what="NFTs" state={state} error={error} canLoadMore={canLoadMore} canRetry={canRetry} send={(e) => ref?.send(e)} />
    </>
  );
}

export function NftsScreen() {
  return (
    <SafeGate title="NFTs">
      <NftList />
    </SafeGate>
  );
}
