/**
 * Builds a SafeTx from what the user wants to do. Gas fields stay zero (no refunds); the nonce is given.
 * Settings changes target the Safe itself (CALL), as the Safe's `authorized` functions require.
 */
import { encodeFunctionData, getAddress, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem';
import { erc20Abi, erc721Abi, safeMigrationAbi, safeSettingsAbi, SENTINEL_ADDRESS } from './abis.ts';
import { defaultMultiSendCallOnly, SAFE_MIGRATION_141 } from './contracts.ts';
import { encodeMultiSendCall } from './multisend.ts';
import { normalizeSafeTx } from './hashing.ts';
import type { SafeTx } from './types.ts';
import { versionAtLeast } from './version.ts';

export interface Call {
  to: Address;
  value?: bigint;
  data?: Hex;
}

export type TxIntent =
  | { kind: 'nativeTransfer'; to: Address; value: bigint }
  | { kind: 'erc20Transfer'; token: Address; to: Address; amount: bigint }
  | { kind: 'erc721Transfer'; token: Address; to: Address; tokenId: bigint }
  | { kind: 'contractCall'; to: Address; value?: bigint; data: Hex }
  | { kind: 'batch'; calls: readonly Call[]; multiSendCallOnly?: Address }
  | { kind: 'addOwner'; owner: Address; threshold: number }
  | { kind: 'removeOwner'; owner: Address; threshold: number }
  | { kind: 'swapOwner'; oldOwner: Address; newOwner: Address }
  | { kind: 'changeThreshold'; threshold: number }
  | { kind: 'enableModule'; module: Address }
  | { kind: 'disableModule'; module: Address }
  | { kind: 'setGuard'; guard: Address }
  | { kind: 'setFallbackHandler'; handler: Address }
  /** ≤ 1.2.x: changeMasterCopy(implementation). 1.3.x: DELEGATECALL to SafeMigration (1.4.1 singleton). */
  | { kind: 'changeImplementation'; implementation?: Address; l2?: boolean; withFallbackHandler?: boolean };

/** What the builder needs to know of the Safe. Owners and modules in the Safe's linked-list order. */
export interface BuildContext {
  safeAddress: Address;
  version: string;
  nonce: bigint;
  owners?: readonly Address[];
  modules?: readonly Address[];
}

const settingsCall = (ctx: BuildContext, data: Hex): SafeTx => normalizeSafeTx({ to: ctx.safeAddress, data, nonce: ctx.nonce });

/** The element before `item` in a Safe linked list (the sentinel for the first). */
export function previousInList(list: readonly Address[] | undefined, item: Address, what: string): Address {
  if (!list) throw new Error(`The current ${what}s are needed to remove or replace one`);
  const index = list.findIndex((entry) => isAddressEqual(entry, item));
  if (index < 0) throw new Error(`${item} is not a ${what} of this Safe`);
  return index === 0 ? SENTINEL_ADDRESS : getAddress(list[index - 1]!);
}

function checkThreshold(threshold: number, ownerCount: number | undefined): bigint {
  if (!Number.isInteger(threshold) || threshold < 1) throw new Error('The threshold must be at least 1');
  if (ownerCount !== undefined && threshold > ownerCount) throw new Error(`The threshold cannot exceed the number of owners (${ownerCount})`);
  return BigInt(threshold);
}

export function buildSafeTx(intent: TxIntent, ctx: BuildContext): SafeTx {
  const nonce = ctx.nonce;
  const ownerCount = ctx.owners?.length;
  switch (intent.kind) {
    case 'nativeTransfer':
      return normalizeSafeTx({ to: getAddress(intent.to), value: intent.value, nonce });
    case 'erc20Transfer':
      return normalizeSafeTx({
        to: getAddress(intent.token),
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(intent.to), intent.amount] }),
        nonce,
      });
    case 'erc721Transfer':
      return normalizeSafeTx({
        to: getAddress(intent.token),
        data: encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [ctx.safeAddress, getAddress(intent.to), intent.tokenId] }),
        nonce,
      });
    case 'contractCall':
      return normalizeSafeTx({ to: getAddress(intent.to), value: intent.value ?? 0n, data: intent.data, nonce });
    case 'batch': {
      if (intent.calls.length === 0) throw new Error('No transactions were passed');
      return normalizeSafeTx({
        to: intent.multiSendCallOnly ?? defaultMultiSendCallOnly(ctx.version),
        data: encodeMultiSendCall(intent.calls.map((call) => ({ operation: 0, to: getAddress(call.to), value: call.value ?? 0n, data: call.data ?? '0x' }))),
        operation: 1,
        nonce,
      });
    }
    case 'addOwner':
      return settingsCall(
        ctx,
        encodeFunctionData({
          abi: safeSettingsAbi,
          functionName: 'addOwnerWithThreshold',
          args: [getAddress(intent.owner), checkThreshold(intent.threshold, ownerCount === undefined ? undefined : ownerCount + 1)],
        }),
      );
    case 'removeOwner':
      return settingsCall(
        ctx,
        encodeFunctionData({
          abi: safeSettingsAbi,
          functionName: 'removeOwner',
          args: [
            previousInList(ctx.owners, intent.owner, 'owner'),
            getAddress(intent.owner),
            checkThreshold(intent.threshold, ownerCount === undefined ? undefined : ownerCount - 1),
          ],
        }),
      );
    case 'swapOwner':
      return settingsCall(
        ctx,
        encodeFunctionData({
          abi: safeSettingsAbi,
          functionName: 'swapOwner',
          args: [previousInList(ctx.owners, intent.oldOwner, 'owner'), getAddress(intent.oldOwner), getAddress(intent.newOwner)],
        }),
      );
    case 'changeThreshold':
      return settingsCall(ctx, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'changeThreshold', args: [checkThreshold(intent.threshold, ownerCount)] }));
    case 'enableModule':
      return settingsCall(ctx, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'enableModule', args: [getAddress(intent.module)] }));
    case 'disableModule':
      return settingsCall(
        ctx,
        encodeFunctionData({ abi: safeSettingsAbi, functionName: 'disableModule', args: [previousInList(ctx.modules, intent.module, 'module'), getAddress(intent.module)] }),
      );
    case 'setGuard':
      return settingsCall(ctx, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'setGuard', args: [getAddress(intent.guard)] }));
    case 'setFallbackHandler':
      return settingsCall(ctx, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'setFallbackHandler', args: [getAddress(intent.handler)] }));
    case 'changeImplementation': {
      if (!versionAtLeast(ctx.version, '1.3.0')) {
        if (!intent.implementation || isAddressEqual(intent.implementation, zeroAddress)) throw new Error('An implementation address is required');
        return settingsCall(ctx, encodeFunctionData({ abi: safeSettingsAbi, functionName: 'changeMasterCopy', args: [getAddress(intent.implementation)] }));
      }
      if (versionAtLeast(ctx.version, '1.4.0')) throw new Error(`No upgrade path from Safe ${ctx.version}`);
      const functionName = intent.l2
        ? intent.withFallbackHandler
          ? 'migrateL2WithFallbackHandler'
          : 'migrateL2Singleton'
        : intent.withFallbackHandler
          ? 'migrateWithFallbackHandler'
          : 'migrateSingleton';
      return normalizeSafeTx({ to: SAFE_MIGRATION_141, data: encodeFunctionData({ abi: safeMigrationAbi, functionName }), operation: 1, nonce });
    }
  }
}
