import { useEffect, useState } from 'react';

/**
 * Rows a long table shows in its first frame, about a screenful; the rest follow, this many per frame, until every
 * row is in the page. 100 until the Assets table of a 1,500-token treasury (decision 0068): a token row is heavier
 * (a logo, which is an SVG document of its own when it is a data: URI, links and buttons).
 */
const ROWS_PER_FRAME = 25;

/**
 * How many of `total` rows to render now: the first ROWS_PER_FRAME at once, then as many more per animation frame,
 * so a table of thousands shows its first rows without waiting for the last (every row ends up in the table:
 * decision 0035). The queue, history and Assets tables use it.
 */
export function useRowsShown(total: number): number {
  const [shown, setShown] = useState(ROWS_PER_FRAME);
  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => setShown((n) => n + ROWS_PER_FRAME));
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return Math.min(shown, total);
}
