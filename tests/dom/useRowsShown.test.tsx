/** Long tables render in frames (decisions 0035, 0068): 25 rows at once, 25 more per frame, every row in the end. */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRowsShown } from '../../src/views/components/useRowsShown.ts';

afterEach(cleanup);

function Table({ total }: { total: number }) {
  const shown = useRowsShown(total);
  return (
    <ul>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>row {i}</li>
      ))}
    </ul>
  );
}

/** Lets the pending animation frame run and React commit what it set. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('useRowsShown', () => {
  it('shows a short table at once', () => {
    const { container } = render(<Table total={3} />);
    expect(container.querySelectorAll('li')).toHaveLength(3);
  });

  it('renders 25 rows a frame until every row is in the page', async () => {
    const { container } = render(<Table total={60} />);
    expect(container.querySelectorAll('li')).toHaveLength(25);
    await nextFrame();
    expect(container.querySelectorAll('li')).toHaveLength(50);
    await nextFrame();
    expect(container.querySelectorAll('li')).toHaveLength(60);
    await nextFrame();
    expect(container.querySelectorAll('li')).toHaveLength(60);
  });
});
