/**
 * The notices' region, on Radix's Toast primitive (decisions 0032, 0038): a labelled region at the foot of the
 * page ("Notifications (F8)": F8 moves focus there), each notice announced through a polite status region
 * (`role="status"`, `aria-live="polite"`) without taking focus. A notice stays 10 s, longer while the pointer is
 * over the region or focus is in it; Escape or its × dismisses it. Its links are Radix actions: following one
 * dismisses the notice, and a screen reader hears where else the same thing is (`altText`).
 *
 * Loaded with the first notice (ui/toasts.tsx renders it), never in the first load.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { Link } from '../components/Link.tsx';
import type { ShownToast, ToastAction } from './toasts.tsx';
import './toast.css';

/** How long a notice stays without the pointer or focus on it. */
export const TOAST_DURATION_MS = 10_000;

function Action({ action }: { action: ToastAction }) {
  return (
    <RadixToast.Action altText={action.altText} asChild>
      {action.to !== undefined ? (
        <Link className="ui-toast-action" to={action.to}>
          {action.label}
        </Link>
      ) : (
        <a className="ui-toast-action" href={action.href} target="_blank" rel="noopener noreferrer">
          {action.label}
        </a>
      )}
    </RadixToast.Action>
  );
}

export function Toaster({ toasts, onDismiss }: { toasts: readonly ShownToast[]; onDismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {toasts.map((toast) => (
        <RadixToast.Root key={toast.id} type="background" className="ui-toast" onOpenChange={(open) => (open ? undefined : onDismiss(toast.id))}>
          <RadixToast.Title className="ui-toast-title">{toast.title}</RadixToast.Title>
          {toast.description ? <RadixToast.Description className="ui-toast-description">{toast.description}</RadixToast.Description> : null}
          {toast.actions?.length ? (
            <div className="ui-toast-actions">
              {toast.actions.map((action) => (
                <Action key={action.label} action={action} />
              ))}
            </div>
          ) : null}
          <RadixToast.Close className="ui-toast-close" aria-label={`Dismiss notice: ${toast.title}`}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="ui-toast-viewport" />
    </RadixToast.Provider>
  );
}
