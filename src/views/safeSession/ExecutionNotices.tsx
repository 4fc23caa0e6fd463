/**
 * "Transaction nonce 3 was executed": a polite notice when a queued transaction this page showed was executed
 * elsewhere (another signer, or anyone holding its signatures) — decision 0043. What counts is decided by the pure
 * `watchExecutions` (machines/safeSession/executedElsewhere.ts) from the session's context and its lists; this only
 * feeds it, starts the history when a nonce waits for its entry there, and shows the notices (decision 0038's toasts).
 * What this page's own flows executed never counts (`ownExecutions`).
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { NOTHING_WATCHED, awaitsHistory, watchExecutions, type ExecutedElsewhere } from '../../machines/safeSession/executedElsewhere.ts';
import { useExplorerTemplates } from '../components/explorer.tsx';
import { transactionNoticeActions } from '../flows/noticeLinks.ts';
import { isOwnExecution } from '../flows/ownExecutions.ts';
import { useShowToast, type ToastNotice } from '../ui/toasts.tsx';
import { useSafeChild, useSafeSession, useSafeSessionSend } from './safeSessionContext.tsx';

const NO_ITEMS: never[] = [];

/** The notice of one execution seen elsewhere; `safe` is `<shortName>:<address>` for the link. Pure. */
export function executedElsewhereNotice(executed: ExecutedElsewhere, safe: string, txHashTemplate: string | null): ToastNotice {
  return {
    title: executed.failed ? `Transaction nonce ${executed.nonce} was executed and failed` : `Transaction nonce ${executed.nonce} was executed`,
    description: 'Not from this page: someone else sent it. As the gateway reports it (the Safe’s nonce moved on, the history lists it).',
    actions: transactionNoticeActions(executed, safe, txHashTemplate, 'the history'),
  };
}

export function ExecutionNotices({ safe }: { safe: string }) {
  const show = useShowToast();
  const send = useSafeSessionSend();
  const templates = useExplorerTemplates();
  const nonce = useSafeSession((s) => s.context.safeInfo?.nonce ?? null);
  const canOpenHistory = useSafeSession((s) => s.can({ type: 'user.listOpened', list: 'history' }));
  const queue = useSelector(useSafeChild('queue'), (s) => s?.context.items ?? NO_ITEMS);
  const history = useSelector(useSafeChild('history'), (s) => s?.context.items ?? NO_ITEMS);
  const watch = useRef(NOTHING_WATCHED);
  const latest = useRef({ show, safe, txHashTemplate: templates?.txHash ?? null });
  latest.current = { show, safe, txHashTemplate: templates?.txHash ?? null };

  useEffect(() => {
    const next = watchExecutions(watch.current, { nonce, queue, history, own: isOwnExecution });
    watch.current = next.watch;
    for (const executed of next.executed) latest.current.show(executedElsewhereNotice(executed, latest.current.safe, latest.current.txHashTemplate));
    // The executed entry is in the history: it loads now if no screen opened it yet (once; a poll refreshes it).
    if (awaitsHistory(next.watch) && canOpenHistory) send({ type: 'user.listOpened', list: 'history' });
  }, [nonce, queue, history, canOpenHistory, send]);

  return null;
}
