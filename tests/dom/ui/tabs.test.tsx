/** ui/Tabs: a named tab list; arrows, Home and End move between tabs and select them; Tab goes on to the panel. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '../../../src/views/ui/Tabs.tsx';

const ITEMS = [
  { value: 'tokens', label: 'Tokens', content: <p>Token list</p> },
  { value: 'nfts', label: 'NFTs', content: <button type="button">First NFT</button> },
  { value: 'positions', label: 'Positions', content: <p>Position list</p> },
];

afterEach(cleanup);

describe('ui Tabs', () => {
  it('names the list, selects the first tab, and shows only its panel, labelled by it', () => {
    render(<Tabs label="Assets" items={ITEMS} />);
    const list = screen.getByRole('tablist', { name: 'Assets' });
    expect(list).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Tokens');
    expect(panel).toHaveTextContent('Token list');
    expect(screen.queryByText('Position list')).toBeNull();
  });

  it('moves with the arrow keys, Home and End, selecting the focused tab; Tab goes on to the panel', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Tabs label="Assets" items={ITEMS} onValueChange={onValueChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Tokens' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'NFTs' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');
    expect(onValueChange).toHaveBeenLastCalledWith('nfts');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Position list');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tokens' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'NFTs' })).toHaveFocus();
    // Only the selected tab is a tab stop: Tab leaves the list for its panel, then the panel's content.
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First NFT' })).toHaveFocus();
  });

  it('follows the value its caller keeps', () => {
    const { rerender } = render(<Tabs label="Assets" items={ITEMS} value="nfts" />);
    expect(screen.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');
    rerender(<Tabs label="Assets" items={ITEMS} value="positions" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Position list');
  });
});
