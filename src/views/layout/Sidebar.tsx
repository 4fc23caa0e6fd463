import { Link } from '../components/Link.tsx';
import { NewTransactionButton } from '../flows/FlowButtons.tsx';

const NAV: { to: string; label: string }[] = [
  { to: '/home', label: 'Overview' },
  { to: '/balances', label: 'Assets' },
  { to: '/balances/nfts', label: 'NFTs' },
  { to: '/transactions/queue', label: 'Queue' },
  { to: '/transactions/history', label: 'History' },
  { to: '/transactions/messages', label: 'Messages' },
  { to: '/apps', label: 'Apps' },
  { to: '/address-book', label: 'Address book' },
  { to: '/settings/setup', label: 'Settings' },
  { to: '/statecharts', label: 'Statecharts' },
  { to: '/audit', label: 'Audit' },
];

export function Sidebar() {
  return (
    <nav aria-label="Main" className="sidebar">
      <Link to="/welcome" className="brand">
        Countersign
      </Link>
      <div className="sidebar-action">
        <NewTransactionButton />
      </div>
      <ul>
        {NAV.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
