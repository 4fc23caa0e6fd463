import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Popover } from '../../../src/views/ui/Popover.tsx';

/** The popover renders its own button (Radix's Trigger). */
function WithTrigger() {
  return (
    <>
      <Popover
        label="Connected wallet"
        trigger={
          <button type="button">
            <span className="visually-hidden">Wallet 0xabc on Devnet: </span>
            0xabc…
          </button>
        }
      >
        <p>Inside</p>
        <button type="button">First inside</button>
        <button type="button">Second inside</button>
      </Popover>
      <button type="button">Elsewhere</button>
    </>
  );
}

/** The button is rendered apart from the popover (as the header's wallet button does, so the menu can load later). */
function WithAnchor() {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={anchor} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Menu
      </button>
      <Popover anchor={anchor} open={open} onOpenChange={setOpen} label="The menu" id="the-menu">
        <button type="button" onClick={() => setOpen(false)}>
          Do it
        </button>
      </Popover>
      <button type="button">Elsewhere</button>
    </>
  );
}

afterEach(cleanup);

describe('ui Popover with its own trigger', () => {
  it('keeps the trigger’s name, opens a named dialog with focus inside, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<WithTrigger />);
    const trigger = screen.getByRole('button', { name: 'Wallet 0xabc on Devnet: 0xabc…' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Connected wallet' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First inside' })));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('opens from the keyboard, and a click outside closes it without taking focus back', async () => {
    const user = userEvent.setup();
    render(<WithTrigger />);
    const trigger = screen.getByRole('button', { name: /^Wallet 0xabc/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Connected wallet' })).toBeInTheDocument();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    await user.click(elsewhere);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(elsewhere);
  });
});

describe('ui Popover anchored to a button rendered elsewhere', () => {
  it('opens from its button, closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    render(<WithAnchor />);
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'The menu' });
    expect(dialog.id).toBe('the-menu');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Do it' })));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('a press on its own button closes it (not an outside click that reopens it); a click outside closes it', async () => {
    const user = userEvent.setup();
    render(<WithAnchor />);
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'The menu' })).toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'The menu' })).toBeInTheDocument();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    await user.click(elsewhere);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(elsewhere);
  });

  it('an action inside that closes it gives focus back to the button', async () => {
    const user = userEvent.setup();
    render(<WithAnchor />);
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
