import { useEffect, useState } from 'react';

/** Rows a long table shows in its first frame; the rest follow, this many per frame, until every row is in the page. */
const FIRST_ROWS = 100;

/**
 * How many of `total` rows to render now: the first `step` at once, then `step` more per animation frame, so a table
 * of thousands shows its first rows without waiting for the last (every row ends up in the table: decision 0035).
 * The queue and history tables use FIRST_ROWS; the Assets table a smaller step, its rows being heavier (decision 0068).
 */
export function useRowsShown(total: number, step = FIRST_ROWS): number {
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => setShown((n) => n + step));
    return () => cancelAnimationFrame(frame);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
