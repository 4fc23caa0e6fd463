/**
 * The gateway's summary of a transaction (`txInfo`) against what the bytes do (describe.ts), field by field
 * (issue 15 hole 2, finding F2). Any contradiction is a mismatch, which blocks signing. Fields that cannot be
 * compared (a method name of a call nothing here decodes, `humanDescription`, swap and staking summaries) are
 * never shown on the signing screens: their titles and summaries come from the local description.
 */
import { isAddress, isAddressEqual, type Address } from 'viem';
import type { CallEffect, DescribedCall, SettingsEffect } from './txDescription.ts';
import type { TxInfo } from '../gateway/types.ts';
import type { Mismatch } from './crossCheck.ts';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  typeof a === 'string' && typeof b === 'string' && isAddress(a, { strict: false }) && isAddress(b, { strict: false }) && isAddressEqual(a as Address, b as Address);

const sameInt = (a: string | number | null | undefined, b: string) => {
  try {
    return a !== null && a !== undefined && BigInt(a) === BigInt(b);
  } catch {
    return false;
  }
};

/** The method a local description names (null: nothing here decodes the call). */
export function localMethodOf(effect: CallEffect): string | null {
  switch (effect.kind) {
    case 'tokenTransfer':
      return effect.from === null ? 'transfer' : 'transferFrom';
    case 'tokenApproval':
      return 'approve';
    case 'nftTransfer':
      return 'safeTransferFrom';
    case 'nftApprovalForAll':
      return 'setApprovalForAll';
    case 'settings':
      return effect.change.type === 'addOwner' ? 'addOwnerWithThreshold' : effect.change.type;
    case 'batch':
      return 'multiSend';
    case 'signMessage':
      return 'signMessage';
    case 'migration':
      return effect.method;
    case 'contractCall':
      return effect.decoded?.method ?? null;
    default:
      return null;
  }
}

/** The recipient and amount of a local transfer, as the gateway's Transfer summary states them. */
function localTransfer(call: DescribedCall, safe: Address): { from: Address; to: Address; amount: string; token: Address | null; nftId: string | null } | null {
  const e = call.effect;
  if (e.kind === 'nativeTransfer') return { from: safe, to: e.to, amount: e.amount, token: null, nftId: null };
  if (e.kind === 'tokenTransfer') return { from: e.from ?? safe, to: e.to, amount: e.amount, token: e.token, nftId: e.from === null ? null : e.amount };
  if (e.kind === 'nftTransfer') return { from: e.from, to: e.to, amount: e.amount, token: e.token, nftId: e.tokenId };
  return null;
}

function settingsMismatches(info: Extract<TxInfo, { type: 'SettingsChange' }>, call: DescribedCall): Mismatch[] {
  const s = info.settingsInfo;
  if (s === null) return [];
  const e = call.effect;
  const local: SettingsEffect | null = e.kind === 'settings' ? e.change : null;
  const wrong = (detail: string): Mismatch[] => [{ field: 'txInfo.settingsInfo', local: detail, gateway: JSON.stringify(s) }];
  const localText = local ? `${local.type} ${JSON.stringify(local)}` : `not a settings change (${e.kind})`;
  switch (s.type) {
    case 'ADD_OWNER':
      return local?.type === 'addOwner' && same(local.owner, s.owner.value) && local.threshold === s.threshold ? [] : wrong(localText);
    case 'REMOVE_OWNER':
      return local?.type === 'removeOwner' && same(local.owner, s.owner.value) && local.threshold === s.threshold ? [] : wrong(localText);
    case 'SWAP_OWNER':
      return local?.type === 'swapOwner' && same(local.oldOwner, s.oldOwner.value) && same(local.newOwner, s.newOwner.value) ? [] : wrong(localText);
    case 'CHANGE_THRESHOLD':
      return local?.type === 'changeThreshold' && local.threshold === s.threshold ? [] : wrong(localText);
    case 'CHANGE_MASTER_COPY':
    case 'CHANGE_IMPLEMENTATION':
      if (local?.type === 'changeMasterCopy' && same(local.implementation, s.implementation.value)) return [];
      if (e.kind === 'migration' && (e.singleton === null || same(e.singleton, s.implementation.value))) return [];
      return wrong(localText);
    case 'ENABLE_MODULE':
      return local?.type === 'enableModule' && same(local.module, s.module.value) ? [] : wrong(localText);
    case 'DISABLE_MODULE':
      return local?.type === 'disableModule' && same(local.module, s.module.value) ? [] : wrong(localText);
    case 'SET_FALLBACK_HANDLER':
      return local?.type === 'setFallbackHandler' && same(local.handler, s.handler.value) ? [] : wrong(localText);
    case 'SET_GUARD':
      return local?.type === 'setGuard' && same(local.guard, s.guard.value) ? [] : wrong(localText);
    case 'DELETE_GUARD':
      return local?.type === 'setGuard' && /^0x0{40}$/i.test(local.guard) ? [] : wrong(localText);
  }
}

/** Every contradiction between the gateway's `txInfo` and what the bytes do. */
export function checkTxInfo(call: DescribedCall, info: TxInfo, safeAddress: Address): Mismatch[] {
  const out: Mismatch[] = [];
  const e = call.effect;
  switch (info.type) {
    case 'Transfer': {
      const local = localTransfer(call, safeAddress);
      if (!local) {
        out.push({ field: 'txInfo.type', local: e.kind, gateway: 'Transfer' });
        break;
      }
      // Who sends and who receives follows from the bytes: the Safe sends unless it pulls with transferFrom.
      const direction = same(local.from, safeAddress) ? 'OUTGOING' : same(local.to, safeAddress) ? 'INCOMING' : 'UNKNOWN';
      if (info.direction !== direction) out.push({ field: 'txInfo.direction', local: direction, gateway: info.direction });
      if (!same(info.sender.value, local.from)) out.push({ field: 'txInfo.sender', local: local.from, gateway: info.sender.value });
      if (!same(info.recipient.value, local.to)) out.push({ field: 'txInfo.recipient', local: local.to, gateway: info.recipient.value });
      const t = info.transferInfo;
      if (t.type === 'NATIVE_COIN') {
        if (local.token !== null) out.push({ field: 'txInfo.transferInfo.type', local: 'token transfer', gateway: 'NATIVE_COIN' });
        else if (!sameInt(t.value ?? '0', local.amount)) out.push({ field: 'txInfo.transferInfo.value', local: local.amount, gateway: String(t.value) });
      } else if (t.type === 'ERC20') {
        if (local.token === null || !same(t.tokenAddress, local.token)) out.push({ field: 'txInfo.transferInfo.tokenAddress', local: local.token ?? 'native coin', gateway: t.tokenAddress });
        if (!sameInt(t.value, local.amount)) out.push({ field: 'txInfo.transferInfo.value', local: local.amount, gateway: t.value });
      } else {
        if (local.token === null || !same(t.tokenAddress, local.token)) out.push({ field: 'txInfo.transferInfo.tokenAddress', local: local.token ?? 'native coin', gateway: t.tokenAddress });
        if (local.nftId === null || !sameInt(t.tokenId, local.nftId)) out.push({ field: 'txInfo.transferInfo.tokenId', local: local.nftId ?? 'none', gateway: t.tokenId });
      }
      break;
    }
    case 'Custom': {
      if (info.isCancellation && e.kind !== 'rejection') out.push({ field: 'txInfo.isCancellation', local: `not a rejection (${e.kind})`, gateway: 'true' });
      const method = localMethodOf(e);
      if (info.methodName !== null && method !== null && info.methodName !== method) out.push({ field: 'txInfo.methodName', local: method, gateway: info.methodName });
      if (info.actionCount !== null && info.actionCount !== undefined) {
        const count = e.kind === 'batch' ? e.calls.length : null;
        if (count !== info.actionCount) out.push({ field: 'txInfo.actionCount', local: count === null ? 'not a batch' : String(count), gateway: String(info.actionCount) });
      }
      break;
    }
    case 'SettingsChange':
      out.push(...settingsMismatches(info, call));
      break;
    default:
      // Creation, swaps, staking and others: never shown on the signing screens, so nothing to contradict.
      break;
  }
  return out;
}
