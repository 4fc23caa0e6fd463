/**
 * The app's notices (toasts): what views show and how. Kept apart from Toast.tsx so the shell can hold the list
 * without loading Radix: the Radix toaster (Toast.tsx) loads with the first notice (decision 0038).
 *
 * A notice is view-only: it repeats an outcome the screen that produced it already shows (a flow's success
 * step), and links to where it lives. It never takes focus; it is announced politely.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

/**
 * A link a notice offers: in the app (`to`, an app path) or elsewhere (`href`, opened in a new tab). `altText` is
 * what a screen reader hears instead of the link: where else the same thing can be reached.
 */
export type ToastAction = { label: string; altText: string } & ({ to: string; href?: never } | { href: string; to?: never });

export interface ToastNotice {
  title: string;
  description?: string;
  actions?: readonly ToastAction[];
}

export interface ShownToast extends ToastNotice {
  id: number;
}

/** At most this many notices at once: the oldest goes first. */
const MAX_SHOWN = 3;

const ShowToastContext = createContext<(notice: ToastNotice) => void>(() => undefined);

const Toaster = lazy(() => import('./Toast.tsx').then((m) => ({ default: m.Toaster })));

let nextId = 1;

/**
 * Holds the notices shown and renders their region (once there is one). Mount once in the shell, inside the app
 * session provider (in-app links navigate through it).
 */
export function ToastsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly ShownToast[]>([]);
  const show = useCallback((notice: ToastNotice) => setToasts((list) => [...list, { ...notice, id: nextId++ }].slice(-MAX_SHOWN)), []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  return (
    <ShowToastContext.Provider value={show}>
      {children}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </ShowToastContext.Provider>
  );
}

/** Shows a notice (does nothing outside a ToastsProvider). */
export function useShowToast(): (notice: ToastNotice) => void {
  return useContext(ShowToastContext);
}
