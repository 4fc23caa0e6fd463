/**
 * The links a notice carries (decisions 0038, 0043), shared by the flows' outcome notices (flowToasts.ts) and the
 * notice of an execution seen elsewhere (safeSession/ExecutionNotices.tsx). Pure; small, since the latter is in
 * the first load.
 */
import { transactionPath } from '../../machines/shared/routes.ts';
import { fillExplorerTemplate } from '../components/explorer.tsx';
import type { ToastAction } from '../ui/toasts.tsx';

/** A path in the Safe `safe` (`<shortName>:<address>`): a notice's link keeps its Safe whatever page is open. */
export const inSafe = (path: string, safe: string): string => `${path}&safe=${encodeURIComponent(safe)}`;

/**
 * "View transaction" (its details in the app, in the Safe `safe`; `listedIn` says where the list shows it) and,
 * when it was executed and the chain has an explorer, "View on explorer".
 */
export function transactionNoticeActions(
  tx: { txId: string; txHash: string | null },
  safe: string,
  txHashTemplate: string | null,
  listedIn: string,
): ToastAction[] {
  const actions: ToastAction[] = [{ label: 'View transaction', to: inSafe(transactionPath(tx.txId), safe), altText: `The transaction is listed in ${listedIn}.` }];
  const explorer = tx.txHash ? fillExplorerTemplate(txHashTemplate ?? undefined, 'txHash', tx.txHash) : null;
  if (explorer) actions.push({ label: 'View on explorer', href: explorer, altText: 'The transaction’s details link to the explorer.' });
  return actions;
}
