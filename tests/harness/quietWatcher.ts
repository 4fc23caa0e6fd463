/**
 * The Safe-info watcher of an untouched Safe (decision 0090): it never settles, as the real one does while every poll
 * answers the Safe info the session holds. For tests that open a Safe and do not drive its polls.
 */
import { fromPromise } from 'xstate';
import type { SafeInfo, WatchSafeInfoRequest } from '../../src/machines/safeSession/safeSession.types.ts';

export const quietWatcher = fromPromise<SafeInfo, WatchSafeInfoRequest>(() => new Promise<SafeInfo>(() => {}));
