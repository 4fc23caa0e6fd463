/** A paged gateway list (queue, history, messages, collectibles) as one reusable statechart. */

export interface PagedListInput {
  chainId: string;
  safeAddress: string;
  /** False when the chain lacks the feature (e.g. no ERC721 → no collectibles): the list never loads. */
  enabled: boolean;
  /**
   * True when the list adds something to its items after they are shown (the NFTs' queued marks, decision 0072):
   * `annotateItems` runs once the items are in, and the cards do not wait for it. Absent: nothing is added.
   */
  annotated?: boolean;
}

/** What the `loadPage` effect is asked for: the first page (`pageUrl: null`) or a `next` URL as-is. */
export interface PageRequest {
  chainId: string;
  safeAddress: string;
  pageUrl: string | null;
}

/** The part of a gateway `Page<T>` the list keeps. */
export interface ListPage<TItem> {
  results: TItem[];
  next: string | null;
  count: number | null;
}

export interface PagedListContext<TItem> {
  chainId: string;
  safeAddress: string;
  enabled: boolean;
  /** Whether `annotateItems` runs after each load (PagedListInput.annotated). */
  annotated: boolean;
  /** Items of every page loaded so far, in gateway order. Kept while a reload runs or after it fails. */
  items: TItem[];
  /** `next` of the last page loaded, or null when there is none. */
  next: string | null;
  count: number | null;
  /** Whether a first page has ever arrived (distinguishes "empty" from "not loaded yet"). */
  hasLoaded: boolean;
  error: string | null;
}

export type PagedListEvent =
  | { type: 'user.loadMore' }
  | { type: 'user.retry' }
  /** Sent by the Safe session when the list's tag in Safe info changed: reload from the first page. */
  | { type: 'system.refresh' };

/** What `annotateItems` is given: the items as shown, to be returned with what the list adds to them. */
export interface AnnotateRequest<TItem> {
  chainId: string;
  safeAddress: string;
  items: TItem[];
}

/**
 * A list's effects, implemented per list by src/services/safeSession.ts: `loadPage` (loadQueue, loadHistory, …) and,
 * for an annotated list only, `annotateItems` (the NFTs' queued marks).
 */
export interface PagedListEffects<TItem> {
  loadPage(input: PageRequest): Promise<ListPage<TItem>>;
  annotateItems(input: AnnotateRequest<TItem>): Promise<TItem[]>;
}
