/** The compose step: what to send or change. Validation messages come from the machine's own rules (draft.ts). */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { validateCall, writeFunctions, type FieldErrors } from '../../machines/transactionFlow/draft.ts';
import { connectTransactionFlow } from '../../machines/transactionFlow/transactionFlow.connect.ts';
import { isWalletOwner } from '../../machines/transactionFlow/transactionFlow.setup.ts';
import type { CallDraft, SettingsChange, TxDraft } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { useTxFlow, useTxFlowSend } from './txFlowContext.tsx';
import './compose.css';
import { describeCall, handedOverCalls, importedFileOf, maxAmountOf, operationText, signerOptionText, tokenOptionText } from './format.ts';
import { PayoutImport, TxBuilderImport } from './BatchFiles.tsx';
import { AddressCombobox } from './AddressCombobox.tsx';
import { NftPicker } from './NftPicker.tsx';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';

type Kind = 'tokens' | 'nft' | 'contract' | 'settings' | 'payout' | 'txBuilder';

const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'tokens', label: 'Send tokens' },
  { kind: 'nft', label: 'Send NFT' },
  { kind: 'contract', label: 'Contract interaction' },
  { kind: 'settings', label: 'Settings change' },
  { kind: 'payout', label: 'CSV payout' },
  { kind: 'txBuilder', label: 'Transaction Builder file' },
];

const SETTINGS: { type: SettingsChange['type']; label: string }[] = [
  { type: 'addOwner', label: 'Add signer' },
  { type: 'removeOwner', label: 'Remove signer' },
  { type: 'swapOwner', label: 'Replace signer' },
  { type: 'changeThreshold', label: 'Change threshold' },
  { type: 'enableModule', label: 'Enable module' },
  { type: 'disableModule', label: 'Disable module' },
  { type: 'setGuard', label: 'Set guard' },
  { type: 'setFallbackHandler', label: 'Set fallback handler' },
  { type: 'updateVersion', label: 'Update Safe version' },
];

function Field({ label, error, children }: { label: string; error?: string | undefined; children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="txflow-field">
      <label htmlFor={id}>{label}</label>
      {children(id, error ? errorId : undefined)}
      {error ? (
        <span id={errorId} className="txflow-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The compose form's settings fields from a prefilled change (the Setup screen's actions). */
function settingsFields(change: SettingsChange): { owner?: string; newOwner?: string; threshold?: number; target?: string } {
  switch (change.type) {
    case 'addOwner':
      return { newOwner: change.owner, threshold: change.threshold };
    case 'removeOwner':
      return { owner: change.owner, threshold: change.threshold };
    case 'swapOwner':
      return { owner: change.oldOwner, newOwner: change.newOwner };
    case 'changeThreshold':
      return { threshold: change.threshold };
    case 'enableModule':
    case 'disableModule':
      return { target: change.module };
    case 'setGuard':
      return { target: change.guard };
    case 'setFallbackHandler':
      return { target: change.handler };
    case 'updateVersion':
      return {};
  }
}

/** The highest threshold a change allows: the signer count after it (at least 1). */
function thresholdBound(change: SettingsChange['type'], owners: number): number {
  return Math.max(1, change === 'addOwner' ? owners + 1 : change === 'removeOwner' ? owners - 1 : owners);
}

function kindOf(call: CallDraft | null): Kind {
  if (!call) return 'tokens';
  return call.kind === 'erc721Transfer' ? 'nft' : call.kind === 'contractCall' ? 'contract' : call.kind === 'settings' ? 'settings' : 'tokens';
}

type RecipientCall = Extract<CallDraft, { recipient: string }>;
const hasRecipient = (call: CallDraft): call is RecipientCall => 'recipient' in call;
/** A batch call still waiting for its recipient (New transaction from the NFT cards' "Send N NFTs"). */
const needsRecipient = (call: CallDraft): boolean => hasRecipient(call) && call.recipient.trim() === '';

/** The recipient given before going back to compose (the submitted batch holds it where the collected calls had none). */
function batchRecipientOf(batch: readonly CallDraft[], saved: TxDraft | null): string {
  if (saved?.kind !== 'batch') return '';
  const i = batch.findIndex(needsRecipient);
  const call = i >= 0 ? saved.calls[i] : undefined;
  return call && hasRecipient(call) ? call.recipient : '';
}

/** A batch call's line; an NFT transfer waiting for the batch's recipient names its contract instead. */
function batchCallText(call: CallDraft): string {
  if (call.kind === 'erc721Transfer' && needsRecipient(call)) return `Send NFT #${call.tokenId} of ${call.token.slice(0, 6)}…${call.token.slice(-4)}`;
  return describeCall(call);
}

/** A handed-over draft is shown as it is, never edited: the user continues to review or cancels. */
function HandedOverDraft({ draft, calls }: { draft: TxDraft; calls: Extract<CallDraft, { kind: 'rawCall' }>[] }) {
  const send = useTxFlowSend();
  const file = importedFileOf(draft);
  const what = calls.length === 1 ? 'this call' : `a batch of ${calls.length} calls`;
  return (
    <section className="txflow-compose" aria-label={file === null ? 'Requested transaction' : 'Imported transaction'}>
      <p>
        {file === null ? (
          <>
            <strong>{calls[0]!.origin}</strong> requests {what}:
          </>
        ) : (
          <>
            The Transaction Builder file <strong>{file}</strong> holds {what}:
          </>
        )}
      </p>
      <ol className="txflow-batch">
        {calls.map((call, i) => (
          <li key={i}>
            <dl className="txflow-kv">
              <dt>To</dt>
              <dd className="mono">{call.to}</dd>
              <dt>Value (wei)</dt>
              <dd className="mono">{call.value}</dd>
              <dt>Operation</dt>
              <dd>{operationText(call.operation)}</dd>
              <dt>Data</dt>
              <dd className="mono txflow-data">{call.data}</dd>
            </dl>
          </li>
        ))}
      </ol>
      <div className="txflow-actions">
        <button type="button" onClick={() => send({ type: 'user.cancel' })}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => send({ type: 'user.compose', draft })}>
          Continue
        </button>
      </div>
    </section>
  );
}

/** How long the compose form waits after the last keystroke before the flow keeps what is typed. */
const EDIT_PAUSE_MS = 500;

export function ComposeStep() {
  const saved = useTxFlow((s) => s.context.draft);
  const handedOver = handedOverCalls(saved);
  if (saved && handedOver) return <HandedOverDraft draft={saved} calls={handedOver} />;
  return <ComposeForm />;
}

function ComposeForm() {
  const send = useTxFlowSend();
  const safe = useTxFlow((s) => s.context.safe);
  const tokens = useTxFlow((s) => s.context.tokens);
  const batch = useTxFlow((s) => s.context.batch);
  const saved = useTxFlow((s) => s.context.draft);
  const contractAbi = useTxFlow((s) => s.context.contractAbi);
  const abiError = useTxFlow((s) => s.context.abiError);
  const loadingAbi = useTxFlow((s) => connectTransactionFlow(s).loadingAbi);
  const snapshot = useTxFlow((s) => s);
  const edited = useTxFlow((s) => s.context.editing ?? null);
  const notOwner = useTxFlow((s) => s.context.wallet !== null && !isWalletOwner(s.context));
  // The form as last typed (kept by the flow for a reload) wins over the draft submitted before going back.
  const first: CallDraft | null = edited ?? (saved && saved.kind !== 'batch' && saved.kind !== 'rejection' ? saved : null);

  // Shown while the form still holds what came back from before a reload (the flow restored it).
  const [restored] = useState(edited !== null);
  const [kind, setKind] = useState<Kind>(kindOf(first));
  const [token, setToken] = useState<string>(first?.kind === 'erc20Transfer' ? first.token : '');
  const [recipient, setRecipient] = useState(first && 'recipient' in first ? first.recipient : '');
  const [amount, setAmount] = useState(first && 'amount' in first ? first.amount : '');
  const [nftToken, setNftToken] = useState(first?.kind === 'erc721Transfer' ? first.token : '');
  const [tokenId, setTokenId] = useState(first?.kind === 'erc721Transfer' ? first.tokenId : '');
  const [contract, setContract] = useState(first?.kind === 'contractCall' ? first.to : '');
  const [abiText, setAbiText] = useState(first?.kind === 'contractCall' ? first.abi : '');
  const [method, setMethod] = useState(first?.kind === 'contractCall' ? first.method : '');
  const [args, setArgs] = useState<string[]>(first?.kind === 'contractCall' ? first.args : []);
  const [callValue, setCallValue] = useState(first?.kind === 'contractCall' ? first.value : '0');
  const prefill = first?.kind === 'settings' ? settingsFields(first.change) : null;
  const [change, setChange] = useState<SettingsChange['type']>(first?.kind === 'settings' ? first.change.type : 'addOwner');
  const [owner, setOwner] = useState(prefill?.owner ?? '');
  const [newOwner, setNewOwner] = useState(prefill?.newOwner ?? '');
  const [threshold, setThreshold] = useState(String(prefill?.threshold ?? safe.threshold));
  const [target, setTarget] = useState(prefill?.target ?? '');
  const nameOf = useAddressNameResolver(safe.chainId);
  const maxThreshold = thresholdBound(change, safe.owners.length);
  const selectedToken = tokens.find((t) => (t.address ?? '') === token) ?? null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const waiting = batch.filter(needsRecipient).length;
  const [batchRecipient, setBatchRecipient] = useState(() => batchRecipientOf(batch, saved));
  const [loadedFor, setLoadedFor] = useState<string | null>(null);

  // The ABI the gateway returned replaces the text field once, for the address it was loaded for.
  if (contractAbi && loadedFor !== contractAbi.address) {
    setLoadedFor(contractAbi.address);
    setAbiText(contractAbi.abi);
    setMethod('');
    setArgs([]);
  }

  const functions = writeFunctions(abiText) ?? [];
  const fn = functions.find((f) => f.signature === method);

  function settingsChange(): SettingsChange {
    const t = Number(threshold);
    switch (change) {
      case 'addOwner':
        return { type: 'addOwner', owner: newOwner, threshold: t };
      case 'removeOwner':
        return { type: 'removeOwner', owner, threshold: t };
      case 'swapOwner':
        return { type: 'swapOwner', oldOwner: owner, newOwner };
      case 'changeThreshold':
        return { type: 'changeThreshold', threshold: t };
      case 'enableModule':
        return { type: 'enableModule', module: target };
      case 'disableModule':
        return { type: 'disableModule', module: target };
      case 'setGuard':
        return { type: 'setGuard', guard: target };
      case 'setFallbackHandler':
        return { type: 'setFallbackHandler', handler: target };
      case 'updateVersion':
        return { type: 'updateVersion' };
    }
  }

  function currentCall(): CallDraft {
    switch (kind) {
      // The imports keep nothing typed: what the form's token fields hold is what a reload brings back.
      case 'payout':
      case 'txBuilder':
      case 'tokens': {
        const option = tokens.find((t) => (t.address ?? '') === token);
        if (!option || option.address === null) return { kind: 'nativeTransfer', recipient, amount, decimals: option?.decimals ?? 18 };
        return { kind: 'erc20Transfer', token: option.address, symbol: option.symbol, recipient, amount, decimals: option.decimals };
      }
      case 'nft':
        return { kind: 'erc721Transfer', token: nftToken, recipient, tokenId };
      case 'contract':
        return { kind: 'contractCall', to: contract, value: callValue, abi: abiText, method, args: fn ? fn.inputs.map((_, i) => args[i] ?? '') : [] };
      case 'settings':
        return { kind: 'settings', change: settingsChange() };
    }
  }

  // What is typed reaches the flow after a pause (user.editDraft), so a reload brings the fields back; it is
  // not validated there and nothing is built from it until Continue.
  const typed = JSON.stringify(currentCall());
  const lastKept = useRef(typed);
  useEffect(() => {
    if (typed === lastKept.current) return;
    const timer = setTimeout(() => {
      const call = JSON.parse(typed) as CallDraft;
      if (!snapshot.can({ type: 'user.editDraft', call })) return;
      lastKept.current = typed;
      send({ type: 'user.editDraft', call });
    }, EDIT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, send, snapshot]);

  // The imports have their own Review button (what they compose is the file's calls, not the form's fields).
  const importing = kind === 'payout' || kind === 'txBuilder';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (importing) return;
    // Calls collected without a recipient (the NFT cards' "Send N NFTs") all go to the batch's one recipient.
    const calls = batch.map((call) => (needsRecipient(call) ? ({ ...call, recipient: batchRecipient.trim() } as CallDraft) : call));
    const draft: TxDraft = batch.length > 0 ? { kind: 'batch', calls } : currentCall();
    const firstFilled = waiting > 0 ? calls.find((_, i) => needsRecipient(batch[i]!)) : undefined;
    const recipientError = firstFilled ? validateCall(firstFilled, safe, tokens).recipient : undefined;
    const check = draft.kind === 'batch' ? (recipientError ? { batchRecipient: recipientError } : {}) : validateCall(draft, safe, tokens);
    setErrors(check);
    if (snapshot.can({ type: 'user.compose', draft })) send({ type: 'user.compose', draft });
  }

  function addToBatch() {
    const call = currentCall();
    const check = validateCall(call, safe, tokens);
    setErrors(check);
    if (snapshot.can({ type: 'user.addToBatch', call })) send({ type: 'user.addToBatch', call });
  }

  return (
    <form className="txflow-compose" onSubmit={submit} noValidate aria-label="Compose transaction">
      {restored ? (
        <p role="status" className="muted">
          What you typed before the reload is back. Nothing is built or signed until you continue.
        </p>
      ) : null}
      {notOwner ? (
        <p className="txflow-warning">
          The connected wallet is not a signer of this Safe. You can propose this transaction only if an owner added the wallet as a proposer (Settings → Security); the
          owners then confirm and execute it.
        </p>
      ) : null}
      <fieldset className="txflow-kinds">
        <legend>What do you want to do?</legend>
        {KINDS.map((k) => (
          <label key={k.kind}>
            <input type="radio" name="kind" value={k.kind} checked={kind === k.kind} onChange={() => { setKind(k.kind); setErrors({}); }} />
            {k.label}
          </label>
        ))}
      </fieldset>

      {kind === 'tokens' ? (
        <>
          <Field label="Token" error={errors.token}>
            {(id) => (
              <select id={id} value={token} onChange={(e) => setToken(e.target.value)}>
                {tokens.length === 0 ? <option value="">Native coin</option> : null}
                {tokens.map((t) => (
                  <option key={t.address ?? 'native'} value={t.address ?? ''}>
                    {tokenOptionText(t)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Recipient address" error={errors.recipient}>
            {(id, d) => (
              <AddressCombobox id={id} describedBy={d} invalid={Boolean(errors.recipient)} value={recipient} onChange={setRecipient} chainId={safe.chainId} owners={safe.owners} />
            )}
          </Field>
          <Field label="Amount" error={errors.amount}>
            {(id, d) => (
              <div className="txflow-amount">
                <input id={id} aria-describedby={d} aria-invalid={Boolean(errors.amount)} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
                {selectedToken ? (
                  <button type="button" aria-label={`Max: the whole ${selectedToken.symbol} balance`} onClick={() => setAmount(maxAmountOf(selectedToken))}>
                    Max
                  </button>
                ) : null}
              </div>
            )}
          </Field>
        </>
      ) : null}

      {kind === 'nft' ? (
        <>
          <NftPicker
            token={nftToken}
            tokenId={tokenId}
            onPick={(address, id) => {
              setNftToken(address);
              setTokenId(id);
            }}
          />
          <Field label="NFT contract" error={errors.token}>
            {(id, d) => <input id={id} aria-describedby={d} value={nftToken} onChange={(e) => setNftToken(e.target.value)} />}
          </Field>
          <Field label="Token ID" error={errors.tokenId}>
            {(id, d) => <input id={id} aria-describedby={d} value={tokenId} onChange={(e) => setTokenId(e.target.value)} />}
          </Field>
          <Field label="Recipient address" error={errors.recipient}>
            {(id, d) => (
              <AddressCombobox id={id} describedBy={d} invalid={Boolean(errors.recipient)} value={recipient} onChange={setRecipient} chainId={safe.chainId} owners={safe.owners} />
            )}
          </Field>
        </>
      ) : null}

      {kind === 'contract' ? (
        <>
          <Field label="Contract address" error={errors.to}>
            {(id, d) => <input id={id} aria-describedby={d} value={contract} onChange={(e) => setContract(e.target.value)} />}
          </Field>
          <button type="button" disabled={loadingAbi || !snapshot.can({ type: 'user.loadAbi', address: contract })} onClick={() => send({ type: 'user.loadAbi', address: contract })}>
            Load ABI
          </button>
          {loadingAbi ? <p role="status">Loading the contract’s ABI…</p> : null}
          {abiError ? <p className="txflow-error">{abiError}</p> : null}
          {contractAbi ? <p className="muted">ABI of {contractAbi.name ?? contractAbi.address} loaded from the gateway.</p> : null}
          <Field label="ABI (JSON)" error={errors.abi}>
            {(id, d) => <textarea id={id} aria-describedby={d} rows={4} value={abiText} onChange={(e) => setAbiText(e.target.value)} />}
          </Field>
          <Field label="Method" error={errors.method}>
            {(id, d) => (
              <select id={id} aria-describedby={d} value={method} onChange={(e) => { setMethod(e.target.value); setArgs([]); }}>
                <option value="">Choose a method</option>
                {functions.map((f) => (
                  <option key={f.signature} value={f.signature}>
                    {f.signature}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {fn?.inputs.map((input, i) => (
            <Field key={`${fn.signature}-${i}`} label={`${input.name} (${input.type})`} error={errors[`arg${i}`]}>
              {(id, d) => (
                <input id={id} aria-describedby={d} value={args[i] ?? ''} onChange={(e) => setArgs((old) => Object.assign([...old], { [i]: e.target.value }))} />
              )}
            </Field>
          ))}
          <Field label="Value (native coin)" error={errors.value}>
            {(id, d) => <input id={id} aria-describedby={d} value={callValue} onChange={(e) => setCallValue(e.target.value)} />}
          </Field>
        </>
      ) : null}

      {kind === 'settings' ? (
        <>
          <Field label="Change">
            {(id) => (
              <select id={id} value={change} onChange={(e) => setChange(e.target.value as SettingsChange['type'])}>
                {SETTINGS.map((s) => (
                  <option key={s.type} value={s.type}>
                    {s.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {change === 'removeOwner' || change === 'swapOwner' ? (
            <Field label="Signer" error={errors.owner ?? errors.oldOwner}>
              {(id, d) => (
                <select id={id} aria-describedby={d} value={owner} onChange={(e) => setOwner(e.target.value)}>
                  <option value="">Choose a signer</option>
                  {safe.owners.map((o) => (
                    <option key={o} value={o}>
                      {signerOptionText(o, nameOf(o))}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {change === 'addOwner' || change === 'swapOwner' ? (
            <Field label="New signer address" error={errors.owner ?? errors.newOwner}>
              {(id, d) => <AddressCombobox id={id} describedBy={d} invalid={Boolean(errors.owner ?? errors.newOwner)} value={newOwner} onChange={setNewOwner} chainId={safe.chainId} owners={[]} />}
            </Field>
          ) : null}
          {change === 'addOwner' || change === 'removeOwner' || change === 'changeThreshold' ? (
            <Field label="Threshold" error={errors.threshold}>
              {(id, d) => (
                <span className="txflow-threshold">
                  <select id={id} aria-describedby={d} value={threshold} onChange={(e) => setThreshold(e.target.value)}>
                    {Array.from({ length: maxThreshold }, (_, i) => String(i + 1)).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                    {/* A prefilled value out of range stays visible, so the machine's rule can name the problem. */}
                    {Number(threshold) > maxThreshold || Number(threshold) < 1 ? <option value={threshold}>{threshold}</option> : null}
                  </select>{' '}
                  out of {change === 'addOwner' ? safe.owners.length + 1 : change === 'removeOwner' ? safe.owners.length - 1 : safe.owners.length} signers
                </span>
              )}
            </Field>
          ) : null}
          {change === 'enableModule' || change === 'disableModule' || change === 'setGuard' || change === 'setFallbackHandler' ? (
            <Field label="Address" error={errors.module ?? errors.guard ?? errors.handler}>
              {(id, d) => <input id={id} aria-describedby={d} value={target} onChange={(e) => setTarget(e.target.value)} />}
            </Field>
          ) : null}
          {errors.version ? <p className="txflow-error">{errors.version}</p> : null}
        </>
      ) : null}

      {kind === 'payout' ? <PayoutImport /> : null}
      {kind === 'txBuilder' ? <TxBuilderImport /> : null}

      {batch.length > 0 ? (
        <section aria-label="Batch" className="txflow-batch">
          <h3>Batch ({batch.length})</h3>
          {waiting > 0 ? (
            <Field label={`Recipient of the ${waiting === 1 ? 'batch’s transfer' : `batch’s ${waiting} transfers`}`} error={errors.batchRecipient}>
              {(id, d) => (
                <AddressCombobox
                  id={id}
                  describedBy={d}
                  invalid={Boolean(errors.batchRecipient)}
                  value={batchRecipient}
                  onChange={setBatchRecipient}
                  chainId={safe.chainId}
                  owners={safe.owners}
                />
              )}
            </Field>
          ) : null}
          <ol>
            {batch.map((call, i) => (
              <li key={i}>
                {batchCallText(call)}{' '}
                <button type="button" onClick={() => send({ type: 'user.removeFromBatch', index: i })}>
                  Remove call {i + 1}
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {importing ? null : (
      <div className="txflow-actions">
        <button type="button" onClick={() => send({ type: 'user.cancel' })}>
          Cancel
        </button>
        <button type="button" onClick={addToBatch}>
          Add to batch
        </button>
        <button type="submit" className="primary">
          {batch.length > 0 ? 'Review batch' : 'Continue'}
        </button>
      </div>
      )}
    </form>
  );
}
