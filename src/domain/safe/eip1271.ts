/** EIP-1271 magic values (protocol.md A.4.3, B.8.4). */
import type { Hex } from 'viem';

export const EIP1271_MAGIC_VALUE = '0x1626ba7e';
export const EIP1271_LEGACY_MAGIC_VALUE = '0x20c13b0b';

export type Eip1271Form = 'hash' | 'bytes';

/** True only when `result` starts with the magic value of its form (hash: 0x1626ba7e, bytes: 0x20c13b0b). */
export function isEip1271MagicValue(result: Hex | string | null | undefined, form: Eip1271Form): boolean {
  if (typeof result !== 'string') return false;
  const magic = form === 'hash' ? EIP1271_MAGIC_VALUE : EIP1271_LEGACY_MAGIC_VALUE;
  return result.slice(0, 10).toLowerCase() === magic;
}
