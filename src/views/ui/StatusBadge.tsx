/**
 * A status chip of a transaction or message: its words always shown, with a mark and a border that differ by
 * kind, so colour is never the only difference (WCAG 1.4.1). The mark is drawn by CSS with empty alternative
 * text: the chip's text (and so every name and test that reads it) is exactly its words. Screens map their
 * statuses to a tone (safeSession/format.ts).
 */
import './ui.css';

/** `waiting`: needs signatures or execution. `done`: executed or confirmed. `failed`: reverted. `ended`: cancelled. */
export type StatusTone = 'waiting' | 'done' | 'failed' | 'ended';

export function StatusBadge({ tone, children }: { tone: StatusTone; children: string }) {
  return (
    <span className={`ui-badge ui-badge-${tone}`} data-tone={tone}>
      {children}
    </span>
  );
}
