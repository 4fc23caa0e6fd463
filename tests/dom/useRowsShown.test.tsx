/** Long tables render in frames (decisions 0035, 0068): the first `step` rows at once, `step` more per frame, all in the end. */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRowsShown } from '../../src/views/components/useRowsShown.ts';

afterEach(cleanup);

function Table({ total, step }: { total: number; step?: number }) {
  const shown = useRowsShown(total, step);
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

  it('renders 100 rows a frame by default until every row is in the page', async () => {
    const { container } = render(<Table total={250} />);
    expect(container.querySelectorAll('li')).toHaveLength(100);
    await nextFrame();
    expect(container.querySelectorAll('li')).toHaveLength(200);
    await nextFrame();
    expect(container.querySelectorAll('li')).toHaveLength(250);
    await nextFrame();
    expect(container.querySelectorAll('li')).toHaveLength(250);
  });

  it('takes a smaller step for heavier rows (the Assets table: 25)', async () => {
    const { container } = render(<Table total={60} step={25} />);
    expect(container.querySelectorAll('li')).toHaveLength(25);
    await nextFrame();
    expect(container.querySelectorAll('li')).toHaveLength(50);
    await nextFrame();
    expect(container.querySelectorAll('li')).toHaveLength(60);
  });
});
