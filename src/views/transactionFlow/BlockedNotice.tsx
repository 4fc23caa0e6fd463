import type { ReactNode } from 'react';

/** A blocking notice of the flow dialogs: what is blocked, then why, one reason per line; nothing without reasons. */
export function BlockedNotice({ title, reasons }: { title: string; reasons: readonly ReactNode[] }) {
  if (reasons.length === 0) return null;
  return (
    <div role="alert" className="txflow-blocked">
      <strong>{title}</strong>
      <ul>
        {reasons.map((reason, i) => (
          <li key={i}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
