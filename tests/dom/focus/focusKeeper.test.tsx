/** useFocusKeeper: focus never drops to the body when the focused control leaves the page. */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusKeeper } from '../../../src/views/layout/useFocusKeeper.ts';

function Page({ takeOver = false }: { takeOver?: boolean }) {
  useFocusKeeper();
  const [done, setDone] = useState(false);
  return (
    <>
      <button type="button">Header</button>
      <main id="content" tabIndex={-1}>
        {done ? (
          <p>Executed</p>
        ) : (
          <button type="button" onClick={() => setDone(true)}>
            Execute
          </button>
        )}
        <button type="button" ref={(el) => (takeOver && done ? el?.focus() : undefined)}>
          Next
        </button>
      </main>
    </>
  );
}

afterEach(cleanup);

describe('useFocusKeeper', () => {
  it('moves focus to the main content when the focused control is removed', async () => {
    render(<Page />);
    const execute = screen.getByRole('button', { name: 'Execute' });
    execute.focus();
    await act(async () => execute.click());
    expect(screen.queryByRole('button', { name: 'Execute' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('leaves focus where something else put it', async () => {
    render(<Page takeOver />);
    const execute = screen.getByRole('button', { name: 'Execute' });
    execute.focus();
    await act(async () => execute.click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
  });

  it('does nothing when focus was elsewhere as a control left', async () => {
    render(<Page />);
    const header = screen.getByRole('button', { name: 'Header' });
    header.focus();
    await act(async () => screen.getByRole('button', { name: 'Execute' }).click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(document.activeElement).toBe(header);
  });
});
