/**
 * The audit screen in people's words: what each recorded flow did ("Sent 0.1 ETH to 0x90F7…b906 · nonce 6 ·
 * signed by you"), for which Safe, derived only from the flow's own recorded events (its input, the locally
 * decoded description the cross-check stored, the SafeTx it built, the signature and receipt its effects
 * returned) — never from a gateway label. Pure: unit-tested in tests/unit/audit/describeFlow.test.ts.
 */
import { callSentence, type SentenceFacts } from '../../machines/shared/txSentence.ts';
import { parseFlowStreamId } from '../../machines/shared/flows.ts';
import type { TxDescription } from '../../domain/safe/txDescription.ts';
import type { AuditRecord, AuditStream } from './auditPort.ts';

export interface FlowSummary {
  streamId: string;
  /** "Sent 0.1 ETH to 0x90F7…b906", "Rejected transaction #4", "Signed message “hello”", "Created Safe 0x…". */
  title: string;
  /** "nonce 6", "signed by you", "executed", "cancelled", … in order. */
  facts: string[];
  /** `chainId:lower-case address` of the Safe it worked on, or null (app sessions, other machines). */
  safeKey: string | null;
  /** When it was last recorded (ISO). */
  at: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const short = (a: string) => (a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

const last = (records: readonly AuditRecord[], type: string): AuditRecord | undefined => [...records].reverse().find((r) => r.type === type);
const outputOf = (records: readonly AuditRecord[], actor: string): Obj | null => obj(last(records, `xstate.done.actor.${actor}`)?.payload.output);
const inputOf = (records: readonly AuditRecord[]): Obj | null => obj(records.find((r) => r.type === 'xstate.init')?.payload.input);
const finalState = (records: readonly AuditRecord[]): string | null => str(records[records.length - 1]?.stateAfter.value);

/** A sentence's present tense as a record of what was done: "Send …" → "Sent …". */
function pastTense(sentence: string): string {
  const verbs: [RegExp, string][] = [
    [/^Send /, 'Sent '],
    [/^Move /, 'Moved '],
    [/^Approve /, 'Approved '],
    [/^Revoke /, 'Revoked '],
    [/^Add signer /, 'Added signer '],
    [/^Remove signer /, 'Removed signer '],
    [/^Replace signer /, 'Replaced signer '],
    [/^Change the threshold /, 'Changed the threshold '],
    [/^Call /, 'Called '],
  ];
  for (const [re, past] of verbs) if (re.test(sentence)) return sentence.replace(re, past);
  return sentence;
}

/** What a composed draft says before anything was built (a flow cancelled while composing). */
function draftText(draft: Obj | null, nativeSymbol: string): string | null {
  if (!draft) return null;
  switch (draft.kind) {
    case 'nativeTransfer':
      return `Send ${str(draft.amount) ?? '?'} ${nativeSymbol}${draft.recipient ? ` to ${short(String(draft.recipient))}` : ''}`;
    case 'erc20Transfer':
      return `Send ${str(draft.amount) ?? '?'} ${str(draft.symbol) ?? 'tokens'}${draft.recipient ? ` to ${short(String(draft.recipient))}` : ''}`;
    case 'erc721Transfer':
      return `Send NFT #${str(draft.tokenId) ?? '?'}`;
    case 'batch':
      return `Batch of ${Array.isArray(draft.calls) ? draft.calls.length : '?'} calls`;
    default:
      return null;
  }
}

function describeTransaction(records: readonly AuditRecord[], nameOf: SentenceFacts['nameOf']): { title: string; facts: string[] } {
  const input = inputOf(records);
  const mode = str(input?.mode) ?? 'create';
  const safe = obj(input?.safe);
  const native = obj(safe?.nativeCurrency);
  const nativeMeta = { symbol: str(native?.symbol) ?? 'ETH', decimals: typeof native?.decimals === 'number' ? native.decimals : 18 };
  const built = outputOf(records, 'buildSafeTx') ?? outputOf(records, 'loadTx');
  const safeTx = obj(built?.safeTx);
  const nonce = str(safeTx?.nonce) ?? (mode === 'reject' ? str(input?.nonce) : null);
  const description = obj(outputOf(records, 'crossCheck')?.description) as TxDescription | null;
  const facts: string[] = [];
  let title: string;
  if (mode === 'reject' || description?.call.effect.kind === 'rejection') {
    title = `Rejected transaction #${nonce ?? '?'}`;
  } else if (description?.call) {
    const owners = Array.isArray(safe?.owners) ? safe.owners.length : 0;
    const sentenceFacts: SentenceFacts = {
      safe: { address: (str(safe?.address) ?? '0x') as `0x${string}`, threshold: typeof safe?.threshold === 'number' ? safe.threshold : 0, ownerCount: owners },
      native: description.native ?? nativeMeta,
      tokens: description.tokens ?? {},
      nameOf,
    };
    title = pastTense(callSentence(description.call, sentenceFacts));
  } else {
    const composed = obj(last(records, 'user.compose')?.payload.draft) ?? obj(input?.initialDraft);
    const text = draftText(composed, nativeMeta.symbol);
    title = text ? `${text} (not built)` : mode === 'create' ? 'New transaction (not composed)' : `Transaction${nonce ? ` #${nonce}` : ''}`;
  }
  if (nonce !== null) facts.push(`nonce ${nonce}`);
  if (mode === 'confirm') facts.push('confirmation');
  if (mode === 'execute') facts.push('execution');
  if (records.some((r) => r.type === 'xstate.done.actor.requestSignature')) facts.push('signed by you');
  const receipt = outputOf(records, 'waitForReceipt');
  const state = finalState(records);
  if (str(receipt?.status) === 'SUCCESS' || state === 'succeeded') facts.push('executed');
  else if (str(receipt?.status) === 'FAILED' || state === 'failed') facts.push('failed on chain');
  else if (outputOf(records, 'proposeTx')) facts.push('proposed');
  if (state === 'cancelled') facts.push('cancelled');
  return { title, facts };
}

function describeMessage(records: readonly AuditRecord[]): { title: string; facts: string[] } {
  const input = inputOf(records);
  const message = obj(input?.message);
  const text = str(message?.message) ?? (message?.kind === 'typed' ? 'typed data' : null);
  const quoted = text ? ` “${text.length > 40 ? `${text.slice(0, 39)}…` : text}”` : '';
  const signed = records.some((r) => r.type === 'xstate.done.actor.requestSignature');
  const facts: string[] = [];
  if (input?.origin) facts.push(`requested by ${String(input.origin)}`);
  if (finalState(records) === 'cancelled') facts.push('cancelled');
  const verb = input?.mode === 'confirm' ? (signed ? 'Confirmed message' : 'Message confirmation') : signed ? 'Signed message' : 'Message (not signed)';
  return { title: `${verb}${quoted}`, facts };
}

/** One stream's summary. `nameOf` gives the signer's address-book names (optional). */
export function describeFlow(stream: AuditStream, records: readonly AuditRecord[], nameOf?: SentenceFacts['nameOf']): FlowSummary {
  const parsed = parseFlowStreamId(stream.streamId);
  const base = { streamId: stream.streamId, at: stream.updatedAt };
  if (parsed) {
    const safeKey = parsed.safeKey;
    switch (parsed.kind) {
      case 'transaction':
        return { ...base, safeKey, ...describeTransaction(records, nameOf) };
      case 'message':
        return { ...base, safeKey, ...describeMessage(records) };
      case 'deleteTx': {
        const input = inputOf(records);
        const done = finalState(records) === 'deleted' || Boolean(outputOf(records, 'deleteTx'));
        return { ...base, safeKey, title: `${done ? 'Deleted' : 'Delete'} transaction #${str(input?.nonce) ?? '?'} from the queue`, facts: done ? ['off-chain'] : [finalState(records) ?? ''] };
      }
      case 'bulkExecute': {
        const input = inputOf(records);
        const count = Array.isArray(input?.txIds) ? input.txIds.length : 0;
        return { ...base, safeKey, title: `Executed ${count} transactions in one batch`, facts: [finalState(records) ?? ''].filter(Boolean) };
      }
      case 'allowanceTransfer': {
        // "Sent 60 dUSD to 0x0000…e5e7 with a spending limit": the amount and recipient typed, the token of the flow's input.
        const draft = obj(last(records, 'user.submit')?.payload.draft);
        const symbol = str(obj(inputOf(records)?.token)?.symbol) ?? 'tokens';
        const to = str(draft?.recipient);
        const sent = str(outputOf(records, 'waitForTransfer')?.status) === 'SUCCESS';
        const what = `${str(draft?.amount)?.trim() ?? '?'} ${symbol}${to ? ` to ${short(to.trim())}` : ''} with a spending limit`;
        return { ...base, safeKey, title: `${sent ? 'Sent' : 'Send'} ${what}`, facts: sent ? ['sent'] : [finalState(records) ?? ''].filter(Boolean) };
      }
    }
  }
  if (stream.machineId === 'createSafe') {
    const prediction = outputOf(records, 'predictSafe');
    const address = str(prediction?.address);
    const deployed = Boolean(outputOf(records, 'waitForDeployment'));
    return { ...base, safeKey: null, title: `${deployed ? 'Created Safe' : 'Safe creation'}${address ? ` ${short(address)}` : ''}`, facts: deployed ? ['deployed'] : [] };
  }
  return { ...base, safeKey: null, title: `${stream.machineId} session`, facts: [] };
}


/** Summaries grouped by Safe (null last: app sessions and other records), each group and its items newest first. */
export function groupBySafe(summaries: readonly FlowSummary[]): { safeKey: string | null; items: FlowSummary[] }[] {
  const groups = new Map<string | null, FlowSummary[]>();
  for (const s of [...summaries].sort((a, b) => b.at.localeCompare(a.at))) {
    const list = groups.get(s.safeKey) ?? [];
    list.push(s);
    groups.set(s.safeKey, list);
  }
  return [...groups.entries()]
    .map(([safeKey, items]) => ({ safeKey, items }))
    .sort((a, b) => (a.safeKey === null ? 1 : b.safeKey === null ? -1 : b.items[0]!.at.localeCompare(a.items[0]!.at)));
}

/** "Safe 0x599C…d91f on chain 31337" for a group heading. */
export function safeHeading(safeKey: string | null): string {
  if (safeKey === null) return 'App sessions and other records';
  const [chainId, address = ''] = safeKey.split(':');
  return `Safe ${short(address)} on chain ${chainId}`;
}
