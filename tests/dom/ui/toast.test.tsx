/** ui/toasts + ui/Toast: a notice is announced politely, never takes focus, and its links work and dismiss it. */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppSessionProvider } from '../../../src/views/appContext.tsx';
import { ToastsProvider, useShowToast, type ToastNotice } from '../../../src/views/ui/toasts.tsx';
import { idleAppSession } from '../../harness/appSession.ts';

const PROPOSED: ToastNotice = {
  title: 'Transaction proposed',
  description: 'Signed and submitted.',
  actions: [
    { label: 'View transaction', to: '/transactions/tx?id=multisig_0xabc_0x01&safe=devnet:0xabc', altText: 'The transaction is listed in the queue.' },
    { label: 'View on explorer', href: 'https://explorer.test/tx/0x02', altText: 'The details link to the explorer.' },
  ],
};

function Trigger({ notice }: { notice: ToastNotice }) {
  const show = useShowToast();
  return (
    <button type="button" onClick={() => show(notice)}>
      Do it
    </button>
  );
}

function setup(notice: ToastNotice = PROPOSED) {
  const app = idleAppSession();
  const send = vi.spyOn(app, 'send');
  render(
    <AppSessionProvider actor={app}>
      <ToastsProvider>
        <Trigger notice={notice} />
      </ToastsProvider>
    </AppSessionProvider>,
  );
  return { app, send };
}

// jsdom has no pointer capture; Radix's toast (swipe to dismiss) asks for it on every pointer-up.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

afterEach(cleanup);

describe('ui Toast', () => {
  it('shows a notice in a labelled region, announced politely, without taking focus', async () => {
    const user = userEvent.setup();
    setup();
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    const trigger = screen.getByRole('button', { name: 'Do it' });
    await user.click(trigger);
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Transaction proposed')).toBeTruthy();
    expect(within(region).getByText('Signed and submitted.')).toBeTruthy();
    expect(document.activeElement).toBe(trigger);
    // Radix announces the notice in a visually hidden status region: polite, the links replaced by where else they are.
    await waitFor(() => {
      const live = screen.getAllByRole('status').find((el) => el.textContent?.includes('Transaction proposed'));
      expect(live).toBeDefined();
      expect(live).toHaveAttribute('aria-live', 'polite');
      expect(live!.textContent).toContain('The transaction is listed in the queue.');
    });
  });

  it('its in-app link navigates through the app and dismisses the notice; the explorer opens in a new tab', async () => {
    const user = userEvent.setup();
    const { send } = setup();
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    const explorer = within(region).getByRole('link', { name: 'View on explorer' });
    expect(explorer).toHaveAttribute('href', 'https://explorer.test/tx/0x02');
    expect(explorer).toHaveAttribute('target', '_blank');
    expect(explorer.getAttribute('rel')).toContain('noopener');
    const link = within(region).getByRole('link', { name: 'View transaction' });
    expect(link).toHaveAttribute('href', '/transactions/tx?id=multisig_0xabc_0x01&safe=devnet%3A0xabc');
    await user.click(link);
    expect(send).toHaveBeenCalledWith({ type: 'user.navigate', to: PROPOSED.actions![0]!.to });
    await waitFor(() => expect(screen.queryByText('Transaction proposed')).toBeNull());
  });

  it('is dismissed by its × (named after it) and by Escape from inside it; at most three show', async () => {
    const user = userEvent.setup();
    setup({ title: 'Transaction deleted', description: 'Transaction #4 was removed from the queue.' });
    const trigger = screen.getByRole('button', { name: 'Do it' });
    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Dismiss notice: Transaction deleted' }));
    await waitFor(() => expect(screen.queryByText('Transaction deleted')).toBeNull());

    for (let i = 0; i < 4; i++) await user.click(trigger);
    await waitFor(() => expect(screen.getAllByText('Transaction deleted')).toHaveLength(3));
    const close = screen.getAllByRole('button', { name: 'Dismiss notice: Transaction deleted' })[0]!;
    close.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getAllByText('Transaction deleted')).toHaveLength(2));
  });
});
