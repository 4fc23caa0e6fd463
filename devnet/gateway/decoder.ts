// Calldata decoding like the Safe data decoder: Safe settings and management methods, MultiSend (with
// valueDecoded), ERC20 transfer/approve/transferFrom, ERC721 transferFrom/safeTransferFrom, proxy factory,
// SignMessageLib, CreateCall and Safe's Allowance module (its owners' calls: addDelegate, setAllowance, …).
import {
  decodeFunctionData,
  getAddress,
  hexToBigInt,
  hexToNumber,
  isAddress,
  size,
  slice,
  type Abi,
  type AbiParameter,
  type Address,
  type Hex,
} from 'viem';
import { createCallAbi, erc20Abi, erc721Abi, multiSendAbi, proxyFactoryAbi, safeAbi, signMessageLibAbi } from './abis.ts';
import type { DataDecoded, DecodedParameter, ParamValue, ValueDecoded } from './types.ts';
import { allowanceModuleAbi } from '../../src/domain/safe/allowance.ts';

const GENERIC_ABIS: Abi[] = [safeAbi, multiSendAbi, proxyFactoryAbi, signMessageLibAbi, createCallAbi, erc20Abi, erc721Abi, allowanceModuleAbi];
const NFT_FIRST: Abi[] = [erc721Abi, safeAbi, multiSendAbi, proxyFactoryAbi, signMessageLibAbi, createCallAbi, erc20Abi, allowanceModuleAbi];

function toParamValue(value: unknown): ParamValue {
  if (Array.isArray(value)) return value.map(toParamValue);
  if (typeof value === 'bigint' || typeof value === 'number') return value.toString();
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return isAddress(value, { strict: false }) && value.length === 42 ? getAddress(value) : value;
  if (value && typeof value === 'object') return Object.values(value as Record<string, unknown>).map(toParamValue);
  return String(value);
}

export type MultiSendEntry = { operation: 0 | 1; to: Address; value: bigint; data: Hex };

/** Unpacks MultiSend `transactions` bytes (operation u8, to 20 bytes, value u256, length u256, data). */
export function unpackMultiSend(packed: Hex): MultiSendEntry[] {
  const out: MultiSendEntry[] = [];
  const total = size(packed);
  let i = 0;
  while (i < total) {
    if (i + 85 > total) throw new Error('Malformed multiSend payload');
    const operation = hexToNumber(slice(packed, i, i + 1));
    const to = getAddress(slice(packed, i + 1, i + 21));
    const value = hexToBigInt(slice(packed, i + 21, i + 53));
    const len = Number(hexToBigInt(slice(packed, i + 53, i + 85)));
    if (i + 85 + len > total) throw new Error('Malformed multiSend payload');
    const data = len === 0 ? '0x' : slice(packed, i + 85, i + 85 + len);
    out.push({ operation: operation === 1 ? 1 : 0, to, value, data });
    i += 85 + len;
  }
  return out;
}

export type DecodeHints = { isNft?: (to: string) => boolean };

export function decodeData(data: Hex | null | undefined, to?: string | null, hints: DecodeHints = {}, depth = 0): DataDecoded | null {
  if (!data || size(data) < 4) return null;
  const abis = to && hints.isNft?.(to) ? NFT_FIRST : GENERIC_ABIS;
  for (const abi of abis) {
    let decoded: { functionName: string; args: readonly unknown[] | undefined };
    try {
      decoded = decodeFunctionData({ abi, data }) as { functionName: string; args: readonly unknown[] | undefined };
    } catch {
      continue;
    }
    const item = (abi as readonly { type: string; name?: string; inputs?: readonly AbiParameter[] }[]).find(
      (x) => x.type === 'function' && x.name === decoded.functionName && (x.inputs?.length ?? 0) === (decoded.args?.length ?? 0),
    );
    const inputs = item?.inputs ?? [];
    const args = decoded.args ?? [];
    const parameters: DecodedParameter[] = inputs.map((input, idx) => {
      const raw = args[idx];
      const param: DecodedParameter = { name: input.name ?? `arg${idx}`, type: input.type, value: toParamValue(raw) };
      if (decoded.functionName === 'multiSend' && input.type === 'bytes' && depth < 3) {
        try {
          param.valueDecoded = unpackMultiSend(raw as Hex).map(
            (e): ValueDecoded => ({
              operation: e.operation,
              to: e.to,
              value: e.value.toString(),
              data: e.data === '0x' ? null : e.data,
              dataDecoded: decodeData(e.data, e.to, hints, depth + 1),
            }),
          );
        } catch {
          param.valueDecoded = null;
        }
      }
      return param;
    });
    return { method: decoded.functionName, parameters, accuracy: 'FULL_MATCH' };
  }
  return null;
}

export const dataSize = (data: Hex | null | undefined): number => (data && data !== '0x' ? size(data) : 0);

/** Addresses found in decoded parameters (for addressInfoIndex). */
export function addressesIn(decoded: DataDecoded | null): string[] {
  const out = new Set<string>();
  const visit = (v: ParamValue): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)) out.add(getAddress(v));
  };
  const walk = (d: DataDecoded | null): void => {
    for (const p of d?.parameters ?? []) {
      visit(p.value);
      for (const vd of p.valueDecoded ?? []) {
        out.add(getAddress(vd.to));
        walk(vd.dataDecoded);
      }
    }
  };
  walk(decoded);
  return [...out];
}
