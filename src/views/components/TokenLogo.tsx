import { useEffect, useState } from 'react';
import { useAppSelector } from '../appContext.tsx';
import './tokenLogo.css';

/** The Settings › Appearance switch: whether token logos may load from their hosts. */
export function useTokenLogosEnabled(): boolean {
  return useAppSelector((s) => s.context.tokenLogos);
}

/**
 * A token's logo. Logos live on third-party hosts, which learn the viewer's IP and what they hold: with
 * "Load token logos" off there is no <img> (no request), only the symbol's first letter.
 * The <img> comes after the row's first paint, an empty circle of its size before it: a `data:` SVG logo (the
 * devnet's, or a gateway's) is an SVG document of its own that Chromium builds as the <img> is inserted, whatever
 * `loading="lazy"` says; 25 of them held the first frame of a 1,500-token Assets table for about 0.45 s (decision 0068).
 */
export function TokenLogo({ src, symbol }: { src: string | null | undefined; symbol: string }) {
  const enabled = useTokenLogosEnabled();
  const [painted, setPainted] = useState(false);
  // Effects run after the browser painted the row.
  useEffect(() => setPainted(true), []);
  if (enabled && src && /^(https?:|data:image\/)/.test(src)) {
    return painted ? (
      <img className="token-logo" src={src} alt="" width={20} height={20} loading="lazy" referrerPolicy="no-referrer" />
    ) : (
      <span className="token-logo token-logo-pending" aria-hidden="true" />
    );
  }
  return (
    <span className="token-logo token-logo-empty" aria-hidden="true">
      {(symbol[0] ?? '?').toUpperCase()}
    </span>
  );
}
