/**
 * A tooltip: more about an element on hover or keyboard focus (the full address behind a short one), on Radix's
 * Tooltip (ui/TooltipRadix.tsx). The trigger's accessible name does not change; the tooltip's text becomes its
 * description while open. Nothing may live only in a tooltip: it repeats what the element stands for.
 *
 * Radix and its positioning code stay out of the first load (decision 0038): until its first hover or focus the
 * trigger is rendered as it is; that event loads the tooltip's code, which then takes over the same element
 * (focused again if it had focus) and opens if the pointer or focus is still there.
 */
import { cloneElement, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode, type RefObject } from 'react';

type TooltipModule = typeof import('./TooltipRadix.tsx');

let loaded: TooltipModule | null = null;
let loading: Promise<TooltipModule> | null = null;
const load = (): Promise<TooltipModule> =>
  (loading ??= import('./TooltipRadix.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /** The trigger: one element that can take focus (a link, a button, or an element with `tabIndex={0}`). */
  children: ReactElement<TriggerProps>;
}

export function Tooltip({ content, children }: TooltipProps) {
  const [armed, setArmed] = useState<{ open: boolean; refocus: boolean } | null>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  if (armed && loaded) {
    const { TooltipRadix } = loaded;
    return (
      <TooltipRadix content={content} initiallyOpen={armed.open} refocus={armed.refocus}>
        {children}
      </TooltipRadix>
    );
  }
  const arm = () => {
    void load()
      .then(() => setArmed({ open: hovered.current || focused.current, refocus: focused.current }))
      .catch(() => undefined);
  };
  const own = children.props;
  /** Keeps the caller's handler, notes where the pointer or focus is, and loads the tooltip when one arrives. */
  const track =
    <E,>(handler: ((event: E) => void) | undefined, where: RefObject<boolean>, inside: boolean) =>
    (event: E) => {
      handler?.(event);
      where.current = inside;
      if (inside) arm();
    };
  return cloneElement(children, {
    onPointerEnter: track(own.onPointerEnter, hovered, true),
    onPointerLeave: track(own.onPointerLeave, hovered, false),
    onFocus: track(own.onFocus, focused, true),
    onBlur: track(own.onBlur, focused, false),
  });
}
