export { Dialog, type DialogProps } from './Dialog.tsx';
export { DialogDataContext } from './dialogData.ts';
export { DISMISS_LABEL, dismissEventOf } from './dismiss.ts';
export { Popover, type PopoverProps } from './Popover.tsx';
export { ToastsProvider, useShowToast, type ToastAction, type ToastNotice } from './toasts.tsx';
export { Tooltip, type TooltipProps } from './Tooltip.tsx';
export { Tabs, type TabItem, type TabsProps } from './Tabs.tsx';
export { StatusBadge, type StatusTone } from './StatusBadge.tsx';
export { Amount, Fiat, type AmountProps, type FiatProps } from './Amount.tsx';
