import { useState } from 'react';
import { useTokenLogosEnabled } from './TokenLogo.tsx';
import './nftImage.css';

/** Only http(s) images are loaded: no `javascript:`, no data URLs, nothing relative to this app. */
export const isLoadableImageUrl = (src: string | null | undefined): src is string => typeof src === 'string' && /^https?:\/\/[^\s]+$/i.test(src.trim());

/**
 * An NFT's picture in a fixed square box. Images live on third-party hosts, so they load only under the same
 * consent as token logos (Settings › Appearance, decision 0036; decision 0041): off means no <img> at all. An
 * <img> never runs an SVG's scripts; it loads lazily, sends no referrer, and a neutral box stands in when it is
 * off, missing or fails.
 */
export function NftImageBox({ src, enabled }: { src: string | null | undefined; enabled: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = enabled && isLoadableImageUrl(src) && failed !== src.trim() ? src.trim() : null;
  return (
    <span className="nft-image" data-image={url ? 'remote' : 'placeholder'}>
      {url ? (
        <img src={url} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" onError={() => setFailed(url)} />
      ) : (
        <span className="nft-image-empty" aria-hidden="true" />
      )}
    </span>
  );
}

/** The NFT's own image, else its collection's logo, under the Appearance switch. */
export function NftImage({ imageUri, logoUri }: { imageUri: string | null | undefined; logoUri: string | null | undefined }) {
  const enabled = useTokenLogosEnabled();
  return <NftImageBox src={isLoadableImageUrl(imageUri) ? imageUri : logoUri} enabled={enabled} />;
}
