/**
 * ui/Tooltip: the full text behind a short one on hover or keyboard focus, loaded on first use; the trigger keeps
 * its name and its focus, and Escape closes the tooltip.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Address } from '../../../src/views/components/Address.tsx';
import { Tooltip } from '../../../src/views/ui/Tooltip.tsx';

const FULL = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

// jsdom lays nothing out: Radix's positioning asks for a ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);

describe('ui Tooltip', () => {
  it('opens on keyboard focus with the full text as the description; the name and the focus stay; Escape closes it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Tooltip content={FULL}>
          <button type="button">0x7099…79C8</button>
        </Tooltip>
      </>,
    );
    await user.tab();
    await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(FULL);
    const trigger = screen.getByRole('button', { name: '0x7099…79C8' });
    expect(document.activeElement).toBe(trigger);
    expect(trigger).toHaveAccessibleDescription(FULL);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(trigger).toHaveAccessibleName('0x7099…79C8');
    expect(document.activeElement).toBe(trigger);
  });

  it('opens on hover without moving focus; Escape closes it', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content={FULL}>
        <button type="button">short</button>
      </Tooltip>,
    );
    const before = document.activeElement;
    await user.hover(screen.getByRole('button', { name: 'short' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(FULL);
    expect(document.activeElement).toBe(before);
    // (Leaving with the pointer closes it too: Radix measures a grace area, which jsdom cannot lay out.)
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('a short Address is a tab stop whose tooltip is the full checksummed address', async () => {
    const user = userEvent.setup();
    render(<Address address={FULL.toLowerCase()} short />);
    await user.tab();
    const short = screen.getByText('0x7099…79C8');
    expect(document.activeElement).toBe(short);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(FULL);
    // The copy button still names the full address (the tooltip adds to it, it does not replace it).
    expect(screen.getByRole('button', { name: `Copy address ${FULL}` })).toBeTruthy();
  });
});
