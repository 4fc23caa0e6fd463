import { useCallback, useEffect, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import type { AuditPort, AuditRecord, AuditStream, AuditVerifyReport } from './auditPort.ts';
import { useAuditPort } from './auditContext.tsx';
import { downloadText, readFileText } from './download.ts';
import { describeFlow, groupBySafe, safeHeading, type FlowSummary } from './describeFlow.ts';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';
import './audit.css';

/** Streams worth describing to people: the flows and Safe creations (app sessions stay in the technical list). */
const isDescribed = (stream: AuditStream) => stream.streamId.startsWith('flow/') || stream.machineId === 'createSafe';

/** Each described stream's records, read again when the log changes. */
function useSummaries(port: AuditPort, streams: AuditStream[] | null): { stream: AuditStream; records: AuditRecord[] }[] | null {
  const [loaded, setLoaded] = useState<{ stream: AuditStream; records: AuditRecord[] }[] | null>(null);
  useEffect(() => {
    if (!streams) return;
    let live = true;
    const wanted = streams.filter(isDescribed);
    void Promise.all(wanted.map(async (stream) => ({ stream, records: await port.readStream(stream.streamId) }))).then((list) => live && setLoaded(list));
    return () => {
      live = false;
    };
  }, [port, streams]);
  return loaded;
}

const dateText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

/** What each flow did, grouped by Safe, newest first: the signer finds "the transaction I signed" here. */
function PeopleList({ port, streams, onShow }: { port: AuditPort; streams: AuditStream[] | null; onShow: (streamId: string) => void }) {
  const loaded = useSummaries(port, streams);
  const nameOf = useAddressNameResolver(null);
  if (streams === null || loaded === null) return <p role="status">Loading what was recorded…</p>;
  const summaries: FlowSummary[] = loaded.map(({ stream, records }) => describeFlow(stream, records, nameOf));
  if (summaries.length === 0) return <p>Nothing done yet: transactions, messages and Safe creations appear here.</p>;
  return (
    <>
      {groupBySafe(summaries).map((group) => (
        <section key={group.safeKey ?? 'other'} aria-label={safeHeading(group.safeKey)} className="audit-group">
          <h3>{safeHeading(group.safeKey)}</h3>
          <ul className="audit-done" aria-label={`Done on ${safeHeading(group.safeKey)}`}>
            {group.items.map((item) => (
              <li key={item.streamId}>
                <span className="audit-done-title">{item.title}</span>
                {item.facts.filter(Boolean).length > 0 ? <span className="muted"> · {item.facts.filter(Boolean).join(' · ')}</span> : null}
                <span className="audit-done-when">
                  <time dateTime={item.at}>{dateText(item.at)}</time>{' '}
                  <button type="button" className="link-button" onClick={() => onShow(item.streamId)} aria-label={`Records of: ${item.title}`}>
                    Records
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, child]) => {
        const inner = stateText(child);
        return inner ? `${key}.${inner}` : key;
      })
      .join(' | ');
  }
  return String(value);
}

function payloadText(payload: AuditRecord['payload']): string {
  const { actorId: _actorId, ...rest } = payload;
  const text = JSON.stringify(rest);
  if (text === '{}') return '';
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

function who(record: AuditRecord): string {
  return record.sourceActorId ? `${record.origin} (${record.sourceActorId})` : record.origin;
}

/** What was proven, one line each: internally consistent / attested by / anchored facts (decision 0047). */
function VerifyResult({ report, label }: { report: AuditVerifyReport; label: string }) {
  const lines = report.lines?.length ? report.lines : [report.summary];
  return (
    <div role="status" aria-label={label} className={report.ok ? 'banner audit-verdict' : 'banner banner-error audit-verdict'} data-ok={report.ok}>
      {lines.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}

/** The connected account that can sign an export (re-read whenever the log tells its subscribers). */
function useAttester(port: AuditPort): string | null {
  return useSyncExternalStore(
    useCallback((listener: () => void) => port.subscribe(listener), [port]),
    () => port.attester(),
  );
}

function useStreams(port: AuditPort): AuditStream[] | null {
  const [streams, setStreams] = useState<AuditStream[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void port.listStreams().then((list) => live && setStreams(list));
    load();
    const unsubscribe = port.subscribe(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [port]);
  return streams;
}

function useRecords(port: AuditPort, streamId: string | null): AuditRecord[] | null {
  const [records, setRecords] = useState<{ streamId: string; list: AuditRecord[] } | null>(null);
  useEffect(() => {
    if (!streamId) return;
    let live = true;
    const load = () => void port.readStream(streamId).then((list) => live && setRecords({ streamId, list }));
    load();
    const unsubscribe = port.subscribe(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [port, streamId]);
  return records && records.streamId === streamId ? records.list : null;
}

function Timeline({ records }: { records: AuditRecord[] }) {
  return (
    <table aria-label="Timeline" className="timeline">
      <thead>
        <tr>
          <th scope="col">Seq</th>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Resulting state</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.seq} title={`hash ${record.hash}`}>
            <td>{record.seq}</td>
            <td>
              <time dateTime={record.recordedAt}>{record.recordedAt.replace('T', ' ').replace('Z', '')}</time>
            </td>
            <td>{who(record)}</td>
            <td>
              <code>{record.type}</code> <span className="muted">{payloadText(record.payload)}</span>
            </td>
            <td>
              <code>{stateText(record.stateAfter.value)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StreamAudit({ port, streamId }: { port: AuditPort; streamId: string }) {
  const records = useRecords(port, streamId);
  const [report, setReport] = useState<{ streamId: string; report: AuditVerifyReport } | null>(null);
  const verify = useCallback(async () => {
    const { text } = await port.exportStream(streamId);
    setReport({ streamId, report: await port.verifyText(text) });
  }, [port, streamId]);
  const download = useCallback(async () => {
    const { fileName, text } = await port.exportStream(streamId);
    downloadText(fileName, text);
  }, [port, streamId]);
  const attester = useAttester(port);
  const [signing, setSigning] = useState<{ streamId: string; state: 'waiting' | 'done' | { error: string } } | null>(null);
  const downloadSigned = useCallback(async () => {
    setSigning({ streamId, state: 'waiting' });
    try {
      const { fileName, text } = await port.exportSignedStream(streamId);
      downloadText(fileName, text);
      setSigning({ streamId, state: 'done' });
    } catch (error) {
      setSigning({ streamId, state: { error: error instanceof Error ? error.message : String(error) } });
    }
  }, [port, streamId]);
  const signingState = signing && signing.streamId === streamId ? signing.state : null;
  return (
    <section aria-label={`Stream ${streamId}`}>
      <h2>{streamId}</h2>
      <div className="toolbar">
        <button type="button" onClick={() => void download()} disabled={!records?.length}>
          Export NDJSON
        </button>{' '}
        {attester ? (
          <>
            <button type="button" onClick={() => void downloadSigned()} disabled={!records?.length || signingState === 'waiting'}>
              Export signed by my wallet
            </button>{' '}
          </>
        ) : null}
        <button type="button" onClick={() => void verify()} disabled={!records?.length}>
          Verify stored log
        </button>
      </div>
      {signingState === 'waiting' ? <p role="status">Confirm the signature in your wallet ({attester}). It costs nothing and sends no transaction.</p> : null}
      {signingState === 'done' ? <p role="status">Signed export saved. Anyone can check it under “Verify an exported file”.</p> : null}
      {signingState && typeof signingState === 'object' ? <p role="alert">{signingState.error}</p> : null}
      {report && report.streamId === streamId ? <VerifyResult report={report.report} label="Stored log verification" /> : null}
      {records ? <Timeline records={records} /> : <p role="status">Loading the timeline…</p>}
    </section>
  );
}

function ImportVerify({ port }: { port: AuditPort }) {
  const [result, setResult] = useState<{ name: string; report: AuditVerifyReport } | null>(null);
  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await readFileText(file);
    setResult({ name: file.name, report: await port.verifyText(text) });
  }
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Verify an exported file</h2>
      <label>
        Exported NDJSON file <input type="file" accept=".ndjson,application/x-ndjson,text/plain" onChange={(e) => void onFile(e)} />
      </label>
      {result ? <VerifyResult report={result.report} label={`Verification of ${result.name}`} /> : null}
    </section>
  );
}

export function AuditScreen() {
  const port = useAuditPort();
  if (!port) {
    return (
      <section aria-labelledby="screen-title" className="screen">
        <h1 id="screen-title">Audit</h1>
        <p role="alert">The event log is not available in this session.</p>
      </section>
    );
  }
  return <AuditWithPort port={port} />;
}

function AuditWithPort({ port }: { port: AuditPort }) {
  const streams = useStreams(port);
  const [chosen, setChosen] = useState<string | null>(null);
  const [technical, setTechnical] = useState(false);
  const selected = chosen ?? streams?.[0]?.streamId ?? null;
  return (
    <section aria-labelledby="screen-title" className="screen audit">
      <h1 id="screen-title">Audit</h1>
      <p>
        What was done from this device, recorded as it happened. Each record is hash-chained: export it, or verify an exported file. A plain export shows only
        that the file agrees with itself; an export signed by your wallet also shows who vouches for it.
      </p>
      <h2>What was done</h2>
      <PeopleList
        port={port}
        streams={streams}
        onShow={(streamId) => {
          setChosen(streamId);
          setTechnical(true);
        }}
      />
      <details className="audit-technical" open={technical} onToggle={(e) => setTechnical(e.currentTarget.open)}>
        <summary>Technical records: machine ids, stream ids and raw events</summary>
      <h2>Flows</h2>
      {streams === null ? (
        <p role="status">Loading the event log…</p>
      ) : streams.length === 0 ? (
        <p>No events recorded yet.</p>
      ) : (
        <ul aria-label="Flows" className="stream-list">
          {streams.map((stream) => (
            <li key={stream.streamId}>
              <button type="button" aria-pressed={stream.streamId === selected} onClick={() => setChosen(stream.streamId)}>
                {stream.streamId}
              </button>{' '}
              <span className="muted">
                {stream.machineId} · {stream.headSeq} events · {stream.status}
                {stream.streamId === port.currentStreamId() ? ' · this session' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {selected ? <StreamAudit port={port} streamId={selected} /> : null}
      </details>
      <ImportVerify port={port} />
    </section>
  );
}
