/**
 * At phone width (≤ 720 px) the sidebar is hidden and this Menu button opens the same navigation in a drawer.
 * The drawer (Radix Dialog) loads on first open, so it is not in the first load. Open/closed is presentational
 * state; following a link closes it.
 */
import { lazy, Suspense, useState } from 'react';

const MenuDrawer = lazy(() => import('./MenuDrawer.tsx').then((m) => ({ default: m.MenuDrawer })));

export function PhoneMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="menu-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <span aria-hidden="true" className="menu-icon">
          ☰
        </span>{' '}
        Menu
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MenuDrawer onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
