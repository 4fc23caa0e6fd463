import { Link } from './Link.tsx';

export interface WayOnLink {
  to: string;
  label: string;
}

/** Where to go from an error that retrying cannot fix: a short row of links. */
export function WayOn({ links, label = 'Where to go next' }: { links: WayOnLink[]; label?: string }) {
  return (
    <nav aria-label={label} className="way-on">
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A gateway's raw answer ("404: Safe not found"), kept as a secondary line for whoever needs it. */
export function TechnicalDetail({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return <p className="error-detail">Technical detail: {text}</p>;
}
