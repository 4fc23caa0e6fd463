/**
 * Where the bridge finds the open app's iframe window: the /apps/open view registers its iframe under the app's
 * origin; the host listener reads it on every message. Created by the composition root (src/services/bridge.ts).
 * A bridge port, not a machine's: no statechart reads a window.
 */
export interface AppFrameRegistry {
  register(origin: string, getWindow: () => unknown): () => void;
  window(origin: string): unknown;
}
