import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../src/views/ui/Dialog.tsx';

function Harness({ closable, onClose }: { closable: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <button type="button">Background</button>
      {open ? (
        <Dialog title="Review" {...(closable ? { onClose: close } : {})}>
          <button type="button">Inside one</button>
          <button type="button">Inside two</button>
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
          <button type="button" disabled>
            Not yet
          </button>
          <button type="button" hidden>
            Hidden
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

afterEach(cleanup);

describe('ui Dialog', () => {
  it('moves focus inside, traps Tab there, closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness closable onClose={onClose} />);
    const trigger = screen.getByRole('button', { name: 'Open it' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Review' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('the close button closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness closable onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without onClose it has no close button and Escape leaves it open', async () => {
    const user = userEvent.setup();
    render(<Harness closable={false} />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Review' })).toBeTruthy();
  });

  it('Shift+Tab from the dialog itself (its step changed under the focus) goes to its last control', async () => {
    const user = userEvent.setup();
    render(<Harness closable />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'Review' });
    dialog.focus();
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    // From a control inside, Shift+Tab is left to the browser and Radix's focus scope.
    const inside = screen.getByRole('button', { name: 'Inside two' });
    inside.focus();
    fireEvent.keyDown(inside, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(inside);
  });
});
