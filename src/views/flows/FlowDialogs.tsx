/**
 * Shows the running flow of the open Safe as a modal dialog (ui/Dialog, portalled to the body; the host marks it
 * with `data-flow-kind` and `data-flow-restored`): the newest one on top (an on-chain message
 * signature opens its transaction flow above the message flow). A flow rebuilt from its event log after a
 * reload comes back here by itself, in the step it was in. A flow that closes after its success step leaves a
 * notice (FlowToasts, decision 0038). A queued transaction executed elsewhere leaves one too (ExecutionNotices, 0043).
 */
import { lazy, Suspense, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { safeKeyOf } from '../../machines/shared/flows.ts';
import { useSafeSessionRef } from '../safeSession/safeSessionContext.tsx';
import { CodeBoundary } from '../components/CodeBoundary.tsx';
import { DialogDataContext } from '../ui/dialogData.ts';
import { useFlowsState } from './flowsContext.tsx';
import { ExecutionNotices } from '../safeSession/ExecutionNotices.tsx';

const FlowView = lazy(() => import('./FlowView.tsx'));
const FlowToasts = lazy(() => import('./FlowToasts.tsx'));

function SafeFlows({ safeKey, safe }: { safeKey: string; safe: string }) {
  const { flows, problems } = useFlowsState();
  const mine = useMemo(() => flows.filter((f) => f.safeKey === safeKey), [flows, safeKey]);
  const top = mine[mine.length - 1];
  return (
    <>
      {mine.length > 0 ? (
        <Suspense fallback={null}>
          <FlowToasts flows={mine} safe={safe} />
        </Suspense>
      ) : null}
      {problems.length > 0 ? (
        <div role="alert" className="banner banner-error">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      ) : null}
      {top ? (
        <div className="flow-host">
          <DialogDataContext.Provider value={{ 'data-flow-kind': top.kind, 'data-flow-restored': top.restored ? 'true' : undefined }}>
            <CodeBoundary what="This dialog" resetKey={top.id}>
              <Suspense fallback={<p role="status">Loading…</p>}>
                <FlowView key={top.id} flow={top} />
              </Suspense>
            </CodeBoundary>
          </DialogDataContext.Provider>
        </div>
      ) : null}
    </>
  );
}

/** Mounted once inside the Safe session provider. */
export function FlowDialogs() {
  const session = useSafeSessionRef();
  const key = useSelector(session ?? undefined, (s) => (s?.context.safeInfo && s.context.chain ? safeKeyOf(s.context.chain.chainId, s.context.safeInfo.address.value) : null));
  const safe = useSelector(session ?? undefined, (s) => (s?.context.safeInfo && s.context.chain ? `${s.context.chain.shortName}:${s.context.safeInfo.address.value}` : null));
  if (!key || !safe) return null;
  return (
    <>
      <ExecutionNotices key={key} safe={safe} />
      <SafeFlows safeKey={key} safe={safe} />
    </>
  );
}
