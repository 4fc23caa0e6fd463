/** Kept apart from Dialog.tsx so the shell can provide it without loading Radix. */
import { createContext } from 'react';

/**
 * `data-*` attributes put on every dialog rendered below the provider: the flow host marks its dialog with the
 * flow's kind and whether it was restored, without each flow's dialog knowing about the host.
 */
export const DialogDataContext = createContext<Readonly<Record<`data-${string}`, string | undefined>>>({});
