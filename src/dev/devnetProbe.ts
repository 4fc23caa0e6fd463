import type { InspectionEvent } from 'xstate';

/**
 * Devnet builds only (in production this returns `inspect` unchanged and the rest is dead code): when a harness
 * sets `window.__countersignInspect` before the app starts, it also receives every inspection event. The
 * benchmark (bench/) counts machine snapshots with it.
 */
export function withDevnetProbe(inspect: (event: InspectionEvent) => void): (event: InspectionEvent) => void {
  if (import.meta.env.MODE !== 'devnet') return inspect;
  const probe = (window as { __countersignInspect?: unknown }).__countersignInspect;
  if (typeof probe !== 'function') return inspect;
  return (event) => {
    inspect(event);
    (probe as (event: InspectionEvent) => void)(event);
  };
}
