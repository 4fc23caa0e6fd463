/**
 * The tooltip itself, on Radix's Tooltip primitive (decision 0032): it opens on hover (after a short delay) and on
 * keyboard focus, stays while the pointer moves onto it, and Escape closes it. The trigger keeps its accessible
 * name; while open, the tooltip's text is its description (`aria-describedby`). Loaded by ui/Tooltip.tsx on the
 * first hover or focus of a trigger, never in the first load.
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import './tooltip.css';

export interface TooltipRadixProps {
  content: ReactNode;
  children: ReactElement;
  /** Open at once (the pointer or focus that armed it is still on the trigger). */
  initiallyOpen: boolean;
  /** Focus the trigger once mounted: it replaced the element that had focus. */
  refocus: boolean;
}

export function TooltipRadix({ content, children, initiallyOpen, refocus }: TooltipRadixProps) {
  const [open, setOpen] = useState(initiallyOpen);
  // Radix types the trigger as a button; with asChild it is the child element (code, a link…): focus() is all we use.
  const trigger = useRef<HTMLButtonElement>(null);
  // In the commit that replaced the focused element, not a frame later (Preact runs effects after the next paint).
  useLayoutEffect(() => {
    if (refocus) trigger.current?.focus({ preventScroll: true });
  }, [refocus]);
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="ui-tooltip" sideOffset={4} collisionPadding={8}>
            {content}
            <RadixTooltip.Arrow className="ui-tooltip-arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
