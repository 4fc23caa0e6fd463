import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { hrefFor } from '../../machines/shared/routes.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An in-app link: a real href (open in new tab works) whose plain click becomes a `user.navigate` event. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const location = useAppSelector((s) => s.context.location);
  const send = useAppSend();
  const href = hrefFor(to, location);
  const current = location.path === href.split('?')[0];
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    send({ type: 'user.navigate', to });
  }
  return <a {...rest} href={href} aria-current={current ? 'page' : undefined} onClick={handleClick} />;
}
