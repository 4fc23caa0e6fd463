import { useSelector } from '@xstate/react';
import { Address } from '../components/Address.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { SafeGate } from './SafeGate.tsx';
import { useListOpened, useSafeChild } from './safeSessionContext.tsx';
import { PagingControls } from './TxList.tsx';

const NO_ITEMS: never[] = [];

function NftList() {
  useListOpened('collectibles');
  const ref = useSafeChild('collectibles');
  const state = useSelector(ref, (s) => (s ? String(s.value) : 'loading'));
  const items = useSelector(ref, (s) => s?.context.items ?? NO_ITEMS);
  const error = useSelector(ref, (s) => s?.context.error ?? null);
  const hasLoaded = useSelector(ref, (s) => s?.context.hasLoaded ?? false);
  const canLoadMore = useSelector(ref, (s) => s?.can({ type: 'user.loadMore' }) ?? false);
  const canRetry = useSelector(ref, (s) => s?.can({ type: 'user.retry' }) ?? false);
  if (state === 'disabled') return <p>NFTs are not available on this network.</p>;
  const status = state === 'loading' && !hasLoaded ? 'loading' : state === 'failed' ? 'failed' : 'ready';
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
