/**
 * The app's one modal dialog, on Radix's Dialog primitive (decision 0032): focus moves into it and is trapped
 * there, the rest of the page is hidden from assistive technology, Escape and the close button close it, and
 * focus returns to the element that had it before the dialog opened.
 *
 * The dialog is open while it is mounted; whoever mounts it decides when it goes (a flow's view model, a
 * screen's own state). `onClose` is what Escape, the close button and (when allowed) a click outside do: pass
 * it only while closing is possible, e.g. while the flow's view model accepts `user.close`; without it the
 * dialog has no close button and Escape does nothing.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useContext, useState, type ReactNode } from 'react';
import { DialogDataContext } from './dialogData.ts';
import './ui.css';

/** Whether `el` is rendered: neither it nor an ancestor up to `container` is hidden or in a closed <details>. */
function shown(el: HTMLElement, container: HTMLElement): boolean {
  if (getComputedStyle(el).visibility === 'hidden') return false;
  for (let node: HTMLElement | null = el; node && node !== container; node = node.parentElement) {
    if (node.hidden || getComputedStyle(node).display === 'none') return false;
    const parent = node.parentElement;
    if (parent instanceof HTMLDetailsElement && !parent.open && node.tagName !== 'SUMMARY') return false;
  }
  return true;
}

/** The last control Tab can reach in `container` (in the tab order, enabled, shown). */
function lastTabbable(container: HTMLElement): HTMLElement | null {
  const all = [...container.querySelectorAll<HTMLElement>('*')];
  for (let i = all.length - 1; i >= 0; i--) {
    const el = all[i]!;
    if (el.tabIndex >= 0 && !el.hasAttribute('disabled') && shown(el, container)) return el;
  }
  return null;
}

/** Where focus goes when the element that opened the dialog is gone (a Delete button of a deleted transaction). */
function focusFallback(): void {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

export interface DialogProps {
  /** The dialog's name: rendered as its heading and announced when it opens. */
  title: ReactNode;
  children: ReactNode;
  /** Escape, the close button and an outside click (if `closeOnOutsideClick`). Omit while it cannot close. */
  onClose?: () => void;
  /** The close button's accessible name. */
  closeLabel?: string;
  /** One line under the title, read out with it. */
  description?: ReactNode;
  /** `modal`: centred. `drawer`: from the left edge, full height (the phone menu). */
  variant?: 'modal' | 'drawer';
  /** A click on the backdrop closes too. Off by default: a stray click must not leave a signing step. */
  closeOnOutsideClick?: boolean;
  className?: string;
}

export function Dialog({ title, children, onClose, closeLabel = 'Close', description, variant = 'modal', closeOnOutsideClick = false, className }: DialogProps) {
  const classes = ['ui-dialog', `ui-dialog-${variant}`, className].filter(Boolean).join(' ');
  // Radix returns focus only to its own Dialog.Trigger; our dialogs are opened by machines and by plain buttons,
  // so the element that had focus when the dialog first rendered is where focus goes back (if still on the page).
  const [returnTo] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const data = useContext(DialogDataContext);
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose?.())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-overlay" />
        <RadixDialog.Content
          className={classes}
          {...data}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => {
            // Radix listens for Escape on the document in the capture phase: an open suggestion list inside the
            // dialog (a combobox) gets it first, and the dialog stays.
            const target = event.target instanceof Element ? event.target : null;
            if (!onClose || target?.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
          }}
          onKeyDown={(event) => {
            // Focus rests on the dialog itself when the control that had it went (a flow's step changed). Tab
            // goes on to its first control by itself; Radix wraps Shift+Tab only from that first control, so
            // from the dialog itself Shift+Tab would stay put: it goes to the last control.
            if (event.key !== 'Tab' || !event.shiftKey || event.target !== event.currentTarget) return;
            const last = lastTabbable(event.currentTarget);
            if (!last) return;
            event.preventDefault();
            last.focus();
          }}
          onInteractOutside={(event) => (onClose && closeOnOutsideClick ? undefined : event.preventDefault())}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Another dialog that opened as this one closed (the phone menu's New transaction) keeps its focus.
            const current = document.activeElement;
            if (current && current !== document.body && current.closest('[role="dialog"]')) return;
            if (returnTo instanceof HTMLElement && returnTo.isConnected && returnTo !== document.body) returnTo.focus();
            else focusFallback();
          }}
        >
          <div className="ui-dialog-head">
            <RadixDialog.Title className="ui-dialog-title">{title}</RadixDialog.Title>
            {onClose ? (
              <RadixDialog.Close className="ui-dialog-close" aria-label={closeLabel}>
                <span aria-hidden="true">×</span>
              </RadixDialog.Close>
            ) : null}
          </div>
          {description ? <RadixDialog.Description className="ui-dialog-description">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
