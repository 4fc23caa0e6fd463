/**
 * A small panel that opens from a button (the wallet menu), on Radix's Popover primitive (decision 0032). It is a
 * non-modal dialog named by `label`: focus moves into it when it opens, Escape and a click outside close it, and
 * focus goes back to its button (not after a click elsewhere: focus stays where the user clicked). The rest of the
 * page stays usable while it is open.
 *
 * Its button is either
 *  - `trigger`: rendered by the popover (Radix's Trigger, `asChild`): it keeps its own accessible name and gets
 *    `aria-haspopup`, `aria-expanded` and `aria-controls`; or
 *  - `anchor`: a button rendered elsewhere, so that this module (and Radix) can be loaded on first open instead of
 *    with the page (the header's wallet button: the cold load has a budget). That button toggles `open` itself and
 *    says `aria-expanded`; a press on it is not an "outside click".
 * Open state is the popover's own unless `open` / `onOpenChange` are given (required with `anchor`).
 */
import * as RadixPopover from '@radix-ui/react-popover';
import { useRef, type ReactElement, type ReactNode, type RefObject } from 'react';
import './popover.css';

interface PopoverCommonProps {
  /** The panel's accessible name. */
  label: string;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Which edge of the button the panel lines up with. */
  align?: 'start' | 'center' | 'end';
  className?: string;
  /** The panel's id, with `anchor` (that button points at it with `aria-controls`); Radix names it for a `trigger`. */
  id?: string;
}

export type PopoverProps = PopoverCommonProps &
  ({ trigger: ReactElement; anchor?: undefined } | { anchor: RefObject<HTMLElement | null>; trigger?: undefined; open: boolean; onOpenChange: (open: boolean) => void });

export function Popover({ trigger, anchor, label, children, open, onOpenChange, align = 'end', className, id }: PopoverProps) {
  const classes = ['ui-popover', className].filter(Boolean).join(' ');
  // With an anchor, Radix does not know the button: it is told here which presses are not outside, and focus goes
  // back to it as Radix does for its own Trigger.
  const interactedOutside = useRef(false);
  // Whether the panel is meant to be open now: once it is closing (Escape), focus leaving its removed content for
  // the page (useFocusKeeper) is not the user interacting outside, and must not keep focus from going back.
  const isOpen = useRef(open);
  isOpen.current = open;
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      {anchor ? <RadixPopover.Anchor virtualRef={anchor} /> : <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>}
      <RadixPopover.Portal>
        <RadixPopover.Content
          className={classes}
          aria-label={label}
          // Radix names the panel itself for its Trigger's aria-controls; an anchor button points at `id`.
          {...(anchor && id ? { id } : {})}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          onInteractOutside={(event) => {
            if (!anchor) return;
            if (event.target instanceof Node && anchor.current?.contains(event.target)) event.preventDefault();
            else if (isOpen.current) interactedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            if (!anchor) return;
            event.preventDefault();
            if (!interactedOutside.current) anchor.current?.focus();
            interactedOutside.current = false;
          }}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
