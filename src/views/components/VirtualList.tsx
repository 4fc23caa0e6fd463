import { useState, type ReactNode, type UIEvent } from 'react';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row has this height in px (rows are laid out absolutely, so this must hold). */
  rowHeight: number;
  /** Height of the scrolling viewport in px; a shorter list shrinks to its content. */
  height: number;
  /** Rows rendered above and below the visible ones. */
  overscan?: number;
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** Accessible name of the list. */
  label: string;
}

/** Which rows a viewport shows: [start, end) with overscan, clamped to the list. */
export function visibleRange(count: number, rowHeight: number, height: number, scrollTop: number, overscan: number): [number, number] {
  if (count === 0 || rowHeight <= 0) return [0, 0];
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(height / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return [Math.min(start, end), end];
}

/**
 * A windowed list: only the rows in (and near) the viewport are in the DOM, so thousands of rows stay
 * smooth. Rows keep their list semantics (`aria-setsize` / `aria-posinset`) for assistive technology.
 */
export function VirtualList<T>({ items, rowHeight, height, overscan = 6, getKey, renderRow, label }: VirtualListProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const total = items.length * rowHeight;
  const viewport = Math.min(height, total);
  const [start, end] = visibleRange(items.length, rowHeight, viewport, scrollTop, overscan);
  const rows: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const item = items[index] as T;
    rows.push(
      <div
        key={getKey(item, index)}
        role="listitem"
        aria-setsize={items.length}
        aria-posinset={index + 1}
        className="virtual-row"
        style={{ position: 'absolute', top: index * rowHeight, height: rowHeight, left: 0, right: 0 }}
      >
        {renderRow(item, index)}
      </div>,
    );
  }
  return (
    <div
      role="list"
      aria-label={label}
      className="virtual-list"
      tabIndex={0}
      style={{ height: viewport, overflowY: 'auto', position: 'relative' }}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div style={{ height: total, position: 'relative' }}>{rows}</div>
    </div>
  );
}
