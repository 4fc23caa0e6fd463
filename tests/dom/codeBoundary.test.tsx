/**
 * A lazily loaded screen whose code fails to load (e.g. refused by the import map's integrity check, decision 0022)
 * shows a notice in place instead of unmounting the app; another route renders again.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeBoundary } from '../../src/views/components/CodeBoundary.tsx';

afterEach(cleanup);

describe('CodeBoundary', () => {
  it('says which part could not be shown and why, then renders again for a new reset key', async () => {
    const Broken = lazy((): Promise<{ default: ComponentType }> => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/apps-x.js')));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tree = (key: string, child: ReactNode) => (
      <main>
        <p>Sidebar</p>
        <CodeBoundary what="This screen" resetKey={key}>
          <Suspense fallback={<p>Loading…</p>}>{child}</Suspense>
        </CodeBoundary>
      </main>
    );
    const { rerender } = render(tree('/apps', <Broken />));
    expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be shown. Failed to fetch dynamically imported module: /assets/apps-x.js');
    expect(screen.getByText('Sidebar')).toBeInTheDocument();

    rerender(tree('/transactions/queue', <h1>Queue</h1>));
    expect(screen.getByRole('heading', { name: 'Queue' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });
});
