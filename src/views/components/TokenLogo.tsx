import { useAppSelector } from '../appContext.tsx';
import './tokenLogo.css';

/** The Settings › Appearance switch: whether token logos may load from their hosts. */
export function useTokenLogosEnabled(): boolean {
  return useAppSelector((s) => s.context.tokenLogos);
}

/**
 * A token's logo. Logos live on third-party hosts, which learn the viewer's IP and what they hold: with
 * "Load token logos" off there is no <img> (no request), only the symbol's first letter.
 */
export function TokenLogo({ src, symbol }: { src: string | null | undefined; symbol: string }) {
  const enabled = useTokenLogosEnabled();
  if (enabled && src && /^(https?:|data:image\/)/.test(src)) {
    return <img className="token-logo" src={src} alt="" width={20} height={20} loading="lazy" referrerPolicy="no-referrer" />;
  }
  return (
    <span className="token-logo token-logo-empty" aria-hidden="true">
      {(symbol[0] ?? '?').toUpperCase()}
    </span>
  );
}
