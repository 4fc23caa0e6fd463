import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MACHINES } from '../../src/machines/registry.ts';
import { createAuditService, exportNdjson, type AuditService } from '../../src/services/eventLog/index.ts';
import { AuditProvider } from '../../src/views/audit/auditContext.tsx';
import { AuditScreen } from '../../src/views/audit/AuditScreen.tsx';
import { readFileText } from '../../src/views/audit/download.ts';
import { loggedSession, records, type LoggedSession } from '../unit/eventLog/fixtures.ts';

let session: LoggedSession;
let audit: AuditService;
const downloads: { name: string; blob: Blob }[] = [];

beforeEach(async () => {
  session = await loggedSession();
  audit = createAuditService({
    store: session.store,
    capture: session.capture,
    machines: MACHINES,
    app: { name: 'countersign', version: '0.1.0' },
    currentStreamId: session.streamId,
    now: () => '2026-01-01T00:00:00.000Z',
  });
  downloads.length = 0;
  let blob: Blob | null = null;
  // jsdom has no object URLs: a URL of our own for this test (the dom project's files share a worker, decision 0092).
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (b: Blob) => ((blob = b), 'blob:test'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) downloads.push({ name: this.download, blob });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAudit() {
  render(
    <AuditProvider port={audit}>
      <AuditScreen />
    </AuditProvider>,
  );
}

describe('/audit', () => {
  it('lists the flow streams and shows a timeline: who, what, when, resulting state', async () => {
    renderAudit();
    const flows = await screen.findByRole('list', { name: 'Flows' });
    expect(within(flows).getByRole('button', { name: 'appSession:test' })).toHaveAttribute('aria-pressed', 'true');
    expect(flows).toHaveTextContent('appSession · 6 events · open · this session');
    const rows = within(await screen.findByRole('table', { name: 'Timeline' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['1', '2026-01-01 00:00:00.000', 'system', expect.stringMatching(/^xstate\.init \{"input":/), 'booting'],
      ['2', '2026-01-01 00:00:01.000', 'effect (loadConfig)', expect.stringMatching(/^xstate\.done\.actor\.loadConfig \{"output":/), 'running.gateway.checkingGateway | eventLog.saving'],
      ['3', '2026-01-01 00:00:02.000', 'effect (probeGateway)', 'xstate.error.actor.probeGateway {"error":{"name":"Error","message":"Gateway unreachable at http://gateway.test"}}', 'running.gateway.gatewayUnreachable | eventLog.saving'],
      ['4', '2026-01-01 00:00:03.000', 'user', 'user.navigate {"to":"/balances"}', 'running.gateway.gatewayUnreachable | eventLog.saving'],
      ['5', '2026-01-01 00:00:04.000', 'user', 'user.toggleTheme ', 'running.gateway.gatewayUnreachable | eventLog.saving'],
      ['6', '2026-01-01 00:00:05.000', 'system', 'system.locationChanged {"path":"/home","search":""}', 'running.gateway.gatewayUnreachable | eventLog.saving'],
    ]);
  });

  it('updates the timeline live when the flow receives an event', async () => {
    renderAudit();
    await screen.findByRole('table', { name: 'Timeline' });
    session.actor.send({ type: 'user.retry' });
    await session.capture.flush();
    audit.notifyAppended((await records(session)).at(-1)!);
    expect(await screen.findByText('user.retry')).toBeInTheDocument();
  });

  it('verifies the stored log and exports it as NDJSON', async () => {
    const user = userEvent.setup();
    renderAudit();
    await screen.findByRole('table', { name: 'Timeline' });
    await user.click(screen.getByRole('button', { name: 'Verify stored log' }));
    expect(await screen.findByRole('status', { name: 'Stored log verification' })).toHaveTextContent(/^OK: stream appSession:test, 6 records/);
    await user.click(screen.getByRole('button', { name: 'Export NDJSON' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('appSession_test.ndjson');
    expect(await readFileText(downloads[0]!.blob)).toBe(await exportNdjson(await records(session), { app: { name: 'countersign', version: '0.1.0' }, exportedAt: '2026-01-01T00:00:00.000Z' }));
  });

  it('imports an exported file and says exactly where a tampered one breaks', async () => {
    const user = userEvent.setup();
    renderAudit();
    const text = await exportNdjson(await records(session), { app: { name: 'countersign', version: '0.1.0' }, exportedAt: '2026-01-01T00:00:00.000Z' });
    const input = screen.getByLabelText('Exported NDJSON file');
    await user.upload(input, new File([text], 'good.ndjson'));
    expect(await screen.findByRole('status', { name: 'Verification of good.ndjson' })).toHaveTextContent(/^OK: stream appSession:test, 6 records \(seq 1–6\)/);
    const tampered = text.replace('"to":"/balances"', '"to":"/balancez"');
    await user.upload(input, new File([tampered], 'tampered.ndjson'));
    expect(await screen.findByRole('status', { name: 'Verification of tampered.ndjson' })).toHaveTextContent(
      'FAIL line 5 (seq 4): hash mismatch: the record does not match its hash (its content was changed)',
    );
  });
});
