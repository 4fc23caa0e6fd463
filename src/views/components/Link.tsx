import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { hrefFor } from '../../machines/shared/routes.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A plain left click: one a link follows in the app (not one that opens a new tab or window). */
export const isPlainClick = (event: MouseEvent): boolean => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** An in-app link: a real href (open in new tab works) whose plain click becomes a `user.navigate` event. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const location = useAppSelector((s) => s.context.location);
  const send = useAppSend();
  const href = hrefFor(to, location);
  const current = location.path === href.split('?')[0];
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    send({ type: 'user.navigate', to });
  }
  // A caller that passes `aria-current` (even undefined) decides it: the navigation marks a section's entry on
  // every page below it; otherwise a link to the current path is the current page.
  const ariaCurrent = 'aria-current' in rest ? rest['aria-current'] : current ? 'page' : undefined;
  return <a {...rest} href={href} aria-current={ariaCurrent} onClick={handleClick} />;
}
