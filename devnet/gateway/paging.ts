// CGW cursor paging: `cursor` = URL-encoded `limit=<n>&offset=<m>`; pages carry absolute next/previous URLs.
import type { Page } from './types.ts';

export type PageRequest = { limit: number; offset: number };

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export function parseCursor(url: URL, defaultLimit = DEFAULT_LIMIT): PageRequest {
  const cursor = url.searchParams.get('cursor');
  let limit = defaultLimit;
  let offset = 0;
  if (cursor) {
    const params = new URLSearchParams(cursor);
    const l = Number.parseInt(params.get('limit') ?? '', 10);
    const o = Number.parseInt(params.get('offset') ?? '', 10);
    if (Number.isFinite(l) && l > 0) limit = Math.min(l, MAX_LIMIT);
    if (Number.isFinite(o) && o >= 0) offset = o;
  }
  return { limit, offset };
}

function cursorUrl(base: URL, limit: number, offset: number): string {
  const u = new URL(base.toString());
  u.searchParams.set('cursor', `limit=${limit}&offset=${offset}`);
  return u.toString();
}

/** Builds page links for `count` underlying entries; `results` is the already-rendered slice. */
export function pageOf<T>(url: URL, req: PageRequest, count: number, results: T[]): Page<T> {
  const { limit, offset } = req;
  const next = limit + offset < count ? cursorUrl(url, limit, offset + limit) : null;
  const previous = offset > 0 ? cursorUrl(url, limit, Math.max(0, offset - limit)) : null;
  return { count, next, previous, results };
}

export function slicePage<T>(url: URL, req: PageRequest, all: T[]): Page<T> {
  return pageOf(url, req, all.length, all.slice(req.offset, req.offset + req.limit));
}
