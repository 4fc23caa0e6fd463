// Cache-busting tags of SafeInfo (txQueuedTag, txHistoryTag, collectiblesTag, messagesTag): unix seconds as
// decimal strings, bumped to max(now, previous + 1) on every change so that two changes within one second
// still produce two different tags. Persisted with the rest of the off-chain state.
import type { Store } from './db.ts';
import { num } from './db.ts';

export type TagName = 'history' | 'queue' | 'collectibles' | 'messages';

export class Tags {
  constructor(private readonly store: Store) {}

  bump(safe: string, tag: TagName): void {
    const key = `${tag}:${safe.toLowerCase()}`;
    const prev = this.store.get('SELECT value FROM tags WHERE key = ?', [key]);
    const now = Math.floor(Date.now() / 1000);
    const next = prev ? Math.max(now, num(prev.value) + 1) : now;
    this.store.run('INSERT INTO tags (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', [key, next]);
  }

  get(safe: string, tag: TagName): string | null {
    const row = this.store.get('SELECT value FROM tags WHERE key = ?', [`${tag}:${safe.toLowerCase()}`]);
    return row ? String(num(row.value)) : null;
  }
}
