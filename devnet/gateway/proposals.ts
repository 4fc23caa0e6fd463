// Off-chain multisig proposals and their confirmations (SQL), merged with executions from the index.
import { getAddress, type Address, type Hex } from 'viem';
import { num, str, strOrNull, type Row, type Store } from './db.ts';
import { recoverSignatures, type SignatureType } from './hashes.ts';
import type { ExecutedMultisig } from './indexer.ts';

export type Confirmation = { owner: Address; signature: Hex; type: SignatureType; submittedAt: number };

export type MultisigView = {
  safe: Address;
  safeTxHash: Hex;
  to: Address;
  value: bigint;
  data: Hex | null;
  operation: 0 | 1;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: number;
  proposer: Address | null;
  proposedByDelegate: Address | null;
  origin: string | null;
  submittedAt: number;
  modifiedAt: number;
  confirmations: Confirmation[];
  executed: ExecutedMultisig | null;
};

export type NewProposal = Omit<MultisigView, 'confirmations' | 'executed' | 'submittedAt' | 'modifiedAt'>;

function fromRow(row: Row): Omit<MultisigView, 'confirmations' | 'executed'> {
  return {
    safe: getAddress(str(row.safe)),
    safeTxHash: str(row.safe_tx_hash) as Hex,
    to: getAddress(str(row.to_address)),
    value: BigInt(str(row.value)),
    data: (strOrNull(row.data) as Hex | null) ?? null,
    operation: num(row.operation) === 1 ? 1 : 0,
    safeTxGas: BigInt(str(row.safe_tx_gas)),
    baseGas: BigInt(str(row.base_gas)),
    gasPrice: BigInt(str(row.gas_price)),
    gasToken: getAddress(str(row.gas_token)),
    refundReceiver: getAddress(str(row.refund_receiver)),
    nonce: num(row.nonce),
    proposer: row.proposer ? getAddress(str(row.proposer)) : null,
    proposedByDelegate: row.proposed_by_delegate ? getAddress(str(row.proposed_by_delegate)) : null,
    origin: strOrNull(row.origin),
    submittedAt: num(row.submitted_at),
    modifiedAt: num(row.modified_at),
  };
}

export class Proposals {
  constructor(private readonly store: Store) {}

  private confirmationsOf(hash: string): Confirmation[] {
    return this.store
      .all('SELECT * FROM confirmations WHERE safe_tx_hash = ? ORDER BY submitted_at, rowid', [hash.toLowerCase()])
      .map((r) => ({
        owner: getAddress(str(r.owner)),
        signature: str(r.signature) as Hex,
        type: str(r.signature_type) as SignatureType,
        submittedAt: num(r.submitted_at),
      }));
  }

  get(hash: string): Omit<MultisigView, 'executed'> | null {
    const row = this.store.get('SELECT * FROM multisig_txs WHERE safe_tx_hash = ?', [hash.toLowerCase()]);
    if (!row) return null;
    return { ...fromRow(row), confirmations: this.confirmationsOf(hash) };
  }

  ofSafe(safe: Address): Array<Omit<MultisigView, 'executed'>> {
    return this.store
      .all('SELECT * FROM multisig_txs WHERE safe = ? ORDER BY nonce, submitted_at', [safe])
      .map((row) => ({ ...fromRow(row), confirmations: this.confirmationsOf(str(row.safe_tx_hash)) }));
  }

  /** The Safe's proposals at one nonce (the index on (safe, nonce); a queue of hundreds is not read whole). */
  atNonce(safe: Address, nonce: number): Array<Omit<MultisigView, 'executed'>> {
    return this.store
      .all('SELECT * FROM multisig_txs WHERE safe = ? AND nonce = ? ORDER BY submitted_at', [safe, nonce])
      .map((row) => ({ ...fromRow(row), confirmations: this.confirmationsOf(str(row.safe_tx_hash)) }));
  }

  insert(p: NewProposal, now: number): void {
    this.store.run(
      `INSERT INTO multisig_txs (safe_tx_hash, safe, to_address, value, data, operation, safe_tx_gas, base_gas, gas_price,
        gas_token, refund_receiver, nonce, proposer, proposed_by_delegate, origin, submitted_at, modified_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        p.safeTxHash.toLowerCase(), p.safe, p.to, p.value.toString(), p.data, p.operation, p.safeTxGas.toString(),
        p.baseGas.toString(), p.gasPrice.toString(), p.gasToken, p.refundReceiver, p.nonce, p.proposer,
        p.proposedByDelegate, p.origin, now, now,
      ],
    );
  }

  /** Adds confirmations (one per owner; existing ones are kept). Returns how many were new. */
  addConfirmations(hash: string, confs: Array<Omit<Confirmation, 'submittedAt'>>, now: number): number {
    let added = 0;
    for (const c of confs) {
      added += this.store.run(
        'INSERT OR IGNORE INTO confirmations (safe_tx_hash, owner, signature, signature_type, submitted_at) VALUES (?, ?, ?, ?, ?)',
        [hash.toLowerCase(), c.owner, c.signature, c.type, now],
      );
    }
    if (added) this.store.run('UPDATE multisig_txs SET modified_at = ? WHERE safe_tx_hash = ?', [now, hash.toLowerCase()]);
    return added;
  }

  delete(hash: string): void {
    this.store.tx(() => {
      this.store.run('DELETE FROM confirmations WHERE safe_tx_hash = ?', [hash.toLowerCase()]);
      this.store.run('DELETE FROM multisig_txs WHERE safe_tx_hash = ?', [hash.toLowerCase()]);
    });
  }
}

/** A view of an executed tx (with its proposal when there is one). */
export async function viewOfExecuted(exec: ExecutedMultisig, proposal: Omit<MultisigView, 'executed'> | null): Promise<MultisigView> {
  const confirmations: Confirmation[] = proposal ? [...proposal.confirmations] : [];
  try {
    const onchain = await recoverSignatures(exec.safeTxHash, exec.signatures);
    for (const s of onchain) {
      if (!confirmations.some((c) => c.owner === s.owner)) {
        confirmations.push({ owner: s.owner, signature: s.signature, type: s.type, submittedAt: exec.timestamp });
      }
    }
  } catch {
    // unparsable on-chain signatures: keep what we have
  }
  return {
    safe: exec.safe,
    safeTxHash: exec.safeTxHash,
    to: exec.to,
    value: exec.value,
    data: exec.data === '0x' ? null : exec.data,
    operation: exec.operation === 1 ? 1 : 0,
    safeTxGas: exec.safeTxGas,
    baseGas: exec.baseGas,
    gasPrice: exec.gasPrice,
    gasToken: exec.gasToken,
    refundReceiver: exec.refundReceiver,
    nonce: exec.nonce,
    proposer: proposal?.proposer ?? null,
    proposedByDelegate: proposal?.proposedByDelegate ?? null,
    origin: proposal?.origin ?? null,
    submittedAt: proposal?.submittedAt ?? exec.timestamp,
    modifiedAt: proposal?.modifiedAt ?? exec.timestamp,
    confirmations,
    executed: exec,
  };
}
