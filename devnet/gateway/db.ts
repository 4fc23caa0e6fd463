// Embedded SQL store (sql.js, WASM SQLite). In memory, or persisted to `dbFile` with a debounced,
// atomic (write temp + rename) export after every write.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS multisig_txs (
  safe_tx_hash TEXT PRIMARY KEY,
  safe TEXT NOT NULL,
  to_address TEXT NOT NULL,
  value TEXT NOT NULL,
  data TEXT,
  operation INTEGER NOT NULL,
  safe_tx_gas TEXT NOT NULL,
  base_gas TEXT NOT NULL,
  gas_price TEXT NOT NULL,
  gas_token TEXT NOT NULL,
  refund_receiver TEXT NOT NULL,
  nonce INTEGER NOT NULL,
  proposer TEXT,
  proposed_by_delegate TEXT,
  origin TEXT,
  submitted_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS multisig_txs_safe ON multisig_txs (safe, nonce);
CREATE TABLE IF NOT EXISTS confirmations (
  safe_tx_hash TEXT NOT NULL,
  owner TEXT NOT NULL,
  signature TEXT NOT NULL,
  signature_type TEXT NOT NULL,
  submitted_at INTEGER NOT NULL,
  PRIMARY KEY (safe_tx_hash, owner)
);
CREATE TABLE IF NOT EXISTS messages (
  message_hash TEXT PRIMARY KEY,
  safe TEXT NOT NULL,
  message TEXT NOT NULL,
  safe_app_id INTEGER,
  origin TEXT,
  proposed_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS message_confirmations (
  message_hash TEXT NOT NULL,
  owner TEXT NOT NULL,
  signature TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (message_hash, owner)
);
CREATE TABLE IF NOT EXISTS delegates (
  safe TEXT NOT NULL DEFAULT '',
  delegate TEXT NOT NULL,
  delegator TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (safe, delegate, delegator)
);
CREATE TABLE IF NOT EXISTS devices (
  uuid TEXT PRIMARY KEY,
  cloud_messaging_token TEXT NOT NULL,
  build_number TEXT NOT NULL,
  bundle TEXT NOT NULL,
  device_type TEXT NOT NULL,
  version TEXT NOT NULL,
  timestamp TEXT,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS device_safes (
  uuid TEXT NOT NULL,
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL,
  signers TEXT NOT NULL,
  PRIMARY KEY (uuid, chain_id, safe)
);
CREATE TABLE IF NOT EXISTS emails (
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL,
  signer TEXT NOT NULL,
  email TEXT NOT NULL,
  verified INTEGER NOT NULL,
  code TEXT,
  code_sent_at INTEGER,
  unsubscribe_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (chain_id, safe, signer)
);
CREATE TABLE IF NOT EXISTS subscriptions (
  token TEXT NOT NULL,
  category TEXT NOT NULL,
  PRIMARY KEY (token, category)
);
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  code TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS recovery_modules (
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL,
  module TEXT NOT NULL,
  signer TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (chain_id, safe, module)
);
CREATE TABLE IF NOT EXISTS relays (
  task_id TEXT PRIMARY KEY,
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  tx_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS generated_safes (
  safe TEXT PRIMARY KEY,
  seed INTEGER NOT NULL,
  anchored_at INTEGER NOT NULL,
  sizes TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tags (
  key TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
`;

export type Row = Record<string, SqlValue>;

export class Store {
  private readonly db: Database;
  private readonly file: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;

  private constructor(db: Database, file: string | undefined) {
    this.db = db;
    this.file = file;
    this.db.run(SCHEMA);
  }

  static async open(file?: string): Promise<Store> {
    const SQL = await initSqlJs();
    const data = file && existsSync(file) ? readFileSync(file) : undefined;
    return new Store(data ? new SQL.Database(data) : new SQL.Database(), file);
  }

  all(sql: string, params: SqlValue[] = []): Row[] {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params);
      const rows: Row[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject());
      return rows;
    } finally {
      stmt.free();
    }
  }

  get(sql: string, params: SqlValue[] = []): Row | undefined {
    return this.all(sql, params)[0];
  }

  run(sql: string, params: SqlValue[] = []): number {
    this.db.run(sql, params);
    this.markDirty();
    return this.db.getRowsModified();
  }

  /** Runs `fn` inside a transaction. */
  tx<T>(fn: () => T): T {
    this.db.run('BEGIN');
    try {
      const result = fn();
      this.db.run('COMMIT');
      this.markDirty();
      return result;
    } catch (err) {
      this.db.run('ROLLBACK');
      throw err;
    }
  }

  private markDirty(): void {
    if (!this.file) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, 50);
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (!this.file || !this.dirty) return;
    this.dirty = false;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, this.db.export());
    renameSync(tmp, this.file);
  }

  close(): void {
    this.flush();
    this.db.close();
  }
}

export const str = (v: SqlValue | undefined): string => (v === null || v === undefined ? '' : String(v));
export const strOrNull = (v: SqlValue | undefined): string | null => (v === null || v === undefined ? null : String(v));
export const num = (v: SqlValue | undefined): number => (typeof v === 'number' ? v : Number(v ?? 0));
