/**
 * The look-alike warning's view model (step `lookAlike` of the Safe session, decision 0064), computed only from a
 * snapshot. Its own module: it loads with the warning, not with the first page.
 */
import type { SafeSessionSnapshot } from './safeSession.connect.ts';

export function connectLookAlike(snapshot: SafeSessionSnapshot) {
  const { context } = snapshot;
  return {
    safe: context.safe,
    chainName: context.chain?.chainName ?? context.safe.shortName,
    lookAlike: context.lookAlike ?? null,
    acknowledged: context.lookAlikeAcknowledged === true,
    /** "Open this Safe anyway" is enabled (the acknowledgement is ticked). */
    canOpen: snapshot.can({ type: 'user.openLookAlike' }),
  };
}
