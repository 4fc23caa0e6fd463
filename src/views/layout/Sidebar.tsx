import { lazy, Suspense, useId, useRef, useState } from 'react';
import { connectShell } from '../../machines/appSession/appSession.connect.ts';
import type { NavKey } from '../../machines/shared/routes.ts';
import { useAppSelector } from '../appContext.tsx';
import { Link } from '../components/Link.tsx';
import { NewTransactionButton } from '../flows/FlowButtons.tsx';
import { SafeIdentitySummary, useSafeIdentity } from '../safeSession/SafeIdentity.tsx';
import { useSafeSessionRef } from '../safeSession/safeSessionContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';

interface NavItem {
  key: NavKey;
  to: string;
  label: string;
}

/** The open Safe's pages: listed only while a Safe is open. */
const SAFE_NAV: NavItem[] = [
  { key: 'home', to: '/home', label: 'Overview' },
  { key: 'balances', to: '/balances', label: 'Assets' },
  { key: 'nfts', to: '/balances/nfts', label: 'NFTs' },
  { key: 'queue', to: '/transactions/queue', label: 'Queue' },
  { key: 'history', to: '/transactions/history', label: 'History' },
  { key: 'messages', to: '/transactions/messages', label: 'Messages' },
  { key: 'apps', to: '/apps', label: 'Apps' },
];

const DEVELOPER_NAV: NavItem[] = [
  { key: 'statecharts', to: '/statecharts', label: 'Statecharts' },
  { key: 'audit', to: '/audit', label: 'Audit' },
];

function NavList({ items, active, label, onNavigate }: { items: NavItem[]; active: NavKey | null; label: string; onNavigate?: (() => void) | undefined }) {
  return (
    <ul aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.to} aria-current={item.key === active ? 'page' : undefined} onClick={onNavigate}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The navigation's sections: the open Safe's pages (only while one is open, never on the welcome / load /
 * create screens), then the pages every visitor has, then a Developer section. The current page's entry has
 * `aria-current="page"`, also on pages below it (every settings tab lights up Settings).
 */
export function NavSections({ onNavigate }: { onNavigate?: () => void }) {
  const { activeNav, safeAddress } = useAppSelector(connectShell, shallowEqualViewModel);
  const safeOpen = safeAddress !== null;
  const general: NavItem[] = [
    { key: 'accounts', to: '/welcome/accounts', label: 'My Safe accounts' },
    { key: 'addressBook', to: '/address-book', label: 'Address book' },
    { key: 'settings', to: safeOpen ? '/settings/setup' : '/settings', label: 'Settings' },
  ];
  return (
    <>
      {safeOpen ? <NavList items={SAFE_NAV} active={activeNav} label="Safe" onNavigate={onNavigate} /> : null}
      <NavList items={general} active={activeNav} label="Account" onNavigate={onNavigate} />
      <div className="nav-developer">
        <p className="nav-heading" aria-hidden="true">
          Developer
        </p>
        <NavList items={DEVELOPER_NAV} active={activeNav} label="Developer" onNavigate={onNavigate} />
      </div>
    </>
  );
}

const SafeSwitcherList = lazy(() => import('./SafeSwitcherList.tsx').then((m) => ({ default: m.SafeSwitcherList })));

/**
 * "Switch Safe": a disclosure under the Safe card listing your Safes (decision 0042). The list (and the gateway's
 * owned-Safes request behind it) loads when first opened; choosing a Safe opens it and closes the list (and, in
 * the phone menu, the menu). Open/closed is presentational.
 */
function SafeSwitcher({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const identity = useSafeIdentity();
  const [expanded, setExpanded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const choose = () => {
    setExpanded(false);
    button.current?.focus();
    onNavigate?.();
  };
  return (
    <div className="safe-switcher">
      <button
        ref={button}
        type="button"
        className="safe-switcher-toggle"
        aria-expanded={expanded}
        aria-controls={expanded ? panelId : undefined}
        onClick={() => setExpanded((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && expanded) {
            event.stopPropagation();
            setExpanded(false);
          }
        }}
      >
        Switch Safe{' '}
        <span className="safe-switcher-arrow" aria-hidden="true">
          {expanded ? '▴' : '▾'}
        </span>
      </button>
      {expanded ? (
        <div
          id={panelId}
          className="safe-switcher-panel"
          onKeyDown={(event) => {
            // Escape closes the list and goes back to its button.
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            setExpanded(false);
            button.current?.focus();
          }}
        >
          <Suspense
            fallback={
              <p role="status" className="muted">
                Loading your Safe accounts…
              </p>
            }
          >
            <SafeSwitcherList open={{ chainId: identity.chainId, address: identity.address }} onChoose={choose} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

/** The open Safe (identity, Switch Safe and New transaction) above the navigation; nothing on Safe-free screens. */
export function SidebarSafe({ onAction }: { onAction?: () => void }) {
  const shown = useAppSelector((s) => connectShell(s).safeAddress !== null);
  const session = useSafeSessionRef();
  if (!shown || !session) return null;
  return (
    <div className="sidebar-safe">
      <SafeIdentitySummary />
      <SafeSwitcher onNavigate={onAction} />
      {/* In the phone menu, New transaction closes the menu too (the click reaches the button first). */}
      <div className="sidebar-action" onClick={onAction}>
        <NewTransactionButton />
      </div>
    </div>
  );
}

/** The wide-screen sidebar; at phone width it is hidden and the header's Menu button opens the same content. */
export function Sidebar() {
  return (
    <nav aria-label="Main" className="sidebar">
      <Link to="/welcome" className="brand">
        Countersign
      </Link>
      <SidebarSafe />
      <NavSections />
    </nav>
  );
}
