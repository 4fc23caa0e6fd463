/**
 * The Safe's NFTs to pick from when sending one (the Safe session's NFT list, loaded on first open): picking fills
 * the contract and token id fields, which stay editable. The names are the gateway's; the review shows what the
 * built call does, decoded from its bytes. Images load only under the Appearance consent (decision 0041).
 */
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { connectPagedList } from '../../machines/pagedList/pagedList.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useSafeSessionRef, type SafeSessionRef } from '../safeSession/safeSessionContext.tsx';
import './compose.css';
import { NftImage } from '../components/NftImage.tsx';

export interface NftPickerProps {
  token: string;
  tokenId: string;
  onPick: (token: string, tokenId: string) => void;
}

/** Nothing without an open Safe session (the fields alone then). */
export function NftPicker(props: NftPickerProps) {
  const session = useSafeSessionRef();
  return session ? <NftPickerFor session={session} {...props} /> : null;
}

function NftPickerFor({ session, token, tokenId, onPick }: NftPickerProps & { session: SafeSessionRef }) {
  const canOpen = useSelector(session, (s) => s.can({ type: 'user.listOpened', list: 'collectibles' }));
  useEffect(() => {
    if (canOpen) session.send({ type: 'user.listOpened', list: 'collectibles' });
  }, [session, canOpen]);
  const ref = useSelector(session, (s) => s.children.collectibles);
  const { disabled, status, items } = useSelector(ref, connectPagedList, shallowEqualViewModel);
  if (disabled) return null;
  return (
    <fieldset className="txflow-nfts">
      <legend>The Safe’s NFTs</legend>
      {status === 'loading' ? <p role="status">Loading the Safe’s NFTs…</p> : null}
      {status === 'failed' ? <p className="muted">The Safe’s NFTs could not be loaded: type the contract and token ID below.</p> : null}
      {status === 'ready' && items.length === 0 ? <p className="muted">This Safe holds no NFTs the gateway lists: type the contract and token ID below.</p> : null}
      {items.length > 0 ? (
        <ul className="nft-picker" aria-label="Pick an NFT">
          {items.map((nft) => {
            const picked = nft.address.toLowerCase() === token.trim().toLowerCase() && nft.id === tokenId.trim();
            const title = nft.name ?? `${nft.tokenName} #${nft.id}`;
            return (
              <li key={`${nft.address}-${nft.id}`}>
                <button type="button" aria-pressed={picked} onClick={() => onPick(nft.address, nft.id)}>
                  <NftImage imageUri={nft.imageUri} logoUri={nft.logoUri} />
                  <strong>{title}</strong>
                  <span className="muted">
                    {nft.tokenSymbol} · #{nft.id}
                  </span>
                  <span className="combo-option-address">
                    {nft.address.slice(0, 6)}…{nft.address.slice(-4)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </fieldset>
  );
}
