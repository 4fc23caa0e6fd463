export { Dialog, type DialogProps } from './Dialog.tsx';
export { DialogDataContext } from './dialogData.ts';
export { DISMISS_LABEL, dismissEventOf } from './dismiss.ts';
export { Popover, type PopoverProps } from './Popover.tsx';
