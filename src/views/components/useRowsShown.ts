import { useEffect, useState } from 'react';

/** Rows a long table shows in its first frame; the rest follow, this many per frame, until every row is in the page. */
const FIRST_ROWS = 100;

/**
 * How many of `total` rows to render now: the first FIRST_ROWS at once, then FIRST_ROWS more per animation frame, so a
 * table of thousands shows its first rows without waiting for the last (every row ends up in the table: decision 0035).
 * The queue and history tables and the Assets table use it (decision 0068).
 */
export function useRowsShown(total: number): number {
  const [shown, setShown] = useState(FIRST_ROWS);
  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => setShown((n) => n + FIRST_ROWS));
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return Math.min(shown, total);
}
