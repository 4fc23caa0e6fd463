/** Gateway data types as the Safe screens read them from the session's snapshots (re-exported by the machine). */
export type * from '../../machines/safeSession/safeSession.types.ts';
export type { TxHashes, MessageHashes, HashCheck } from '../../machines/safeSession/details.types.ts';
import type { ChainInfo } from '../../machines/safeSession/safeSession.types.ts';

export type NativeCurrency = ChainInfo['nativeCurrency'];
