/** The shared pieces the Safe screens are built from: Address, CopyButton, the windowed list, the gate. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { Address } from '../../src/views/components/Address.tsx';
import { ExplorerProvider } from '../../src/views/components/explorer.tsx';
import { VirtualList } from '../../src/views/components/VirtualList.tsx';
import { SafeSessionProvider } from '../../src/views/safe/safeSessionContext.tsx';
import { DashboardScreen } from '../../src/views/safe/Dashboard.tsx';
import { OWNER_A } from '../../src/machines/safeSession/safeSession.samples.ts';

afterEach(() => cleanup());

describe('Address', () => {
  it('shows the checksummed address with a name, a copy button and the explorer link', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <ExplorerProvider templates={{ address: 'https://explorer.test/address/{{address}}', txHash: 'https://explorer.test/tx/{{txHash}}' }}>
        <Address address={OWNER_A.toLowerCase()} name="Alice" />
      </ExplorerProvider>,
    );
    expect(screen.getByText(OWNER_A)).toBeInTheDocument();
    expect(screen.getByText('Alice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `View ${OWNER_A} on the block explorer` })).toHaveAttribute('href', `https://explorer.test/address/${OWNER_A}`);
    await act(async () => screen.getByRole('button', { name: `Copy address ${OWNER_A}` }).click());
    expect(writeText).toHaveBeenCalledWith(OWNER_A);
    expect(screen.getByText('Copied')).toBeInTheDocument();
  });

  it('draws no explorer link without a usable template', () => {
    render(<Address address={OWNER_A} explorerTemplate="javascript:alert({{address}})" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('VirtualList', () => {
  it('keeps 2,000 rows smooth: only the rows near the viewport are in the DOM', () => {
    const items = Array.from({ length: 2000 }, (_, i) => `Row ${i}`);
    render(<VirtualList label="Rows" items={items} rowHeight={56} height={560} getKey={(item) => item} renderRow={(item) => <span>{item}</span>} />);
    const list = screen.getByRole('list', { name: 'Rows' });
    let rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveTextContent('Row 0');
    expect(rows[0]).toHaveAttribute('aria-setsize', '2000');
    act(() => {
      list.scrollTop = 56 * 1500;
      fireEvent.scroll(list);
    });
    rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(30);
    expect(within(list).getByText('Row 1500')).toBeInTheDocument();
    expect(within(list).queryByText('Row 0')).toBeNull();
    expect(within(list).getByText('Row 1500').parentElement).toHaveAttribute('aria-posinset', '1501');
  });
});

describe('SafeGate', () => {
  it('says so when no Safe is open', () => {
    const app = createActor(appSessionMachine, { input: { location: { path: '/home', search: '' }, theme: 'light' } });
    render(
      <AppSessionProvider actor={app}>
        <SafeSessionProvider actor={null}>
          <DashboardScreen />
        </SafeSessionProvider>
      </AppSessionProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Overview');
    expect(screen.getByText(/No Safe is open/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a Safe account' })).toBeInTheDocument();
  });
});
