export { openLocalStore } from './store.ts';
export type { LocalStore, ImportSummary } from './store.ts';
export { openLocalDb, DB_NAME, DB_VERSION, STORE_NAMES } from './db.ts';
export type { LocalDb, LocalDataSchema, OpenOptions } from './db.ts';
export * from './schema.ts';
