import { useSelector } from '@xstate/react';
import { connectPagedList } from '../../machines/pagedList/pagedList.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Address } from '../components/Address.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { SafeGate } from './SafeGate.tsx';
import { useListOpened, useSafeChild } from './safeSessionContext.tsx';
import { PagingControls } from './TxList.tsx';


function NftList() {
  useListOpened('collectibles');
  const ref = useSafeChild('collectibles');
  const { step: state, disabled, status, items, error, hasLoaded, canLoadMore, canRetry } = useSelector(ref, connectPagedList, shallowEqualViewModel);
  if (disabled) return <p>NFTs are not available on this network.</p>;
  return (
    <>
      <Loadable what="NFTs" status={status} error={error} onRetry={() => ref?.send({ type: 'user.retry' })} canRetry={canRetry} keepContent={hasLoaded}>
        {items.length === 0 ? (
          <p>No NFTs.</p>
        ) : (
          <ul className="nft-grid" aria-label="NFTs">
            {items.map((nft) => (
              <li key={`${nft.address}-${nft.id}`} className="nft">
                <strong>{nft.name ?? `${nft.tokenName} #${nft.id}`}</strong>
                <span className="muted">
                  {nft.tokenName} ({nft.tokenSymbol}) · token #{nft.id}
                </span>
                <Address address={nft.address} short />
              </li>
            ))}
          </ul>
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
